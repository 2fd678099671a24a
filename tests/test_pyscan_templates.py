"""CLI call templates written in Python go through the same template rules,
and every finding points into the Python string literal at the placeholder."""

import textwrap

from conftest import FIXTURES, lint_json

from utcp_lint.engine import Linter
from utcp_lint.ruleset.context import LintOptions
from utcp_lint.ruleset.rule import all_rules

SRC = FIXTURES / "pyscan" / "templates_in_python.py"


def _span_text(text, f):
    lines = text.split("\n")
    assert f["line"] == f["end_line"]
    return lines[f["line"] - 1][f["column"] - 1 : f["end_column"] - 1]


def test_template_findings_point_at_the_placeholder_inside_the_literal():
    code, out = lint_json("--no-cache", SRC)
    assert code == 1 and not out["errors"]
    text = SRC.read_text()
    got = {(f["rule"], f["line"], f["tool"]) for f in out["findings"]}
    assert {
        ("UL101", 7, "calc"),
        ("UL102", 13, "calc"),
        ("UL102", 14, "calc"),
        ("UL101", 20, None),
        ("UL102", 25, "appended"),
        ("UL101", 30, "xtool"),
        ("UL101", 36, "ytool"),
    } <= got
    for f in out["findings"]:
        span = _span_text(text, f)
        assert span.startswith("UTCP_ARG_") and span.endswith("_UTCP_END"), (f, span)
        assert f["pointer"].startswith("/commands/")


def test_origin_and_tool_names():
    import ast

    from utcp_lint.core.findings import SourceFile
    from utcp_lint.pyscan.context import PythonContext

    text = SRC.read_text()
    ctx = PythonContext(SourceFile("t.py", text), ast.parse(text))
    tools = [(t.tool, t.origin, len(t.steps)) for t in ctx.templates]
    assert ("calc", "python", 3) in tools and ("appended", "python", 2) in tools
    assert ("xtool", "python", 1) in tools and ("ytool", "python", 1) in tools
    ytool = [t for t in ctx.templates if t.tool == "ytool"][0]
    assert ytool.steps[0].command == "echo \u00e9 $((UTCP_ARG_k_UTCP_END))"


def _scan(src, select):
    from utcp_lint.pyscan import scan_text

    rules = [r for rid, r in all_rules().items() if rid.startswith(select)]
    return scan_text(Linter(rules, LintOptions()), textwrap.dedent(src), "t.py")


def test_template_finding_suppressed_on_any_line_of_the_statement():
    src = """
        from utcp_cli.cli_call_template import CliCallTemplate, CommandStep
        A = CliCallTemplate(name="a", commands=[
            CommandStep(command="echo $((UTCP_ARG_n_UTCP_END))"),
        ])  # utcp-lint: ignore[UL101] n is validated as an integer upstream
        B = CliCallTemplate(name="b", commands=[CommandStep(command="echo $((UTCP_ARG_n_UTCP_END))")])
    """
    fs, errs = _scan(src, ("UL101",))
    assert not errs and sorted(f.line for f in fs) == [6]


def test_unmappable_command_maps_to_the_literal_start_not_a_wrong_place():
    # a command that is a constant built by concatenating names: not a single
    # literal, reported by UL407 only when it is not constant
    src = """
        from utcp_cli.cli_call_template import CommandStep
        def make(x):
            return CommandStep(command="echo " + x)
    """
    fs, _ = _scan(src, ("UL407",))
    assert [(f.rule, f.line) for f in fs] == [("UL407", 4)]
