"""Issue 17, smaller items: bounded ``--args @FILE``, usage errors (exit 2) for
malformed ``--args`` instead of "internal error", and ``--fix``/``declare --write``
that never replace read-only files, break hard links or change ownership (issue 28:
hard-linked files and other users' files are refused, not written in place); and
escaping of manual-controlled text in verify/run/declare output."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli

from utcp_lint.run.fixes import FileFix, write_file

MANUAL = {
    "manual_version": "1.0.0",
    "utcp_version": "1.0.1",
    "tools": [
        {
            "name": "echo_it",
            "description": "d",
            "inputs": {"type": "object", "properties": {"q": {"type": "string"}}},
            "tool_call_template": {
                "name": "echo_it",
                "call_template_type": "cli",
                "commands": [{"command": "echo UTCP_ARG_q_UTCP_END"}],
            },
        }
    ],
}


@pytest.fixture
def manual(tmp_path):
    p = tmp_path / "m.json"
    p.write_text(json.dumps(MANUAL))
    return p


def test_args_file_must_be_a_bounded_regular_file(tmp_path, manual):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for spec, msg in (
        (f"@{fifo}", "not a regular file"),
        ("@/dev/zero", "not a regular file"),
        ("@", "needs a file name"),
        (f"@{tmp_path}/missing", "No such file"),
    ):
        r = subprocess.run(
            [str(Path(sys.executable).parent / "utcp-lint"), "run", str(manual), "echo_it", "--args", spec],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert r.returncode == 2 and msg in r.stderr and "internal error" not in r.stderr, (spec, r.stderr)
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate((16 << 20) + 10)
    r = run_cli("run", manual, "echo_it", "--args", f"@{big}")
    assert r.returncode == 2 and "larger than 16 MiB" in r.stderr
    ok = tmp_path / "ok.json"
    ok.write_text('{"q": "hello"}')
    r = run_cli("run", manual, "echo_it", "--args", f"@{ok}")
    assert r.returncode == 0 and r.stdout.strip() == "hello", r.stderr


@pytest.mark.parametrize(
    "args,msg",
    [
        ("[" * 100000, "nested too deeply"),
        ('{"q": ' + "9" * 5000 + "}", "not valid JSON"),
        ('{"q": "\\ud800"}', "cannot be passed to the tool's environment"),
        ('{"q": "a\\u0000b"}', "cannot be passed to the tool's environment"),
        ("[1]", "must be a JSON object"),
        ("{", "not valid JSON"),
    ],
)
def test_malformed_args_are_usage_errors(manual, args, msg):
    r = run_cli("run", manual, "echo_it", "--args", args)
    assert r.returncode == 2, r.stderr
    assert msg in r.stderr and "internal error" not in r.stderr, r.stderr
    assert r.stderr.count("\n") == 1  # one line


def test_args_file_that_is_not_utf8(tmp_path, manual):
    p = tmp_path / "a.json"
    p.write_bytes(b'{"q": "\xff"}')
    r = run_cli("run", manual, "echo_it", "--args", f"@{p}")
    assert r.returncode == 2 and "not UTF-8" in r.stderr


# ----------------------------------------------------------------------------
# writing fixes
# ----------------------------------------------------------------------------


def _ff(p: Path, new: str) -> FileFix:
    return FileFix(str(p), p.read_text(), new)


def test_read_only_file_is_never_replaced(tmp_path):
    p = tmp_path / "m.json"
    p.write_text("old")
    os.chmod(p, 0o444)
    ino = os.stat(p).st_ino
    assert write_file(_ff(p, "new")) == "file is read-only; not fixed"
    assert p.read_text() == "old" and os.stat(p).st_ino == ino and (os.stat(p).st_mode & 0o777) == 0o444


def test_hard_link_is_refused_not_written_in_place(tmp_path):
    # issue 28: in-place writes left new content with a stale tail when killed;
    # a hard-linked file is refused and both names keep the old content
    p = tmp_path / "m.json"
    p.write_text("old")
    os.link(p, tmp_path / "other-name.json")
    assert (
        write_file(_ff(p, "new text")) == "it is hard-linked (2 names); writing would change the other names; not fixed"
    )
    assert (tmp_path / "other-name.json").read_text() == "old" and p.read_text() == "old"
    assert os.stat(p).st_nlink == 2 and sorted(os.listdir(tmp_path)) == ["m.json", "other-name.json"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to chown")
def test_file_of_another_user_is_refused_when_run_as_root(tmp_path):
    p = tmp_path / "m.json"
    p.write_text("old content")
    os.chown(p, 65534, 65534)
    os.chmod(p, 0o640)
    assert write_file(_ff(p, "new")) == "owned by another user (uid 65534); not fixed"
    st = os.stat(p)
    assert p.read_text() == "old content" and (st.st_uid, st.st_gid) == (65534, 65534) and (st.st_mode & 0o777) == 0o640


def test_plain_file_is_still_replaced_atomically(tmp_path):
    p = tmp_path / "m.json"
    p.write_text("old")
    os.chmod(p, 0o600)
    assert write_file(_ff(p, "new")) is None
    assert p.read_text() == "new" and (os.stat(p).st_mode & 0o777) == 0o600
    assert sorted(os.listdir(tmp_path)) == ["m.json"]


def test_declare_write_refuses_a_read_only_manual(tmp_path):
    p = tmp_path / "m.json"
    m = json.loads(json.dumps(MANUAL))  # a real program to declare (echo is a builtin: nothing to write)
    m["tools"][0]["tool_call_template"]["commands"] = [{"command": "grep -- UTCP_ARG_q_UTCP_END notes.txt"}]
    p.write_text(json.dumps(m, indent=2))
    os.chmod(p, 0o444)
    before = p.read_bytes()
    r = run_cli("declare", "--write", p)
    assert r.returncode == 2 and "read-only" in r.stderr, r.stderr
    assert p.read_bytes() == before


# ----------------------------------------------------------------------------
# escaping
# ----------------------------------------------------------------------------

EVIL = "x\x1b[2J\n0 proven problem(s) in 0 tool(s)\n::error::forged"


def test_verify_and_errors_escape_tool_names(tmp_path):
    m = json.loads(json.dumps(MANUAL))
    m["tools"][0]["name"] = EVIL
    m["tools"].append(dict(m["tools"][0], name="::warning::x"))
    p = tmp_path / "m.json"
    p.write_text(json.dumps(m))
    r = run_cli("verify", p, "--timeout", "20")
    assert r.returncode == 0, r.stderr
    assert "\x1b" not in r.stdout and "\\x1b[2J\\n0 proven problem(s)" in r.stdout
    assert not any(ln.startswith("::") for ln in r.stdout.splitlines()), r.stdout
    assert sum(1 for ln in r.stdout.splitlines() if "proven problem(s)" in ln) == 2  # ours + the escaped one
    assert r.stdout.splitlines()[-1].startswith("0 proven problem(s) in 2 tool(s)")
    # an error line naming a manual-controlled tool
    r = run_cli("run", p, EVIL + "nope")
    assert r.returncode == 2 and "\x1b" not in r.stderr and r.stderr.count("\n") == 1, r.stderr
    r = run_cli("verify", p, "--tool", "a\nb")
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr


@pytest.mark.parametrize("sig,code", [(15, 143), (2, 130)], ids=["TERM", "INT"])
def test_run_is_stopped_by_signals_with_its_process_group(tmp_path, sig, code):
    import time
    import uuid

    token = "utcprun" + uuid.uuid4().hex[:8]
    m = json.loads(json.dumps(MANUAL))
    m["tools"][0]["tool_call_template"]["commands"] = [
        {"command": f"bash -c ': {token}; sleep 60'; echo UTCP_ARG_q_UTCP_END"}
    ]
    p = tmp_path / "m.json"
    p.write_text(json.dumps(m))

    def alive():
        out = []
        for d in os.listdir("/proc"):
            if d.isdigit():
                try:
                    with open(f"/proc/{d}/cmdline", "rb") as f:
                        if token.encode() in f.read():
                            out.append(int(d))
                except OSError:
                    pass
        return out

    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "utcp-lint"), "run", str(p), "echo_it"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 20
        while not alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        pids = alive()
        assert pids, "the tool never started"
        started = time.monotonic()
        proc.send_signal(sig)
        _out, err = proc.communicate(timeout=40)
        # well before the 60 s sleep ends (a loaded machine may take seconds to schedule the exit)
        assert time.monotonic() - started < 30
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == code, err
    # the group was signalled before the exit; on a loaded machine (xdist on 2 cores) the
    # signalled processes may take a moment to be scheduled and die: wait for that, well
    # short of the tool's 60 s sleep (a group left alive still fails)
    deadline = time.monotonic() + 10
    while (alive() or not all(_dead(x) for x in pids)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert alive() == [] and all(_dead(x) for x in pids)


def _dead(pid: int) -> bool:
    """Gone, or a zombie waiting to be reaped by whoever inherited it."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except OSError:
        return True


def test_run_warns_about_env_vars_that_run_code(tmp_path):
    m = json.loads(json.dumps(MANUAL))
    m["tools"][0]["tool_call_template"]["env_vars"] = {"BASH_ENV": "/dev/null", "GIT_PAGER": "cat"}
    p = tmp_path / "m.json"
    p.write_text(json.dumps(m))
    r = run_cli("run", p, "echo_it", "--args", '{"q": "hi"}')
    assert r.returncode == 0 and r.stdout.strip() == "hi"
    assert r.stderr.count("\n") == 1 and "BASH_ENV" in r.stderr and "GIT_PAGER" not in r.stderr


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc (Linux)")
def test_a_child_not_registered_yet_is_killed_with_its_group():
    # a SIGTERM between the fork of the tool and its registration left the tool running
    # (seen as a flaky failure of the test above on a loaded machine): kill_all also
    # kills every direct child's group.  Run in a child interpreter: kill_all kills the
    # direct children of the process that calls it.
    code = (
        "import subprocess, sys\n"
        "from utcp_lint.executor import lifecycle\n"
        "p = subprocess.Popen(['sh', '-c', 'sleep 60 & sleep 60'], start_new_session=True)\n"
        "lifecycle.kill_all()\n"
        "print(p.wait(timeout=20))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.stdout.strip() == str(-signal.SIGKILL), r.stderr
