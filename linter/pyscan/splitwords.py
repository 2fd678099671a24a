"""The argv of a command line built with values and split with ``shlex.split`` (issue 25).

``shlex.split(f"chroot /mnt sh -c 'chsh -s {shell} {user}'")`` gives
``["chroot", "/mnt", "sh", "-c", "chsh -s <shell> <user>"]``: the quotes written
in the template decide the words, so a value placed inside them stays inside one
word (Python library reference, ``shlex.split``: "Split the string s using
shell-like syntax"; POSIX mode keeps a quoted run in one word).  Command runners
of projects take such strings and split them (``cmd = shlex.split(cmd)`` before
``os.execve`` / ``subprocess.run``); an argv whose words start a shell with code
built from values runs those values as shell code although no ``shell=True`` is
written.

:func:`split_words` reads the template's pieces (constant text and the values'
evidence) and returns the words: a constant word, or the evidence of a word
holding values.  A value outside the template's quotes may itself hold several
words: its word is marked split and stands for the gap, as one item of unknown
number does in an argv display (``[*prefix, "sh", "-c", cmd]``).
"""

from __future__ import annotations

import shlex

# private-use code points: no template text holds them, and shlex keeps them in a word
_OPEN, _CLOSE = "\ue000", "\ue001"


def split_words(pieces: list, combine, split_of, const, advance) -> list | None:
    """``pieces``: constant text (str) or evidence of a value, in order.  ``combine(parts)``
    joins text and evidence of one word; ``split_of(ev)`` marks a value that may hold
    several words; ``const(text)`` the evidence of a constant word; ``advance(state, text)``
    the shell quote state (n / sq / dq) after text.  None when the template does not
    split (unbalanced quotes) or holds no value."""
    text: list[str] = []
    values: list = []
    unquoted: set[int] = set()
    state = "n"
    for p in pieces:
        if isinstance(p, str):
            text.append(p)
            state = advance(state, p)
            continue
        if p.const and isinstance(p.value, str):
            text.append(p.value)
            state = advance(state, p.value)
            continue
        if state == "n":
            unquoted.add(len(values))
        text.append(f"{_OPEN}{len(values)}{_CLOSE}")
        values.append(p)
    if not values:
        return None
    try:
        words = shlex.split("".join(text))
    except ValueError:
        return None
    out: list = []
    for w in words:
        if _OPEN not in w:
            out.append(const(w))
            continue
        parts: list = []
        split = False
        rest = w
        while _OPEN in rest:
            before, _, tail = rest.partition(_OPEN)
            idx, _, rest = tail.partition(_CLOSE)
            if before:
                parts.append(before)
            k = int(idx)
            parts.append(values[k])
            split = split or k in unquoted
        if rest:
            parts.append(rest)
        ev = combine(parts)
        # a value outside quotes may be several words (or none): it stands for the gap, and
        # the words written after it follow (as ``[*prefix, "sh", "-c", cmd]`` in evaluate)
        out.append(split_of(ev) if split else ev)
    return out
