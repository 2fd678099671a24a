"""Placeholder text the runtime will and will not match.

The runtime's regex is ``UTCP_ARG_([a-zA-Z0-9_]+?)_UTCP_END`` (lazy).  These
helpers find what an author *meant* as a placeholder and compare.
"""
from __future__ import annotations

import re

from .model import PLACEHOLDER_RE

GREEDY_RE = re.compile(r"UTCP_ARG_([a-zA-Z0-9_]+)_UTCP_END")
# What looks like an attempted placeholder: UTCP_ARG_ then a name-ish run,
# up to the next _UTCP_END or the end of the word.
LOOSE_RE = re.compile(r"UTCP_ARG_([^\s'\"`;|&<>(){}$]*?)_UTCP_END|UTCP_ARG_([A-Za-z0-9_.\-]+)(?![A-Za-z0-9_.\-])",
                      re.IGNORECASE)


def malformed(command: str):
    """(start, end, name, reason) for placeholder-like text the runtime leaves literal."""
    strict_starts = {m.start() for m in PLACEHOLDER_RE.finditer(command)}
    covered = [(m.start(), m.end()) for m in PLACEHOLDER_RE.finditer(command)]
    out = []
    for m in LOOSE_RE.finditer(command):
        if m.start() in strict_starts or any(a <= m.start() < b for a, b in covered):
            continue
        text = m.group(0)
        if m.group(1) is not None:
            name = m.group(1)
            if not text.startswith("UTCP_ARG_") or not text.endswith("_UTCP_END"):
                reason = "the markers are case-sensitive (UTCP_ARG_ … _UTCP_END)"
            elif name == "":
                reason = "the name is empty"
            else:
                bad = sorted({c for c in name if not (c.isascii() and (c.isalnum() or c == "_"))})
                reason = ("the name may only contain ASCII letters, digits and '_' "
                          f"(found {' '.join(repr(c) for c in bad)})")
        else:
            name = m.group(2)
            reason = "it has no closing _UTCP_END"
        out.append((m.start(), m.end(), name, reason))
    return out


def lazy_mismatches(command: str):
    """(start, end, lazy_name, greedy_name) where the lazy regex stops early."""
    out = []
    for m in PLACEHOLDER_RE.finditer(command):
        g = GREEDY_RE.match(command, m.start())
        if g and g.group(1) != m.group(1):
            out.append((m.start(), g.end(), m.group(1), g.group(1)))
    return out


def find_in_text(text: str):
    """(name, start, end) of runtime-matched placeholders in any string."""
    return [(m.group(1), m.start(), m.end()) for m in PLACEHOLDER_RE.finditer(text)]
