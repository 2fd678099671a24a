"""Issue 11: negative-pattern guards prove only "does not start with '-'".

The dynamic labels of these shapes are in fixtures/valueflow/{bad,good}_dash_guards.json
(tests/test_valueflow.py); here the static limits: such a guard removes an option-injection
finding but never weakens a code-execution one, and a disjunct proves nothing.
"""

from __future__ import annotations

import json

from conftest import lint_json


def _findings(tmp_path, cmd):
    tool = {
        "name": "t",
        "description": "d",
        "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
        "tool_call_template": {"call_template_type": "cli", "name": "t", "commands": [{"command": cmd}]},
    }
    m = tmp_path / "m.json"
    m.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    _code, out = lint_json("--select", "UL1", m)
    return sorted((f["rule"], f["severity"], f["confidence"]) for f in out["findings"] if f["severity"] != "note")


def test_dash_guard_removes_the_option_finding(tmp_path):
    bare = 'x=UTCP_ARG_v_UTCP_END; ssh -o BatchMode=yes "${x:-}" true'
    assert ("UL150", "error", "high") in _findings(tmp_path, bare)
    guarded = 'x=UTCP_ARG_v_UTCP_END; [[ ${x:-} != -* ]] || exit 2; ssh -o BatchMode=yes "${x:-}" true'
    assert _findings(tmp_path, guarded) == []


def test_dash_guard_does_not_weaken_a_code_finding(tmp_path):
    cmd = 'x=UTCP_ARG_v_UTCP_END; [[ ${x:-} != -* ]] || exit 2; eval "echo ${x:-}"'
    assert _findings(tmp_path, cmd) == [("UL102", "error", "high")]


def test_a_disjunct_is_not_a_guard(tmp_path):
    cmd = 'x=UTCP_ARG_v_UTCP_END; [[ ${x:-} != -* || ${x:-} == *@* ]] || exit 2; ssh -o BatchMode=yes "${x:-}" true'
    assert ("UL150", "error", "high") in _findings(tmp_path, cmd)


def test_case_branch_before_the_dash_deny_keeps_the_finding(tmp_path):
    cmd = 'x=UTCP_ARG_v_UTCP_END; case ${x:-} in *@*) ;; -*) exit 2;; esac; ssh -o BatchMode=yes "${x:-}" true'
    assert ("UL150", "error", "high") in _findings(tmp_path, cmd)
    ok = 'x=UTCP_ARG_v_UTCP_END; case ${x:-} in -*) exit 2;; *@*) ;; esac; ssh -o BatchMode=yes "${x:-}" true'
    assert _findings(tmp_path, ok) == []
