"""``flags=(--namespace V); helm list "${flags[@]}"`` (issue 23): the array's elements are
argv words in order, so the value is the argument of the option element before it, not an
option.  Proven through the real UtcpClient with a getopt-parsing recording program; the
lint verdicts on the UL150 fixtures follow the same reading."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import lint_json

from tests.realcli import call, read_record, recording_shim, shim_env

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "fixtures" / "rules" / "UL150"


def _errors(path: Path) -> set:
    _code, out = lint_json("--no-cache", "--select", "UL150", str(path))
    return {f["tool"] for f in out["findings"] if f["severity"] in ("error", "warning")}


def test_lint_verdicts():
    assert _errors(FIX / "good_array_option_argument.json") == set()
    bad = {t["name"] for t in json.loads((FIX / "bad_array_option_argument.json").read_text())["tools"]}
    assert _errors(FIX / "bad_array_option_argument.json") == bad


def test_real_client_reads_elements_in_order(tmp_path):
    shim = recording_shim(tmp_path / "bin")
    rec = tmp_path / "rec.json"
    env = shim_env(shim.parent, rec)
    # the value after an option taking an argument: that option's argument
    call({"commands": ['flags=(--output UTCP_ARG_v_UTCP_END); probe "${flags[@]}"']}, {"v": "-r"}, tmp_path, env)
    got = read_record(rec)
    assert got["options"] == ["--output"] and got["argv"] == ["--output", "-r"], got
    # after a switch: the value is read as an option of its own (what UL150 reports)
    call({"commands": ['flags=(--verbose UTCP_ARG_v_UTCP_END); probe "${flags[@]}"']}, {"v": "-r"}, tmp_path, env)
    assert read_record(rec)["options"] == ["--verbose", "-r"]
    lint = tmp_path / "m.json"
    tools = [
        {
            "name": n,
            "description": "Probe.",
            "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
            "tool_call_template": {"call_template_type": "cli", "commands": [{"command": c}]},
        }
        for n, c in (
            ("arg", 'flags=(--output UTCP_ARG_v_UTCP_END); probe "${flags[@]}"'),
            ("opt", 'flags=(--verbose UTCP_ARG_v_UTCP_END); probe "${flags[@]}"'),
        )
    ]
    lint.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}))
    assert "arg" not in _errors(lint)
