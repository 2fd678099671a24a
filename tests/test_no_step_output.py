"""UL038: every step ``append_to_final_output: false`` -> an empty result on every call.

Proven through the real runtime (utcp-cli 1.1.5, tests/realcli.py): the step runs (its
side effect happens) but the tool's result is empty; the same step with the default
(last step appends) returns the output."""

import json
from pathlib import Path

from conftest import lint_json

from tests.realcli import call

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL038"


def _tpl(name: str, tool: str) -> dict:
    doc = json.loads((FIX / name).read_text())
    return next(t["tool_call_template"] for t in doc["tools"] if t["name"] == tool)


def test_quiet_only_step_returns_nothing(tmp_path: Path) -> None:
    (tmp_path / "hosts.txt").write_text("10.0.0.1 web1\n")
    bad = _tpl("bad_no_step_output.json", "quiet_lookup")
    for host in ("web1", "db9"):
        assert str(call(bad, {"host": host}, tmp_path) or "").strip() == ""
    fixed = dict(bad, commands=[{"command": bad["commands"][0]["command"]}])
    assert "10.0.0.1" in str(call(fixed, {"host": "web1"}, tmp_path))


def test_side_effect_step_still_runs(tmp_path: Path) -> None:
    tpl = _tpl("good_step_output.json", "touch_marker_no_output")
    assert str(call(tpl, {"name": "a"}, tmp_path) or "").strip() == ""
    assert (tmp_path / "marker-a").exists()


def test_cli_reports_bad_and_not_good() -> None:
    code, out = lint_json("--select", "UL038", FIX / "bad_no_step_output.json")
    assert code == 1
    assert sorted((f["tool"], f["severity"]) for f in out["findings"]) == [
        ("kubectl_two_quiet_steps", "error"),
        ("quiet_lookup", "error"),
    ]
    code, out = lint_json("--select", "UL038", FIX / "good_step_output.json")
    assert code == 0 and out["findings"] == []
