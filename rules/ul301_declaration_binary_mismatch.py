"""The declared binary is not what the step runs.

## What it does
Compares a step's `"subprocess"` declaration with the programs the step really runs
(looked at through `sudo`, `env`, `timeout` …; basenames compared, so `grep` matches
`/usr/bin/grep`).  Reports a declared `binary` that the step does not run (at the
`binary` value), and a program that receives placeholders but that no declaration
names (at the `subprocess` value).

## Why is this dangerous
A declaration is a published contract: reviewers, `utcp-lint schema` consumers and
the strict executor trust it to say which program receives the caller's values.  A
stale or wrong binary (`grep` declared, `sh` run; a pipeline where only the first
program is declared) hides the program that really interprets the input, and strict
mode then validates the wrong arguments or refuses the call.

## Example
```json
{"command": "rg -e UTCP_ARG_pattern_UTCP_END -- .",
 "subprocess": {"binary": "grep", "user_controlled_args": ["pattern"], "hardcoded_args": ["-e", "--", "."]}}
```

## Fix
Declare the program the step runs (`"binary": "rg"`), one entry per program of a
pipeline, or regenerate with `utcp-lint declare --write`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.declarations import DeclarationMismatch

from ._declarations import mismatch_findings, names

RULE = Rule(
    id="UL301",
    name="declaration-binary-mismatch",
    severity="error",
    confidence="high",
    scope="template",
    needs="declarations",
    tags=("correctness", "declarations"),
)


def message(m) -> str:
    if m.declared is not None and m.binary is not None:
        return f"declares binary '{m.declared}' but this step runs '{m.binary}' with {names(m.names)}"
    if m.binary is not None:
        return f"this step runs '{m.binary}' with {names(m.names)}, but no declaration names binary '{m.binary}'"
    return (
        f"declares binary '{m.declared}', which this step does not run (it runs "
        f"{', '.join(repr(b) for b in m.ran) or 'no program'})"
    )


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from mismatch_findings(RULE, tpl, DeclarationMismatch.BINARY, message)
