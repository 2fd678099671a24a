"""A runner whose launch sits in a nested helper takes a list as an argv (issue 25, UL411).

``fixtures/pyscan/closureargv``: runners in the shape of inspect-ai's ``run_subprocess``
(``async def run_command(): await open_process(args)`` inside the runner) and of retry
wrappers: the launch (``anyio.run_process``, a string through the shell, a list as an
argv) reads the enclosing runner's parameter.  Callers handing it a list (docker,
docker compose; also from a nested function of their own) are not reported; callers
handing it a string with a value are, and so are those handing it a list that starts a
shell with code built from a value (``["sh", "-c", "docker rm " + name]``).  Both halves proven by running the fixture's own
code with a payload (a canary file).
"""

import importlib
import shutil
import sys

import pytest
from conftest import FIXTURES, marked_lines, project_findings

TREE = FIXTURES / "pyscan" / "closureargv"
RUNNER_SINKS = {("UL404", "dockops/proc.py", 14), ("UL404", "dockops/proc.py", 26)}


def test_string_callers_are_reported_at_the_feeding_call():
    code, fs = project_findings(TREE / "bad")
    assert code == 1
    got = {(f["path"], f["line"]) for f in fs if f["rule"] == "UL411"}
    assert got == marked_lines(TREE / "bad")
    for f in fs:
        if f["rule"] == "UL411":
            assert f["severity"] == "error" and f["column"] >= 1, f
            assert "dockops/proc.py:" in f["message"], f


def test_argv_list_callers_are_quiet_and_the_runner_keeps_its_own_finding():
    _code, fs = project_findings(TREE / "good")
    assert {(f["rule"], f["path"], f["line"]) for f in fs} == RUNNER_SINKS


def _load(tree, monkeypatch):
    monkeypatch.syspath_prepend(str(tree))
    for m in [m for m in sys.modules if m == "dockops" or m.startswith("dockops.")]:
        monkeypatch.delitem(sys.modules, m)
    return importlib.import_module("dockops.compose")


def _call(mod, fn, *args):
    import anyio

    f = getattr(mod, fn)
    try:
        if fn in ("compose_down", "inspect", "shell_logs"):
            return anyio.run(f, *args)
        return f(*args)
    except OSError:  # docker itself may be missing: the canary decides
        return None


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_the_string_flows_are_real_and_the_argv_lists_are_not(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = _load(TREE / "bad", monkeypatch)
    _call(bad, "compose", "p; touch C_compose", "ps")
    _call(bad, "image_rm", "x; touch C_rm")
    _call(bad, "compose_down", "p; touch C_down;")
    _call(bad, "inspect", "x; touch C_inspect")
    _call(bad, "shell_rm", "x; touch C_shrm")
    _call(bad, "shell_logs", "x; touch C_shlogs #")
    got = sorted(p.name for p in tmp_path.glob("C_*"))
    assert got == ["C_compose", "C_down", "C_inspect", "C_rm", "C_shlogs", "C_shrm"]
    for p in tmp_path.glob("C_*"):
        p.unlink()
    good = _load(TREE / "good", monkeypatch)
    payload = "x; touch C_{0}; $(touch C_{0}2)"
    _call(good, "compose", payload.format("compose"), [payload.format("cmd")], payload.format("cfg"))
    _call(good, "image_rm", payload.format("rm"))
    _call(good, "compose_down", payload.format("down"))
    _call(good, "inspect", payload.format("inspect"))
    assert list(tmp_path.glob("C_*")) == []
