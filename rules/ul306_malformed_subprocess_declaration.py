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

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.declarations import report

RULE = Rule(
    id="UL306",
    name="malformed-subprocess-declaration",
    severity="error",
    confidence="high",
    scope="template",
    needs="declarations",
    tags=("correctness", "declarations"),
)

_ENTRY = "{binary, user_controlled_args, hardcoded_args}"


def message(p) -> str:
    """The words for a :class:`utcp_lint.template.declarations.ShapeProblem`."""
    from utcp_lint.template.declarations import DeclarationShape as S

    if p.kind is S.EMPTY_LIST:
        return "an empty subprocess list declares nothing; remove it or list the programs this step runs"
    if p.kind is S.NOT_OBJECT_OR_LIST:
        return f"subprocess must be an object {_ENTRY} or a list of them"
    if p.kind is S.ENTRY_NOT_OBJECT:
        return f"each subprocess declaration must be an object {_ENTRY}"
    if p.kind is S.UNKNOWN_KEY:
        hint = f"; did you mean '{p.suggestion}'?" if p.suggestion else ""
        return f"unknown key '{p.key}' in a subprocess declaration (the strict executor ignores it){hint}"
    if p.kind is S.MISSING_BINARY:
        return "a subprocess declaration needs 'binary' (REQ-C-019: binary is required)"
    if p.kind is S.BAD_BINARY:
        return "'binary' must be a non-empty string naming the program"
    if p.kind is S.NOT_A_LIST:
        return f"{p.key} must be a list of strings"
    return f"{p.key} items must be strings"  # S.ITEM_NOT_STRING


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    rep = report(tpl)
    if rep is None:
        return
    for _i, d in sorted(rep.declared.items()):
        for p in d.problems:
            yield RULE.finding(tpl.source, p.node.start, p.node.end, message(p), pointer=p.node.pointer, tool=tpl.tool)
