"""Issue 23 (the runtime catalogue, docs/runtime_failures.md): UL044 proven through the REAL
runtime.  Every bad tool fails on a benign input although the variable IS set in the
client's own environment (utcp-cli 1.1.5 builds the subprocess environment from the
inherited names and ``env_vars`` only); every good tool works.  ``${NAME}`` values of
``env_vars`` are filled by the real client substitutor (utcp 1.2.0
``DefaultVariableSubstitutor``), as ``UtcpClient.call_tool`` does before the protocol runs.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
from pathlib import Path

import pytest
import utcp_cli  # noqa: F401  (registers the cli call template / protocol)
from conftest import FIXTURES
from utcp.data.utcp_client_config import UtcpClientConfig
from utcp.implementations.default_variable_substitutor import DefaultVariableSubstitutor
from utcp_cli.cli_call_template import CliCallTemplate
from utcp_cli.cli_communication_protocol import CliCommunicationProtocol

from utcp_lint.ruleset.rule import all_rules
from utcp_lint.run.linter import Linter

SECRETS = {
    "BACKUP_PASSPHRASE": "correct horse",
    "P12_PASS": "p12-secret",
    "API_TOKEN": "tok-123",
    "NOTES_KEY": "notes-secret",
}


def _tools(rel: str) -> dict:
    return {t["name"]: t for t in json.loads((FIXTURES / "rules" / rel).read_text())["tools"]}


def _call(tool: dict, args: dict, cwd: Path):
    tpl = dict(tool["tool_call_template"], working_dir=str(cwd))
    if "env_vars" in tpl:  # the client fills ${NAME} from its variables (namespace: the manual)
        config = UtcpClientConfig(variables={f"m_{k}": v for k, v in SECRETS.items()})
        tpl["env_vars"] = DefaultVariableSubstitutor().substitute(tpl["env_vars"], config, "m")
    ct = CliCallTemplate.model_validate(tpl)
    return asyncio.run(CliCommunicationProtocol().call_tool(None, tool["name"], args, ct))


def _workspace(tmp: Path) -> Path:
    (tmp / "notes.txt").write_text("hello\n")
    (tmp / "item.json").write_text('{"id": 7}')
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=t", "-days", "1"]
        + ["-keyout", str(tmp / "key.pem"), "-out", str(tmp / "cert.pem")],
        check=True,
        capture_output=True,
    )
    return tmp


def _fired(rel: str) -> set:
    result = Linter([all_rules()["UL044"]], use_cache=False).lint_paths([str(FIXTURES / "rules" / rel)])
    return {f.tool for f in result.findings if f.rule == "UL044"}


def test_ul044_bad_fails_although_the_host_has_the_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for k, v in SECRETS.items():
        monkeypatch.setenv(k, v)  # set in the client's environment: still not passed on
    ws = _workspace(tmp_path)
    tools = _tools("UL044/bad_variable_not_in_process_env.json")
    out = _call(tools["encrypt_backup"], {"file": "notes.txt"}, ws)
    assert "No environment variable BACKUP_PASSPHRASE" in out and not (ws / "backup.enc").exists()
    out = _call(tools["export_p12"], {"file": "cert.pem"}, ws)
    assert "No environment variable P12_PASS" in out and not (ws / "bundle.p12").exists()
    out = _call(tools["fetch_item"], {"url": (ws / "item.json").as_uri()}, ws)
    assert "API_TOKEN: set API_TOKEN" in out and out != {"id": 7}
    out = _call(tools["decrypt_note"], {"file": "notes.txt"}, ws)
    assert "No environment variable NOTES_KEY" in out
    assert _fired("UL044/bad_variable_not_in_process_env.json") == set(tools)


def test_ul044_good_works(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("P12_PASS", SECRETS["P12_PASS"])  # inherited by name
    monkeypatch.setenv("LANG", "C.UTF-8")
    ws = _workspace(tmp_path)
    tools = _tools("UL044/good_variable_passed.json")
    assert _call(tools["encrypt_backup"], {"file": "notes.txt"}, ws) == "encrypted"
    dec = subprocess.run(
        [
            "openssl",
            "enc",
            "-d",
            "-aes-256-cbc",
            "-pbkdf2",
            "-pass",
            "pass:correct horse",
            "-in",
            str(ws / "backup.enc"),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert dec.stdout == "hello\n"
    assert _call(tools["export_p12"], {"file": "cert.pem"}, ws) == "exported" and (ws / "bundle.p12").exists()
    assert _call(tools["fetch_item"], {"url": (ws / "item.json").as_uri()}, ws) == {"id": 7}
    assert _call(tools["fetch_public"], {"url": (ws / "item.json").as_uri()}, ws) == {"id": 7}
    monkeypatch.setenv("HOME", str(ws))
    assert _call(tools["home_listing"], {"file": "notes"}, ws) == "1"
    assert _call(tools["session_key"], {"file": "notes.txt"}, ws) == "encrypted"
    assert _call(tools["awk_env"], {"file": "C.UTF-8"}, ws) == "1"
    assert _fired("UL044/good_variable_passed.json") == set()
