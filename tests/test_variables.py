"""UL160/UL161: the UTCP client substitutes `$NAME`/`${NAME}` in commands first.

Proven with the real client (utcp 1.2.0 ``UtcpClient`` + utcp-cli 1.1.5, manuals
registered from files): `$CMD_0_OUTPUT` and `$1` fail the call, a configured
variable's value is pasted into the script as code, and the client-proof
spellings the rules suggest work.
"""

import asyncio
import json
import os
import types

from conftest import FIXTURES, lint_json, run_cli
from hypothesis import given, settings, strategies as st
from utcp.exceptions import UtcpVariableNotFound
from utcp.implementations.default_variable_substitutor import DefaultVariableSubstitutor

from utcp_lint.template.client_vars import AssignedNames, assigned_names, namespaced, shell_meant, substituted_refs

MANUAL = "my_man"  # registered name: the client looks variables up as my__man_NAME


def write_manual(path, tools: dict, env_vars: dict | None = None):
    out = []
    for name, cmds in tools.items():
        tpl = {
            "name": name,
            "call_template_type": "cli",
            "commands": [c if isinstance(c, dict) else {"command": c} for c in cmds],
        }
        if env_vars:
            tpl["env_vars"] = env_vars
        out.append(
            {
                "name": name,
                "description": "d",
                "inputs": {"type": "object", "properties": {}},
                "tool_call_template": tpl,
            }
        )
    path.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": out}, indent=1))
    return path


def call_via_client(manual_path, tool, variables=None, args=None):
    """Register ``manual_path`` as manual ``my_man`` in a fresh client and call ``tool``."""
    from utcp.utcp_client import UtcpClient

    async def go():
        client = await UtcpClient.create(
            root_dir=str(manual_path.parent),
            config={
                "variables": variables or {},
                "manual_call_templates": [
                    {
                        "name": MANUAL,
                        "call_template_type": "file",
                        "file_path": str(manual_path),
                        "allowed_communication_protocols": ["cli"],
                    }
                ],
            },
        )
        try:
            return await client.call_tool(f"{MANUAL}.{tool}", args or {})
        finally:
            await client.close()

    return asyncio.run(go())


def findings(path, rules="UL160,UL161"):
    _code, out = lint_json("--select", rules, path)
    assert not out["errors"], out["errors"]
    return [(f["rule"], f["tool"]) for f in out["findings"]]


def expect_not_found(manual_path, tool, key):
    try:
        call_via_client(manual_path, tool)
    except UtcpVariableNotFound as e:
        assert key in str(e)
        return
    raise AssertionError(f"{tool}: the client did not refuse the call")


def test_cmd_output_fails_through_the_client_and_the_fix_works(tmp_path):
    m = write_manual(
        tmp_path / "m.json",
        {
            "report": [{"command": "echo a", "append_to_final_output": False}, "echo got $CMD_0_OUTPUT"],
            "home": ['echo "${HOME}"'],
        },
    )
    expect_not_found(m, "report", namespaced(MANUAL, "CMD_0_OUTPUT"))
    assert namespaced(MANUAL, "CMD_0_OUTPUT") == "my__man_CMD_0_OUTPUT"
    expect_not_found(m, "home", "my__man_HOME")
    assert findings(m) == [("UL160", "report"), ("UL160", "home")]
    r = run_cli("--no-config", "--select", "UL160", "--fix", m)
    assert r.returncode == 0, r.stderr
    cmds = [t["tool_call_template"]["commands"][-1]["command"] for t in json.loads(m.read_text())["tools"]]
    assert cmds == ["echo got ${CMD_0_OUTPUT:-}", 'echo "${HOME:-}"']
    assert call_via_client(m, "report") == "got a"
    assert call_via_client(m, "home") == os.environ.get("HOME", "")
    assert findings(m) == []


def test_positional_parameter_in_awk_fails_and_awk_syntax_works(tmp_path):
    (tmp_path / "data.txt").write_text("alpha beta\n")
    m = write_manual(
        tmp_path / "m.json",
        {
            "first": [f"awk '{{print $1}}' {tmp_path}/data.txt"],
            "first_ok": [f"awk '{{print $(1)}}' {tmp_path}/data.txt"],
        },
    )
    expect_not_found(m, "first", "my__man_1")
    assert call_via_client(m, "first_ok") == "alpha"
    _code, out = lint_json("--select", "UL160", m)
    (f,) = out["findings"]
    assert f["tool"] == "first" and "$(1)" in f["message"] and "bash would not expand it here" in f["message"]


def test_configured_variable_is_pasted_as_code(tmp_path):
    canary = tmp_path / "canary"
    evil = f"hi; touch {canary}"
    variables = {"my__man_GREETING": evil}
    m = write_manual(tmp_path / "m.json", {"greet": ["echo hello $GREETING"]})
    assert call_via_client(m, "greet", variables) == "hello hi"
    assert canary.exists()
    assert findings(m) == [("UL161", "greet")]
    canary.unlink()
    # the suggested form: the client fills env_vars, bash expands the value as data
    safe = write_manual(
        tmp_path / "safe.json", {"greet": ['echo hello "${GREETING:-}"']}, env_vars={"GREETING": "${GREETING}"}
    )
    assert call_via_client(safe, "greet", variables) == "hello " + evil
    assert not canary.exists()
    assert findings(safe) == []


def test_single_quotes_do_not_stop_the_client(tmp_path):
    canary = tmp_path / "canary"
    variables = {"my__man_GREETING": f"x'; touch {canary}; echo '"}
    m = write_manual(tmp_path / "m.json", {"greet": ["echo '$GREETING'"]})
    call_via_client(m, "greet", variables)
    assert canary.exists()
    _code, out = lint_json("--select", "UL161", m)
    (f,) = out["findings"]
    assert "single-quoted" in f["message"]


def test_ref_escape_hatch_is_honoured(tmp_path):
    m = write_manual(tmp_path / "m.json", {"schema": ['echo \'{"$ref": "#/x"}\' $HOME']})
    assert call_via_client(m, "schema").endswith(os.environ.get("HOME", ""))
    assert findings(m) == []
    assert substituted_refs("echo $ref $HOME") == []
    assert [r.name for r in substituted_refs("echo $refresh $HOME")] == ["refresh", "HOME"]


class _AllVariables(dict):
    """Every key resolves to <key> (to observe what the substitutor replaces)."""

    def __contains__(self, key):
        return True

    def __getitem__(self, key):
        return f"<{key}>"

    def __bool__(self):
        return True


def _simulate(text: str) -> str:
    out, pos = [], 0
    for r in substituted_refs(text):
        out.append(text[pos : r.start])
        out.append(f"<{r.name}>")
        pos = r.end
    out.append(text[pos:])
    return "".join(out)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="$${}ab_1ref:-# '\"", max_size=24))
def test_pattern_matches_the_real_substitutor(text):
    config = types.SimpleNamespace(variables=_AllVariables(), load_variables_from=None)
    real = DefaultVariableSubstitutor().substitute(text, config)
    assert _simulate(text) == real


_ASSIGN_PIECES = ["X", "ab", "=", "+=", " ", ";", "for ", "read -r ", "mapfile -t ", "getopts o ", "printf -v"]
_ASSIGN_PIECES += ["--arg ", "$X = ", "export ", "[1]", "\n", "|", "x1", "$"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_ASSIGN_PIECES), max_size=8).map("".join), max_size=3))
def test_assigned_names_asked_per_name_agree(commands):
    # the lazy per-name answer (VarContext.assigned) is the full scan's
    full = assigned_names(commands)
    lazy = AssignedNames(commands)
    for name in ["X", "ab", "x1", "Xab", "abX", "", "1", "X1", "b"] + sorted(full):
        assert (name in lazy) == (name in full), (name, commands)


def test_shell_meant_reasons():
    assigned = assigned_names(["for f in *; do echo $f; done", "X=1; read -r line", "count=$((count+1))"])
    assert {"f", "X", "line", "count"} <= assigned
    assert shell_meant("CMD_3_OUTPUT") and shell_meant("1") and shell_meant("HOME")
    assert shell_meant("f", assigned=assigned)
    assert shell_meant("API_KEY", env_names=frozenset({"API_KEY"}))
    assert shell_meant("API_TOKEN") is None
    assert shell_meant("GITHUB_TOKEN") and shell_meant("AWS_REGION")
    assert shell_meant("env", powershell=True) and shell_meant("env") is None


def test_interpreter_variable_breaks_the_tool_and_is_an_error(tmp_path):
    """`$ARGV` in a perl program, `$stdin` in ruby: bash leaves them alone (single quotes),
    the client does not, and the call fails (issue 23 part 6): UL160 (error), not UL161."""
    m = write_manual(
        tmp_path / "m.json",
        {
            "perl_argv": ["perl -e 'print uc $ARGV[0]' -- abc"],
            "ruby_stdin": ["ruby -e 'puts $stdin.read' <<< abc"],
            "perl_ok": ["perl -e 'print uc shift' -- abc"],
        },
    )
    expect_not_found(m, "perl_argv", "my__man_ARGV")
    expect_not_found(m, "ruby_stdin", "my__man_stdin")
    assert call_via_client(m, "perl_ok") == "ABC"
    got = findings(m)
    assert sorted(got) == [("UL160", "perl_argv"), ("UL160", "ruby_stdin")], got
    _code, out = lint_json("--select", "UL160", m)
    assert all("a variable of the" in f["message"] and f["severity"] == "error" for f in out["findings"])


def test_interpreter_variable_after_clustered_switches(tmp_path):
    """`perl -wle CODE`, `perl -0777 -ne CODE`: the digit switches (-l[octal], -0[octal|xHEX],
    perlrun(1)) end at their digits and the cluster goes on, so the code after `e` is perl's
    program and `$ARGV` in it breaks the call like in `perl -e` (issue 23)."""
    (tmp_path / "in.txt").write_text("abc\n")
    m = write_manual(
        tmp_path / "m.json",
        {
            "wle_argv": ["perl -wle 'print scalar reverse $ARGV[0]' -- abc"],
            "slurp_argv": [f"perl -0777 -ne 'print $ARGV' -- {tmp_path}/in.txt"],
            "wle_ok": ["perl -wle 'print scalar reverse shift' -- abc"],
        },
    )
    expect_not_found(m, "wle_argv", "my__man_ARGV")
    expect_not_found(m, "slurp_argv", "my__man_ARGV")
    assert call_via_client(m, "wle_ok") == "cba"
    got = findings(m)
    assert sorted(got) == [("UL160", "slurp_argv"), ("UL160", "wle_argv")], got


def test_environment_variable_of_ci_and_cloud_tools_breaks_the_call(tmp_path, monkeypatch):
    """`$GITHUB_TOKEN`, `$AWS_REGION`, `$KUBECONFIG`: the command means the process
    environment, where CI and the tools' own setup put these names; the client looks up
    `my__man_GITHUB_TOKEN` instead and refuses the call even when GITHUB_TOKEN is set
    (issue 23): UL160, an error.  `${GITHUB_TOKEN:-}` reaches bash, which reads the
    environment.  A name nothing sets by convention (`$API_TOKEN`) stays UL161, and so
    does the braced `${KUBECONFIG}` (the documented client-variable form: see below)."""
    monkeypatch.setenv("GITHUB_TOKEN", "tok-from-env")
    monkeypatch.setenv("KUBECONFIG", "/tmp/kc-from-env")
    m = write_manual(
        tmp_path / "m.json",
        {
            "gh_api": ['printf "%s\\n" "token $GITHUB_TOKEN"'],
            "kube": ["printf '%s\\n' ${KUBECONFIG}"],
            "custom": ['printf "%s\\n" "$API_TOKEN"'],
        },
    )
    expect_not_found(m, "gh_api", "my__man_GITHUB_TOKEN")
    expect_not_found(m, "kube", "my__man_KUBECONFIG")
    # the fix the message gives: ${NAME:-} and the name in inherit_env_vars (utcp-cli does
    # not pass the client's environment on by itself)
    doc = json.loads(m.read_text())
    ok = json.loads(json.dumps(doc["tools"][0]))
    ok["name"] = ok["tool_call_template"]["name"] = "gh_ok"
    ok["tool_call_template"]["commands"] = [{"command": 'printf "%s\\n" "token ${GITHUB_TOKEN:-}"'}]
    ok["tool_call_template"]["inherit_env_vars"] = ["GITHUB_TOKEN"]
    doc["tools"].append(ok)
    m.write_text(json.dumps(doc))
    assert call_via_client(m, "gh_ok") == "token tok-from-env"
    _code, out = lint_json("--select", "UL160", m)
    assert all("inherit_env_vars" in f["message"] for f in out["findings"]), out["findings"]
    got = findings(m)
    assert sorted(got) == [("UL160", "gh_api"), ("UL161", "custom"), ("UL161", "kube")], got


def test_braced_environment_name_may_be_a_configured_client_variable(tmp_path, monkeypatch):
    """`${AWS_PROFILE}` is the form UTCP documents for client variables: a manual may mean
    the client variable its users configure (it then works through the client), or the
    process environment (then the call fails).  Not evidently the shell's, so not UL160's
    error: UL161's warning (pasted as code, fails when not configured).  The bare
    `$AWS_PROFILE` stays UL160."""
    monkeypatch.delenv("AWS_PROFILE", raising=False)
    m = write_manual(
        tmp_path / "m.json",
        {
            "s3_ls": ["printf '%s\\n' \"profile ${AWS_PROFILE}\""],
            "s3_bare": ["printf '%s\\n' \"profile $AWS_PROFILE\""],
        },
    )
    assert call_via_client(m, "s3_ls", variables={"my__man_AWS_PROFILE": "ops"}).strip() == "profile ops"
    expect_not_found(m, "s3_ls", "my__man_AWS_PROFILE")
    assert sorted(findings(m)) == [("UL160", "s3_bare"), ("UL161", "s3_ls")]


def test_shell_variable_in_env_vars_or_working_dir_is_refused_by_the_client(tmp_path):
    """`$HOME`/`${PATH}` in an env_vars value or in working_dir: the client substitutes
    them like a command (UtcpVariableNotFound for `my__man_HOME`), through the real
    client; a client variable handed to env_vars (`${GH_TOKEN}`) is the documented use."""
    import shutil

    src = FIXTURES / "rules" / "UL160" / "bad_env_values.json"
    m = tmp_path / "m.json"
    shutil.copy(src, m)
    expect_not_found(m, "tf_plan", "my__man_HOME")
    expect_not_found(m, "lint_js", "my__man_PATH")
    expect_not_found(m, "notes_grep", "my__man_HOME")
    _code, out = lint_json("--select", "UL160", m)
    assert sorted(f["tool"] for f in out["findings"]) == ["lint_js", "notes_grep", "tf_plan"]
    good = tmp_path / "g.json"
    shutil.copy(FIXTURES / "rules" / "UL160" / "good_env_values.json", good)
    _code, out = lint_json("--select", "UL160", good)
    assert out["findings"] == []


def test_dollar_before_placeholder_fails_every_call(tmp_path):
    """issue 23 B2: ``$UTCP_ARG_x_UTCP_END`` (also ``\\$…``) is a client variable named after
    the placeholder: the real client refuses every call, so UL161 says it at error."""
    fix = FIXTURES / "rules" / "UL161"
    bad = fix / "bad_dollar_before_placeholder.json"
    for tool in ("invoice_total", "curl_escaped_dollar", "git_log_author"):
        try:
            call_via_client(bad, tool, args={"amount": "12.50", "id": "7", "author": "ann"})
        except UtcpVariableNotFound as e:
            assert "UTCP_ARG_" in str(e)
        else:
            raise AssertionError(f"{tool}: the client did not refuse the call")
    good = fix / "good_dollar_as_text.json"
    assert "Total: $12.50 USD" in call_via_client(good, "price_printf", args={"amount": "12.50"})
    code, out = lint_json("--select", "UL161", bad)
    assert code == 1
    assert sorted((f["tool"], f["severity"]) for f in out["findings"]) == [
        ("curl_escaped_dollar", "error"),
        ("git_log_author", "error"),
        ("invoice_total", "error"),
    ]
    code, out = lint_json("--select", "UL161", good)
    assert code == 0 and out["findings"] == []
