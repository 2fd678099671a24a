"""Issue 25: text sent to a REPL wrapper around a shell or an interpreter (pexpect's
``replwrap``: ``bash()``, ``python()``, ``REPLWrapper`` and subclasses of it, a wrapped
``pexpect.spawn("bash")``) is that program's next input (:mod:`utcp_lint.pyscan.replwrap`).
``fixtures/pyscan/replwrap``: bad (a notebook kernel's cell and completion token, an agent
tool's request, Python code typed into the REPL); good (constant and quoted text, ftp)."""

import json
import shutil
import sys

import pytest
from conftest import FIXTURES, marked_lines, run_cli, where_found

TREE = FIXTURES / "pyscan" / "replwrap"


def _lint(path):
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", path)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def test_bad_sends_are_reported_at_the_send():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert {f["rule"] for f in found} == {"UL404"} and all(f["severity"] == "error" for f in found)
    by_line = {f["line"]: f["message"] for f in found}
    assert "text typed into bash" in by_line[21] and "'code'" in by_line[21]
    assert "text typed into python3" in by_line[34]


def test_good_sends_are_quiet():
    code, found = _lint(TREE / "good")
    assert code == 0 and found == []


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_the_kernel_runs_the_cell_in_real_bash(tmp_path, monkeypatch):
    pytest.importorskip("pexpect")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for name in [m for m in sys.modules if m == "kernel" or m.startswith("kernel.")]:
        monkeypatch.delitem(sys.modules, name)
    from kernel.bashkernel import BashKernel, run_tool

    BashKernel().do_complete("x; touch CANARY_COMPLETE")
    assert (tmp_path / "CANARY_COMPLETE").exists()
    run_tool({"command": "echo hi && touch CANARY_TOOL"})
    assert (tmp_path / "CANARY_TOOL").exists()
