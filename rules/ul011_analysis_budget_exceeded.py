"""The document was too expensive to analyse fully within the time budget.

## What it does
Reported when utcp-lint stops analysing a JSON document or Python file
because its per-document time budget (60 s plus 30 s per MiB; environment
variable `UTCP_LINT_TIME_BUDGET` sets the 60 s) is spent. The finding names
the CLI template and the rule that were running out of time and how many
templates were analysed; every finding made before that point is reported.

The time budget is CPU time of the process (the same result on an idle and
a loaded machine) and it interrupts a rule or analysis that is running.

In a Python file, the value analysis (what a callee is, where a string comes
from, `shell=` values, argv lists) also has a fixed budget of steps per file.
When a very large or convoluted file spends it, one **note** of this rule at
the first question it cut short says so and how many questions were answered
"unknown": findings on shell calls after that point may be missing or have a
lower confidence.

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

from __future__ import annotations

from typing import TYPE_CHECKING

from utcp_lint.ruleset.rule import Rule

if TYPE_CHECKING:
    from utcp_lint.core.findings import Finding, SourceFile
    from utcp_lint.pyscan.facts import EvaluationCut

RULE = Rule(
    id="UL011",
    name="analysis-budget-exceeded",
    severity="error",
    confidence="high",
    scope="document",
    tags=("robustness",),
)

# No check of its own: the engine (utcp_lint.run.budget) reports it when the
# per-document time budget is spent.
# A fixture cannot spend the budget without the environment variable; the
# end-to-end proof is tests/test_robustness.py::test_spent_budget_*.
RULE.fixtures_exempt = True  # type: ignore[attr-defined]


def evaluation_cut_finding(source: SourceFile, cut: EvaluationCut) -> Finding:
    """The note for a Python file whose value analysis ran out of its step
    budget (made by the Python scan, :mod:`utcp_lint.pyscan`)."""
    return RULE.finding(
        source,
        cut.start,
        cut.end,
        f"analysis incomplete: the value analysis of this file ran out of its budget of "
        f"{cut.steps} steps here; this and {cut.questions - 1} later questions (what a callee "
        f"is, where a string comes from, shell= values, argv lists) were answered 'unknown', so "
        f"findings on shell calls from here on may be missing or have a lower confidence "
        f"(split the file; docs/limits.md)",
        severity="note",
    )
