"""Runners whose shell call sits in a nested function reading the runner's parameter (issue 25).

``def sh(command): def runpipe(): Popen(command, shell=True) ...; return dry(command,
runpipe)`` (paver's ``sh``), a closure called in a loop (``retry``) and one handed to
``threading.Thread(target=...)``: the nested function runs the enclosing function's
parameter, so that parameter is the runner's reach and a caller in another module that
feeds it a value is reported there (UL411).  End to end through the CLI on
``fixtures/pyscan/crossmod_closure``: every ``# FLAG`` line gets exactly one UL411; the
good tree (shell-quoted values, a constant, a nested function nobody calls) gets none;
the flows are real (a canary written through the fixture's own code); the findings do
not depend on ``PYTHONHASHSEED``.
"""

import importlib
import shutil
import sys

import pytest
from conftest import FIXTURES, marked_lines, project_findings, project_outputs_by_seed

TREE = FIXTURES / "pyscan" / "crossmod_closure"


def _lint(tree):
    return project_findings(tree)


def test_closure_runners_are_followed_to_the_feeding_call():
    code, fs = _lint(TREE / "bad")
    assert code == 1
    got = sorted((f["path"], f["line"]) for f in fs if f["rule"] == "UL411")
    assert got == sorted(marked_lines(TREE / "bad")), got
    by_line = {(f["path"], f["line"]): f for f in fs if f["rule"] == "UL411"}
    clone = by_line[("bldtasks/tasks.py", 5)]
    assert "'dest' (unquoted), 'url' (unquoted)" in clone["message"], clone
    assert "bldtasks/shell.py:18" in clone["message"]  # the Popen inside runpipe()
    assert "bldtasks/shell.py:26" in by_line[("bldtasks/tasks.py", 9)]["message"]  # bash -c inside once()
    assert "bldtasks/shell.py:36" in by_line[("bldtasks/tasks.py", 13)]["message"]  # the thread's target
    for f in by_line.values():
        assert f["severity"] == "error" and f["column"] >= 1 and f["end_column"] > f["column"], f


def test_good_tree_has_no_flow_and_keeps_the_helpers_own_findings():
    _code, fs = _lint(TREE / "good")
    assert [f for f in fs if f["rule"] == "UL411"] == [], fs
    # sh() and the dead nested function really run their parameter through a shell (in-file facts)
    assert sorted((f["rule"], f["line"]) for f in fs) == [("UL401", 16), ("UL401", 24)], fs


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(TREE / "bad", ("0", "1", "977"))) == 1


def _fresh(monkeypatch, tree):
    monkeypatch.syspath_prepend(str(tree))
    for m in [m for m in sys.modules if m == "bldtasks" or m.startswith("bldtasks.")]:
        monkeypatch.delitem(sys.modules, m)
    return importlib.import_module("bldtasks.tasks")


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_flagged_flows_really_run_the_payload(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    tasks = _fresh(monkeypatch, TREE / "bad")
    tasks.clone("x; touch C_clone; #", "d")
    tasks.pull_image("x; touch C_pull")
    tasks.tail_logs("x; touch C_logs").join(timeout=60)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["C_clone", "C_logs", "C_pull"]
    good = tmp_path / "good"
    good.mkdir()
    monkeypatch.chdir(good)
    gtasks = _fresh(monkeypatch, TREE / "good")
    gtasks.clone("x; touch C_clone; #", "d; touch C_dest")
    gtasks.check("touch C_check")
    assert [p.name for p in good.iterdir() if p.name.startswith("C_")] == []
