"""Rule documentation: generated pages are current, `utcp-lint rule ID` and
`utcp-lint rules` agree with the registry, the generator's --check works."""

import importlib.util
import json

import pytest
from conftest import ROOT, run_cli

from utcp_lint.ruleset.docs import REGEN_COMMAND, generate, rule_markdown, rule_text
from utcp_lint.ruleset.rule import all_rules

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


def _json_values(block: str) -> int:
    """Parse a ```json block: one JSON value, or several in a row (separate examples)."""
    dec = json.JSONDecoder()
    i = n = 0
    while True:
        while i < len(block) and block[i].isspace():
            i += 1
        if i >= len(block):
            return n
        _, i = dec.raw_decode(block, i)
        n += 1


def test_every_json_and_toml_example_in_the_rule_pages_parses():
    import re

    try:
        import tomllib
    except ImportError:  # Python 3.10: the tomli backport (a dependency there)
        import tomli as tomllib

    seen = {"json": 0, "toml": 0}
    bad = []
    for page in sorted(DOCS.glob("UL*.md")):
        text = page.read_text(encoding="utf-8")
        for lang, block in re.findall(r"```(json|toml)\n(.*?)```", text, re.S):
            seen[lang] += 1
            try:
                if lang == "json":
                    assert _json_values(block) >= 1
                else:
                    tomllib.loads(block)
            except (ValueError, AssertionError) as e:
                bad.append(f"{page.name}: {e}: {block[:80]!r}")
    assert not bad, "\n".join(bad)
    assert seen["json"] > 150 and seen["toml"] > 150, seen


def test_every_use_instead_example_is_accepted_by_its_rule(tmp_path):
    """Each page's "Use instead" block is the rule's good fixture (which
    tests/test_rule_fixtures.py lints) or, cut to one tool, is linted here."""
    import re

    from utcp_lint.run.linter import Linter

    rules = all_rules()
    shown = cut = 0
    for rid, r in rules.items():
        text = (DOCS / f"{rid}.md").read_text(encoding="utf-8")
        m = re.search(r"## Use instead\n\nA \w+ this rule accepts \(`([^`]+)`\):\n\n```(\w+)\n(.*?)\n```", text, re.S)
        if m is None:
            assert getattr(r, "fixtures_exempt", False) or rid == "UL409", f"{rid}: no Use instead example"
            continue
        shown += 1
        source, lang, block = m.groups()
        fixture = (ROOT / source.split(",")[0]).read_text(encoding="utf-8")
        if "," not in source:
            assert block + "\n" == fixture or block == fixture, rid
            continue
        cut += 1
        f = tmp_path / f"{rid}.{'py' if lang == 'python' else 'json'}"
        f.write_text(block, encoding="utf-8")
        res = Linter([r]).lint_paths([str(f)])
        assert not res.errors, (rid, res.errors)
        assert not [x for x in res.findings if x.rule == rid], (rid, res.findings)
    assert shown >= 95 and cut >= 5, (shown, cut)


def test_the_pages_show_use_instead_from_the_cli_too(tmp_path):
    """End to end: the example of a page, linted by the command line, passes its rule."""
    import re

    text = (DOCS / "UL150.md").read_text(encoding="utf-8")
    block = re.search(r"## Use instead\n\n.*?```json\n(.*?)\n```", text, re.S).group(1)
    (tmp_path / "m.json").write_text(block, encoding="utf-8")
    r = run_cli("--no-config", "--no-cache", "--select", "UL150", "m.json", cwd=tmp_path)
    assert r.returncode == 0 and "All checks passed (1 file)." in r.stdout, r.stdout + r.stderr
