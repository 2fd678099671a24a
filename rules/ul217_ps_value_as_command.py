r"""Argument chooses the command: `& UTCP_ARG_x_UTCP_END`, `. $value`, `Start-Process -FilePath`.

## What it does
Reports a placeholder that is (part of) the name of the command PowerShell
runs: after the call operator `&` or the dot-source operator `.`, as the
first word of a command (`tool-UTCP_ARG_v_UTCP_END.exe`), or as
`Start-Process -FilePath`.

## Why is this dangerous
The caller picks the program, script or function to run: `Remove-Item`,
`C:\Users\Public\payload.exe`, a UNC path `\\attacker\share\x.ps1`. With
`.` the chosen script is dot-sourced into the tool's own scope. This is
command execution by design, even though no metacharacter is involved.

## Example
```json
{"command": "& \"C:\\tools\\UTCP_ARG_tool_UTCP_END.exe\" --version"}
```

## Fix
Fix the command in the template and map the input to an allowed set in the
tool (an `enum` in the input schema plus a `switch` in the script). No
automatic fix.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._powershell import sink_findings
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL217",
    name="ps-value-as-command",
    severity="error",
    confidence="high",
    scope="template",
    needs="powershell",
    tags=("security", "injection", "powershell"),
    security_severity=9.0,
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from sink_findings(
        RULE,
        tpl,
        "command",
        lambda o, h: f"placeholder '{o.name}' is {h.detail}: the caller chooses which program, script or function runs",
    )
