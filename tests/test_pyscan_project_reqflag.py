"""A required ``shell`` parameter (``def _popen(cmd, *, shell)``) across modules (issue 25).

Every call of such a helper decides whether its command runs through a shell, so the
fact is judged at the calls (UL411 where a value reaches a call that passes
``shell=True``), never a second time as a "shell when the parameter is true" UL401
warning at the helper's ``Popen`` (one fact, one finding; commitizen's ``cmd._popen``).
End to end through the CLI on ``fixtures/pyscan/crossmod_reqflag``: the bad tree's
``# FLAG`` lines get exactly one UL411 each and the helper no UL401; the good tree
(argv lists with ``shell=False``, a constant ``git --version`` with ``shell=True``) is
quiet; without UL411 selected the helper keeps its warning (the fact is not lost); the
flows are real (a canary written through the fixture's own code); the findings do not
depend on ``PYTHONHASHSEED``.
"""

import importlib
import shutil
import sys

import pytest
from conftest import FIXTURES, lint_json, marked_lines, project_outputs_by_seed

TREE = FIXTURES / "pyscan" / "crossmod_reqflag"


def _lint(tree, *extra):
    code, out = lint_json("--no-cache", "--no-config", "--select", "UL4", "--project-root", ".", *extra, ".", cwd=tree)
    assert not out["errors"], out["errors"]
    return code, out["findings"]


def test_flows_through_a_required_shell_flag_are_reported_at_the_calls_only():
    code, fs = _lint(TREE / "bad")
    assert code == 1
    got = sorted((f["path"], f["line"]) for f in fs if f["rule"] == "UL411")
    assert got == sorted(marked_lines(TREE / "bad")), got
    # the helper's own "shell when the parameter is true" warning is the same fact: not repeated
    assert [f for f in fs if f["rule"] != "UL411"] == [], fs
    by_line = {(f["path"], f["line"]): f for f in fs}
    assert "'name' (unquoted)" in by_line[("jobs/cli.py", 7)]["message"]
    assert "sys.argv" in by_line[("jobs/cli.py", 15)]["message"]
    assert "shell=True passed to _popen()" in by_line[("jobs/proc.py", 20)]["message"]
    for f in fs:
        assert f["column"] >= 1 and f["end_column"] > f["column"], f
        assert "jobs/proc.py:7" in f["message"], f


def test_without_the_project_rule_the_helper_keeps_its_warning():
    _code, fs = _lint(TREE / "bad", "--ignore", "UL411")
    assert [(f["rule"], f["path"], f["line"], f["severity"]) for f in fs] == [
        ("UL401", "jobs/proc.py", 7, "warning")
    ], fs


def test_good_tree_is_quiet():
    code, fs = _lint(TREE / "good")
    assert (code, fs) == (0, [])


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(TREE / "bad", ("0", "1", "4242"))) == 1


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_flagged_flows_really_run_the_payload(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for m in [m for m in sys.modules if m == "jobs" or m.startswith("jobs.")]:
        monkeypatch.delitem(sys.modules, m)
    cli = importlib.import_module("jobs.cli")
    cli.hook("x; touch C_hook; #")
    cli.images("x; touch C_images")
    monkeypatch.setattr(sys, "argv", ["prog", "x; touch C_main"])
    cli.main()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["C_hook", "C_images", "C_main"]
    # the good tree's calls, given the same payloads, run no shell
    good = tmp_path / "good"
    good.mkdir()
    monkeypatch.chdir(good)
    monkeypatch.syspath_prepend(str(TREE / "good"))
    for m in [m for m in sys.modules if m == "jobs" or m.startswith("jobs.")]:
        monkeypatch.delitem(sys.modules, m)
    gcli = importlib.import_module("jobs.cli")
    for fn in (gcli.images, gcli.log, gcli.pods):
        try:
            fn("x; touch C_good")
        except FileNotFoundError:  # docker/kubectl may be missing: the canary decides
            pass
    assert list(good.iterdir()) == []
