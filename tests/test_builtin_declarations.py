"""UL300 and bash builtins (issue 23 item 4).

REQ-C-019 is about subprocesses: a placeholder that only a builtin receives (``compgen``,
``complete``, ``hash``, ``kill``, ``umask`` …) starts no program, so UL300 asks for no
declaration there; the builtins' code-running forms stay the bash rules' (compgen -W is
UL102).  A program in the same step still needs its declaration.
"""

import json
from pathlib import Path

import pytest
from conftest import lint_json

from utcp_lint.executor.strict import builtin_only_placeholders


def _manual(tmp_path: Path, command: str) -> Path:
    tool = {
        "name": "t",
        "description": "t",
        "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
        "tool_call_template": {"call_template_type": "cli", "commands": [{"command": command}]},
    }
    p = tmp_path / "m.json"
    p.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    return p


def _rules(p: Path) -> list:
    _code, out = lint_json("--select", "UL300,UL102", p)
    return sorted(f["rule"] for f in out["findings"])


@pytest.mark.parametrize(
    "command",
    [
        "compgen -c -- UTCP_ARG_v_UTCP_END | sort -u | head -20",
        "complete -p -- UTCP_ARG_v_UTCP_END 2>/dev/null || echo none",
        "hash -t -- UTCP_ARG_v_UTCP_END 2>/dev/null",
        "umask UTCP_ARG_v_UTCP_END; umask",
        "wait -- UTCP_ARG_v_UTCP_END",
    ],
)
def test_builtin_only_needs_no_declaration(tmp_path, command):
    assert _rules(_manual(tmp_path, command)) == []
    assert builtin_only_placeholders(command) == {"v"}


def test_program_beside_builtin_still_needs_one(tmp_path):
    p = _manual(tmp_path, "compgen -c -- UTCP_ARG_v_UTCP_END; git log --oneline -- UTCP_ARG_v_UTCP_END")
    assert _rules(p) == ["UL300"]


def test_code_running_form_stays_the_bash_rules(tmp_path):
    p = _manual(tmp_path, 'compgen -W "alpha beta UTCP_ARG_v_UTCP_END" -- al')
    assert _rules(p) == ["UL102"]
