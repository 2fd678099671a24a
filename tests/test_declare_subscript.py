"""Issue 23: ``declare``/``local``/``typeset`` given the value as a whole word.

When the value holds ``NAME[SUBSCRIPT]=x`` the builtin evaluates the subscript, so
``a[$(touch CANARY)]=1`` runs a command (bash 5.2.15, measured); ``export`` and
``readonly`` reject such a name before evaluating it, and a value after a static
``NAME=`` is only a value.  Each template is called through the real ``UtcpClient``
(utcp 1.2.0, utcp-cli 1.1.5, real bash) and linted.
"""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import lint_json
from test_variables import call_via_client

P = "UTCP_ARG_v_UTCP_END"
PAYLOAD = "a[$(touch CANARY)]=1"

UNSAFE = [
    f"declare {P} && echo ok",
    f"f() {{ local {P}; echo ok; }}; f",
    f"typeset -a {P}; echo ok",
    f"declare -- {P}; echo ok",
    f's={P}; declare -g "${{s:-}}"; echo ok',
]
SAFE = [
    f'declare "setting={P}"; printf "%s\\n" "${{setting:-}}"',
    f"declare -- setting={P}; echo ok",
    f"export {P}; echo ok",
    f"readonly {P}; echo ok",
    # the value after a dynamic name's `=` is a value; `declare -p` only prints
    f's=setting; declare "${{s:-}}={P}"; echo ok',
    f"declare -p {P} 2>/dev/null; echo ok",
]

needs_bash = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is missing")


def _manual(tmp_path, command):
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    tool = {
        "name": "t",
        "description": "Set one shell setting.",
        "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
        "outputs": {"type": "string"},
        "tool_call_template": {
            "call_template_type": "cli",
            "name": "t",
            "commands": [{"command": command}],
            "working_dir": str(work),
        },
    }
    m = tmp_path / "m.json"
    m.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    return m, work


def _runs(tmp_path, command) -> bool:
    m, work = _manual(tmp_path, command)
    try:
        call_via_client(m, "t", args={"v": PAYLOAD})
    except Exception:  # a failing step still ran the script
        pass
    return (work / "CANARY").exists()


def _errors(tmp_path, command) -> list:
    m, _work = _manual(tmp_path, command)
    _code, out = lint_json("--select", "UL1", m)
    assert not out["errors"], out["errors"]
    return [f["rule"] for f in out["findings"] if f["severity"] == "error"]


@needs_bash
@pytest.mark.parametrize("command", UNSAFE)
def test_declared_value_runs_its_subscript_and_is_an_error(tmp_path, command):
    assert _runs(tmp_path, command)
    assert "UL107" in _errors(tmp_path, command)


@needs_bash
@pytest.mark.parametrize("command", SAFE)
def test_value_after_a_static_name_or_export_never_runs(tmp_path, command):
    assert not _runs(tmp_path, command)
    assert _errors(tmp_path, command) == []
