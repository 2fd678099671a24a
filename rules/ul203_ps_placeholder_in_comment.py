"""Placeholder inside a PowerShell comment: its value is never used.

## What it does
Reports a placeholder inside a `#` line comment or a `<# ... #>` block
comment of a template that runs under PowerShell.

## Why is this dangerous
PowerShell ignores comments, so the argument is never used although the
model is asked to supply it (and may put sensitive data in it). Often the
comment is accidental: a `#` meant as data (`Write-Output tag#UTCP_ARG_t_UTCP_END`
is one word, but `Write-Output #UTCP_ARG_t_UTCP_END` starts a comment). A `#`
comment on the step's last line also swallows the ` 2>&1 | Out-String` that
utcp-cli appends to the step, so the step's errors escape the capture.

## Example
```json
{"command": "Get-ChildItem # filter: UTCP_ARG_filter_UTCP_END"}
```

## Fix
Move the placeholder out of the comment (quote a literal `#`: `"#UTCP_ARG_tag_UTCP_END"`),
or remove the argument.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._powershell import analysis_for, placeholder_finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL203",
    name="ps-placeholder-in-comment",
    severity="warning",
    confidence="high",
    scope="template",
    needs="powershell",
    tags=("correctness", "powershell"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = analysis_for(tpl)
    if a is None:
        return
    for o in a.occurrences:
        if o.context == "comment" and o.runtime_state != "sq":
            yield placeholder_finding(
                RULE, tpl, o, f"placeholder '{o.name}' is inside a PowerShell comment: the value is never used"
            )
