"""Findings, locations and the source-file abstraction shared by every stage."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from ..document.jsonpos import LineIndex
from .fieldwise import field, frozen_delattr, frozen_setattr, record, record_eq, record_hash, record_repr

SEVERITIES = ("note", "warning", "error")
SEVERITY_RANK = {"note": 0, "warning": 1, "error": 2}
CONFIDENCES = ("low", "medium", "high")


@record
class SourceFile:
    """A file's decoded text plus a line index.

    ``path`` is the path as displayed (relative to the working directory when
    possible); offsets are code-point indices into ``text``.
    """

    path: str
    text: str
    _lines: LineIndex | None = field(default=None, repr=False)

    def __init__(self, path: str, text: str, _lines: LineIndex | None = None) -> None:
        self.path = path
        self.text = text
        self._lines = _lines

    __repr__ = record_repr
    __eq__ = record_eq

    @property
    def lines(self) -> LineIndex:
        if self._lines is None:
            self._lines = LineIndex(self.text)
        return self._lines

    def region(self, start: int, end: int) -> Region:
        l1, c1 = self.lines.position(start)
        l2, c2 = self.lines.position(max(end, start))
        return Region(l1, c1, l2, c2)


@record
class Region:
    """1-based line/column in code points; ``end_column`` is exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int

    def __init__(self, line: int, column: int, end_line: int, end_column: int) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "end_line", end_line)
        object.__setattr__(self, "end_column", end_column)

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = record_hash
    __setattr__ = frozen_setattr
    __delattr__ = frozen_delattr


@record
class Related:
    """Another place a finding points to (SARIF ``relatedLocations``)."""

    message: str
    path: str
    region: Region
    pointer: str = ""

    def __init__(self, message: str, path: str, region: Region, pointer: str = "") -> None:
        self.message = message
        self.path = path
        self.region = region
        self.pointer = pointer

    __repr__ = record_repr
    __eq__ = record_eq


@record
class TextEdit:
    """Replace ``text[start:end]`` (code-point offsets) with ``replacement``."""

    start: int
    end: int
    replacement: str

    def __init__(self, start: int, end: int, replacement: str) -> None:
        self.start = start
        self.end = end
        self.replacement = replacement

    __repr__ = record_repr
    __eq__ = record_eq


@record
class Fix:
    """A rule's fix.  ``safe`` is the contract shared by every fixer (JSON and
    Python): a safe fix keeps the tool's behaviour (a rename the runtime
    already implied, quoting that only removes injection); an unsafe one
    changes what runs or how arguments arrive and is applied only with
    ``--unsafe-fixes`` (``--fix`` and ``--diff`` skip it, ``--show-fixes``
    lists it as unsafe)."""

    description: str
    edits: list[TextEdit]
    safe: bool = True

    def __init__(self, description: str, edits: list[TextEdit], safe: bool = True) -> None:
        self.description = description
        self.edits = edits
        self.safe = safe

    __repr__ = record_repr
    __eq__ = record_eq


_intern = sys.intern
_NO_RELATED: tuple[Related, ...] = ()  # shared by every finding without related locations (immutable)


@record(slots=True)  # compact: no per-finding __dict__ (~0.6 KB each; issue 15)
class Finding:
    """One fact a rule reports: rule id, severity, confidence, where (path, 1-based line and
    column in code points, JSON pointer, tool) and what (message, a fix, related places)."""

    rule: str
    severity: str
    confidence: str
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    pointer: str
    tool: str | None
    message: str
    name: str = ""
    related: Sequence[Related] = field(default_factory=list)
    fix: Fix | None = None
    # Stable text used for baseline keys / fingerprints (e.g. the command
    # normalised); not part of the JSON contract.
    snippet: str = ""
    # offsets in the source, kept for fixes and fingerprints
    start: int = 0
    end: int = 0

    def __init__(
        self,
        rule: str,
        severity: str,
        confidence: str,
        path: str,
        line: int,
        column: int,
        end_line: int,
        end_column: int,
        pointer: str,
        tool: str | None,
        message: str,
        name: str = "",
        related: Sequence[Related] | None = None,
        fix: Fix | None = None,
        snippet: str = "",
        start: int = 0,
        end: int = 0,
    ) -> None:
        self.rule = rule
        self.severity = severity
        self.confidence = confidence
        self.path = path
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column
        self.pointer = pointer
        self.tool = tool
        self.message = message
        self.name = name
        self.related = list() if related is None else related
        self.fix = fix
        self.snippet = snippet
        self.start = start
        self.end = end
        self.__post_init__()

    __repr__ = record_repr
    __eq__ = record_eq

    def __post_init__(self) -> None:
        # compact (issue 15): a big manual repeats a few messages thousands of
        # times (one str each, ~300 bytes), and most findings relate nothing
        # (an empty list each); share them.
        if self.message.__class__ is str:
            self.message = _intern(self.message)
        if self.snippet.__class__ is str:
            self.snippet = _intern(self.snippet)
        # pointers are made on access (jsonpos, modeltext, Step): the findings
        # on one string share one copy
        if self.pointer.__class__ is str:
            self.pointer = _intern(self.pointer)
        if not self.related:
            self.related = _NO_RELATED

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "severity": self.severity,
            "confidence": self.confidence,
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "pointer": self.pointer,
            "tool": self.tool,
            "message": self.message,
        }

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.path, self.line, self.column, self.rule, self.message)


@record
class FileError:
    """An input that could not be linted (exit code 2)."""

    path: str
    message: str
    line: int | None = None
    column: int | None = None

    def __init__(self, path: str, message: str, line: int | None = None, column: int | None = None) -> None:
        self.path = path
        self.message = message
        self.line = line
        self.column = column

    __repr__ = record_repr
    __eq__ = record_eq

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "message": self.message}

    def text(self) -> str:
        if self.line is not None:
            return f"{self.path}:{self.line}:{self.column}: {self.message}"
        return f"{self.path}: {self.message}"
