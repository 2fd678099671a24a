"""What a run produces (:class:`RunResult`) and how a failure is worded."""

from __future__ import annotations

import os

from ..core.fieldwise import field, record, record_eq, record_repr
from ..core.findings import SEVERITY_RANK, FileError, Finding


@record
class RunResult:
    """The findings, file errors and notes of a run, and the texts of the files linted."""

    findings: list[Finding] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    files: int = 0
    sources: dict = field(default_factory=dict)  # display path -> text (for snippets and fixes)
    # (path, detail, at) -> (FileError, rule ids): one internal error per
    # failure and file, naming every rule it hit (utcp_lint.run.rules)
    internal_seen: dict = field(default_factory=dict, repr=False, compare=False)

    def __init__(
        self,
        findings: list[Finding] | None = None,
        errors: list[FileError] | None = None,
        notes: list[str] | None = None,
        files: int = 0,
        sources: dict | None = None,
        internal_seen: dict | None = None,
    ) -> None:
        self.findings = list() if findings is None else findings
        self.errors = list() if errors is None else errors
        self.notes = list() if notes is None else notes
        self.files = files
        self.sources = dict() if sources is None else sources
        self.internal_seen = dict() if internal_seen is None else internal_seen

    __repr__ = record_repr
    __eq__ = record_eq


def safe_path(p: str) -> str:
    """A path printable on one line (file names may hold newlines)."""
    return (
        p.encode("unicode_escape", "backslashreplace").decode("ascii")
        if any(c in p for c in "\n\r\t\x1b") or not p.isprintable()
        else p
    )


def internal_error(path: str, where: str, e: BaseException) -> FileError:
    """A one-line internal-error report (exit 2) for one file."""
    detail, at = error_detail(e)
    return FileError(safe_path(path), f"internal error {where} ({detail}){at}; please report it")


def error_detail(e: BaseException) -> tuple[str, str]:
    import traceback  # only on an internal error (cold start)

    tb = traceback.extract_tb(e.__traceback__)
    at = f" at {os.path.basename(tb[-1].filename)}:{tb[-1].lineno}" if tb else ""
    detail = safe_path(f"{type(e).__name__}: {e}")
    if len(detail) > 300:
        detail = detail[:300] + "..."
    return detail, at


def exit_code(result: RunResult, fail_on: str = "note", exit_zero: bool = False) -> int:
    if result.errors:
        return 2
    if exit_zero:
        return 0
    threshold = SEVERITY_RANK[fail_on]
    if any(SEVERITY_RANK[f.severity] >= threshold for f in result.findings):
        return 1
    return 0


__all__ = ["RunResult", "safe_path", "internal_error", "error_detail", "exit_code"]
