"""Rule documentation: generated pages are current, `utcp-lint rule ID` and
`utcp-lint rules` agree with the registry, the generator's --check works."""

import importlib.util
import json

import pytest
from conftest import ROOT, run_cli

from utcp_lint.rule import all_rules
from utcp_lint.ruledocs import REGEN_COMMAND, generate, rule_markdown, rule_text

DOCS = ROOT / "docs" / "rules"


def _script():
    spec = importlib.util.spec_from_file_location("gen_rule_docs", ROOT / "scripts" / "gen_rule_docs.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_generated_rule_docs_are_current():
    to_write, to_delete = _script().plan(str(DOCS))
    if to_write or to_delete:
        pytest.fail(
            "docs/rules/ is out of date with the rule modules "
            f"(stale or missing: {', '.join(sorted(to_write)) or '-'}; "
            f"no longer rules: {', '.join(to_delete) or '-'}). "
            f"Regenerate from the repository root with:  {REGEN_COMMAND}",
            pytrace=False,
        )


def test_every_rule_has_a_page_with_its_metadata():
    pages = generate(all_rules())
    assert "index.md" in pages
    for rid, r in all_rules().items():
        page = pages[f"{rid}.md"]
        assert f"# {rid}: {r.name}" in page
        assert f"| Severity | {r.severity} |" in page
        assert f"| Confidence | {r.confidence} |" in page
        assert r.category in page.split("| Tags |")[1].split("\n")[0]  # issue 12: category tag
        assert r.short_description in page
        assert f"[{rid}]({rid}.md)" in pages["index.md"]
        for section in ("## What it does", "## Fix"):
            assert section in page


def test_check_mode_and_stale_cleanup(tmp_path):
    gen = _script()
    out = tmp_path / "rules"
    assert gen.main(["--check", "--out", str(out)]) == 1  # nothing generated yet
    assert gen.main(["--out", str(out)]) == 0
    assert gen.main(["--check", "--out", str(out)]) == 0
    (out / "UL999.md").write_text("old rule", encoding="utf-8")
    (out / "notes.txt").write_text("not generated", encoding="utf-8")
    first = sorted(all_rules())[0]
    (out / f"{first}.md").write_text("edited by hand", encoding="utf-8")
    assert gen.main(["--check", "--out", str(out)]) == 1
    assert gen.main(["--out", str(out)]) == 0
    assert not (out / "UL999.md").exists()
    assert (out / "notes.txt").exists()  # only generated names are managed
    assert (out / f"{first}.md").read_text(encoding="utf-8") == generate(all_rules())[f"{first}.md"]


def test_rule_command_prints_the_docs():
    for rid, r in list(all_rules().items())[:5]:
        res = run_cli("rule", rid.lower())
        assert res.returncode == 0, res.stderr
        assert res.stdout == rule_text(r)
        assert res.stdout.startswith(f"{rid} {r.name}\n")
        assert "## Why" in res.stdout
        md = run_cli("rule", r.name, "--format", "markdown")
        assert md.returncode == 0 and md.stdout == rule_markdown(r)


def test_rule_command_unknown_rule_suggests():
    r = run_cli("rule", "placeholder-without-inputz")
    assert r.returncode == 2
    assert "UL031 (placeholder-without-input)" in r.stderr
    r = run_cli("rule", "XYZ")
    assert r.returncode == 2 and "unknown rule 'XYZ'" in r.stderr


def test_rules_command_lists_every_rule():
    r = run_cli("rules")
    assert r.returncode == 0
    ids = [line.split()[0] for line in r.stdout.splitlines() if line.strip()]
    assert ids == sorted(all_rules())
    rj = run_cli("rules", "--format", "json")
    data = json.loads(rj.stdout)
    assert [d["id"] for d in data] == sorted(all_rules())
    for d in data:
        assert d["tags"][0] == d["category"] and d["help_uri"].endswith(f"{d['id']}.md")
    rm = run_cli("rules", "--format", "markdown")
    assert rm.stdout == generate(all_rules())["index.md"]
