"""A case branch's patterns bound every byte of the values reaching it (issue 23 item 1).

``case V in [0-2]) echo "${envs[V]}" ;; esac``: only ``0``, ``1`` or ``2`` reach the
branch, so the array subscript (bash arithmetic) cannot run code there; ``[0-9]*)`` only
fixes the first byte, and ``1+a[$(cmd)]`` still runs ``cmd``.  Both proven through the
real runtime (``UtcpClient.call_tool``), and the linter agrees end to end.
"""

import json
from pathlib import Path

import pytest
from conftest import lint_json
from test_variables import call_via_client

PAYLOADS = ("a[$(touch CANARY)]", "a[$(touch CANARY)]+0", "1+a[$(touch CANARY)]", "0+a[$(touch CANARY)]", "2")


def _manual(tmp_path: Path, command: str) -> Path:
    tool = {
        "name": "t",
        "description": "t",
        "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
        "tool_call_template": {
            "call_template_type": "cli",
            "commands": [{"command": command}],
            "working_dir": str(tmp_path),
        },
    }
    p = tmp_path / "m.json"
    p.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    return p


def _ul101(p: Path) -> list:
    _code, out = lint_json("--select", "UL101", p)
    return [f["severity"] for f in out["findings"]]


@pytest.mark.parametrize(
    "command",
    [
        'envs=(dev staging prod); case UTCP_ARG_v_UTCP_END in [0-2]) echo "${envs[UTCP_ARG_v_UTCP_END]}";; *) echo no;; esac',
        "case UTCP_ARG_v_UTCP_END in [0-9]|[0-9][0-9]) echo $(( UTCP_ARG_v_UTCP_END + 1 ));; esac",
        "case UTCP_ARG_v_UTCP_END in ''|*[!0-9]*) exit 1;; [0-9]) (( UTCP_ARG_v_UTCP_END > 1 )) && echo big;; esac",
        'n=UTCP_ARG_v_UTCP_END; case "${n:-}" in 0|1|2) let "x = ${n:-0} * 2"; echo "${x:-}";; esac',
    ],
)
def test_branch_admitting_digits_guards_arithmetic(tmp_path, command):
    p = _manual(tmp_path, command)
    for v in PAYLOADS:
        call_via_client(p, "t", args={"v": v})
        assert not (tmp_path / "CANARY").exists(), v
    assert _ul101(p) == []


@pytest.mark.parametrize(
    "command",
    [
        "case UTCP_ARG_v_UTCP_END in [0-9]*) echo $(( UTCP_ARG_v_UTCP_END + 1 ));; esac",
        "case UTCP_ARG_v_UTCP_END in *[0-9]) echo $(( UTCP_ARG_v_UTCP_END + 1 ));; esac",
        # an earlier item's `;&` runs this branch for values its patterns do not match
        "case UTCP_ARG_v_UTCP_END in *\\]) echo x ;& [0-9]) echo $(( UTCP_ARG_v_UTCP_END + 1 ));; esac",
    ],
)
def test_branch_fixing_one_byte_does_not_guard(tmp_path, command):
    p = _manual(tmp_path, command)
    for v in PAYLOADS:
        call_via_client(p, "t", args={"v": v})
        if (tmp_path / "CANARY").exists():
            break
    assert (tmp_path / "CANARY").exists()
    assert _ul101(p) and set(_ul101(p)) <= {"error"}
