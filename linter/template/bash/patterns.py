"""What a glob or regex check proves about the value it lets through (issue 23, guards).

Pure text functions, no syntax tree: the guard code of :mod:`valueflow` calls them with a
``case`` pattern, the right side of ``[[ V == P ]]`` / ``[[ V =~ RX ]]``.

A *fact* is ``(first, chars)``: the bytes a surviving value may start with and the bytes it
may contain, each a frozenset or ``None`` (any byte).  :data:`EMPTY` is the fact of no value
at all (every value is rejected).  Facts over-approximate: a surviving value always
satisfies them (sound for dropping a finding), they may allow more than the check does.

* :func:`glob_match` -- the values a pattern matches (``[a-z]*``, ``+([0-9])``, a literal);
* :func:`glob_miss` -- the values a pattern does NOT match (``*[!a-z0-9]*`` -> only
  ``a-z0-9``; ``-*`` -> not led by ``-``; ``*/*`` -> no ``/``; ``@(-*|*/*)`` both);
* :func:`regex_miss` -- the values an unanchored ERE does not find (``[^a-z]``, ``^-``, ``/``);
* :func:`meet` / :func:`join` -- both facts hold / either holds.

Sources: bash(1) "Pattern Matching" (``*``, ``?``, ``[...]``, ``[!...]``/``[^...]``, the
extglob operators ``?( ) *( ) +( ) @( ) !( )``, quoted characters match themselves;
``[[ == ]]`` and ``case`` patterns), regex(7) for ERE bracket expressions.
"""

from __future__ import annotations

import re
from functools import lru_cache


def bracket_end(pat: str, i: int) -> int:
    """Index of the ``]`` closing the bracket expression that opens at ``pat[i]``
    (``[``; a leading ``!``/``^`` negates, a ``]`` first is literal, ``[:class:]``
    inside), or ``len(pat)`` when it is not closed (glob and ERE share the shape)."""
    n = len(pat)
    j = i + 1
    if j < n and pat[j] in "!^":
        j += 1
    if j < n and pat[j] == "]":
        j += 1
    while j < n and pat[j] != "]":
        if pat.startswith("[:", j):
            k = pat.find(":]", j + 2)
            j = k + 2 if k >= 0 else n
            continue
        j += 1
    return j


__all__ = ["EMPTY", "ANY", "glob_match", "glob_matches", "glob_miss", "regex_miss", "meet", "join", "class_chars"]

# every byte a value may hold, for complements ("any byte but '/'"); values are text, and a
# byte outside this range never makes a set look safer than it is (SAFE_CHARS is ASCII)
_UNIVERSE = frozenset(chr(c) for c in range(1, 0x250))
ANY: tuple = (None, None)
EMPTY: tuple = (frozenset(), frozenset())
DIGITS = frozenset("0123456789")
# POSIX bracket-expression classes ([[:alpha:]] …): glob(7), regex(7)
POSIX_CLASSES = {
    "digit": DIGITS,
    "alpha": frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    "alnum": frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
    "lower": frozenset("abcdefghijklmnopqrstuvwxyz"),
    "upper": frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    "xdigit": frozenset("0123456789abcdefABCDEF"),
    "space": frozenset(" \t\n\r\f\v"),
    "blank": frozenset(" \t"),
    "punct": frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"),
}


def class_chars(body: str) -> tuple | None:
    """(negated, chars) of a bracket expression body without its brackets; None when it
    cannot be read (an unknown ``[:name:]``, a range wider than 200 code points)."""
    neg = body[:1] in ("!", "^")
    if neg:
        body = body[1:]
    out: set = set()
    i = 0
    n = len(body)
    while i < n:
        if body.startswith("[:", i):
            j = body.find(":]", i + 2)
            cls = POSIX_CLASSES.get(body[i + 2 : j]) if j >= 0 else None
            if cls is None:
                return None
            out |= cls
            i = j + 2
            continue
        ch = body[i]
        if ch == "\\" and i + 1 < n:
            i += 1
            ch = body[i]
        if i + 2 < n and body[i + 1] == "-":
            lo, hi = ord(ch), ord(body[i + 2])
            if hi < lo or hi - lo > 200:
                return None
            out |= {chr(c) for c in range(lo, hi + 1)}
            i += 3
            continue
        out.add(ch)
        i += 1
    return neg, frozenset(out)


def _norm(s: frozenset | None) -> frozenset | None:
    return None if s is not None and s >= _UNIVERSE else s


def meet(a: tuple, b: tuple) -> tuple:
    """Both facts hold."""
    f = a[0] if b[0] is None else b[0] if a[0] is None else a[0] & b[0]
    c = a[1] if b[1] is None else b[1] if a[1] is None else a[1] & b[1]
    if c is not None:
        f = c if f is None else f & c  # the first byte is one of the value's bytes
    return f, c


def join(a: tuple, b: tuple) -> tuple:
    """Either fact holds (the union of the two value sets)."""
    f = None if a[0] is None or b[0] is None else a[0] | b[0]
    c = None if a[1] is None or b[1] is None else a[1] | b[1]
    return f, c


def _minus(s: frozenset) -> frozenset | None:
    return _norm(_UNIVERSE - s)


# --- glob patterns ----------------------------------------------------------------------
# tokens: ("lit", ch) ("star",) ("any",) ("class", neg, chars) ("ext", op, [alts])


@lru_cache(maxsize=1024)
def _tokens(pat: str) -> tuple | None:
    out, i = _parse(pat, 0, False)
    if out is None or i != len(pat):
        return None
    return tuple(out)


def _parse(pat: str, i: int, inner: bool):
    """Tokens of ``pat`` from ``i`` up to the end (or, ``inner``, a ``|``/``)``)."""
    out: list = []
    n = len(pat)
    while i < n:
        ch = pat[i]
        if inner and ch in "|)":
            return out, i
        if ch in "?*+@!" and i + 1 < n and pat[i + 1] == "(":
            alts = []
            j = i + 2
            while True:
                sub, j = _parse(pat, j, True)
                if sub is None or j >= n:
                    return None, i
                alts.append(tuple(sub))
                if pat[j] == ")":
                    break
                j += 1  # '|'
            out.append(("ext", ch, tuple(alts)))
            i = j + 1
            continue
        if ch == "*":
            out.append(("star",))
        elif ch == "?":
            out.append(("any",))
        elif ch == "[":
            j = bracket_end(pat, i)
            if j >= n:
                return None, i
            cc = class_chars(pat[i + 1 : j])
            if cc is None:
                return None, i
            out.append(("class", cc[0], cc[1]))
            i = j + 1
            continue
        elif ch == "'":
            j = pat.find("'", i + 1)
            if j < 0:
                return None, i
            out.extend(("lit", c) for c in pat[i + 1 : j])
            i = j + 1
            continue
        elif ch == '"':
            j = pat.find('"', i + 1)
            if j < 0 or any(c in pat[i + 1 : j] for c in "$`\\"):
                return None, i
            out.extend(("lit", c) for c in pat[i + 1 : j])
            i = j + 1
            continue
        elif ch == "\\" and i + 1 < n:
            out.append(("lit", pat[i + 1]))
            i += 2
            continue
        elif ch == "$" and pat.startswith("$'", i):
            lit, j = _ansi_c_quoted(pat, i + 2)
            if lit is None:
                return None, i
            out.extend(("lit", c) for c in lit)
            i = j
            continue
        elif ch in "$`(){}|&;<> \t\n":
            return None, i  # an expansion or shell syntax: not a plain pattern
        else:
            out.append(("lit", ch))
        i += 1
    return out, i


_ANSI_C_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b",
                   "f": "\f", "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}  # fmt: skip
_HEX = frozenset("0123456789abcdefABCDEF")


def ansi_c_body(tx: str) -> tuple:
    """(text, exact) of the body of a ``$'…'`` word (bash(1) "ANSI-C Quoting"): the simple
    backslash escapes and ``\\xHH`` decoded, another backslash pair kept as written (as
    bash keeps ``\\q``); ``exact`` is False where an escape bash decodes is not modelled
    (``\\NNN``, ``\\uHHHH``, ``\\cX``)."""
    out = []
    exact = True
    i = 0
    n = len(tx)
    while i < n:
        ch = tx[i]
        if ch == "\\" and i + 1 < n:
            e = tx[i + 1]
            if e in _ANSI_C_ESCAPES:
                out.append(_ANSI_C_ESCAPES[e])
                i += 2
                continue
            if e == "x" and i + 2 < n and tx[i + 2] in _HEX:
                k = i + 3 if i + 3 < n and tx[i + 3] in _HEX else i + 2
                out.append(chr(int(tx[i + 2 : k + 1], 16)))
                i = k + 1
                continue
            if e in "01234567uUc":
                exact = False
            out.append(ch + e)
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out), exact


def _ansi_c_quoted(pat: str, i: int) -> tuple:
    """(text, end) of the ``$'…'`` whose body starts at ``i``; (None, i) when it does not
    close or holds an escape that is not modelled."""
    j = i
    n = len(pat)
    while j < n and pat[j] != "'":
        j += 2 if pat[j] == "\\" else 1
    if j >= n:
        return None, i
    text, exact = ansi_c_body(pat[i:j])
    if not exact or "\\" in text.replace("\\\\", ""):
        return None, i  # (an escape kept as written: not a plain pattern byte)
    return text, j + 1


def _tok_chars(t: tuple) -> frozenset | None:
    if t[0] == "lit":
        return frozenset(t[1])
    if t[0] == "class":
        return _minus(t[2]) if t[1] else t[2]
    if t[0] == "ext":
        if t[1] == "!":
            return None
        acc: frozenset = frozenset()
        for alt in t[2]:
            c = _seq_match(alt)[1]
            if c is None:
                return None
            acc |= c
        return acc
    return None  # * ?


def _seq_match(toks: tuple) -> tuple:
    chars: frozenset | None = frozenset()
    for t in toks:
        c = _tok_chars(t)
        chars = None if c is None or chars is None else chars | c
    first: frozenset | None = None
    if toks:
        t = toks[0]
        if t[0] in ("lit", "class"):
            first = _tok_chars(t)
        elif t[0] == "ext" and t[1] in "+@":
            fs: frozenset | None = frozenset()
            for alt in t[2]:
                f = _seq_match(alt)[0]
                fs = None if f is None or fs is None or not alt else fs | f
            first = fs
    else:
        first = frozenset()
    return meet((first, None), (None, chars)) if chars is not None else (first, None)


def glob_match(pat: str) -> tuple:
    """The fact of the values ``pat`` matches entirely (ANY when unknown)."""
    toks = _tokens(pat)
    if toks is None:
        return ANY
    return _seq_match(toks)


def _tok_re(t: tuple) -> str | None:
    if t[0] == "lit":
        return re.escape(t[1])
    if t[0] == "star":
        return "(?s:.*)"
    if t[0] == "any":
        return "(?s:.)"
    if t[0] == "class":
        body = "".join(re.escape(c) for c in sorted(t[2]))
        return f"[{'^' if t[1] else ''}{body}]" if body else ("(?s:.)" if t[1] else "(?!)")
    if t[0] == "ext":
        alts = [_seq_re(alt) for alt in t[2]]
        if any(x is None for x in alts):
            return None
        grp = "(?:" + "|".join(x for x in alts if x is not None) + ")"
        return {"?": grp + "?", "*": grp + "*", "+": grp + "+", "@": grp}.get(t[1])  # !( ): unread
    return None


def _seq_re(toks: tuple) -> str | None:
    parts = [_tok_re(t) for t in toks]
    if any(x is None for x in parts):
        return None
    return "".join(x for x in parts if x is not None)


def glob_matches(pat: str, value: str) -> bool | None:
    """Whether the bash pattern ``pat`` (as written: quotes match literally, extglob
    ``?( ) *( ) +( ) @( )``) matches all of ``value``; None when it cannot be read."""
    toks = _tokens(pat)
    if toks is None:
        return None
    rx = _seq_re(toks)
    if rx is None:
        return None
    return re.fullmatch(rx, value) is not None


def _seq_miss(toks: tuple) -> tuple:
    if len(toks) == 1 and toks[0] == ("star",):
        return EMPTY  # `*`: every value matches
    if len(toks) == 1 and toks[0][0] == "ext" and toks[0][1] == "@":
        acc = ANY
        for alt in toks[0][2]:
            acc = meet(acc, _seq_miss(alt))
        return acc
    if len(toks) == 3 and toks[0] == ("star",) and toks[2] == ("star",):
        t = toks[1]
        if t[0] == "lit":
            return None, _minus(frozenset(t[1]))  # *X*: no X anywhere
        if t[0] == "class":
            return (None, t[2]) if t[1] else (None, _minus(t[2]))  # *[!C]*: only C
        return ANY
    if len(toks) == 2 and toks[1] == ("star",):
        t = toks[0]
        if t[0] == "lit":
            return _minus(frozenset(t[1])), None  # X*: not led by X (the empty value too)
        if t[0] == "class":
            return (t[2], None) if t[1] else (_minus(t[2]), None)
    return ANY


def glob_miss(pat: str) -> tuple:
    """The fact of the values ``pat`` does NOT match (ANY when nothing is known)."""
    toks = _tokens(pat)
    if toks is None:
        return ANY
    return _seq_miss(toks)


# --- regular expressions (ERE, [[ =~ ]]: found anywhere unless anchored) ---------------


def _rx_atom(rx: str) -> frozenset | tuple | None:
    """The byte set of an ERE that is one atom (``/``, ``\\.``, ``[a-z]``, ``[^a-z]``):
    ("neg", chars) for a negated class, a frozenset otherwise; None for anything else."""
    if len(rx) == 1 and rx not in ".^$*+?()[]{}|\\":
        return frozenset(rx)
    if len(rx) == 2 and rx[0] == "\\" and rx[1] not in "dwsDWSbB<>":
        return frozenset(rx[1])
    if rx.startswith("[") and rx.endswith("]") and len(rx) > 2:
        cc = class_chars(rx[1:-1])
        if cc is None:
            return None
        return ("neg", cc[1]) if cc[0] else cc[1]
    return None


def regex_miss(rx: str) -> tuple:
    """The fact of the values in which the (unquoted) ERE ``rx`` finds no match."""
    if rx[:1] in ("'", '"') and rx[-1:] == rx[:1] and len(rx) >= 2:
        lit = rx[1:-1]  # a quoted right side matches literally (bash(1) [[ =~ ]])
        if len(lit) == 1:
            return None, _minus(frozenset(lit))
        return ANY
    depth = 0
    parts = []
    last = 0
    for i, ch in enumerate(rx):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "|" and depth == 0:
            parts.append(rx[last:i])
            last = i + 1
    parts.append(rx[last:])
    if len(parts) > 1:
        acc = ANY
        for p in parts:
            acc = meet(acc, regex_miss(p))
        return acc
    anchored = rx.startswith("^")
    body = rx[1:] if anchored else rx
    if body.startswith("(") and body.endswith(")") and "|" not in body:
        body = body[1:-1]
    atom = _rx_atom(body)
    if atom is None:
        return ANY
    if isinstance(atom, tuple):
        return (atom[1], None) if anchored else (None, atom[1])
    return (_minus(atom), None) if anchored else (None, _minus(atom))
