"""Code handed to interpreters beyond ``exec``/``eval`` of a parameter (issue 25, pyA19).

``fixtures/pyscan/codeinterp``: scene code read from stdin and completed with an import
line before ``exec`` (codeinput.py follows a name re-bound from its own value); a
timeit-style ``Timer`` whose ``__init__`` fills a template (chosen between two constants)
with ``stmt``/``setup`` and whose ``make_inner`` runs it, and a ``Rule`` evaluating the
condition its constructor kept (selfcode.init_attr_params); a Jupyter kernel client handed
around untyped in a module importing jupyter_client (coderun.UNTYPED_RECEIVER_CLASSES); a
runtime object's ``exec_code``/``eval_code`` called by a tool in another module and, through
a decorator factory (``time_limit(s)(runtime.exec_code)(code)``), in its own module
(codereach.py methods, project.py).  Each bad line is reported once; the good twins give
the same machinery constants, ``int()`` values or callables.  The canary test runs each
bad shape (but the kernel, which needs a Jupyter kernel) with a payload touching a file.
"""

import io
import json
import os
import sys
import types

from conftest import FIXTURES, lint_ul4, marked_lines, run_cli

TREE = FIXTURES / "pyscan" / "codeinterp"
PAYLOAD = "__import__('pathlib').Path('CANARY_{}').touch()"


def test_bad_tree_reports_each_line_once():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    got = [(os.path.relpath(FIXTURES.parent / f["path"], bad), f["line"]) for f in found]
    assert sorted(set(got)) == sorted(marked_lines(bad)) and len(got) == len(set(got))
    # a file's path (or a received line handed to a helper) is a warning, code text an error
    warn = {
        (os.path.basename(f["path"]), f["line"])
        for f in found
        if "path of" in f["message"]
        or "content of a file" in f["message"]
        or (os.path.basename(f["path"]) == "pthfiles.py" and f["rule"] == "UL411")
    }
    assert warn == {
        ("cli.py", 12),
        ("cli.py", 16),
        ("compat.py", 11),
        ("pthfiles.py", 21),
        ("remote.py", 20),
        ("sceneloader.py", 9),
        ("setupscan.py", 15),
        ("sceneloader.py", 14),
        ("webscript.py", 13),
    }, warn
    for f in found:
        want = "warning" if (os.path.basename(f["path"]), f["line"]) in warn else "error"
        assert f["severity"] == want, f
    by_line = {(os.path.basename(f["path"]), f["line"]): f for f in found}
    assert "standard input" in by_line[("scenes.py", 13)]["message"]
    assert "'setup', 'stmt'" in by_line[("timing.py", 40)]["message"]
    assert "'condition'" in by_line[("timing.py", 49)]["message"]
    assert by_line[("kernel.py", 16)]["rule"] == "UL405"
    assert "jupyter_client" in by_line[("kernel.py", 24)]["message"]
    assert by_line[("runtime.py", 35)]["rule"] == "UL411" and "exec_code()" in by_line[("runtime.py", 35)]["message"]
    assert by_line[("tool.py", 12)]["rule"] == "UL411" and "eval_code()" in by_line[("tool.py", 12)]["message"]
    assert "documentation directive's self.arguments" in by_line[("docdirective.py", 16)]["message"]
    # the CLI module hands the loader the file the user names; the loader's helper runs it
    assert by_line[("cli.py", 12)]["rule"] == "UL411" and "parse_args()" in by_line[("cli.py", 12)]["message"]
    assert "parameter 'path'" in by_line[("cli.py", 16)]["message"]
    # a file path the constructor kept: whoever builds the resource names the script
    assert "'self.filename'" in by_line[("webscript.py", 13)]["message"]
    # a .pth file's import line handed to another module's exec helper; stdin lines exec'd
    assert (
        by_line[("pthfiles.py", 21)]["rule"] == "UL411" and "exec_function()" in by_line[("pthfiles.py", 21)]["message"]
    )
    assert "a line read from standard input" in by_line[("pthfiles.py", 29)]["message"]
    # sandboxes' code APIs (E2B, Daytona), typed or handed around untyped
    assert "e2b_code_interpreter.Sandbox" in by_line[("sandboxes.py", 16)]["message"]
    assert "code_run()" in by_line[("sandboxes.py", 25)]["message"]
    # a file's code parsed and spliced (ast.parse, ast.fix_missing_locations) before it runs
    assert "content of a file" in by_line[("setupscan.py", 15)]["message"]
    # a remote interpreter (execnet), an agent's REPL (langchain_experimental), a notebook (papermill)
    assert "remote_exec()" in by_line[("remote.py", 10)]["message"]
    assert "PythonREPL.run()" in by_line[("remote.py", 16)]["message"]
    assert "papermill.execute_notebook()" in by_line[("remote.py", 20)]["message"]
    assert lint_ul4(bad, seed="1")[1] == found


def test_good_tree_reports_only_the_runtime_itself():
    # the runtime's own exec/eval of its parameter and the loader's own exec of a file are
    # reported where they run (as before); their callers here give them constants or the
    # package's own file: nothing else
    code, found = lint_ul4(TREE / "good")
    got = sorted((os.path.basename(f["path"]), f["line"], f["rule"]) for f in found)
    assert got == [
        ("compat.py", 11, "UL405"),
        ("compat.py", 16, "UL405"),
        ("runtime.py", 12, "UL405"),
        ("runtime.py", 15, "UL405"),
        ("sceneloader.py", 9, "UL405"),
        ("sceneloader.py", 14, "UL408"),
    ], got


def test_cli_json_carries_location_and_confidence():
    r = run_cli(
        "--no-cache", "--no-config", "--select", "UL4", "--format", "json", TREE / "bad" / "labtool" / "kernel.py"
    )
    assert r.returncode == 1, r.stderr
    fs = json.loads(r.stdout)["findings"]
    assert [(f["rule"], f["line"], f["column"], f["confidence"]) for f in fs] == [
        ("UL405", 16, 12, "high"),
        ("UL405", 24, 16, "high"),
    ]


def test_the_code_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for name in [m for m in sys.modules if m == "labtool" or m.startswith("labtool.")]:
        monkeypatch.delitem(sys.modules, name)
    # docutils is not a dependency: a stand-in with the documented Directive attributes
    rst = types.ModuleType("docutils.parsers.rst")

    class Directive:
        def __init__(self, arguments, content):
            self.arguments, self.content = arguments, content

    rst.Directive = Directive
    rst.directives = types.SimpleNamespace(flag=lambda x: x)
    nodes = types.ModuleType("docutils.nodes")
    nodes.literal_block = lambda *a, **k: a
    for name, mod in (("docutils", types.ModuleType("docutils")), ("docutils.parsers", types.ModuleType("p"))):
        monkeypatch.setitem(sys.modules, name, mod)
    monkeypatch.setitem(sys.modules, "docutils.parsers.rst", rst)
    monkeypatch.setitem(sys.modules, "docutils.nodes", nodes)
    sys.modules["docutils"].nodes = nodes
    from labtool import docdirective, runtime, scenes, timing, tool

    # the document's directive: its body is the payload, its argument a class name
    docdirective.ExampleDirective(["dict"], [PAYLOAD.format("directive")]).run()

    monkeypatch.setattr(sys, "stdin", io.StringIO(PAYLOAD.format("stdin")))
    scenes.module_from_stdin()  # "from labtool import *" is put first, then the payload runs
    timing.Timer(stmt=PAYLOAD.format("timer")).make_inner()(range(1), lambda: 0.0)
    timing.Rule(PAYLOAD.format("rule")).matches(1)
    runtime.run_program(PAYLOAD.format("runtime"), runtime.SandboxRuntime())
    tool.PythonTool().call({"code": PAYLOAD.format("tool"), "answer": "1"})
    scene_file = tmp_path / "scenes.py"
    scene_file.write_text(PAYLOAD.format("scenefile") + "\n")
    from labtool import cli

    cli.main([str(scene_file)])
    page = tmp_path / "page.py"
    page.write_text(PAYLOAD.format("webscript") + "\n")
    from labtool import webscript

    webscript.PythonScript(str(page), {}).render(object())
    pth = tmp_path / "evil.pth"
    pth.write_text("# a comment\nlib\nimport pathlib; pathlib.Path('CANARY_pth').touch()\n")
    from labtool import pthfiles

    list(pthfiles.iter_pth_paths(str(pth)))
    monkeypatch.setattr(sys, "stdin", io.StringIO(PAYLOAD.format("stdinlines") + "\n"))
    pthfiles.run_lines()
    setup_py = tmp_path / "setup.py"
    setup_py.write_text(PAYLOAD.format("setuppy") + "\nsetup(scripts=['x'])\n")
    from labtool import setupscan

    assert setupscan.scripts_of(str(setup_py)) == ["x"]
    made = sorted(p.name[len("CANARY_") :] for p in tmp_path.glob("CANARY_*"))
    assert made == [
        "directive",
        "pth",
        "rule",
        "runtime",
        "scenefile",
        "setuppy",
        "stdin",
        "stdinlines",
        "timer",
        "tool",
        "webscript",
    ], made
