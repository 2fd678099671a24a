"""UL151's facts proven against the real programs: every tool of
``fixtures/rules/UL151/bad_*.json`` is rendered exactly as utcp-cli renders it, run by real
``/bin/bash`` in a prepared directory (a ``src/`` tree, ``backup.tar``, a git repository
with an ssh remote, ``data.db``), and one canary payload makes ``CANARY`` appear; every
tool of ``good_*.json`` runs with every payload and never does.  Tools that need what
this machine lacks are listed in ``UNPROVEN`` with the reason (checked to be exact)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from conftest import FIXTURES, lint_json

from utcp_lint.executor.render import compose_env, render

BASH = "/bin/bash"
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
DIR = FIXTURES / "rules" / "UL151"

PAYLOADS = [
    "touch CANARY",  # shell text / a command line whose first word is chosen
    "./evil.sh",  # a program the caller chooses (argv mode: scp -S, rsync -e)
    "core.sshCommand=touch CANARY",  # git -c: the value chooses the key
    "ProxyCommand=touch CANARY",  # ssh -o: the value chooses the keyword
    ".shell touch CANARY",  # sqlite3 dot-command
    "\\! touch CANARY",  # psql meta-command
    "!touch CANARY",  # vim Ex / gdb command
    "$(shell touch CANARY)",  # make text
    "x; touch CANARY #",  # inside shell text after a static beginning (GIT_SSH_COMMAND="ssh -i VALUE")
    "--to-command=./evil.sh",  # TAR_OPTIONS (split on blanks)
    "x'; SELECT edit('', 'touch CANARY'); --",  # SQL in a sqlite3 argument, inside '…' (edit() runs a command)
    "1; SELECT edit('', 'touch CANARY'); --",  # the same, a number in the SQL
    "'|touch CANARY'",  # sqlite3 .import/.read FILE: a FILE starting with '|' is a command
    "x/|!touch CANARY|s/q/q",  # an Ex replacement text ending the :s command (ex -c '%s/a/VALUE/g')
    "X:=$(shell touch CANARY)",
    "T -TT=touch${IFS}CANARY;",  # ZIPOPT="-VALUE": zip -T tests the archive with the -TT command (sh)
    # JAVA_TOOL_OPTIONS/MAVEN_OPTS="-XmxVALUE": the JVM splits the value into options; a
    # 3 MB metaspace without the class-data archive runs out during start-up and the VM
    # runs the -XX:OnOutOfMemoryError command (measured, OpenJDK 17.0.15: even java -version)
    "256m -Xshare:off -XX:MaxMetaspaceSize=3m -XX:OnOutOfMemoryError=./evil.sh",
    "use_askpass=./evil.sh",  # a wgetrc command (wget -e VALUE)  # a make operand read as an assignment (make -- VALUE)
]

UNPROVEN = {
    "rsync_transport": "rsync is not installed here",
    "psql_command": "needs a PostgreSQL server (psql connects before running -c)",
    "sort_compress": "sort compresses only temporary files, written when the input exceeds its buffer",
    "mysql_execute": "needs a MySQL server (mysql connects before running -e)",
    "tcpdump_rotate": "tcpdump is not installed here (and needs capture rights)",
    "ansible_adhoc": "ansible is not installed here",
    "rsync_rsh_env": "rsync is not installed here",
    "crontab_editor": "crontab is not installed here",
    "rsync_rsh_port": "rsync is not installed here (a warning: the value adds ssh arguments)",
    "submodule_foreach": "needs a repository with a checked-out submodule",
    # option injection that writes files, no code: tests/test_issue23_setI_realclient.py proves it
    "snapshot_dir_env": "xz options from XZ_OPT write a file (no code runs)",
    "backup_bz2_env": "bzip2 options from BZIP2 write a file (no code runs)",
    "unzip_bundle_opts": "unzip options from UNZIP write files elsewhere (-o -d DIR: measured, unzip 6.0; no code runs)",
    "gradle_build_heap": "gradle is not installed here (its start script passes GRADLE_OPTS to java)",
    "sbt_test_heap": "sbt is not installed here (its launcher passes SBT_OPTS to java)",
}
# ripgrep is not installed here (measured with ripgrep 14.1.0, the PyPI wheel `ripgrep`: put
# its rg on PATH and these run too)
if shutil.which("rg") is None:
    UNPROVEN.update({t: "rg (ripgrep) is not installed here" for t in ("rg_with_filter", "rg_pre_equals")})
# commands run by a remote or guest shell (gcloud/vagrant/az/aws ssm/ssh RemoteCommand): no
# remote host here; tests/test_remote_shells_realclient.py proves the bad and the good tools
# of these files through the real client, with stubs doing what each reference says
REMOTE = ("bad_remote_shells.json", "good_remote_shells.json")
UNPROVEN.update(
    {
        t["name"]: "a remote shell: proven in tests/test_remote_shells_realclient.py"
        for t in json.loads((DIR / REMOTE[0]).read_text())["tools"]
    }
)


def _tools(prefix: str):
    out = []
    for f in sorted(DIR.glob(prefix + "*.json")):
        for t in json.loads(f.read_text())["tools"]:
            names = list(t["inputs"]["properties"])
            out.append((f.name, t["name"], t["tool_call_template"]["commands"], names))
    assert out
    return out


def _prepare(d: Path) -> None:
    (d / "src").mkdir()
    (d / "src" / "a.txt").write_text("hello\n")
    subprocess.run(["tar", "-cf", "backup.tar", "src"], cwd=d, check=True)
    evil = d / "evil.sh"
    evil.write_text("#!/bin/sh\ntouch CANARY\n")
    evil.chmod(0o755)
    g = {"GIT_CONFIG_NOSYSTEM": "1", "HOME": str(d), "PATH": SYSTEM_PATH}
    for argv in (
        ["git", "init", "-q", "-b", "main"],
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "a"],
        ["git", "checkout", "-q", "-b", "work"],
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "b"],
        ["git", "remote", "add", "origin", "ssh://git@example.invalid/r.git"],
    ):
        subprocess.run(argv, cwd=d, env=g, check=True, capture_output=True)
    subprocess.run(["sqlite3", "data.db", "create table t(x)"], cwd=d, check=True)
    (d / "Makefile").write_text("all:\n\t@true\n")
    (d / "notes.txt").write_text("note\n")


def _canary(commands, names, value: str, tmp: Path) -> bool:
    d = tmp / f"run{len(list(tmp.iterdir()))}"
    d.mkdir()
    _prepare(d)
    r = render(commands, {n: value for n in names})
    env = {**compose_env(None, None, os.environ), **r.env}
    env.update(PATH=SYSTEM_PATH + ":" + os.environ.get("PATH", ""), HOME=str(d), GIT_CONFIG_NOSYSTEM="1")
    env.update(GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@t")
    env["TMUX_TMPDIR"] = str(d)  # a tmux server of this run only (its own socket directory)
    # a login session's environment has SHELL: make runs the $(shell …) of a command-line
    # assignment with it and not at all without it (GNU make 4.3; CI's environment lacks it)
    env["SHELL"] = "/bin/bash"
    # ... and a terminal type: git runs $VISUAL only when TERM is set and not "dumb"
    env["TERM"] = "xterm"
    try:
        subprocess.run(
            [BASH, "-c", r.script], cwd=d, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=20
        )
    except subprocess.TimeoutExpired:
        pass
    if "tmux" in r.script:  # tmux runs the command in its server, after the client returned
        for _ in range(40):
            if (d / "CANARY").exists():
                break
            time.sleep(0.05)
        subprocess.run(["tmux", "kill-server"], env=env, capture_output=True)
    hit = (d / "CANARY").exists()
    shutil.rmtree(d, ignore_errors=True)
    return hit


BAD = [pytest.param(c, n, id=t) for _f, t, c, n in _tools("bad_") if t not in UNPROVEN]
GOOD = [pytest.param(c, n, id=t) for f, t, c, n in _tools("good_") if f not in REMOTE]


@pytest.mark.parametrize("commands,names", BAD)
def test_bad_tool_runs_the_payload(commands, names, tmp_path):
    assert any(_canary(commands, names, p, tmp_path) for p in PAYLOADS)


@pytest.mark.parametrize("commands,names", GOOD)
def test_good_tool_never_runs_the_payload(commands, names, tmp_path):
    hits = [p for p in PAYLOADS if _canary(commands, names, p, tmp_path)]
    assert hits == []


def test_unproven_list_is_exact():
    bad = {t for _f, t, _c, _n in _tools("bad_")}
    assert set(UNPROVEN) <= bad


def test_every_bad_tool_is_reported_once_and_no_good_tool():
    for f in sorted(DIR.glob("*.json")):
        _code, out = lint_json("--select", "UL151", f)
        tools = [x["tool"] for x in out["findings"] if x["rule"] == "UL151"]
        expected = [t for fn, t, _c, _n in _tools(f.name.split("_")[0] + "_") if fn == f.name]
        if f.name.startswith("bad_"):
            assert sorted(tools) == sorted(expected)
        else:
            assert tools == []
