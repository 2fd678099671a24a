"""The concise text of a finding (``--output-format concise``, the default).

A rule's message states the fact first and then explains it (why it matters, how
the runtime behaves, the fix).  The concise line keeps the statement: the message
up to its first clause boundary (``": "``, ``"; "`` or the end of a sentence) outside quotes, parentheses and brackets, at most :data:`MAX_SHORT`
characters (cut at a word with ``...`` past that).  The explanation stays in
``--output-format full``, the JSON/SARIF messages and ``utcp-lint rule ID``.  A
rule may set ``Rule(short=...)``-style text later; today every message is derived.
"""

from __future__ import annotations

MAX_SHORT = 120
_MIN_CLAUSE = 20  # "step 0: ..." is not a statement yet
_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSE = {v: k for k, v in _OPEN.items()}


def short_message(message: str, limit: int = MAX_SHORT) -> str:
    """The first clause of ``message``, at most ``limit`` characters."""
    cut = _first_clause(message)
    s = message[:cut].rstrip(" .,;:")
    if len(s) > limit:
        room = s[: limit - 3]
        sp = room.rfind(" ")
        s = (room[:sp] if sp > limit // 2 else room).rstrip(" ,;:(") + "..."
    return s


def _first_clause(m: str) -> int:
    depth = 0
    quote = ""
    n = len(m)
    for i, ch in enumerate(m):
        prev = m[i - 1] if i else " "
        nxt = m[i + 1] if i + 1 < n else " "
        if quote:
            # a closing quote is not followed by a letter (the apostrophe in "runtime's")
            if ch == quote and not (quote == "'" and nxt.isalnum()):
                quote = ""
            continue
        if ch in "'\"`" and not (ch == "'" and prev.isalnum()):
            if m.find(ch, i + 1) != -1:
                quote = ch
            continue
        if ch in _OPEN:
            depth += 1
            continue
        if ch in _CLOSE:
            depth = max(0, depth - 1)
            continue
        if depth or i < _MIN_CLAUSE:
            continue
        if ch in ":;" and nxt == " ":
            return i
        if ch == "." and nxt == " " and i + 2 < n and m[i + 2].isupper():
            return i
    return n
