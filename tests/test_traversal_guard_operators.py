"""UL170 reads a guard written with ``${v:?}`` / ``${v:-}`` / ``${v:=d}`` (issue 23, A6).

Through the real runtime (tests/realcli.py): the guarded tool never climbs out of its
directory with ``../``; the one whose guard only rejects a leading ``-`` does."""

import json
from pathlib import Path

from conftest import lint_json

from tests.realcli import call

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL170"


def _tpl(name: str, tool: str) -> dict:
    doc = json.loads((FIX / name).read_text())
    return next(t["tool_call_template"] for t in doc["tools"] if t["name"] == tool)


def _victim(tmp_path: Path) -> Path:
    (tmp_path / "cache" / "old").mkdir(parents=True)
    v = tmp_path / "victim"
    v.mkdir()
    (v / "keep.txt").write_text("x")
    return v


def test_guarded_rm_stays_inside(tmp_path: Path) -> None:
    victim = _victim(tmp_path)
    good = _tpl("good_guard_parameter_operators.json", "clear_cache_checked")
    call(good, {"name": "../victim"}, tmp_path)
    assert victim.exists()
    call(good, {"name": "old"}, tmp_path)
    assert not (tmp_path / "cache" / "old").exists()


def test_dash_only_guard_lets_dotdot_through(tmp_path: Path) -> None:
    victim = _victim(tmp_path)
    bad = _tpl("bad_guard_parameter_operators.json", "clear_cache_dash_only")
    call(bad, {"name": "../victim"}, tmp_path)
    assert not victim.exists()


def test_cli() -> None:
    code, out = lint_json("--select", "UL170", FIX / "good_guard_parameter_operators.json")
    assert code == 0 and out["findings"] == []
    code, out = lint_json("--select", "UL170", FIX / "bad_guard_parameter_operators.json")
    assert code == 1 and len(out["findings"]) == 2
