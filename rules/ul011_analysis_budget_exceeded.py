"""The document was too expensive to analyse fully within the time budget.

## What it does
Reported when utcp-lint stops analysing a JSON document or Python file
because its per-document time budget (60 s plus 30 s per MiB; environment
variable `UTCP_LINT_TIME_BUDGET` sets the 60 s) is spent. The finding names
the CLI template and the rule that were running out of time and how many
templates were analysed; every finding made before that point is reported.

## Why is this dangerous
A manual crafted to make analysis slow could otherwise stall CI or hide its
real problems behind a timeout. A partial result must never look like a
clean one, so this finding is an error (exit code 1) and is reported even
when the rule is not selected.

## Example
A single CLI command of several megabytes built from thousands of nested
constructs that one analysis pass handles slowly.

## Fix
Split the template into smaller commands, or move the logic into a script
file the command runs. If the input is legitimate, raise the budget with
`UTCP_LINT_TIME_BUDGET=<seconds>` and report the slow shape so the pass can
be made linear.
"""

from utcp_lint.rule import Rule

RULE = Rule(
    id="UL011",
    name="analysis-budget-exceeded",
    severity="error",
    confidence="high",
    scope="document",
    tags=("robustness",),
)

# No check of its own: the engine (utcp_lint.budget) reports it when the
# per-document time budget is spent.
# A fixture cannot spend the budget without the environment variable; the
# end-to-end proof is tests/test_robustness.py::test_spent_budget_*.
RULE.fixtures_exempt = True  # type: ignore[attr-defined]
