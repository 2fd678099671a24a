"""core.lazyre: a pattern compiled on first use answers as re.compile's would."""

from __future__ import annotations

import re

from utcp_lint.core.lazyre import lazy_compile


def test_lazy_pattern_matches_like_the_compiled_one():
    text = "a UTCP_ARG_x_UTCP_END b utcp_arg_Y_utcp_end"
    for flags in (0, re.IGNORECASE):
        lazy = lazy_compile(r"UTCP_ARG_(\w+?)_UTCP_END", flags)
        real = re.compile(r"UTCP_ARG_(\w+?)_UTCP_END", flags)
        assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in real.finditer(text)]
        assert lazy.findall(text) == real.findall(text)
        assert lazy.sub("#", text) == real.sub("#", text)
        assert lazy.search(text, 3) is None or lazy.search(text, 3).span() == real.search(text, 3).span()
        assert lazy.pattern == real.pattern and lazy.flags == real.flags and lazy.groups == 1


def test_not_compiled_until_used():
    lazy = lazy_compile("(unclosed")  # a bad pattern fails at first use, not at import
    try:
        lazy.search("x")
    except re.error:
        pass
    else:
        raise AssertionError("the pattern was not compiled on use")


def test_after_first_use_methods_are_the_compiled_patterns():
    lazy = lazy_compile(r"\d+")
    assert lazy.match("12").group(0) == "12"
    assert "match" in vars(lazy)  # answered from the instance, no __getattr__ per call
    assert vars(lazy)["match"].__self__ is re.compile(r"\d+")
