"""Issue 23 (blind set J, part 2, item 1): options and operands whose argument is a command
line run by a remote (or guest) shell, read from the programs' references (the ``code``
facts of linter/data/option_grammar_docs.json and ssh_config(5) RemoteCommand).

None of these programs can reach a remote host here, so each is replaced by a stub that
does with its argv what the reference (or, for gcloud, the installed SDK's source) says the
program does, and then what the remote login shell does with the command line it receives:
``bash -c LINE``.  Every tool of ``fixtures/rules/UL151/bad_remote_shells.json`` runs
through the REAL runtime (utcp 1.2.0 / utcp-cli 1.1.5 ``call_tool``, tests/realcli.py) with
a canary payload and creates CANARY; every tool of ``good_remote_shells.json`` runs with
every payload and never does; and UL151 reports every bad tool and no good one."""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, lint_json
from realcli import call, shim_env

DIR = FIXTURES / "rules" / "UL151"

# what the remote side does: the login shell runs the joined command line
_PRELUDE = f"""#!{sys.executable}
import json, subprocess, sys
a = sys.argv[1:]
def remote(line):
    subprocess.run(["bash", "-c", line])
def value(opt):
    for i, w in enumerate(a):
        if w == opt and i + 1 < len(a):
            return a[i + 1]
        if w.startswith(opt + "="):
            return w[len(opt) + 1:]
    return None
"""
STUBS = {
    # gcloud compute ssh (SDK 528.0.0 surface/compute/ssh.py): --command is split on ' ' into
    # ssh's remote command; the words after `--` follow the host on ssh's command line; ssh(1)
    # joins them with spaces for the remote shell
    "gcloud": """
c = value("--command")
if c is not None:
    remote(" ".join(c.split(" ")))
elif "--" in a:
    remote(" ".join(a[a.index("--") + 1:]))
""",
    # vagrant ssh [-c COMMAND] [-- extra_ssh_args] (developer.hashicorp.com/vagrant/docs/cli/ssh)
    "vagrant": """
c = value("-c") or value("--command")
if c is not None:
    remote(c)
elif "--" in a:
    remote(" ".join(a[a.index("--") + 1:]))
""",
    # az vm run-command invoke --command-id RunShellScript --scripts LINES
    "az": """
c = value("--scripts") or value("--script")
if c is not None:
    remote(c)
""",
    # aws ssm send-command --document-name AWS-RunShellScript --parameters commands=[...]
    "aws": """
p = value("--parameters")
if p is not None and p.startswith("commands="):
    for line in json.loads(p[len("commands="):]):
        remote(line)
""",
    # pdsh [options]... command (pdsh(1)): options up to the command, whose words rsh/ssh
    # join for the remote shell of every host
    "pdsh": """
i = 0
while i < len(a) and a[i].startswith("-"):
    i += 2 if a[i][1:2] in "wxRltufgXMF" and len(a[i]) == 2 else 1
remote(" ".join(a[i:]))
""",
    # ssh(1): -o RemoteCommand=CMD (ssh_config(5)) or the words after the destination
    "ssh": """
i, cmd = 0, None
while i < len(a) and a[i].startswith("-"):
    if a[i] == "-o":
        if a[i + 1].startswith("RemoteCommand="):
            cmd = a[i + 1][len("RemoteCommand="):]
        i += 2
    else:
        i += 1
rest = a[i + 1:]
remote(cmd if cmd is not None else " ".join(rest))
""",
}

PAYLOADS = ["x; touch CANARY #", "$(touch CANARY)", "'; touch CANARY; '", '"; touch CANARY; "', "x\ntouch CANARY"]


def _stubs(d: Path) -> Path:
    d.mkdir()
    for name, body in STUBS.items():
        p = d / name
        p.write_text(_PRELUDE + body)
        p.chmod(p.stat().st_mode | stat.S_IXUSR)
    return d


def _tools(name: str) -> list:
    return json.loads((DIR / name).read_text())["tools"]


def _run(tool: dict, payload: str, tmp: Path) -> bool:
    work = tmp / "work"
    work.mkdir(parents=True)
    stubs = _stubs(tmp / "bin")
    args = {p: "web" for p in tool["inputs"]["properties"]}
    last = list(tool["inputs"]["properties"])[-1]
    args[last] = payload  # the value that reaches the remote command line (the others: names)
    call(tool["tool_call_template"], args, work, env=shim_env(stubs, tmp / "record"))
    return (work / "CANARY").exists()


@pytest.mark.parametrize("tool", _tools("bad_remote_shells.json"), ids=lambda t: t["name"])
def test_bad_remote_command_runs_the_value(tool, tmp_path):
    assert _run(tool, PAYLOADS[0], tmp_path), f"{tool['name']}: the payload did not run"


@pytest.mark.parametrize("tool", _tools("good_remote_shells.json"), ids=lambda t: t["name"])
def test_good_remote_command_never_runs_the_value(tool, tmp_path):
    for k, payload in enumerate(PAYLOADS):
        assert not _run(tool, payload, tmp_path / str(k)), f"{tool['name']}: {payload!r} ran"


def test_ul151_reports_every_bad_tool_and_no_good_one():
    _rc, bad = lint_json("--no-cache", "--select", "UL151", str(DIR / "bad_remote_shells.json"))
    _rc, good = lint_json("--no-cache", "--select", "UL151", str(DIR / "good_remote_shells.json"))
    reported = {f["tool"] for f in bad["findings"] if f["severity"] == "error"}
    assert reported == {t["name"] for t in _tools("bad_remote_shells.json")}
    assert good["findings"] == []
