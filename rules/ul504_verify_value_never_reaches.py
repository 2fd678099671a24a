r"""Verify proved that an argument value never reaches any command (dynamic, opt-in).

## What it does
Runs the tool in the `verify` sandbox with a benign marker value for each placeholder,
then again with other values for one placeholder at a time. Reported when the marker
appears nowhere (no program's or wrapped builtin's argv, no recorded stdin, not in the
output) and changing the value changes nothing observable.

This rule executes the tool's commands, so it never runs in a plain `check`: select it
(`utcp-lint --select UL504 manual.json`) or use `utcp-lint verify`.

## Why is this dangerous
The tool silently ignores what the caller sent. Usually the runtime's quote tracker
misread the template (an apostrophe in a comment or heredoc, `$'…'`, quotes nested in
`$( )`), so it emitted the reference in the wrong form and the shell received the
reference text instead of the value, or the placeholder sits in a comment or a quoted
heredoc. The same misreading in other templates causes injections.

## Example
```json
{"command": "echo start # it's here\necho UTCP_ARG_name_UTCP_END"}
```
The apostrophe in the comment makes the tracker think the placeholder is inside `'…'`.

## Fix
Remove quotes from comments and heredoc bodies, avoid `$'…'` before placeholders, and
make sure the placeholder is not inside a comment or a `<<'EOF'` heredoc.
"""

from utcp_lint.core.findings import Finding
from utcp_lint.executor.facts import ProofKind
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

from ._verify import proof_findings

RULE = Rule(
    id="UL504",
    name="verified-value-never-reaches",
    severity="warning",
    confidence="high",
    scope="template",
    needs="verification",
    tags=("correctness", "dynamic"),
    security_severity=4.0,
    default_enabled=False,
)


@RULE.check
def check(tpl: CliTemplate) -> list[Finding]:
    return list(proof_findings(RULE, tpl, ProofKind.VALUE_NEVER_REACHES))
