"""Does a template read as PowerShell?  Used by ``--shell auto``."""
from __future__ import annotations

import re

_PS_HINTS = re.compile(
    r"\$env:|\b(?:Get|Set|New|Remove|Invoke|Write|Select|Where|ForEach|Start|Stop|Test|Out|ConvertTo|"
    r"ConvertFrom|Import|Export|Add|Format|Measure|Sort|Join|Split|Resolve|Copy|Move|Rename)-[A-Z][A-Za-z]+"
    r"|\biex\b|\[scriptblock\]|\bpwsh\b|\bpowershell(?:\.exe)?\b|`[\"'$`nrt0]|@['\"]\s*$|\$\(\s*Get-",
    re.IGNORECASE | re.MULTILINE)


def reads_as_powershell(tpl) -> bool:
    return any(_PS_HINTS.search(s.command) for s in tpl.steps)
