"""Device objects of adb client libraries (issue 25, linter/pyscan/runnerlibs.py
``LIB_OBJECT_RUNNERS``): adbutils ``AdbDevice.shell(cmdargs)``/``shell2`` and
``adb.shell(serial, command)``, uiautomator2 ``Device.shell(cmdargs)``, pure-python-adb
``Device.shell(cmd)`` send a string as the ``shell:`` service request, which adbd runs with
``/system/bin/sh -c`` (adbshell.py); a list is joined with quoting.

``fixtures/pyscan/adbdevices``: bad: every ``# FLAG`` line (a device from ``u2.connect()``,
``adb.device()``, ``Client().device()``, one kept in ``self._dev`` or handed in as a parameter in a
module importing the library) and nothing else; good: constant commands, ``shlex.quote``-d
values, argv lists (a literal, a ``list[str]`` parameter and an argparse ``nargs="*"`` value).  The canary test runs the flagged
wrapper with a stand-in device that does what adbd does with the text (``sh -c``) and proves the
injection with a canary file; the quoted helper does not inject."""

import importlib
import shlex
import subprocess
import sys
import types

from conftest import FIXTURES, flagged_tree, lint_ul4

TREE = FIXTURES / "pyscan" / "adbdevices"


def test_bad_tree_reports_every_device_shell_and_nothing_else():
    bad = TREE / "bad"
    found, by = flagged_tree(bad)
    for f in found:
        assert f["rule"] in ("UL404", "UL408") and f["severity"] == "error" and f["column"] > 0, f
    assert "remote shell" in by[("automation.py", 10)]["message"]
    assert "'command'" in by[("automation.py", 19)]["message"]  # adb.shell(serial, command): the 2nd
    assert "adbutils.AdbDevice.shell2" in by[("automation.py", 29)]["message"]
    assert by[("automation.py", 32)]["rule"] == "UL408"  # the wrapper's caller


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert found == [] and code == 0


class _Adbd:
    """A device that runs a ``shell:`` request as adbd does: ``sh -c <text>`` (a list joined with
    quoting first, as adbutils' ``list2cmdline`` does)."""

    def __init__(self, cwd):
        self.cwd = cwd

    def shell2(self, cmdargs, timeout=60):
        text = cmdargs if isinstance(cmdargs, str) else shlex.join(cmdargs)
        return subprocess.run(["/bin/sh", "-c", text], cwd=self.cwd, capture_output=True, timeout=timeout)

    shell = shell2


def _module(monkeypatch, tree, name):
    for lib in ("uiautomator2", "adbutils", "ppadb", "ppadb.client"):
        monkeypatch.setitem(sys.modules, lib, types.ModuleType(lib))
    sys.modules["adbutils"].adb = None
    sys.modules["ppadb.client"].Client = None
    monkeypatch.syspath_prepend(str(tree))
    for k in [k for k in sys.modules if k == "droidkit" or k.startswith("droidkit.")]:
        monkeypatch.delitem(sys.modules, k)
    return importlib.import_module(f"droidkit.{name}")


def test_canary_device_shell_runs_the_payload(tmp_path, monkeypatch):
    canary = tmp_path / "canary"
    bad = _module(monkeypatch, TREE / "bad", "automation")
    bad.PhoneHandle(_Adbd(tmp_path)).open_url(f"http://x; touch {canary}")
    assert canary.exists()
    canary.unlink()
    good = _module(monkeypatch, TREE / "good", "automation")
    monkeypatch.setattr(good, "adb", types.SimpleNamespace(device=lambda serial=None: _Adbd(tmp_path)))
    good.cat("emulator-5554", f"f; touch {canary}")
    good.install("emulator-5554", f"a; touch {canary}")
    assert not canary.exists()
