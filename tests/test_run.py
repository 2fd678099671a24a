"""``utcp-lint run`` against the real utcp-cli 1.1.5 ``call_tool`` (same inputs, same result)."""

import asyncio
import json
import shutil

import executor_oracle  # noqa: F401  (quiets the runtime's logger)
import pytest
from conftest import run_cli
from utcp_cli.cli_call_template import CliCallTemplate
from utcp_cli.cli_communication_protocol import CliCommunicationProtocol

CANARY = "CANARY"


def runtime_call(raw, args):
    tpl = CliCallTemplate(**raw)
    return asyncio.run(CliCommunicationProtocol().call_tool(None, raw["name"], args, tpl))


def cli_call(manual, name, args, *extra):
    r = run_cli("run", manual, name, "--format", "json", "--args", json.dumps(args), *extra)
    assert r.returncode == 0, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr
    return json.loads(r.stdout)["result"]


def tool(name, commands, **extra):
    steps = [c if isinstance(c, dict) else {"command": c} for c in commands]
    return {"name": name, "call_template_type": "cli", "commands": steps, **extra}


def write_manual(tmp_path, templates):
    tools = [
        {"name": t["name"], "description": "d", "inputs": {"type": "object", "properties": {}}, "tool_call_template": t}
        for t in templates
    ]
    p = tmp_path / "manual.json"
    p.write_text(json.dumps({"manual_version": "1", "utcp_version": "1.0.2", "tools": tools}))
    return p


def cases(canary):
    c = str(canary)
    hostile = [
        f"$(touch {c})",
        f'"; touch {c}; "',
        f"'; touch {c}; '",
        f"`touch {c}`",
        f"a\ntouch {c}",
        "-n",
        "*",
        "  spaced  out  ",
        "wörld ✓",
        "",
    ]
    quoting = "echo \"dq:UTCP_ARG_v_UTCP_END\" 'sq:UTCP_ARG_v_UTCP_END' bare:UTCP_ARG_v_UTCP_END"
    out = [
        (
            tool(
                "multi",
                [
                    {"command": "echo first UTCP_ARG_a_UTCP_END", "append_to_final_output": True},
                    {"command": 'echo second "$CMD_0_OUTPUT"', "append_to_final_output": False},
                    {"command": "printf '%s|' \"$CMD_1_OUTPUT\" 'UTCP_ARG_b_UTCP_END'"},
                ],
            ),
            {"a": "A A", "b": "B'B"},
        ),
        (
            tool(
                "only_first",
                [
                    {"command": "echo one", "append_to_final_output": True},
                    {"command": "echo two", "append_to_final_output": False},
                ],
            ),
            {},
        ),
        (tool("json_out", ['echo \'{"k": [1, 2, "UTCP_ARG_v_UTCP_END"]}\'']), {"v": "x"}),
        (tool("json_array_ws", ["printf '  [1, 2]\\n\\n'"]), {}),
        (tool("not_json", ["echo '{oops'"]), {}),
        (tool("missing", ["echo got UTCP_ARG_nope_UTCP_END and UTCP_ARG_v_UTCP_END"]), {"v": 1}),
        (
            tool("types", ["echo UTCP_ARG_n_UTCP_END UTCP_ARG_f_UTCP_END UTCP_ARG_o_UTCP_END UTCP_ARG_z_UTCP_END"]),
            {"n": 5, "f": True, "o": {"a": [1]}, "z": None},
        ),
        (tool("syntax_error", ["echo ("]), {}),
        (tool("stderr_step", ["echo oops >&2; exit 3"]), {}),
        (tool("empty", ["true"]), {}),
        (tool("env_default", ['echo "[$UTCP_RUN_TEST_HIDDEN][${HOME:+home}][$FOO]"'], env_vars={"FOO": "bar"}), {}),
        (
            tool(
                "env_list",
                ['echo "[$UTCP_RUN_TEST_VISIBLE][${HOME:-nohome}][$FOO]"'],
                inherit_env_vars=["UTCP_RUN_TEST_VISIBLE", "PATH"],
                env_vars={"FOO": "bar"},
            ),
            {},
        ),
        (tool("env_strict", ['echo "[${PATH:-nopath}][$FOO]"'], inherit_env_vars=[], env_vars={"FOO": "b"}), {}),
        (
            tool("workdir", ["pwd", {"command": "ls", "append_to_final_output": True}], working_dir=str(canary.parent)),
            {},
        ),
        (tool("vulnerable_eval", ["eval echo UTCP_ARG_v_UTCP_END"]), {"v": f"$(touch {c})"}),
    ]
    for i, v in enumerate(hostile):
        out.append((tool(f"hostile_{i}", [quoting]), {"v": v}))
    return out


@pytest.fixture
def env(monkeypatch):
    monkeypatch.setenv("UTCP_RUN_TEST_HIDDEN", "leak")
    monkeypatch.setenv("UTCP_RUN_TEST_VISIBLE", "shown")


def test_run_matches_call_tool(tmp_path, env):
    work = tmp_path / "work"
    work.mkdir()
    canary = work / CANARY
    all_cases = cases(canary)
    manual = write_manual(tmp_path, [t for t, _ in all_cases])
    compared = 0
    for raw, args in all_cases:
        expected = runtime_call(raw, args)
        made_by_runtime = canary.exists()
        if made_by_runtime:
            canary.unlink()
        got = cli_call(manual, raw["name"], args)
        assert got == expected, (raw["name"], got, expected)
        assert type(got) is type(expected)
        assert canary.exists() == made_by_runtime, raw["name"]
        if canary.exists():
            canary.unlink()
        compared += 1
    assert compared == len(all_cases) >= 25
    # the interesting cases really exercised what they claim
    by_name = {t["name"]: a for t, a in all_cases}
    assert (
        runtime_call(next(t for t, _ in all_cases if t["name"] == "vulnerable_eval"), by_name["vulnerable_eval"]) == ""
        and canary.exists()
    )


def test_text_format_prints_result_as_is(tmp_path):
    m = write_manual(tmp_path, [tool("t", ["echo '  hello  '"]), tool("j", ["echo '{\"a\": 1}'"])])
    r = run_cli("run", m, "t")
    assert (r.returncode, r.stdout) == (0, "hello\n")
    r = run_cli("run", m, "j")
    assert r.returncode == 0 and json.loads(r.stdout) == {"a": 1}


def test_timeout_kills_the_tool(tmp_path):
    marker = tmp_path / "late"
    m = write_manual(tmp_path, [tool("slow", [f"(sleep 3; touch {marker}) & sleep 30"])])
    r = run_cli("run", m, "slow", "--timeout", "0.5")
    assert r.returncode == 2 and "timed out after 0.5 s" in r.stderr
    # the whole process group died: the background child never gets to touch the marker
    import time

    time.sleep(3.5)
    assert not marker.exists()


def test_bad_inputs(tmp_path):
    m = write_manual(tmp_path, [tool("t", ["echo hi"])])
    for args, msg in [
        (["nope"], "no CLI tool named 'nope'"),
        (["t", "--args", "[1]"], "JSON object"),
        (["t", "--args", "{bad"], "not valid JSON"),
    ]:
        r = run_cli("run", m, *args)
        assert r.returncode == 2 and msg in r.stderr and "Traceback" not in r.stderr


def test_powershell_is_not_pretended(tmp_path):
    m = write_manual(tmp_path, [tool("t", ["Write-Output hi"])])
    r = run_cli("run", m, "t", "--shell", "powershell")
    if shutil.which("pwsh") or shutil.which("powershell"):
        assert r.returncode == 0 and r.stdout.strip() == "hi"
    else:
        assert r.returncode == 2 and "PowerShell is not installed" in r.stderr and r.stdout == ""
