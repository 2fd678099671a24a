"""Exact positions inside f-strings whose fields are constants (templates in Python).

``CommandStep(command=f"{GIT} log UTCP_ARG_ref_UTCP_END")`` with ``GIT`` a
module constant is a static command: the template rules must see it.  Each
literal character maps to its own source characters (escapes, ``{{``/``}}``,
implicit concatenation with plain and f-string pieces); the characters a
field produces all map to the field ``{...}`` in the source.  Returns None on
anything unusual; the caller then maps every character to the literal start.
"""

from __future__ import annotations

from .strings import PyStringRef, decode_body, scan_piece, skip_between


def _field_end(text: str, i: int, end: int) -> int:
    """Index just after the ``}`` closing the field that starts at ``text[i] == '{'``."""
    depth = 0
    k = i
    quote = None
    while k < end:
        c = text[k]
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return k + 1
        k += 1
    return -1


def fstring_ref(text: str, start: int, end: int, fields: list, expected: str) -> PyStringRef | None:
    """``fields``: the str value of each ``{...}`` field, in source order."""
    out: list = []
    starts: list = []
    ends: list = []
    i = skip_between(text, start, end)
    fi = 0
    while i < end:
        p = scan_piece(text, i, end)
        if p is None:
            return None
        prefix, _q, bs, be, nxt = p
        if "b" in prefix:
            return None
        raw = "r" in prefix
        if "f" not in prefix:
            if not decode_body(text, bs, be, raw, False, out, starts, ends):
                return None
        else:
            k = bs
            seg = bs
            while k < be:
                c = text[k]
                if c in "{}" and text.startswith(c * 2, k):
                    if not decode_body(text, seg, k, raw, False, out, starts, ends):
                        return None
                    out.append(c)
                    starts.append(k)
                    ends.append(k + 2)
                    k += 2
                    seg = k
                    continue
                if c == "{":
                    if not decode_body(text, seg, k, raw, False, out, starts, ends):
                        return None
                    fe = _field_end(text, k, be)
                    if fe < 0 or fi >= len(fields):
                        return None
                    for ch in fields[fi]:
                        out.append(ch)
                        starts.append(k)
                        ends.append(fe)
                    fi += 1
                    k = seg = fe
                    continue
                if c == "\\" and not raw:
                    k += 2
                    continue
                k += 1
            if not decode_body(text, seg, be, raw, False, out, starts, ends):
                return None
        i = skip_between(text, nxt, end)
    value = "".join(out)
    if value != expected or fi != len(fields):
        return None
    table = starts + [ends[-1] if ends else start]
    return PyStringRef(value=value, base=start, table=table, ends=ends)
