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

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.declarations import DeclarationMismatch

from ._declarations import mismatch_findings, names

RULE = Rule(
    id="UL302",
    name="declaration-missing-user-arg",
    severity="error",
    confidence="high",
    scope="template",
    needs="declarations",
    tags=("correctness", "declarations"),
)


def message(m) -> str:
    if not m.placeholder:
        return f"'{m.binary}' receives {names(m.names)} but the declaration has no user_controlled_args"
    return (
        f"placeholder '{m.placeholder}' reaches '{m.binary}' but is not listed in user_controlled_args: "
        f"the contract under-states what the caller controls (strict mode validates only declared values "
        f"and refuses a placeholder no declaration of the step covers)"
    )


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from mismatch_findings(RULE, tpl, DeclarationMismatch.MISSING_USER_ARG, message)
