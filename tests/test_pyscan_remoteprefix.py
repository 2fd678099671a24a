"""A remote-shell connection prefix known only by its name (issue 25,
linter/pyscan/remoteprefix.py).

``fixtures/pyscan/remoteprefix``: a package whose ``conn`` module builds the ssh part of the
argv (a class attribute set by a base class, an ``SSH`` object's ``cmd``, a module constant, a
helper) and whose ``ops`` module adds the remote command to it: ``self.ssh_cmd + [command]``,
``ssh.cmd + argv``, ``conn.SSH_CMD + [f"rm -rf {run_dir}/log"]``.  The prefix holds the
destination, so the first added word is the remote command (ssh(1): "If a command is specified,
it is executed on the remote host"; OpenSSH joins the words after the destination with spaces
for the remote user's shell).  bad: every ``# FLAG`` line and nothing else (the helper's prefix
is the project analysis's UL411, one finding); good: constant or ``shlex.quote``d words, a port
forward (``-N -L``), the destination added by the code (``[target_host, ...]``), scp.
``sshpass -p PW ssh HOST CMD`` (sshpass(1) runs the command after its own options) is read
as the ssh it runs (linter/pyscan/sinks.py WRAPPERS).

The canary runs the flagged functions with a stand-in ``ssh`` first on ``PATH`` that does what
OpenSSH does with its argv: options, the destination, then the remaining words joined with
spaces and handed to the (here local) user's shell, ``sh -c``."""

import os
import sys

import pytest
from conftest import FAKE_SSH, FIXTURES, lint_ul4, marked_lines, programs_on_path, where_found

from utcp_lint.pyscan.remoteprefix import prefix_program

TREE = FIXTURES / "pyscan" / "remoteprefix"

_FAKE_SSH = FAKE_SSH  # conftest: ssh joins the words after the destination for sh -c
# sshpass(1): its own options (-f/-d/-p/-P take a value), then the command it runs
_FAKE_SSHPASS = """#!/bin/sh
while [ $# -gt 0 ]; do
  case "$1" in
    -[fdpP]) shift 2;;
    -*) shift;;
    *) break;;
  esac
done
exec "$@"
"""


def test_bad_tree_reports_every_named_prefix_and_nothing_else():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    by = {(f["path"].rsplit("/", 1)[-1], f["line"]): f for f in found}
    for key in (("ops.py", 12), ("ops.py", 17), ("ops.py", 20), ("ops.py", 24), ("pw.py", 7), ("pw.py", 11)):
        f = by[key]
        assert f["rule"] == "UL403" and f["severity"] == "error" and f["column"] > 0, f
        assert "ssh host <command>" in f["message"], f
    assert "'command'" in by[("ops.py", 17)]["message"] and "'run_dir'" in by[("ops.py", 24)]["message"]
    assert by[("ops.py", 29)]["rule"] == "UL411"  # the helper's returned prefix: the project analysis's
    assert (
        "ssh host sh <script on stdin>" in by[("ops.py", 35)]["message"]
        and "'log_file'" in by[("ops.py", 35)]["message"]
    )
    assert "'command'" in by[("pw.py", 7)]["message"] and "'password'" not in by[("pw.py", 7)]["message"]


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert found == [] and code == 0


def test_names_of_a_whole_prefix():
    import ast

    def name(src):
        return prefix_program(ast.parse(src, mode="eval").body)

    assert name("self.ssh_cmd") == "ssh" and name("SSH_PREFIX") == "ssh" and name("base_ssh_command") == "ssh"
    assert name("ssh.cmd") == "ssh" and name("self._ssh.command") == "ssh" and name("autossh_cmd") == "autossh"
    # the program's path, its options, another program, an object that is no prefix
    assert name("ssh_bin") is None and name("ssh_args") is None and name("ssh_path") is None
    assert name("scp_cmd") is None and name("git_cmd") is None and name("self.cmd") is None


@pytest.fixture
def fleet(tmp_path, monkeypatch):
    programs_on_path(tmp_path, monkeypatch, {"ssh": _FAKE_SSH, "sshpass": _FAKE_SSHPASS})
    monkeypatch.chdir(tmp_path)
    yield

    for name in [m for m in sys.modules if m == "fleet" or m.startswith("fleet.")]:
        del sys.modules[name]


def test_flagged_calls_run_the_payload_in_the_remote_shell(fleet, tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    from fleet import conn, ops, pw

    pw.run_with_password("pw", "h", "touch c6")
    pw.cat_with_env_password("h", "x; touch c7")
    ops.run(["echo", "x;", "touch", "c1"], ssh=conn.SSH("u", "h"))
    ops.Remote("h").shell("touch c2")
    ops.Remote("h").rmfile("x; touch c3")
    ops.tidy("x; touch c4;").wait()
    ops.resolve("h", "x; touch c5")
    ops.launch(["ssh", "-o", "BatchMode=yes", "h"], "/dev/null; touch c8;")
    assert all(os.path.exists(tmp_path / c) for c in ("c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"))


def test_good_calls_keep_the_payload_a_word(fleet, tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(TREE / "good"))
    from fleet import ops, pw

    pw.cat("pw", "h", "x; touch g4")
    ops.Remote("h").rmfile("x; touch g1")
    ops.remote_ls("h", "x; touch g2")
    ops.resolve("h", "x; touch g3")
    assert not any(os.path.exists(tmp_path / c) for c in ("g1", "g2", "g3", "g4"))
