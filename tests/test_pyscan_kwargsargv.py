"""Issue 25: ``Popen(argv, **kwargs)`` whose argv itself starts a shell with code
(``["ssh", host, ...] + cmd``, ``["bash", "-lc", script]``).  The ``**kwargs`` pass-through
makes ``shell=True`` only a maybe (a weak fact nobody traces); the argv starting a
(remote) shell with data is certain, so that is the fact reported, traced to callers.
``fixtures/pyscan/kwargsargv``: helper module + caller module, bad and good, end to end
through the CLI; the bad helpers proven with real bash (``ssh`` played by a stand-in that
does what ssh does: join the words and hand them to the remote user's shell)."""

import importlib.util
import os
import stat
import sys

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "kwargsargv"


_lint = lint_ul4


def test_bad_tree_reports_helpers_and_callers():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert all(f["severity"] == "error" for f in found)
    helpers = {f["line"]: f for f in found if f["path"].endswith("context.py") and f["rule"] == "UL403"}
    assert "ssh host <command>" in helpers[22]["message"] and "bash -c" in helpers[31]["message"]
    assert not any("pass-through" in f["message"] for f in found)  # not the weak maybe-shell=True
    assert {f["rule"] for f in found if f["path"].endswith("cli.py")} == {"UL411"}
    assert _lint(bad, seed="1")[1] == found


def test_good_tree_is_quiet():
    code, found = _lint(TREE / "good")
    assert (code, found) == (0, [])


def test_bad_helpers_run_the_values_as_shell_code(tmp_path, monkeypatch):
    # ssh joins its command words with spaces and the remote sshd runs them with
    # `$SHELL -c` (ssh(1), sshd(8)): the stand-in does exactly that, locally
    fake = tmp_path / "bin" / "ssh"
    fake.parent.mkdir()
    # (OpenSSH reads options after the host too: ssh.c restarts getopt after it)
    fake.write_text(
        '#!/bin/bash\nhost=""\nwhile [ $# -gt 0 ]; do case "$1" in -o|-p|-i) shift 2;; -*) shift;;\n'
        '  *) if [ -z "$host" ]; then host=$1; shift; else break; fi;; esac; done\n'
        'exec /bin/bash -c "$*"\n'
    )
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delitem(sys.modules, "remote", raising=False)
    spec = importlib.util.spec_from_file_location("kwargsargv_bad_context", TREE / "bad" / "remote" / "context.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    canary = tmp_path / "canary"
    mod.RemoteContext("db1").check_output(["ls", "-l", f"/; touch {canary}"])
    assert canary.exists()
    canary2 = tmp_path / "canary2"
    mod.bash(f"true; touch {canary2}", check=True)
    assert canary2.exists()
