"""Shells reached through a library or an argv prefix (issue 25: UL403, UL404, UL411).

``fixtures/pyscan/libshell``: a tmux driver in libtmux's shape (``server.cmd("new-window",
*args)``: tmux runs one shell-command operand with the default shell and types
send-keys' keys into the pane), a libtmux user (``session.new_window(window_shell=)``,
``pane.send_keys``), runners whose argv ends in ``sh -c`` after a prefix known only at
run time (``[*container_cmd, "sh", "-c", cmd]``, ``partial(call, *arch_prefix, "/bin/sh",
"-c")``) and a shell kept open on a pipe that is fed shell-quoted argv lines.  The bad
tree's configured commands are flows at the feeding call; the good tree (several tmux
operands run as an argv, option values, argv lists through the same runners, another
library's ``send_keys``) is quiet.  Both proven by running the fixture's code with a
payload: real tmux, real sh and bash (canary files).
"""

import importlib
import json
import shutil
import subprocess
import sys
import time

import pytest
from conftest import FIXTURES, marked_lines, project_findings

TREE = FIXTURES / "pyscan" / "libshell"


def _findings(tree):
    return project_findings(tree)


# the stdin-script note of the shell kept open on a pipe: the items are shlex-quoted
STDIN_NOTE = ("UL403", "shellkit/session.py", 13)


def test_configured_commands_are_flows_at_the_feeding_call():
    code, fs = _findings(TREE / "bad")
    assert code == 1
    flagged = marked_lines(TREE / "bad", "# FLAG")
    sinks = marked_lines(TREE / "bad", "# SINK")
    at = {(f["path"], f["line"]) for f in fs}
    assert flagged <= at, flagged - at
    assert sinks <= at, sinks - at
    assert at <= flagged | sinks | {STDIN_NOTE[1:]}, at - flagged - sinks
    by = {(f["path"], f["line"]): f for f in fs}
    for where in flagged | sinks:
        assert by[where]["severity"] in ("error", "warning"), by[where]
    # the tmux driver: the shell-command operand, the keys; libtmux's API in a file importing it
    assert "tmux new-window" in by[("shellkit/tmux.py", 20)]["message"]
    assert "keys typed into the pane's shell" in by[("shellkit/tmux.py", 23)]["message"]
    assert "libtmux new_window()" in by[("shellkit/panes.py", 9)]["message"]
    assert "libtmux send_keys()" in by[("shellkit/panes.py", 11)]["message"]
    # sh -c after a prefix known only at run time, through a partial of an argv runner
    assert "sh -c after a program not known statically" in by[("shellkit/container.py", 13)]["message"]
    assert "shellkit/container.py:9" in by[("shellkit/workspace.py", 33)]["message"]
    # the shell-quoted argv line written to a shell kept open on a pipe
    assert "shellkit/session.py:12" in by[("shellkit/workspace.py", 39)]["message"]
    # one fact, one finding: each call reported once
    assert len(fs) == len(at)


def test_argv_lists_option_values_and_other_libraries_are_quiet():
    _code, fs = _findings(TREE / "good")
    got = {(f["rule"], f["path"], f["line"], f["severity"]) for f in fs}
    # shell-quoted values and constant scripts are the recommended forms: nothing to report
    # (the quoted line on bash's stdin and the quoted tmux operand were hygiene notes before)
    assert got == set()


def _load(tree, name, monkeypatch):
    monkeypatch.syspath_prepend(str(tree))
    for m in [m for m in sys.modules if m == "shellkit" or m.startswith("shellkit.")]:
        monkeypatch.delitem(sys.modules, m)
    return importlib.import_module(f"shellkit.{name}")


def _wait_for(paths, seconds=10.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end and not all(p.exists() for p in paths):
        time.sleep(0.1)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
@pytest.mark.parametrize("tree", ["bad", "good"])
def test_tmux_runs_the_bad_commands_and_not_the_good_values(tree, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TMUX_TMPDIR", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("SHELL", "/bin/sh")
    monkeypatch.delenv("TMUX", raising=False)
    ws = _load(TREE / tree, "workspace", monkeypatch)
    sock = f"utcp-lint-{tree}"
    pay = "x; touch C_{0}; $(touch C_{0}2)"
    win = (
        {"name": "w1", "target": "main", "shell": "touch C_window; sleep 30", "keys": "touch C_keys"}
        | {"split": "touch C_split; sleep 30"}
        if tree == "bad"
        else {"name": pay.format("name"), "dir": pay.format("dir"), "log": pay.format("log")}
    )
    cfg = tmp_path / "ws.json"
    cfg.write_text(json.dumps({"windows": [win]}))
    subprocess.run(["tmux", "-L", sock, "new-session", "-d", "-s", "main"], check=True)
    try:
        ws.build(str(cfg), sock)
        want = [tmp_path / n for n in ("C_window", "C_keys", "C_split")]
        _wait_for(want, 10.0 if tree == "bad" else 2.0)
    finally:
        subprocess.run(["tmux", "-L", sock, "kill-server"], check=False)
    made = sorted(p.name for p in tmp_path.glob("C_*"))
    assert made == (["C_keys", "C_split", "C_window"] if tree == "bad" else []), made


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_prefixed_sh_c_and_the_quoted_line_run_the_bad_commands_only(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cfg = tmp_path / "c.json"
    cfg.write_text(
        json.dumps(
            {"before_all": "touch C_env", "test_command": "touch C_arch", "repair_command": "touch C_repair"}
            | {"dir": "x; touch C_dir; $(touch C_dir2)", "rev": "HEAD; touch C_rev; $(touch C_rev2)"}
        )
    )
    bad = _load(TREE / "bad", "workspace", monkeypatch)
    bad.before_all(str(cfg), ["env"])  # the prefix a container engine's exec would be
    bad.test_with_arch(str(cfg), [])  # arch_prefix is empty on a native machine
    bad.repair(str(cfg))
    assert sorted(p.name for p in tmp_path.glob("C_*")) == ["C_arch", "C_env", "C_repair"]
    for p in tmp_path.glob("C_*"):
        p.unlink()
    good = _load(TREE / "good", "workspace", monkeypatch)
    good.inspect(str(cfg), ["env"])
    good.show_with_arch(str(cfg), [])
    good.listing(str(cfg))
    assert list(tmp_path.glob("C_*")) == []
