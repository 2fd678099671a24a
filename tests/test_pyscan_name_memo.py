"""``Evaluator._name_ev`` replays a name's answer asked again, exactly (s48perf15, issue 25).

``fixtures/pyscan/namememo``: a key-value lookup that rebinds ``key`` and ``handle`` and
reads earlier bindings in later ones (a cycle of names through several bindings, the shape
of scons 4.11.1's ``SCons/Tool/intelc.py``, which asked the same names tens of thousands of
times until the step budget ran out).  The replay gives the walk's answer and charges the
walk's steps, so the findings and where the budget cuts are those of the walk without the
memo.  Session 47's memo (without the steps, the tree hooks and the guards in its key) lost
three UL411 findings of runhouse 0.0.42: the budget no longer ran out where it had.
"""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, run_cli

from utcp_lint.engine import Linter
from utcp_lint.pyscan import evaluate, scan_text_summary
from utcp_lint.ruleset.rule import all_rules

HERE = FIXTURES / "pyscan" / "namememo"


def _scan(path, monkeypatch, memo: bool, budget: int = 60000):
    """(findings, steps charged, name walks) of one file's scan."""
    linter = Linter([r for rid, r in all_rules().items() if rid.startswith("UL4") and r.default_enabled])
    spent = [0]
    walks = [0]
    real_init = evaluate.Evaluator.__init__
    real_walk = evaluate.Evaluator._name_ev_walk
    made: list = []

    def init(self, model, budget_=budget):
        real_init(self, model, budget_)
        made.append(self)

    def walk(self, *a):
        walks[0] += 1
        return real_walk(self, *a)

    with monkeypatch.context() as m:
        m.setattr(evaluate.Evaluator, "__init__", init)
        m.setattr(evaluate.Evaluator, "_name_ev_walk", walk)
        if not memo:
            m.setattr(evaluate.Evaluator, "_name_ev", walk)
        fs, es, _ = scan_text_summary(linter, path.read_text(), path.name)
    spent[0] = sum(ev.steps - max(ev.budget, 0) for ev in made)
    return [(f.rule, f.line, f.column, f.severity, f.message) for f in fs + es], spent[0], walks[0]


@pytest.mark.parametrize("twin", ["bad", "good"])
def test_replay_gives_the_walks_answers_and_steps(twin, monkeypatch):
    path = HERE / twin / "keyed_lookup.py"
    with_memo, steps, walks = _scan(path, monkeypatch, True)
    without, walked_steps, walked = _scan(path, monkeypatch, False)
    assert with_memo == without
    assert [f[0] for f in with_memo] == ["UL400"]
    assert steps == walked_steps  # every replay is charged what the walk costs
    assert walks <= walked
    if twin == "bad":
        assert walks * 2 < walked, (walks, walked)  # the cycle's names are not walked again


@pytest.mark.parametrize("budget", [40, 200, 600, 1500, 2100, 3000])
def test_the_budget_cuts_where_the_walk_cut(budget, monkeypatch):
    """With too few steps for the file, the answers (and the UL011 note of the cut: its
    place and the count of questions cut) are those of the walk without the memo."""
    path = HERE / "bad" / "keyed_lookup.py"
    with_memo, steps, _ = _scan(path, monkeypatch, True, budget)
    without, walked_steps, _ = _scan(path, monkeypatch, False, budget)
    assert with_memo == without
    assert steps == walked_steps


@pytest.mark.parametrize("twin, line", [("bad", 66), ("good", 24)])
def test_cli_reports_the_shell_call_built_from_the_lookup(twin, line):
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", str(HERE / twin))
    assert "Traceback" not in r.stderr, r.stderr
    found = json.loads(r.stdout)["findings"]
    assert [(f["rule"], f["line"], f["severity"]) for f in found] == [("UL400", line, "error")]
    assert "parameters 'arch', 'store', 'version'" in found[0]["message"]


class _Node:
    id = "x"


def _bare(monkeypatch, answers):
    """An evaluator with nothing but the memo's state; its walk answers from ``answers``
    and costs 30 steps."""
    ev = evaluate.Evaluator.__new__(evaluate.Evaluator)
    ev._names = {}
    ev.active = []
    ev.budget = 1000
    ev.cut_questions = 0
    ev.recursions = 0
    ev._guards = 0
    ev.tree_function = ev.tree_quoter = ev.tree_plain = None
    walked: list = []

    def walk(self, *a):
        walked.append(a)
        self.budget -= 30
        return answers.pop(0) if answers else evaluate.UNKNOWN

    monkeypatch.setattr(evaluate.Evaluator, "_name_ev_walk", walk)
    return ev, walked


def test_third_question_is_replayed_at_the_second_walks_cost(monkeypatch):
    ev, walked = _bare(monkeypatch, [evaluate.const("a"), evaluate.const("a")])
    node, scope, env = _Node(), object(), {}
    for _ in range(4):
        assert ev._name_ev(node, scope, env, 3, ()).value == "a"
    assert len(walked) == 2  # the first (cold) walk, the measured one; then replays
    assert ev.budget == 1000 - 4 * 30


def test_no_replay_while_a_cycle_guard_is_in_force(monkeypatch):
    """``_class_constant`` answers "unknown" for its attribute while it walks it: a name's
    answer found then may differ from the answer after, so none is kept or replayed."""
    ev, walked = _bare(monkeypatch, [])
    node, scope, env = _Node(), object(), {}
    ev._guards = 1
    for _ in range(3):
        ev._name_ev(node, scope, env, 0, ())
    assert len(walked) == 3
    assert ev._names == {}


def test_the_tree_hooks_are_part_of_the_question(monkeypatch):
    """The file's own scan asks without the project pass's hooks (``tree_function``...); the
    pass asks with them, where an import of a tree function is no longer "unknown"."""
    ev, walked = _bare(monkeypatch, [])
    node, scope, env = _Node(), object(), {}
    for _ in range(3):
        ev._name_ev(node, scope, env, 0, ())
    assert len(walked) == 2
    ev.tree_function = lambda dotted: "def"
    ev._name_ev(node, scope, env, 0, ())
    assert len(walked) == 3


def test_a_budget_that_cannot_pay_walks(monkeypatch):
    ev, walked = _bare(monkeypatch, [])
    node, scope, env = _Node(), object(), {}
    ev._name_ev(node, scope, env, 0, ())
    ev._name_ev(node, scope, env, 0, ())
    ev.budget = 29  # the walk costs 30: it is walked (and cut there), not replayed
    ev._name_ev(node, scope, env, 0, ())
    assert len(walked) == 3


def test_a_walk_that_met_the_recursion_limit_is_not_kept(monkeypatch):
    ev, walked = _bare(monkeypatch, [])
    real = evaluate.Evaluator._name_ev_walk

    def walk(self, *a):
        self.recursions += 1  # a RecursionError caught inside the walk
        return real(self, *a)

    monkeypatch.setattr(evaluate.Evaluator, "_name_ev_walk", walk)
    node, scope, env = _Node(), object(), {}
    for _ in range(3):
        ev._name_ev(node, scope, env, 0, ())
    assert len(walked) == 3
    assert ev._names == {}


def test_less_stack_room_than_measured_walks(monkeypatch):
    """A walk that fitted in the stack room it had may meet the recursion limit with less."""
    ev, walked = _bare(monkeypatch, [])
    node, scope, env = _Node(), object(), {}
    ev._name_ev(node, scope, env, 0, ())
    ev._name_ev(node, scope, env, 0, ())
    (key,) = ev._names
    got, steps, room, kept = ev._names[key]
    ev._names[key] = (got, steps, room + 10_000, kept)  # measured with far more room than now
    ev._name_ev(node, scope, env, 0, ())
    assert len(walked) == 3
    ev._name_ev(node, scope, env, 0, ())  # re-measured with the room of here: replayed
    assert len(walked) == 3


def test_a_short_walk_is_not_measured(monkeypatch):
    ev, walked = _bare(monkeypatch, [])

    def walk(self, *a):
        walked.append(a)
        self.budget -= 2
        return evaluate.UNKNOWN

    monkeypatch.setattr(evaluate.Evaluator, "_name_ev_walk", walk)
    node, scope, env = _Node(), object(), {}
    for _ in range(4):
        ev._name_ev(node, scope, env, 0, ())
    assert len(walked) == 4
    assert ev.budget == 1000 - 4 * 2
