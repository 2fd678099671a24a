"""The engine's "does the rendered script parse?" against ``bash -n``, and
robustness of the analysis on arbitrary input.

* every template of the corpus (tests/test_bash_corpus.py): the engine's verdict
  must equal ``bash -n`` on the rendered script, exactly;
* random token soup (fixed seed): the verdicts must agree on at least 93% --
  the measured rate is ~96%, the gaps are garbage bash rejects and
  tree-sitter-bash accepts (documented in docs/design/bash-engine.md);
* hypothesis: any step strings analyse without exceptions and every
  placeholder's template span is the placeholder text itself.
"""

from __future__ import annotations

import random
import subprocess

import pytest
from hypothesis import given, settings, strategies as st
from test_bash_corpus import CORPUS

from utcp_lint.template.bash import analyze_commands

BROKEN = {"comment-swallows-suffix", "parse-error", "heredoc-unterminated", "heredoc-terminator-text"}


def engine_broken(a) -> bool:
    return any(b.kind in BROKEN for b in a.breakages) or not a.parses


def bash_broken(script: str) -> bool:
    return subprocess.run(["/bin/bash", "-n"], input=script, text=True, capture_output=True).returncode != 0


@pytest.mark.parametrize("cmd", CORPUS)
def test_corpus_verdict_equals_bash_n(cmd):
    a = analyze_commands([cmd, "echo next"])
    assert engine_broken(a) == bash_broken(a.script), (cmd, a.breakages, a.parse_errors)


def test_corpus_has_both_verdicts():
    """At least one corpus entry really breaks the script (so the test above can fail)."""
    assert any(engine_broken(analyze_commands([c])) for c in CORPUS)


FRAGS = [
    "echo",
    " ",
    " ",
    " ",
    "ls",
    "-la",
    "UTCP_ARG_x_UTCP_END",
    "UTCP_ARG_y_UTCP_END",
    "'",
    '"',
    "\\",
    "$(",
    ")",
    "`",
    "${",
    "}",
    "$((",
    "))",
    "((",
    "[[",
    "]]",
    "[",
    "]",
    ";",
    "&&",
    "||",
    "|",
    "\n",
    "#",
    " # c",
    "<<EOF\n",
    "\nEOF\n",
    "EOF",
    "<<<",
    ">",
    "2>&1",
    "$'",
    "a",
    "b=",
    "$HOME",
    "$CMD_0_OUTPUT",
    "{",
    "(",
    "if true; then",
    "fi",
    "do",
    "done",
    "for i in",
    "case x in",
    "esac",
    "*)",
    ";;",
    "-eq",
    "1",
    "=",
    "$",
    "!",
    "&",
    "<(",
    "\t",
]


def test_token_soup_agreement_rate():
    rnd = random.Random(20261121)
    n = 300
    agree = 0
    for _ in range(n):
        cmd = "".join(rnd.choice(FRAGS) for _ in range(rnd.randint(1, 12)))
        a = analyze_commands([cmd, "echo next"])
        agree += engine_broken(a) == bash_broken(a.script)
    assert agree / n >= 0.93, f"{agree}/{n}"


steps = st.lists(
    st.lists(st.sampled_from(FRAGS + ["é", "😀", "\u00a0", "\r", "\x00", "\ud800"]), max_size=15).map("".join)
    | st.text(max_size=40),
    min_size=1,
    max_size=3,
)


@settings(max_examples=300, deadline=None)
@given(steps)
def test_any_steps_analyse_with_sane_spans(cmds):
    a = analyze_commands(cmds)
    for ref in a.placeholders:
        text = cmds[ref.step]
        assert text[ref.template_start : ref.template_end] == f"UTCP_ARG_{ref.name}_UTCP_END"
        assert ref.quoting
        for s in ref.sinks:
            assert s.kind and s.detail and s.confidence in ("high", "medium", "low")
    for ref in a.variables:
        assert 0 <= ref.template_start <= ref.template_end <= len(cmds[ref.step])
    for b in a.breakages:
        assert 0 <= b.template_start <= b.template_end <= len(cmds[b.step])
    for c in a.commands:
        for w in c.words:
            assert a.script[w.start : w.end] == w.text
