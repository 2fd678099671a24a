"""GNU patch's long options (issue 23): the manual extraction missed them, so a value after
``patch --forward`` was guessed to be --forward's argument.  ``patch --forward V < fix.patch``
with V = ``-o/elsewhere`` writes the patched file where the caller says: proven through the
real runtime (utcp-cli 1.1.5, tests/realcli.py); UL150 reports it at error, and ``--``
before the operand keeps it an operand."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from realcli import call, lint_steps

pytestmark = pytest.mark.skipif(shutil.which("patch") is None, reason="GNU patch missing")

DIFF = "--- a.txt\n+++ a.txt\n@@ -1 +1 @@\n-old\n+new\n"


def _lint(tmp_path: Path, command: str) -> list[dict]:
    return lint_steps(tmp_path, command, "UL150")


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
