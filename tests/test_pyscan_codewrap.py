"""Wrappers of the project's own code runners (issue 25, pyA28: codewrap.py).

``fixtures/pyscan/codewrap``: ``evaluate_expression(expression)`` hands its parameter to a
private ``_evaluate`` of the same module that ``eval``\\ s it; a keyword and a loop
condition in another module call ``evaluate_expression`` with their own parameters (UL411
there: two hops from the ``eval``); ``load_settings(path)`` hands a path to a loader that
``eval``\\ s the file's content.  The good tree: constant text, ``repr()`` of a value,
``ast.literal_eval``, a parameter only pasted into a message, and a lookup that lets only an
identifier through (``if not _IDENT.match(name): raise``) stay quiet.  End to end through
the CLI, independent of PYTHONHASHSEED; the keyword given a payload writes a canary file.
"""

import importlib
import sys

from conftest import FIXTURES, lint_ul4, marked_lines, project_outputs_by_seed, where_found

TREE = FIXTURES / "pyscan" / "codewrap"


def test_callers_of_an_evaluators_wrapper_are_reported():
    tree = TREE / "bad"
    code, fs = lint_ul4(tree)
    assert code == 1
    ul411 = [f for f in fs if f["rule"] == "UL411"]
    assert where_found(tree, ul411) == marked_lines(tree)
    by_line = {f["line"]: f for f in ul411}
    assert "parameter 'expression'" in by_line[8]["message"] and "evaluate_expression()" in by_line[8]["message"]
    assert "parameter 'condition'" in by_line[19]["message"]
    assert "as the path of a file" in by_line[27]["message"]
    for f in ul411:
        assert f["column"] >= 1 and f["confidence"] and f["severity"] in ("error", "warning"), f
    # the sink itself keeps its one finding, in its module; no finding at the private call
    assert sorted(f["line"] for f in fs if f["path"].endswith("evaluation.py") and f["rule"] == "UL405") == [17, 23]
    assert not [f for f in fs if f["path"].endswith("evaluation.py") and f["line"] == 12]


def test_constant_literal_and_checked_text_is_quiet():
    code, fs = lint_ul4(TREE / "good")
    assert [f for f in fs if f["rule"] != "UL405"] == []
    assert [(f["path"].rsplit("/", 1)[-1], f["line"]) for f in fs] == [("evaluation.py", 14)]


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(TREE / "bad", ("0", "1", "12345"), select="UL405,UL411")) == 1


def test_the_keywords_expression_runs_as_code(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for m in [m for m in sys.modules if m == "rules" or m.startswith("rules.")]:
        monkeypatch.delitem(sys.modules, m)
    runner = importlib.import_module("rules.runner")
    runner.evaluate("os.system('touch CANARY_keyword')")
    runner.WhileRunner()._should_run("__import__('pathlib').Path('CANARY_while').touch()", {})
    settings = tmp_path / "settings.py"
    settings.write_text("__import__('pathlib').Path('CANARY_file').touch()")
    runner.read_project(str(settings))
    assert (tmp_path / "CANARY_keyword").exists()
    assert (tmp_path / "CANARY_while").exists()
    assert (tmp_path / "CANARY_file").exists()
