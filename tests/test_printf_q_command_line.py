"""``k=$(printf '%q' V); GIT_SSH_COMMAND="ssh … -i ${k:-} …" git …`` (issue 23): git hands
the variable to one shell as a command line (git(1)), which re-parses the ``%q`` text to the
value's own bytes; proven through the real UtcpClient with real git and canary payloads.
The look-alikes (the raw value, the ``%q`` text inside single quotes, the ``%q`` text as the
program) run the payload and stay reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import lint_json

from tests.realcli import call

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "fixtures" / "rules" / "UL103"
PAYLOADS = [
    "x$(touch canary)",
    "x;touch canary",
    "x\ntouch canary",
    "x\n$(touch canary)",
    "x'; touch canary; '",
    "`touch canary`",
    "PROG",  # the path of a program that writes the canary
]


def _value(v: str, tmp_path: Path) -> str:
    if v != "PROG":
        return v
    prog = tmp_path / "prog"
    prog.write_text(f"#!/bin/sh\ntouch {tmp_path / 'canary'}\n")
    prog.chmod(0o755)
    return str(prog)


def _tools(name: str) -> dict:
    return {t["name"]: t for t in json.loads((FIX / name).read_text())["tools"]}


def _lint(path: Path) -> set:
    _code, out = lint_json("--no-cache", "--select", "UL103", str(path))
    return {f["tool"] for f in out["findings"] if f["severity"] == "error"}


def test_lint_verdicts():
    assert _lint(FIX / "good_printf_q_command_line.json") == set()
    assert _lint(FIX / "bad_printf_q_command_line.json") == set(_tools("bad_printf_q_command_line.json"))


@pytest.mark.parametrize("value", PAYLOADS)
def test_good_shapes_run_nothing_through_the_real_client(tmp_path, value):
    for name, tool in _tools("good_printf_q_command_line.json").items():
        arg = next(iter(tool["inputs"]["properties"]))
        call(tool["tool_call_template"], {arg: _value(value, tmp_path)}, tmp_path)
        assert not (tmp_path / "canary").exists(), name


def test_bad_shapes_run_the_payload_through_the_real_client(tmp_path):
    ran = set()
    for name, tool in _tools("bad_printf_q_command_line.json").items():
        arg = next(iter(tool["inputs"]["properties"]))
        for value in PAYLOADS:
            call(tool["tool_call_template"], {arg: _value(value, tmp_path)}, tmp_path)
            if (tmp_path / "canary").exists():
                ran.add(name)
                (tmp_path / "canary").unlink()
    assert ran == set(_tools("bad_printf_q_command_line.json")), ran
