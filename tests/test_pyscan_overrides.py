"""Issue 25: ``self.meth()`` of a base class whose ``meth`` is abstract reaches the overrides
of ``meth`` in the tree's subclasses, in other modules (parallel-ssh's ``run_command`` ->
``self._execute`` shape).  ``fixtures/pyscan/overrides``: bad (a command string run by an ssh
and a local-shell subclass) and good (argv lists, no shell in any subclass)."""

import json
import os
import shutil
import subprocess
import sys

import pytest
from conftest import FIXTURES, marked_lines, run_cli, where_found

TREE = FIXTURES / "pyscan" / "overrides"


def _lint(path, seed):
    env = dict(os.environ, PYTHONHASHSEED=seed)
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", path, env=env)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def test_base_call_reports_through_every_shell_override():
    bad = TREE / "bad"
    code, found = _lint(bad, "0")
    assert code == 1
    got = where_found(bad, found)
    assert got == marked_lines(bad)
    base = [f for f in found if f["path"].endswith("base.py")]
    assert len(base) == 1 and base[0]["rule"] == "UL411" and base[0]["severity"] == "error"
    assert "local.py:9" in base[0]["message"] and "sshcli.py:9" in base[0]["message"]
    assert _lint(bad, "1")[1] == found  # the same on another hash seed


def test_argv_overrides_are_quiet():
    code, found = _lint(TREE / "good", "0")
    assert code == 0 and found == []


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_the_local_override_runs_the_users_text_as_shell(tmp_path, monkeypatch):
    # the bad tree's LocalClient, driven through BaseClient.run_command as a caller would
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    ours = [m for m in sys.modules if m == "hostkit" or m.startswith("hostkit.")]
    for name in ours:
        monkeypatch.delitem(sys.modules, name)
    try:
        from hostkit.clients.local import LocalClient

        LocalClient("localhost").run_command("true; touch CANARY_OVERRIDE")
    finally:
        for name in [m for m in sys.modules if m == "hostkit" or m.startswith("hostkit.")]:
            del sys.modules[name]  # another test tree may name a package hostkit too
    assert (tmp_path / "CANARY_OVERRIDE").exists()
    assert subprocess.run(["ls"], capture_output=True, text=True).stdout.strip() == "CANARY_OVERRIDE"
