"""Issue 25: a shell argv written out and handed to a callee no table models
(linter/pyscan/anyargv.py): ``container.exec_run(["sh", "-c", cmd])`` (docker SDK),
``stream(..., command=["/bin/sh", "-c", cmd])`` (kubernetes), ``sandbox.process.exec(("bash",
"-lc", ...))``, ``vm.exec("bash", "-c", cmd)`` (the positional arguments as the argv).  Whatever runs that list, ``sh -c`` makes its third item code.

``fixtures/pyscan/anyargv``: bad and good trees end to end through the CLI.  The good tree
holds constant scripts, values passed as ``$1`` of a constant script, ``shlex.quote``-d
values, and argv lists only logged, joined or appended.  A call of the tree's own runner in
another module is reported once, by UL411 (the project pass drops the per-file UL404).
The lists of the bad tree are run with real sh, as any SDK runs them in its container, to
prove the payload runs; the good tree's lists keep it data."""

import ast
import os
import shutil
import subprocess

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines

from utcp_lint.pyscan.anyargv import shell_argv_literal

TREE = FIXTURES / "pyscan" / "anyargv"


def test_bad_tree_reports_each_call_once():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    got = [(os.path.relpath(FIXTURES.parent / f["path"], bad), f["line"]) for f in found]
    assert sorted(set(got)) == sorted(marked_lines(bad))
    assert len(got) == len(set(got)), "one finding per call"
    by = {(os.path.basename(f["path"]), f["line"]): f for f in found}
    assert by["jobs.py", 9]["rule"] == "UL411"  # the tree's own runner speaks for the call
    remote = [f for f in found if f["path"].endswith("remote.py")]
    assert {f["rule"] for f in remote} == {"UL404"}
    assert "container.exec_run starts sh -c" in by["remote.py", 8]["message"]
    assert "parameters 'script', 'workdir'" in by["remote.py", 23]["message"]
    assert all(f["severity"] == "error" and f["column"] >= 1 and f["confidence"] for f in found)


def test_good_tree_is_quiet():
    assert lint_ul4(TREE / "good") == (0, [])


def _lists(side: str) -> dict:
    """function name -> the shell argv display its body hands to a call."""
    tree = ast.parse((TREE / side / "sandboxkit" / "remote.py").read_text())
    out = {}
    for fn in tree.body:
        if isinstance(fn, ast.FunctionDef):
            for node in ast.walk(fn):
                if isinstance(node, ast.Call) and (lit := shell_argv_literal(node)) is not None:
                    out[fn.name] = lit
    return out


def _run(lit, values: dict, cwd) -> subprocess.CompletedProcess:
    """Run the list display as the SDK would run it in its container: each item evaluated
    with the function's parameters bound to ``values``."""
    argv = eval(compile(ast.Expression(lit), "<argv>", "eval"), {"shlex": __import__("shlex")}, values)
    argv = [str(a) for a in argv]
    argv[0] = shutil.which(os.path.basename(argv[0])) or argv[0]
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True)


@pytest.mark.skipif(os.name != "posix" or not shutil.which("bash"), reason="needs a POSIX sh and bash")
def test_bad_lists_run_the_payload(tmp_path):
    lists = _lists("bad")
    assert set(lists) == {"in_container", "in_pod", "in_sandbox", "one_off", "in_vm"}
    payload = {"cmd": "true; touch C_cmd", "script": "true; touch C_script", "workdir": "."}
    for lit in lists.values():
        _run(lit, payload, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["C_cmd", "C_script"]


@pytest.mark.skipif(os.name != "posix", reason="needs a POSIX sh")
def test_good_lists_keep_the_payload_data(tmp_path):
    lists = _lists("good")
    assert {"disk_usage", "list_dir", "cat_file", "describe", "plan", "vm_uptime", "vm_greet"} <= set(lists)
    value = "x; touch C_value"
    for name in ("disk_usage", "list_dir", "cat_file", "vm_uptime", "vm_greet"):
        _run(lists[name], {"path": value, "name": value}, tmp_path)
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("C_")]
