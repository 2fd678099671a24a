"""A declared user-controlled argument does not reach the program.

## What it does
Reports an item of `user_controlled_args` (at that item) naming an input whose
placeholder does not appear in the step, or whose value reaches another program of
the step than the declared one.

## Why is this dangerous
A stale declaration misleads: the published contract claims the caller controls an
argument of this program when it does not (or controls another program's instead),
and reviewers stop trusting declarations that drift from the command.

## Example
```json
{"command": "wc -l -- UTCP_ARG_path_UTCP_END",
 "subprocess": {"binary": "wc", "user_controlled_args": ["path", "file"], "hardcoded_args": ["-l", "--"]}}
```

## Fix
Remove the name, or move it to the entry of the program that receives it.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.declarations import DeclarationMismatch

from ._declarations import mismatch_findings

RULE = Rule(
    id="UL303",
    name="declaration-stale-user-arg",
    severity="warning",
    confidence="high",
    scope="template",
    needs="declarations",
    tags=("correctness", "declarations"),
)


def message(m) -> str:
    why = f"its value does not reach '{m.binary}'" if m.in_step else "it does not appear in this step"
    return f"user_controlled_args lists '{m.placeholder}', but {why}"


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from mismatch_findings(RULE, tpl, DeclarationMismatch.STALE_USER_ARG, message)
