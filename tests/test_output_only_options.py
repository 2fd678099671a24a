"""Issue 23 item 5: programs whose every option changes the output only (nl, base64,
base32, basenc, ls, cat: GNU coreutils manual) -- an injected option is a note.  Proven
through the real runtime: every option of the table's entry, alone or with a path as its
value, writes no file and runs nothing; journalctl's value options take the next word."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.realcli import call
from utcp_lint.template.option_table import lookup

ROOT = Path(__file__).resolve().parent.parent
BAD = ROOT / "fixtures/rules/UL150/bad_output_only_options.json"
GOOD = ROOT / "fixtures/rules/UL150/good_option_values_journalctl.json"
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def _payloads(program: str, canary: Path) -> list:
    spec = lookup(program)
    assert spec is not None and spec.severity == "note"
    out = [f"-{c}" for c in LETTERS] + [f"-{c}{canary}" for c in LETTERS]
    out += [f"{n}={canary}" for n in sorted(spec.long_values)]
    out += ["--help", "--version", f"--output={canary}", f"--files0-from={canary}"]
    return out


@pytest.mark.parametrize(
    "program,command",
    [
        ("nl", "nl -ba UTCP_ARG_v_UTCP_END"),
        ("base64", "base64 -w0 UTCP_ARG_v_UTCP_END"),
        ("base32", "base32 UTCP_ARG_v_UTCP_END"),
        ("ls", "ls -la UTCP_ARG_v_UTCP_END"),
        ("cat", "cat -n UTCP_ARG_v_UTCP_END"),
    ],
)
def test_injected_options_write_and_run_nothing(tmp_path: Path, program: str, command: str) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (work / "input.txt").write_text("one\ntwo\n")
    canary = tmp_path / "canary"
    before = sorted(p.name for p in tmp_path.rglob("*"))
    for v in _payloads(program, canary):
        call({"commands": [command]}, {"v": v}, work)
    assert not canary.exists()
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_journalctl_value_options_take_the_next_word() -> None:
    spec = lookup("journalctl")
    assert spec is not None
    assert {"--since", "--until", "--unit", "--identifier", "--priority"} <= set(spec.long_values)
    assert set("SUutp") <= set(spec.short_values)


def _lint(path: Path) -> list:
    out = subprocess.run(
        [sys.executable, "-m", "utcp_lint", "--format", "json", "--no-config", "--no-cache", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    return json.loads(out.stdout)["findings"]


def test_linter_reports_notes_and_nothing_for_option_values() -> None:
    bad = [(f["tool"], f["severity"]) for f in _lint(BAD) if f["rule"] == "UL150"]
    assert sorted(bad) == sorted((t, "note") for t in ("number_lines", "encode_file", "list_dir", "show_file"))
    assert [f for f in _lint(GOOD) if f["rule"] == "UL150"] == []
