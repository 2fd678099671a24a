"""The wrappers an argv or a command line starts with (sudo, timeout, xvfb-run, sshpass ...)
are one table's knowledge (programs.WRAPPER_PROGRAMS), read by the shell engine and the
Python scan alike (issue 25: "knowledge about programs lives in one table")."""

from __future__ import annotations

import json

from conftest import lint_json, lint_ul4

from utcp_lint.pyscan import sinks
from utcp_lint.template import programs


def test_the_python_scans_wrappers_are_the_tables():
    table = {n: p.wrapper for p in programs.WRAPPER_PROGRAMS for n in p.names}
    assert set(sinks.WRAPPERS) <= set(table)
    for name in ("sudo", "env", "timeout", "nice", "xvfb-run", "sshpass", "ssh-agent", "unbuffer", "taskset"):
        assert name in sinks.WRAPPERS
        w = table[name]
        assert sinks.WRAPPER_ARG_OPTS[name] == frozenset(f"-{c}" for c in w.short_values) | w.long_values
    # read by a grammar of their own elsewhere: not walked as plain wrappers
    assert not {"flock", "watch", "chroot", "then", "builtin"} & set(sinks.WRAPPERS)


def _manual(command: str) -> dict:
    return {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.1",
        "tools": [
            {
                "name": "remote_ls",
                "description": "List a directory on the build host.",
                "inputs": {
                    "type": "object",
                    "properties": {"path": {"type": "string", "description": "Directory to list."}},
                    "required": ["path"],
                },
                "outputs": {"type": "object", "properties": {}},
                "tags": ["ssh"],
                "tool_call_template": {"call_template_type": "cli", "commands": [{"command": command}]},
            }
        ],
    }


def test_sshpass_runs_ssh_whose_remote_shell_parses_the_value(tmp_path):
    # sshpass(1): "sshpass [-ffilename|-dnum|-ppassword|-e] [options] command arguments";
    # ssh(1) joins the words after the destination into one line for the remote shell
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(_manual("sshpass -f /etc/build/pass ssh build@ci.example.org ls -l UTCP_ARG_path_UTCP_END"))
    )
    code, out = lint_json("--select", "UL102", str(bad))
    found = out["findings"]
    assert code == 1
    assert [f["rule"] for f in found] == ["UL102"]
    assert "sshpass … ssh remote command" in found[0]["message"]
    good = tmp_path / "good.json"
    good.write_text(
        json.dumps(_manual("sshpass -f /etc/build/pass scp build@ci.example.org:/srv/log.txt UTCP_ARG_path_UTCP_END"))
    )
    code, out = lint_json("--select", "UL102", str(good))
    assert (code, out["findings"]) == (0, [])


def test_python_argv_after_table_wrappers(tmp_path):
    (tmp_path / "jobs.py").write_text(
        "import shlex\n"
        "import subprocess\n\n\n"
        "def render(cmd):\n"
        '    return subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", "bash", "-c", cmd], check=True)\n\n\n'
        "def pinned(cmd):\n"
        '    return subprocess.run(["taskset", "-c", "0-3", "sh", "-c", cmd], check=True)\n\n\n'
        "def quoted(path):\n"
        '    return subprocess.run(["xvfb-run", "-a", "bash", "-c", "xdg-open " + shlex.quote(path)], check=True)\n\n\n'
        "def plain(path):\n"
        '    return subprocess.run(["timeout", "30", "xdg-open", path], check=True)\n'
    )
    code, found = lint_ul4(tmp_path)
    assert code == 1
    assert sorted(f["line"] for f in found) == [6, 10]
    assert all(f["rule"] == "UL403" or f["rule"].startswith("UL40") for f in found)
