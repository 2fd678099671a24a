"""The safe idiom UL102 recommends, proven through the real UTCP client
(utcp 1.2.0 UtcpClient + utcp-cli 1.1.5): ``sh -c '… "${1:-}"' _ VALUE``
runs, passes a hostile value as data (no canary), and ``"$1"`` instead makes
the client refuse the call (it substitutes ``$1`` as one of its variables)."""

import json

from conftest import lint_json
from test_variables import call_via_client
from utcp.exceptions import UtcpVariableNotFound

PAYLOAD = "x'; touch CANARY; echo '$(touch CANARY)`touch CANARY`"


def _manual(tmp_path, code):
    tool = {
        "name": "show",
        "description": "d",
        "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
        "tool_call_template": {
            "name": "show",
            "call_template_type": "cli",
            "working_dir": str(tmp_path),
            "commands": [{"command": f"sh -c '{code}' _ UTCP_ARG_v_UTCP_END"}],
        },
    }
    p = tmp_path / "m.json"
    p.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    return p


def test_braced_positional_parameter_is_safe_through_the_client(tmp_path):
    m = _manual(tmp_path, 'printf %s "${1:-}"')
    out = call_via_client(m, "show", args={"v": PAYLOAD})
    assert out == PAYLOAD  # the value arrived intact, as data
    assert not (tmp_path / "CANARY").exists()
    # and utcp-lint reports neither re-evaluation nor client substitution
    _code, res = lint_json("--select", "UL102,UL160,UL161", m)
    assert res["findings"] == [], res["findings"]


def test_bare_dollar_one_fails_through_the_client_and_is_reported(tmp_path):
    m = _manual(tmp_path, 'printf %s "$1"')
    try:
        call_via_client(m, "show", args={"v": "hello"})
    except UtcpVariableNotFound as e:
        assert "1" in str(e)
    else:
        raise AssertionError("the client substituted nothing for $1")
    _code, res = lint_json("--select", "UL160", m)
    assert [f["rule"] for f in res["findings"]] == ["UL160"]


def test_value_inside_the_code_string_runs_the_canary_and_is_reported(tmp_path):
    tool_dir = tmp_path
    tool = {
        "name": "show",
        "description": "d",
        "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
        "tool_call_template": {
            "name": "show",
            "call_template_type": "cli",
            "working_dir": str(tool_dir),
            "commands": [{"command": 'sh -c "printf %s UTCP_ARG_v_UTCP_END"'}],
        },
    }
    m = tmp_path / "m.json"
    m.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    call_via_client(m, "show", args={"v": "a; touch CANARY"})
    assert (tmp_path / "CANARY").exists()
    _code, res = lint_json("--select", "UL102", m)
    assert [f["rule"] for f in res["findings"]] == ["UL102"]
