"""A project helper that evaluates the text it is given, called from another module (issue 25, fresh7).

``fixtures/pyscan/codehelper``: ``util.compile_expression_raw`` binds compiled code into
``functools.partial(eval, code)`` (evaluated when the partial is called),
``compile_expression_tryexcept`` evaluates it in a closure, and ``compile_expression`` is a
module-level alias of the latter.  Formatter classes in another module hand configured text
to them: UL411 at those calls (one hop), UL405 at each ``eval`` (the deferred one at the
``partial``).  The good tree (constant expressions, ``ast.literal_eval`` for data) has no
UL411.  End to end through the CLI, independent of PYTHONHASHSEED; a payload given as the
configured expression writes a canary file.
"""

import importlib
import sys

from conftest import FIXTURES, lint_json, marked_lines, project_outputs_by_seed

CODE = FIXTURES / "pyscan" / "codehelper"


def _lint(tree):
    code, out = lint_json("--no-cache", "--no-config", "--select", "UL4", "--project-root", ".", ".", cwd=tree)
    assert not out["errors"], out["errors"]
    return code, out["findings"]


def test_callers_handing_text_to_an_evaluating_helper_are_reported():
    tree = CODE / "bad"
    code, fs = _lint(tree)
    assert code == 1
    ul411 = [f for f in fs if f["rule"] == "UL411"]
    assert sorted((f["path"], f["line"]) for f in ul411) == sorted(marked_lines(tree))
    by_line = {f["line"]: f for f in ul411}
    assert "to compile_expression()" in by_line[8]["message"]  # through the module-level alias
    assert "to compile_expression_raw()" in by_line[13]["message"]
    for f in ul411:
        assert "(as Python code, by eval/exec)" in f["message"]
        assert "ast.literal_eval" in f["message"] and "shell=False" not in f["message"]
        assert f["severity"] == "error" and f["column"] >= 1 and f["end_column"] > f["column"], f
    # the deferred eval is reported where the code is bound: functools.partial(eval, code)
    ul405 = sorted((f["path"], f["line"], f["column"]) for f in fs if f["rule"] == "UL405")
    assert ul405 == [("exprs/util.py", 10, 30), ("exprs/util.py", 18, 20)]


def test_constant_expressions_and_parsed_data_are_quiet():
    code, fs = _lint(CODE / "good")
    assert [f for f in fs if f["rule"] == "UL411"] == []
    # the helpers themselves still evaluate a parameter (their own finding, in their module)
    assert sorted(f["line"] for f in fs if f["rule"] == "UL405") == [11, 19]


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(CODE / "bad", ("0", "1", "12345"), select="UL405,UL411")) == 1


def test_the_configured_expression_runs_as_code(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(CODE / "bad"))
    for m in [m for m in sys.modules if m == "exprs" or m.startswith("exprs.")]:
        monkeypatch.delitem(sys.modules, m)
    fmt = importlib.import_module("exprs.formatter")
    payload = "__import__('pathlib').Path('C_{}').touch()"
    fmt.ExpressionFormatter(payload.format("alias")).format_map({})
    fmt.FilterFormatter(payload.format("partial")).matches({})
    assert (tmp_path / "C_alias").exists() and (tmp_path / "C_partial").exists()
