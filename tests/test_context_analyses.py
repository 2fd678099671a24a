"""Analyses live on the context; rules state what they need (issue 13)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from utcp_lint.core.findings import SourceFile
from utcp_lint.document.jsonpos import parse
from utcp_lint.ruleset import analyses
from utcp_lint.ruleset.context import CliTemplate, DocumentContext, LintOptions, Step
from utcp_lint.ruleset.registry import RULES
from utcp_lint.ruleset.rule import NEEDS

ROOT = Path(__file__).resolve().parent.parent


def _doc(commands, shell="auto", **tool):
    data = {
        "utcp_version": "1.0.1",
        "manual_version": "1.0.0",
        "tools": [
            {
                "name": "t",
                "description": "d",
                "inputs": {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]},
                "tool_call_template": {
                    "call_template_type": "cli",
                    "name": "t",
                    "commands": [{"command": c} for c in commands],
                },
                **tool,
            }
        ],
    }
    text = json.dumps(data)
    return DocumentContext(SourceFile("m.json", text), parse(text), LintOptions(shell=shell))


def test_every_need_in_the_registry_is_known_and_used():
    needs = {(e[3], e[8]) for e in RULES if e[8] is not None}
    assert needs, "no rule states what it needs"
    for scope, need in needs:
        assert need in NEEDS[scope], (scope, need)
    assert {n for _s, n in needs} == {n for ns in NEEDS.values() for n in ns}


def test_applies_follows_the_shell_and_the_analysis():
    tpl = _doc(["echo UTCP_ARG_x_UTCP_END"]).templates[0]
    assert tpl.applies("bash") and not tpl.applies("powershell")
    assert tpl.applies("declarations") and tpl.applies("verification")
    assert not tpl.applies("client_refs")  # no $VAR the client substitutes
    ps = _doc(["Write-Output UTCP_ARG_x_UTCP_END"], shell="powershell").templates[0]
    assert ps.applies("powershell") and not ps.applies("bash") and not ps.applies("declarations")
    assert not ps.applies("verification")
    # a failed bash analysis (the runtime refused to render the template)
    broken = _doc(["echo UTCP_ARG_x_UTCP_END"], shell="bash").templates[0]
    broken.bash = type("Failed", (), {"error": "render failed"})()
    assert not broken.applies("bash")


_TEMPLATE_ANALYSES = [a.name for a in analyses.of_scope("template") if a.release]


def test_release_drops_every_declared_analysis():
    tpl = _doc(["echo UTCP_ARG_x_UTCP_END | sh"]).templates[0]
    assert {"bash", "declarations", "option_hits", "client_refs", "shells"} <= set(_TEMPLATE_ANALYSES)
    tpl.bash, tpl.declarations, tpl.option_hits, tpl.client_refs  # noqa: B018 (computed on access)
    assert set(_TEMPLATE_ANALYSES) & set(tpl.__dict__)
    tpl.release_analyses()
    assert not set(_TEMPLATE_ANALYSES) & set(tpl.__dict__)
    assert tpl.bash is not None  # a later reader recomputes


def test_options_read_the_environment_once(monkeypatch):
    from utcp_lint.run.budget import Budget

    monkeypatch.setenv("UTCP_LINT_TIME_BUDGET", "7")
    monkeypatch.setenv("UTCP_LINT_WEAK_SANDBOX", "1")
    opts = LintOptions()
    monkeypatch.setenv("UTCP_LINT_TIME_BUDGET", "900")
    monkeypatch.delenv("UTCP_LINT_WEAK_SANDBOX")
    assert opts.time_budget == 7.0 and opts.weak_sandbox is True
    assert Budget(0, opts.time_budget).limit == 7.0


def test_skipped_rules_are_never_imported():
    """A bash manual: the PowerShell, lock and verify rules' modules (and their
    engines) are not imported; the bash rules' are."""
    code = (
        "import sys\n"
        "from utcp_lint.cli.app import main\n"
        "try:\n"
        f"    main(['--no-config', '--no-cache', {str(ROOT / 'bench' / 'one_tool_manual.json')!r}])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('utcp_lint')), file=sys.stderr)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    mods = set(eval(r.stderr.strip().splitlines()[-1]))  # noqa: S307 (our own repr of a list of str)
    assert "utcp_lint.rules.ul101_arithmetic_evaluation" in mods
    assert not {
        m for m in mods if m.startswith(("utcp_lint.rules.ul2", "utcp_lint.rules.ul65", "utcp_lint.rules.ul5"))
    }, mods
    for engine in (
        "utcp_lint.template.powershell",
        "utcp_lint.rules._powershell",
        "utcp_lint.supplychain.lockfile",
        "utcp_lint.executor.verify",
        "utcp_lint.supplychain.follow",
        "utcp_lint.cli.run_verify",
    ):
        assert engine not in mods, engine


def test_every_need_names_a_table_entry_and_every_entry_is_complete():
    """rule.NEEDS comes from the table: every rule's ``needs`` names an entry of
    its scope with an ``applies``; every entry has a scope and a builder, and sits
    on its context class under its own name (nothing else is an analysis there)."""
    by_need = {(a.scope, a.need): a for a in analyses.TABLE if a.need is not None}
    for e in RULES:
        scope, need = e[3], e[8]
        if need is not None:
            assert (scope, need) in by_need and by_need[scope, need].applies is not None, (e[0], scope, need)
    assert NEEDS == {s: tuple(n for (sc, n) in by_need if sc == s) for s in ("template", "document")}
    assert len({a.name for a in analyses.TABLE}) == len(analyses.TABLE)
    classes = {"template": CliTemplate, "document": DocumentContext, "step": Step}
    for a in analyses.TABLE:
        assert a.scope in classes and callable(a.build) and a.build.__doc__, a
        assert vars(classes[a.scope])[a.name] is a, a  # the context's attribute is the table's entry
    for scope, cls in classes.items():
        declared = {k for k, v in vars(cls).items() if isinstance(v, analyses.Analysis)}
        assert declared == {a.name for a in analyses.of_scope(scope)}, scope


def test_the_table_check_refuses_a_context_out_of_step():
    class Extra:
        bash = analyses.BASH

    try:
        analyses.bind(Extra, "template")
    except AssertionError:
        pass
    else:
        raise AssertionError("bind accepted a class missing the template analyses")


def test_an_analysis_is_computed_once_and_typed_from_its_builder():
    tpl = _doc(["echo UTCP_ARG_x_UTCP_END"]).templates[0]
    assert "shells" not in tpl.__dict__
    first = tpl.shells
    assert first == ("bash",) and tpl.__dict__["shells"] is first and tpl.shells is first
    assert CliTemplate.shells is analyses.SHELLS  # the class attribute is the table's entry
    doc = _doc(["echo hi"])
    assert doc.validation == [] and doc.data is not None  # the validation released the plain values, read again
    step = doc.templates[0].steps[0]
    assert step.placeholders() == [] and "substituted" in step.__dict__
    doc.templates[0].release_analyses()
    assert "substituted" not in step.__dict__
