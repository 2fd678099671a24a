r"""Argument passed to a `.cmd`/`.bat` program: cmd.exe interprets `&`, `|`, `%`.

## What it does
Reports a placeholder passed as an argument to a batch file -- a command
whose name ends in `.cmd`/`.bat`, or a well-known command that is a batch
shim on Windows (`npm`, `npx`, `yarn`, `pnpm`, `code`, `az`, `gcloud`, `mvn`,
`gradle`, `tsc`, `ng`).

## Why is this dangerous
Windows runs a batch file through `cmd.exe /c`, which parses the command
line PowerShell built. PowerShell 5.1 quotes an argument only when it
contains whitespace, so a value without spaces such as `x&calc` or
`x|powershell -e ...` reaches `cmd.exe` unquoted and runs a second command;
`%PATH%`-style references are expanded too ("BatBadBut"). This is command
injection through an innocent-looking `npm install UTCP_ARG_pkg_UTCP_END`.

## Example
```json
{"command": "npm install UTCP_ARG_package_UTCP_END"}
```

## Fix
Restrict the input with a strict `pattern` in the tool's schema (for
packages: `^[@a-z0-9][a-z0-9._/-]*$`), or call the real executable
(`node.exe path\to\npm-cli.js ...`) instead of the `.cmd` shim. No automatic fix.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._powershell import sink_findings
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL221",
    name="ps-batch-file-argument",
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
        "batch",
        lambda o, h: (
            f"placeholder '{o.name}' is an argument of '{h.detail}', which runs as a batch "
            f"file through cmd.exe: '&', '|', '<', '>' and '%VAR%' in the value are "
            f"interpreted (command injection)"
        ),
    )
