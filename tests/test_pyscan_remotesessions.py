"""UL404: command lines typed into interactive remote sessions (issue 25).

``pexpect.spawn("ssh admin@" + host)`` with no remote command starts the remote user's login
shell on a pty, so what ``sendline`` types is that shell's next command line (ssh(1): "If a
command is specified, it is executed on the remote host instead of a login shell";
``stdinscript.stdin_program``); paramiko-expect's ``SSHClientInteraction.send`` writes to an
``invoke_shell()`` channel, a channel of a client handed in is paramiko's even where paramiko
is not imported, and ``telnetlib.Telnet.write`` after the login types into the remote login
shell (``runnerlibs.py`` sources).  ``fixtures/pyscan/remotesessions``: each shape (bad);
passwords answering prompts, constant commands, scp, a remote command given to ssh itself,
telnet login lines and the user's own keystrokes forwarded (good).  The canary plays ssh with
a stand-in that starts ``sh`` on the pty, as sshd's login shell does.
"""

import sys
import types

import pexpect
from conftest import FIXTURES, lint_ul4, load_fixture_module, marked_lines, programs_on_path, where_found

TREE = FIXTURES / "pyscan" / "remotesessions"


def test_bad_tree_reports_each_typed_command():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    typed = [f for f in found if "spawn gets" not in f["message"]]
    assert len(typed) == 6
    assert all(f["rule"] == "UL404" and f["severity"] == "error" and "remote" in f["message"] for f in typed)
    assert lint_ul4(bad, seed="1")[1] == found


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == [], found


def test_the_typed_command_runs_in_the_remote_login_shell(tmp_path, monkeypatch):
    # ssh stand-in: no remote command, so the "remote" side is a login shell reading the pty
    programs_on_path(tmp_path, monkeypatch, {"ssh": "#!/bin/sh\nPS1='$ ' exec /bin/sh -i\n"})
    monkeypatch.chdir(tmp_path)
    mod = load_fixture_module(TREE / "bad" / "netops" / "sshsession.py")
    canary = tmp_path / "canary"
    s = mod.Session("gateway")
    s._shell.expect(r"\$ ", timeout=20)
    s.run(f"uptime >/dev/null; touch {canary}")
    s._shell.sendline("exit")
    s._shell.expect(pexpect.EOF, timeout=20)
    assert canary.exists()


def test_a_password_answer_is_not_a_command(tmp_path, monkeypatch):
    stub = types.ModuleType("paramiko_expect")
    stub.SSHClientInteraction = object
    monkeypatch.setitem(sys.modules, "paramiko_expect", stub)
    monkeypatch.setitem(sys.modules, "telnetlib", types.ModuleType("telnetlib"))  # gone in 3.13
    programs_on_path(tmp_path, monkeypatch, {"ssh": "#!/bin/sh\nprintf 'password: '; read p; echo ok\n"})
    mod = load_fixture_module(TREE / "good" / "netops" / "sessions.py")
    out = mod.login("pw; touch " + str(tmp_path / "canary"))
    assert b"ok" in out and not (tmp_path / "canary").exists()
