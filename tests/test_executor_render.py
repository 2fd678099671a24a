"""Unit tests of utcp_lint.executor.render (the pure script builder)."""

import pytest

from utcp_lint.executor.render import (
    FIXED_NONCE,
    PLACEHOLDER_RE,
    compose_env,
    parse_output,
    render,
    substitute,
)

V = "__UTCP_ARG_" + FIXED_NONCE + "_"


def test_nonce_shape_matches_runtime_token_hex_8():
    assert len(FIXED_NONCE) == 16 and all(c in "0123456789abcdef" for c in FIXED_NONCE)


def test_bash_three_states_and_spans():
    cmd = "echo \"a UTCP_ARG_x_UTCP_END\" 'UTCP_ARG_y_UTCP_END' UTCP_ARG_z_UTCP_END"
    r = render([{"command": cmd, "append_to_final_output": True}, "cat $CMD_0_OUTPUT"], {"x": "1", "y": 2})
    assert r.error is None
    assert r.script.splitlines() == [
        "#!/bin/bash",
        "# Variables to store command outputs",
        'CMD_0_OUTPUT=$(echo "a ${%sx}" \'\'"$%sy"\'\' "$%sz" 2>&1)' % (V, V, V),
        "CMD_1_OUTPUT=$(cat $CMD_0_OUTPUT 2>&1)",
        'echo "${CMD_0_OUTPUT}"',
        'echo "${CMD_1_OUTPUT}"',
    ]
    assert r.env == {V + "x": "1", V + "y": "2", V + "z": "MISSING_ARG_z"}
    assert [s.state for s in r.spans] == ["dq", "sq", "normal"]
    for s in r.spans:
        assert cmd[s.template_start : s.template_end] == "UTCP_ARG_%s_UTCP_END" % s.name
        assert s.env_var in r.script[s.script_start : s.script_end]
    assert [r.script[a:b] for a, b in r.step_spans][1] == "cat $CMD_0_OUTPUT"


def test_backslash_escapes_and_lazy_regex():
    # \U in normal state swallows the U: no placeholder
    assert substitute("echo \\UTCP_ARG_a_UTCP_END", {}).placeholders == []
    # in dq a backslash before a non-special char does not swallow
    s = substitute('echo "\\UTCP_ARG_a_UTCP_END"', {"a": "v"})
    assert [p[0] for p in s.placeholders] == ["a"]
    assert PLACEHOLDER_RE.match("UTCP_ARG_a_UTCP_END_UTCP_END").group(1) == "a"


def test_powershell_forms_and_single_quote_error():
    r = render(['Get-Item "UTCP_ARG_p_UTCP_END" UTCP_ARG_q_UTCP_END'], {"p": "x"}, shell="powershell")
    assert r.script.splitlines()[0] == '$ErrorActionPreference = "Stop"'
    assert "${env:%sp}" % V in r.script and r.script.endswith("Write-Output $CMD_0_OUTPUT")
    r = render(["echo ok", "echo 'it''s UTCP_ARG_p_UTCP_END'"], {}, shell="powershell")
    assert r.script == "" and r.error_step == 1
    assert r.error.startswith("Placeholder UTCP_ARG_p_UTCP_END appears inside a PowerShell single-quoted")
    assert (r.error_template_start, r.error_template_end) == (12, 31)
    # '' inside sq is an escaped quote, so a later placeholder is still in sq
    assert render(["'a''b' UTCP_ARG_p_UTCP_END"], shell="powershell").error is None


def test_compose_env_semantics():
    host = {"PATH": "/bin", "HOME": "/h", "SECRET": "s", "PATHEXT": ".EXE"}
    assert compose_env(None, None, host) == {"PATH": "/bin", "HOME": "/h"}
    assert compose_env(None, None, host, "nt") == {"PATH": "/bin", "PATHEXT": ".EXE"}
    assert compose_env([], {"A": "1"}, host) == {"A": "1"}
    assert compose_env(["SECRET", "NOPE"], {"SECRET": "o"}, host) == {"SECRET": "o"}


def test_parse_output_selection():
    assert parse_output("", "err\n", 1) == "err"
    assert parse_output(' {"a": 1}\n', "", 0) == {"a": 1}
    assert parse_output("[1,", "", 0) == "[1,"
    assert parse_output("out", "err", 1, os_name="nt") == "err"
    assert parse_output("  \n", "", 0) == ""


def test_bad_shell_rejected():
    with pytest.raises(ValueError):
        render(["x"], shell="zsh")
