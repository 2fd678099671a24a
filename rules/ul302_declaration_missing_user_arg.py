"""A placeholder reaches the declared program but is not a declared user-controlled argument.

## What it does
Reports, at the declaration's `user_controlled_args` list (or the entry, when the list
is missing), every placeholder whose value the program receives — in its argument
words, its prefix assignments, its redirections, here-strings or heredocs — that the
list does not name.

## Why is this dangerous
REQ-F-044 applies metacharacter rejection to exactly the declared user-controlled
arguments.  An argument left out of the list is the one the strict executor does not
check (and refuses to run, since an uncovered placeholder is an error there), and the
published contract under-states what the caller controls.

## Example
```json
{"command": "tar -xf UTCP_ARG_archive_UTCP_END -C UTCP_ARG_dest_UTCP_END",
 "subprocess": {"binary": "tar", "user_controlled_args": ["archive"], "hardcoded_args": ["-xf", "-C"]}}
```

## Fix
List every input the program receives: `"user_controlled_args": ["archive", "dest"]`.
"""
from utcp_lint.rule import Rule
from utcp_lint.declarations import mismatch_findings

RULE = Rule(id="UL302", name="declaration-missing-user-arg", severity="error", confidence="high",
            scope="template", needs="declarations", tags=("correctness", "declarations"))


@RULE.check
def check(tpl):
    yield from mismatch_findings(RULE, tpl)
