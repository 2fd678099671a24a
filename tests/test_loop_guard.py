"""``for v in "${p:-}" "${n:-}"; do [[ $v =~ RX ]] || exit 1; done`` guards p and n after the
loop (issue 23).  Proven through the real UtcpClient with recording stand-ins for the
programs: a value led by '-' never reaches them in the good shapes, and does in the bad ones
(``continue`` instead of ``exit``, a variable left out of the loop)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import lint_json

from tests.realcli import call, shim_env

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "fixtures" / "rules" / "UL150"


def _tools(name: str) -> dict:
    return {t["name"]: t for t in json.loads((FIX / name).read_text())["tools"]}


def _errors(path: Path) -> set:
    _code, out = lint_json("--no-cache", "--select", "UL150", str(path))
    return {f["tool"] for f in out["findings"] if f["severity"] == "error"}


def test_lint_verdicts():
    assert _errors(FIX / "good_loop_guard.json") == set()
    assert _errors(FIX / "bad_loop_guard.json") == set(_tools("bad_loop_guard.json"))


@pytest.mark.parametrize("fixture,reaches", [("good_loop_guard.json", False), ("bad_loop_guard.json", True)])
def test_real_client(tmp_path, fixture, reaches):
    (tmp_path / "bin").mkdir()
    for prog in ("kubectl", "git"):  # stand-ins writing their argv to $RECORD
        stub = tmp_path / "bin" / prog
        stub.write_text(
            f"#!{sys.executable}\nimport json, os, sys\njson.dump(sys.argv[1:], open(os.environ['RECORD'], 'w'))\n"
        )
        stub.chmod(0o755)
    rec = tmp_path / "rec.json"
    env = shim_env(tmp_path / "bin", rec)
    for name, tool in _tools(fixture).items():
        args = {a: "ok1" for a in tool["inputs"]["properties"]}
        first = "pod" if "pod" in args else "base"
        args[first] = "--verbose"  # an option-shaped value in the first (pod / base) argument
        call(tool["tool_call_template"], args, tmp_path, env)
        got = rec.exists() and "--verbose" in json.loads(rec.read_text())
        assert got == reaches, name
        rec.unlink(missing_ok=True)
