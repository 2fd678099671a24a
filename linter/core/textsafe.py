"""One helper for every human-readable line utcp-lint prints (issue 17).

The text report of ``check`` escapes control characters, newlines, bidi
controls and lone surrogates (``reporters.text_report._one_line``); ``verify``,
``run``, ``declare`` and every error line use the same function through
:func:`one_line`, so a tool name or any other manual-controlled text can neither
forge a line of output (a fake "0 proven problem(s)") nor send terminal escape
sequences.  :func:`line_start` also neutralises a leading ``::``, which GitHub
Actions would read as a workflow command when the text begins a log line.
"""

from __future__ import annotations

from ..reporters.text_report import _one_line


def one_line(value) -> str:
    return _one_line(str(value))


def line_start(value) -> str:
    s = _one_line(str(value))
    return "\\x3a" + s[1:] if s.startswith("::") else s
