"""UL405: notebook code cells made from a caller's text and run by nbclient (issue 25).

An agent's code executor turns each code block into a cell (``nbformat.v4.new_code_cell(code)``)
and runs it with ``NotebookClient.execute_cell``/``async_execute_cell``; the kernel runs the
cell's source (``linter/pyscan/coderun.py``: ``CODE_CELL_MAKERS``, the ``nbclient`` entry of
``LIBRARY_CODE_METHODS``).  ``fixtures/pyscan/nbcells``: a typed client, a client of no known
type, keyword and positional sources (bad); a notebook file run as a whole, a constant setup
cell and a markdown cell (good).
"""

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "nbcells"


def test_bad_tree_reports_each_cell_run_from_a_parameter():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert {f["rule"] for f in found} == {"UL405"}
    assert all(f["severity"] == "error" and "parameter 'code'" in f["message"] for f in found)


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == [], found


def test_a_cell_is_its_source_for_the_evaluator():
    import ast

    from linter.pyscan.evaluate import Evaluator
    from linter.pyscan.scopes import ModuleModel

    src = "from nbformat.v4 import new_code_cell\ndef f(code):\n    c = new_code_cell(source=code)\n    return c\n"
    m = ModuleModel(ast.parse(src), src)
    ret = [n for n in ast.walk(m.tree) if isinstance(n, ast.Return)][0]
    scope = [sc for call, sc in m.calls][0]
    ev = Evaluator(m).evidence(ret.value, scope)
    assert [p[2:] for p in ev.params] == [("code", "raw")]
