r"""Argument reaches Invoke-Expression (iex): its text runs as PowerShell code.

## What it does
Reports a placeholder whose value becomes part of the string given to
`Invoke-Expression` / `iex` -- as an argument (`iex "Get-Item UTCP_ARG_p_UTCP_END"`)
or piped into it (`"..." | iex`).

## Why is this dangerous
utcp-cli passes the value safely as `${env:...}`, but `Invoke-Expression`
parses the *expanded string* as a new script. A value such as
`x; Remove-Item -Recurse ~` or `$(Start-Process calc)` runs arbitrary
commands with the tool's privileges: full command injection.

## Example
```json
{"command": "Invoke-Expression \"Get-ChildItem UTCP_ARG_path_UTCP_END\""}
```

## Fix
Do not build code from strings. Call the command directly and pass the value
as an argument: `Get-ChildItem -LiteralPath "UTCP_ARG_path_UTCP_END"`. There is
no automatic fix: any rewrite changes what the command does.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._powershell import sink_findings
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL210",
    name="ps-invoke-expression",
    severity="error",
    confidence="high",
    scope="template",
    needs="powershell",
    tags=("security", "injection", "powershell"),
    security_severity=9.8,
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from sink_findings(
        RULE,
        tpl,
        "iex",
        lambda o, h: (
            f"placeholder '{o.name}' reaches Invoke-Expression ({h.detail}): the value is "
            f"parsed and run as PowerShell code (command injection)"
        ),
    )
