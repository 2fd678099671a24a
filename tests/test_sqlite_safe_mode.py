"""sqlite3 -safe turns off every code feature of the CLI (sqlite.org/cli.html "--safe":
.shell, .system, edit(), ATTACH, .output FILE refused), so a value in its SQL operand is
not code (programs.Options.disarms).  Proven with the real sqlite3 through the real
runtime: the same payload runs a command without -safe and does nothing with it."""

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from conftest import lint_json

from tests.realcli import call

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL151"
GOOD = FIX / "good_sql_operands.json"
needs_sqlite = pytest.mark.skipif(shutil.which("sqlite3") is None, reason="sqlite3 CLI is missing")

PAYLOADS = [
    "x' UNION SELECT edit('', 'touch CANARY') --",
    "x'; .shell touch CANARY",
    "x\n.system touch CANARY\n",
]


def _tool(name: str) -> dict:
    return next(t for t in json.loads(GOOD.read_text())["tools"] if t["name"] == name)["tool_call_template"]


def _db(root: Path) -> None:
    con = sqlite3.connect(root / "data.db")
    con.execute("CREATE TABLE t(x)")
    con.execute("INSERT INTO t VALUES ('ann')")
    con.commit()
    con.close()


@needs_sqlite
def test_safe_mode_stops_every_payload_and_the_same_template_without_it_runs_code(tmp_path: Path) -> None:
    _db(tmp_path)
    good = _tool("sqlite3_safe_mode_lookup")
    assert "ann" in str(call(good, {"name": "ann"}, tmp_path))
    for v in PAYLOADS:
        call(good, {"name": v}, tmp_path)
        assert not (tmp_path / "CANARY").exists(), v
    unsafe = dict(good, commands=[{"command": good["commands"][0]["command"].replace(" -safe", "")}])
    call(unsafe, {"name": PAYLOADS[0]}, tmp_path)
    assert (tmp_path / "CANARY").exists()  # without -safe, edit() runs the command


def test_lint_reads_safe_mode(tmp_path: Path) -> None:
    code, out = lint_json("--select", "UL150,UL151", GOOD)
    assert [f for f in out["findings"] if f["tool"] == "sqlite3_safe_mode_lookup"] == []
    doc = json.loads(GOOD.read_text())
    t = next(t for t in doc["tools"] if t["name"] == "sqlite3_safe_mode_lookup")
    cmd = t["tool_call_template"]["commands"][0]
    cmd["command"] = cmd["command"].replace(" -safe", "")
    bad = tmp_path / "manual.json"
    bad.write_text(json.dumps({**doc, "tools": [t]}))
    code, out = lint_json("--no-cache", "--select", "UL151", bad)
    assert code == 1
    assert [(f["rule"], f["severity"]) for f in out["findings"]] == [("UL151", "error")]
