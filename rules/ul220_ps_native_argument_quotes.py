r"""Argument passed to a native program by Windows PowerShell 5.1: embedded `"` split it.

## What it does
Reports a placeholder passed as (part of) an argument to a native executable
(`git`, `curl.exe`, `tool.exe`...) from a PowerShell template. utcp-cli runs
templates with `powershell.exe`, which is Windows PowerShell 5.1.

## Why is this dangerous
A Windows program receives one command-line string and splits it itself.
PowerShell 5.1 builds that string naively: it wraps an argument in `"..."`
only when it contains whitespace, and it does **not** escape `"` (or a
trailing `\`) inside the value. So a value like `a" --upload-file "C:\secret`
becomes several arguments for the program (argument injection), and an empty
value is dropped entirely, shifting the following arguments. PowerShell 7.3+
fixed this (`$PSNativeCommandArgumentPassing`), but utcp-cli always starts
5.1. Whether it is exploitable depends on the program's options, hence a
warning with medium confidence.

## Example
```json
{"command": "git log --author \"UTCP_ARG_author_UTCP_END\""}
```

## Fix
Constrain the input in the tool's schema (`"pattern": "^[^\"\\]*$"`, or an
`enum`), put a fixed option before it (`--author=` joined to the value) and
end options with `--` where the program supports it. No automatic fix.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._powershell import sink_findings
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL220",
    name="ps-native-argument-quotes",
    severity="warning",
    confidence="medium",
    scope="template",
    needs="powershell",
    tags=("security", "injection", "powershell"),
    security_severity=6.5,
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from sink_findings(
        RULE,
        tpl,
        "native",
        lambda o, h: (
            f"placeholder '{o.name}' is an argument of the native program '{h.detail}': "
            f"Windows PowerShell 5.1 does not escape '\"' when it builds the command line, "
            f"so quotes in the value split it into extra arguments (and an empty value "
            f"is dropped)"
        ),
    )
