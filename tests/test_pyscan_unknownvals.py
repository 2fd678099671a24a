"""Issue 25 (pyA35): values the evaluator left unknown where a sink needs them.  A loop
variable over a sequence the code writes out (``for n in ("nodejs", "node")``), ``.get``
with a default on a dict the module writes out, an enum member's value and a class
constant are each one of a few constants (linter/pyscan/unknownvals.py): each is read as
an argv alternative, so ``[n, "--eval", js_text]`` is node's code option.  Values that
can be anything (a sequence that is appended to) stay unknown, and constants that are no
shell or interpreter (``for tool in ("black", "ruff")``) are not reported."""

import os
import shutil
import subprocess
import sys

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "unknownvals"


def test_bad_tree_reports_each_constant_program():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    loops = [f for f in found if f["path"].endswith("loops.py")]
    assert all(f["rule"] == "UL403" and f["severity"] == "error" for f in loops)
    msgs = {f["line"]: f["message"] for f in loops}
    assert "nodejs --eval / node --eval" in msgs[17]
    assert "bash -c / sh -c" in msgs[33]
    assert "python3 -c" in msgs[61]
    assert all(f["column"] > 0 and f["confidence"] for f in found)


def test_shell_flag_from_a_class_attribute():
    # a class constant that is true decides shell=; a dataclass field (set by the
    # constructor's caller) and an attribute given a parameter stay "true on some runs"
    bad = TREE / "bad"
    _code, found = lint_ul4(bad / "runkit" / "flags.py")
    by = {f["line"]: f for f in found}
    assert sorted(by) == [11, 20, 28]
    assert all(f["rule"] == "UL401" for f in found)
    assert "where the class gives shell=True" in by[11]["message"] and by[11]["confidence"] == "high"
    assert "true on some runs" in by[20]["message"] and "true on some runs" in by[28]["message"]


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0
    assert found == []


def test_loop_over_a_sequence_that_grows_stays_unknown(tmp_path):
    # the list is appended a caller's program: the loop variable is not one of the
    # written constants, so the items are not read as choices
    (tmp_path / "m.py").write_text(
        "import subprocess\n"
        'PROGS = ["black"]\n'
        "def add(p):\n"
        "    PROGS.append(p)\n"
        "def run(code):\n"
        "    for p in PROGS:\n"
        '        subprocess.run([p, "--check", code])\n'
        "def fixed(code):\n"
        '    for p in ("black", "ruff"):\n'
        '        subprocess.run([p, "-c", code])\n'
    )
    _code, found = lint_ul4(tmp_path)
    assert not any("black" in f["message"] or "ruff" in f["message"] for f in found)
    assert not any(f["line"] == 10 for f in found)


@pytest.mark.skipif(os.name != "posix" or not shutil.which("sh"), reason="needs a POSIX sh")
@pytest.mark.parametrize(
    "call",
    [
        "run_in_first_shell",
        "run_platform_shell",
        "run_pairs",
        "run_class_constant",
        "Interpreter().run",
        "ShellRunner().run_line",
    ],
)
def test_each_constant_program_runs_the_parameter_as_shell_code(tmp_path, call):
    # the loop variable / dict value / class constant / attribute really is a shell, and
    # the parameter after its -c runs as code (canary with the real sh)
    code = f"import sys; sys.path.insert(0, sys.argv[1])\nfrom runkit.loops import *\nfrom runkit.flags import *\n{call}('touch canary')\n"
    subprocess.run([sys.executable, "-c", code, str(TREE / "bad")], cwd=tmp_path, check=True, capture_output=True)
    assert (tmp_path / "canary").exists()


def test_shell_flag_set_true_and_false_stays_chosen_at_run_time(tmp_path):
    # ``self.use_shell`` given True on one path and False on another is chosen at run
    # time: "true on some runs", not a wrapper that forces a shell
    (tmp_path / "m.py").write_text(
        "import subprocess\n"
        "class Cmd:\n"
        "    def __init__(self, cmd, modes=''):\n"
        "        self.cmd = cmd\n"
        "        self.use_shell = False\n"
        "        if 'S' in modes:\n"
        "            self.use_shell = True\n"
        "    def run(self):\n"
        "        return subprocess.Popen(self.cmd, shell=self.use_shell)\n"
    )
    _code, found = lint_ul4(tmp_path)
    assert [(f["rule"], f["line"]) for f in found] == [("UL401", 9)]
    assert "true on some runs" in found[0]["message"]
