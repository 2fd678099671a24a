r"""Argument in `Start-Process -ArgumentList`: joined into one command line unquoted.

## What it does
Reports a placeholder in the `-ArgumentList` (alias `-Args`, or the second
positional argument) of `Start-Process` (`saps`, `start`).

## Why is this dangerous
`Start-Process` joins the `-ArgumentList` items with spaces into a single
Windows command line without quoting or escaping them; the started program
then splits that line again. A value with spaces or `"` becomes several
arguments: `report.txt --delete-all` adds an option, `" /c calc "` reshapes
the call. When the program is `cmd`, `powershell` or a `.bat`/`.cmd` file the
value's metacharacters are interpreted as code (command injection).

## Example
```json
{"command": "Start-Process -FilePath tool.exe -ArgumentList \"--input UTCP_ARG_file_UTCP_END\" -Wait"}
```

## Fix
Call the program directly so PowerShell passes the value as one argument:
`& tool.exe --input "UTCP_ARG_file_UTCP_END"`; if `Start-Process` is needed,
validate the value with a strict pattern (`^[A-Za-z0-9._-]+$`) in the tool's input
schema. No automatic fix.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._powershell import sink_findings
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL215",
    name="ps-start-process-arguments",
    severity="error",
    confidence="medium",
    scope="template",
    needs="powershell",
    tags=("security", "injection", "powershell"),
    security_severity=8.1,
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from sink_findings(
        RULE,
        tpl,
        "start_process",
        lambda o, h: (
            f"placeholder '{o.name}' is in Start-Process -ArgumentList: the items are joined "
            f"with spaces into one unquoted command line, so spaces or quotes in the value "
            f"add arguments (argument injection; code injection for cmd/powershell/.bat)"
        ),
    )
