"""The JSON-document result cache (linter/jsoncache.py): a repeat run is
served from the cache with exactly the findings of a fresh run (every field,
same order); a changed document, rule selection, option or tool version is a
miss; errors are never cached; a damaged cache is ignored."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import utcp_lint
from utcp_lint.engine import Linter
from utcp_lint.ruleset.context import LintOptions
from utcp_lint.ruleset.rule import all_rules
from utcp_lint.run import cache as jsoncache

ROOT = Path(__file__).resolve().parent.parent


def _full(result) -> list:
    out = []
    for f in result.findings:
        d = f.to_json()
        d.update(snippet=f.snippet, start=f.start, end=f.end, name=f.name, fix=repr(f.fix), related=repr(f.related))
        out.append(d)
    return out + [e.text() for e in result.errors] + result.notes + [result.files]


def _run(paths, rules=None, options=None, cache=True):
    linter = Linter(rules, options)
    linter.use_cache = cache
    r = linter.lint_paths([str(p) for p in paths])
    return r, linter.__dict__.get("json_cache_stats")


def _workspace(tmp_path, monkeypatch):
    ws = tmp_path / "ws"
    shutil.copytree(ROOT / "fixtures" / "example", ws / "example")
    for name in ("UL101", "UL150", "UL031"):
        src = ROOT / "fixtures" / "rules" / name
        if src.exists():
            shutil.copytree(src, ws / name)
    monkeypatch.chdir(ws)
    return ws


def test_repeat_run_is_served_from_the_cache_identically(tmp_path, monkeypatch):
    ws = _workspace(tmp_path, monkeypatch)
    fresh, _ = _run([ws], cache=False)
    cold, s1 = _run([ws])
    warm, s2 = _run([ws])
    assert s1[0] == 0 and s1[1] > 3 and s1[2] > 0
    assert s2[0] == s1[2] and s2[1] == s1[1] - s1[2]  # every stored document is a hit
    assert len(fresh.findings) > 10 and any(f.fix is not None for f in fresh.findings)
    assert _full(cold) == _full(fresh)
    assert _full(warm) == _full(fresh)


def test_selection_option_version_and_content_invalidate(tmp_path, monkeypatch):
    ws = _workspace(tmp_path, monkeypatch)
    manual = ws / "example" / "manual.json"
    default = [r for r in all_rules().values() if r.default_enabled]
    _run([manual], default)
    assert _run([manual], default)[1][0] == 1  # hit
    assert _run([manual], [r for r in default if r.id != "UL101"])[1][0] == 0  # rule selection
    assert _run([manual], default, LintOptions(shell="both"))[1][0] == 0  # option
    monkeypatch.setattr(utcp_lint, "__version__", utcp_lint.__version__ + ".dev1")
    assert _run([manual], default)[1][0] == 0  # tool version
    monkeypatch.undo()
    monkeypatch.chdir(ws)
    assert _run([manual], default)[1][0] == 1
    text = manual.read_text()
    manual.write_text(text.replace("86400", "86401"))
    r, stats = _run([manual], default)
    assert stats[0] == 0  # content
    fresh, _ = _run([manual], default, cache=False)
    assert _full(r) == _full(fresh)


def test_errors_and_skipped_files_are_never_cached(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.json").write_text('{"tools": [')
    (tmp_path / "other.json").write_text('{"x": 1}')
    for _ in range(2):
        r, stats = _run([tmp_path / "bad.json", tmp_path / "other.json"])
        assert stats[0] == 0 and stats[2] == 0
        assert len(r.errors) == 2


def test_damaged_cache_entries_are_ignored(tmp_path, monkeypatch):
    ws = _workspace(tmp_path, monkeypatch)
    manual = ws / "example" / "manual.json"
    fresh, _ = _run([manual], cache=False)
    _run([manual])
    entries = sorted((ws / jsoncache.CACHE_DIR).glob("json-*.json"))
    assert entries, "the second run stored no cache entry to corrupt"
    for f in entries:
        data = json.loads(f.read_text())
        data["cols"]["line"] = ["i", [1]]  # wrong length
        f.write_text(json.dumps(data))
    r, stats = _run([manual])
    assert stats[0] == 0 and _full(r) == _full(fresh)
    entries = sorted((ws / jsoncache.CACHE_DIR).glob("json-*.json"))
    assert entries
    for f in entries:
        f.write_text("not json")
    r, stats = _run([manual])
    assert stats[0] == 0 and _full(r) == _full(fresh)


def test_cli_no_cache_and_default(tmp_path, cli):
    shutil.copy(ROOT / "fixtures" / "example" / "manual.json", tmp_path / "m.json")
    a = cli("--format", "json", "--no-config", "--no-cache", "m.json", cwd=tmp_path)
    assert not (tmp_path / jsoncache.CACHE_DIR).exists()
    b = cli("--format", "json", "--no-config", "m.json", cwd=tmp_path)
    assert list((tmp_path / jsoncache.CACHE_DIR).glob("json-*.json"))
    c = cli("--format", "json", "--no-config", "m.json", cwd=tmp_path)
    assert a.stdout == b.stdout == c.stdout and a.returncode == b.returncode == c.returncode == 1


def test_cache_committed_to_a_hostile_repository_is_never_trusted(tmp_path, cli):
    import os

    repo = tmp_path / "repo"
    repo.mkdir()
    shutil.copy(ROOT / "fixtures" / "example" / "manual.json", repo / "m.json")
    attacker = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "attacker-home"))
    victim = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "victim-home"))
    r = cli("--no-config", "--format", "json", "m.json", cwd=repo, env=attacker)
    assert json.loads(r.stdout)["findings"]
    [entry] = list((repo / jsoncache.CACHE_DIR).glob("json-*.json"))
    data = json.loads(entry.read_text())
    data["n"] = 0
    data["cols"] = {k: [kind, []] for k, (kind, _v) in data["cols"].items()}  # poison: "no findings"
    entry.write_text(json.dumps(data))
    r = cli("--no-config", "--format", "json", "m.json", cwd=repo, env=attacker)
    assert json.loads(r.stdout)["findings"] == []  # the poison works for its author ...
    r = cli("--no-config", "--format", "json", "m.json", cwd=repo, env=victim)
    assert r.returncode == 1 and json.loads(r.stdout)["findings"]  # ... never for anyone else
