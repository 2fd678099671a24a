r"""Argument inside a `cmd /c` command line: cmd.exe parses the value again.

## What it does
Reports a placeholder used in the command line of `cmd /c`, `cmd /k` or
`cmd /r` (also `cmd.exe`, any path to it) in a PowerShell template.

## Why is this dangerous
PowerShell expands `${env:...}` to the raw value and hands it to `cmd.exe`,
which parses its command line with its own rules: `&`, `|`, `<`, `>`, `^`
and `%VAR%` in the value are interpreted. A value like `x & del /q C:\*`
runs a second command; quotes in the value break out of any quoting around
it. This is command injection regardless of how the template quotes it.

## Example
```json
{"command": "cmd /c \"type UTCP_ARG_file_UTCP_END\""}
```

## Fix
Do not route values through `cmd.exe`. Use the PowerShell equivalent
(`Get-Content -LiteralPath "UTCP_ARG_file_UTCP_END"`) or call the program
directly (`& program.exe "UTCP_ARG_file_UTCP_END"`). No automatic fix.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._powershell import sink_findings
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL211",
    name="ps-cmd-c",
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
        "cmd",
        lambda o, h: (
            f"placeholder '{o.name}' is part of the command line of '{h.detail}': cmd.exe "
            f"re-parses the value (&, |, <, >, ^, %VAR%), so it can run other commands"
        ),
    )
