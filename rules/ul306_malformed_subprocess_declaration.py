"""A subprocess declaration does not have the REQ-C-019 shape.

## What it does
Reports, at the offending node, a `"subprocess"` value that is not an object or a
list of objects, an entry without `binary` (required) or with a non-string one,
`user_controlled_args`/`hardcoded_args` that are not lists of strings, an empty
list, and unknown keys inside an entry (with the likely intended key).

## Why is this dangerous
The strict executor and `utcp-lint schema` read declarations as
`{binary, user_controlled_args, hardcoded_args}`; anything else is skipped.  A typo
such as `"user_controled_args"` silently leaves the arguments undeclared: strict
mode then refuses the tool's calls or, worse, a reviewer believes the arguments are
validated.  utcp-cli itself ignores the key, so nothing else reports the mistake.

## Example
```json
{"command": "wc -l -- UTCP_ARG_path_UTCP_END",
 "subprocess": {"bin": "wc", "user_controled_args": ["path"]}}
```

## Fix
Write `{"binary": "wc", "user_controlled_args": ["path"], "hardcoded_args": ["-l", "--"]}`
(or a list of such objects, one per program).
"""
from utcp_lint.rule import Rule
from utcp_lint.declarations import report

RULE = Rule(id="UL306", name="malformed-subprocess-declaration", severity="error", confidence="high",
            scope="template", needs="declarations", tags=("correctness", "declarations"))


@RULE.check
def check(tpl):
    rep = report(tpl)
    if rep is None:
        return
    for _i, d in sorted(rep.declared.items()):
        for node, msg in d.problems:
            yield RULE.finding(tpl.source, node.start, node.end, msg, pointer=node.pointer, tool=tpl.tool)
