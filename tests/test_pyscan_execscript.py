"""Script files run through an exec-style call that takes the program and its arguments one
by one (issue 25, pyA28: ``Detector._exec_script_file``).

``fixtures/pyscan/execscript``: a code executor writes each code block to a file and runs it
with ``asyncio.create_subprocess_exec(program, *extra_args)``, ``program`` being
``sys.executable`` (or a virtualenv's) in one branch of a language switch and ``bash`` in the
other, ``extra_args`` a list in each; ``os.execl(sys.executable, "python", path)`` replaces
the process with a script it was handed.  Both are reported (UL403) as the list form
``[sys.executable, path]`` already was.  A file the program writes itself, data read by
``cat``, and a file the caller names (nothing written) stay quiet.  End to end through the
CLI; the executor runs a bash block that writes a canary file.
"""

import asyncio
import importlib
import sys

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "execscript"


def test_script_files_run_by_exec_calls_are_reported():
    tree = TREE / "bad"
    code, fs = lint_ul4(tree)
    assert code == 1
    assert where_found(tree, fs) == marked_lines(tree)
    for f in fs:
        assert f["rule"] == "UL403" and f["severity"] == "error" and f["column"] >= 1, f
        assert "<script file written with data>" in f["message"], f
    assert {f["message"].split(" starts ")[0] for f in fs} == {"asyncio.create_subprocess_exec", "os.execl"}


def test_own_files_data_files_and_named_files_are_quiet():
    code, fs = lint_ul4(TREE / "good")
    assert (code, fs) == (0, [])


def test_the_code_block_runs(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    monkeypatch.delitem(sys.modules, "executor", raising=False)
    executor = importlib.import_module("executor")
    ex = executor.LocalExecutor(tmp_path)
    asyncio.run(ex.run_block("touch CANARY_bash", "sh"))
    asyncio.run(ex.run_block("open('CANARY_py', 'w').close()", "python"))
    assert (tmp_path / "CANARY_bash").exists() and (tmp_path / "CANARY_py").exists()
