"""UL405: library entry points that run Python source or a file's code (issue 25).

``linter/pyscan/coderun.py`` holds the table (Python library reference: ``code``,
``codeop``, ``timeit``, ``runpy``, ``importlib``).  A REPL server that compiles what a
client sent with ``codeop.Compile`` or pushes it into an ``InteractiveConsole``, a
``run_pyscript`` command, a task-file loader (``spec_from_file_location`` +
``exec_module``), ``runpy.run_path`` of a user's script and a ``%timeit``-like helper
are reported once each; the tool's own files (beside ``__file__`` or a constant
path), constant statements and ``ast.literal_eval`` are not.  The canary test runs
every bad shape on a payload that touches a file.
"""

import os
import subprocess
import sys
import types

from conftest import FIXTURES, lint_ul4, load_fixture_module, marked_lines, run_cli, where_found

TREE = FIXTURES / "pyscan" / "coderun"


def test_bad_tree_reports_each_code_runner_once():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert {f["rule"] for f in found} == {"UL405", "UL408"}
    by_line = {(os.path.basename(f["path"]), f["line"]): f for f in found}
    assert by_line[("scripts.py", 25)]["severity"] == "warning"  # a file's code: the path chooses it
    assert "spec_from_file_location" in by_line[("scripts.py", 25)]["message"]
    assert "parameter 'path'" in by_line[("scripts.py", 25)]["message"]
    assert by_line[("timing.py", 7)]["severity"] == "error"
    assert "timeit.timeit()" in by_line[("timing.py", 7)]["message"]
    assert "code.InteractiveConsole.push()" in by_line[("repl.py", 23)]["message"]
    fwd = by_line[("scripts.py", 39)]  # a caller forwarding the script's path: no worse than the sink
    assert (fwd["rule"], fwd["severity"]) == ("UL408", "warning")
    assert "into the path of the file whose code is run by code.InteractiveConsole.runcode" in fwd["message"]
    assert lint_ul4(bad, seed="1")[1] == found


def test_code_formatted_from_an_attribute_the_method_set_from_its_parameter():
    code, found = lint_ul4(TREE / "bad" / "devtool" / "completion.py")
    assert code == 1 and [(f["rule"], f["line"], f["severity"]) for f in found] == [("UL405", 14, "error")]
    assert "parameter 'txt'" in found[0]["message"] and "self attributes set from them" in found[0]["message"]


def test_the_completion_path_runs_as_code(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    mod = load_fixture_module(TREE / "bad" / "devtool" / "completion.py", "fx_coderun")
    client = types.SimpleNamespace(commands=lambda: [])
    # lower-cased and cut at the last ".", as the completer does: still code
    typed = "x if __import__('os').system('touch canary_path') else self.client.tail"
    assert mod.CommandCompleter(client).complete(typed) == []
    assert (tmp_path / "canary_path").exists()


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == [], found


def test_cli_text_output_names_the_runner():
    r = run_cli("--no-cache", "--no-config", "--select", "UL405", TREE / "bad" / "devtool" / "scripts.py")
    assert r.returncode == 1, r.stderr
    assert "runpy.run_path() runs the content of a file as Python code" in r.stdout
    assert "Traceback" not in r.stderr


def test_the_bad_shapes_run_the_payload(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for name in [m for m in sys.modules if m == "devtool" or m.startswith("devtool.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "argv", list(sys.argv))
    from devtool import repl, scripts, timing

    def stmt(tag):
        return f"import pathlib; pathlib.Path('CANARY_{tag}').touch()"

    srv = repl.ReplServer({})
    srv.evaluate(stmt("exec"))
    srv.evaluate("__import__('pathlib').Path('CANARY_eval').touch()")
    srv.feed(stmt("push"))
    repl.check_statement(stmt("compile_command"))
    (tmp_path / "payload.py").write_text(stmt("runcode") + "\n")
    scripts.run_pyscript({}, str(tmp_path / "payload.py"))
    (tmp_path / "tasks.py").write_text(stmt("exec_module") + "\n")
    scripts.load_tasks(str(tmp_path / "tasks.py"))
    (tmp_path / "script.py").write_text(stmt("run_path") + "\n")
    scripts.run_script(str(tmp_path / "script.py"), [])
    timing.time_statement(stmt("timeit"), number=1)
    timing.timer_for("__import__('pathlib').Path('CANARY_Timer').touch()").timeit(1)
    assert sorted(p.name[len("CANARY_") :] for p in tmp_path.glob("CANARY_*")) == sorted(
        ["exec", "eval", "push", "compile_command", "runcode", "exec_module", "run_path", "timeit", "Timer"]
    )


class _KernelClient:
    """What a Python kernel does with the code it is sent: a Python process runs it."""

    def start_channels(self):
        pass

    stop_channels = start_channels

    def execute_interactive(self, code, timeout=None):
        subprocess.run([sys.executable, "-c", code], check=True, timeout=timeout)


class _KernelManager:
    def __init__(self, kernel_name=""):
        pass

    def start_kernel(self):
        pass

    shutdown_kernel = start_kernel

    def client(self):
        return _KernelClient()


def test_the_kernel_tool_runs_the_payload(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "jupyter_client", types.SimpleNamespace(KernelManager=_KernelManager))
    shell = types.SimpleNamespace(run_cell=lambda src, store_history=True: exec(src, {}))
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: shell))
    mod = load_fixture_module(TREE / "bad" / "devtool" / "kernel.py", "fx_coderun")
    mod.run_code_tool("import pathlib; pathlib.Path('CANARY_kernel').touch()")
    mod.run_in_notebook("import pathlib; pathlib.Path('CANARY_cell').touch()")
    assert sorted(p.name for p in tmp_path.glob("CANARY_*")) == ["CANARY_cell", "CANARY_kernel"]
