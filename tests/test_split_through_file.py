"""A value written to a file and read back by a later unquoted ``$(cat F)`` / ``$(< F)``
is split on blanks (issue 23): proven through the real runtime (utcp-cli 1.1.5,
tests/realcli.py) with a recording program, and UL117 reports exactly the unquoted
shapes (a quoted read-back, a read into an assignment, a digest written instead of the
value are quiet)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from realcli import call, lint_steps, recording_shim, shim_env


def _lint(tmp_path: Path, commands: list[str]) -> list[dict]:
    return lint_steps(tmp_path, commands, "UL117")


@pytest.mark.parametrize(
    ("commands", "operands"),
    [
        (["printf '%s\\n' UTCP_ARG_v_UTCP_END > sel.txt", "probe $(cat sel.txt)"], ["a", "b", "--verbose"]),
        (["printf '%s\\n' UTCP_ARG_v_UTCP_END > sel.txt; probe $(< sel.txt)"], ["a", "b", "--verbose"]),
        (["printf '%s\\n' UTCP_ARG_v_UTCP_END > sel.txt", 'probe "$(cat sel.txt)"'], ["a b --verbose"]),
    ],
)
def test_read_back_through_the_real_client(tmp_path: Path, commands: list[str], operands: list[str]) -> None:
    shim_dir = tmp_path / "bin"
    recording_shim(shim_dir, "probe")
    record = tmp_path / "record.json"
    call({"commands": commands}, {"v": "a b --verbose"}, tmp_path, shim_env(shim_dir, record))
    got = json.loads(record.read_text())
    split = len(operands) > 1
    if split:
        # one value became several words, and its '--verbose' piece an option
        assert got["operands"] == ["a", "b"] and got["options"] == ["--verbose"]
    else:
        assert got["operands"] == operands and got["options"] == []
    found = _lint(tmp_path, commands)
    assert [f["rule"] for f in found] == (["UL117"] if split else [])
    if split:
        assert "reads back unquoted" in found[0]["message"] and found[0]["severity"] == "warning"


@pytest.mark.parametrize(
    "commands",
    [
        ["printf '%s' UTCP_ARG_v_UTCP_END > /tmp/t.txt; t=$(cat /tmp/t.txt); git log -1 -- \"${t:-}\""],
        ["printf '%s' UTCP_ARG_v_UTCP_END | sha256sum | cut -d' ' -f1 > key.sha", "ls /var/cache/app/$(cat key.sha)"],
        ["printf '%s' UTCP_ARG_v_UTCP_END > in.txt", "wc -l $(cat other.txt)"],
    ],
)
def test_quiet_shapes(tmp_path: Path, commands: list[str]) -> None:
    assert _lint(tmp_path, commands) == []
