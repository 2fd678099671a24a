r"""Placeholder inside a PowerShell '...' string: utcp-cli raises at every call.

## What it does
Reports a `UTCP_ARG_<name>_UTCP_END` placeholder that PowerShell would read
inside a verbatim string (`'...'` or an `@'...'@` here-string) **and** that the
runtime's quote tracker also sees inside single quotes. It also reports a
placeholder the tracker sees inside `'...'` where PowerShell itself would not
expand it either (after the `--%` stop-parsing token).

## Why is this dangerous
On Windows utcp-cli 1.1.5 runs the template through `powershell.exe` and
replaces each placeholder with `${env:__UTCP_ARG_<nonce>_<name>}`. PowerShell
does not expand variables inside single quotes, so the runtime refuses: it
raises `ValueError: Placeholder ... appears inside a PowerShell single-quoted
string` every time the tool is called. The tool is registered and advertised
to the model, but can never run on Windows.

## Example
```json
{"command": "Get-ChildItem -Path 'C:\\data\\UTCP_ARG_folder_UTCP_END'"}
```

## Fix
Use an expanding string: `"C:\data\UTCP_ARG_folder_UTCP_END"`. `utcp-lint --fix`
rewrites the `'...'` (or `@'...'@`) string as `"..."` (or `@"..."@`), un-doubling
`''` and escaping `$`, `` ` `` and `"` with a backtick so the rest of the text
keeps its meaning; the fix is offered only when re-analysis shows the runtime
will then substitute the placeholder.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._powershell import analysis_for, placeholder_finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.ps_fix import sq_to_dq_fix

RULE = Rule(
    id="UL200",
    name="ps-placeholder-in-single-quotes",
    severity="error",
    confidence="high",
    scope="template",
    needs="powershell",
    tags=("correctness", "powershell"),
)

_WHERE = {
    "verbatim": "a PowerShell '...' string",
    "here_verbatim": "a PowerShell @'...'@ here-string",
    "stop_parsing": "the verbatim text after the --% stop-parsing token",
    "mangled": "a token glued to the preceding '$'",
}


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = analysis_for(tpl)
    if a is None:
        return
    for o in a.occurrences:
        if o.runtime_state != "sq" or o.expands or o.context == "comment":
            continue
        fix = sq_to_dq_fix(tpl, a, o) if o.context in ("verbatim", "here_verbatim") else None
        yield placeholder_finding(
            RULE,
            tpl,
            o,
            f"placeholder '{o.name}' is inside {_WHERE.get(o.context, 'a verbatim string')}: "
            f"PowerShell does not expand it and utcp-cli raises ValueError on every call "
            f"(the tool can never run on Windows); use a double-quoted string",
            fix=fix,
        )
