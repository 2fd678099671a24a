"""The analysis budget is CPU time and interrupts a running rule (issue 28 C, 25).

* the clock is the process's CPU time: sleeping (a loaded machine) spends none
  of it, and a forked worker goes on from its parent's clock;
* a rule or analysis that runs out of it is interrupted (``budget.check`` in the
  engines' loops): a pathological input finishes within a bounded CPU time and
  reports the UL011 error naming what was not analysed;
* the Python evaluator's step budget running out is one positioned UL011 note,
  never silent (end to end through the CLI).
"""

from __future__ import annotations

import json
import os
import time

import pytest
from conftest import StepCount, run_cli

from utcp_lint.engine import Linter, RunResult
from utcp_lint.pyscan import scan_text
from utcp_lint.ruleset.context import LintOptions
from utcp_lint.run import budget as budget_mod
from utcp_lint.run.budget import Budget, BudgetExceeded, check


def test_budget_counts_cpu_time_not_wall_time():
    b = Budget(0, 0.05)
    time.sleep(0.3)  # what a loaded machine does to a process: no CPU time passes
    assert b.elapsed() < 0.05 and not b.exceeded()
    t0 = time.process_time()
    while time.process_time() - t0 < 0.1:  # spend CPU time
        pass
    assert b.exceeded()


def test_check_raises_only_while_a_spent_budget_is_armed():
    spent = Budget(0, -1.0)  # spent from the start
    for _ in range(budget_mod.CHECK_EVERY * 2):
        check()  # not armed: never raises
    with pytest.raises(BudgetExceeded):
        with spent.armed():
            for _ in range(budget_mod.CHECK_EVERY + 1):
                check()
    for _ in range(budget_mod.CHECK_EVERY * 2):
        check()  # disarmed on exit
    # BudgetExceeded passes the `except Exception` containment of rules and engines
    assert not issubclass(BudgetExceeded, Exception)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork")
def test_forked_worker_continues_the_parents_clock():
    t0 = time.process_time()
    while time.process_time() - t0 < 0.2:
        pass
    parent = budget_mod.cpu()
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report its clock and leave at once
        os.write(w, repr(budget_mod.cpu()).encode())
        os._exit(0)
    os.close(w)
    child = float(os.read(r, 100).decode())
    os.close(r)
    os.waitpid(pid, 0)
    assert child >= parent - 0.01  # a fresh clock would read ~0


def _manual(cmd: str) -> str:
    return json.dumps(
        {
            "manual_version": "1.0.0",
            "utcp_version": "1.0.1",
            "tools": [
                {
                    "name": "t",
                    "description": "d",
                    "inputs": {"type": "object", "properties": {"x": {"type": "string"}}},
                    "tool_call_template": {"call_template_type": "cli", "name": "t", "commands": [{"command": cmd}]},
                }
            ],
        }
    )


@pytest.fixture
def flat_budget(monkeypatch):
    """The per-MiB part off: the budget is exactly UTCP_LINT_TIME_BUDGET."""
    monkeypatch.setattr(budget_mod, "SECONDS_PER_MIB", 0.0)


#: one Python step (call or line event) is one microsecond on the step clock
STEP_SECONDS = 1e-6


@pytest.fixture
def step_clock(monkeypatch):
    """The budget's clock counts Python steps (conftest.StepCount) instead of CPU
    time: the same reading on an idle and a loaded machine (CPU time read 1.23 s
    for a 0.3 s budget under CI load, past a 4x bound).  Yields the readings at which budgets started (the clock
    is ``budget_mod.cpu``).  A loop that never calls ``check()`` still spends
    steps but never reads the clock, so it runs to its end and the tests'
    bounds fail, as they would in CPU time."""
    starts: list[float] = []
    init = budget_mod.Budget.__init__

    def started(self, *args, **kwargs):
        init(self, *args, **kwargs)
        starts.append(self.start)

    monkeypatch.setattr(budget_mod.Budget, "__init__", started)
    with StepCount() as count:
        monkeypatch.setattr(budget_mod, "cpu", lambda: count.steps * STEP_SECONDS)
        yield starts


def test_running_bash_analysis_is_interrupted(flat_budget, step_clock):
    # one template whose analysis (value flow through a chain of 50,000
    # functions) costs several CPU seconds inside the FIRST rule that reads it:
    # checked only between rules, the budget would let it run to the end
    n = 50000
    cmd = (
        "f0(){ echo UTCP_ARG_x_UTCP_END; }; "
        + " ".join(f'f{i}(){{ f{i - 1} "$@"; }};' for i in range(1, n))
        + f" f{n - 1} UTCP_ARG_x_UTCP_END"
    )
    text = _manual(cmd)
    linter = Linter(options=LintOptions(time_budget=0.5))
    r = RunResult()
    linter.lint_json_text(text, "m.json", True, r)
    # from the document's budget start (loading and parsing the 2 MB template
    # before it run in C in CPU time but count Python steps here)
    spent = budget_mod.cpu() - step_clock[-1]
    stop = [f for f in r.findings if f.rule == "UL011"]
    assert len(stop) == 1 and stop[0].severity == "error"
    assert "CPU time budget of 0.5 s" in stop[0].message
    assert "0 of 1 CLI templates were analysed" in stop[0].message
    assert stop[0].tool == "t" and stop[0].pointer == "/tools/0/tool_call_template" and stop[0].line == 1
    assert not r.errors  # an interruption is not an internal error
    assert spent < 0.75, f"{spent:.2f} s on the step clock for a 0.5 s budget"
    # the same linter still analyses the next document completely
    ok = RunResult()
    linter.lint_json_text(_manual("echo UTCP_ARG_x_UTCP_END"), "ok.json", True, ok)
    assert not [f for f in ok.findings if f.rule == "UL011"]


def test_running_python_analysis_is_interrupted(flat_budget, step_clock):
    text = "import subprocess\n" + "".join(
        f"def f{i}(x):\n    subprocess.run('ls ' + x, shell=True)\n" for i in range(20000)
    )
    linter = Linter(options=LintOptions(time_budget=0.3))
    findings, errors = scan_text(linter, text, "big.py")
    spent = budget_mod.cpu() - step_clock[0]
    stop = [f for f in findings if f.rule == "UL011"]
    assert len(stop) == 1 and stop[0].severity == "error" and not errors
    assert "CPU time budget of 0.3 s for this file" in stop[0].message
    # interrupted inside the scope model or a rule, not between two rules
    assert "ran out while" in stop[0].message and "analysed" in stop[0].message
    assert spent < 0.45, f"{spent:.2f} s on the step clock for a 0.3 s budget"


def test_evaluator_budget_exhaustion_is_one_positioned_note(tmp_path):
    # 12,000 functions each passing a parameter to a shell: the value analysis
    # spends its 60,000 steps about 5/6 of the way down; the shell calls past
    # that point were dropped silently before (issue 25)
    n = 12000
    (tmp_path / "big.py").write_text(
        "import subprocess\n" + "".join(f"def f{i}(x):\n    subprocess.run('ls ' + x, shell=True)\n" for i in range(n))
    )
    (tmp_path / "small.py").write_text("import subprocess\n\ndef f(x):\n    subprocess.run('ls ' + x, shell=True)\n")
    r = run_cli("--format", "json", "--no-config", "--no-cache", tmp_path)
    assert r.returncode == 1, r.stderr
    findings = json.loads(r.stdout)["findings"]
    notes = [f for f in findings if f["rule"] == "UL011"]
    assert len(notes) == 1
    note = notes[0]
    assert note["severity"] == "note" and note["path"].endswith("big.py")
    assert "ran out of its budget of 60000 steps" in note["message"] and "answered 'unknown'" in note["message"]
    assert note["line"] > 2 and note["column"] >= 1 and note["confidence"] == "high"
    # the shell calls before the note's line were analysed, those after it were not
    big = [f for f in findings if f["path"].endswith("big.py") and f["rule"] == "UL401"]
    assert 0 < len(big) < n and all(f["line"] <= note["line"] for f in big)
    assert [f for f in findings if f["path"].endswith("small.py") and f["rule"] == "UL401"]
