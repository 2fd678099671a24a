"""Fuzzing the whole lint pipeline through its real entry points.

In-process (the Linter API, every enabled rule, every shell mode) for speed,
plus a few CLI subprocess runs.  Invariants (issue 7): no uncaught exception,
no internal error, every finding inside the file with a sane span, reports
always writable, exit codes 0/1/2 only; a rule that raises becomes an
internal-error report for that file (exit 2) while the others still run.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import ROOT, run_cli
from hypothesis import HealthCheck, given, settings, strategies as st
from test_fuzz_support import (
    ALL_SHELLS,
    check_result,
    command_text,
    dump_styles,
    examples,
    lint_text,
    manuals,
    mutated,
    python_text,
)

from utcp_lint.core.findings import Finding
from utcp_lint.engine import Linter, RunResult, exit_code
from utcp_lint.ruleset.rule import Rule, all_rules

FUZZ = settings(
    max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


@FUZZ
@given(manuals(), dump_styles(), st.sampled_from(ALL_SHELLS))
def test_generated_manuals_lint_without_crash_and_with_sane_positions(manual, style, shell):
    text = json.dumps(manual, **style)
    result = lint_text(text, shell)
    check_result(text, result)
    assert exit_code(result) in (0, 1, 2)


@FUZZ
@given(st.data(), st.sampled_from(ALL_SHELLS))
def test_mutated_manuals_fail_cleanly(data, shell):
    text = data.draw(mutated(json.dumps(data.draw(manuals()), **data.draw(dump_styles()))))
    result = lint_text(text, shell)
    check_result(text, result)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(command_text, min_size=1, max_size=3), st.sampled_from(ALL_SHELLS))
def test_bare_call_templates_and_template_lists(commands, shell):
    tpl = {"call_template_type": "cli", "name": "t", "commands": [{"command": c} for c in commands]}
    for doc in (tpl, [tpl, tpl]):
        text = json.dumps(doc, ensure_ascii=False)
        result = lint_text(text, shell)
        check_result(text, result)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(python_text)
def test_python_sources_never_crash(tmp_path_factory, source):
    d = tmp_path_factory.mktemp("py")
    p = d / "plugin.py"
    try:
        p.write_text(source, encoding="utf-8")
    except UnicodeEncodeError:  # lone surrogate: write what a file can hold
        p.write_bytes(source.encode("utf-8", "surrogateescape" if False else "replace"))
    linter = Linter()
    linter.use_cache = False
    result = linter.lint_paths([str(p)])
    text = p.read_text(encoding="utf-8", errors="replace")
    for f in result.findings:
        assert isinstance(f, Finding)
        if f.path == result.findings[0].path and f.line:
            assert 1 <= f.line <= f.end_line <= text.count("\n") + 1, f
    for e in result.errors:
        assert "internal error" not in e.message, e.message
        assert "\n" not in e.text()


# ----------------------------------------------------------------------------
# template engines and the executor's renderer, directly
# ----------------------------------------------------------------------------


@settings(max_examples=examples(200), deadline=None)
@given(
    command_text,
    st.sampled_from(["bash", "powershell"]),
    st.dictionaries(st.sampled_from(["x", "y", "a"]), st.text(max_size=6), max_size=3),
)
def test_executor_substitute_keeps_every_other_character(command, shell, args):
    from utcp_lint.executor.render import SingleQuotePlaceholderError, substitute

    try:
        sub = substitute(command, args, shell=shell)
    except SingleQuotePlaceholderError as e:
        assert shell == "powershell"
        assert command[e.start : e.end] == f"UTCP_ARG_{e.name}_UTCP_END"
        return
    # putting each placeholder back where its reference is gives the template again
    rebuilt, last = [], 0
    for name, t0, t1, o0, o1, var, _state in sub.placeholders:
        assert command[t0:t1] == f"UTCP_ARG_{name}_UTCP_END"
        assert var in sub.text[o0:o1]
        assert sub.env[var] == (str(args[name]) if name in args else f"MISSING_ARG_{name}")
        rebuilt.append(sub.text[last:o0])
        rebuilt.append(command[t0:t1])
        last = o1
    rebuilt.append(sub.text[last:])
    assert "".join(rebuilt) == command


@settings(max_examples=examples(150), deadline=None)
@given(command_text)
def test_powershell_tokenizer_never_raises(text):
    from utcp_lint.template.ps_lexer import tokenize

    tokenize(text)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(command_text, min_size=1, max_size=3))
def test_template_analyses_never_raise(commands):
    from utcp_lint.template import bash, powershell

    steps = [{"command": c} for c in commands]
    ba = bash.analyze_commands(steps)
    for ref in ba.placeholders + ba.variables:  # (was getattr(ba, "refs", []): no such attribute, the loop never ran)
        assert 0 <= ref.template_start <= ref.template_end <= len(commands[ref.step]), ref
    pa = powershell.analyze_commands(steps)
    for occ in pa.occurrences:
        assert commands[occ.step][occ.template_start : occ.template_end].startswith("UTCP_ARG_"), occ


# ----------------------------------------------------------------------------
# containment: a rule that raises
# ----------------------------------------------------------------------------

BOOM = Rule(
    id="UL999",
    name="boom",
    severity="error",
    confidence="high",
    scope="template",
    doc="Raises.\n\n## What it does\nx\n## Why\nx\n## Example\nx\n## Fix\nx",
)


@BOOM.check
def _boom(tpl):
    yield from ()
    raise RuntimeError("injected\nfailure \ud800")


BOOM_DOC = Rule(id="UL998", name="boom-doc", severity="error", confidence="high", scope="document")


@BOOM_DOC.check
def _boom_doc(doc):
    return [object()]  # not a Finding: must be contained too


def _example_text():
    return (ROOT / "fixtures" / "rules" / "UL031" / "bad_missing.json").read_text(encoding="utf-8")


def test_raising_rule_is_an_internal_error_for_that_file_only():
    rules = [BOOM, BOOM_DOC, all_rules()["UL031"]]
    linter = Linter(rules=rules)
    result = RunResult()
    linter.lint_json_text(_example_text(), "a.json", True, result)
    linter.lint_json_text(_example_text(), "b.json", True, result)
    msgs = [e.text() for e in result.errors]
    assert sum("internal error in rule UL999" in m for m in msgs) == 2, msgs
    assert sum("internal error in rule UL998" in m for m in msgs) == 2, msgs
    assert all("\n" not in m for m in msgs)
    assert {e.path for e in result.errors} == {"a.json", "b.json"}
    # the healthy rule still reported on both files
    assert {f.path for f in result.findings if f.rule == "UL031"} == {"a.json", "b.json"}
    assert exit_code(result) == 2
    check_result(
        _example_text(),
        RunResult(
            findings=[f for f in result.findings if f.path == "a.json"],
            errors=result.errors,
            sources={"a.json": _example_text()},
        ),
        allow_internal=True,
    )


INJECT = r"""
import sys
from utcp_lint.ruleset import rule as R
from utcp_lint.ruleset.rule import Rule
reg = dict(R.all_rules())
boom = Rule(id="UL999", name="boom", severity="error", confidence="high", scope="template",
            doc="Raises.")
@boom.check
def _b(tpl):
    raise ZeroDivisionError("injected")
reg["UL999"] = boom
R._REGISTRY = reg
from utcp_lint.cli.app import main
sys.argv = ["utcp-lint"] + sys.argv[1:]
main()
"""


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_raising_rule_through_the_cli_exits_2_with_one_line(tmp_path, fmt):
    good = tmp_path / "good.json"
    good.write_text(_example_text(), encoding="utf-8")
    other = tmp_path / "other.json"
    other.write_text(_example_text(), encoding="utf-8")
    r = subprocess.run(
        [sys.executable, "-c", INJECT, "--no-config", "--format", fmt, str(good), str(other)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    out = r.stdout if fmt == "json" else r.stderr  # text mode: file errors on stderr (issue 12)
    if fmt == "json":
        doc = json.loads(out)
        errs = [e for e in doc["errors"] if "internal error in rule UL999" in e["message"]]
        assert {e["path"] for e in errs} == {"good.json", "other.json"}
        assert {f["path"] for f in doc["findings"] if f["rule"] == "UL031"} == {"good.json", "other.json"}
    else:
        lines = [ln for ln in out.splitlines() if "internal error in rule UL999" in ln]
        assert len(lines) == 2 and lines[0].startswith("good.json: internal error"), out


def test_unexpected_exception_outside_rules_is_exit_2_not_a_traceback(tmp_path):
    # a crash in a stage with no containment of its own (here: the reporter)
    code = (
        "import sys\nimport utcp_lint.reporters as R\n"
        "def bad(*a, **k):\n    raise KeyError('reporter bug')\n"
        "R.render = bad\nfrom utcp_lint.cli.app import main\nsys.argv=['utcp-lint']+sys.argv[1:]\nmain()\n"
    )
    f = tmp_path / "m.json"
    f.write_text(_example_text(), encoding="utf-8")
    r = subprocess.run(
        [sys.executable, "-c", code, "--no-config", str(f)], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines() == [
        "utcp-lint: internal error: KeyError: 'reporter bug'; please report it "
        "(set UTCP_LINT_DEBUG=1 for the traceback)"
    ]


# ----------------------------------------------------------------------------
# a few real CLI runs on generated input
# ----------------------------------------------------------------------------


@settings(
    max_examples=examples(12),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.data())
def test_cli_on_generated_files_exits_0_1_2_without_traceback(tmp_path, data):
    manual = data.draw(manuals())
    text = json.dumps(manual, **data.draw(dump_styles()))
    if data.draw(st.booleans()):
        text = data.draw(mutated(text))
    p = tmp_path / "gen.json"
    p.write_bytes(text.encode("utf-8", "surrogatepass"))
    fmt = data.draw(st.sampled_from(["text", "json", "sarif", "github"]))
    shell = data.draw(st.sampled_from(ALL_SHELLS))
    r = run_cli("--no-config", "--format", fmt, "--shell", shell, p, cwd=tmp_path)
    assert r.returncode in (0, 1, 2), r.stderr
    assert "Traceback" not in r.stderr, r.stderr
    if fmt in ("json", "sarif"):
        json.loads(r.stdout)
    if r.returncode == 2:
        assert r.stdout.strip() or r.stderr.strip()


def test_one_failing_shared_analysis_is_reported_once_per_file():
    # rules reading the same broken analysis fail the same way: one line per
    # file naming every such rule, not one line per rule
    def shared(tpl):
        raise ValueError("analysis broke")

    rules = []
    for rid in ("UL995", "UL996", "UL997"):
        r = Rule(id=rid, name=rid.lower(), severity="error", confidence="high", scope="template")
        r.check(lambda tpl: shared(tpl))
        rules.append(r)
    linter = Linter(rules=rules)
    result = RunResult()
    linter.lint_json_text(_example_text(), "a.json", True, result)
    linter.lint_json_text(_example_text(), "b.json", True, result)
    assert [e.path for e in result.errors] == ["a.json", "b.json"], result.errors
    for e in result.errors:
        assert e.message.startswith("internal error in rules UL995, UL996, UL997 (ValueError: analysis broke)")
