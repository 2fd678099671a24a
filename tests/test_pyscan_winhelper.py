"""Issue 25 (pyA31): project helpers that turn the shell on for Windows only.

``def subprocess(cls, argv, out): Popen(argv, shell=os.name == "nt")`` in a base class, called
as ``self.subprocess([self.binary, *self.extra_args])`` from subclasses of other modules, and
``run_package_manager(["npm", "install", pkg])`` into ``shell=IS_WINDOWS``: on Windows CPython
joins the whole list with ``subprocess.list2cmdline`` and hands the line to ``cmd.exe /c``
(``Lib/subprocess.py``, proven in tests/test_pyscan_windows.py), so every item of the caller's
list is cmd.exe code, not only the first as with ``/bin/sh -c`` on POSIX.  The callers are
reported (UL411) where a value from outside enters the list; ``fixtures/pyscan/winhelper``:
bad (configured binaries, a public path parameter, command-line values) and good (no shell on
any platform, a private helper only ever given constant lists).
"""

import json
import os
import subprocess

from conftest import FIXTURES, marked_lines, run_cli, where_found

TREE = FIXTURES / "pyscan" / "winhelper"


def _lint(path, seed="0"):
    env = dict(os.environ, PYTHONHASHSEED=seed)
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", path, env=env)
    assert "Traceback" not in r.stderr and "internal error" not in r.stdout + r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def test_callers_of_a_windows_shell_helper_are_reported_on_any_hash_seed():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    callers = [f for f in found if f["rule"] == "UL411"]
    assert len(callers) == 5
    # the inherited ``self.subprocess`` of a base class in another module is followed
    inherited = [f for f in callers if f["path"].endswith("cleancss.py") and f["line"] == 13]
    assert inherited and inherited[0]["severity"] == "warning"  # a configured value: not known statically
    public = [f for f in callers if f["path"].endswith("cleancss.py") and f["line"] == 18]
    assert public and public[0]["severity"] == "error" and "'source_path'" in public[0]["message"]
    assert _lint(bad, "1")[1] == found


def test_argv_without_shell_and_constant_lists_are_quiet():
    good = TREE / "good"
    _code, found = _lint(good)
    assert [f for f in found if f["rule"] == "UL411"] == []
    assert not any(f["path"].endswith(("cli.py", "cleancss.py")) for f in found)


def test_the_list_a_caller_builds_reaches_cmd_exe_unquoted():
    # the bad tree's minify() list, joined as CPython does on Windows before ``cmd.exe /c``
    line = subprocess.list2cmdline(["cleancss", "--root", "css&calc.exe"])
    assert line == "cleancss --root css&calc.exe"  # no quotes: cmd.exe reads ``&`` as a separator
