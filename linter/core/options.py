"""The options every stage may read: :class:`LintOptions`, built once per run.

Plain data, importable by every engine (the context, :mod:`utcp_lint.ruleset.context`,
re-exports it for the rules): the environment variables below are read when
the options are built, never during a run.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from .fieldwise import field, record, record_eq, record_repr

if TYPE_CHECKING:
    from ..supplychain.lockfile import LockFile


def _env_time_budget() -> float | None:
    """``UTCP_LINT_TIME_BUDGET`` (seconds), read once when the options are built."""
    env = os.environ.get("UTCP_LINT_TIME_BUDGET")
    if env:
        try:
            return max(0.0, float(env))
        except ValueError:
            pass
    return None


def _env_weak_sandbox() -> bool:
    return os.environ.get("UTCP_LINT_WEAK_SANDBOX") == "1"


# time_budget=None is a value (no budget): the parameter left out is this marker
_FROM_ENV: Any = object()


@record
class LintOptions:
    """Everything an analysis may read besides the document: built once per
    run (the environment variables below are read here, never mid-run)."""

    shell: str = "auto"  # auto | bash | powershell | both
    require_declarations: bool = False
    kind: str | None = None  # forced document kind
    lock: LockFile | None = None  # when --locked (UL650-UL659, UL605)
    # base seconds of the per-document budget (utcp_lint.run.budget); None: the default
    time_budget: float | None = field(default_factory=_env_time_budget)
    # the verify rules (UL501-UL504) may run without user namespaces
    weak_sandbox: bool = field(default_factory=_env_weak_sandbox)
    # bandit's and ruff's suppression comments (nosec, noqa with an S6xx id) hide
    # nothing: --ignore-foreign-suppressions, an audit of code nobody here reviewed
    ignore_foreign_suppressions: bool = False

    def __init__(
        self,
        shell: str = "auto",
        require_declarations: bool = False,
        kind: str | None = None,
        lock: LockFile | None = None,
        time_budget: Any = _FROM_ENV,
        weak_sandbox: bool | None = None,
        ignore_foreign_suppressions: bool = False,
    ) -> None:
        self.shell = shell
        self.require_declarations = require_declarations
        self.kind = kind
        self.lock = lock
        self.time_budget = _env_time_budget() if time_budget is _FROM_ENV else time_budget
        self.weak_sandbox = _env_weak_sandbox() if weak_sandbox is None else weak_sandbox
        self.ignore_foreign_suppressions = ignore_foreign_suppressions

    __repr__ = record_repr
    __eq__ = record_eq


__all__ = ["LintOptions"]
