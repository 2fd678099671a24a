"""Placeholders inside a bash brace sequence expression (``{1..N}``), which never expands.

bash performs brace expansion before any other expansion (bash(1), *EXPANSION*: "The
order of expansions is: brace expansion; tilde expansion, parameter and variable
expansion, …"; *Brace Expansion*: a sequence expression takes the form ``{x..y[..incr]}``
where x and y are integers or single letters).  utcp-cli renders a placeholder as a
reference to an environment variable (``"$UTCP_ARG_n"``), so when brace expansion runs
the braces hold ``1.."$UTCP_ARG_n"``, not a sequence: the word stays literal
(``{1..5}`` is printed as such) for every value.

The fact is read from the template text with the runtime's own quote tracking: only
braces outside quotes are expanded by bash.
"""

from __future__ import annotations

from ..core.fieldwise import (
    frozen_delattr,
    frozen_getstate,
    frozen_setattr,
    frozen_setstate,
    record,
    record_eq,
    record_hash,
    record_repr,
)
from ..core.lazyre import lazy_compile

_PLACEHOLDER = lazy_compile(r"UTCP_ARG_(.+?)_UTCP_END")
# an endpoint or increment: digits/letters or (one) placeholder, nothing else
_PART = r"(?:-?[0-9]+|[A-Za-z]|UTCP_ARG_[A-Za-z0-9_-]+?_UTCP_END)"
_SEQ = lazy_compile(r"\{(" + _PART + r")\.\.(" + _PART + r")(?:\.\.(" + _PART + r"))?\}")


@record(slots=True)
class BraceSequence:
    """Characters ``start``..``end`` of a step's command: ``{x..y}`` holding a placeholder."""

    start: int
    end: int
    text: str
    name: str

    def __init__(self, start: int, end: int, text: str, name: str) -> None:
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "name", name)

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = record_hash
    __setattr__ = frozen_setattr
    __delattr__ = frozen_delattr

    __getstate__ = frozen_getstate
    __setstate__ = frozen_setstate


def _unquoted(cmd: str) -> list[bool]:
    """For each character: outside quotes and not escaped (where bash brace-expands)."""
    out = [False] * len(cmd)
    q = ""
    i = 0
    n = len(cmd)
    while i < n:
        c = cmd[i]
        if q == "'":
            if c == "'":
                q = ""
        elif q == '"':
            if c == "\\":
                i += 1
            elif c == '"':
                q = ""
        elif c == "\\":
            i += 1
        elif c in "'\"":
            q = c
        else:
            out[i] = True
        i += 1
    return out


def brace_sequences(command: str) -> list[BraceSequence]:
    if "..UTCP_ARG_" not in command and "_UTCP_END.." not in command:
        return []
    free = _unquoted(command)
    out = []
    for m in _SEQ.finditer(command):
        s, e = m.start(), m.end()
        if s and command[s - 1] == "$":
            continue  # ${…}: a parameter expansion, not braces
        if not (free[s] and free[e - 1]):
            continue
        ph = _PLACEHOLDER.search(m.group(0))
        if ph is None:
            continue
        out.append(BraceSequence(s, e, m.group(0), ph.group(1)))
    return out
