"""Every rule has fixtures; each positive fixture yields exactly the findings its
snapshot records for that rule (position, severity, confidence, message), each
negative fixture yields none.

Layout: ``fixtures/rules/<RULE_ID>/bad_*.{json,py}`` with a sibling
``bad_*.expect`` snapshot (one ``LINE:COL-END_LINE:END_COL SEVERITY/CONFIDENCE [TOOL]
MESSAGE`` line per finding, sorted, ``#`` comment lines allowed; written by
``python scripts/gen_expect.py``, format in its docstring and CONTRIBUTING.md) and
``good_*.{json,py}`` that must stay quiet for that rule.
Some rules need options (``--shell powershell``, ``--require-declarations``):
a fixture directory may hold ``args.txt`` with extra command-line words.
"""

import importlib.util
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, lint_json

from utcp_lint.ruleset.rule import all_rules

RULE_DIR = FIXTURES / "rules"


def _cases():
    out = []
    for d in sorted(RULE_DIR.iterdir()) if RULE_DIR.exists() else []:
        if not d.is_dir():
            continue
        for f in sorted(d.iterdir()):
            if f.suffix in (".json", ".py") and f.name.startswith(("bad_", "good_")):
                out.append(pytest.param(d.name, f, id=f"{d.name}/{f.name}"))
    return out


def _gen_expect():
    spec = importlib.util.spec_from_file_location("gen_expect", ROOT / "scripts" / "gen_expect.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


GEN = _gen_expect()


def _expected(f: Path) -> list[str]:
    exp = f.with_suffix(".expect")
    assert exp.exists(), f"{f} has no {exp.name}: run python scripts/gen_expect.py {f.parent.name}"
    return GEN.finding_lines(exp.read_text(encoding="utf-8"))


@pytest.mark.parametrize("rule_id,path", _cases())
def test_fixture(rule_id, path):
    extra = []
    args = path.parent / "args.txt"
    if args.exists():
        extra = args.read_text().split()
    code, out = lint_json("--select", rule_id, "--fail-on", "note", *extra, path)
    got = GEN.render(out["findings"], rule_id)
    assert not out["errors"], out["errors"]
    if path.name.startswith("bad_"):
        # a change of position, wording, severity or confidence: review it, then
        # python scripts/gen_expect.py RULE_ID rewrites the snapshot
        assert got == _expected(path), (
            f"stale {path.with_suffix('.expect').name}: run python scripts/gen_expect.py {rule_id}"
        )
        assert code == 1
        for f in out["findings"]:
            assert f["pointer"].startswith("/") or path.suffix == ".py", f
    else:
        assert got == [], out["findings"]


def test_every_rule_has_fixtures():
    missing = []
    for rid, r in all_rules().items():
        d = RULE_DIR / rid
        if getattr(r, "fixtures_exempt", False):
            continue
        if not d.is_dir() or not list(d.glob("bad_*")) or not list(d.glob("good_*")):
            missing.append(rid)
    assert not missing, f"rules without bad_/good_ fixtures: {missing}"


def test_every_rule_is_documented():
    for rid, r in all_rules().items():
        doc = r.full_doc
        assert doc and len(doc.splitlines()) > 3, rid
        for section in ("## What it does", "## Why", "## Example", "## Fix"):
            assert section in doc, f"{rid} doc lacks '{section}'"


def test_snapshot_format_sorts_escapes_and_keeps_comments():
    """scripts/gen_expect.py: one sorted line per finding of the rule; position,
    severity/confidence, tool, message; invisible characters escaped; comments kept above
    the finding they were attached to (an old-format trailing note too, unless the line
    already says it)."""

    def f(line, col, msg, tool="t", rule="UL999", sev="error"):
        return {"rule": rule, "severity": sev, "confidence": "high", "line": line, "column": col}, {
            "end_line": line,
            "end_column": col + 2,
            "tool": tool,
            "message": msg,
        }

    findings = [
        {**a, **b}
        for a, b in (
            f(9, 1, "second\u200b\nline", sev="warning"),
            f(2, 5, "first", tool=None),
            f(3, 1, "other rule", rule="UL998"),
        )
    ]
    assert GEN.render(findings, "UL999") == [
        "2:5-2:7 error/high first",
        "9:1-9:3 warning/high [t] second\\u200b\\nline",
    ]
    old = "# head\n2:5-2:7  # why this span\n9:1-9:3  # t warning\n"
    new = GEN.snapshot(findings, "UL999", old)
    assert new == "# head\n# why this span\n2:5-2:7 error/high first\n9:1-9:3 warning/high [t] second\\u200b\\nline\n"
    assert GEN.snapshot(findings, "UL999", new) == new  # a second run changes nothing
    assert GEN.finding_lines(new) == GEN.render(findings, "UL999")
