"""Findings, locations and the source-file abstraction shared by every stage."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any

from ..document.jsonpos import LineIndex

SEVERITIES = ("note", "warning", "error")
SEVERITY_RANK = {"note": 0, "warning": 1, "error": 2}
CONFIDENCES = ("low", "medium", "high")


@dataclass(init=False, repr=False, eq=False)
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

    def __repr__(self) -> str:
        return f"{self.__class__.__qualname__}(path={self.path!r}, text={self.text!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return (self.path, self.text, self._lines) == (other.path, other.text, other._lines)
        return NotImplemented

    @property
    def lines(self) -> LineIndex:
        if self._lines is None:
            self._lines = LineIndex(self.text)
        return self._lines

    def region(self, start: int, end: int) -> Region:
        l1, c1 = self.lines.position(start)
        l2, c2 = self.lines.position(max(end, start))
        return Region(l1, c1, l2, c2)


@dataclass(init=False, repr=False, eq=False)
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

    def __repr__(self) -> str:
        return f"{self.__class__.__qualname__}(line={self.line!r}, column={self.column!r}, end_line={self.end_line!r}, end_column={self.end_column!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return (self.line, self.column, self.end_line, self.end_column) == (
                other.line,
                other.column,
                other.end_line,
                other.end_column,
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.line, self.column, self.end_line, self.end_column))

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


@dataclass(init=False, repr=False, eq=False)
class Related:
    message: str
    path: str
    region: Region
    pointer: str = ""

    def __init__(self, message: str, path: str, region: Region, pointer: str = "") -> None:
        self.message = message
        self.path = path
        self.region = region
        self.pointer = pointer

    def __repr__(self) -> str:
        return f"{self.__class__.__qualname__}(message={self.message!r}, path={self.path!r}, region={self.region!r}, pointer={self.pointer!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return (self.message, self.path, self.region, self.pointer) == (
                other.message,
                other.path,
                other.region,
                other.pointer,
            )
        return NotImplemented


@dataclass(init=False, repr=False, eq=False)
class TextEdit:
    """Replace ``text[start:end]`` (code-point offsets) with ``replacement``."""

    start: int
    end: int
    replacement: str

    def __init__(self, start: int, end: int, replacement: str) -> None:
        self.start = start
        self.end = end
        self.replacement = replacement

    def __repr__(self) -> str:
        return (
            f"{self.__class__.__qualname__}(start={self.start!r}, end={self.end!r}, replacement={self.replacement!r})"
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return (self.start, self.end, self.replacement) == (other.start, other.end, other.replacement)
        return NotImplemented


@dataclass(init=False, repr=False, eq=False)
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

    def __repr__(self) -> str:
        return (
            f"{self.__class__.__qualname__}(description={self.description!r}, edits={self.edits!r}, safe={self.safe!r})"
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return (self.description, self.edits, self.safe) == (other.description, other.edits, other.safe)
        return NotImplemented


_intern = sys.intern
_NO_RELATED: tuple[Related, ...] = ()  # shared by every finding without related locations (immutable)


@dataclass(slots=True, init=False, repr=False, eq=False)  # compact: no per-finding __dict__ (~0.6 KB each; issue 15)
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

    def __repr__(self) -> str:
        return f"{self.__class__.__qualname__}(rule={self.rule!r}, severity={self.severity!r}, confidence={self.confidence!r}, path={self.path!r}, line={self.line!r}, column={self.column!r}, end_line={self.end_line!r}, end_column={self.end_column!r}, pointer={self.pointer!r}, tool={self.tool!r}, message={self.message!r}, name={self.name!r}, related={self.related!r}, fix={self.fix!r}, snippet={self.snippet!r}, start={self.start!r}, end={self.end!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return (
                self.rule,
                self.severity,
                self.confidence,
                self.path,
                self.line,
                self.column,
                self.end_line,
                self.end_column,
                self.pointer,
                self.tool,
                self.message,
                self.name,
                self.related,
                self.fix,
                self.snippet,
                self.start,
                self.end,
            ) == (
                other.rule,
                other.severity,
                other.confidence,
                other.path,
                other.line,
                other.column,
                other.end_line,
                other.end_column,
                other.pointer,
                other.tool,
                other.message,
                other.name,
                other.related,
                other.fix,
                other.snippet,
                other.start,
                other.end,
            )
        return NotImplemented

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


@dataclass(init=False, repr=False, eq=False)
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

    def __repr__(self) -> str:
        return f"{self.__class__.__qualname__}(path={self.path!r}, message={self.message!r}, line={self.line!r}, column={self.column!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return (self.path, self.message, self.line, self.column) == (
                other.path,
                other.message,
                other.line,
                other.column,
            )
        return NotImplemented

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "message": self.message}

    def text(self) -> str:
        if self.line is not None:
            return f"{self.path}:{self.line}:{self.column}: {self.message}"
        return f"{self.path}: {self.message}"
