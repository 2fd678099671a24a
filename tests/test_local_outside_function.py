"""UL119: `local` outside a shell function fails on every call (issue 23).

Proven through the real client (utcp 1.2.0 ``UtcpClient`` + utcp-cli 1.1.5): the
runtime runs each step inside ``CMD_i_OUTPUT=$( … )``, never in a function, so bash
refuses ``local`` and the tool's output is bash's error; the same code inside a
function, or a plain assignment, works.
"""

import json
import shutil
from pathlib import Path

import pytest
from conftest import lint_json
from test_variables import call_via_client

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL119"


def _one_tool(tmp_path: Path, fixture: str, tool: str) -> Path:
    doc = json.loads((FIX / fixture).read_text())
    doc["tools"] = [t for t in doc["tools"] if t["name"] == tool]
    tmp_path.mkdir(exist_ok=True)
    p = tmp_path / f"{tool}.json"
    p.write_text(json.dumps(doc))
    return p


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash not installed")
def test_local_outside_a_function_fails_for_every_input(tmp_path):
    bad = _one_tool(tmp_path, "bad_local_outside_function.json", "greet")
    good = _one_tool(tmp_path / "good", "good_local_in_function.json", "greet")
    plain = _one_tool(tmp_path / "good", "good_local_in_function.json", "plain_assign")
    for value in ("ann", "bob smith", "-x"):
        out = call_via_client(bad, "greet", args={"name": value})
        # bash's `local: can only be used in a function` goes to the script's stderr (the
        # runtime's ` 2>&1` only covers the step's last command); the name never arrives
        assert out.strip() == "hello" and value not in out
        assert call_via_client(good, "greet", args={"name": value}) == f"hello {value}"
        assert call_via_client(plain, "plain_assign", args={"name": value}) == f"hello {value}"
    _code, out = lint_json("--select", "UL119", bad)
    assert [(f["rule"], f["severity"]) for f in out["findings"]] == [("UL119", "error")]
    for p in (good, plain):
        _code, out = lint_json("--select", "UL119", p)
        assert out["findings"] == []
