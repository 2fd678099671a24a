"""The declared hardcoded arguments differ from the words the template passes.

## What it does
Compares `hardcoded_args` (order ignored, repetitions counted) with the static
argument words the program receives after its name (quotes removed, as bash passes
them).  Reports the difference at the `hardcoded_args` list.  A declaration without
`hardcoded_args` is not compared.

## Why is this dangerous
`hardcoded_args` documents the fixed part of the command line — the options a
reviewer approved.  When the template gains `--exec` or loses `--` and the
declaration still shows the old words, the published contract no longer describes
what runs.

## Example
```json
{"command": "grep -r -e UTCP_ARG_p_UTCP_END -- .",
 "subprocess": {"binary": "grep", "user_controlled_args": ["p"], "hardcoded_args": ["-e", "--", "."]}}
```

## Fix
List the literal words exactly (`["-r", "-e", "--", "."]`), or regenerate with
`utcp-lint declare --write`.
"""

import json
from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.declarations import DeclarationMismatch

from ._declarations import mismatch_findings

RULE = Rule(
    id="UL304",
    name="declaration-hardcoded-args-mismatch",
    severity="warning",
    confidence="high",
    scope="template",
    needs="declarations",
    tags=("correctness", "declarations"),
)


def message(m) -> str:
    parts = []
    if m.missing:
        parts.append("not declared: " + ", ".join(json.dumps(x) for x in m.missing))
    if m.extra:
        parts.append("declared but not passed: " + ", ".join(json.dumps(x) for x in m.extra))
    return (
        f"hardcoded_args differ from the literal words '{m.binary}' receives ({'; '.join(parts)}); "
        f"the template passes {json.dumps(m.passed)}"
    )


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from mismatch_findings(RULE, tpl, DeclarationMismatch.HARDCODED_ARGS, message)
