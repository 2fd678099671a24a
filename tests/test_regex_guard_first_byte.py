"""What an anchored ``[[ V =~ ^…$ ]]`` guard proves about the first byte (issue 23, A3).

A value that matches ``^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`` (DNS-1123) cannot start with
``-``: the ``-`` inside the optional group is never the first byte.  bash(1) ``[[ =~ ]]``
and regex(7) ERE: checked here against Python's ``re`` for every regex (a full match of
``-x…`` must fail exactly when the computed first-byte set lacks ``-``)."""

import re

import pytest

from utcp_lint.template.bash.valueflow import regex_charsets

CASES = [
    # (regex, may a matching value start with '-')
    ("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$", False),
    ("^[a-z]([-a-z0-9.]{0,61}[a-z0-9])?$", False),
    ("^([a-z0-9]+/)?[a-z0-9][-a-z0-9._]*$", False),
    ("^[a-z0-9]+(-[a-z0-9]+)*(:[a-zA-Z0-9._-]+)?$", False),
    ("^[0-9]+$", False),
    ("^(@[a-z0-9-]+/)?[a-z0-9._-]+(@[0-9A-Za-z.^~-]+)?$", True),
    ("^([a-z]+)?[-a-z0-9]+$", True),
    ("^-?[0-9]+$", True),
    ("^[a-z]{0,3}-$", True),
    ("^(a|-b)c$", True),
    ("^(x|y)?(-z)$", True),
]


@pytest.mark.parametrize(("rx", "dash"), CASES)
def test_first_byte(rx: str, dash: bool) -> None:
    facts = regex_charsets(rx)
    assert facts is not None
    first, _chars = facts
    assert ("-" in first) is dash


@pytest.mark.parametrize(("rx", "dash"), CASES)
def test_agrees_with_a_real_regex_engine(rx: str, dash: bool) -> None:
    # a witness value led by '-' that the regex accepts exists exactly when dash is True
    witnesses = ["-1", "-a", "-z", "-bc", "-", "--a", "-a-", "-abc", "-0"]
    found = any(re.fullmatch(rx[1:-1], w) for w in witnesses)
    assert found is dash


def test_unbalanced_or_unanchored_is_unknown() -> None:
    assert regex_charsets("^[a-z](x$") is None
    assert regex_charsets("[a-z]+") is None
