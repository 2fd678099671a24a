"""Two client-variable shapes read from blind set P (issue 23), each checked through the
real runtime (utcp 1.2.0 ``UtcpClient`` with utcp-cli 1.1.5) and linted end to end.

* ``jq … '$ARGS.named.k'``: `$ARGS` / `$__loc__` are jq's built-in variables (jq 1.6/1.7
  manual); the client substitutes them anyway and refuses every call (UL160 error).
* ``GH_TOKEN=$GH_TOKEN gh …``: bash expands the reference before the assignment, so the
  name is not one the template sets; the author passes a value the users configure on
  to the program.  Configured, the call works, so it is the UL161 warning, not UL160.
"""

import json
import shutil
from pathlib import Path

import pytest
from conftest import lint_json
from test_variables import call_via_client
from utcp.exceptions import UtcpVariableNotFound

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL160"


def _one_tool(tmp_path: Path, fixture: Path, tool: str) -> Path:
    doc = json.loads(fixture.read_text())
    doc["tools"] = [t for t in doc["tools"] if t["name"] == tool]
    p = tmp_path / f"{tool}.json"
    p.write_text(json.dumps(doc))
    return p


def _rules(path: Path) -> list:
    _code, out = lint_json("--select", "UL160,UL161", path)
    assert not out["errors"], out["errors"]
    return sorted((f["rule"], f["severity"]) for f in out["findings"])


@pytest.mark.skipif(shutil.which("jq") is None, reason="jq is not installed")
def test_jq_builtin_variable_fails_every_call(tmp_path, monkeypatch):
    p = _one_tool(tmp_path, FIX / "bad_jq_builtin_variables.json", "config_value_by_key")
    for key in ("a", "name"):
        with pytest.raises(UtcpVariableNotFound):
            call_via_client(p, "config_value_by_key", args={"key": key})
    # the same filter written with env.KEY works through the client
    good = _one_tool(tmp_path, FIX / "good_self_assignment_prefix.json", "config_value_env")
    (tmp_path / "config.json").write_text('{"name": "demo"}')
    monkeypatch.chdir(tmp_path)
    assert call_via_client(good, "config_value_env", args={"key": "name"}).strip() == "demo"
    assert ("UL160", "error") in _rules(p)
    assert all(r != "UL160" for r, _s in _rules(good))


def _manual(tmp_path: Path, command: str) -> Path:
    tool = {
        "name": "show_token",
        "description": "show_token",
        "inputs": {"type": "object", "properties": {}, "required": []},
        "tool_call_template": {"call_template_type": "cli", "commands": [{"command": command}]},
    }
    p = tmp_path / "show_token.json"
    p.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    return p


@pytest.mark.parametrize("ref", ["$GH_TOKEN", '"${GH_TOKEN}"'])
def test_self_assignment_prefix_works_when_configured(tmp_path, ref):
    p = _manual(tmp_path, f"GH_TOKEN={ref} printenv GH_TOKEN")
    out = call_via_client(p, "show_token", variables={"my__man_GH_TOKEN": "tok123"})
    assert out.strip() == "tok123"
    with pytest.raises(UtcpVariableNotFound):
        call_via_client(p, "show_token")
    assert _rules(p) == [("UL161", "warning")]


def test_a_later_reference_to_the_assigned_name_stays_an_error(tmp_path):
    """After `GH_TOKEN=abc` the template's own variable is meant: UL160 keeps it."""
    p = _manual(tmp_path, "GH_TOKEN=abc; echo $GH_TOKEN")
    assert _rules(p) == [("UL160", "error")]
