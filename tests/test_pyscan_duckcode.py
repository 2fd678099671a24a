"""Code text handed to an interpreter or engine of no known type, known by the method's name and
the text's shape (issue 25, linter/pyscan/duckcode.py).

``fixtures/pyscan/duckcode``: bad -- an ipyparallel view's ``execute`` given an f-string module
and a ``%`` statement, code with a value in hand-written quotes, xonsh's ``shell.run_code``, an
execnet gateway's ``remote_exec``, Selenium's ``execute_script``, Frida's ``create_script``, a
Lua runtime's ``execute`` and rpyc's ``eval``; every ``# FLAG`` line and nothing else.  good --
values encoded with ``%r``/``!r``/``json.dumps``/``int``, constant code, SQL statements
formatted into a cursor's ``execute`` (DB-API parameters apart), ``execute(q)`` of a whole value,
``model.evaluate(dataset)``, a dotted name, Selenium's argument passing, the tree's own class.
The hand-written-quotes shape is run with real Python and a payload: a canary file proves the
quotes are no encoding."""

import json
import subprocess
import sys

from conftest import FIXTURES, flagged_tree, lint_ul4

from utcp_lint.pyscan.duckcode import code_template

TREE = FIXTURES / "pyscan" / "duckcode"


def test_bad_tree_reports_every_engine_call_and_nothing_else():
    bad = TREE / "bad"
    found, by = flagged_tree(bad)
    for f in found:
        assert f["rule"] == "UL405" and f["column"] > 0, f
        assert "another interpreter or engine" in f["message"], f
    # both facts (the name says code, the text parses as code): error; one of them: warning
    assert by[("engines.py", 11)]["severity"] == "error"
    assert by[("engines.py", 15)]["severity"] == "error"
    assert by[("engines.py", 7)]["severity"] == "warning"  # a whole value: only the name
    assert by[("parallel.py", 16)]["severity"] == "warning"  # execute: only the text's shape
    assert "'expression'" in by[("parallel.py", 16)]["message"]
    assert "'module_name'" in by[("parallel.py", 7)]["message"]
    assert "sys.argv" in by[("engines.py", 27)]["message"]


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert found == [] and code == 0


def _expr(src):
    import ast

    return ast.parse(src, mode="eval").body


class _Scope:
    bindings: dict = {}


def test_template_shapes():
    sc = _Scope()
    # SQL does not parse as Python; a dotted name or arithmetic of values is no statement
    assert code_template(_expr('"SELECT a FROM %s WHERE b = 1" % t'), sc) is None
    assert code_template(_expr('f"insert into {t} values (1)"'), sc) is None
    assert code_template(_expr('"%s.%s" % (a, b)'), sc) is None
    # Python statements and calls with a raw value; repr/json.dumps/%d are encodings
    assert code_template(_expr('"x = %s" % v'), sc)[0] == "python"
    assert code_template(_expr('f"f({v})"'), sc)[0] == "python"
    assert code_template(_expr('"x = %r" % v'), sc) is None
    assert code_template(_expr('f"x = {v!r}"'), sc) is None
    assert code_template(_expr('"x = " + json.dumps(v)'), sc) is None
    assert code_template(_expr('"n = %d" % v'), sc) is None
    # a text Python does not parse, with JavaScript or Lua structure
    assert code_template(_expr('"var a = " + v + ";"'), sc)[0] == "script"
    assert code_template(_expr('"local t = %s" % v'), sc)[0] == "script"


def test_hand_written_quotes_run_a_payload(tmp_path):
    canary = tmp_path / "canary"
    value = f'x"; open({str(canary)!r}, "w").write("pwned"); "'
    code = "import os; os.environ['%s'] = \"%s\"" % ("X", value)  # the fixture's push_env shape
    subprocess.run([sys.executable, "-c", code], check=True, timeout=30)
    assert canary.read_text() == "pwned"
    # the encoding the good tree uses keeps the value one literal
    canary.unlink()
    safe = f"import os; os.environ[{'X'!r}] = {json.dumps(value)}"
    subprocess.run([sys.executable, "-c", safe], check=True, timeout=30)
    assert not canary.exists()
