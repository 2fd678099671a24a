"""Sandbox limits of ``verify`` and ``run`` (issue 7), beyond what
tests/test_verify.py and tests/test_run.py already prove (writes outside the
run directory in namespace mode, never-ending command, stdout flood, fork
bomb, `run` timeout killing the process group).  Added here: memory bombs,
disk fill, stderr flood, processes that leave the process group, the host
environment and the linter's own files, and `verify` end to end on a hostile
manual.  Timeouts in these tests are hang guards, not speed assertions.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid

import pytest
from conftest import ROOT

from utcp_lint.executor.sandbox import Limits, Sandbox, SandboxUnavailable


def _sandbox(weak: bool, **kw) -> Sandbox:
    try:
        return Sandbox(Limits(**kw), weak=weak)
    except SandboxUnavailable as e:  # pragma: no cover - depends on the kernel
        pytest.skip(f"namespace sandbox unavailable here: {e}")


MODES = [pytest.param(False, id="namespace"), pytest.param(True, id="weak")]


_BOMB = r"""
import json, resource, sys
from utcp_lint.executor.sandbox import Limits, Sandbox
sb = Sandbox(Limits(timeout=30), weak=False)
obs = sb.run("python3 -c \"b = b'x' * (3 * 1024**3); print('allocated', len(b))\"; echo rc=$?", {},
             commands_text="python3")
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"stdout": obs.stdout.decode("utf-8", "replace"),
                  "stderr": obs.stderr.decode("utf-8", "replace")[-2000:], "peak_kib": peak}))
"""


def test_memory_bomb_is_refused_by_the_address_space_limit():
    _sandbox(False, timeout=30)  # the namespace sandbox must be available here
    # Measured in a fresh process: RUSAGE_CHILDREN of the pytest process also
    # counts earlier tests' children (the 100 MB manual run peaks near 4 GiB).
    r = subprocess.run([sys.executable, "-c", _BOMB], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    obs = json.loads(r.stdout.strip().splitlines()[-1])
    assert "allocated" not in obs["stdout"] and "rc=1" in obs["stdout"], obs["stdout"]
    assert "MemoryError" in obs["stderr"]
    # no child of that process ever held the 3 GiB
    assert obs["peak_kib"] < 2 * 1024 * 1024, obs["peak_kib"]


@pytest.mark.parametrize("weak", MODES)
def test_bash_memory_growth_is_bounded(weak):
    # bash itself (always run for real) doubling a string until the limit
    sb = _sandbox(weak, timeout=30, mem_kib=512 * 1024)
    obs = sb.run("x=0123456789; while :; do x=$x$x; done", {})
    # stopped by the address-space limit (~160 MB string), not by the timeout
    assert not obs.timed_out and obs.returncode not in (0, None), obs
    assert b"cannot allocate" in obs.stderr, obs.stderr[-300:]


def test_disk_fill_is_stopped_by_the_file_size_limit():
    sb = _sandbox(False, timeout=30, fsize_kib=1024)
    script = (
        "python3 -c \"open('big', 'wb').write(b'0' * (50 * 1024 * 1024))\"; echo rc=$?; "
        "python3 -c \"import os; print(os.path.getsize('big'))\""
    )
    obs = sb.run(script, {}, commands_text="python3")
    assert obs.stdout.split() == [b"rc=1", b"1048576"], (obs.stdout, obs.stderr[-300:])
    assert b"File too large" in obs.stderr


@pytest.mark.parametrize("weak", MODES)
def test_stderr_flood_is_capped(weak):
    sb = _sandbox(weak, timeout=30, output_cap=50_000)
    obs = sb.run("while :; do builtin echo 0123456789012345678901234567890123456789 >&2; done", {})
    assert obs.capped and not obs.timed_out and len(obs.stderr) == 50_000


def _alive(marker: str) -> list[int]:
    pids = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/cmdline", "rb") as f:
                    if marker.encode() in f.read():
                        pids.append(int(d))
            except OSError:
                pass
    return pids


def test_daemon_that_leaves_the_process_group_dies_with_the_sandbox():
    # setsid() escapes a process-group kill; the PID namespace does not let it live on
    marker = f"daemon-{uuid.uuid4().hex}"
    sb = _sandbox(False, timeout=10)
    code = f"import os, time\nif os.fork() == 0:\n    os.setsid()\n    time.sleep(300)  # {marker}\n"
    obs = sb.run(f"python3 -c '{code}'; echo parent-done", {}, commands_text="python3")
    assert obs.stdout == b"parent-done\n"
    assert not _alive(marker), "a daemonized payload outlived the sandbox"


@pytest.mark.parametrize("weak", MODES)
def test_background_job_is_killed_at_timeout(weak):
    marker = f"bg-{uuid.uuid4().hex}"
    sb = _sandbox(weak, timeout=1.5)
    obs = sb.run(f"(: {marker}; while :; do :; done) & while :; do :; done", {})
    assert obs.timed_out
    assert not _alive(marker)


@pytest.mark.parametrize("weak", MODES)
def test_host_secrets_and_linter_files_are_out_of_reach(weak):
    os.environ["UTCP_HARDEN_SECRET"] = "hunter2"
    target = ROOT / "README.md"
    before = target.read_bytes()
    try:
        sb = _sandbox(weak, timeout=20)
        script = (
            f'echo "[$UTCP_HARDEN_SECRET]"; echo x >> {target}; echo rc=$?; '
            f"printf 'pwned' > {ROOT}/pwned-{os.getpid()}; echo rc=$?"
        )
        obs = sb.run(script, {}, commands_text=script)
    finally:
        del os.environ["UTCP_HARDEN_SECRET"]
    assert obs.stdout.split() == [b"[]", b"rc=1", b"rc=1"], (obs.stdout, obs.stderr)
    assert target.read_bytes() == before
    assert not (ROOT / f"pwned-{os.getpid()}").exists()


# ----------------------------------------------------------------------------
# end to end: `utcp-lint verify` and `utcp-lint run` on hostile tools
# ----------------------------------------------------------------------------


def _manual(tmp_path, commands_by_tool: dict) -> str:
    tools = []
    for name, cmds in commands_by_tool.items():
        tools.append(
            {
                "name": name,
                "description": name,
                "inputs": {"type": "object", "properties": {"q": {"type": "string"}}},
                "outputs": {"type": "string"},
                "tags": [],
                "tool_call_template": {"call_template_type": "cli", "commands": [{"command": c} for c in cmds]},
            }
        )
    p = tmp_path / "hostile.json"
    p.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}), encoding="utf-8")
    return str(p)


def test_verify_survives_hostile_tools(tmp_path):
    marker = f"verify-{uuid.uuid4().hex}"
    m = _manual(
        tmp_path,
        {
            "spin": [f"while :; do : {marker}; done # UTCP_ARG_q_UTCP_END"],
            "flood": ["yes UTCP_ARG_q_UTCP_END"],
            "bomb": [f": {marker}; b() {{ b | b & }}; b # UTCP_ARG_q_UTCP_END"],
            "escape": [f"echo UTCP_ARG_q_UTCP_END > {tmp_path}/escaped; cat /etc/hostname"],
        },
    )
    os.chmod(tmp_path, 0o777)
    r = subprocess.run(
        [sys.executable, "-m", "utcp_lint.cli.app", "verify", "--format", "json", m],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=tmp_path,
    )
    assert r.returncode in (0, 1, 2), r.stderr
    assert "Traceback" not in r.stderr, r.stderr
    assert not (tmp_path / "escaped").exists()
    assert not _alive(marker), "payload processes outlived verify"


def test_run_output_flood_is_bounded_by_the_timeout(tmp_path):
    # `run` mirrors the runtime (no output cap of its own: bash collects the
    # step's output in $(...)); what bounds it is the timeout killing the group
    m = _manual(tmp_path, {"flood": ["yes 0123456789012345678901234567890123456789"]})
    wrapper = (
        "import json, resource, subprocess, sys\n"
        "r = subprocess.run(sys.argv[1:], capture_output=True)\n"
        "print(json.dumps({'rc': r.returncode, 'err': r.stderr.decode()[-500:],"
        " 'kib': resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", wrapper, sys.executable, "-m", "utcp_lint.cli.app", "run", m, "flood", "--timeout", "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = json.loads(r.stdout)
    assert out["rc"] == 2 and "timed out after 2 s" in out["err"], out
    assert out["kib"] < 2 * 1024 * 1024, out
