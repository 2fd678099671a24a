"""UL155-UL157: `$CMD_<i>_OUTPUT` unquoted, re-evaluated, or referring forward.

Each claim is shown with the installed utcp-cli runtime (real bash), using the
client-proof spelling `${CMD_<i>_OUTPUT:-}` (see UL160 for why `$CMD_0_OUTPUT`
itself never reaches bash through the UTCP client).
"""

import json

from conftest import lint_json
from realcli import call, read_record, recording_shim, shim_env

P = "UTCP_ARG_{}_UTCP_END".format


def lint_steps(tmp_path, steps, rules="UL155,UL156,UL157", props=("x",)):
    m = {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.2",
        "tools": [
            {
                "name": "t",
                "description": "d",
                "inputs": {
                    "type": "object",
                    "properties": {n: {"type": "string"} for n in props},
                    "required": list(props),
                },
                "tool_call_template": {
                    "name": "t",
                    "call_template_type": "cli",
                    "commands": [s if isinstance(s, dict) else {"command": s} for s in steps],
                },
            }
        ],
    }
    p = tmp_path / "m.json"
    p.write_text(json.dumps(m, indent=1))
    _code, out = lint_json("--select", rules, p)
    assert not out["errors"], out["errors"]
    return [(f["rule"], f["severity"]) for f in out["findings"]]


def test_unquoted_output_is_split_and_globbed(tmp_path):
    for name in ("one.txt", "two.txt"):
        (tmp_path / name).write_text("")
    shims = tmp_path / "bin"
    recording_shim(shims)
    record = tmp_path / "rec.json"
    env = shim_env(shims, record)
    value = "my file *.txt"
    unquoted = [{"command": f"printf '%s' {P('x')}", "append_to_final_output": False}, "probe -- ${CMD_0_OUTPUT:-}"]
    call({"commands": unquoted}, {"x": value}, tmp_path, env)
    assert read_record(record)["operands"] == ["my", "file", "one.txt", "two.txt"]
    assert lint_steps(tmp_path, unquoted) == [("UL155", "warning")]
    quoted = [unquoted[0], 'probe -- "${CMD_0_OUTPUT:-}"']
    call({"commands": quoted}, {"x": value}, tmp_path, env)
    assert read_record(record)["operands"] == ["my file *.txt"]
    assert lint_steps(tmp_path, quoted) == []


def test_output_evaluated_in_arithmetic_runs_code(tmp_path):
    canary = tmp_path / "canary"
    value = f"a[$(touch {canary})]"
    steps = [{"command": f"printf '%s' {P('x')}", "append_to_final_output": False}, "echo $(( ${CMD_0_OUTPUT:-} + 1 ))"]
    call({"commands": steps}, {"x": value}, tmp_path)
    assert canary.exists()
    assert lint_steps(tmp_path, steps) == [("UL156", "error")]
    canary.unlink()
    safe = [steps[0], "printf '%s\\n' \"${CMD_0_OUTPUT:-}\""]
    out = call({"commands": safe}, {"x": value}, tmp_path)
    assert not canary.exists() and out == value
    assert lint_steps(tmp_path, safe) == []


def test_output_of_a_placeholder_free_step_is_a_warning(tmp_path):
    steps = [{"command": "date +%s", "append_to_final_output": False}, 'eval "${CMD_0_OUTPUT:-}"']
    assert lint_steps(tmp_path, steps, props=()) == [("UL156", "warning")]


def test_forward_and_self_references_are_empty(tmp_path):
    steps = [
        {"command": 'echo "[${CMD_0_OUTPUT:-}]"', "append_to_final_output": True},
        {"command": 'echo "[${CMD_2_OUTPUT:-}]"', "append_to_final_output": True},
        {"command": 'echo "[${CMD_9_OUTPUT:-}]"', "append_to_final_output": True},
    ]
    out = call({"commands": steps}, {}, tmp_path)
    assert out.split() == ["[]", "[]", "[]"]
    assert lint_steps(tmp_path, steps, props=()) == [("UL157", "error")] * 3
    ok = [{"command": "echo hi", "append_to_final_output": False}, 'echo "[${CMD_0_OUTPUT:-}]"']
    assert call({"commands": ok}, {}, tmp_path) == "[hi]"
    assert lint_steps(tmp_path, ok, props=()) == []


def test_literal_references_are_not_reported(tmp_path):
    steps = [
        {"command": "echo hi", "append_to_final_output": False},
        "echo '${CMD_0_OUTPUT:-}' \\${CMD_5_OUTPUT:-}  # $CMD_0_OUTPUT",
    ]
    assert lint_steps(tmp_path, steps, props=()) == []
