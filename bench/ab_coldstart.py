"""A/B cold start: alternate cold processes of a "before" package and this checkout.

    python bench/ab_coldstart.py BEFORE_PKG [--reps N] [MANUAL]

BEFORE_PKG is a directory holding a ``utcp_lint`` package laid out as installed
(``git archive REV linter rules`` with linter/ renamed utcp_lint/ and rules/
inside it); it is put first on PYTHONPATH.  Each round runs ``python -c pass``,
the before build and this checkout once, in turn, so load on the machine hits all
three alike; prints median CPU (user+sys) and wall ms and their ratio to
``python -c pass``.  Byte-code caches are kept per build (PYTHONPYCACHEPREFIX),
filled by one warm-up run, as after any install.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("before")
    ap.add_argument("manual", nargs="?", default=str(ROOT / "bench" / "one_tool_manual.json"))
    ap.add_argument("--reps", type=int, default=15)
    args = ap.parse_args()
    env0 = dict(os.environ)
    env0.pop("PYTHONDONTWRITEBYTECODE", None)
    check = [sys.executable, "-m", "utcp_lint.cli", "--no-config", "--no-cache", args.manual]
    cases = {
        "pass": ([sys.executable, "-c", "pass"], {}),
        "before": (check, {"PYTHONPATH": args.before}),
        "after": (check, {}),
    }
    runs: dict[str, tuple[list[str], dict[str, str]]] = {}
    for name, (cmd, extra) in cases.items():
        env = dict(env0, PYTHONPYCACHEPREFIX=f"/tmp/ab_coldstart_pyc_{name}", **extra)
        subprocess.run(cmd, env=env, capture_output=True)  # warm-up: fills the byte-code cache
        runs[name] = (cmd, env)
    cpu: dict[str, list[float]] = {k: [] for k in runs}
    wall: dict[str, list[float]] = {k: [] for k in runs}
    for _ in range(args.reps):
        for name, (cmd, env) in runs.items():
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(cmd, env=env, capture_output=True)
            t1 = time.perf_counter()
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name].append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
            wall[name].append(t1 - t0)
    c0, w0 = statistics.median(cpu["pass"]), statistics.median(wall["pass"])
    for name in runs:
        c, w = statistics.median(cpu[name]), statistics.median(wall[name])
        print(f"{name:7} cpu {c * 1000:7.1f} ms ({c / c0:5.2f} x pass)  wall {w * 1000:7.1f} ms ({w / w0:5.2f} x pass)")


if __name__ == "__main__":
    main()
