"""Command lines sent to a network device's CLI session (issue 25, linter/pyscan/duckcmd.py,
DEVICE_METHODS).

``fixtures/pyscan/devicechan``: a file-transfer helper and scripts that hand a command line
built from a parameter to netmiko's ``send_command``/``send_command_timing``/
``send_command_expect``/``_send_command_str`` on a connection named for a device session
(``self.ssh_ctl_chan``, ``net_connect``, ``device``; ``send_command``, also an instrument
driver's method name, on ``device``/``conn`` only in a module importing netmiko, napalm,
nornir-netmiko or scrapli).  The device's CLI reads the line (IOS
exec, or a Unix shell after netmiko's ``_enter_shell``); its commands (``dir``, ``show``)
are no programs of the shell engine's table, so the receiver's role says it.  bad: every
``# FLAG`` line and nothing else; good: constant lines, a ``shlex.quote``d file name, a
mailer's ``send_message``, a serial instrument's ``self.device.send_command(message)``.  The Unix-shell case is run with a payload through real ``sh -c``
(what the device's shell does with the line) and a canary file proves the injection."""

import os
import subprocess

from conftest import FIXTURES, lint_ul4, load_fixture_module, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "devicechan"


def test_bad_tree_reports_every_device_command_and_nothing_else():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    for f in found:
        assert f["rule"] == "UL404" and f["severity"] == "error", f
        assert f["confidence"] == "medium" and f["column"] > 0, f
    by = {(f["path"].rsplit("/", 1)[-1], f["line"]): f for f in found}
    assert "'remote_file'" in by[("transfer.py", 12)]["message"]
    assert "_send_command_str()" in by[("transfer.py", 12)]["message"]
    assert "'interface'" in by[("transfer.py", 23)]["message"]
    assert "device.send_command()" in by[("show.py", 11)]["message"]


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert found == [] and code == 0


class _UnixShellChannel:
    """A device session after ``_enter_shell``: the line is read by the device's sh."""

    def _send_command_str(self, command_string, **_kw):
        subprocess.run(["/bin/sh", "-c", command_string], check=False, capture_output=True)
        return ""

    send_command_timing = send_command_expect = send_command = _send_command_str


def test_flagged_lines_run_the_payload_in_real_sh(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = load_fixture_module(TREE / "bad" / "netops" / "transfer.py", "dc")
    good = load_fixture_module(TREE / "good" / "netops" / "transfer.py", "dc")
    chan = _UnixShellChannel()
    bad.FileCheck(chan, "/").remote_file_size("x; touch c1")
    bad.FileCheck(chan, "/").exists("x; touch c2")
    bad.show_interface(chan, "x; touch c3")
    assert all(os.path.exists(tmp_path / c) for c in ("c1", "c2", "c3"))
    good.FileCheck(chan).remote_file_size("x; touch g1")
    assert not os.path.exists(tmp_path / "g1")
