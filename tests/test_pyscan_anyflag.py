"""Issue 25 (pyA22): a shell flag handed to a callee the scan cannot see
(linter/pyscan/anyflag.py): ``self.ui.subprocess_Popen(cmd, shell=True)`` (an injected object),
``osext.run_command_async2(cmd, shell=True)`` and ``util_cmd.cmd(cmd, shell=True)`` (another
package's helper), ``SubProcContext(key, cmd, shell=True)`` (an object that runs later),
``new_process([npm, "install", pkg], shell=IS_WINDOWS)`` (cmd.exe on Windows).

``fixtures/pyscan/anyflag``: bad and good trees end to end through the CLI.  The good tree holds
constant and quoted commands, a loop integer, quoting helpers, dict updates, a partial, a double
of the module itself and the test doubles of unittest.mock.  A call of the tree's own runner in
another module is reported once, by UL411.  The bad tree's command strings are run with real
sh, as ``shell=True`` runs them (``/bin/sh -c``), to prove the payload runs; the good tree's
keep it data."""

import ast
import os
import shlex
import shutil
import subprocess

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines

from utcp_lint.pyscan.anyflag import command_argument, is_test_double, literal_flag, windows_named

TREE = FIXTURES / "pyscan" / "anyflag"


def test_bad_tree_reports_each_call_once():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    got = [(os.path.relpath(FIXTURES.parent / f["path"], bad), f["line"]) for f in found]
    assert sorted(set(got)) == sorted(marked_lines(bad))
    assert len(got) == len(set(got)), "one finding per call"
    by = {(os.path.basename(f["path"]), f["line"]): f for f in found}
    assert by["cli.py", 9]["rule"] == "UL411"  # the tree's own runner speaks for the call
    # ubelt's cmd is in the library table (runnerlibs.TABLE_MODULES): the table judges it (UL404)
    assert by["runner.py", 30]["rule"] == "UL404"
    assert "parameters 'link', 'target'" in by["runner.py", 30]["message"]
    runner = [f for f in found if f["path"].endswith(("runner.py", "winpkg.py")) and f["line"] != 30]
    assert {f["rule"] for f in runner} == {"UL401"}
    assert all(f["confidence"] == "medium" for f in runner), "the callee is not seen"
    assert "a callee the scan cannot see" in by["runner.py", 21]["message"]
    assert "'sys.argv'" in by["runner.py", 38]["message"]
    for line in (11, 15, 19):
        assert "through cmd.exe on Windows" in by["winpkg.py", line]["message"], line
    assert all(f["severity"] == "error" and f["column"] >= 1 and f["line"] >= 1 for f in found)


def test_good_tree_is_quiet():
    assert lint_ul4(TREE / "good") == (0, [])


def _commands(side: str, name: str) -> dict:
    """function name -> the command expression of the call given a shell flag in it."""
    tree = ast.parse((TREE / side / "testkit" / name).read_text())
    out = {}
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef):
            for node in ast.walk(fn):
                if isinstance(node, ast.Call) and any(k.arg == "shell" for k in node.keywords):
                    out[fn.name] = command_argument(node)
    return out


def _sh(expr, values: dict, cwd) -> None:
    """Run the command as ``shell=True`` does on POSIX: ``/bin/sh -c <command>``."""
    cmd = eval(compile(ast.Expression(expr), "<cmd>", "eval"), {"shlex": shlex, "re": __import__("re")}, values)
    subprocess.run(["/bin/sh", "-c", cmd], cwd=cwd, capture_output=True, text=True)


@pytest.mark.skipif(os.name != "posix" or not shutil.which("sh"), reason="needs a POSIX sh")
def test_bad_commands_run_the_payload(tmp_path):
    cmds = _commands("bad", "runner.py")
    assert {"scp_pull", "symlink"} <= set(cmds)
    _sh(cmds["scp_pull"], {"host": "h; touch C_host;", "remote_dir": "d", "local_dir": "."}, tmp_path)
    _sh(cmds["symlink"], {"link": 'l" ; touch C_link ; "', "target": "t"}, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["C_host", "C_link"]


@pytest.mark.skipif(os.name != "posix" or not shutil.which("sh"), reason="needs a POSIX sh")
def test_good_commands_keep_the_payload_data(tmp_path):
    cmds = _commands("good", "runner.py")
    _sh(cmds["scp_pull"], {"host": "h; touch C_host;", "remote_dir": "$(touch C_dir)"}, tmp_path)
    for channel in range(1, 3):
        _sh(cmds["lan_addresses"], {"channel": channel}, tmp_path)
    assert list(tmp_path.iterdir()) == []


def _call(src: str) -> ast.Call:
    node = ast.parse(src).body[0].value
    assert isinstance(node, ast.Call)
    return node


def test_test_doubles_and_descriptions():
    for src in (
        "mock.call(cmd, shell=True)",
        "m.assert_called_once_with(cmd, shell=True)",
        "self.assertRaises(E, f, cmd, shell=True)",
        "shell_quote(x, shell=True)",
        "opts.update(shell=True)",
        "self.mock_execute(cmd, shell=True)",
        "fake_run(cmd, shell=True)",
        "call(cmd, shell=True)",
    ):
        assert is_test_double(_call(src)), src
    for src in (
        "self.ui.subprocess_Popen(cmd, shell=True)",
        "osext.run_command_async2(c, shell=True)",
        "proc_utils.call(cmd, shell=True)",
    ):
        assert not is_test_double(_call(src)), src


def test_command_argument_and_flags():
    assert ast.unparse(command_argument(_call("SubProcContext(key, handler_cmd, shell=True)"))) == "handler_cmd"
    assert ast.unparse(command_argument(_call("run(x, y, shell=True)"))) == "x"
    assert ast.unparse(command_argument(_call("run(cwd=d, command=c, shell=True)"))) == "c"
    assert command_argument(_call("run(*a, shell=True)")) is None
    for src in (
        "True",
        "os.name == 'nt'",
        "sys.platform == 'win32'",
        "IS_WINDOWS",
        "constants.IS_WINDOWS",
        "is_windows()",
    ):
        assert literal_flag(ast.parse(src).body[0].value), src
    for src in ("False", "self", "shell", "use_shell", "windows_path", "is_windows(x)"):
        assert not literal_flag(ast.parse(src).body[0].value), src
    assert not windows_named(ast.parse("twin").body[0].value)


def test_argv_imported_from_sys_is_the_command_line(tmp_path):
    """``from sys import argv`` names the same list as ``sys.argv`` (Python library reference,
    sys.argv; the import statement binds the attribute's object): a program input."""
    (tmp_path / "a.py").write_text(
        "import subprocess\nfrom sys import argv\n\n\ndef main():\n    subprocess.run(argv[1], shell=True)\n"
    )
    code, found = lint_ul4(tmp_path)
    assert code == 1
    assert [(f["rule"], f["line"], f["severity"]) for f in found] == [("UL401", 6, "error")]
    assert "'sys.argv'" in found[0]["message"]
    code, found = lint_ul4(TREE / "bad" / "testkit" / "faketerm.py")
    assert [(f["rule"], f["line"]) for f in found] == [("UL401", 8)]
    assert "'sys.argv'" in found[0]["message"]
