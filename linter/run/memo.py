"""Reuse a CLI template's findings while its tool's text stays the same.

The language server re-lints a manual on every edit; in a 500-tool manual an
edit touches one tool.  :class:`TemplateMemo` keeps, per template, the
findings its rules produced, keyed by everything those rules can read:

* the text of the template's tool (the tool object: name, inputs, template),
  and of the line before it on its first line (so columns there are the same),
* the template's JSON pointer (its tool's index),
* the document outside the ``tools`` array (manual-level keys; the path),
* the rules and options of the run (a memo belongs to one :class:`Linter`).

A hit re-bases the stored findings by the lines and characters the tool moved
(an edit above it).  A template whose findings point outside its tool
(related locations, fix edits) or whose rules failed is never stored: it is
analysed again each time.  Results are identical to a run without the memo
(tests/test_lsp.py compares them after random edits).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..core.findings import Finding, Fix, Region, Related, SourceFile, TextEdit


class _Entry:
    __slots__ = ("start", "line", "findings")

    def __init__(self, start: int, line: int, findings: list[Finding]) -> None:
        self.start = start
        self.line = line
        self.findings = findings


class TemplateMemo:
    """Per-template findings of one document, kept across re-lints of its text."""

    def __init__(self, max_entries: int = 20000) -> None:
        self.max_entries = max_entries
        self._entries: dict[tuple, _Entry] = {}
        self._spans: dict[str, tuple[int, int]] = {}  # tool pointer -> (start, end) in this run's text
        self._outside = ""
        self._text = ""
        self._source: SourceFile | None = None
        self.hits = 0
        self.misses = 0

    # ---- one run ---------------------------------------------------------------
    def begin(self, doc: Any) -> None:
        """Called by the document handler before the template rules run."""
        text = doc.source.text
        self._text = text
        self._source = doc.source
        spans: dict[str, tuple[int, int]] = {}
        parts = []
        last = 0
        for t in doc.tools:
            n = t.node
            spans[n.pointer] = (n.start, n.end)
            parts.append(text[last : n.start])
            last = n.end
        parts.append(text[last:])
        self._spans = spans
        self._outside = doc.source.path + "\0" + "\0".join(parts)
        self.hits = self.misses = 0

    def _key(self, tpl: Any) -> tuple[tuple, int, int] | None:
        ptr = getattr(tpl, "pointer", None)
        if not isinstance(ptr, str) or self._source is None:
            return None
        tool_ptr = ptr.rsplit("/", 1)[0] if ptr.endswith("/tool_call_template") else None
        span = self._spans.get(tool_ptr) if tool_ptr is not None else None
        if span is None:
            return None
        start, end = span
        text = self._text
        line_start = text.rfind("\n", 0, start) + 1
        line = self._source.lines.position(start)[0]
        return (ptr, text[line_start:end], self._outside), start, line

    # ---- per template ----------------------------------------------------------
    def lookup(self, tpl: Any) -> list[Finding] | None:
        k = self._key(tpl)
        if k is None:
            return None
        key, start, line = k
        e = self._entries.get(key)
        if e is None:
            self.misses += 1
            return None
        self.hits += 1
        if e.start == start and e.line == line:
            return list(e.findings)
        return [_moved(f, start - e.start, line - e.line) for f in e.findings]

    def store(self, tpl: Any, findings: list[Finding]) -> None:
        k = self._key(tpl)
        if k is None:
            return
        key, start, line = k
        assert self._source is not None
        end = self._spans[key[0].rsplit("/", 1)[0]][1]
        path = self._source.path
        first, last = line, self._source.lines.position(end)[0]
        for f in findings:
            if f.path != path or not (first <= f.line and f.end_line <= last):
                return
            for r in f.related:
                if r.path != path or not (first <= r.region.line and r.region.end_line <= last):
                    return
            if f.fix is not None and any(not (start <= e.start and e.end <= end) for e in f.fix.edits):
                return
        if len(self._entries) >= self.max_entries:
            self._entries.clear()
        self._entries[key] = _Entry(start, line, list(findings))


def _moved(f: Finding, d_off: int, d_line: int) -> Finding:
    related = [
        Related(
            r.message,
            r.path,
            Region(r.region.line + d_line, r.region.column, r.region.end_line + d_line, r.region.end_column),
            r.pointer,
        )
        for r in f.related
    ]
    fix = None
    if f.fix is not None:
        fix = Fix(
            f.fix.description,
            [TextEdit(e.start + d_off, e.end + d_off, e.replacement) for e in f.fix.edits],
            f.fix.safe,
        )
    return dataclasses.replace(
        f,
        line=f.line + d_line,
        end_line=f.end_line + d_line,
        start=f.start + d_off if f.start or f.end else f.start,
        end=f.end + d_off if f.start or f.end else f.end,
        related=related,
        fix=fix,
    )


__all__ = ["TemplateMemo"]
