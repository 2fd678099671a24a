"""Per-document analysis budget: the last line of defence (issue 18).

Every analysis pass is meant to be linear in its input (tests/test_robustness.py
proves it per input shape), but a crafted document that finds a pass we missed
must not stall CI.  Each JSON document and each Python file gets a wall-clock
budget proportional to its size::

    budget = UTCP_LINT_TIME_BUDGET (default 60 s) + 30 s per MiB

checked before every rule on every CLI template (and before every document or
Python rule).  When it is spent, analysis of that document stops and one
UL011 error finding names the template and rule that were running out of time
and how much was analysed; the findings made so far are reported as usual.
A rule already running is not interrupted (no signals: this runs in worker
processes and embedding programs too), so the granularity is one rule on one
template.  docs/limits.md states what a user sees.
"""

from __future__ import annotations

import time
from typing import Any

from .rule_ids import ANALYSIS_BUDGET

BASE_SECONDS = 60.0
SECONDS_PER_MIB = 30.0


def budget_seconds(size: int, base: float | None = None) -> float:
    """``base`` (``LintOptions.time_budget``, from UTCP_LINT_TIME_BUDGET) or 60 s, + 30 s per MiB."""
    if base is None:
        base = BASE_SECONDS
    return base + SECONDS_PER_MIB * size / (1024 * 1024)


class Budget:
    __slots__ = ("start", "limit", "spent_at")

    def __init__(self, size: int, base: float | None = None):
        self.start = time.monotonic()
        self.limit = budget_seconds(size, base)
        self.spent_at: tuple[str, Any] | None = None  # (what, where: a CliTemplate or None) once exceeded

    def exceeded(self) -> bool:
        return time.monotonic() - self.start > self.limit

    def elapsed(self) -> float:
        return time.monotonic() - self.start


def stopped_message(budget: Budget, scope: str, what: str, done: int, total: int) -> str:
    """The UL011 message: which budget ran out before what, and how much was analysed."""
    return (
        f"analysis stopped: the time budget of {budget.limit:.0f} s for this {scope} "
        f"({budget.elapsed():.0f} s spent) ran out before {what}; {done} of {total} CLI templates "
        f"were analysed and their findings are reported, the rest were not analysed "
        f"(set UTCP_LINT_TIME_BUDGET=<seconds> to allow more; docs/limits.md)"
    )


def budget_finding(source, start: int, end: int, message: str, pointer: str = "", tool=None):
    """The UL011 finding (reported whatever the rule selection: a partial
    analysis must never look complete)."""
    from .rule import all_rules

    rule = all_rules()[ANALYSIS_BUDGET]
    return rule.finding(source, start, end, message, pointer=pointer, tool=tool)
