"""One sandbox server runs many payloads (issue 15): nothing a run leaves behind
reaches the next run.

A namespace session sets its namespaces, private root and shims up once and runs
payload after payload; each run gets fresh user/mount/PID/network/IPC namespaces,
a fresh /proc, /tmp and run directory and its own PID 1.  These tests make a first
payload plant everything the verdict of a later one is read from (a canary file,
forged shim logs and traces, files in $HOME, /tmp and $TMPDIR, a background
process that keeps planting them, a full disk, exported variables, a SysV
message queue) and check that a second payload on the *same* server sees none of it.
"""

from __future__ import annotations

import time

import pytest

from utcp_lint.executor.sandbox import Limits, Sandbox, SandboxUnavailable

CANARY = "utcp_canary_0"

# run 1: plant what the canary check, the call log, the xtrace and the home listing read
PLANT = r"""
run="$__UTCP_SB_RUN"
: > "$run/canary/utcp_canary_0"
builtin printf '%s\0' 2 utcp_canary_0 planted >> "$run/log/s.999"
builtin printf '+ utcpvalplanted\n' >> "$run/log/x.999"
: > "$HOME/planted-home"; : > /tmp/planted-tmp; : > "$TMPDIR/planted-tmpdir"
export UTCP_PLANTED=1
python3 -c '
import os, time
if os.fork() == 0:
    os.setsid()
    run = os.environ["__UTCP_SB_RUN"]
    while True:  # a daemon that keeps planting the canary for whoever comes next
        for p in (run + "/canary/utcp_canary_0", "/tmp/planted-later", os.environ["HOME"] + "/later"):
            try:
                open(p, "w").close()
            except OSError:
                pass
        time.sleep(0.01)
'
# fill the run directory and /tmp to their quotas
python3 -c '
import os
for d in (os.environ["HOME"], "/tmp"):
    try:
        for i in range(64):
            open(os.path.join(d, "fill" + str(i)), "wb").write(b"0" * (8 << 20))
    except OSError:
        pass
'
builtin echo planted
"""

# run 2: what is there to see?
LOOK = r"""
builtin echo "env=${UTCP_PLANTED-unset}"
builtin echo procs: /proc/[0-9]*
builtin echo home: "$HOME"/*
builtin echo tmp: /tmp/planted* "$TMPDIR"/*
python3 -c '
import os
open(os.path.join(os.environ["HOME"], "room"), "wb").write(b"0" * (4 << 20))
print("wrote 4 MiB")
'
"""


def _session():
    try:
        sb = Sandbox(Limits(timeout=20, run_quota_kib=16 * 1024, tmp_quota_kib=8 * 1024))
    except SandboxUnavailable as e:  # pragma: no cover - depends on the kernel
        pytest.skip(f"namespace sandbox unavailable here: {e}")
    return sb, sb.session("python3", [CANARY])


def test_a_payloads_leftovers_never_reach_the_next_run():
    sb, s = _session()
    try:
        first = s.run(PLANT, {})
        assert first.stdout.strip().endswith(b"planted"), first
        # the plant worked inside run 1: its own canary file and forged log were read back
        assert CANARY in first.canaries, first
        time.sleep(0.3)  # time for a surviving daemon to plant again
        second = s.run(LOOK, {})
        assert len(sb._servers) == 1, "both runs must have used the same server"
    finally:
        s.close()
        sb.close()
    out = second.stdout.decode()
    assert second.canaries == set(), second
    assert not [c for c in second.calls if "planted" in c.argv or c.program == CANARY], second.calls
    assert b"utcpvalplanted" not in second.trace
    assert second.home_files == ["room"], second.home_files
    assert "env=unset" in out
    # only our PID 1 and the tool's processes: the daemon of run 1 is gone
    procs = out.split("procs:")[1].split("\n")[0].split()
    assert "/proc/1" in procs and len(procs) <= 4, out
    assert "home: " + second.root + "/home/*" in out, out  # empty home: the glob stays unexpanded
    assert "tmp: /tmp/planted* " in out and "planted-tmpdir" not in out, out
    assert "wrote 4 MiB" in out, out  # the quota of run 1's fill is not carried over


def test_sysv_ipc_objects_do_not_outlive_a_run():
    sb, s = _session()
    make = (
        "python3 -c 'import ctypes; l = ctypes.CDLL(None); "
        'print("q", l.msgget(0x5554, 0o1666))\''
    )  # IPC_CREAT | 0666, key 0x5554
    look = (
        "python3 -c 'import ctypes; l = ctypes.CDLL(None); "
        'print("q", l.msgget(0x5554, 0o666))\''
    )  # no IPC_CREAT: -1 when it does not exist
    try:
        first = s.run(make, {})
        second = s.run(look, {})
        assert len(sb._servers) == 1
    finally:
        s.close()
        sb.close()
    assert first.stdout.split()[-1] != b"-1", first  # created in run 1
    assert second.stdout.split() == [b"q", b"-1"], second  # gone in run 2
