"""An argv list handed to a project's runner is not a shell string (issue 25, UL411).

``fixtures/pyscan/argvseq``: a runner module in commitizen's shape (``run`` takes a
string through the shell, a list without; ``run_shell`` always ``shell=True``) and
caller modules.  A caller that hands it a string with a value is a flow; a caller
that hands it an argv list (git, docker, kubectl, jq, find) is not: with
``shell=False`` nothing is shell code, and with ``shell=True`` on POSIX only the
first item is (the rest are the shell's ``$0 $1 ...``).  Both halves proven by
running the fixture's own code with a payload (a canary file).
"""

import importlib
import shutil
import sys

import pytest
from conftest import FIXTURES, marked_lines, project_findings

TREE = FIXTURES / "pyscan" / "argvseq"


def _findings(tree):
    return project_findings(tree)


def test_string_callers_are_flows_at_the_feeding_call():
    code, fs = _findings(TREE / "bad")
    assert code == 1
    got = {(f["path"], f["line"]) for f in fs if f["rule"] == "UL411" and f["path"] == "vcsops/git.py"}
    assert got == marked_lines(TREE / "bad")
    for f in fs:
        if f["path"] == "vcsops/git.py":
            assert "vcsops/cmd.py:7" in f["message"] and f["column"] >= 1, f


def test_argv_list_callers_are_quiet():
    _code, fs = _findings(TREE / "good")
    assert [f for f in fs if f["path"] == "vcsops/git.py"] == []
    # the runner itself still runs its string parameter through a shell: that fact stays, at
    # run() and run_shell(), the calls that pass shell=True (_popen's shell is a required
    # parameter: its own "shell when true" UL401 would repeat them; test_pyscan_project_reqflag)
    assert {(f["rule"], f["path"], f["line"]) for f in fs} == {
        ("UL411", "vcsops/cmd.py", 14),
        ("UL411", "vcsops/cmd.py", 19),
    }


def _load(tree, monkeypatch):
    monkeypatch.syspath_prepend(str(tree))
    for m in [m for m in sys.modules if m == "vcsops" or m.startswith("vcsops.")]:
        monkeypatch.delitem(sys.modules, m)
    return importlib.import_module("vcsops.git")


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_the_flows_are_real_and_the_argv_lists_are_not(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = _load(TREE / "bad", monkeypatch)
    bad.log("HEAD; touch C_log")
    bad.grep("x; touch C_grep")
    bad.pods("x; touch C_pods")
    assert sorted(p.name for p in tmp_path.glob("C_*")) == ["C_grep", "C_log", "C_pods"]
    for p in tmp_path.glob("C_*"):
        p.unlink()
    good = _load(TREE / "good", monkeypatch)
    payload = "x; touch C_{0}; $(touch C_{0}2)"
    for fn, args in {
        "tag": (payload.format("tag"), payload.format("msg")),
        "add": (payload.format("add"),),
        "describe": (payload.format("describe"),),
        "container_ls": (payload.format("docker"),),
        "pods": (payload.format("kubectl"),),
        "jq_filter": (payload.format("jq"), "f"),
        "find_named": (payload.format("find"),),
    }.items():
        try:
            getattr(good, fn)(*args)
        except OSError:  # the program itself may be missing: the canary decides
            pass
    assert list(tmp_path.glob("C_*")) == []
