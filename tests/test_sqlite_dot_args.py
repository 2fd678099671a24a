"""Issue 23: sqlite3 dot-commands given as arguments with the value as their file
(sqlite.org/cli.html; measured with sqlite3 3.40.1): ``.once V``/``.output V`` with V =
``|cmd`` run cmd (UL151 error), ``.backup V`` writes the file V names (UL104), through the
real runtime (utcp-cli 1.1.5) with a canary; a fixed file is not reported."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import lint_json
from realcli import call

pytestmark = pytest.mark.skipif(shutil.which("sqlite3") is None, reason="sqlite3 is missing")

P = "UTCP_ARG_v_UTCP_END"


def _lint(tmp_path, command) -> list:
    m = tmp_path / "m.json"
    tool = {
        "name": "t",
        "description": "Export the users table.",
        "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
        "tool_call_template": {"call_template_type": "cli", "name": "t", "commands": [{"command": command}]},
    }
    m.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    _code, out = lint_json("--select", "UL1", m)
    assert not out["errors"], out["errors"]
    return [(f["rule"], f["severity"]) for f in out["findings"]]


@pytest.mark.parametrize("dot", [".once", ".output"])
def test_pipe_file_of_a_dot_command_runs_and_is_an_error(tmp_path, dot):
    command = f"sqlite3 app.db \"{dot} {P}\" 'select 1;' && echo exported"
    call({"commands": [command]}, {"v": "|touch CANARY"}, tmp_path)
    assert (tmp_path / "CANARY").exists()
    assert ("UL151", "error") in _lint(tmp_path, command)


def test_backup_file_is_chosen_by_the_value_and_reported(tmp_path):
    (tmp_path / "backups").mkdir()
    command = f'cd backups && sqlite3 ../app.db ".backup {P}" && ls'
    target = tmp_path / "elsewhere.db"
    call({"commands": [command]}, {"v": str(target)}, tmp_path)
    assert target.exists()
    assert ("UL104", "warning") in _lint(tmp_path, command)


def test_fixed_dot_command_files_are_not_reported(tmp_path):
    command = f"sqlite3 app.db '.once out.csv' 'select 1;' && printf '%s\\n' {P}"
    assert _lint(tmp_path, command) == []
    command = f'sqlite3 app.db ".backup backups/nightly.db" && ls -- {P}'
    assert [r for r in _lint(tmp_path, command) if r[0] in ("UL104", "UL151", "UL170")] == []
