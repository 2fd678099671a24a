"""Linear-time equivalents of the placeholder regexes (issue 18).

The runtime's pattern ``UTCP_ARG_([a-zA-Z0-9_]+?)_UTCP_END`` is lazy: tried
at a ``UTCP_ARG_`` with no ``_UTCP_END`` after it, it walks to the end of the
name-character run before failing.  ``'UTCP_ARG_x' * 6500`` (64 KB) made
every such try walk the rest of the command: quadratic, 40 s.  The same holds
for the greedy variant and for the loose "looks like a placeholder" pattern.

Here the answers come from sorted occurrence lists and character-run ends
computed once per text (one regex pass each), then a binary search per
``UTCP_ARG_``: O(n log n) overall, and *exactly* the regexes' results (the
tests compare them on generated text, tests/test_robustness.py).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from ..core.lazyre import compile_pattern, lazy_compile
from ..run.budget import check

OPEN = "UTCP_ARG_"
CLOSE = "_UTCP_END"
# the runtime's own pattern (utcp-cli 1.1.5, lazy); the scan below is its linear-time form
PLACEHOLDER_RE = lazy_compile(r"UTCP_ARG_([a-zA-Z0-9_]+?)_UTCP_END")
_NAME_RUN = compile_pattern(r"[a-zA-Z0-9_]+")
# the loose pattern of utcp_lint.document.placeholders (case-insensitive)
_LOOSE_OPEN = lazy_compile(r"UTCP_ARG_", re.IGNORECASE)
_LOOSE_CLOSE = lazy_compile(r"_UTCP_END", re.IGNORECASE)
_LOOSE_STOP = lazy_compile(r"[\s'\"`;|&<>(){}$]")
_LOOSE_RUN = lazy_compile(r"[A-Za-z0-9_.\-]+", re.IGNORECASE)


def _find_all(text: str, sub: str) -> list[int]:
    """Start of every occurrence of ``sub`` (one that cannot overlap itself,
    like ``_UTCP_END``: the same as ``re.finditer``'s)."""
    out = []
    i = text.find(sub)
    while i != -1:
        out.append(i)
        i = text.find(sub, i + 1)
    return out


def _runs(rx, text):
    starts, ends = [], []
    for m in rx.finditer(text):
        starts.append(m.start())
        ends.append(m.end())
    return starts, ends


def _run_end(starts, ends, i) -> int:
    """End of the run holding position ``i``; ``i`` itself when none does."""
    k = bisect_right(starts, i) - 1
    if k >= 0 and ends[k] > i:
        return ends[k]
    return i


class PlaceholderScan:
    """Runtime placeholder matches of one text, answered in O(log n) each.

    ``match(pos)`` == ``PLACEHOLDER_RE.match(text, pos)`` as
    ``(name, start, end)`` or None; ``greedy(pos)`` == the greedy pattern's
    match at ``pos``; ``finditer()`` == ``PLACEHOLDER_RE.finditer(text)``.
    """

    __slots__ = ("text", "closes", "run_starts", "run_ends", "_memo", "_scanned", "_matches")

    def __init__(self, text: str):
        self.text = text
        self.closes: list[int] = _find_all(text, CLOSE) if OPEN in text else []
        # name-character runs are found on demand (most texts have a few placeholders and
        # are mostly name characters: listing every run cost more than the matching); the
        # full run lists are built once the on-demand scans have read 2x the text, which
        # keeps the worst case (a UTCP_ARG_ in every position of one long run) O(n log n)
        self.run_starts: list[int] | None = None
        self.run_ends: list[int] = []
        self._memo = (0, 0)  # [start, end) of the last run found: its end holds for any start inside
        self._scanned = 0
        self._matches: list[tuple[str, int, int]] | None = None  # finditer(), once

    def _run_end(self, i: int) -> int:
        """End of the name-character run holding position ``i``; ``i`` when none does."""
        if self.run_starts is not None:
            return _run_end(self.run_starts, self.run_ends, i)
        lo, hi = self._memo
        if lo <= i < hi:
            return hi
        m = _NAME_RUN.match(self.text, i)
        if m is None:
            return i
        e = m.end()
        self._memo = (i, e)
        self._scanned += e - i
        if self._scanned > 2 * len(self.text) + 64:
            self.run_starts, self.run_ends = _runs(_NAME_RUN, self.text)
        return e

    def match(self, pos: int) -> tuple[str, int, int] | None:
        text = self.text
        if not self.closes or not text.startswith(OPEN, pos):
            return None
        s = pos + len(OPEN)
        k = bisect_left(self.closes, s + 1)  # the name has at least one character
        if k == len(self.closes):
            return None
        q = self.closes[k]
        # lazy: the first _UTCP_END with only name characters before it
        if q > self._run_end(s):
            return None
        return text[s:q], pos, q + len(CLOSE)

    def greedy(self, pos: int) -> tuple[str, int, int] | None:
        q = self.greedy_close(pos)
        if q is None:
            return None
        return self.text[pos + len(OPEN) : q], pos, q + len(CLOSE)

    def greedy_close(self, pos: int) -> int | None:
        """Start of the ``_UTCP_END`` the greedy pattern's match at ``pos``
        ends with (no name slice: a caller comparing matches over one long
        name run stays linear)."""
        if not self.closes or not self.text.startswith(OPEN, pos):
            return None
        s = pos + len(OPEN)
        limit = self._run_end(s) - len(CLOSE)
        k = bisect_right(self.closes, limit) - 1
        if k < 0 or self.closes[k] < s + 1:
            return None
        return self.closes[k]

    def opens(self) -> list[int]:
        """Sorted start offsets of every ``UTCP_ARG_`` (overlaps impossible)."""
        return _find_all(self.text, OPEN)  # UTCP_ARG_ cannot overlap itself: re.finditer's starts

    def finditer(self) -> list[tuple[str, int, int]]:
        """Every runtime match, in order (computed once; a new list each call)."""
        if self._matches is None:
            self._matches = self._finditer()
        return list(self._matches)

    def _finditer(self) -> list[tuple[str, int, int]]:
        out: list[tuple[str, int, int]] = []
        if not self.closes:
            return out
        text = self.text
        pos = text.find(OPEN)
        while pos != -1:
            check()  # the CPU budget (linter/run/budget.py)
            m = self.match(pos)
            if m is not None:
                out.append(m)
                pos = text.find(OPEN, m[2])
            else:
                pos = text.find(OPEN, pos + 1)
        return out


def any_open_outside(text: str, starts: list[int], ends: list[int]) -> bool:
    """Whether some case-insensitive ``UTCP_ARG_`` of ``text`` lies outside
    every runtime match ``[starts[k], ends[k])`` (:meth:`PlaceholderScan.finditer`).
    A :func:`loose_matches` match starts at such an opening, so where this is
    False none starts outside the matches: the cheap test before the scan."""
    n = len(starts)
    # Each match starts at its own exact UTCP_ARG_; the case-insensitive ones
    # are ASCII (no other character folds to u t c p a r g _), so each shows in
    # text.upper().  Equal counts: every opening is a match's start.
    if text.count(OPEN) == n and text.upper().count(OPEN) == n:
        return False
    for m in _LOOSE_OPEN.finditer(text):
        p = m.start()
        k = bisect_right(starts, p) - 1
        if k < 0 or p >= ends[k]:
            return True
    return False


def loose_matches(text: str) -> list[tuple[int, int, str | None, str | None]]:
    """``(start, end, group1, group2)`` of ``placeholders.LOOSE_RE.finditer(text)``
    (lazy ``UTCP_ARG_<non-stop>*?_UTCP_END`` or ``UTCP_ARG_<name-ish>+`` not
    followed by a name-ish character), without its quadratic retries."""
    opens = [m.start() for m in _LOOSE_OPEN.finditer(text)]
    if not opens:
        return []
    closes = [m.start() for m in _LOOSE_CLOSE.finditer(text)]
    stops = [m.start() for m in _LOOSE_STOP.finditer(text)]
    run_starts, run_ends = _runs(_LOOSE_RUN, text)
    n = len(text)
    out: list[tuple[int, int, str | None, str | None]] = []
    last_end = 0
    for p in opens:
        if p < last_end:
            continue
        s = p + 9
        k = bisect_left(closes, s)
        j = bisect_left(stops, s)
        first_stop = stops[j] if j < len(stops) else n
        if k < len(closes) and closes[k] <= first_stop and closes[k] + 9 <= n:
            q = closes[k]
            out.append((p, q + 9, text[s:q], None))
            last_end = q + 9
            continue
        e = _run_end(run_starts, run_ends, s)
        if e > s:
            out.append((p, e, None, text[s:e]))
            last_end = e
    return out
