"""Analyses live on the context; rules state what they need (issue 13)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from utcp_lint.core.findings import SourceFile
from utcp_lint.document.jsonpos import parse
from utcp_lint.ruleset.context import _TEMPLATE_ANALYSES, DocumentContext, LintOptions
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
