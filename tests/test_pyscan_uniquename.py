"""Issue 25: a method call on an object of no known class, resolved by the one method of
the tree with that (compound) name (linter/pyscan/uniquename.py, project.py ``edges``).

``fixtures/pyscan/uniquename``: a coding agent whose coder is built by a factory
classmethod (``Coder.create(...)``), so no annotation or constructor call types
``coder.commands``; ``--test-cmd`` from the command line reaches ``cmd_test`` ->
``cmd_run`` -> ``run_cmd`` (``shell=True``).  The good tree has the same wrappers
(still reported at their own lines) and calls the name cannot resolve: a name two
classes define, a constant command, a library object's method of the same name.
"""

import subprocess
import sys

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "uniquename"


def _lines(tree, found):
    return where_found(tree, found)


def test_cli_value_through_an_untyped_object_reaches_the_shell(tmp_path):
    # the flow is real: --test-cmd runs in /bin/sh through the fixture's own code
    canary = tmp_path / "CANARY"
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from agent.main import main; "
        "main(['--root', sys.argv[2], '--test-cmd', 'true; touch CANARY'])"
    )
    subprocess.run([sys.executable, "-c", code, str(TREE / "bad"), str(tmp_path)], check=True, cwd=tmp_path)
    assert canary.exists()


def test_bad_tree_reports_the_call_on_the_untyped_object():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert _lines(bad, found) == marked_lines(bad)
    main = [f for f in found if f["path"].endswith("main.py")]
    assert [(f["rule"], f["severity"]) for f in main] == [("UL411", "error")]
    assert "cmd_test()" in main[0]["message"]
    assert lint_ul4(bad, seed="1")[1] == found


def test_good_tree_leaves_unresolvable_calls_alone():
    good = TREE / "good"
    code, found = lint_ul4(good)
    assert _lines(good, found) == marked_lines(good)
    # only the call whose receiver names the role of one definer (rolename.py), not the
    # name alone: ``coder.handler.cmd_test`` and the library object's stay unresolved
    main = [f for f in found if f["path"].endswith("main.py")]
    assert [(f["line"], f["rule"]) for f in main] == [(18, "UL411")]
