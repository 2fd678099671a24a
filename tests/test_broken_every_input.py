"""Tools that cannot work for any input are errors (issue 23, part A).

Each claim is checked through the real runtime (utcp 1.2.0 ``UtcpClient`` with
utcp-cli 1.1.5, ``test_variables.call_via_client``) and the same shape the linter
reports is linted end to end through the command line.
"""

import json
from pathlib import Path

import pytest
from conftest import lint_json
from test_variables import call_via_client
from utcp.exceptions import UtcpVariableNotFound

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules"


def _one_tool(tmp_path: Path, fixture: Path, tool: str) -> Path:
    doc = json.loads(fixture.read_text())
    doc["tools"] = [t for t in doc["tools"] if t["name"] == tool]
    tmp_path.mkdir(parents=True, exist_ok=True)
    p = tmp_path / f"{tool}.json"
    p.write_text(json.dumps(doc))
    return p


def _manual(tmp_path: Path, name: str, commands: list, inputs=("x",), **template) -> Path:
    tool = {
        "name": name,
        "description": name,
        "inputs": {"type": "object", "properties": {i: {"type": "string"} for i in inputs}, "required": list(inputs)},
        "tool_call_template": {"call_template_type": "cli", "commands": [{"command": c} for c in commands], **template},
    }
    p = tmp_path / f"{name}.json"
    p.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    return p


def _severities(path: Path, rules: str) -> list:
    _code, out = lint_json("--select", rules, path)
    assert not out["errors"], out["errors"]
    return [(f["rule"], f["severity"]) for f in out["findings"]]


@pytest.mark.parametrize("tool", ["mongo_find_by_email", "tcl_double", "remote_app_log"])
def test_lower_case_variable_in_program_text_fails_every_call(tmp_path, tool):
    """`$argv` / `$natural` / `$logdir` inside single quotes is the program's variable;
    the client substitutes it anyway and refuses the call (nothing configures it)."""
    p = _one_tool(tmp_path, FIX / "UL160" / "bad_program_variable_in_quotes.json", tool)
    for value in ("3", "ann@example.com"):
        with pytest.raises(UtcpVariableNotFound):
            call_via_client(p, tool, args={"email": value, "n": value, "host": value})
    assert _severities(p, "UL160,UL161") == [("UL160", "error")]


def test_upper_case_client_variable_in_quotes_works_when_configured(tmp_path):
    """The upper-case form is how UTCP names client variables: configured, the call
    works, so it stays the UL161 warning (pasted as code), never an error."""
    p = _manual(tmp_path, "greet", ["printf '%s %s\\n' '${GREETING}' UTCP_ARG_x_UTCP_END"])
    out = call_via_client(p, "greet", variables={"my__man_GREETING": "hello"}, args={"x": "ann"})
    assert out.strip() == "hello ann"
    assert _severities(p, "UL160,UL161") == [("UL161", "warning")]


def test_export_in_its_own_step_is_lost(tmp_path):
    """utcp-cli runs each step in its own ``$( )`` subshell: a step that only exports
    TZ leaves the next step's ``date`` in the default zone for every value; the same
    export in the step that runs date works."""
    bad = _one_tool(tmp_path, FIX / "UL121" / "bad_export_lost.json", "date_in_zone")
    good = _one_tool(tmp_path / "good", FIX / "UL121" / "good_export_same_step.json", "date_in_zone")
    for zone, abbrev in (("XYZ-3", "XYZ"), ("ABC+5", "ABC")):
        assert abbrev not in call_via_client(bad, "date_in_zone", args={"tz": zone})
        assert call_via_client(good, "date_in_zone", args={"tz": zone}).strip() == abbrev
    assert _severities(bad, "UL121") == [("UL121", "error")]
    assert _severities(good, "UL121") == []


def test_path_replaced_without_system_directories(tmp_path):
    """utcp-cli applies env_vars over the inherited environment: a PATH of vendor
    directories only hides python3 from bash on every call; with the system
    directories after it the same tool works."""
    (tmp_path / "cfg.json").write_text('{"b": 1, "a": 2}')
    for fixture, tool, works in (
        ("bad_path_replaced.json", "json_pretty", False),
        ("good_path_keeps_programs.json", "json_pretty_system_dirs", True),
    ):
        p = _one_tool(tmp_path, FIX / "UL040" / fixture, tool)
        out = call_via_client(p, tool, args={"file": str(tmp_path / "cfg.json")})
        if works:
            assert out == {"a": 2, "b": 1}
            assert _severities(p, "UL040") == []
        else:
            assert "command not found" in out
            assert _severities(p, "UL040") == [("UL040", "error")]


@pytest.mark.parametrize("tool", ["setting_known", "index_exists"])
def test_v_test_subscript_runs_code_on_bash_51_only(tmp_path, tool):
    """`[[ -v arr[VALUE] ]]`: through the real runtime (its /bin/bash is 5.2 here) a
    `$(…)` value runs nothing; with BASH_COMPAT=51 (bash 5.1's behaviour, still the
    /bin/bash of many LTS systems) it runs.  A real risk, not certain: a warning."""
    from realcli import call

    doc = json.loads((FIX / "UL107" / "bad_v_test_subscript.json").read_text())
    template = next(t for t in doc["tools"] if t["name"] == tool)["tool_call_template"]
    canary = tmp_path / "canary"
    payload = {"key": f"$(touch {canary})", "i": f"$(touch {canary})"}
    call(template, payload, tmp_path)
    assert not canary.exists()
    call(template, payload, tmp_path, env={"BASH_COMPAT": "51"})
    assert canary.exists()
    p = _one_tool(tmp_path, FIX / "UL107" / "bad_v_test_subscript.json", tool)
    assert _severities(p, "UL107") == [("UL107", "warning")]
    good = _one_tool(tmp_path / "good", FIX / "UL107" / "good_lookup_plus_set.json", "setting_known_plus_set")
    canary.unlink()
    good_tpl = json.loads(good.read_text())["tools"][0]["tool_call_template"]
    assert call(good_tpl, {"key": f"$(touch {canary})"}, tmp_path, env={"BASH_COMPAT": "51"}).strip() == "unknown"
    assert not canary.exists()
    assert call(good_tpl, {"key": "timeout"}, tmp_path).strip() == "known"
    assert _severities(good, "UL107") == []


def _repo(path: Path) -> Path:
    import subprocess

    path.mkdir(parents=True, exist_ok=True)
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@e"}
    for argv in (["init", "-q", "-b", "main"], ["commit", "-q", "--allow-empty", "-m", "i"], ["branch", "feature"]):
        subprocess.run(["git", *argv], cwd=path, check=True, env={**env, "PATH": "/usr/bin:/bin", "HOME": str(path)})
    return path


def test_check_ref_format_guard_refuses_option_values(tmp_path):
    """`git check-ref-format --branch "$V" || exit` succeeds only for a name that does
    not start with '-' (real git): the checkout after it never sees an option, and the
    guard leaves ordinary branch names working.  Without the exit it guards nothing."""
    from realcli import call

    repo = _repo(tmp_path / "repo")
    good = FIX / "UL150" / "good_validated_by_check_ref_format.json"
    tpl = json.loads(good.read_text())["tools"][0]["tool_call_template"]
    assert call(tpl, {"branch": "feature"}, repo).strip() == "feature"
    for value in ("--orphan=x", "-b", "--detach"):
        out = call(tpl, {"branch": value}, repo)
        assert "feature" not in out and "x" != out.strip()
    import subprocess

    head = subprocess.run(["git", "branch", "--show-current"], cwd=repo, capture_output=True, text=True).stdout
    assert head.strip() == "feature"  # no option reached checkout (--detach/--orphan would change HEAD)
    assert _severities(good, "UL150") == []
    bad = FIX / "UL150" / "bad_check_ref_format_not_a_guard.json"
    btpl = json.loads(bad.read_text())["tools"][0]["tool_call_template"]
    call(btpl, {"branch": "--detach"}, repo)
    head = subprocess.run(["git", "branch", "--show-current"], cwd=repo, capture_output=True, text=True).stdout
    assert head.strip() == ""  # without `|| exit` the option reached checkout: HEAD detached
    assert [s for s in _severities(bad, "UL150")] == [("UL150", "warning")] * 3


def _ssh_shim(bindir: Path) -> None:
    """An `ssh` that does what ssh(1) does with a remote command: skip the options and
    the destination, join the remaining words with single spaces, and have a shell
    (here the local bash, standing in for the remote login shell) run that line."""
    bindir.mkdir(parents=True, exist_ok=True)
    p = bindir / "ssh"
    p.write_text(
        "#!/usr/bin/env python3\n"
        "import subprocess, sys\n"
        "a = sys.argv[1:]\n"
        "while a and a[0].startswith('-'):\n"
        "    a = a[2:] if a[0] in ('-o', '-p', '-i', '-l') else a[1:]\n"
        "sys.exit(subprocess.run(['/bin/bash', '-c', ' '.join(a[1:])]).returncode)\n"
    )
    p.chmod(0o755)


@pytest.mark.parametrize("tool", ["remote_print_args", "eval_quoted"])
def test_printf_q_split_is_rejoined_by_ssh_and_eval(tmp_path, tool):
    """`ssh HOST cmd $(printf '%q' V)`: bash splits the %q text on its escaped blanks, ssh
    joins the pieces with spaces again and the remote shell parses the %q quoting back to
    the value: one argument, nothing runs.  Same for eval."""
    from realcli import call

    _ssh_shim(tmp_path / "bin")
    fixture = FIX / "UL117" / "good_q_rejoined.json"
    tpl = json.loads(fixture.read_text())
    tpl = next(t for t in tpl["tools"] if t["name"] == tool)["tool_call_template"]
    canary = tmp_path / "canary"
    env = {"PATH": f"{tmp_path / 'bin'}:/usr/bin:/bin"}
    # (a value with a control character AND a run of blanks is not kept byte for byte:
    # %q writes it as $'…' with bare blanks, which the split-and-join collapses)
    for value in ("a b", "x  y", "two\nlines", f"$(touch {canary}); touch {canary} 'q\"", "-rf *"):
        assert call(tpl, {"text": value}, tmp_path, env=env) == f"[{value}]"
    assert not canary.exists()
    p = _one_tool(tmp_path / "m", fixture, tool)
    assert _severities(p, "UL117,UL102,UL110") == []


def test_read_array_elements_printed_by_printf_stay_data(tmp_path):
    """`read -a cols <<< V; printf '%s\\n' "${cols[@]}"`: the elements are arguments after
    printf's fixed format, printed as they are (options or % included); as the FORMAT
    (`printf "${words[@]}"`) the first element is read as an option (`-v x` assigns)."""
    from realcli import call

    good = json.loads((FIX / "UL117" / "good_read_array_printed.json").read_text())["tools"][0]
    assert call(good["tool_call_template"], {"line": "-v,x,--help,%s"}, tmp_path) == "-v\nx\n--help\n%s"
    bad = json.loads((FIX / "UL117" / "bad_read_array_as_arguments.json").read_text())["tools"][1]
    assert call(bad["tool_call_template"], {"text": "-v x hello"}, tmp_path) == ""  # printf -v x: nothing printed
    for fixture, expected in (("good_read_array_printed.json", []), ("bad_read_array_as_arguments.json", 2)):
        sev = _severities(FIX / "UL117" / fixture, "UL117")
        assert sev == expected if isinstance(expected, list) else sev == [("UL117", "warning")] * expected


def test_two_placeholders_with_text_between_are_both_substituted(tmp_path):
    """`UTCP_ARG_w_UTCP_ENDxUTCP_ARG_h_UTCP_END`: the runtime's lazy pattern reads the two
    placeholders with the literal `x` between, which is what the author wrote."""
    from realcli import call

    fixture = FIX / "UL037" / "good_text_between_placeholders.json"
    tool = json.loads(fixture.read_text())["tools"][1]
    assert call(tool["tool_call_template"], {"w": "64", "h": "128"}, tmp_path) == "64x128"
    assert _severities(fixture, "UL037") == []
    assert _severities(FIX / "UL037" / "bad_lazy.json", "UL037") == [("UL037", "warning")]


def test_alias_in_the_same_step_is_never_expanded(tmp_path):
    """Non-interactive bash expands no alias without `shopt -s expand_aliases`: the tool
    fails with 'command not found' for every input; set earlier, or as a function, it works."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "marker.txt").write_text("x")
    bad = _one_tool(tmp_path / "b", FIX / "UL123" / "bad_alias_never_expanded.json", "list_long")
    out = call_via_client(bad, "list_long", args={"dir": str(tmp_path / "sub")})
    assert "command not found" in out and "marker.txt" not in out
    assert _severities(bad, "UL123") == [("UL123", "error")]
    for tool in ("list_long_expand_aliases", "list_long_function"):
        good = _one_tool(tmp_path / "g", FIX / "UL123" / "good_alias_expanded_or_function.json", tool)
        assert "marker.txt" in call_via_client(good, tool, args={"dir": str(tmp_path / "sub")})
        assert _severities(good, "UL123") == []


def test_quoted_tilde_never_expands(tmp_path):
    """`>> '~/notes.txt'` names ./~/notes.txt, which does not exist: the redirection
    fails on every call; `>> ~/notes.txt` writes to $HOME."""
    from realcli import call

    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    bad = json.loads((FIX / "UL124" / "bad_quoted_tilde.json").read_text())["tools"][1]
    good = json.loads((FIX / "UL124" / "good_tilde_unquoted.json").read_text())["tools"][1]
    out = call(bad["tool_call_template"], {"text": "hello"}, work, env={"HOME": str(home)})
    assert "No such file or directory" in out and "saved" not in out
    assert not (home / "notes.txt").exists()
    assert call(good["tool_call_template"], {"text": "hello"}, work, env={"HOME": str(home)}) == "saved"
    assert (home / "notes.txt").read_text() == "hello\n"
    assert _severities(FIX / "UL124" / "bad_quoted_tilde.json", "UL124") == [("UL124", "error")] * 3
    assert _severities(FIX / "UL124" / "good_tilde_unquoted.json", "UL124") == []


@pytest.mark.skipif(__import__("shutil").which("zip") is None, reason="zip not installed")
def test_zip_refuses_dashdash_before_the_archive(tmp_path):
    """Real zip: `-- ARCHIVE` fails for every archive name; `ARCHIVE -- FILE` and
    `./ARCHIVE` work."""
    from realcli import call

    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.txt").write_text("a")
    (tmp_path / "README.md").write_text("r")
    bad = json.loads((FIX / "UL125" / "bad_zip_dashdash_before_archive.json").read_text())["tools"][0]
    good = json.loads((FIX / "UL125" / "good_dashdash_after_archive.json").read_text())["tools"][1]
    for name in ("out.zip", "pkg.zip"):
        out = call(bad["tool_call_template"], {"archive": name}, tmp_path)
        assert "can't use -- before archive name" in out and "packaged" not in out
        assert not (tmp_path / name).exists()
        assert call(good["tool_call_template"], {"archive": name}, tmp_path) == "packaged"
        assert (tmp_path / name).exists()
    assert _severities(FIX / "UL125" / "bad_zip_dashdash_before_archive.json", "UL125") == [("UL125", "error")] * 2
    assert _severities(FIX / "UL125" / "good_dashdash_after_archive.json", "UL125") == []


@pytest.mark.parametrize("tool", ["go_get_in_gopath", "stamp_build_id"])
def test_toolchain_and_ci_variables_taken_from_the_environment_fail_every_call(tmp_path, tool, monkeypatch):
    """`$GOPATH` (go help environment) and Jenkins' `$BUILD_ID` are set under their bare
    names; the client looks up `<manual>_GOPATH` instead and refuses the call even where
    the environment has them."""
    monkeypatch.setenv("GOPATH", str(tmp_path))
    monkeypatch.setenv("BUILD_ID", "42")
    p = _one_tool(tmp_path, FIX / "UL160" / "bad_environment_variables.json", tool)
    with pytest.raises(UtcpVariableNotFound):
        call_via_client(p, tool, args={"repo": "example.org/x"})
    assert _severities(p, "UL160,UL161") == [("UL160", "error")]
