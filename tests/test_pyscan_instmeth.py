"""Issue 25: a method called on an instance in its own module (``git = Git(use_shell); git.
check_call("push", remote, branch)``, ghp-import's shape) and a ``*args`` parameter are flows
the module's own analysis (UL408) does not follow; the project pass reports them (UL411), and the
callers of such a function in the same module too.  ``fixtures/pyscan/instmeth``: bad and good."""

import importlib
import sys

from conftest import FIXTURES, marked_lines, project_outputs_by_seed, project_ul4

TREE = FIXTURES / "pyscan" / "instmeth"


def test_instance_method_flows_in_one_module_are_reported_once():
    code, fs = project_ul4(TREE / "bad")
    assert code == 1
    assert sorted((f["path"], f["line"]) for f in fs) == sorted(marked_lines(TREE / "bad"))
    rules = {f["line"]: f["rule"] for f in fs}
    assert rules == {14: "UL401", 17: "UL401", 22: "UL411", 26: "UL411", 30: "UL411", 31: "UL411"}
    by = {f["line"]: f["message"] for f in fs}
    assert "push() passes parameters 'branch' (unquoted), 'remote' (unquoted) to check_call()" in by[22]
    assert "vcskit/git.py:14" in by[22] and "vcskit/git.py:17" in by[26]
    assert "main() passes parameter 'argv' (unquoted) to push()" in by[30]


def test_constants_quoted_values_and_argv_lists_are_quiet():
    _code, fs = project_ul4(TREE / "good")
    # the class's own methods stay reported (public methods running their parameter)
    assert [(f["rule"], f["line"]) for f in fs] == [("UL401", 13), ("UL401", 16)], fs


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(TREE / "bad", ("0", "1", "12345"))) == 1


def test_the_instance_method_runs_a_real_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for m in [m for m in sys.modules if m == "vcskit" or m.startswith("vcskit.")]:
        monkeypatch.delitem(sys.modules, m)
    try:
        git = importlib.import_module("vcskit.git")
        git.log("x >/dev/null 2>&1; touch CANARY_LOG; true")
    finally:
        for m in [m for m in sys.modules if m == "vcskit" or m.startswith("vcskit.")]:
            del sys.modules[m]  # another test tree may name a package vcskit too
    assert (tmp_path / "CANARY_LOG").exists()
