"""Issue 23 (blind set I, families): each bad fixture added for the families of set I's
misses runs its payload through the REAL runtime (utcp 1.2.0 / utcp-cli 1.1.5
``call_tool``, tests/realcli.py), creating CANARY; the good fixtures of the same shapes
run with the same payloads and never do.  The linter reports every bad tool and no good
one (end to end through the CLI)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES
from realcli import call

# the first word becomes the option, the next one the format (one payload for all would
# leave printf without a format: a usage error, nothing assigned)
PRINTF_V = {"format": "-va[$(touch CANARY)]", "fmt": "-va[$(touch CANARY)]", "value": "%s"}
# environment variables a program splits into its own options: xz/bzip2 (run by tar -J/-j)
# then compress the file the value names, writing NAME.xz / NAME.bz2; make --eval runs code
MAKE_EVAL = "--eval=$(shell touch CANARY)"
CASES = [
    # printf's option word: -v NAME assigns NAME, whose subscript bash evaluates
    ("UL150/bad_printf_format_option.json", "fmt_field", PRINTF_V, "UL150", "error"),
    ("UL150/bad_printf_format_option.json", "fmt_into_var", PRINTF_V, "UL150", "error"),
    ("UL151/bad_option_environment.json", "snapshot_dir_env", "-k --files=names", "UL151", "warning"),
    ("UL151/bad_option_environment.json", "backup_bz2_env", "-k notes.txt", "UL151", "warning"),
    ("UL151/bad_option_environment.json", "make_jobs_flags", "2 " + MAKE_EVAL, "UL151", "error"),
    ("UL151/bad_option_environment.json", "make_exported_flags", MAKE_EVAL, "UL151", "error"),
    # cmake -E file commands: ../ in the value leaves the directory the template names
    ("UL170/bad_cmake_file_commands.json", "cmake_build_dir", "../../ESCAPED", "UL170", "warning"),
    ("UL170/bad_cmake_file_commands.json", "cmake_copy_asset", "../../ESCAPED", "UL170", "warning"),
]
GOOD = [
    ("UL150/good_printf_format_option.json", PRINTF_V, "UL150"),
    ("UL151/good_option_environment.json", "-k --files=names", "UL151"),
    ("UL151/good_option_environment.json", "-k notes.txt", "UL151"),
    ("UL151/good_option_environment.json", MAKE_EVAL, "UL151"),
    ("UL170/good_cmake_file_commands.json", "../../ESCAPED", "UL170"),
]
# what a payload leaves behind: the canary, or a file written by an injected option
EFFECTS = ("CANARY", "notes.txt.xz", "notes.txt.bz2", "../ESCAPED")


def _tools(rel: str, name: str | None = None) -> list:
    doc = json.loads((FIXTURES / "rules" / rel).read_text())
    return [t for t in doc["tools"] if name is None or t["name"] == name]


def _runs_payload(tool: dict, payload: str | dict, tmp: Path) -> bool:
    d = tmp / tool["name"]
    d.mkdir()
    (d / "src").mkdir()
    (d / "src" / "a.txt").write_text("a\n")
    (d / "notes.txt").write_text("foo bar\n")
    (d / "names").write_text("notes.txt\n")
    (d / "Makefile").write_text("all:\n\t@true\n")
    (d / "build").mkdir()
    (d / "build" / "app.bin").write_text("bin\n")
    (d / "dist").mkdir()
    tpl = dict(tool["tool_call_template"])
    try:
        names = tool["inputs"]["properties"]
        args = {n: payload.get(n, "x") for n in names} if isinstance(payload, dict) else dict.fromkeys(names, payload)
        call(tpl, args, d)
    except Exception:  # noqa: BLE001 - a failing tool may still have run the payload
        pass
    hit = any((d / e).exists() for e in EFFECTS)
    shutil.rmtree(d, ignore_errors=True)
    esc = tmp / "ESCAPED"
    if esc.is_dir():
        shutil.rmtree(esc)
    esc.unlink(missing_ok=True)
    return hit


@pytest.fixture(autouse=True)
def _login_environment(monkeypatch):
    """make runs ``$(shell …)`` with the environment's SHELL (absent on CI: see
    tests/test_exec_realclient_s33.py)."""
    monkeypatch.setenv("SHELL", "/bin/bash")


def _lint(rel: str) -> list:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "utcp_lint",
            "--format",
            "json",
            "--no-config",
            "--no-cache",
            str(FIXTURES / "rules" / rel),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    return json.loads(out.stdout)["findings"]


@pytest.mark.parametrize("rel,name,payload,rule,severity", CASES, ids=[c[1] for c in CASES])
def test_bad_tool_runs_the_payload_and_is_reported(rel, name, payload, rule, severity, tmp_path):
    (tool,) = _tools(rel, name)
    assert _runs_payload(tool, payload, tmp_path), f"{name}: payload {payload!r} left no effect"
    hits = [f for f in _lint(rel) if f["tool"] == name and f["rule"] == rule]
    assert [f["severity"] for f in hits] == [severity], hits


@pytest.mark.parametrize("rel,payload,rule", GOOD, ids=[f"{g[0]}:{g[1]}" for g in GOOD])
def test_good_tools_never_run_the_payload_and_are_clean(rel, payload, rule, tmp_path):
    tools = _tools(rel)
    assert tools
    for tool in tools:
        assert not _runs_payload(tool, payload, tmp_path), f"{tool['name']}: payload {payload!r} left an effect"
    found = _lint(rel)
    assert [f for f in found if f["rule"] == rule or f["severity"] != "note"] == []
