"""Issue 25: where a ``shlex.quote``-d value lands in a shell command line.  A command
substitution (``"$(...)"``, backquotes) starts a new quoting context inside double quotes, and
quotes inside a comment quote nothing (bash(1) QUOTING, COMMENTS; dash the same): a quoted value
inside ``"$(... {q} ...)"`` keeps its quoting, one in a comment does not (a newline ends the
comment).  The findings on ``fixtures/pyscan/quotectx`` through the CLI, the contexts unit by
unit, and each labelled line proven with the real ``/bin/sh`` that ``shell=True`` runs."""

import importlib.util
import shlex

import pytest
from conftest import FIXTURES, marked_lines, ul4_findings

from utcp_lint.pyscan.evaluate import advance_quote_state, quote_context

FILE = FIXTURES / "pyscan" / "quotectx" / "commands.py"
#: each breaks out of one kind of place once shlex.quote-d: double quotes (a substitution runs),
#: single quotes (the quoting quote closes them), a comment (a newline ends it)
PAYLOADS = ("$(touch {c})", "x'; touch {c}; '", "x\ntouch {c} #")


def test_cli_reports_only_the_places_where_quoting_does_not_hold():
    code, findings = ul4_findings(FILE)
    assert code == 1
    flagged = {ln for _p, ln in marked_lines(FILE.parent)}
    assert {f["line"] for f in findings if f["rule"] == "UL401"} == flagged
    # the quote call of each flagged command is the UL406 finding; none on the good ones
    assert {f["line"] + 1 for f in findings if f["rule"] == "UL406"} == flagged


@pytest.mark.parametrize(
    "before, context",
    [
        ("echo ", "n"),
        ('echo "', "dq"),
        ("echo '", "sq"),
        ('x="$(echo ', "n"),  # a substitution inside double quotes
        ('x="$(curl --write-out "%{http_code}" ', "n"),  # its own quotes opened and closed
        ('x="$(wc -l "', "dq"),  # double quotes inside it
        ('x="`ls ', "n"),  # backquotes
        ('n="$( (cd /tmp && wc -l < ', "n"),  # a subshell inside it
        ("true # don't worry\nls ", "n"),  # the apostrophe is in a comment
        ("ls # ", "c"),
        ("ls #", "c"),
        ("echo a#", "n"),  # not a word's start: no comment
        ('echo "$(echo ")" ', "n"),  # the substitution closed, then the outer quotes
    ],
)
def test_quote_context(before, context):
    assert quote_context(advance_quote_state("n", before)) == context


def test_the_state_carries_across_pieces():
    state = advance_quote_state("n", 'x="$(curl ')
    state = advance_quote_state(state, '"%{http_code}" ')
    assert quote_context(state) == "n"
    assert quote_context(advance_quote_state(state, ')"')) == "n"
    assert quote_context(advance_quote_state(state, ')" "')) == "dq"


def _module():
    spec = importlib.util.spec_from_file_location("quotectx_fixture", FILE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_real_sh_runs_the_payload_exactly_on_the_flagged_lines(tmp_path, monkeypatch):
    mod = _module()
    monkeypatch.chdir(tmp_path)
    flagged_functions = set()
    text = FILE.read_text().splitlines()
    for _p, ln in marked_lines(FILE.parent):
        # the function whose body holds the flagged line
        k = ln - 1
        while not text[k].startswith("def "):
            k -= 1
        flagged_functions.add(text[k][4:].split("(")[0])
    functions = [
        n for n in vars(mod) if not n.startswith("_") and callable(getattr(mod, n)) and n not in ("shlex", "subprocess")
    ]
    assert len(functions) == 7 and len(flagged_functions) == 3
    for name in functions:
        ran = False
        for i, payload in enumerate(PAYLOADS):
            canary = tmp_path / f"canary-{name}-{i}"
            getattr(mod, name)(payload.format(c=shlex.quote(str(canary))))
            ran = ran or canary.exists()
        assert ran == (name in flagged_functions), name
