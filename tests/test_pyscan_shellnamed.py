"""Command lines handed to a method named for a shell on an object the scan does not resolve
(issue 25, pyA34: linter/pyscan/duckcmd.py ``SHELL_METHODS``, ``DEVICE_SHELL_COMMANDS``).

``fixtures/pyscan/shellnamed``: a test-bench controller that drives Android devices and hosts
through objects whose class is nowhere in its module (an adb proxy of another module whose
``shell`` comes from ``__getattr__``, a device handed in, a host, a TV remote) and gives their
``shell``/``shell_output``/``run_shell_command``/``adb_shell`` a command line (its constant head a
program of the shell engine's table or a device shell's command: ``iperf3``, ``am``, ``run-as``,
``tar``, ``input``), a module constant formatted with a parameter, and an adb socket client whose
``shell(cmd=None)`` tests ``if cmd:`` before sending ``"shell:%s" % cmd`` (the test of the
command itself is no shell flag: guards.py).  bad: every ``# FLAG`` line and nothing else; good:
quoted values, argv lists, constants, a class of the module whose ``shell`` only records text,
text that is no command line, a method with "shell" inside a longer name.  The flagged helpers
are run with a payload through real ``sh -c`` (what adbd does with ``shell:`` and ``adb shell``
with its string) and a canary file proves the injection."""

import json
import os
import subprocess
import sys

import pytest
from conftest import FIXTURES, marked_lines, run_cli, where_found

from utcp_lint.pyscan.duckcmd import DEVICE_SHELL_COMMANDS, SHELL_METHODS, command_head_word

TREE = FIXTURES / "pyscan" / "shellnamed"


def _lint(path):
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", str(path))
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def test_bad_tree_reports_every_shell_named_call_and_nothing_else():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    by = {(os.path.basename(f["path"]), f["line"]): f for f in found}
    for (name, _line), f in by.items():
        assert f["column"] > 0 and f["confidence"] in ("medium", "high"), f
        if name == "device.py":
            # the method's name and the command line's shape say a shell runs it: a warning
            assert f["rule"] == "UL404" and f["severity"] == "warning", f
    assert "'server_host'" in by[("device.py", 13)]["message"]
    assert "'package'" in by[("device.py", 16)]["message"]  # the module constant's head: 'am ...'
    assert "run-as" in by[("device.py", 20)]["message"]
    # the adb client: the request (its ``if cmd:`` is no flag) and the caller through the summary
    assert "adb shell: service request" in by[("client.py", 16)]["message"]
    assert by[("client.py", 22)]["rule"] == "UL408" and "'package'" in by[("client.py", 22)]["message"]


def test_good_tree_is_quiet():
    code, found = _lint(TREE / "good")
    assert found == [] and code == 0


def test_device_words_count_only_for_methods_named_for_a_shell():
    assert command_head_word("am force-stop ", device=True) == "am"
    assert command_head_word("run-as ", device=True) == "run-as"
    assert command_head_word("input keyevent ") is None  # another method: a plain word
    assert command_head_word("hello ", device=True) is None
    assert {"shell", "shell_output", "adb_shell", "run_shell_command"} <= SHELL_METHODS
    assert {"am", "pm", "input", "getprop", "logcat"} <= DEVICE_SHELL_COMMANDS


def test_a_guard_on_a_flag_still_hides_the_shell(tmp_path):
    (tmp_path / "m.py").write_text(
        "import os, subprocess\n"
        "def run(cmd, shell=False):\n"
        "    if shell:\n"
        "        return os.system(cmd)\n"
        "    return subprocess.call(cmd.split())\n"
    )
    code, found = _lint(tmp_path)
    assert found == [] and code == 0


class _Sh:
    """What ``adb shell STRING`` and adbd's ``shell:`` service do with the string: the device's
    ``sh -c`` (AOSP daemon/shell_service.cpp); here the local sh."""

    def _sh(self, cmd=None, **_kw):
        subprocess.run(["/bin/sh", "-c", cmd], check=False, capture_output=True)
        return b""

    shell = shell_output = adb_shell = run_shell_command = _sh


@pytest.fixture
def bad_pkg(monkeypatch):
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    yield
    for name in [m for m in sys.modules if m == "benchkit" or m.startswith("benchkit.")]:
        del sys.modules[name]


def test_flagged_calls_run_the_payload_in_real_sh(bad_pkg, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    from benchkit import device

    d = device.AndroidDevice("emulator-5554")
    d.adb = _Sh()
    d.run_iperf_client("h; touch c1")
    d.stop_snippet("p; touch c2;")
    device.lldb_dir(_Sh(), "a; touch c3;")
    device.unpack(_Sh(), "x.tgz; touch c4;")
    device.press(_Sh(), "3; touch c5")
    assert {p.name for p in tmp_path.iterdir()} == {"c1", "c2", "c3", "c4", "c5"}


def test_the_adb_client_request_runs_the_payload_in_real_sh(bad_pkg, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    from benchkit import client

    class _Adbd:
        """The adb server's side of the socket: ``sh -c`` of the text after ``shell:``."""

        def sendall(self, data):
            request = data[4:].decode()
            if request.startswith("shell:") and request[6:]:
                subprocess.run(["/bin/sh", "-c", request[6:]], check=False, capture_output=True)

        def recv(self, _n):
            return b""

    c = client.AdbClient.__new__(client.AdbClient)
    c.socket = _Adbd()
    c.force_stop("p; touch CANARY")
    assert {p.name for p in tmp_path.iterdir()} == {"CANARY"}
