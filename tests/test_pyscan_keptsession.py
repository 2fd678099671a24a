"""Issue 25: text typed into a shell or interpreter session an object keeps on ``self``
(:mod:`utcp_lint.pyscan.sessionwrites`).  ``fixtures/pyscan/keptsession``: bad (a lazily
started ``/usr/bin/env bash`` session written through a property, a ``python3 -i`` REPL);
good (ftp and ``sudo -S`` reading a file name or a password, a shell sent constant lines)."""

import json
import os
import shutil
import sys
import time

import pytest
from conftest import FIXTURES, marked_lines, run_cli, where_found

TREE = FIXTURES / "pyscan" / "keptsession"


def _lint(path):
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", path)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def test_bad_session_writes_are_reported():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    run = next(f for f in found if "'action'" in f["message"])
    assert run["rule"] == "UL404" and run["severity"] == "error" and run["confidence"]
    assert "text typed into bash" in run["message"] and run["column"] == 9
    assert any("python3" in f["message"] for f in found)


def test_good_sessions_are_quiet():
    code, found = _lint(TREE / "good")
    assert code == 0 and found == []


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_the_kept_session_runs_the_request_text_in_bash(tmp_path, monkeypatch):
    pexpect = pytest.importorskip("pexpect")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for name in [m for m in sys.modules if m == "rexserver" or m.startswith("rexserver.")]:
        monkeypatch.delitem(sys.modules, name)
    try:
        from rexserver.server import run_in_session

        run_in_session({"session": "s1", "command": "echo hi; touch CANARY_SESSION"})
    finally:
        for name in [m for m in sys.modules if m == "rexserver" or m.startswith("rexserver.")]:
            del sys.modules[name]
    for _ in range(50):  # the shell runs the line; the prompt came back (run waited for it)
        if (tmp_path / "CANARY_SESSION").exists():
            break
        time.sleep(0.1)
    assert pexpect.__version__
    assert (tmp_path / "CANARY_SESSION").exists()
    assert sorted(os.listdir(tmp_path)) == ["CANARY_SESSION"]
