"""An interpreter found by name (``which("python")``, ``_which``, ``find_executable``) given
code (issue 25, pyA28: named.py ``_PATH_LOOKUPS``).

``fixtures/pyscan/whichhead``: ``[state.project.venv_locator._which("python"), "-c",
f"import {args.module}; ..."]`` (the object's class is unknown: the lookup's argument names
the program), ``[env.which("node"), "-e", ...]`` and ``[find_executable("bash"), "-c",
...]`` are reported as the constant program would be (UL403).  Constant code, data passed as
an argument (``json.dumps`` into ``sys.argv``), a program that takes no code (git) and a
program the caller chooses stay quiet.  End to end through the CLI; the module name given
to the opener runs Python code, and the hook runs in real bash (canary files).
"""

import importlib
import shutil
import sys
import types

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "whichhead"


def test_looked_up_interpreters_given_code_are_reported():
    tree = TREE / "bad"
    code, fs = lint_ul4(tree)
    assert code == 1
    assert where_found(tree, fs) == marked_lines(tree)
    msgs = sorted(f["message"] for f in fs)
    assert any("starts python -c" in m and "parameter 'args'" in m for m in msgs), msgs
    assert any("starts node -e" in m for m in msgs) and any("starts bash -c" in m for m in msgs), msgs
    for f in fs:
        assert f["rule"] == "UL403" and f["severity"] == "error" and f["column"] >= 1, f


def test_constant_code_data_arguments_and_other_programs_are_quiet():
    code, fs = lint_ul4(TREE / "good")
    assert (code, fs) == (0, [])


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_module_name_and_the_hook_run_as_code(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    monkeypatch.delitem(sys.modules, "opener", raising=False)
    opener = importlib.import_module("opener")
    locator = types.SimpleNamespace(_which=lambda name: sys.executable if name == "python" else shutil.which(name))
    state = types.SimpleNamespace(project=types.SimpleNamespace(venv_locator=locator))
    payload = "os; open('CANARY_py', 'w').close()  #"  # the rest of the line is a comment
    opener.open_module(state, types.SimpleNamespace(module=payload))
    assert (tmp_path / "CANARY_py").exists()
    opener.run_hook("true; touch CANARY_sh")
    assert (tmp_path / "CANARY_sh").exists()
