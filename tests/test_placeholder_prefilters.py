"""The placeholder rules' shortcuts (UL030 ``placeholders.malformed`` skips the
loose scan when ``any_open_outside`` is False; UL037 ``lazy_mismatches`` skips
the greedy match where the name run ends at the match) give the answers of the
plain regexes on generated text."""

from __future__ import annotations

import re

from hypothesis import given, settings, strategies as st

from utcp_lint.document.placeholder_scan import PlaceholderScan, any_open_outside
from utcp_lint.document.placeholders import GREEDY_RE, LOOSE_RE, lazy_mismatches, malformed
from utcp_lint.ruleset.context import PLACEHOLDER_RE

PIECES = [
    "UTCP_ARG_",
    "utcp_arg_",
    "Utcp_Arg_",
    "_UTCP_END",
    "_utcp_end",
    "x",
    "_",
    "-",
    ".",
    " ",
    "'",
    "$",
    "A",
    "9",
    "\u017f",
    "\u212a",
    "\ufb05",  # 'ﬅ'.upper() == 'ST'
    "\u0131",
    "UTCP_ARG_x_UTCP_END",
    "UTCP_ARG_a_UTCP_ENDUTCP_ARG_b_UTCP_END",
]
TEXT = st.lists(st.sampled_from(PIECES), max_size=12).map("".join)


def _reference_malformed(text: str) -> list[tuple[int, int]]:
    spans = [(m.start(), m.end()) for m in PLACEHOLDER_RE.finditer(text)]
    return [(m.start(), m.end()) for m in LOOSE_RE.finditer(text) if not any(a <= m.start() < b for a, b in spans)]


@settings(max_examples=500, deadline=None)
@given(TEXT)
def test_malformed_equals_the_regexes(text):
    assert [(s, e) for s, e, _n, _r in malformed(text)] == _reference_malformed(text)
    scan = PlaceholderScan(text)
    assert malformed(text, scan) == malformed(text)  # a shared scan gives the same answer


@settings(max_examples=500, deadline=None)
@given(TEXT)
def test_any_open_outside_equals_the_regex(text):
    ms = PlaceholderScan(text).finditer()
    starts, ends = [a for _n, a, _b in ms], [b for _n, _a, b in ms]
    opens = [m.start() for m in re.finditer("UTCP_ARG_", text, re.IGNORECASE)]
    want = any(not any(a <= p < b for a, b in zip(starts, ends)) for p in opens)
    assert any_open_outside(text, starts, ends) == want


@settings(max_examples=500, deadline=None)
@given(TEXT)
def test_lazy_mismatches_equal_the_regexes(text):
    want = []
    for m in PLACEHOLDER_RE.finditer(text):
        g = GREEDY_RE.match(text, m.start())
        if (
            g
            and g.group(1) != m.group(1)
            and not text.startswith("UTCP_ARG_", m.end())
            and "UTCP_ARG_" not in text[m.end() : g.end(1)]  # two placeholders, text between
        ):
            want.append((m.start(), g.end(), m.group(1), g.group(1)))
    assert lazy_mismatches(text) == want
    assert lazy_mismatches(text, PlaceholderScan(text)) == want
