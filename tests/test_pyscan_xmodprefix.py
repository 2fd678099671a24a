"""Issue 25: a shell and its code flag returned by a helper of ANOTHER module
(linter/pyscan/cprefix.py ``returned_shell_prefixes``, read by the project pass like
the ssh prefixes of ``project.returned_code_prefix``).

``from podkit.base import bash_c`` ... ``check_output(bash_c().split() + [cmd])`` with
``def bash_c(): return "bash -c" if not windows else "cmd /c"`` in base.py, and
``Popen(shell_argv() + [script])`` with ``return ["/bin/sh", "-c"]``: the item the
caller appends is the shell's code.  Within one module the evaluator already reads the
prefix (tests/test_pyscan_splitprefix.py); across modules the per-file scan sees an
unknown call, so nothing was reported.  A prefix whose last word is not a code flag
(``git -C /srv/repo``, ``["ls", "-l"]``), a constant command and a shlex-quoted value
stay quiet.  The bad helpers are proven with real bash and sh (canary files)."""

import importlib
import os
import shutil
import subprocess
import sys

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "xmodprefix"


def test_bad_tree_reports_each_wrapper_and_caller():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert {f["rule"] for f in found} == {"UL411"}
    by = {(os.path.basename(f["path"]), f["line"]): f for f in found}
    assert "parameter 'cmd'" in by["process.py", 9]["message"]
    assert "the command appended to the argv bash_c() returns" in by["process.py", 9]["message"]
    assert "shell_argv() returns" in by["process.py", 14]["message"]
    assert "get_bash_output() -> bash_c()" in by["pods.py", 7]["message"]
    assert all(f["severity"] == "error" and f["column"] >= 1 and f["confidence"] for f in found)


def test_good_tree_is_quiet():
    assert lint_ul4(TREE / "good") == (0, [])


def _package(monkeypatch, side: str):
    monkeypatch.syspath_prepend(str(TREE / side))
    for m in [m for m in sys.modules if m == "podkit" or m.startswith("podkit.")]:
        monkeypatch.delitem(sys.modules, m)
    process = importlib.import_module("podkit.process")
    return process, importlib.import_module("podkit.pods") if side == "bad" else None


@pytest.mark.skipif(os.name != "posix" or not shutil.which("bash"), reason="needs a POSIX sh and bash")
def test_bad_wrappers_run_the_value_as_shell_code(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    process, pods = _package(monkeypatch, "bad")
    process.get_bash_output("true; touch C_output")
    process.start("true; touch C_start").wait()
    try:
        pods.delete_pod("x; touch C_pod;", "default")
    except subprocess.CalledProcessError:
        pass  # kubectl is absent or fails: the canary was touched before
    made = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("C_"))
    assert made == ["C_output", "C_pod", "C_start"], made


@pytest.mark.skipif(os.name != "posix", reason="needs a POSIX sh")
def test_good_wrappers_keep_values_arguments(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    process, _pods = _package(monkeypatch, "good")
    process.count_lines("x; touch C_quoted").wait()
    with pytest.raises(subprocess.CalledProcessError):  # ls finds no file of that odd name
        process.listing("x; touch C_ls")
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("C_")]
