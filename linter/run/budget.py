"""Per-document analysis budget: the last line of defence (issues 18, 28).

Every analysis pass is meant to be linear in its input (tests/test_robustness.py
and tests/test_bash_scaling.py prove it per input shape), but a crafted document
that finds a pass we missed must not stall CI.  Each JSON document and each
Python file gets a budget of **CPU time of this process** (``time.process_time``:
the same findings on an idle and a loaded machine) proportional to its size::

    budget = UTCP_LINT_TIME_BUDGET (default 60 s) + 30 s per MiB

It is checked before every rule on every CLI template (and before every
document or Python rule), and *inside* a running rule or analysis: while a
budget is armed (:meth:`Budget.armed`), the engines' loops call :func:`check`
(bash value flow, references, command table, option scan, the pyscan
evaluator, the placeholder scan), which every :data:`CHECK_EVERY` calls reads
the CPU clock and raises :class:`BudgetExceeded` once the deadline is past.
The rule loop catches it: analysis of that document stops, and one UL011
error finding names the template and rule that were running out of time and
how much was analysed; the findings made so far are reported as usual.  No
signals (this runs in worker processes and embedding programs too).

Forked workers (run/parallel.py) go on counting from the parent's clock at
the fork (:func:`cpu`), so a worker's budget is the parent's remaining one.
docs/limits.md states what a user sees.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

BASE_SECONDS = 60.0
SECONDS_PER_MIB = 30.0
#: calls of :func:`check` between two reads of the CPU clock (a read costs
#: about as much as 100 calls; at 512 the check is < 1 % of a loop body)
CHECK_EVERY = 512


class BudgetExceeded(BaseException):
    """The armed budget is spent (raised by :func:`check`).  A BaseException:
    the ``except Exception`` containment of rules and engines must not turn
    it into an internal error or an "unknown" answer."""


# CPU seconds of the parent at the last fork: a forked worker's clock starts
# at 0, and cpu() adds this offset so every process reads one clock
_offset = 0.0
_at_fork = 0.0
# the armed budget (None: none) and the calls left before check() reads the
# clock again
_armed: Budget | None = None
_countdown = CHECK_EVERY


def cpu() -> float:
    """CPU seconds of this process, continued from the parent's in a forked worker."""
    return time.process_time() + _offset


def _before_fork() -> None:
    global _at_fork
    _at_fork = cpu()


def _after_fork_in_child() -> None:
    global _offset
    _offset = _at_fork - time.process_time()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_child=_after_fork_in_child)


def check() -> None:
    """The cooperative interruption point: cheap, call it once per loop
    iteration of an analysis; raises :class:`BudgetExceeded` once the armed
    budget is spent (read every :data:`CHECK_EVERY` calls)."""
    global _countdown
    _countdown -= 1
    if _countdown <= 0:
        _countdown = CHECK_EVERY
        armed = _armed
        if armed is not None and armed.exceeded():
            raise BudgetExceeded()


def budget_seconds(size: int, base: float | None = None) -> float:
    """``base`` (``LintOptions.time_budget``, from UTCP_LINT_TIME_BUDGET) or 60 s, + 30 s per MiB."""
    if base is None:
        base = BASE_SECONDS
    return base + SECONDS_PER_MIB * size / (1024 * 1024)


class Budget:
    __slots__ = ("start", "limit", "spent_at")

    def __init__(self, size: int, base: float | None = None):
        self.start = cpu()
        self.limit = budget_seconds(size, base)
        self.spent_at: tuple[str, Any] | None = None  # (what, where: a CliTemplate or None) once exceeded

    def exceeded(self) -> bool:
        return cpu() - self.start > self.limit

    def elapsed(self) -> float:
        return cpu() - self.start

    @contextmanager
    def armed(self) -> Iterator[None]:
        """While inside, :func:`check` raises :class:`BudgetExceeded` once
        this budget is spent; the first check reads the clock at once."""
        global _armed, _countdown
        old = _armed
        _armed = self
        _countdown = 1
        try:
            yield
        finally:
            _armed = old


def _secs(x: float) -> str:
    return f"{x:.1f}" if abs(x) < 10 else f"{x:.0f}"


def stopped_message(budget: Budget, scope: str, what: str, done: int, total: int) -> str:
    """The UL011 message: which budget ran out at what (a rule about to run or
    interrupted while running), and how much was analysed."""
    return (
        f"analysis stopped: the CPU time budget of {_secs(budget.limit)} s for this {scope} "
        f"({_secs(budget.elapsed())} s spent) ran out at {what}; {done} of {total} CLI templates "
        f"were analysed and their findings are reported, the rest were not analysed "
        f"(set UTCP_LINT_TIME_BUDGET=<seconds> to allow more; docs/limits.md)"
    )


def file_stopped_message(budget: Budget, what: str) -> str:
    """The UL011 message for a Python file: when the budget ran out (``what``)."""
    return (
        f"analysis stopped: the CPU time budget of {_secs(budget.limit)} s for this file "
        f"({_secs(budget.elapsed())} s spent) ran out {what} "
        f"(set UTCP_LINT_TIME_BUDGET=<seconds> to allow more; docs/limits.md)"
    )
