"""GNU patch's long options (issue 23): the manual extraction missed them, so a value after
``patch --forward`` was guessed to be --forward's argument.  ``patch --forward V < fix.patch``
with V = ``-o/elsewhere`` writes the patched file where the caller says: proven through the
real runtime (utcp-cli 1.1.5, tests/realcli.py); UL150 reports it at error, and ``--``
before the operand keeps it an operand."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from realcli import call

pytestmark = pytest.mark.skipif(shutil.which("patch") is None, reason="GNU patch missing")

DIFF = "--- a.txt\n+++ a.txt\n@@ -1 +1 @@\n-old\n+new\n"


def _lint(tmp_path: Path, command: str) -> list[dict]:
    manual = {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.2",
        "tools": [
            {
                "name": "t",
                "description": "probe",
                "inputs": {"type": "object", "properties": {"file": {"type": "string"}}, "required": ["file"]},
                "outputs": {"type": "object"},
                "tags": [],
                "tool_call_template": {"call_template_type": "cli", "commands": [{"command": command}]},
            }
        ],
    }
    p = tmp_path / "m.json"
    p.write_text(json.dumps(manual))
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "utcp_lint",
            "--format",
            "json",
            "--no-config",
            "--no-cache",
            "--select",
            "UL150",
            str(p),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    return json.loads(out.stdout)["findings"]


@pytest.mark.parametrize(
    ("command", "writes"),
    [
        ("patch --forward UTCP_ARG_file_UTCP_END < fix.patch", True),
        ("patch --forward -- UTCP_ARG_file_UTCP_END < fix.patch", False),
    ],
)
def test_patch_output_option_through_the_real_client(tmp_path: Path, command: str, writes: bool) -> None:
    (tmp_path / "a.txt").write_text("old\n")
    (tmp_path / "fix.patch").write_text(DIFF)
    canary = tmp_path / "elsewhere" / "canary.txt"
    canary.parent.mkdir()
    call({"commands": [command]}, {"file": f"-o{canary}"}, tmp_path)
    assert canary.exists() is writes
    if writes:
        assert canary.read_text() == "new\n"
    got = _lint(tmp_path, command)
    assert [(f["rule"], f["severity"]) for f in got] == ([("UL150", "error")] if writes else [])
