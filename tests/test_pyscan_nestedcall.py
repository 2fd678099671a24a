"""Issue 25: a closure that hands a parameter of the function enclosing it to another
module's runner (linter/pyscan/project.py ``_enclosing_reach``).

``async def start_task(self, command): async def _run(): await execute_command(command)``
then ``asyncio.create_task(_run())``; a thread's ``target`` closure; an executor's job:
the enclosing function's callers feed the shell, as they do for a shell sink written
inside the closure itself (fixtures/pyscan/crossmod_closure).  Before, only the closure's
own call was reported and the tools of the agent server that pass the model's text were
not.  Argv lists, shlex-quoted values and constant commands in such closures stay quiet;
the bad closures are proven with real sh and bash (canary files)."""

import asyncio
import importlib
import os
import shutil
import sys

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines

TREE = FIXTURES / "pyscan" / "crossmod_nestedcall"


def _rel(tree, f):
    return (os.path.relpath(FIXTURES.parent / f["path"], tree), f["line"])


def test_bad_tree_reports_each_caller_of_the_enclosing_function():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert {_rel(bad, f) for f in found} == marked_lines(bad)
    by = {_rel(bad, f): f for f in found}
    tool = by[(os.path.join("taskrun", "server.py"), 10)]
    assert tool["rule"] == "UL411" and tool["severity"] == "error"
    assert "shell_tool() passes parameter 'command' (unquoted) to start_task()" in tool["message"]
    assert "start_task() -> _run() -> execute_command()" in tool["message"]
    assert "submit() -> job() -> run_shell()" in by[(os.path.join("taskrun", "server.py"), 20)]["message"]
    assert all(f["column"] >= 1 and f["confidence"] for f in found)


def test_good_tree_reports_only_the_shell_wrapper_itself():
    good = TREE / "good"
    code, found = lint_ul4(good)
    assert {_rel(good, f) for f in found} == marked_lines(good, "# WRAPPER")
    assert code == 1


def _package(monkeypatch, side):
    pkg = "taskrun" if side == "bad" else "safetasks"  # two names: one linted tree holds both
    monkeypatch.syspath_prepend(str(TREE / side))
    for m in [m for m in sys.modules if m == pkg or m.startswith(pkg + ".")]:
        monkeypatch.delitem(sys.modules, m)
    return importlib.import_module(pkg + ".server")


@pytest.mark.skipif(os.name != "posix" or not shutil.which("bash"), reason="needs a POSIX sh and bash")
def test_bad_closures_run_the_value_as_shell_code(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    server = _package(monkeypatch, "bad")

    async def background():
        await server.shell_tool("true; touch C_task", background=True)
        await asyncio.gather(*server.manager.tasks.values())

    asyncio.run(background())
    server.watch_tool("/dev/null & touch C_thread; kill $!; #").join(10)
    server.batch_tool("touch C_job").result(10)
    assert (tmp_path / "C_task").exists() and (tmp_path / "C_job").exists() and (tmp_path / "C_thread").exists()


@pytest.mark.skipif(os.name != "posix" or not shutil.which("tail"), reason="needs a POSIX sh")
def test_good_closures_keep_the_value_one_word(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    good = _package(monkeypatch, "good")
    for t in good.watch_tool("/nonexistent; touch C_value"):
        t.join(10)
        assert not t.is_alive()
    assert not any(tmp_path.glob("C_*"))


def test_a_closure_nobody_names_lifts_nothing(tmp_path):
    """A nested function the enclosing function never calls nor hands on is dead code: its
    call is reported where it hands the value on, the enclosing function's callers are not."""
    pkg = tmp_path / "deadjobs"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "execute.py").write_text(
        "import subprocess\n\n\ndef run_shell(cmd):\n    return subprocess.run(cmd, shell=True, check=False)\n"
    )
    (pkg / "manager.py").write_text(
        "from deadjobs.execute import run_shell\n\n\n"
        "def start(cmd):\n    def target():\n        run_shell(cmd)\n\n    return None\n\n\n"
        "def start_live(cmd):\n    def target():\n        run_shell(cmd)\n\n    return target\n"
    )
    (pkg / "server.py").write_text(
        "from deadjobs.manager import start, start_live\n\n\n"
        "def tool(command):\n    start(command)\n    return start_live(command)\n"
    )
    code, found = lint_ul4(tmp_path)
    lines = {(os.path.basename(f["path"]), f["line"]) for f in found}
    assert ("server.py", 6) in lines  # start_live hands its closure on: its caller is reported
    assert ("server.py", 5) not in lines  # start's closure is dead code
    assert ("manager.py", 6) in lines and ("manager.py", 13) in lines  # each closure's own call
    assert code == 1
