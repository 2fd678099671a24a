"""Hand-written shell quoting that holds (issue 25, pyA15).

A value placed inside hand-written quotes of a shell string is code unless every
character that ends or escapes those quotes is neutralised (POSIX XCU 2.2.2, 2.2.3):

* inside ``'...'`` nothing is special but ``'``; a value whose every ``'`` is replaced by
  ``'\\''`` (close, escaped quote, reopen), ``'"'"'`` or ``''`` can never end the quotes
  (git's ``sq_quote``, what ``shlex.quote`` does);
* inside ``"..."`` the characters ``\\``, ``"``, ``$`` and `````` keep their meaning; a
  value in which all four are escaped with a backslash (``\\`` first, so the escapes
  added for the others are not doubled) stays one literal string.

Anything less is a partial escaper (only ``"`` escaped: ``$(...)`` and backquotes still
run; only ``'`` doubled inside ``"..."``) and stays what it was: the value reaches the
shell.  This module reads the escaping expression (a chain of ``str.replace`` calls);
:func:`.evaluate.combine_pieces` decides from the quote state where the piece lands.
Nothing here names a rule.
"""

from __future__ import annotations

import ast

__all__ = ["escape_kind", "Escaped"]

# the single quote inside single quotes: closed, escaped (or double-quoted) and reopened,
# or doubled (POSIX XCU 2.2.2: no way out of the quotes is left)
_SQ_REPLACEMENTS = ("'\\''", "'\"'\"'", "''", "")
# inside double quotes: the characters that keep a meaning (POSIX XCU 2.2.3)
_DQ_SPECIAL = frozenset({"\\", '"', "$", "`"})


def _text(e) -> str | None:
    if isinstance(e, ast.Constant):
        if isinstance(e.value, str):
            return e.value
        if isinstance(e.value, bytes):
            return e.value.decode("latin-1")
    return None


def _replace_args(e) -> tuple | None:
    """``(receiver, old, new)`` of ``X.replace(old, new)`` with constant texts, else None."""
    if not (
        isinstance(e, ast.Call)
        and isinstance(e.func, ast.Attribute)
        and e.func.attr == "replace"
        and len(e.args) == 2
        and not e.keywords
    ):
        return None
    old, new = _text(e.args[0]), _text(e.args[1])
    if old is None or new is None:
        return None
    return e.func.value, old, new


def escape_kind(e) -> str | None:
    """``"sq"`` when ``e`` escapes a value for single quotes, ``"dq"`` for double quotes,
    else None.  Only the outermost ``replace`` calls are read: a later replace could put
    back what an earlier one escaped."""
    got = _replace_args(e)
    if got is None:
        return None
    _recv, old, new = got
    if old == "'" and new in _SQ_REPLACEMENTS:
        return "sq"
    # a chain escaping each special character of "..." with a backslash, the backslash first
    done: list = []
    node = e
    while True:
        got = _replace_args(node)
        if got is None:
            break
        recv, old, new = got
        if len(old) != 1 or old not in _DQ_SPECIAL or new != "\\" + old:
            return None
        done.append(old)
        node = recv
    if set(done) != _DQ_SPECIAL or len(done) != len(_DQ_SPECIAL):
        return None
    return "dq" if done[-1] == "\\" else None  # the innermost replace: the backslash


class Escaped:
    """A piece of a string being built: the evidence of a value escaped for ``kind``
    quotes (:func:`escape_kind`) at ``span``; it is quoted only where it lands inside
    quotes of that kind."""

    __slots__ = ("kind", "ev", "span")

    def __init__(self, kind: str, ev, span):
        self.kind = kind
        self.ev = ev
        self.span = span
