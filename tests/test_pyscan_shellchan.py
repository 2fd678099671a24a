"""UL404: text sent into a paramiko interactive shell channel (issue 25).

``client.invoke_shell()`` / ``chan.invoke_shell()`` connect the channel to the remote
user's login shell on a pty (paramiko documentation); whatever ``send``/``sendall``
writes is that shell's input, like ``exec_command``'s string
(``linter/pyscan/shellchan.py``).  ``fixtures/pyscan/shellchan``: a device driver
keeping the channel in ``self``, a local channel, a low-level transport channel and a
CLI caller (bad); constant commands, a direct-tcpip channel and an sftp subsystem
(good).  The canary test plays the remote side with a real ``sh`` reading the
channel's bytes, as sshd's login shell does.
"""

import subprocess
import sys
import types

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "shellchan"


def test_bad_tree_reports_each_write_into_a_shell_channel():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    writes = [f for f in found if f["path"].endswith("device.py")]
    assert {f["rule"] for f in writes} == {"UL404"}
    assert all("remote shell" in f["message"] and f["severity"] == "error" for f in writes)
    assert {f["rule"] for f in found if f["path"].endswith("cli.py")} == {"UL411"}
    assert lint_ul4(bad, seed="1")[1] == found


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == [], found


class _Channel:
    """The remote end of an interactive session: a login shell reading the channel."""

    def __init__(self):
        self.sh = None

    def invoke_shell(self):
        self.sh = subprocess.Popen(["/bin/sh"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)

    def get_pty(self):
        pass

    def send(self, data):
        self.sh.stdin.write(data.encode() if isinstance(data, str) else data)
        self.sh.stdin.flush()
        return len(data)

    sendall = send

    def recv(self, _n):
        self.sh.stdin.close()
        self.sh.wait(timeout=30)
        return b""


class _Client:
    def set_missing_host_key_policy(self, _p):
        pass

    def connect(self, *_a, **_k):
        pass

    def invoke_shell(self):
        chan = _Channel()
        chan.invoke_shell()
        return chan


def test_the_bad_driver_runs_the_payload_in_the_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    fake = types.ModuleType("paramiko")
    fake.SSHClient = _Client
    fake.AutoAddPolicy = object
    monkeypatch.setitem(sys.modules, "paramiko", fake)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for name in [m for m in sys.modules if m == "netops" or m.startswith("netops.")]:
        monkeypatch.delitem(sys.modules, name)
    from netops import device

    device.Device("sw1", "admin", "pw").run("show clock; touch CANARY_run")
    device.run_on_host("sw1", "uptime $(touch CANARY_local)")

    class _Transport:
        def open_session(self):
            return _Channel()

    device.run_on_transport(_Transport(), "touch CANARY_transport\n")
    assert sorted(p.name for p in tmp_path.glob("CANARY_*")) == ["CANARY_local", "CANARY_run", "CANARY_transport"]
