"""``utcp-lint verify`` sandboxed runs per second, against anchors in the same run.

    python bench/bench_verify.py [--tools 24] [--jobs 2] [--repeat 3] [--input diverse|fixed]

An older tree is measured the same way with its package first on the path, e.g.
``git archive b81ae8e linter | tar -x -C /tmp/old && ln -s /tmp/old/linter
/tmp/old/pkg/utcp_lint && PYTHONPATH=/tmp/old/pkg python bench/bench_verify.py``.

Anchors (same machine, same moment):

* ``bash -c true`` spawned from Python (the floor for any run),
* ``unshare --user --map-root-user --mount --pid --fork --net bash -c true``
  (the namespaces alone; skipped when unavailable),
* ``Session.run("true")`` in process, in a warm session (one sandboxed run:
  fresh namespaces, /proc, /tmp and run directory, shims, rlimits, reading back).

Then ``utcp-lint verify --format json`` on a generated manual of N tools: by
default the diverse realistic tools of bench/diverse.py (3 distinct steps each,
many programs, no repeated step; issue 29), with ``--input fixed`` the eight
one-step templates below in turn (half vulnerable, half safe); the runs come from its JSON report (``tools[].runs``),
so runs/s = sum(runs) / wall time (median of ``--repeat``).  The start-up
(interpreter, imports, the isolation probe: ``verify`` on one tool without a
placeholder) is measured too, and the steady rate = runs / (wall - start-up).
Every rate is printed with its ratio to the anchors.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EXE = Path(sys.executable).parent / "utcp-lint"
LINT = [sys.executable, str(EXE)] if EXE.exists() else [sys.executable, "-m", "utcp_lint.cli"]

TEMPLATES = [
    "echo UTCP_ARG_q_UTCP_END",
    'eval "echo UTCP_ARG_q_UTCP_END"',
    "grep -rn -- UTCP_ARG_q_UTCP_END .",
    'bash -c "ls UTCP_ARG_q_UTCP_END"',
    "printf '%s\\n' \"UTCP_ARG_q_UTCP_END\" | wc -c",
    "echo $((UTCP_ARG_q_UTCP_END + 1))",
    "cat -- 'UTCP_ARG_q_UTCP_END'",
    "python3 -c \"print('UTCP_ARG_q_UTCP_END')\"",
]


def machine() -> str:
    cpu = next((ln.split(":", 1)[1].strip() for ln in open("/proc/cpuinfo") if ln.startswith("model name")), "?")
    return f"nproc={os.cpu_count()} cpu={cpu!r} python={platform.python_version()}"


def rate(fn, n: int) -> float:
    fn()  # warm-up
    t0 = time.perf_counter()
    for _ in range(n):
        fn()
    return n / (time.perf_counter() - t0)


def _tree_cpu(pid: int) -> float:
    """CPU seconds of ``pid`` and its living descendants, with what each reaped (utime, stime,
    cutime, cstime from /proc): a sandbox server's per-run processes are reaped inside it."""
    total, stack = 0, [pid]
    while stack:
        p = stack.pop()
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += sum(int(x) for x in fields[11:15])
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    stack += [int(k) for k in f.read().split()]
        except (OSError, ValueError):
            continue
    return total / os.sysconf("SC_CLK_TCK")


def run_cpu(session, server_pid: int, n: int) -> tuple[float, float]:
    """(host CPU, sandbox CPU) per ``Session.run("true")``, in seconds.  The process-tree CPU
    of ``verify`` below misses its sandbox servers, which are killed, not reaped, at exit."""
    c0, s0 = time.process_time(), _tree_cpu(server_pid)
    for _ in range(n):
        session.run("true", {})
    return (time.process_time() - c0) / n, (_tree_cpu(server_pid) - s0) / n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tools", type=int, default=24)
    ap.add_argument("--input", choices=("diverse", "fixed"), default="diverse")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--anchor-runs", type=int, default=30)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--cpu-runs", type=int, default=200, help="sandboxed runs whose CPU is read from /proc")
    args = ap.parse_args()
    print(f"machine: {machine()}; load {' '.join(f'{x:.2f}' for x in os.getloadavg())}; input {args.input}\n")

    anchors = {}
    anchors["bash -c true"] = rate(lambda: subprocess.run(["bash", "-c", "true"]), args.anchor_runs)
    unshare = shutil.which("unshare")
    if unshare:
        cmd = [unshare, "--user", "--map-root-user", "--mount", "--pid", "--fork", "--net", "bash", "-c", "true"]
        if subprocess.run(cmd, capture_output=True).returncode == 0:
            anchors["unshare ... bash -c true"] = rate(
                lambda: subprocess.run(cmd, capture_output=True), args.anchor_runs
            )
    from utcp_lint.executor.sandbox import Limits, Sandbox, SandboxUnavailable

    sandbox_cpu = None
    try:
        sb = Sandbox(Limits(timeout=10))
        with sb.session("true") as s:
            anchors[f"Session.run('true') [{sb.isolation.mode}]"] = rate(lambda: s.run("true", {}), args.anchor_runs)
            if sb._servers:
                sandbox_cpu = run_cpu(s, sb._servers[0].proc.pid, args.cpu_runs)
        sb.close()
    except SandboxUnavailable as e:
        print(f"(namespace sandbox unavailable: {e})")

    tmp = Path(tempfile.mkdtemp(prefix="utcp-bench-verify-"))
    tools = []
    if args.input == "diverse":
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import diverse

        tools = diverse.make_tools(args.tools, 3, seed=29)
    for i in range(args.tools if args.input == "fixed" else 0):
        tools.append(
            {
                "name": f"t{i}",
                "description": "d",
                "inputs": {"type": "object", "properties": {"q": {"type": "string"}}},
                "outputs": {"type": "string"},
                "tags": [],
                "tool_call_template": {
                    "call_template_type": "cli",
                    "commands": [{"command": TEMPLATES[i % len(TEMPLATES)]}],
                },
            }
        )
    m = tmp / "manual.json"
    m.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}), encoding="utf-8")
    empty = tmp / "empty.json"
    empty.write_text(
        json.dumps(
            {
                "manual_version": "1.0.0",
                "utcp_version": "1.0.2",
                "tools": [
                    dict(tools[0], tool_call_template={"call_template_type": "cli", "commands": [{"command": "true"}]})
                ],
            }
        ),
        encoding="utf-8",
    )

    def timed(path: Path) -> tuple[float, float, subprocess.CompletedProcess]:
        t0, c0 = time.perf_counter(), os.times()
        r = subprocess.run(
            LINT + ["verify", "--format", "json", "-j", str(args.jobs), str(path)], capture_output=True, text=True
        )
        c1 = os.times()
        # CPU of the whole process tree (verify, its workers, the sandboxes and the tools run in them)
        cpu = (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)
        return time.perf_counter() - t0, cpu, r

    walls, starts, cpus, start_cpus = [], [], [], []
    for _ in range(args.repeat):
        s_wall, s_cpu, _r = timed(empty)
        starts.append(s_wall)
        start_cpus.append(s_cpu)
        wall, cpu, r = timed(m)
        walls.append(wall)
        cpus.append(cpu)
    wall, start = statistics.median(walls), statistics.median(starts)
    cpu, start_cpu = statistics.median(cpus), statistics.median(start_cpus)
    rep = json.loads(r.stdout)
    runs = sum(t.get("runs", 0) for t in rep.get("tools", []))
    proven = len(rep.get("findings", []))
    verify_rate = runs / wall
    steady = runs / max(wall - start, 1e-6)

    print(f"{'what':44} {'runs/s':>9}")
    for name, v in anchors.items():
        print(f"{name + ' (anchor)':44} {v:9.1f}")
    print(
        f"{f'utcp-lint verify, {args.tools} {args.input} tools, -j {args.jobs}':44} {verify_rate:9.1f}   "
        f"({runs} runs in {wall:.2f} s (median of {args.repeat}), {proven} finding(s), exit {r.returncode})"
    )
    print(f"{'  the same without its start-up':44} {steady:9.1f}   (start-up {start:.2f} s)")
    print(
        f"CPU of verify's process tree (without its sandbox servers): {cpu * 1000 / max(runs, 1):.2f} ms per run ({cpu:.2f} s, median of {args.repeat}); "
        f"without the start-up ({start_cpu:.2f} s): {(cpu - start_cpu) * 1000 / max(runs, 1):.2f} ms per run; "
        f"load now {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    if sandbox_cpu is not None:
        host, box = sandbox_cpu
        print(
            f"CPU of one sandboxed run (Session.run('true'), {args.cpu_runs} runs): host {host * 1000:.2f} ms + "
            f"sandbox {box * 1000:.2f} ms = {(host + box) * 1000:.2f} ms (server tree from /proc, 10 ms ticks)"
        )
    for name, v in anchors.items():
        print(f"  verify rate / {name}: {verify_rate / v:.3f}   steady: {steady / v:.3f}")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
