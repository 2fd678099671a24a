"""A value printed into an unquoted ``$( )`` argument is split into several arguments, and
a piece is read by the program's option parser (issue 23): ``make -s $(printf '%s' V | tr
',' ' ')`` runs a command of the caller's through ``SHELL=``/``.SHELLFLAGS=`` operands
(make's NAME=VALUE operands) or ``--eval``.  Proven with a canary through the real runtime
(utcp-cli 1.1.5, tests/realcli.py); UL150 reports it at error, and not where an allow-list
filter leaves no '-' in the output."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from realcli import call, lint_steps

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="GNU make missing")

MAKE = "make -s -C proj $(printf '%s' UTCP_ARG_targets_UTCP_END | tr ',' ' ')"


def _lint(tmp_path: Path, command: str) -> list[dict]:
    return lint_steps(tmp_path, command, "UL150")


def _project(tmp_path: Path) -> None:
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "Makefile").write_text("build:\n\t@echo built\ntest:\n\t@echo tested\n")


def test_split_pieces_run_code_through_make(tmp_path: Path) -> None:
    _project(tmp_path)
    canary = tmp_path / "canary"
    out = call({"commands": [MAKE]}, {"targets": "build,test"}, tmp_path)
    assert "built" in str(out) and "tested" in str(out) and not canary.exists()
    call({"commands": [MAKE]}, {"targets": f"build,SHELL=/usr/bin/touch,.SHELLFLAGS={canary}"}, tmp_path)
    assert canary.exists()  # the recipe ran `touch CANARY`
    canary.unlink()
    call(
        {"commands": [MAKE]}, {"targets": f"--eval=SHELL:=/usr/bin/touch,--eval=.SHELLFLAGS:={canary},build"}, tmp_path
    )
    assert canary.exists()  # option pieces: --eval reads make text
    got = _lint(tmp_path, MAKE)
    assert [(f["rule"], f["severity"]) for f in got] == [("UL150", "error")]
    assert "through $(printf …)" in got[0]["message"]


@pytest.mark.parametrize(
    "command",
    [
        "make -s -C proj $(printf '%s' UTCP_ARG_targets_UTCP_END | tr -cd 'a-z,' | tr ',' ' ')",
        "make -s -C proj $(printf '%s' UTCP_ARG_targets_UTCP_END | sed 's/[^a-z,]//g' | tr ',' ' ')",
    ],
)
def test_allow_list_filter_leaves_no_option(tmp_path: Path, command: str) -> None:
    _project(tmp_path)
    canary = tmp_path / "canary"
    for hostile in (
        f"build,SHELL=/usr/bin/touch,.SHELLFLAGS={canary}",
        f"--eval=SHELL:=/usr/bin/touch,--eval=.SHELLFLAGS:={canary},build",
    ):
        call({"commands": [command]}, {"targets": hostile}, tmp_path)
        assert not canary.exists()
    assert _lint(tmp_path, command) == []
