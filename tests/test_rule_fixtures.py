"""Every rule has fixtures; each positive fixture yields exactly the expected
positions for that rule, each negative fixture yields none.

Layout: ``fixtures/rules/<RULE_ID>/bad_*.{json,py}`` with a sibling
``bad_*.expect`` (one ``line:col-end_line:end_col`` per finding, ``#`` comments
allowed) and ``good_*.{json,py}`` that must stay quiet for that rule.
Some rules need options (``--shell powershell``, ``--require-declarations``):
a fixture directory may hold ``args.txt`` with extra command-line words.
"""

from pathlib import Path

import pytest
from conftest import FIXTURES, lint_json

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


def _expected(f: Path):
    exp = f.with_suffix(".expect")
    assert exp.exists(), f"{f} has no {exp.name}"
    out = set()
    for line in exp.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        a, b = line.split("-")
        l1, c1 = map(int, a.split(":"))
        l2, c2 = map(int, b.split(":"))
        out.add((l1, c1, l2, c2))
    return out


@pytest.mark.parametrize("rule_id,path", _cases())
def test_fixture(rule_id, path):
    extra = []
    args = path.parent / "args.txt"
    if args.exists():
        extra = args.read_text().split()
    code, out = lint_json("--select", rule_id, "--fail-on", "note", *extra, path)
    got = {(f["line"], f["column"], f["end_line"], f["end_column"]) for f in out["findings"] if f["rule"] == rule_id}
    assert not out["errors"], out["errors"]
    if path.name.startswith("bad_"):
        assert got == _expected(path), out["findings"]
        assert code == 1
        for f in out["findings"]:
            assert f["pointer"].startswith("/") or path.suffix == ".py", f
    else:
        assert got == set(), out["findings"]


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
