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


def test_a_clean_one_tool_lint_compiles_none_of_the_patterns_it_never_reaches():
    """The start-up saving itself: the loose-placeholder and client-variable patterns are
    imported by a one-tool lint but compiled only by inputs that reach them."""
    import subprocess
    import sys
    from pathlib import Path

    manual = Path(__file__).resolve().parent.parent / "bench" / "one_tool_manual.json"
    code = (
        "import sys\n"
        "from utcp_lint.cli.app import main\n"
        "sys.argv = ['utcp-lint', '--no-config', '--no-cache', sys.argv[1]]\n"
        "try:\n    main()\nexcept SystemExit as e:\n    assert e.code == 0, e.code\n"
        "from utcp_lint.document.placeholders import GREEDY_RE, LOOSE_RE\n"
        "from utcp_lint.template.client_vars import CLIENT_VAR_RE, REF_SKIP_RE\n"
        "print(sorted(n for n, p in [('GREEDY_RE', GREEDY_RE), ('LOOSE_RE', LOOSE_RE),"
        " ('CLIENT_VAR_RE', CLIENT_VAR_RE), ('REF_SKIP_RE', REF_SKIP_RE)] if 'compiled' in vars(p)))\n"
    )
    r = subprocess.run([sys.executable, "-c", code, str(manual)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "[]"
    # and an input that reaches them compiles them on use, with the same answers
    from utcp_lint.template.client_vars import CLIENT_VAR_RE

    assert [m.group(0) for m in CLIENT_VAR_RE.finditer("a $X ${Y} $")] == ["$X", "${Y}"]
    assert "compiled" in vars(CLIENT_VAR_RE)
