"""Adversarial robustness (issue 18): inputs that once made utcp-lint report an
internal error (dropping the file's real findings) or take super-linear time.

* every file in ``fixtures/robustness/`` lints in one CLI run next to a
  vulnerable manual: exit 0/1/2, no internal error, the expected findings,
  and the neighbour's findings still reported;
* targeted regressions for each root cause;
* size-doubling tests: each hostile shape at n and 2n; the time may grow at
  most about linearly (a ratio of two runs in the same process, never an
  absolute time).
"""

from __future__ import annotations

import importlib.util
import json
import tempfile

import pytest
from conftest import FIXTURES, ROOT, lint_json, python_steps

ROBUST = FIXTURES / "robustness"


def _fuzz():
    spec = importlib.util.spec_from_file_location("fuzz_adversarial", ROOT / "scripts" / "fuzz_adversarial.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


FUZZ = _fuzz()


def test_every_robustness_fixture_lints_and_the_neighbour_is_still_reported():
    expect = json.loads((ROBUST / "expect.json").read_text())
    files = sorted(p for p in ROBUST.iterdir() if p.suffix in (".json", ".py") and p.name != "expect.json")
    assert {p.name for p in files} == {k for k in expect if not k.startswith("_")}
    neighbour = FIXTURES / "example" / "manual.json"
    code, out = lint_json("--no-cache", neighbour, *files)
    assert code in (1, 2)
    for e in out["errors"]:
        assert "internal error" not in e["message"] and "please report" not in e["message"], e
    assert any(f["path"].endswith("example/manual.json") for f in out["findings"])
    for p in files:
        got = [f for f in out["findings"] if f["path"].endswith(p.name)]
        for rule, pos in expect[p.name].items():
            hits = [f for f in got if f["rule"] == rule]
            assert hits, (p.name, rule, [(f["rule"], f["line"], f["column"]) for f in got])
            if pos:
                assert pos in {f"{f['line']}:{f['column']}" for f in hits}, (p.name, rule, hits)


def _tpl_json(commands, required=("x",), props=("x",)):
    return json.dumps(
        {
            "utcp_version": "1.0.1",
            "manual_version": "1",
            "tools": [
                {
                    "name": "t",
                    "description": "d",
                    "inputs": {
                        "type": "object",
                        "properties": {p: {"type": "string"} for p in props},
                        "required": list(required),
                    },
                    "tool_call_template": {"call_template_type": "cli", "name": "c", "commands": commands},
                }
            ],
        }
    )


def _lint(text, shell="bash"):
    result, _ = FUZZ.run_json(text, shell)
    assert not [e.message for e in result.errors if "internal error" in e.message]
    return result


def test_placeholder_rules_locate_steps_after_a_skipped_entry():
    # commands[0] has no "command": tpl.steps[0] is commands[1]; the
    # placeholder rules passed the JSON index (1) as a step position (IndexError)
    # or, with three entries, silently pointed into the wrong command.
    text = _tpl_json([{"cmd": "x"}, {"command": "ls"}, {"command": "echo UTCP_ARG_y_UTCP_END UTCP_ARG_Y"}], required=())
    res = _lint(text)
    at = {(f.rule, f.column) for f in res.findings}
    col = text.index("UTCP_ARG_y_UTCP_END") + 1
    assert ("UL031", col) in at
    assert ("UL030", text.index('UTCP_ARG_Y"') + 1) in at
    assert all(
        f.pointer.startswith("/tools/0/tool_call_template/commands/2")
        for f in res.findings
        if f.rule in ("UL030", "UL031")
    )


def test_required_with_unhashable_entries_is_a_registration_error_not_a_crash():
    text = _tpl_json([{"command": "echo UTCP_ARG_x_UTCP_END"}], required=(["x"],))
    res = _lint(text)
    rules = {f.rule for f in res.findings}
    assert "UL001" in rules and "UL032" in rules  # [["x"]] does not make x required


def test_tool_for_pointer_names_the_enclosing_tool():
    from utcp_lint.core.findings import SourceFile
    from utcp_lint.document.jsonpos import parse
    from utcp_lint.ruleset.context import DocumentContext

    text = json.dumps({"utcp_version": "1.0.1", "manual_version": "1", "tools": [{"name": f"t{i}"} for i in range(12)]})
    doc = DocumentContext(SourceFile("m.json", text), parse(text))
    assert doc.tool_for_pointer("/tools/1/inputs") == "t1"
    assert doc.tool_for_pointer("/tools/10") == "t10"
    assert doc.tool_for_pointer("/tools/11/a/b/c") == "t11"
    assert doc.tool_for_pointer("/tools") is None
    assert doc.tool_for_pointer("/utcp_version") is None
    single = json.dumps({"name": "solo", "tool_call_template": {"call_template_type": "cli", "commands": []}})
    d2 = DocumentContext(SourceFile("t.json", single), parse(single))
    if d2.kind == "tool":
        assert d2.tool_for_pointer("/tool_call_template") == "solo"


def _steps(shape, k):
    """Python steps (conftest.python_steps) of linting the shape at size ``k`` in process."""
    build, _n = FUZZ.SCALE_SHAPES[shape]
    text, shell, kind = build(k)
    tmp = tempfile.mkdtemp()
    if kind == "python":
        steps, (r, _t) = python_steps(lambda: FUZZ.run_python(text.encode(), tmp))
    else:
        steps, (r, _t) = python_steps(lambda: FUZZ.run_json(text, shell))
    assert not r.errors, (shape, k, r.errors)
    return steps


# at most ~linear: doubling the input may cost a little over 2x in Python steps (a count of
# the same run, the same on an idle and a loaded machine; CPU time read x3.40 on a linear
# shape beside another job); a quadratic loop costs 4x
LINEAR = 2.6


@pytest.mark.parametrize("shape", sorted(FUZZ.SCALE_SHAPES))
def test_time_grows_linearly_with_size(shape):
    n = FUZZ.SCALE_SHAPES[shape][1]
    _steps(shape, max(1, n // 8))  # warm imports and caches
    a, b = _steps(shape, n), _steps(shape, 2 * n)
    ratio = b / a
    assert ratio <= LINEAR, f"{shape}: {a} -> {b} Python steps when doubled (x{ratio:.2f})"


# ---- linear placeholder scans == the regexes -------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

_PIECES = [
    "UTCP_ARG_",
    "_UTCP_END",
    "utcp_arg_",
    "_utcp_end",
    "x",
    "_",
    "-",
    ".",
    "é",
    "\u017f",
    "\u212a",
    " ",
    "'",
    "$",
    "A",
    "9",
    "\n",
    "UTCP_",
    "_END",
    "UTCP_ARG_x_UTCP_END",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14).map("".join))
def test_placeholder_scan_equals_the_regexes(text):
    from utcp_lint.document.placeholder_scan import PlaceholderScan, loose_matches
    from utcp_lint.document.placeholders import GREEDY_RE, LOOSE_RE
    from utcp_lint.ruleset.context import PLACEHOLDER_RE

    scan = PlaceholderScan(text)
    assert scan.finditer() == [(m.group(1), m.start(), m.end()) for m in PLACEHOLDER_RE.finditer(text)]
    for p in range(len(text) + 1):
        m, g = PLACEHOLDER_RE.match(text, p), GREEDY_RE.match(text, p)
        assert scan.match(p) == ((m.group(1), m.start(), m.end()) if m else None)
        assert scan.greedy(p) == ((g.group(1), g.start(), g.end()) if g else None)
    assert loose_matches(text) == [(m.start(), m.end(), m.group(1), m.group(2)) for m in LOOSE_RE.finditer(text)]


# ---- per-document time budget ---------------------------------------------


def test_spent_budget_reports_what_was_analysed_and_one_clear_finding(tmp_path):
    import os

    from conftest import run_cli

    manual = FIXTURES / "example" / "manual.json"
    env = dict(os.environ, UTCP_LINT_TIME_BUDGET="0")
    r = run_cli("--format", "json", "--no-config", "--no-cache", manual, env=env)
    out = json.loads(r.stdout)
    ul011 = [f for f in out["findings"] if f["rule"] == "UL011"]
    assert r.returncode == 1 and len(ul011) == 1, out
    assert ul011[0]["severity"] == "error" and "time budget" in ul011[0]["message"]
    assert "please report" not in r.stdout + r.stderr and not out["errors"]
    # the same run with the default budget: complete, no UL011, more findings
    code, full = lint_json("--no-cache", manual)
    assert not [f for f in full["findings"] if f["rule"] == "UL011"]
    assert len(full["findings"]) > len(out["findings"]) - 1
    # Python files too; a partial result is never cached
    py = tmp_path / "p.py"
    py.write_text("import os\nos.system(cmd)\n")
    r = run_cli("--format", "json", "--no-config", py, env=env, cwd=tmp_path)
    assert "UL011" in {f["rule"] for f in json.loads(r.stdout)["findings"]}
    code, again = lint_json(py, cwd=tmp_path)
    assert "UL011" not in {f["rule"] for f in again["findings"]}


def test_template_budget_stops_python_templates_with_one_finding():
    """run_python_templates (CLI templates written in Python) honours the budget too."""
    from utcp_lint.core.findings import SourceFile
    from utcp_lint.document.jsonpos import parse
    from utcp_lint.engine import Linter, RunResult
    from utcp_lint.pyscan import run_python_templates
    from utcp_lint.ruleset.context import DocumentContext
    from utcp_lint.run.budget import Budget

    text = _tpl_json([{"command": "eval UTCP_ARG_x_UTCP_END"}])
    doc = DocumentContext(SourceFile("m.json", text), parse(text))
    linter = Linter()
    full = RunResult()
    run_python_templates(linter.rules, doc.templates, doc.source, full, Budget(len(text)))
    assert full.findings and not [f for f in full.findings if f.rule == "UL011"]
    spent = Budget(len(text))
    spent.limit = -1.0
    part = RunResult()
    run_python_templates(linter.rules, doc.templates, doc.source, part, spent)
    assert [f.rule for f in part.findings] == ["UL011"]
    assert "0 of 1 CLI templates" in part.findings[0].message and part.findings[0].tool == "t"
