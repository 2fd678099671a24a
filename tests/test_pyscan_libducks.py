"""Library runners reached through duck-typed receivers (issue 25, linter/pyscan/libmodels.py).

``fixtures/pyscan/libducks``: helpers that take an invoke Context / fabric Connection
as a plain first parameter (``def directory(c, path): c.run(...)``) in a module that
imports invoke, or that pass invoke-only runner keywords (``hide=``, ``warn=``); an
ssh2-python channel's ``execute`` called directly or handed with its argument to a
retry helper (``self.eagain(channel.execute, cmd)``); a subclass running the
``sh -c`` argv its base class builds.  The caller module's command-line values are
flows (UL411) at the call.  The good tree (quoted values, constants, objects that
are not connections: ``runner.run``, ``repo.git.run``, a rebound ``ctx``, a DB
cursor's ``execute``, an overriding ``args()``) has no error or warning.  The bad
helpers are run with a payload through real bash (what invoke's Local runner and a
remote login shell do with the string: ``/bin/bash -c command``).
"""

import os
import subprocess
import sys
import types

import pytest
from conftest import FIXTURES, marked_lines, project_findings, run_cli

TREE = FIXTURES / "pyscan" / "libducks"


def _findings(tree):
    return project_findings(tree)


def test_bad_tree_every_flag_and_nothing_else():
    code, fs = _findings(TREE / "bad")
    assert code == 1
    at = {(f["path"], f["line"]) for f in fs}
    flagged = marked_lines(TREE / "bad", "# FLAG")
    calls = {("deploykit/cli.py", 9), ("deploykit/cli.py", 10)}  # the caller module's flows
    assert at == flagged | calls, (at - flagged - calls, flagged - at)
    by = {(f["path"], f["line"]): f for f in fs}
    for where in at:
        assert by[where]["severity"] in ("error", "warning"), by[where]
    assert by[("deploykit/cli.py", 9)]["rule"] == "UL411"
    assert "directory()" in by[("deploykit/cli.py", 9)]["message"]
    assert "ssh2 Channel.execute" in by[("deploykit/channel.py", 13)]["message"]
    assert "invoke.Context.run" in by[("deploykit/probe.py", 5)]["message"]
    assert by[("deploykit/notify.py", 16)]["rule"] == "UL403"


def test_good_tree_has_no_error_or_warning():
    code, fs = _findings(TREE / "good")
    loud = [f for f in fs if f["severity"] != "note"]
    assert loud == [], loud
    assert code == 0  # notes only (quoted values, a constant command through a shell): exit 0
    assert {f["path"] for f in fs} <= {
        "deploykit/files.py",
        "deploykit/probe.py",
        "deploykit/channel.py",
        "deploykit/runners.py",
    }


def test_findings_do_not_depend_on_hash_seed():
    outs = []
    for seed in ("0", "1", "4242"):
        r = run_cli(
            "--format",
            "json",
            "--no-config",
            "--no-cache",
            "--select",
            "UL4",
            "--project-root",
            ".",
            ".",
            cwd=TREE / "bad",
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        assert r.returncode == 1, r.stderr
        outs.append(r.stdout)
    assert outs[0] == outs[1] == outs[2]


class _BashConnection:
    """What invoke's Local runner (and a remote login shell) does with a command string."""

    def _sh(self, command, **_kw):
        subprocess.run(["/bin/bash", "-c", command], check=False, capture_output=True)
        return types.SimpleNamespace(ok=True)

    run = sudo = local = _sh


class _BashChannel:
    def execute(self, command):
        subprocess.run(["/bin/bash", "-c", command], check=False, capture_output=True)


@pytest.fixture
def bad_pkg(monkeypatch):
    for name in [m for m in sys.modules if m == "deploykit" or m.startswith("deploykit.")]:
        monkeypatch.delitem(sys.modules, name)
    for name in ("invoke", "invoke.vendor", "ssh2", "ssh2.session"):
        mod = types.ModuleType(name)
        mod.six = mod.Session = None
        monkeypatch.setitem(sys.modules, name, mod)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    yield
    for name in [m for m in sys.modules if m == "deploykit" or m.startswith("deploykit.")]:
        del sys.modules[name]


def test_flagged_helpers_run_the_payload_in_real_bash(bad_pkg, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    from deploykit import channel, files, notify, probe

    c = _BashConnection()
    files.directory(c, "d; touch c1", mode="700 d; touch c2;")
    files.sync(c, "a; touch c3;", "h", "t")
    probe.have_program(c, "ls; touch c4")
    channel.Client().execute("true; touch c5", _BashChannel())
    channel.Client().start(_BashChannel(), "true; touch c6")
    notify.CustomNotifier("touch c7").notify("hi")
    made = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("c"))
    assert made == ["c1", "c2", "c3", "c4", "c5", "c6", "c7"]


def test_set_runner_helpers_run_the_payload_in_real_bash(bad_pkg, tmp_path, monkeypatch):
    # patchwork's @set_runner hands c.run (c.sudo with sudo=True) as the 2nd argument
    monkeypatch.chdir(tmp_path)
    from deploykit import runners

    c = _BashConnection()
    runners.ensure_dir(c, "d; touch r1", mode="700 d; touch r2;")
    runners.file_exists(c, "$(touch r3)", sudo=True)
    made = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("r"))
    assert made == ["r1", "r2", "r3"]
