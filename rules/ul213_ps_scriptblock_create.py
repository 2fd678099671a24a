r"""Argument compiled into a script block: `[scriptblock]::Create`, `ExpandString`...

## What it does
Reports a placeholder inside the argument of `[scriptblock]::Create(...)`
(any spelling of the ScriptBlock type), `$ExecutionContext.InvokeCommand.NewScriptBlock(...)`,
`.InvokeScript(...)` or `.ExpandString(...)` -- also when the result is then
given to `Invoke-Command -ScriptBlock`, `Start-Job` or `&`.

## Why is this dangerous
These APIs parse a string as PowerShell source. With the value in that
string, a caller can write `"; Remove-Item -Recurse ~ #` or `$(calc)` and the
code runs when the script block is invoked: command injection. `ExpandString`
evaluates `$( )` subexpressions inside the value.

## Example
```json
{"command": "Invoke-Command -ScriptBlock ([scriptblock]::Create(\"Get-Item UTCP_ARG_path_UTCP_END\"))"}
```

## Fix
Write a literal script block and pass the value as an argument:
`Invoke-Command -ScriptBlock { param($p) Get-Item -LiteralPath $p } -ArgumentList "UTCP_ARG_path_UTCP_END"`.
No automatic fix.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._powershell import sink_findings
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL213",
    name="ps-scriptblock-create",
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
        "scriptblock",
        lambda o, h: f"placeholder '{o.name}' is compiled as PowerShell code by {h.detail} (command injection)",
    )
