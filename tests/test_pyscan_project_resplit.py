"""A runner that re-splits one command-line string, and a program named by an
environment variable with a default (issue 25, UL411; git-review's ``run_command``).

``def run_command_status(*argv): if len(argv) == 1: argv = shlex.split(argv[0]) ...
Popen(argv)`` still runs its parameter as the argv (every definition reaching the call
is that parameter, as it came or re-split), and ``os.environ.get("GIT_SSH", "ssh")`` /
``os.getenv("PYTHON", "python3")`` at the head of an argv names the default's program
(git(1): GIT_SSH is used "instead of ssh"; the code goes on in the default's grammar).
So ``run_command_exc(E, os.environ.get("GIT_SSH", "ssh"), host, "gerrit", "query", q)``
in another module hands ``q`` to the remote shell, and ``run_command(python, "-c",
code)`` hands ``code`` to Python.  End to end through the CLI on
``fixtures/pyscan/crossmod_resplit``: each ``# FLAG`` line gets exactly one UL411; the
good tree (a shell-quoted remote argument, a constant remote command, argv words,
``$EDITOR`` with a path, the value as ``sys.argv[1]``) gets none; the flows are real
(canaries through the fixture's own code: Python itself, and an ``ssh`` stand-in that
does what ssh(1) does with the words after the host); no dependence on ``PYTHONHASHSEED``.
"""

import importlib
import os
import shutil
import sys

import pytest
from conftest import FIXTURES, marked_lines, project_findings, project_outputs_by_seed

TREE = FIXTURES / "pyscan" / "crossmod_resplit"


def _lint(tree):
    return project_findings(tree)


def test_resplit_runner_and_env_named_program_are_followed():
    code, fs = _lint(TREE / "bad")
    assert code == 1
    got = sorted((f["path"], f["line"]) for f in fs if f["rule"] == "UL411")
    assert got == sorted(marked_lines(TREE / "bad")), got
    assert [f for f in fs if f["rule"] != "UL411"] == [], fs
    by_line = {(f["path"], f["line"]): f for f in fs}
    ssh = by_line[("revtool/query.py", 9)]
    assert "'change' (unquoted)" in ssh["message"] and "revtool/cmd.py:12" in ssh["message"], ssh
    assert "ssh host <command>" in ssh["message"], ssh
    py = by_line[("revtool/query.py", 13)]
    assert "'expr' (unquoted)" in py["message"] and "python3 -c" in py["message"], py


def test_good_tree_is_quiet():
    assert _lint(TREE / "good") == (0, [])


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(TREE / "bad", ("0", "7", "31337"))) == 1


@pytest.mark.skipif(shutil.which("sh") is None or shutil.which("python3") is None, reason="needs sh and python3")
def test_flagged_flows_really_run_the_payload(tmp_path, monkeypatch):
    fake = tmp_path / "bin" / "ssh"
    fake.parent.mkdir()
    # ssh(1): the words after the host are joined with blanks and run by the remote user's shell
    fake.write_text('#!/bin/sh\nshift\nexec sh -c "$*"\n')
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.delenv("GIT_SSH", raising=False)
    monkeypatch.delenv("PYTHON", raising=False)
    work = tmp_path / "w"
    work.mkdir()
    monkeypatch.chdir(work)
    for tree, tag in ((TREE / "bad", "bad"), (TREE / "good", "good")):
        monkeypatch.syspath_prepend(str(tree))
        for m in [m for m in sys.modules if m == "revtool" or m.startswith("revtool.")]:
            monkeypatch.delitem(sys.modules, m)
        q = importlib.import_module("revtool.query")
        try:
            q.query_change("host", f"1; touch C_ssh_{tag}")
        except RuntimeError:  # "gerrit" is no program here: the canary decides
            pass
        q.probe(f"open('C_py_{tag}', 'w').close()")
        sys.path.remove(str(tree))
    assert sorted(p.name for p in work.iterdir()) == ["C_py_bad", "C_ssh_bad"]
