"""A quoted here-document run by a child shell (issue 23, A1), through the REAL client.

utcp-cli exports each value as ``__UTCP_ARG_<nonce>_<name>``: the body of ``<<'EOF'`` keeps
the reference as text, and a child shell running that text expands it as data.  Such a tool
works and is safe, so UL111 ("never substituted") must stay quiet; a body that is only
printed (``cat <<'EOF'``) or re-read by ``eval`` keeps the finding."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.realcli import call

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL111"
CANARY_VALUE = 'x"; touch CANARY; echo "$(touch CANARY2)'


def _tools(name: str) -> dict:
    doc = json.loads((FIX / name).read_text())
    return {t["name"]: t["tool_call_template"] for t in doc["tools"]}


def _arg(tpl: dict) -> str:
    import re

    return re.search(r"UTCP_ARG_(\w+?)_UTCP_END", json.dumps(tpl)).group(1)


@pytest.mark.parametrize("tool", sorted(_tools("good_heredoc_child_shell.json")))
def test_child_shell_receives_the_value_as_data(tool: str, tmp_path: Path) -> None:
    tpl = _tools("good_heredoc_child_shell.json")[tool]
    out = call(tpl, {_arg(tpl): "web-01"}, tmp_path)
    assert "web-01" in str(out)
    assert "__UTCP_ARG_" not in str(out)
    call(tpl, {_arg(tpl): CANARY_VALUE}, tmp_path)
    assert not (tmp_path / "CANARY").exists() and not (tmp_path / "CANARY2").exists()


def test_printed_body_never_carries_the_value(tmp_path: Path) -> None:
    tpl = _tools("bad_heredoc_not_run.json")["print_banner"]
    out = call(tpl, {_arg(tpl): "web-01"}, tmp_path)
    assert "web-01" not in str(out) and "__UTCP_ARG_" in str(out)


def test_lint_cli_end_to_end() -> None:
    exe = [sys.executable, "-m", "utcp_lint", "--no-config", "--no-cache", "--select", "UL111", "--format", "json"]
    good = subprocess.run([*exe, str(FIX / "good_heredoc_child_shell.json")], capture_output=True, text=True)
    assert good.returncode == 0, good.stdout
    bad = subprocess.run([*exe, str(FIX / "bad_heredoc_not_run.json")], capture_output=True, text=True)
    assert bad.returncode == 1
    tools = {f["tool"] for f in json.loads(bad.stdout)["findings"]}
    assert tools == {"print_banner", "script_file_never_run", "stdin_shell_with_c"}
