r"""Argument inside `powershell -Command` / `pwsh -c`: the value is parsed as code.

## What it does
Reports a placeholder in the `-Command` / `-c` text (or `-EncodedCommand`,
`-CommandWithArgs`, the positional command of `powershell.exe`, or the script
path given to `-File` / positional `pwsh`) of a nested PowerShell started by
the template.

## Why is this dangerous
The outer PowerShell expands `${env:...}` and passes the value as text to a
new PowerShell process, which parses that text as a script. A value such as
`'; Remove-Item -Recurse ~; '` or `$(calc)` runs commands: full command
injection. A value used as the script path lets the caller choose which
script runs.

## Example
```json
{"command": "powershell -NoProfile -Command \"Get-Item UTCP_ARG_path_UTCP_END\""}
```

## Fix
Run the command in the current PowerShell (`Get-Item -LiteralPath "UTCP_ARG_path_UTCP_END"`)
or pass the value as an argument to a fixed script block/file
(`pwsh -File fixed.ps1 "UTCP_ARG_path_UTCP_END"`). No automatic fix.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._powershell import sink_findings
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL212",
    name="ps-nested-powershell",
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
        "powershell",
        lambda o, h: (
            f"placeholder '{o.name}' is part of the code run by '{h.detail}': the nested "
            f"PowerShell parses the value as a script (command injection)"
        ),
    )
