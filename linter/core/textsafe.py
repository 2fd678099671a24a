"""One helper for every human-readable line utcp-lint prints (issue 17).

The text report of ``check`` escapes control characters, newlines, bidi
controls and lone surrogates (:func:`one_line`); ``verify``,
``run``, ``declare`` and every error line use the same function through
:func:`one_line`, so a tool name or any other manual-controlled text can neither
forge a line of output (a fake "0 proven problem(s)") nor send terminal escape
sequences.  :func:`line_start` also neutralises a leading ``::``, which GitHub
Actions would read as a workflow command when the text begins a log line.
"""

from __future__ import annotations

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _esc_char(ch: str) -> str:
    o = ord(ch)
    if ch in _NAMED:
        return _NAMED[ch]
    if o < 0x100:
        return f"\\x{o:02x}"
    if o < 0x10000:
        return f"\\u{o:04x}"
    return f"\\U{o:08x}"


def _escape(s: str) -> str:
    """Escape what a terminal would not show faithfully: newlines (one
    finding per line), ESC (terminal control sequences), bidi controls
    (display spoofing), lone surrogates (which cannot even be encoded)."""
    if s.isprintable():
        return s
    return "".join(ch if ch.isprintable() else _esc_char(ch) for ch in s)


def one_line(value) -> str:
    return _escape(str(value))


def line_start(value) -> str:
    s = _escape(str(value))
    return "\\x3a" + s[1:] if s.startswith("::") else s
