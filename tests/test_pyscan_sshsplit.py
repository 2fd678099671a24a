"""Issue 25 (pyA31): remote command lines built as one string with the ssh command first and
split into an argv locally (``shlex.split(f"{ssh_cmd} zfs list '{dataset}'")``,
``proc.open(ssh_command + " " + ...)`` with a runner that splits, ``shlex.split(ssh_cmd) +
["rm", path]``).  The local split removes the quotes the template writes (and those
``shlex.quote`` added inside the string); ssh joins the words after the destination with
spaces into one line the remote user's shell parses (ssh(1), OpenSSH ssh.c; the stand-in below
does the same).  The prefix is known by its name only (:mod:`utcp_lint.pyscan.remoteprefix`).
``fixtures/pyscan/sshsplit``: bad (each shape) and good (words quoted after the split,
``shlex.join``, constants, a local program that is no ssh)."""

import json
import os
import sys

from conftest import FAKE_SSH, FIXTURES, marked_lines, programs_on_path, run_cli, where_found

TREE = FIXTURES / "pyscan" / "sshsplit"

_FAKE_SSH = FAKE_SSH  # conftest: ssh joins the words after the destination for sh -c
_FAKE_ZFS = "#!/bin/sh\nexit 0\n"


def _lint(path, seed="0"):
    env = dict(os.environ, PYTHONHASHSEED=seed)
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", path, env=env)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def test_every_split_remote_command_is_reported_on_any_hash_seed():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert all(f["severity"] == "error" for f in found)
    assert {f["rule"] for f in found} == {"UL411", "UL403"}  # through the splitting runner / in place
    assert _lint(bad, "1")[1] == found


def test_words_quoted_after_the_split_are_quiet():
    code, found = _lint(TREE / "good")
    assert code == 0 and found == []


def _load(tree, tmp_path, monkeypatch):
    programs_on_path(tmp_path, monkeypatch, {"ssh": _FAKE_SSH, "zfs": _FAKE_ZFS, "rm": _FAKE_ZFS})
    monkeypatch.chdir(tmp_path)
    for name in [m for m in sys.modules if m == "zrep" or m.startswith("zrep.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.syspath_prepend(str(tree))
    from zrep.fs import ops

    return ops


def test_the_local_split_strips_the_quotes_and_the_remote_shell_runs_the_value(tmp_path, monkeypatch):
    ops = _load(TREE / "bad", tmp_path, monkeypatch)
    ssh = "ssh -p 22 user@host"
    ops.destroy("tank/a'; touch c1; '", ssh)  # inside hand-written '...' in the template
    ops.create("tank/b; touch c2", ssh)
    ops.listing("tank/c; touch c3", ssh)
    ops.remove("x; touch c4", ssh)
    ops.rename("tank/d; touch c5", "tank/e", ssh)  # shlex.quote inside the string, undone by the split
    ops.list_datasets("tank/f'; touch c6; '", ssh)  # prefixed only on the remote path
    for name in [m for m in sys.modules if m == "zrep" or m.startswith("zrep.")]:
        del sys.modules[name]
    assert all((tmp_path / c).exists() for c in ("c1", "c2", "c3", "c4", "c5", "c6"))


def test_the_good_tree_keeps_each_value_one_remote_word(tmp_path, monkeypatch):
    ops = _load(TREE / "good", tmp_path, monkeypatch)
    ssh = "ssh -p 22 user@host"
    ops.destroy("tank/a; touch c1", ssh)
    ops.remove("x; touch c2", ssh)
    ops.list_local("tank/a'; touch c3; '")  # split locally, no shell anywhere
    for name in [m for m in sys.modules if m == "zrep" or m.startswith("zrep.")]:
        del sys.modules[name]
    assert not any((tmp_path / c).exists() for c in ("c1", "c2", "c3"))
