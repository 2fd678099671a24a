"""The Python source handler: ``.py`` targets -> :mod:`utcp_lint.pyscan`.

The scanner owns its cache, prefilter and parallelism (many files); this
module only hands it the targets and contains its failures.
"""

from __future__ import annotations

from typing import Any

from ..core.findings import FileError
from .discover import Target
from .result import RunResult, safe_path


def lint_python(linter: Any, text: str, target: Target, result: RunResult) -> None:
    """One Python file whose text is already read."""
    try:
        from ..pyscan import scan_python
    except ImportError:  # scanner not available
        result.notes.append(f"{safe_path(target.display)}: Python scanning is not available")
        return
    try:
        scan_python(linter, text, target, result)
    except Exception as e:
        result.errors.append(
            FileError(safe_path(target.display), f"internal error in the Python scanner ({type(e).__name__}: {e})")
        )


def lint_python_targets(linter: Any, targets: list[Target], result: RunResult) -> None:
    """Many Python files: read, cached, scanned (in parallel when it pays)."""
    from ..pyscan import scan_many

    scan_many(linter, targets, result)


__all__ = ["lint_python", "lint_python_targets"]
