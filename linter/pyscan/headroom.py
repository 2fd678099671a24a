"""The stack headroom of an analysis: the same whoever calls it (issue 25, pyD2).

The value analysis (:mod:`.evaluate`) and the walks of the scope model are
recursive, and a question that recurses past Python's recursion limit is
answered "unknown" (``except RecursionError``).  How deep that is was the
caller's business: ``sys.getrecursionlimit()`` minus the depth of the stack at
the call.  So a file's findings, and the count of questions its UL011 note
gives, depended on who called the scan: the command line's serial loop (depth
16), the parent of a parallel scan (17: a ``for`` loop one call deeper), its
forked worker (18: a list comprehension deeper still), a test or an embedder
(pytest: ~40) or a caller that raised the limit.  Which process scans a file
of a parallel run is decided by the clock (the claim pipes of
``_run_forked``), so inspect-ai 0.3.285's ``inspect_ai/agent/_bridge/bridge.py``
(1,624 answers cut by the recursion limit) said "158", "159" or "160 later
questions" from run to run.

:class:`fixed_headroom` sets the limit to the depth at its entry plus
:data:`HEADROOM` frames, and puts the caller's limit back on exit: every entry
to an analysis of Python source (one file's scan, the project pass) gets the
same room.  ``HEADROOM`` is the room the command line's serial scan had before
(1000 - 16, at the entry of ``scan_text_summary`` and of ``_project_pass``),
so its findings do not change.
"""

from __future__ import annotations

import sys

from ..core.lazyre import lazy_compile

__all__ = ["HEADROOM", "fixed_headroom", "stack_depth"]

#: frames of room above the entry of an analysis (the command line's serial scan's: 1000 - 16)
HEADROOM = 984

# CPython's ``sys.setrecursionlimit`` refuses a limit at or below the current depth and says
# the depth (Python/sysmodule.c, 3.7 to 3.13: "cannot set the recursion limit to %i at the
# recursion depth %i: the limit is too low")
_DEPTH_SAID = lazy_compile(r"recursion depth (\d+)")


def stack_depth() -> int:
    """The interpreter's recursion depth at the caller: the count the recursion limit is
    checked against (Python frames, and calls into Python from C, which
    ``sys._getframe`` does not show)."""
    old = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(1)
    except RecursionError as e:
        m = _DEPTH_SAID.search(str(e))
        if m is not None:
            return int(m.group(1)) - 1  # this function's own frame
    else:  # pragma: no cover - an interpreter that accepts any limit
        sys.setrecursionlimit(old)
    # an interpreter that words it otherwise: the lowest limit it accepts, found by halving
    lo, hi = 1, old  # refused at lo, accepted at hi (the limit in force)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        try:
            sys.setrecursionlimit(mid)
        except RecursionError:
            lo = mid
        else:
            hi = mid
    sys.setrecursionlimit(old)
    return hi - 1 - 1  # depth < hi; this function's own frame


class fixed_headroom:
    """``with fixed_headroom():`` the recursion limit is the depth here + ``room``."""

    __slots__ = ("old", "room")

    def __init__(self, room: int = HEADROOM):
        self.room = room
        self.old = 0

    def __enter__(self) -> fixed_headroom:
        self.old = sys.getrecursionlimit()
        # the depth of the ``with`` statement's frame: __enter__ is one call deeper
        sys.setrecursionlimit(stack_depth() - 1 + self.room)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.setrecursionlimit(self.old)
