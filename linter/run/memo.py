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

import bisect
from typing import Any

from ..core.findings import Finding, Fix, Region, Related, SourceFile, TextEdit


class _Entry:
    __slots__ = ("start", "line", "findings")

    def __init__(self, start: int, line: int, findings: list[Finding]) -> None:
        self.start = start
        self.line = line
        self.findings = findings


class _Reused:
    """A CLI template the memo answers for (only its pointer is read)."""

    __slots__ = ("pointer",)

    def __init__(self, pointer: str) -> None:
        self.pointer = pointer

    def release_analyses(self) -> None:
        pass


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
    def reused(self, tool: Any) -> _Reused | None:
        """A stand-in for the CLI template of ``tool`` (a ToolRef) when its findings are
        held: :meth:`lookup` answers it, so the template need not be built."""
        stub = _Reused(tool.pointer + "/tool_call_template")
        k = self._key(stub)
        return stub if k is not None and k[0] in self._entries else None

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
    """``f`` moved by ``d_line`` lines and ``d_off`` characters (its related locations
    and fix edits too).  Built slot by slot, without ``dataclasses.replace``'s
    ``__init__`` (the message and pointer are the same objects, already shared):
    a re-lint moves the findings of every tool below the edit."""
    g = _new_finding(Finding)
    g.rule, g.severity, g.confidence, g.path = f.rule, f.severity, f.confidence, f.path
    g.line, g.column, g.end_line, g.end_column = f.line + d_line, f.column, f.end_line + d_line, f.end_column
    g.pointer, g.tool, g.message, g.name, g.snippet = f.pointer, f.tool, f.message, f.name, f.snippet
    if f.start or f.end:
        g.start, g.end = f.start + d_off, f.end + d_off
    else:
        g.start, g.end = f.start, f.end
    g.related = (
        [
            Related(
                r.message,
                r.path,
                Region(r.region.line + d_line, r.region.column, r.region.end_line + d_line, r.region.end_column),
                r.pointer,
            )
            for r in f.related
        ]
        if f.related
        else f.related
    )
    g.fix = (
        Fix(
            f.fix.description,
            [TextEdit(e.start + d_off, e.end + d_off, e.replacement) for e in f.fix.edits],
            f.fix.safe,
        )
        if f.fix is not None
        else None
    )
    return g


_new_finding = object.__new__
# every field of a Finding is set by _moved: a field added to Finding must be added there
_MOVED_FIELDS = (
    "rule severity confidence path line column end_line end_column pointer tool message name related fix snippet "
    "start end"
).split()


# ---------------------------------------------------------------------------
# document rules judging one tool at a time
# ---------------------------------------------------------------------------


def _blank(segment: str) -> str:
    """Spaces and line breaks of ``segment``'s length, with its number of line
    breaks and the length of its last line: every offset, line and column
    after it stays where it was (the lines inside it are nobody's)."""
    breaks = segment.count("\n")
    if not breaks:
        return " " * len(segment)
    last = len(segment) - segment.rfind("\n") - 1
    return " " * (len(segment) - breaks - last) + "\n" * breaks + " " * last


def view_text(text: str, spans: list[tuple[int, int]], kept: set[int]) -> str:
    """``text`` with every tool span not in ``kept`` blanked to ``0`` and spaces
    and line breaks (same length, same lines: a tool's first character is never
    a line break; a number is the cheapest tool to validate and holds no model
    text); a span too short to blank joins ``kept``."""
    pieces, last = [], 0
    for i, (s, e) in enumerate(spans):
        if i in kept or e - s < 1:
            kept.add(i)
            continue
        pieces.append(text[last:s])
        pieces.append("0" + _blank(text[s + 1 : e]))
        last = e
    pieces.append(text[last:])
    return "".join(pieces)


class DocumentMemo:
    """Findings of the *tool-local* document rules (``Rule.tool_local``: what
    such a rule reports about a tool depends on that tool's text alone, and
    what it reports outside every tool on the text outside the tools), per
    tool, kept across re-lints of one manual.

    On a re-lint the tools whose text (with the lines they share with their
    neighbours), index and surrounding document are unchanged get their
    stored findings, moved by the lines and characters the tool moved; the
    others are judged on a *view* of the manual: the same text with every
    reused tool blanked to ``0`` plus spaces and line breaks (same length,
    same lines), so the kept tools' offsets, lines, columns and JSON pointers
    are the real ones and the rules run on a document of a few tools.  A
    view's findings inside a blanked tool are dropped; those outside every
    tool are the document's own.  The document-wide rules (names across
    tools, siblings, the lock) always run on the whole document.
    tests/test_lsp_incremental.py proves, on every fixture and corpus manual,
    that each ``tool_local`` rule's findings are the union of its findings on
    the one-tool views, and that random edits give exactly a cold run's
    findings."""

    def __init__(self, max_entries: int = 20000) -> None:
        self.max_entries = max_entries
        self._entries: dict[tuple, _Entry] = {}
        self.hits = 0
        self.misses = 0
        self.viewed = 0  # tools judged on the last view (0: the whole document was)
        self._root: Any = None  # the last text's tree, which the next text's edit is spliced into
        self._data: tuple[Any, list[str], str] = (None, [], "")  # the last manual's plain values, tool texts, the rest
        self.validation_cache: dict[tuple[str, str], list[Any]] = {}  # per tool: models.validate.Validator.tool

    def parse(self, text: str) -> Any:
        """The tree of ``text``: the last one with the changed object or array
        parsed again (:func:`utcp_lint.document.jsonpos.reparse`), else a whole parse."""
        from ..document.jsonpos import parse, reparse

        root = parse(text) if self._root is None else reparse(self._root, text)
        self._root = root
        return root

    def data(self, root: Any) -> Any:
        """``to_python(root)`` of a manual, the plain values of each tool whose text
        is the same as in the last call's reused (new containers above them: the
        reused values are never changed, by us or by a reader), or None when the
        shape differs (the document converts its tree itself)."""
        from ..document.jsonpos import to_python

        prev, prev_texts, prev_outside = self._data
        self._data = (None, [], "")
        tools = root.get("tools") if root.kind == "object" else None
        if tools is None or tools.kind != "array":
            return None
        text = root.tree.text
        texts, parts, last = [], [], 0
        for tn in tools.children:
            texts.append(text[tn.start : tn.end])
            parts.append(text[last : tn.start])
            last = tn.end
        parts.append(text[last:])
        outside = "\0".join(parts)
        if prev is None or outside != prev_outside or len(texts) != len(prev_texts):
            data = to_python(root)
        else:
            old = prev["tools"]
            nodes = tools.children
            data = dict(prev)
            data["tools"] = [old[i] if t == prev_texts[i] else to_python(nodes[i]) for i, t in enumerate(texts)]
        self._data = (data, texts, outside)
        return data

    def run(self, doc: Any, rules: list, result: Any, run_rule: Any) -> None:
        """Append the findings of the tool-local ``rules`` on ``doc`` to ``result``
        (``run_rule(rule, ctx, source, result)``: the runner's, with its containment)."""
        from ..core.findings import SourceFile
        from .result import RunResult

        self.hits = self.misses = self.viewed = 0
        if doc.kind != "manual" or not rules:
            for rule in rules:
                run_rule(rule, doc, doc.source, result)
            return
        text = doc.source.text
        spans = [(t.node.start, t.node.end) for t in doc.tools]
        parts, last = [], 0
        for s, e in spans:
            parts.append(text[last:s])
            last = e
        parts.append(text[last:])
        ids = tuple(r.id for r in rules)
        outside_key = ("outside", ids, doc.source.path + "\0" + "\0".join(parts))
        lines = doc.source.lines
        found: list[Finding] = []
        missing: list[int] = []
        keys: list[tuple] = []
        for i, (s, e) in enumerate(spans):
            line_start = text.rfind("\n", 0, s) + 1
            line_end = text.find("\n", e)
            key = (i, ids, text[line_start : len(text) if line_end < 0 else line_end], outside_key[2])
            keys.append(key)
            entry = self._entries.get(key)
            if entry is None:
                self.misses += 1
                missing.append(i)
                continue
            self.hits += 1
            line = lines.position(s)[0]
            if entry.start == s and entry.line == line:
                found.extend(entry.findings)
            else:
                found.extend(_moved(f, s - entry.start, line - entry.line) for f in entry.findings)
        outside = self._entries.get(outside_key)
        if not missing and outside is not None:
            result.findings.extend(found)
            result.findings.extend(outside.findings)
            return
        # judge the missing tools (and the text outside them): on the document
        # itself when most tools are missing, else on a view with the others blanked
        if 2 * len(missing) >= len(spans):
            view, kept = doc, set(range(len(spans)))
        else:
            from ..document.jsonpos import JSONPosError, no_gc, parse
            from ..ruleset.context import DocumentContext

            kept = set(missing)
            vtext = view_text(text, spans, kept)
            try:
                with no_gc():
                    # the same line starts wherever the view is not blank: the document's line index
                    vsource = SourceFile(doc.source.path, vtext, doc.source.lines)
                    view = DocumentContext(vsource, parse(vtext), doc.options, base=doc)
            except (JSONPosError, RecursionError):  # cannot happen for a blanked valid document; be safe
                view, kept = doc, set(range(len(spans)))
            else:
                view.kind = doc.kind
                if len(view.tools) != len(spans):  # not the same shape: judge the document itself
                    view, kept = doc, set(range(len(spans)))
        if view is doc:
            found = []
        self.viewed = 0 if view is doc else len(kept)
        sub = RunResult()
        for rule in rules:
            run_rule(rule, view, view.source, sub)
        if sub.errors:
            # a rule failed on the view: judge the whole document, store nothing
            if view is not doc:
                for rule in rules:
                    run_rule(rule, doc, doc.source, result)
                return
            result.errors.extend(sub.errors)
            result.findings.extend(sub.findings)
            return
        per_tool: dict[int, list[Finding]] = {i: [] for i in kept}
        outside_findings: list[Finding] = []
        starts = [s for s, _e in spans]
        storable = True
        for f in sub.findings:
            at = _offset(f, lines)
            k = bisect.bisect_right(starts, at) - 1
            inside = k >= 0 and at < spans[k][1]
            if inside and k not in kept:
                continue  # about a blanked tool
            if inside:
                s, e = spans[k]
                if not _within(f, doc.source.path, s, e, lines):
                    storable = False
                per_tool[k].append(f)
            else:
                outside_findings.append(f)
        result.findings.extend(found)
        result.findings.extend(sub.findings if view is doc else [f for fs in per_tool.values() for f in fs])
        if view is not doc:
            result.findings.extend(outside_findings)
        if not storable:
            return
        if len(self._entries) + len(per_tool) + 1 > self.max_entries:
            self._entries.clear()
        for i, fs in per_tool.items():
            s = spans[i][0]
            self._entries[keys[i]] = _Entry(s, lines.position(s)[0], fs)
        self._entries[outside_key] = _Entry(0, 1, outside_findings)


def _offset(f: Finding, lines: Any) -> int:
    """Where ``f`` starts (from its line and column when it carries no offsets)."""
    if f.start or f.end:
        return f.start
    starts = lines.starts
    return starts[min(max(f.line, 1), len(starts)) - 1] + max(f.column, 1) - 1


def _within(f: Finding, path: str, start: int, end: int, lines: Any) -> bool:
    """Whether ``f`` (with its related locations and fix) lies inside [start, end)."""
    first, last = lines.position(start)[0], lines.position(end)[0]
    if f.path != path or not (start <= f.start and f.end <= end and first <= f.line and f.end_line <= last):
        return False
    for r in f.related:
        if r.path != path or not (first <= r.region.line and r.region.end_line <= last):
            return False
    return f.fix is None or all(start <= e.start and e.end <= end for e in f.fix.edits)


__all__ = ["TemplateMemo", "DocumentMemo", "view_text"]
