"""Issue 23: output-file options (``programs.Options.writes``), option lines read from
standard input (``programs.Options.option_files``) and option positions of terraform/gpg,
each proven through the REAL runtime (tests/realcli.py: utcp 1.2.0 + utcp-cli 1.1.5)
with a file the payload writes, and checked against what utcp-lint reports."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import lint_json
from realcli import call


def _manual(tmp: Path, name: str, command: str, args: list[str]) -> Path:
    p = tmp / f"{name}.json"
    tool = {
        "name": name,
        "description": name,
        "inputs": {"type": "object", "properties": {a: {"type": "string"} for a in args}, "required": args},
        "tool_call_template": {"call_template_type": "cli", "commands": [{"command": command}]},
    }
    p.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    return p


def _findings(path: Path, rule: str) -> list:
    _code, out = lint_json("--no-cache", "--select", rule, path)
    return out["findings"]


def _run(command: str, args: dict, cwd: Path):
    return call({"commands": [command]}, args, cwd)


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl not installed")
def test_curl_config_from_stdin_newline_adds_output_option(tmp_path):
    cmd = 'printf \'url = "%s"\\n\' "UTCP_ARG_url_UTCP_END" | curl -sS -K -'
    work = tmp_path / "w"
    work.mkdir()
    (work / "page.txt").write_text("hello\n")
    canary = tmp_path / "canary.txt"
    # a benign value fetches the page and writes nothing
    _run(cmd, {"url": f"file://{work}/page.txt"}, work)
    assert not canary.exists()
    # a newline in the value adds an `output = FILE` line: curl writes the file
    _run(cmd, {"url": f'file://{work}/page.txt"\noutput = "{canary}'}, work)
    assert canary.read_text() == "hello\n"
    fs = _findings(_manual(tmp_path, "cfg", cmd, ["url"]), "UL152")
    assert [(f["rule"], f["severity"]) for f in fs] == [("UL152", "warning")]
    # the same value passed as an argument is not an option line
    assert _findings(_manual(tmp_path, "direct", 'curl -sS -- "UTCP_ARG_url_UTCP_END"', ["url"]), "UL152") == []


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext not installed")
def test_msgfmt_output_dir_climbs_out(tmp_path):
    cmd = 'mkdir -p locale && msgfmt -o "locale/UTCP_ARG_lang_UTCP_END.mo" app.po'
    work = tmp_path / "w"
    work.mkdir()
    (work / "app.po").write_text('msgid "a"\nmsgstr "b"\n')
    _run(cmd, {"lang": "de"}, work)
    assert (work / "locale" / "de.mo").exists()
    _run(cmd, {"lang": "../../escaped"}, work)
    assert (tmp_path / "escaped.mo").exists()  # outside locale/ and outside the working dir
    fs = _findings(_manual(tmp_path, "m", cmd, ["lang"]), "UL170")
    assert [(f["rule"], f["severity"]) for f in fs] == [("UL170", "warning")]
    assert "msgfmt -o" in fs[0]["message"]


@pytest.mark.skipif(shutil.which("sort") is None, reason="sort not installed")
def test_sort_output_option_whole_value(tmp_path):
    cmd = "sort -u words.txt -o UTCP_ARG_dest_UTCP_END"
    work = tmp_path / "w"
    work.mkdir()
    (work / "words.txt").write_text("b\na\n")
    target = tmp_path / "elsewhere.txt"
    _run(cmd, {"dest": str(target)}, work)
    assert target.read_text() == "a\nb\n"
    fs = _findings(_manual(tmp_path, "s", cmd, ["dest"]), "UL104")
    assert [(f["severity"], f["confidence"]) for f in fs] == [("warning", "high")]
    guarded = "[[ UTCP_ARG_dest_UTCP_END =~ ^[a-z]+$ ]] || exit 2; " + cmd
    assert _findings(_manual(tmp_path, "g", guarded, ["dest"]), "UL104") == []


@pytest.mark.skipif(shutil.which("csplit") is None, reason="coreutils csplit not installed")
def test_csplit_prefix_climbs_out(tmp_path):
    cmd = "mkdir -p parts && csplit -s --prefix=\"parts/UTCP_ARG_p_UTCP_END\" book.txt '/^Chapter /' '{*}'"
    work = tmp_path / "w"
    work.mkdir()
    (work / "book.txt").write_text("intro\nChapter 1\nx\nChapter 2\ny\n")
    _run(cmd, {"p": "../../esc"}, work)
    assert (tmp_path / "esc00").exists()
    fs = _findings(_manual(tmp_path, "c", cmd, ["p"]), "UL170")
    assert len(fs) == 1 and "csplit --prefix" in fs[0]["message"]


@pytest.mark.skipif(shutil.which("terraform") is None, reason="terraform not installed")
def test_terraform_operand_is_read_as_a_flag(tmp_path):
    cmd = "terraform output -raw UTCP_ARG_name_UTCP_END"
    work = tmp_path / "w"
    work.mkdir()
    state = tmp_path / "other.tfstate"
    state.write_text(
        json.dumps(
            {
                "version": 4,
                "terraform_version": "1.11.4",
                "serial": 1,
                "lineage": "x",
                "outputs": {"secret": {"value": "from-other-state", "type": "string"}},
                "resources": [],
            }
        )
    )
    # `-state=FILE` in the value is a flag of terraform output: another state file is read
    out = _run(f"terraform output -raw -state={state} UTCP_ARG_name_UTCP_END", {"name": "secret"}, work)
    assert "from-other-state" in str(out)
    # the value alone, as the template's operand: terraform parses it as its -json flag
    # (a format error), while after `--` it is an output name (not found)
    out = _run(cmd, {"name": "-json"}, work)
    assert "Invalid output format" in str(out)
    out = _run("terraform output -raw -- UTCP_ARG_name_UTCP_END", {"name": "-json"}, work)
    assert "Invalid output format" not in str(out)
    fs = _findings(_manual(tmp_path, "t", cmd, ["name"]), "UL150")
    assert [f["severity"] for f in fs] == ["error"]


@pytest.mark.skipif(shutil.which("ed") is None, reason="ed not installed")
def test_ed_runs_a_bang_line_of_the_value(tmp_path):
    cmd = "printf '1i\\n%s\\n.\\nw\\nq\\n' \"UTCP_ARG_line_UTCP_END\" | ed -s notes.txt"
    work = tmp_path / "w"
    work.mkdir()
    (work / "notes.txt").write_text("old\n")
    canary = tmp_path / "canary"
    _run(cmd, {"line": "first"}, work)
    assert (work / "notes.txt").read_text() == "first\nold\n" and not canary.exists()
    # a newline ends the inserted text; '!' then runs a shell command
    _run(cmd, {"line": f"x\n.\n!touch {canary}\na"}, work)
    assert canary.exists()
    fs = _findings(_manual(tmp_path, "ed", cmd, ["line"]), "UL106")
    assert [f["severity"] for f in fs] == ["error"]


@pytest.mark.skipif(shutil.which("ssh") is None, reason="ssh not installed")
def test_ssh_config_file_line_runs_proxycommand(tmp_path):
    cmd = (
        "printf 'Host target\\n  HostName %s\\n  BatchMode yes\\n' \"UTCP_ARG_host_UTCP_END\" > ssh.cfg"
        " && ssh -F ssh.cfg -o ConnectTimeout=2 target true"
    )
    work = tmp_path / "w"
    work.mkdir()
    canary = tmp_path / "canary"
    _run(cmd, {"host": "127.0.0.1"}, work)
    assert not canary.exists()
    # a newline in the value adds a ProxyCommand line to the config ssh reads: it runs
    _run(cmd, {"host": f"127.0.0.1\n  ProxyCommand touch {canary}"}, work)
    assert canary.exists()
    fs = _findings(_manual(tmp_path, "ssh", cmd, ["host"]), "UL152")
    assert [f["severity"] for f in fs] == ["error"]
    assert "ssh -F ssh.cfg" in fs[0]["message"]


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl not installed")
def test_value_naming_the_curl_config_file(tmp_path):
    cmd = "curl -sS --config UTCP_ARG_profile_UTCP_END"
    work = tmp_path / "w"
    work.mkdir()
    (work / "page.txt").write_text("hello\n")
    canary = tmp_path / "canary.txt"
    other = tmp_path / "upload.cfg"  # any file the caller can get onto the disk
    other.write_text(f'url = "file://{work}/page.txt"\noutput = "{canary}"\n')
    _run(cmd, {"profile": str(other)}, work)
    assert canary.read_text() == "hello\n"
    fs = _findings(_manual(tmp_path, "named", cmd, ["profile"]), "UL152")
    assert [(f["severity"], f["confidence"]) for f in fs] == [("warning", "medium")]


@pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb not installed")
def test_gdb_runs_a_shell_line_it_reads_on_stdin(tmp_path):
    cmd = 'echo "break UTCP_ARG_fn_UTCP_END" | gdb -q'
    canary = tmp_path / "canary"
    _run(cmd, {"fn": "main"}, tmp_path)
    assert not canary.exists()
    _run(cmd, {"fn": f"main\nshell touch {canary}"}, tmp_path)
    assert canary.exists()
    fs = _findings(_manual(tmp_path, "gdb", cmd, ["fn"]), "UL106")
    assert [f["severity"] for f in fs] == ["error"]


@pytest.mark.skipif(shutil.which("ex") is None, reason="ex (vim) not installed")
def test_ex_runs_a_bang_line_of_the_value(tmp_path):
    cmd = 'echo "%s/UTCP_ARG_old_UTCP_END/new/g | wq" | ex -s config.ini'
    work = tmp_path / "w"
    work.mkdir()
    (work / "config.ini").write_text("old=1\n")
    canary = tmp_path / "canary"
    _run(cmd, {"old": "old"}, work)
    assert (work / "config.ini").read_text() == "new=1\n" and not canary.exists()
    _run(cmd, {"old": f"x/y/\n!touch {canary}\n"}, work)
    assert canary.exists()
    fs = _findings(_manual(tmp_path, "ex", cmd, ["old"]), "UL106")
    assert [f["severity"] for f in fs] == ["error"]
