"""Issue 23: ``make -f -`` (``--file=-``, ``--makefile=-``) runs the makefile it reads from
standard input, whose recipe lines run with sh (GNU make manual "Arguments to Specify the
Makefiles"): a value in an unquoted here-document or a pipe feeding it is code.  Proven
through the real runtime (utcp-cli 1.1.5) with the installed GNU make and a canary, and
reported by UL106; a quoted here-document reading the value from the environment is not."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import lint_json
from realcli import call

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is missing")

P = "UTCP_ARG_v_UTCP_END"
UNSAFE = [
    f"make --no-print-directory -f - <<EOF\nall:\n\t@echo {P}\n\t@echo built\nEOF\n",
    f"make --file=- all <<EOF\nall:\n\t@echo {P}\nEOF\n",
    f"printf 'all:\\n\\t@echo %s\\n' {P} | make --makefile=- all",
]
SAFE = f"export MSG={P}; make -s -f - <<'EOF'\nall:\n\t@printf '%s\\n' \"$$MSG\"\nEOF\n"


def _lint(tmp_path, command) -> list:
    m = tmp_path / "m.json"
    tool = {
        "name": "t",
        "description": "Build with a message.",
        "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
        "tool_call_template": {"call_template_type": "cli", "name": "t", "commands": [{"command": command}]},
    }
    m.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    _code, out = lint_json("--select", "UL106", m)
    assert not out["errors"], out["errors"]
    return [(f["rule"], f["severity"]) for f in out["findings"]]


@pytest.mark.parametrize("command", UNSAFE)
def test_makefile_on_stdin_runs_the_value(tmp_path, command):
    # (in a here-document the runtime's quotes around the value are literal text: `x"; …; echo "`
    # closes them in the recipe line)
    for payload in ("x; touch CANARY", 'x"; touch CANARY; echo "'):
        call({"commands": [command]}, {"v": payload}, tmp_path)
    assert (tmp_path / "CANARY").exists()
    assert ("UL106", "error") in _lint(tmp_path, command)


def test_quoted_heredoc_with_the_value_in_the_environment_is_safe(tmp_path):
    for payload in ("x; touch CANARY $(touch CANARY)", 'x"; touch CANARY; echo "'):
        out = call({"commands": [SAFE]}, {"v": payload}, tmp_path)
        assert payload in str(out)
    assert not (tmp_path / "CANARY").exists()
    assert _lint(tmp_path, SAFE) == []
