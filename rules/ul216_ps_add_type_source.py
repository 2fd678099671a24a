r"""Argument inside `Add-Type` source code: the value is compiled as C#.

## What it does
Reports a placeholder in the `-TypeDefinition` / `-MemberDefinition` (or the
first positional argument) of `Add-Type`, and, with lower confidence, in its
`-Path` / `-LiteralPath` (the source file to compile).

## Why is this dangerous
`Add-Type` compiles the string with the C# (or VB) compiler and loads the
result into the PowerShell process. A value that closes a string literal in
the source -- `"; System.Diagnostics.Process.Start("calc"); //` -- adds code
that runs with the tool's privileges. A value used as the path lets the
caller choose which source file is compiled.

## Example
```json
{"command": "Add-Type -TypeDefinition \"public class C { public const string N = \\\"UTCP_ARG_name_UTCP_END\\\"; }\""}
```

## Fix
Keep `Add-Type` source constant and pass values at run time
(`[C]::Run("UTCP_ARG_name_UTCP_END")`), or do without `Add-Type`. No automatic fix.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._powershell import sink_findings
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL216",
    name="ps-add-type-source",
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
        "add_type",
        lambda o, h: (
            f"placeholder '{o.name}' is in the source given to {h.detail}: the value is "
            f"compiled and loaded into the process (code injection)"
        ),
    )
