"""Issue 25: an upper-case attribute of a class name (``HookEvent.BEFORE_BUILD``, an enum
member or a class constant) is a constant, not a value from outside (linter/pyscan/
evaluate.py ``_CLASS_CONSTANT``).  Before, the project pass reported every call passing
one to a wrapper that runs its parameter through a shell as "passes a value not known
statically" (wave 4/5 development labels: apio's drivers, praisonai's hook events and
reflex's installer, all judged false).  A public function's parameter and an
upper-case attribute of a *module* (``settings.STAGE``, which a module may compute
from the environment) are still reported; the wrapper itself keeps its finding."""

import os
import shutil
import subprocess
import sys

import pytest
from conftest import FIXTURES, flagged_tree, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "classconst"


def test_bad_tree_reports_parameter_and_module_attribute():
    bad = TREE / "bad"
    found, by = flagged_tree(bad)
    assert by["build.py", 7]["rule"] == "UL411" and by["build.py", 7]["severity"] == "error"
    assert "parameter 'stage'" in by["build.py", 7]["message"]
    assert by["build.py", 8]["severity"] == "warning"
    assert "not known statically" in by["build.py", 8]["message"]


def test_good_tree_reports_only_the_wrapper():
    good = TREE / "good"
    code, found = lint_ul4(good)
    assert code == 1
    assert where_found(good, found) == marked_lines(good) == {("hookkit/runner.py", 7)}
    assert [f["rule"] for f in found] == ["UL401"]


@pytest.mark.skipif(os.name != "posix" or not shutil.which("sh"), reason="needs a POSIX sh")
def test_parameter_runs_as_shell_code_but_enum_member_cannot(tmp_path):
    # the wrapper really runs the event it is given as shell text (canary), and an enum member's
    # value is the constant written in the class body
    code = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "import subprocess\n"
        "subprocess.run = (lambda run: lambda *a, **k: run(*a, **{**k, 'input': None}))(subprocess.run)\n"
        "from hookkit.runner import HookRunner\n"
        "from hookkit.events import HookEvent\n"
        "HookRunner().fire('x; touch canary', None)\n"
        "assert HookEvent.BEFORE_BUILD.value == 'before_build'\n"
    )
    subprocess.run([sys.executable, "-c", code, str(TREE / "bad")], cwd=tmp_path, check=True, capture_output=True)
    assert (tmp_path / "canary").exists()


def test_class_body_decides_for_a_class_of_the_module(tmp_path):
    # an enum member (``auto()`` or a literal) is a constant; a class attribute the class
    # body reads from the environment is not, and stays reported
    (tmp_path / "m.py").write_text(
        "import os\n"
        "from enum import Enum, auto\n"
        "class Ev(Enum):\n"
        "    START = auto()\n"
        '    STOP = "stop"\n'
        "class Conf:\n"
        '    EDITOR = os.environ.get("EDITOR", "vi")\n'
        "def a():\n"
        '    os.system("tool " + Ev.STOP.value)\n'
        "def b():\n"
        '    os.system("tool " + Conf.EDITOR)\n'
        "def c():\n"
        '    os.system("tool " + Ev.START.name)\n'
    )
    code, found = lint_ul4(tmp_path)
    assert code == 1
    assert [(f["rule"], f["line"]) for f in found] == [("UL400", 11)]
