"""Issue 25: an object of no known class, named for the tree's base class its implementations share.

A test runner or deploy tool keeps "a transport" (or "a shell", "a backend") chosen at run time
from a dict of implementations, and hands it on as a parameter nobody annotates
(``def _run(self, cmd, transport): transport.run(cmd)``).  The classes that run the command
(``Local(Transport)`` with ``shell=True``, ``SSH(Transport)`` with paramiko's ``exec_command``)
have their own role words (``local``, ``ssh``); the receiver names their common base, so the
base's role word is theirs too (:func:`utcp_lint.pyscan.rolename.role_methods`, ``bases_of``).
bad: every ``# FLAG`` line and nothing else; good: the same shape where the implementations
run argv lists, a receiver named for no base of the tree, and a library base class
(``threading.Thread``) that gives the tree's class no role."""

import ast
import json
import os

from conftest import run_cli

from utcp_lint.pyscan.rolename import role_methods

TRANSPORT = """\
import subprocess


class Transport:
    def run(self, cmd, cwd):
        raise NotImplementedError


class Local(Transport):
    def run(self, cmd, cwd):
        return subprocess.Popen(cmd, cwd=cwd, shell=True).wait()


class SSH(Transport):
    def __init__(self, client):
        self.client = client

    def run(self, cmd, cwd):
        _in, out, _err = self.client.exec_command(f"cd {cwd} && {cmd}")
        return out.channel.recv_exit_status()
"""

TRANSPORT_ARGV = """\
import subprocess


class Transport:
    def run(self, cmd, cwd):
        raise NotImplementedError


class Local(Transport):
    def run(self, cmd, cwd):
        return subprocess.run(["sh", "-c", "exit 0"], cwd=cwd).returncode

    def shell(self, cmd):
        return subprocess.run(cmd, shell=True).returncode  # OWN
"""

RUNNER = """\
from tool.transports import transport as tr


class Runner:
    def __init__(self, config):
        self.transports = {"local": tr.Local(), "ssh": tr.SSH(config["client"])}

    def _run(self, cmd, cwd, transport):
        return transport.run(cmd, cwd)  # FLAG

    def run(self, cmd, cwd=".", name="local"):
        return self._run(cmd, cwd, self.transports[name])  # FLAG
"""

RUNNER_NO_ROLE = """\
from tool.transports import transport as tr


class Runner:
    def __init__(self, config):
        self.transports = {"local": tr.Local(), "ssh": tr.SSH(config["client"])}

    def _run(self, cmd, cwd, thing):
        return thing.run(cmd, cwd)

    def run(self, cmd, cwd=".", name="local"):
        return self._run(cmd, cwd, self.transports[name])
"""

THREADS = """\
import subprocess
import threading


class Worker(threading.Thread):
    def run(self, cmd="true"):
        subprocess.run(cmd, shell=True)  # OWN


def start(thread, cmd):
    thread.run(cmd)
"""


def _write(root, files: dict) -> None:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    for d in {p.parent for p in root.rglob("*.py")}:
        if d != root and not (d / "__init__.py").exists():
            (d / "__init__.py").write_text("")


def _lint(tree, seed="0"):
    env = dict(os.environ, PYTHONHASHSEED=seed)
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", ".", cwd=tree, env=env)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def _marked(tree, mark):
    return {
        (str(p.relative_to(tree)), i)
        for p in sorted(tree.rglob("*.py"))
        for i, line in enumerate(p.read_text().splitlines(), 1)
        if mark in line
    }


def _where(found):
    return {(os.path.normpath(f["path"]), f["line"]) for f in found if f["rule"] == "UL411"}


def test_receiver_named_for_the_base_reaches_its_implementations(tmp_path):
    _write(tmp_path, {"tool/transports/transport.py": TRANSPORT, "tool/core/runner.py": RUNNER})
    code, found = _lint(tmp_path)
    assert code == 1
    assert _where(found) == _marked(tmp_path, "# FLAG")
    hit = next(f for f in found if f["path"].endswith("runner.py") and f["line"] == 9)
    assert "'cmd'" in hit["message"] and "transport.py" in hit["message"]
    assert _lint(tmp_path, "1")[1] == found  # the same on another hash seed


def test_implementations_that_run_argv_lists_give_no_edge(tmp_path):
    _write(tmp_path, {"tool/transports/transport.py": TRANSPORT_ARGV, "tool/core/runner.py": RUNNER})
    _code, found = _lint(tmp_path)
    assert _where(found) == set()
    assert {(os.path.normpath(f["path"]), f["line"]) for f in found} == _marked(tmp_path, "# OWN")


def test_receiver_named_for_no_base_is_not_resolved(tmp_path):
    _write(tmp_path, {"tool/transports/transport.py": TRANSPORT, "tool/core/runner.py": RUNNER_NO_ROLE})
    _code, found = _lint(tmp_path)
    assert _where(found) == set()
    assert ("tool/transports/transport.py", 11) in {(os.path.normpath(f["path"]), f["line"]) for f in found}


def test_a_library_base_class_gives_no_role(tmp_path):
    # ``Worker(threading.Thread)``: ``thread.run(cmd)`` is any thread's, not the tree's Worker
    _write(tmp_path, {"app/workers.py": THREADS})
    _code, found = _lint(tmp_path)
    assert _where(found) == set()
    assert {(os.path.normpath(f["path"]), f["line"]) for f in found} == _marked(tmp_path, "# OWN")


def test_role_methods_adds_the_base_classes_roles():
    class S:
        def __init__(self, name):
            self.name = name
            self.reach = {"cmd": "unquoted"}

    summ = {"m.Local.run": S("run"), "m.SSHBackend.run": S("run")}
    bases = {"m.Local": ["Transport"], "m.SSHBackend": ["Backend"]}
    plain = role_methods(summ, lambda k: k.rsplit(".", 1)[0])
    assert plain == {"run": [("local", "m.Local.run"), ("backend", "m.SSHBackend.run")]}
    wide = role_methods(summ, lambda k: k.rsplit(".", 1)[0], lambda ck: bases.get(ck, []))
    assert wide == {"run": [("local", "m.Local.run"), ("transport", "m.Local.run"), ("backend", "m.SSHBackend.run")]}
    assert isinstance(ast.parse(TRANSPORT), ast.Module)
