r"""Placeholder inside an `Invoke-Command` script block that runs on another machine.

## What it does
Reports a placeholder written inside the `{ ... }` script block of
`Invoke-Command` (`icm`) when the command targets a remote computer or
session (`-ComputerName`, `-Session`, `-HostName`, `-VMName`, `-ContainerId`,
`-ConnectionUri`...).

## Why is this dangerous
utcp-cli replaces the placeholder with `${env:__UTCP_ARG_<nonce>_<name>}`, an
environment variable of the *local* PowerShell process. The script block's
text is sent to the remote session and evaluated there, where that variable
does not exist: the command silently runs with an empty value (for example
`Remove-Item -Recurse -Path "C:\data\${env:...}"` becomes `C:\data\`).
If a remote environment variable of that name could be set, the remote side
decides the value.

## Example
```json
{"command": "Invoke-Command -ComputerName srv01 -ScriptBlock { Get-Service -Name \"UTCP_ARG_svc_UTCP_END\" }"}
```

## Fix
Pass the value explicitly: `Invoke-Command -ComputerName srv01 -ScriptBlock
{ param($n) Get-Service -Name $n } -ArgumentList "UTCP_ARG_svc_UTCP_END"` (or use
`$using:` with a local variable). No automatic fix.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._powershell import sink_findings
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL214",
    name="ps-remote-scriptblock",
    severity="warning",
    confidence="medium",
    scope="template",
    needs="powershell",
    tags=("correctness", "powershell"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from sink_findings(
        RULE,
        tpl,
        "remote",
        lambda o, h: (
            f"placeholder '{o.name}' is inside a script block run remotely by {h.detail}: "
            f"the local environment variable holding the value does not exist there, so "
            f"the remote command gets an empty value; pass it with -ArgumentList"
        ),
    )
