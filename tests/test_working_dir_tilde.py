"""UL039: a ``working_dir`` led by ``~`` fails every call (issue 23, B1), through the real runtime."""

import asyncio
import json
from pathlib import Path

import pytest
from conftest import lint_json
from utcp_cli.cli_call_template import CliCallTemplate
from utcp_cli.cli_communication_protocol import CliCommunicationProtocol

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL039"


def _run(tpl: dict, args: dict, cwd: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(cwd)  # the client's current directory: a relative cwd resolves here
    ct = CliCallTemplate.model_validate({"name": "t", **tpl})
    return asyncio.run(CliCommunicationProtocol().call_tool(None, "t", args, ct))


def test_tilde_working_dir_raises_on_every_call(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    doc = json.loads((FIX / "bad_working_dir_tilde.json").read_text())
    for tool in doc["tools"]:
        tpl = tool["tool_call_template"]
        with pytest.raises(FileNotFoundError):
            _run(tpl, {k: "x" for k in tool["inputs"]["properties"]}, tmp_path, monkeypatch)
    good = {"call_template_type": "cli", "commands": [{"command": "cd ~ && pwd"}]}
    assert str(_run(good, {}, tmp_path, monkeypatch)).strip() == str(Path.home())


def test_cli() -> None:
    code, out = lint_json("--select", "UL039", FIX / "bad_working_dir_tilde.json")
    assert code == 1 and [f["severity"] for f in out["findings"]] == ["error", "error"]
    code, out = lint_json("--select", "UL039", FIX / "good_working_dir.json")
    assert code == 0 and out["findings"] == []
