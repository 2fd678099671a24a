"""A shell in a container (or another root) that reads its commands from standard input
(issue 25, linter/pyscan/stdinscript.py ``_container_stdin``).

``fixtures/pyscan/containerstdin``: ``docker exec --interactive CID /bin/bash`` fed the
caller's command through ``proc.stdin.write``, ``kubectl exec -i POD -- sh`` and ``chroot ROOT
/bin/sh -s`` given ``input=``.  The runners are the program table's CONTAINER_EXEC: they run the
rest of the argv as the command (docker-exec(1) ``-i``: "Keep STDIN open"; kubectl exec ``-i,
--stdin``: "Pass stdin to the container"; chroot(1) runs COMMAND with the caller's stdin), and a
shell given no script operand reads its commands from stdin (bash(1), dash(1)).  bad: every
``# FLAG`` line and nothing else; good: SQL for psql, data for ``cat`` inside a ``-c`` script,
``docker exec`` without ``-i``, a constant script.

The canary runs the flagged functions with stand-ins for docker, kubectl and chroot first on
``PATH`` that do what the real ones do with the argv (skip their own words and the container,
then run the command with the caller's stdin) and proves the text reached a real sh."""

import os
import sys

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines, programs_on_path, where_found

TREE = FIXTURES / "pyscan" / "containerstdin"

# docker/kubectl: the sub-command, options (-u/-w/-e/-c take a value), the container, ``--``,
# then the command; chroot: the new root, then the command
_FAKE_EXEC = """#!/bin/sh
shift
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; break;;
    -[uwec]) shift 2;;
    -*) shift;;
    *) shift; [ "$1" = "--" ] && shift; break;;
  esac
done
exec "$@"
"""
_FAKE_CHROOT = """#!/bin/sh
shift
exec "$@"
"""


def test_bad_tree_reports_every_shell_fed_on_stdin_and_nothing_else():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    by = {f["line"]: f for f in found}
    for f in found:
        assert f["rule"] == "UL403" and f["severity"] == "error" and f["column"] > 0, f
    assert "docker … bash <script on stdin>" in by[14]["message"] and "'cmd'" in by[14]["message"]
    assert "kubectl … sh <script on stdin>" in by[20]["message"]
    assert "chroot … sh <script on stdin>" in by[24]["message"]


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert found == [] and code == 0


@pytest.fixture
def boxes(tmp_path, monkeypatch):
    programs_on_path(tmp_path, monkeypatch, {"docker": _FAKE_EXEC, "kubectl": _FAKE_EXEC, "chroot": _FAKE_CHROOT})
    monkeypatch.chdir(tmp_path)
    yield
    for name in [m for m in sys.modules if m == "boxes" or m.startswith("boxes.")]:
        del sys.modules[name]


def test_flagged_calls_run_the_text_in_real_sh(boxes, tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    from boxes import runner

    runner.Container("cid").execute("touch c1")
    runner.in_pod("pod", "touch c2\n")
    runner.in_root("/", "touch c3\n")
    assert all(os.path.exists(tmp_path / c) for c in ("c1", "c2", "c3"))


def test_good_calls_keep_the_text_data(boxes, tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(TREE / "good"))
    from boxes import runner

    runner.write_file("cid", "touch g1\n")
    assert not os.path.exists(tmp_path / "g1")
    assert (tmp_path / "app.conf").read_text() == "touch g1\n"  # the data became the file's content
