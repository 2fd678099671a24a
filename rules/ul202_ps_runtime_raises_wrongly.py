r"""A stray quote makes utcp-cli refuse a placeholder PowerShell would expand.

## What it does
Reports a placeholder that PowerShell would expand (or that is only inside a
comment) but that utcp-cli's quote tracker believes is inside `'...'`,
because an apostrophe elsewhere -- typically in a `#` or `<# #>` comment
(`# don't`), inside a `"..."` string after a nested `$( )`, or in a
stop-parsing region -- flipped its three-state tracker.

## Why is this dangerous
The tracker knows nothing about comments or nesting: it counts ASCII quotes.
When it thinks a placeholder is inside single quotes it raises `ValueError`
on every call, so the tool is registered but can never run on Windows. The
error message blames single quotes that the author cannot see.

## Example
```json
{"command": "# don't cache\nGet-Content -Path \"UTCP_ARG_file_UTCP_END\""}
```

## Fix
Remove the apostrophe or escape it with a backtick (`` don`'t ``): a backtick
inside a comment changes nothing for PowerShell, and the tracker skips the
character after it. `utcp-lint --fix` does this for quotes inside comments
when re-analysis shows every placeholder is then substituted.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._powershell import analysis_for, placeholder_finding, quote_col
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.ps_fix import comment_quotes_fix

RULE = Rule(
    id="UL202",
    name="ps-runtime-raises-wrongly",
    severity="error",
    confidence="high",
    scope="template",
    needs="powershell",
    tags=("correctness", "powershell"),
)


def _opener_where(a, tpl, o) -> str:
    op = o.runtime_opener
    if op is None:
        return ""
    sp = a.to_script(o.step, op) if o.step < len(a.step_spans) else None
    inside = ""
    if sp is not None:
        nd = a.parsed.node_at(sp)
        if nd.kind == "comment":
            inside = " inside a comment"
        elif nd.kind in ("dq", "here_dq"):
            inside = ' inside a "..." string'
        elif nd.kind == "stop_parsing":
            inside = " after --%"
    return f"the quote{inside}{quote_col(tpl, o.step, op)}"


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = analysis_for(tpl)
    if a is None:
        return
    fixes = {}
    for o in a.occurrences:
        if o.runtime_state != "sq" or not (o.expands or o.context == "comment"):
            continue
        if o.step not in fixes:
            fixes[o.step] = comment_quotes_fix(tpl, a, o.step)
        where = _opener_where(a, tpl, o) or "an earlier quote"
        real = "only in a comment" if o.context == "comment" else "expanded by PowerShell"
        yield placeholder_finding(
            RULE,
            tpl,
            o,
            f"placeholder '{o.name}' is {real}, but {where} makes utcp-cli's quote tracker "
            f"believe it is inside '...': the runtime raises ValueError on every call",
            fix=fixes[o.step],
        )
