"""Issue 25: parallel-ssh's ``run_command`` (linter/pyscan/sinks.py REMOTE_OR_SHELL_RUNNERS,
evaluate.py INSTANCE_ALIASES).  The command line runs in each remote user's login shell
(parallel-ssh docs, ``pssh.clients``: libssh2 ``channel.execute``, i.e. ``$SHELL -c command``);
the canary test hands the bad wrappers a client that does exactly that with real bash.
``fixtures/pyscan/pssh``: a wrapper module and a caller module, bad and good."""

import subprocess
import sys
import types

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "pssh"


_lint = lint_ul4


def test_bad_tree_reports_wrappers_and_callers():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    wrappers = [f for f in found if f["path"].endswith("remote.py")]
    assert {f["rule"] for f in wrappers} == {"UL404"} and all("remote shell" in f["message"] for f in wrappers)
    assert {f["rule"] for f in found if f["path"].endswith("cli.py")} == {"UL411"}
    assert all(f["severity"] == "error" for f in found)
    assert _lint(bad, seed="1")[1] == found


def test_good_tree_is_quiet():
    code, found = _lint(TREE / "good")
    assert code == 0 and found == []


class _LoginShellClient:
    """What the remote side does with run_command's string: the login shell runs it."""

    def __init__(self, hosts):
        self.hosts = hosts

    def run_command(self, command, sudo=False, **_kw):
        subprocess.run(["/bin/bash", "-c", command], check=False, capture_output=True)


def test_the_bad_wrappers_run_the_payload(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in [m for m in sys.modules if m == "fleet" or m.startswith("fleet.")]:
        monkeypatch.delitem(sys.modules, name)
    clients = types.ModuleType("pssh.clients")
    clients.ParallelSSHClient = clients.SSHClient = _LoginShellClient
    monkeypatch.setitem(sys.modules, "pssh", types.ModuleType("pssh"))
    monkeypatch.setitem(sys.modules, "pssh.clients", clients)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    try:
        from fleet import remote

        remote.restart(["h"], "nginx; touch CANARY_RESTART")
        remote.tail("h", "/var/log/x $(touch CANARY_TAIL)")
    finally:
        for name in [m for m in sys.modules if m == "fleet" or m.startswith("fleet.")]:
            del sys.modules[name]
    assert (tmp_path / "CANARY_RESTART").exists() and (tmp_path / "CANARY_TAIL").exists()
