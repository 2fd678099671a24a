r"""Placeholder PowerShell never expands, and the runtime does not notice.

## What it does
Reports a placeholder that sits where PowerShell does not expand variables
while utcp-cli's naive quote tracker believes it is fine: inside curly single
quotes (`‘...’`, `‚...‛`), inside `'...'` nested in a `$( )` of a `"..."`
string, inside an `@'...'@` here-string whose text contains an apostrophe,
inside `'...'` after a `"` the tracker mis-paired, after the `--%`
stop-parsing token, or glued to a preceding `$` (`$UTCP_ARG_x_UTCP_END`).

## Why is this dangerous
The runtime only tracks ASCII `'` and `"` with no nesting, so it writes
`${env:__UTCP_ARG_<nonce>_<name>}` into a verbatim context without raising.
PowerShell then passes that *literal text* to the command instead of the
argument: the tool silently runs with the wrong input (a path named
`${env:__UTCP_ARG_...}`, an empty search, a commit message with the variable
name...). The model gets plausible output for an input it never gave.

## Example
```json
{"command": "Write-Output \"Result: $(Get-Item 'UTCP_ARG_path_UTCP_END')\""}
```

## Fix
Put the placeholder in an expanding string (`"..."`). `utcp-lint --fix`
rewrites a `'...'`/`‘...’` or `@'...'@` string holding the placeholder as
`"..."`/`@"..."@` (escaping `$`, backtick and `"`), when re-analysis proves the
placeholder is then expanded. Move placeholders out of `--%` regions.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._powershell import analysis_for, placeholder_finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.ps_fix import sq_to_dq_fix

RULE = Rule(
    id="UL201",
    name="ps-placeholder-never-substituted",
    severity="error",
    confidence="high",
    scope="template",
    needs="powershell",
    tags=("correctness", "powershell"),
)


def _where(a, o) -> str:
    if o.context == "stop_parsing":
        return (
            "is after the --% stop-parsing token: PowerShell passes the text "
            "'${env:...}' to the program instead of the value"
        )
    if o.context == "mangled":
        return "is glued to a preceding '$' or '${': PowerShell reads another token there and the value is never used"
    s = o.string
    q = a.script[s.start] if s is not None and s.end > s.start else "'"
    q2 = a.script[s.end - 1] if s is not None and s.end - s.start >= 2 else q
    if s is not None and s.kind == "here_sq":
        kind = "an @'...'@ here-string (the runtime's tracker closed it at an apostrophe)"
    elif q != "'":
        kind = f"a {q}...{q2} string (PowerShell treats {q} as a single quote; the runtime does not)"
    elif any(p.kind == "subexpr" for p in s.ancestors()) if s is not None else False:
        kind = "a '...' string inside $( ) of a \"...\" string (the runtime's tracker does not nest)"
    else:
        kind = "a '...' string the runtime's tracker misread as unquoted"
    return (
        f"is inside {kind}: PowerShell does not expand it, so the command receives the "
        f"literal text '${{env:__UTCP_ARG_...}}' instead of the argument"
    )


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = analysis_for(tpl)
    if a is None:
        return
    for o in a.occurrences:
        if o.runtime_state == "sq" or o.expands or o.context == "comment":
            continue
        fix = sq_to_dq_fix(tpl, a, o) if o.context in ("verbatim", "here_verbatim") else None
        yield placeholder_finding(RULE, tpl, o, f"placeholder '{o.name}' {_where(a, o)}", fix=fix)
