"""Issue 25: a shell started by a constant command line (``create_subprocess_shell("/bin/bash")``,
``Popen("sh -s", shell=True)``) with stdin a pipe runs what the code writes there
(``fixtures/pyscan/shellsession``); ``mapping.get(key, default)`` is the mapping's value or the
default (``fixtures/pyscan/getdefault``).  A constant shell command alone is UL412's (opt-in)."""

import asyncio
import json
import shutil
import sys

import pytest
from conftest import FIXTURES, marked_lines, run_cli, where_found


def _lint(path, select="UL4"):
    r = run_cli("--select", select, "--no-config", "--no-cache", "--format", "json", path)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def _where(tree, found):
    return where_found(tree, found)


@pytest.mark.parametrize("name", ["shellsession", "getdefault"])
def test_bad_trees_report_the_marked_lines(name):
    bad = FIXTURES / "pyscan" / name / "bad"
    code, found = _lint(bad)
    assert code == 1
    assert _where(bad, found) == marked_lines(bad)
    assert all(f["severity"] == "error" for f in found)


@pytest.mark.parametrize("name", ["shellsession", "getdefault"])
def test_good_trees_are_quiet(name):
    code, found = _lint(FIXTURES / "pyscan" / name / "good")
    assert code == 0 and found == []


def test_session_finding_names_the_shell_and_replaces_the_constant_note():
    bad = FIXTURES / "pyscan" / "shellsession" / "bad"
    _code, found = _lint(bad, "UL4,UL412")
    assert not [f for f in found if f["rule"] == "UL412"]  # the start is not the fact: the write is
    typed = next(f for f in found if f["line"] == 19)
    assert typed["rule"] == "UL403" and "bash <script on stdin>" in typed["message"] and "'command'" in typed["message"]


def test_constant_text_into_a_shell_is_only_the_opt_in_note():
    good = FIXTURES / "pyscan" / "shellsession" / "good"
    code, found = _lint(good, "UL4,UL412")
    assert code == 0 and [(f["rule"], f["line"], f["severity"]) for f in found] == [
        ("UL412", 7, "note")
    ]  # notes do not fail


@pytest.mark.skipif(shutil.which("sh") is None or shutil.which("bash") is None, reason="needs sh and bash")
def test_the_written_text_runs_in_real_shells(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(FIXTURES / "pyscan" / "shellsession" / "bad"))
    for name in [m for m in sys.modules if m == "agenttools" or m.startswith("agenttools.")]:
        monkeypatch.delitem(sys.modules, name)
    from agenttools.bash import BashTool, run_script

    run_script("echo data; touch CANARY_SH")
    assert (tmp_path / "CANARY_SH").exists()

    async def session():
        tool = BashTool()
        await tool.start()
        await tool.run("touch CANARY_BASH; echo done")
        tool._process.stdin.close()
        await tool._process.wait()

    asyncio.run(session())
    assert (tmp_path / "CANARY_BASH").exists()
