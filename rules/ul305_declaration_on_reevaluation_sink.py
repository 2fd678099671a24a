r"""A step declares a subprocess but evaluates a tool argument as code.

## What it does
Reports a `"subprocess"` declaration (at its key) on a step where a placeholder's
value is evaluated again as code: a `bash -c`/`sh -c` script, `eval`, `python -c`,
awk/sed programs, an `ssh` remote command, text piped into a shell, or the command
word itself.

## Why is this dangerous
Declaring `{"binary": "bash", "user_controlled_args": ["cmd"]}` for
`bash -c "… UTCP_ARG_cmd_UTCP_END …"` documents the hole without closing it.  The
value is program text, and the strict executor's metacharacter rejection (REQ-F-044:
`; | & $ ( ) < > `` ` `` and newlines) does not stop code that needs none of them —
`rm -rf ~` passes, and so do quotes that end a string inside the script.  The
declaration gives reviewers and `schema` consumers false assurance.

## Example
```json
{"command": "sh -c \"grep -rn UTCP_ARG_pattern_UTCP_END .\"",
 "subprocess": {"binary": "sh", "user_controlled_args": ["pattern"], "hardcoded_args": ["-c"]}}
```

## Fix
Pass the value as an argument instead of code (`grep -rn -e UTCP_ARG_pattern_UTCP_END -- .`
directly, or `sh -c 'grep -rn -e "${1:-}" -- .' _ UTCP_ARG_pattern_UTCP_END`), then declare
the program that receives it.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.declarations import DeclarationMismatch

from ._declarations import mismatch_findings

RULE = Rule(
    id="UL305",
    name="declaration-on-reevaluation-sink",
    severity="error",
    confidence="high",
    scope="template",
    needs="declarations",
    tags=("security", "declarations"),
)


def message(m) -> str:
    return (
        f"placeholder '{m.placeholder}' reaches {m.sink.detail} ({m.sink.kind}) in this step: a subprocess "
        f"declaration does not make that safe — the value is code, and metacharacter rejection "
        f"(REQ-F-044) lets code through that needs none of ; | & $ ( ) < > ` (e.g. 'rm -rf ~'); pass the "
        f"value as an argument instead of code"
    )


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from mismatch_findings(RULE, tpl, DeclarationMismatch.REEVALUATION_SINK, message)
