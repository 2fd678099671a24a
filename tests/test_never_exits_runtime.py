"""Issue 23 (the runtime catalogue, docs/runtime_failures.md): UL045 proven through the REAL
runtime.  utcp-cli 1.1.5 ``call_tool`` runs the script built by
``_build_combined_shell_script`` with ``_execute_shell_script(…, timeout=120.0)``; these
tests run the same two methods of the real protocol with the timeout lowered to a few
seconds (the only change), so a bad tool is shown to be still running when the runtime
gives up (``TimeoutError``) and a good tool to finish well before it.
"""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest
import utcp_cli  # noqa: F401  (registers the cli call template / protocol)
from conftest import FIXTURES
from utcp_cli.cli_call_template import CliCallTemplate
from utcp_cli.cli_communication_protocol import CliCommunicationProtocol

from utcp_lint.ruleset.rule import all_rules
from utcp_lint.run.linter import Linter

TIMEOUT = 4.0


def _tools(rel: str) -> dict:
    return {t["name"]: t for t in json.loads((FIXTURES / "rules" / rel).read_text())["tools"]}


def _run(tool: dict, args: dict, cwd: Path):
    """call_tool's own steps (P: call_tool), with ``TIMEOUT`` for its 120 s."""
    ct = CliCallTemplate.model_validate(dict(tool["tool_call_template"], working_dir=str(cwd)))
    proto = CliCommunicationProtocol()
    env = proto._prepare_environment(ct)
    script, arg_env = proto._build_combined_shell_script(ct.commands, args)
    out, err, rc = asyncio.run(proto._execute_shell_script(script, {**env, **arg_env}, TIMEOUT, str(cwd)))
    return proto._parse_combined_output(out, err, rc, ct.commands, tool["name"])


def _logs(tmp: Path) -> Path:
    (tmp / "logs").mkdir()
    (tmp / "logs" / "app.log").write_text("boot\nERROR x\nready\n")
    return tmp


def _fired(rel: str) -> set:
    result = Linter([all_rules()["UL045"]], use_cache=False).lint_paths([str(FIXTURES / "rules" / rel)])
    return {f.tool for f in result.findings if f.rule == "UL045"}


@pytest.mark.parametrize("name", ["app_log", "app_log_lines", "app_log_cluster", "unit_journal"])
def test_ul045_bad_never_returns(name: str, tmp_path: Path) -> None:
    tools = _tools("UL045/bad_program_never_exits.json")
    args = {"unit": "ssh"} if name == "unit_journal" else {"name": "app"}
    start = os.times()
    with pytest.raises(asyncio.TimeoutError):
        _run(tools[name], args, _logs(tmp_path))
    used = os.times()
    assert (
        used.children_user + used.children_system - start.children_user - start.children_system < TIMEOUT
    )  # waiting, not working
    assert name in _fired("UL045/bad_program_never_exits.json")


def test_ul045_bad_fixture_fully_reported() -> None:
    assert _fired("UL045/bad_program_never_exits.json") == set(_tools("UL045/bad_program_never_exits.json"))


def test_ul045_good_returns(tmp_path: Path) -> None:
    tools = _tools("UL045/good_program_exits.json")
    ws = _logs(tmp_path)
    assert _run(tools["app_log"], {"name": "app"}, ws) == "boot\nERROR x\nready"
    assert _run(tools["wait_ready"], {"name": "app"}, ws) == "ready"
    assert _run(tools["until_ready"], {"name": "app"}, ws) == "ready"
    assert _run(tools["bounded_follow"], {"name": "app"}, ws).endswith("done")
    assert isinstance(_run(tools["unit_journal"], {"unit": "ssh"}, ws), str)  # returns (journal or not)
    assert _run(tools["newest_first"], {"name": "app"}, ws) == ""
    assert _fired("UL045/good_program_exits.json") == set()
