"""``cmd=(pg_dump "--table=V" app); "${cmd[@]}"`` and ``run() { timeout 10 "$@"; }; run
kubectl get pods -n V`` (issue 23): bash passes each element of a
quoted ``[@]`` expansion as one word (bash(1) "Arrays"), so the program is the array's
constant first element and the value one argument of it.  Proven through the real
UtcpClient: a value naming a program that writes a canary runs nothing in the good shapes
and runs in the bad ones (the value is, or follows a wrapper as, the first element)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import lint_json

from tests.realcli import call

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "fixtures" / "rules" / "UL103"


def _tools(name: str) -> dict:
    return {t["name"]: t for t in json.loads((FIX / name).read_text())["tools"]}


def _errors(path: Path) -> set:
    _code, out = lint_json("--no-cache", "--select", "UL103", str(path))
    return {f["tool"] for f in out["findings"] if f["severity"] == "error"}


@pytest.mark.parametrize("kind", ["command_array", "function_forwarding"])
def test_lint_verdicts(kind):
    assert _errors(FIX / f"good_{kind}.json") == set()
    assert _errors(FIX / f"bad_{kind}.json") == set(_tools(f"bad_{kind}.json"))


@pytest.mark.parametrize(
    "fixture,runs",
    [
        ("good_command_array.json", False),
        ("bad_command_array.json", True),
        ("good_function_forwarding.json", False),
        ("bad_function_forwarding.json", True),
    ],
)
def test_real_client(tmp_path, fixture, runs):
    prog = tmp_path / "prog"
    prog.write_text(f"#!/bin/sh\ntouch {tmp_path / 'canary'}\n")
    prog.chmod(0o755)
    for name, tool in _tools(fixture).items():
        arg = next(iter(tool["inputs"]["properties"]))
        for value in (str(prog), f"$(touch {tmp_path / 'canary'})"):
            call(tool["tool_call_template"], {arg: value}, tmp_path)
        assert (tmp_path / "canary").exists() == runs, name
        (tmp_path / "canary").unlink(missing_ok=True)
