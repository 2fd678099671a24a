"""Issue 23, item 1 (text a program or bash evaluates): the bad fixtures added for compgen,
awk variables reaching commands, program text handing its argument or environment to a
shell or eval, eval of a positional parameter, perl -M, make operands after --, strace
-o '|CMD', ex -c and wget -e, each run through the REAL runtime (utcp 1.2.0 /
utcp-cli 1.1.5 ``call_tool``, tests/realcli.py) with a canary payload, which creates
CANARY; the good fixtures of the same shapes run with the same payloads and never do."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES
from realcli import call

CASES = [
    ("UL102/bad_completion_builtins.json", "compgen_wordlist", "$(touch CANARY)"),
    ("UL102/bad_completion_builtins.json", "compgen_command", "touch CANARY"),
    ("UL102/bad_awk_variable_commands.json", "awk_count_lines_getline", "x; touch CANARY"),
    ("UL102/bad_awk_variable_commands.json", "awk_operand_variable", "x; touch CANARY"),
    ("UL102/bad_argument_runs.json", "python_argv_system", "x; touch CANARY"),
    ("UL102/bad_argument_runs.json", "node_argv_exec_sync", "x; touch CANARY"),
    ("UL102/bad_environment_runs.json", "awk_environ_system", "x; touch CANARY"),
    ("UL102/bad_environment_runs.json", "python_environ_system", "x; touch CANARY"),
    ("UL102/bad_positional_eval.json", "sh_eval_positional", "x; touch CANARY"),
    ("UL105/bad_argument_eval.json", "python_argv_eval", "__import__('os').system('touch CANARY')"),
    ("UL105/bad_argument_eval.json", "perl_module_option", 'strict;system("touch CANARY")'),
    ("UL151/bad_trace_editors_make.json", "make_target_after_dashes", "X:=$(shell touch CANARY)"),
    ("UL151/bad_trace_editors_make.json", "strace_report_pipe", "|touch CANARY"),
    ("UL151/bad_trace_editors_make.json", "ex_substitute_c", "x/|!touch CANARY|s/q/q"),
    (
        "UL106/bad_java_shell.json",
        "jshell_print_snippet",
        'x"); Runtime.getRuntime().exec(new String[]{"touch", "CANARY"}).waitFor(); System.out.println("y',
    ),
]
GOOD = [
    ("UL102/good_completion_builtins.json", "$(touch CANARY)"),
    ("UL102/good_awk_variable_commands.json", "x; touch CANARY"),
    ("UL102/good_argument_runs.json", "x; touch CANARY"),
    ("UL102/good_environment_runs.json", "x; touch CANARY"),
    ("UL102/good_positional_eval.json", "x; touch CANARY"),
    ("UL105/good_module_option.json", 'strict;system("touch CANARY")'),
    ("UL151/good_trace_editors_make.json", "X:=$(shell touch CANARY)"),
]


def _tool(rel: str, name: str | None = None) -> list:
    doc = json.loads((FIXTURES / "rules" / rel).read_text())
    return [t for t in doc["tools"] if name is None or t["name"] == name]


def _runs_payload(tool: dict, payload: str, tmp: Path) -> bool:
    d = tmp / tool["name"]
    d.mkdir()
    (d / "notes.txt").write_text("foo bar\n")
    tpl = dict(tool["tool_call_template"])
    names = list(tool["inputs"]["properties"])
    try:
        call(tpl, {n: payload for n in names}, d)
    except Exception:  # noqa: BLE001 - a failing tool may still have run the payload
        pass
    hit = (d / "CANARY").exists()
    shutil.rmtree(d, ignore_errors=True)
    return hit


@pytest.fixture(autouse=True)
def _login_environment(monkeypatch):
    """The client runs with the environment of a login session, which has ``SHELL``:
    make runs the ``$(shell …)`` of a command-line assignment with the environment's
    SHELL, and does not run it when SHELL is absent (GNU make 4.3, measured: CI's
    environment has no SHELL, and the make proof failed there)."""
    monkeypatch.setenv("SHELL", "/bin/bash")
    monkeypatch.setenv("TERM", "xterm")  # git runs $VISUAL only when TERM is set and not "dumb"


@pytest.mark.parametrize("rel,name,payload", CASES, ids=[c[1] for c in CASES])
def test_bad_tool_runs_the_payload_through_the_real_client(rel, name, payload, tmp_path):
    if name == "strace_report_pipe" and shutil.which("strace") is None:
        pytest.fail("strace is part of this machine's toolset: the proof needs it")
    (tool,) = _tool(rel, name)
    assert _runs_payload(tool, payload, tmp_path), f"{name}: payload {payload!r} did not create CANARY"


@pytest.mark.parametrize("rel,payload", GOOD, ids=[g[0] for g in GOOD])
def test_good_tools_never_run_the_payload_through_the_real_client(rel, payload, tmp_path):
    tools = _tool(rel)
    assert tools
    for tool in tools:
        assert not _runs_payload(tool, payload, tmp_path), f"{tool['name']}: payload {payload!r} created CANARY"
