"""Issue 23: what a glob or regex check proves about the values it lets through
(``linter/template/bash/patterns.py``), checked against bash itself: for every pattern
and every probe value, bash's own ``[[ V == P ]]`` / ``[[ V =~ RX ]]`` decides whether the
value matches, and every value the facts exclude must be one bash rejects."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from utcp_lint.template.bash import patterns as P

PROBES = [
    "-x",
    "--eval=1",
    "a/b",
    "../etc",
    ".hidden",
    "ok-name_1",
    "x y",
    "$(id)",
    "a;b",
    "",
    "Z9",
    "é",
    "a\nb",
    "\r",
    "A\t",
]


def _admits(fact: tuple, v: str) -> bool:
    first, chars = fact
    if chars is not None and any(c not in chars for c in v):
        return False
    return not (first is not None and v and v[0] not in first)


def _bash(test: str, v: str) -> bool:
    r = subprocess.run(["bash", "-c", f"shopt -s extglob; {test}", "_", v], capture_output=True, check=False)
    return r.returncode == 0


GLOBS = ["*[!a-z0-9-]*", "-*", "*/*", ".*", "@(-*|*/*)", "[a-z]*", "*", "'-'*", "*[/.]*", "+([0-9])", "[!A-Z]*", "x"]
GLOBS += ["*$'\\n'*", "*$'\\r'*", "$'\\x41'*", "*$'\\t'*", "@(*$'\\n'*|-*)"]  # ANSI-C quoted bytes
REGEXES = ["[^a-z0-9]", "^-", "/", "^[^a-z]", "[/.]|^-", "'/'", "\\.", "^[a-z]+$"]

needs_bash = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is missing")


@needs_bash
@pytest.mark.parametrize("pat", GLOBS)
def test_glob_facts_never_exclude_a_value_bash_lets_through(pat):
    for v in PROBES:
        matches = _bash(f'[[ "$1" == {pat} ]]', v)
        if matches:
            assert _admits(P.glob_match(pat), v), (pat, v)
        else:
            assert _admits(P.glob_miss(pat), v), (pat, v)


@needs_bash
@pytest.mark.parametrize("rx", REGEXES)
def test_regex_miss_never_excludes_a_value_bash_lets_through(rx):
    for v in PROBES:
        if not _bash(f'[[ "$1" =~ {rx} ]]', v):
            assert _admits(P.regex_miss(rx), v), (rx, v)


def test_the_facts_are_informative_where_the_check_is():
    assert P.glob_miss("-*")[0] is not None and "-" not in P.glob_miss("-*")[0]
    assert "/" not in P.glob_miss("*/*")[1]
    assert P.glob_miss("*[!a-z0-9-]*")[1] == frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")
    both = P.glob_miss("@(-*|*/*)")
    assert "-" not in both[0] and "/" not in both[1]
    # `case $v in *$'\n'*) exit 1;; esac`: no newline after it (bash(1) "ANSI-C Quoting")
    assert "\n" not in P.glob_miss("*$'\\n'*")[1] and "n" in P.glob_miss("*$'\\n'*")[1]
    assert P.glob_miss("$'\\x41'*")[0] is not None and "A" not in P.glob_miss("$'\\x41'*")[0]
    assert P.glob_miss("*$'\\q'*") == P.ANY  # an escape not modelled: nothing known
    assert P.glob_miss("*") == P.EMPTY
    assert P.regex_miss("[^a-z0-9]")[1] == frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
    assert "-" not in P.regex_miss("^-")[0]
    assert P.glob_match("+([0-9])")[1] == frozenset("0123456789")
    # nothing known: a multi-byte infix, an expansion in the pattern
    assert P.glob_miss("*..*") == P.ANY
    assert P.glob_miss("$x*") == P.ANY


def test_ansi_c_body_decodes_as_bash_does():
    """One decoder serves word values and case patterns: checked against bash's own $'…'."""
    for body in [r"a\nb", r"\x41\x7e", r"tab\there", r"keep\q", r"q\'s", r"\e[0m"]:
        want = subprocess.run(["bash", "-c", f"printf %s $'{body}'"], capture_output=True, check=True).stdout
        text, exact = P.ansi_c_body(body)
        assert exact and text.encode() == want, (body, text, want)
    assert P.ansi_c_body(r"\101")[1] is False  # octal: not modelled, said so
