"""Command lines sent through a session method of an object the scan cannot type (issue 25,
linter/pyscan/duckcmd.py).

``fixtures/pyscan/ducksession``: deploy helpers, an agent and a CLI that hand a command line
(its constant head names a program of the shell engine's table: ``apt-get``, ``systemctl``,
``tar``, ``rm``, ``pip``, ``cd``) to ``conn.run``/``c.sudo``/``host.check_output``/
``backend.run_command``/``self.sandbox.commands.run``/``self.pane.send_keys``/
``self.child.sendline`` of an object whose class is nowhere in the tree, and wrappers that
forward their parameter to an object whose name is a session role (``self._shell.run(command)``,
``self.sandbox.exec(cmd)``, ``ssh_conn.run``, ``guest.execute``), and shell argvs (``["sh",
"-c", cmd]``) handed to container, pod and sandbox APIs (docker ``exec_run``, kubernetes
``stream(..., command=[...])``, ``sandbox.exec("bash", "-lc", cmd)``, ``containers.run``).  bad: every
``# FLAG`` line and nothing else; good: quoted values, constant commands, a DB cursor's
``execute(f"SELECT ...")``, a thread's ``run()``, a password typed at a prompt, an object of
the tree's own class (``r = Runner(); r.run(...)``), a value through the tree's own quoting
helper, a head that is no program; an ORM session's ``execute``, a nox session's argv
``run``, a pexpect child at a password prompt, an executor, an event-loop runner.  The flagged helpers are run with a payload through real
``sh -c`` (what fabric/invoke, asyncssh, testinfra and e2b do with the string) and a canary
file proves the injection."""

import json
import os
import subprocess
import sys

import pytest
from conftest import FIXTURES, marked_lines, run_cli, where_found

from utcp_lint.pyscan.duckcmd import command_head_word

TREE = FIXTURES / "pyscan" / "ducksession"


def _lint(path):
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", path)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def _where(tree, found):
    return where_found(tree, found)


def test_bad_tree_reports_every_session_call_and_nothing_else():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    assert _where(bad, found) == marked_lines(bad)
    for f in found:
        assert f["rule"] == "UL404" and f["severity"] == "error", f
        assert f["confidence"] == "medium" and f["column"] > 0, f
    by = {(os.path.basename(f["path"]), f["line"]): f for f in found}
    assert "'pkg'" in by[("deploy.py", 5)]["message"] and "apt-get" in by[("deploy.py", 5)]["message"]
    assert "self.pane.send_keys()" in by[("agent.py", 14)]["message"]
    assert "sys.argv" in by[("cli.py", 7)]["message"]


def test_good_tree_is_quiet():
    code, found = _lint(TREE / "good")
    assert found == [] and code == 0


def test_head_word_reads_the_program_table():
    assert command_head_word("apt-get install -y ") == "apt-get"
    assert command_head_word("/usr/bin/git clone ") == "git"
    assert command_head_word("cd ") == "cd"
    assert command_head_word("SELECT * FROM ") is None  # SQL
    assert command_head_word("lookup ") is None  # no program of the table
    assert command_head_word("ls") is None  # the word goes on in the formatted value
    assert command_head_word("") is None and command_head_word(None) is None


class _ShSession:
    """What fabric/invoke ``run``/``sudo``, asyncssh ``run``, testinfra ``check_output``,
    e2b ``commands.run`` and a pane's shell do with a command string: ``sh -c``."""

    def _sh(self, command=None, **_kw):
        subprocess.run(["/bin/sh", "-c", command], check=False, capture_output=True)
        return ""

    run = sudo = check_output = run_command = send_keys = sendline = execute = exec = send = _sh

    @property
    def commands(self):
        return self


class _Exec:
    """What docker ``exec_run``/``containers.run``, a pod exec and a sandbox ``exec`` do with
    an argv: run it (here locally), the shell then runs its ``-c`` string."""

    def exec_run(self, argv, **_kw):
        subprocess.run(list(argv), check=False, capture_output=True)

    def exec(self, *argv, **_kw):
        self.exec_run(argv)

    def run(self, _image, command=(), **_kw):
        self.exec_run(command)

    @property
    def containers(self):
        return self

    connect_get_namespaced_pod_exec = None


def _stream(_fn, _pod, _ns, command=(), **_kw):
    subprocess.run(list(command), check=False, capture_output=True)


@pytest.fixture
def bad_pkg(monkeypatch):
    import types

    k8s, k8s_stream = types.ModuleType("kubernetes"), types.ModuleType("kubernetes.stream")
    k8s_stream.stream = _stream
    monkeypatch.setitem(sys.modules, "kubernetes", k8s)
    monkeypatch.setitem(sys.modules, "kubernetes.stream", k8s_stream)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    yield
    for name in [m for m in sys.modules if m == "opskit" or m.startswith("opskit.")]:
        del sys.modules[name]


def test_flagged_calls_run_the_payload_in_real_sh(bad_pkg, tmp_path, monkeypatch):
    import asyncio

    monkeypatch.chdir(tmp_path)
    from opskit import agent, cli, containers, deploy, wrappers

    s = _ShSession()
    deploy.install(s, "x; touch c1")
    deploy.restart(s, "x; touch c2")
    deploy.service_state(s, "x; touch c3")

    class _Async(_ShSession):
        async def run(self, command, **_kw):
            return _ShSession._sh(self, command)

    asyncio.run(deploy.unpack(_Async(), "x; touch c4;"))
    deploy.cleanup(s, "x; touch c5;")
    a = agent.Agent(s, s, s)
    a.pip("x; touch c6")
    a.build("x; touch c7 #")
    a.enter("x; touch c8")
    monkeypatch.setattr(sys, "argv", ["opskit", "x; touch c9"])
    cli.main(s)
    tool = wrappers.ShellTool(s, s)
    tool.run("x; touch c10")
    tool.type_line("x; touch c11")
    tool.in_sandbox("x; touch c12")
    wrappers.remote(s, "x; touch c13")
    wrappers.on_guest(s, "x; touch c14")
    wrappers.BashState(s).send("x; touch c19")
    e = _Exec()
    containers.pod_exec(e, "pod", "touch c15")
    containers.docker_exec(e, "x; touch c16")
    containers.sandbox_exec(e, "touch c17")
    containers.one_off(e, "img", "touch c18")
    made = sorted((p.name for p in tmp_path.iterdir() if p.name.startswith("c")), key=lambda n: int(n[1:]))
    assert made == [f"c{i}" for i in range(1, 20)]


def test_quoted_helper_keeps_the_payload_inert(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(TREE / "good"))
    monkeypatch.chdir(tmp_path)
    try:
        from opskit import deploy

        deploy.install(_ShSession(), "x; touch c1")
        deploy.remove(_ShSession(), "x'; touch c2; '")
    finally:
        for name in [m for m in sys.modules if m == "opskit" or m.startswith("opskit.")]:
            del sys.modules[name]
    assert not any(p.name.startswith("c") for p in tmp_path.iterdir())
