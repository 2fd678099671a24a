"""Issue 25 (pyA18): nox sessions (linter/pyscan/runnerlibs.py, mode ``"argv"``): a
``@nox.session`` function's parameter is a ``nox.sessions.Session`` whose ``run``/
``run_always``/``run_install`` run their positional arguments as one argv (nox docs); an
argv that starts a shell with a script built from ``session.posargs`` (the command line's
arguments) is a finding, argvs and constant scripts are not.

``fixtures/pyscan/noxrun``: bad and good noxfiles; the canary runs the bad tree's script
shape with a real sh."""

import subprocess

from conftest import FIXTURES, lint_ul4, marked_lines

from linter.pyscan.runnerlibs import LIB_RUNNERS, TASK_DECORATORS

TREE = FIXTURES / "pyscan" / "noxrun"


def test_bad_tree_reports_every_marked_line():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert {(f["path"].rsplit("/", 1)[-1], f["line"]) for f in found} == marked_lines(bad)
    assert all(f["rule"] == "UL404" and f["severity"] == "error" for f in found)
    assert "bash -c" in found[0]["message"] and "session" in found[0]["message"]


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []


def test_table():
    assert TASK_DECORATORS["nox.session"] == "nox.sessions.Session"
    assert LIB_RUNNERS["nox.sessions.Session.run"].mode == "argv"


def test_canary(tmp_path):
    # what nox runs for `nox -s check -- 'x; touch CANARY'`: the bad noxfile's argv
    canary = tmp_path / "CANARY"
    posargs = [f"x; touch {canary}"]
    subprocess.run(["bash", "-c", "true -k " + " ".join(posargs)], check=False)
    assert canary.exists()
