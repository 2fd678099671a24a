"""The value analysis's blow-ups (s47pyPerf14, issue 25).

``fixtures/pyscan/namememo``: a key-value lookup that rebinds ``key`` and ``handle`` and
reads earlier bindings in later ones (a cycle of names through several bindings, the shape
of scons 4.11.1's ``SCons/Tool/intelc.py``, whose 40,378 evaluations ran out of the step
budget).  ``_name_ev`` replays a name's answer when the same question (node, scope, bound
parameters, depth, index, summaries in progress) is asked again: the answers are those of
the walk without the memo, in a fraction of the steps.
"""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, run_cli

from utcp_lint.engine import Linter
from utcp_lint.pyscan import evaluate, scan_text_summary
from utcp_lint.ruleset.rule import all_rules

HERE = FIXTURES / "pyscan" / "namememo"


def _facts_and_steps(path, monkeypatch, memo: bool):
    linter = Linter([r for rid, r in all_rules().items() if rid.startswith("UL4") and r.default_enabled])
    steps = [0]
    real = evaluate.Evaluator._tick

    def tick(self):
        steps[0] += 1
        return real(self)

    with monkeypatch.context() as m:
        m.setattr(evaluate.Evaluator, "_tick", tick)
        if not memo:
            m.setattr(evaluate.Evaluator, "_name_ev", evaluate.Evaluator._name_ev_walk)
        fs, es, _ = scan_text_summary(linter, path.read_text(), path.name)
    assert not es
    return [(f.rule, f.line, f.column, f.severity, f.message) for f in fs], steps[0]


@pytest.mark.parametrize("twin", ["bad", "good"])
def test_memo_gives_the_walks_answers(twin, monkeypatch):
    path = HERE / twin / "keyed_lookup.py"
    with_memo, steps = _facts_and_steps(path, monkeypatch, True)
    without, walked = _facts_and_steps(path, monkeypatch, False)
    assert with_memo == without
    assert [f[0] for f in with_memo] == ["UL400"]
    assert steps <= walked
    if twin == "bad":
        assert steps * 4 < walked, (steps, walked)  # the cycle is not walked again per path


@pytest.mark.parametrize("twin, line", [("bad", 66), ("good", 24)])
def test_cli_reports_the_shell_call_built_from_the_lookup(twin, line):
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", str(HERE / twin))
    assert "Traceback" not in r.stderr, r.stderr
    found = json.loads(r.stdout)["findings"]
    assert [(f["rule"], f["line"], f["severity"]) for f in found] == [("UL400", line, "error")]
    assert "parameters 'arch', 'store', 'version'" in found[0]["message"]


def test_spent_budget_is_not_replayed(monkeypatch):
    """After the step budget is spent a replay would answer where the walk is cut: the memo
    answers only while steps are left."""
    ev = evaluate.Evaluator.__new__(evaluate.Evaluator)
    ev._names = {}
    ev.active = []
    ev.budget = -1
    walked: list = []
    monkeypatch.setattr(evaluate.Evaluator, "_name_ev_walk", lambda self, *a: walked.append(a) or evaluate.UNKNOWN)
    node, scope, env = object(), object(), {}
    ev._names[(id(node), id(scope), id(env), 0, (), ())] = (evaluate.const("x"), env)
    assert ev._name_ev(node, scope, env, 0, ()) is evaluate.UNKNOWN
    assert len(walked) == 1
