"""Python string literals -> decoded value plus a map back to source offsets.

``map_literal(text, start, end)`` reads the source of one string expression
(``text[start:end]``, as spanned by an ``ast.Constant``): one literal or an
implicit concatenation of several (``"a" "b"``, across lines, with comments
between), with any prefix (``r``, ``b``, ``u``, ``R``...) and quote style.  It
returns the decoded value and two tables, ``starts[i]`` / ``ends[i]`` = source
offsets of decoded character ``i`` (an escape such as ``\\x41`` maps to all of
its source characters).  f-strings are not mapped (``None``): their
characters do not all come from the source.

The result must equal what Python decodes; :func:`map_literal` checks that
against the value the parser produced and returns ``None`` on any mismatch,
and the caller then maps every character to the literal's start (never a
wrong position).
"""

from __future__ import annotations

import unicodedata

from ..core.fieldwise import record, record_eq, record_repr
from ..document.refs import OffsetStringRef

_SIMPLE = {"\\": "\\", "'": "'", '"': '"', "a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}


@record
class PyStringRef(OffsetStringRef):
    """An :class:`OffsetStringRef` that also knows where each character ends,
    so a span that stops before an escape or a piece boundary does not grow
    over the closing quote."""

    ends: list | None = None

    def __init__(
        self,
        value: str,
        base: int,
        table: list[int] | None = None,
        ends: list | None = None,
    ) -> None:
        self.value = value
        self.base = base
        self.table = table
        self.ends = ends

    __repr__ = record_repr
    __eq__ = record_eq

    def span(self, start: int, end: int) -> tuple[int, int]:
        if self.table is None or self.ends is None:
            return super().span(start, end)
        n = len(self.value)
        s = max(0, min(start, n))
        e = max(s, min(end, n))
        so = self.table[s] if s < n else (self.ends[n - 1] if n else self.base)
        if e == s:
            return so, so
        return so, self.ends[e - 1]


def scan_piece(text: str, i: int, end: int):
    """One literal starting at ``i``: (prefix, quote, body_start, body_end, next)."""
    j = i
    while j < end and text[j] in "rRbBuUfF":
        j += 1
    prefix = text[i:j].lower()
    if j >= end or text[j] not in "'\"":
        return None
    q = text[j : j + 3] if text[j : j + 3] in ('"""', "'''") else text[j]
    body = j + len(q)
    k = body
    while k < end:
        c = text[k]
        if c == "\\":
            k += 2
            continue
        if text.startswith(q, k):
            return prefix, q, body, k, k + len(q)
        if len(q) == 1 and c in "\r\n":
            return None
        k += 1
    return None


def skip_between(text: str, i: int, end: int) -> int:
    while i < end:
        c = text[i]
        if c in " \t\f\r\n":
            i += 1
        elif c == "\\" and i + 1 < end and text[i + 1] in "\r\n":
            i += 2
        elif c == "#":
            while i < end and text[i] not in "\r\n":
                i += 1
        elif c in "()":
            i += 1
        else:
            break
    return i


def decode_body(text: str, s: int, e: int, raw: bool, is_bytes: bool, out, starts, ends):
    i = s
    while i < e:
        c = text[i]
        if c == "\r":
            # universal newlines: the parser sees \r\n and \r as \n
            nxt = i + 2 if text.startswith("\r\n", i) else i + 1
            out.append("\n")
            starts.append(i)
            ends.append(nxt)
            i = nxt
            continue
        if c != "\\" or raw:
            if raw and c == "\\" and i + 1 < e:
                # a raw string keeps the backslash and the next character
                out.append(c)
                starts.append(i)
                ends.append(i + 1)
                i += 1
                c2 = text[i]
                if c2 == "\r":
                    continue
                out.append(c2)
                starts.append(i)
                ends.append(i + 1)
                i += 1
                continue
            out.append(c)
            starts.append(i)
            ends.append(i + 1)
            i += 1
            continue
        # an escape sequence
        if i + 1 >= e:
            return False
        n = text[i + 1]
        if n in "\r\n":  # line continuation inside the literal: no character
            i += 3 if text.startswith("\r\n", i + 1) else 2
            continue
        if n in _SIMPLE:
            out.append(_SIMPLE[n])
            starts.append(i)
            ends.append(i + 2)
            i += 2
            continue
        if n in "01234567":
            j = i + 1
            while j < e and j < i + 4 and text[j] in "01234567":
                j += 1
            v = int(text[i + 1 : j], 8)
            out.append(chr(v & 0xFF) if is_bytes else chr(v))
            starts.append(i)
            ends.append(j)
            i = j
            continue
        width = {"x": 2, "u": 4, "U": 8}.get(n)
        if width is not None and not (is_bytes and n in "uU"):
            h = text[i + 2 : i + 2 + width]
            if len(h) != width or any(ch not in "0123456789abcdefABCDEF" for ch in h):
                return False
            out.append(chr(int(h, 16)))
            starts.append(i)
            ends.append(i + 2 + width)
            i += 2 + width
            continue
        if n == "N" and not is_bytes and text.startswith("{", i + 2):
            close = text.find("}", i + 3, e)
            if close == -1:
                return False
            try:
                out.append(unicodedata.lookup(text[i + 3 : close]))
            except KeyError:
                return False
            starts.append(i)
            ends.append(close + 1)
            i = close + 1
            continue
        # unknown escape: Python keeps both characters
        out.append("\\")
        starts.append(i)
        ends.append(i + 1)
        out.append(n)
        starts.append(i + 1)
        ends.append(i + 2)
        i += 2
    return True


def map_literal(text: str, start: int, end: int, expected=None):
    """(value, starts, ends) for the string expression ``text[start:end]``, or None."""
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    i = skip_between(text, start, end)
    pieces = 0
    is_bytes = None
    while i < end:
        p = scan_piece(text, i, end)
        if p is None:
            return None
        prefix, _q, bs, be, nxt = p
        if "f" in prefix:
            return None
        b = "b" in prefix
        if is_bytes is None:
            is_bytes = b
        elif is_bytes != b:
            return None
        if not decode_body(text, bs, be, "r" in prefix, b, out, starts, ends):
            return None
        pieces += 1
        i = skip_between(text, nxt, end)
    if not pieces:
        return None
    value = "".join(out)
    if expected is not None:
        exp = expected.decode("latin-1") if isinstance(expected, bytes) else expected
        if value != exp:
            return None
    return value, starts, ends


def string_ref(text: str, start: int, end: int, value) -> PyStringRef:
    """A reference for a str/bytes constant; exact when mappable, else every
    character maps to the literal's start."""
    m = map_literal(text, start, end, value)
    sval = value.decode("latin-1") if isinstance(value, bytes) else value
    if m is None:
        return PyStringRef(value=sval, base=start, table=[start] * (len(sval) + 1), ends=[start] * len(sval))
    v, starts, ends = m
    table = starts + [ends[-1] if ends else start]
    return PyStringRef(value=v, base=start, table=table, ends=ends)
