"""Issue 25: a shell's code is the first operand after its options (sh(1): "-c  Read
commands from the command_string operand"), so ``["sh", "-c", "-e", cmd]``, ``["sh", "-e",
"-c", cmd]``, ``["bash", "-o", "pipefail", "-c", cmd]`` and ``["bash", "-xc", cmd]`` run
``cmd`` as code, whoever runs the list (subprocess or an SDK's ``run``/``exec_run``).  The
Python scan reads the shell engine's one grammar of the table's shell entry
(``bash_commands._shell_scan``: flags, clusters, ``-o``/``-O`` values, ``--``) instead of
taking the word right after ``-c``.

``fixtures/pyscan/shellflags``: bad and good trees through the CLI; each bad list is run
with real sh and a canary payload, and each good list with the same payload keeps it data."""

import ast
import shutil
import subprocess

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "shellflags"
PAYLOAD = "touch {canary}"


def test_bad_tree_reports_each_list():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert len(found) == len(marked_lines(bad)), "one finding per call"
    assert {f["rule"] for f in found} == {"UL403", "UL404"}
    assert all(f["severity"] == "error" for f in found)
    msgs = {f["line"]: f["message"] for f in found}
    assert "starts sh -c with a script built from parameter 'cmd'" in msgs[10]
    assert "sandbox.run starts sh -c" in msgs[26]


def test_good_tree_is_quiet():
    assert lint_ul4(TREE / "good") == (0, [])


def _lists(side: str) -> dict:
    """function name -> (the argv display its body hands to a call, its parameters)."""
    tree = ast.parse((TREE / side / "buildkit" / "steps.py").read_text())
    out = {}
    for fn in tree.body:
        if isinstance(fn, ast.FunctionDef):
            call = fn.body[-1].value
            lit = next(a for a in [*call.args, *(k.value for k in call.keywords)] if isinstance(a, ast.List))
            out[fn.name] = (lit, [a.arg for a in fn.args.args])
    return out


def _argv(lit, params, value, tmp_path) -> list:
    """The list as the call builds it, every parameter bound to ``value`` (``*argv`` to a
    one-item list), with /bin/sh and bash resolved on this machine."""
    env = {p: value for p in params}
    out = []
    for e in lit.elts:
        if isinstance(e, ast.Starred):
            out.append(value)
        elif isinstance(e, ast.Constant):
            out.append(e.value)
        else:
            out.append(eval(compile(ast.Expression(e), "<item>", "eval"), {}, env))
    return out


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.parametrize("side,runs", [("bad", True), ("good", False)])
def test_canary_with_real_shell(side, runs, tmp_path):
    for name, (lit, params) in _lists(side).items():
        canary = tmp_path / f"{side}-{name}"
        argv = _argv(lit, params, PAYLOAD.format(canary=canary), tmp_path)
        (tmp_path / "scripts").mkdir(exist_ok=True)
        (tmp_path / "scripts" / "build.sh").write_text('printf "%s\\n" "$1" > /dev/null\n')
        subprocess.run(argv, cwd=tmp_path, capture_output=True, timeout=20)
        assert canary.exists() is runs, (name, argv)
