"""The generated rule registry (linter/ruleset/registry.py) matches the rule
modules, and a run imports only the rule modules it runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from utcp_lint.ruleset import index as rule_index
from utcp_lint.ruleset.registry import RULES
from utcp_lint.ruleset.rule import all_rules

ROOT = Path(__file__).resolve().parent.parent


def test_registry_is_in_sync_with_the_rule_modules():
    r = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "gen_rule_registry.py"), "--check"], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stdout + r.stderr + "\nrun: python scripts/gen_rule_registry.py"
    reg = all_rules()
    assert [e[0] for e in RULES] == list(reg)
    for rid, name, module, scope, sev, conf, default, tags, needs in RULES:
        r = reg[rid]
        assert (name, module, scope, sev, conf, default, tuple(tags), needs) == (
            r.name,
            r.module,
            r.scope,
            r.severity,
            r.confidence,
            r.default_enabled,
            tuple(r.tags),
            r.needs,
        )


def test_every_installed_module_is_a_rule_or_a_known_helper():
    installed = rule_index._installed_modules()
    named = {e[2] for e in RULES}
    assert installed - named == set(rule_index.HELPER_MODULES), (
        "a module in rules/ defines no rule and is not in rule_index.HELPER_MODULES"
    )


def test_lazy_rules_behave_like_the_real_ones(monkeypatch):
    import utcp_lint.ruleset.rule as rule_mod

    monkeypatch.setattr(rule_index, "_INDEX", None)
    monkeypatch.setattr(rule_mod, "_REGISTRY", None)
    idx = rule_index.selectable_rules()
    assert all(isinstance(r, rule_index.LazyRule) for r in idx.values())
    real = all_rules()["UL031"]
    lazy = idx["UL031"]
    assert lazy.short_description == real.short_description and lazy.sec_severity == real.sec_severity


def test_stale_registry_falls_back_to_importing_every_rule(monkeypatch):
    import utcp_lint.ruleset.rule as rule_mod

    monkeypatch.setattr(rule_index, "_INDEX", None)
    monkeypatch.setattr(rule_mod, "_REGISTRY", None)
    real = rule_index._installed_modules
    monkeypatch.setattr(rule_index, "_installed_modules", lambda: real() | {"ul999_new_rule"})
    idx = rule_index.selectable_rules()
    assert list(idx) == list(all_rules()) and not any(isinstance(r, rule_index.LazyRule) for r in idx.values())
    monkeypatch.setattr(rule_index, "_INDEX", None)


def _imported_rule_modules(args) -> tuple[set, int]:
    code = (
        "import sys\nfrom utcp_lint.cli.app import main\n"
        "try:\n    main(%r)\nexcept SystemExit as e:\n    code = e.code\n"
        "print(sorted(m for m in sys.modules if m.startswith('utcp_lint.rules.')), code, file=sys.stderr)"
        % (list(args),)
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    line = r.stderr.strip().splitlines()[-1]
    mods, code = line.rsplit(" ", 1)
    return set(eval(mods)), int(code)  # noqa: S307 - our own repr


def test_json_run_imports_no_python_scope_rule(tmp_path):
    mods, code = _imported_rule_modules(
        ["--no-config", "--no-cache", "--format", "json", "fixtures/example/manual.json"]
    )
    assert code == 1
    py_mods = {f"utcp_lint.rules.{e[2]}" for e in RULES if e[3] == "python"}
    off = {f"utcp_lint.rules.{e[2]}" for e in RULES if not e[6]}
    assert py_mods and not (mods & py_mods)
    assert not (mods & off)  # opt-in (dynamic) rules are not even imported
    assert any("ul101" in m for m in mods)


def test_select_imports_only_the_selected_rule():
    mods, code = _imported_rule_modules(
        ["--no-config", "--no-cache", "--select", "UL031", "--format", "json", "fixtures/example/manual.json"]
    )
    assert mods == {"utcp_lint.rules.ul031_placeholder_without_input"}, mods


def test_findings_identical_with_lazy_and_imported_rules(tmp_path):
    from utcp_lint.engine import Linter

    target = str(ROOT / "fixtures" / "example" / "manual.json")
    import utcp_lint.ruleset.rule as rule_mod

    eager = [r for r in all_rules().values() if r.default_enabled]
    saved = rule_mod._REGISTRY
    rule_mod._REGISTRY, rule_index._INDEX = None, None
    try:
        lazy = [r for r in rule_index.selectable_rules().values() if r.default_enabled]
    finally:
        rule_mod._REGISTRY = saved
    assert all(isinstance(r, rule_index.LazyRule) for r in lazy)
    a = Linter(lazy).lint_paths([target])
    b = Linter(eager).lint_paths([target])
    assert [json.dumps(f.to_json()) for f in a.findings] == [json.dumps(f.to_json()) for f in b.findings]
    assert a.findings
