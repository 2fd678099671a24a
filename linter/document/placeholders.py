"""Placeholder text the runtime will and will not match.

The runtime's regex is ``UTCP_ARG_([a-zA-Z0-9_]+?)_UTCP_END`` (lazy).  These
helpers find what an author *meant* as a placeholder and compare.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from ..core.lazyre import lazy_compile
from .placeholder_scan import (  # noqa: F401  (PLACEHOLDER_RE re-exported; the scans below are its linear form)
    CLOSE,
    OPEN,
    PLACEHOLDER_RE,
    PlaceholderScan,
    any_open_outside,
    loose_matches,
)

# the runtime's name characters ([a-zA-Z0-9_])
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")

GREEDY_RE = lazy_compile(r"UTCP_ARG_([a-zA-Z0-9_]+)_UTCP_END")
# What looks like an attempted placeholder: UTCP_ARG_ then a name-ish run,
# up to the next _UTCP_END or the end of the word.
LOOSE_RE = lazy_compile(
    r"UTCP_ARG_([^\s'\"`;|&<>(){}$]*?)_UTCP_END|UTCP_ARG_([A-Za-z0-9_.\-]+)(?![A-Za-z0-9_.\-])", re.IGNORECASE
)


def malformed(command: str, scan: PlaceholderScan | None = None):
    """(start, end, name, reason) for placeholder-like text the runtime leaves literal
    (``scan``: the command's :class:`PlaceholderScan`, when the caller has one)."""
    strict = (scan or PlaceholderScan(command)).finditer()
    strict_starts = [a for _n, a, _b in strict]
    strict_ends = [b for _n, _a, b in strict]
    out: list[tuple[int, int, str | None, str]] = []
    if not any_open_outside(command, strict_starts, strict_ends):
        return out  # every loose match would start inside a runtime match
    for start, end, g1, g2 in loose_matches(command):
        # inside a runtime match (strict matches do not overlap: one bisect)
        k = bisect_right(strict_starts, start) - 1
        if k >= 0 and start < strict_ends[k]:
            continue
        text = command[start:end]
        name: str | None  # g1 or g2: one of the two alternatives matched
        if g1 is not None:
            name = g1
            if not text.startswith("UTCP_ARG_") or not text.endswith("_UTCP_END"):
                reason = "the markers are case-sensitive (UTCP_ARG_ … _UTCP_END)"
            elif name == "":
                reason = "the name is empty"
            else:
                bad = sorted({c for c in name if not (c.isascii() and (c.isalnum() or c == "_"))})
                reason = (
                    f"the name may only contain ASCII letters, digits and '_' (found {' '.join(repr(c) for c in bad)})"
                )
        else:
            name = g2
            reason = "it has no closing _UTCP_END"
        out.append((start, end, name, reason))
    return out


def lazy_mismatches(command: str, scan: PlaceholderScan | None = None):
    """(start, end, lazy_name, greedy_name) where the lazy regex stops early
    (``scan``: the command's :class:`PlaceholderScan`, when the caller has one).

    Two placeholders written without a separator are not a mismatch: the lazy pattern
    reads them as the two placeholders they are (the second starts right at the first's
    ``_UTCP_END``), which is what the author wrote; nor are two with literal text
    between them (``UTCP_ARG_w_UTCP_ENDxUTCP_ARG_h_UTCP_END`` for ``WxH``): the greedy
    name would hold a whole ``UTCP_ARG_`` opening, which no author means.

    A greedy name longer than :data:`MAX_SHOWN_NAME` is shown with its middle
    elided: adjacent placeholders (``UTCP_ARG_a_UTCP_ENDUTCP_ARG_b_UTCP_END``
    x n) make every greedy name span the rest of the run, and copying it per
    placeholder was quadratic (issue 29)."""
    out = []
    if scan is None:
        scan = PlaceholderScan(command)
    n = len(command)
    for name, start, end in scan.finditer():
        if end == n or command[end] not in _NAME_CHARS:
            continue  # the name run ends with this _UTCP_END: the greedy match is the same
        if command.startswith(OPEN, end):
            continue  # adjacent placeholders (…_UTCP_ENDUTCP_ARG_b_UTCP_END): read as the two they are
        q = scan.greedy_close(start)
        if q is not None and command.find(OPEN, end, q) != -1:
            continue  # `UTCP_ARG_w_UTCP_ENDxUTCP_ARG_h_UTCP_END`: two placeholders with text between
        if q is not None and q != end - len(CLOSE):
            s = start + len(OPEN)
            if q - s > MAX_SHOWN_NAME:
                half = MAX_SHOWN_NAME // 2
                greedy = command[s : s + half] + "..." + command[q - half : q]
            else:
                greedy = command[s:q]
            out.append((start, q + len(CLOSE), name, greedy))
    return out


#: the longest greedy name :func:`lazy_mismatches` shows whole
MAX_SHOWN_NAME = 200


def find_in_text(text: str):
    """(name, start, end) of runtime-matched placeholders in any string."""
    return PlaceholderScan(text).finditer()
