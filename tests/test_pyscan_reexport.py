"""Issue 25: a module of the tree that re-exports subprocess's functions (``from subprocess
import check_call`` in ``envkit/_proc.py``, pew's ``_utils`` shape) passes their command and
shell flag on to the modules that import them from it; a Windows-only flag makes every item of
the list code (cmd.exe), and ``f(*argv)`` fills the callee's command from ``argv``.
``fixtures/pyscan/reexport``: bad (shell strings and flags through the re-exported names) and
good (argv lists, constant shell commands)."""

import json
import os
import shutil
import subprocess
import sys

import pytest
from conftest import FIXTURES, marked_lines, run_cli, where_found

TREE = FIXTURES / "pyscan" / "reexport"


def _lint(path, seed):
    env = dict(os.environ, PYTHONHASHSEED=seed)
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", path, env=env)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def _line(name, text):
    lines = (TREE / "bad" / "envkit" / name).read_text().splitlines()
    return next(i for i, ln in enumerate(lines, 1) if text in ln)


def test_reexported_subprocess_functions_are_judged_at_their_callers():
    bad = TREE / "bad"
    code, found = _lint(bad, "0")
    assert code == 1
    got = where_found(bad, found)
    assert got == marked_lines(bad)
    assert {f["rule"] for f in found} == {"UL411"}
    inve = next(
        f
        for f in found
        if f["path"].endswith("venv.py") and f["line"] == _line("venv.py", "return check_call([command]")
    )
    assert "cmd.exe on Windows" in inve["message"] and "'args'" in inve["message"]
    # the re-export is the related location
    assert f"_proc.py:{_line('_proc.py', 'from subprocess import PIPE')}" in inve["message"]
    hook = next(
        f for f in found if f["path"].endswith("venv.py") and f["line"] == _line("venv.py", "(hook, shell=True)")
    )
    assert "cmd.exe" not in hook["message"] and hook["severity"] == "error"
    assert _lint(bad, "1")[1] == found  # the same on another hash seed
    assert _lint(bad, "4242")[1] == found


def test_argv_lists_and_constant_commands_through_the_reexport_are_quiet():
    code, found = _lint(TREE / "good", "0")
    assert code == 0 and found == []


def test_text_output_names_the_call_and_exits_one():
    r = run_cli("--select", "UL411", "--no-config", "--no-cache", str(TREE / "bad" / "envkit"))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    hook = _line("venv.py", "(hook, shell=True)")
    assert f"venv.py:{hook}:12: UL411 error run_hook() passes parameter 'hook'" in r.stdout


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_the_reexported_check_call_runs_the_text_as_shell(tmp_path, monkeypatch):
    # the bad tree's own run_hook and spawn, driven as a caller would
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for name in [m for m in sys.modules if m == "envkit" or m.startswith("envkit.")]:
        monkeypatch.delitem(sys.modules, name)
    try:
        from envkit.venv import run_hook, spawn

        run_hook("true; touch CANARY_REEXPORT")
        spawn("true; touch CANARY_SPAWN").communicate()
    finally:
        for name in [m for m in sys.modules if m == "envkit" or m.startswith("envkit.")]:
            del sys.modules[name]  # another test tree may name a package envkit too
    assert (tmp_path / "CANARY_REEXPORT").exists() and (tmp_path / "CANARY_SPAWN").exists()
    assert sorted(subprocess.run(["ls"], capture_output=True, text=True).stdout.split()) == [
        "CANARY_REEXPORT",
        "CANARY_SPAWN",
    ]


def test_two_copies_of_a_package_in_one_tree_resolve_each_to_its_own():
    # bad/envkit and good/envkit linted together: the good callers import the good
    # envkit.venv (nearest to them), never the bad copy's functions of the same names
    code, found = _lint(TREE, "0")
    assert code == 1
    good = [f for f in found if "/good/" in f["path"]]
    assert good == []
    bad = {(os.path.relpath(FIXTURES.parent / f["path"], TREE / "bad"), f["line"]) for f in found}
    assert bad == marked_lines(TREE / "bad")
