"""Findings, locations and the source-file abstraction shared by every stage."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..document.jsonpos import LineIndex

SEVERITIES = ("note", "warning", "error")
SEVERITY_RANK = {"note": 0, "warning": 1, "error": 2}
CONFIDENCES = ("low", "medium", "high")


@dataclass
class SourceFile:
    """A file's decoded text plus a line index.

    ``path`` is the path as displayed (relative to the working directory when
    possible); offsets are code-point indices into ``text``.
    """

    path: str
    text: str
    _lines: LineIndex | None = field(default=None, repr=False)

    @property
    def lines(self) -> LineIndex:
        if self._lines is None:
            self._lines = LineIndex(self.text)
        return self._lines

    def region(self, start: int, end: int) -> Region:
        l1, c1 = self.lines.position(start)
        l2, c2 = self.lines.position(max(end, start))
        return Region(l1, c1, l2, c2)


@dataclass(frozen=True)
class Region:
    """1-based line/column in code points; ``end_column`` is exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int


@dataclass
class Related:
    message: str
    path: str
    region: Region
    pointer: str = ""


@dataclass
class TextEdit:
    """Replace ``text[start:end]`` (code-point offsets) with ``replacement``."""

    start: int
    end: int
    replacement: str


@dataclass
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


_intern = sys.intern
_NO_RELATED: tuple[Related, ...] = ()  # shared by every finding without related locations (immutable)


@dataclass(slots=True)  # compact: no per-finding __dict__ (~0.6 KB each; issue 15)
class Finding:
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


@dataclass
class FileError:
    """An input that could not be linted (exit code 2)."""

    path: str
    message: str
    line: int | None = None
    column: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "message": self.message}

    def text(self) -> str:
        if self.line is not None:
            return f"{self.path}:{self.line}:{self.column}: {self.message}"
        return f"{self.path}: {self.message}"
