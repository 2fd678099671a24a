"""The options every stage may read: :class:`LintOptions`, built once per run.

Plain data, importable by every engine (the context, :mod:`utcp_lint.ruleset.context`,
re-exports it for the rules): the environment variables below are read when
the options are built, never during a run.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

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


@dataclass
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


__all__ = ["LintOptions"]
