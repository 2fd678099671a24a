"""Cold start of two installs of utcp-lint, interleaved in one run (A B A B ...).

    python bench/coldstart_ab.py BEFORE_VENV AFTER_VENV [--reps N] [MANUAL]

Each venv is a checkout's ``.venv`` (an editable install of that checkout). Every
round runs, for both sides, ``python -c pass`` and ``utcp-lint --no-config --no-cache
MANUAL`` once each, alternating the order, and records the child's CPU time
(``getrusage``: user + system, robust to the machine's load where wall time is not).
Prints the medians, the ratio to ``python -c pass`` of the same side, and the
difference after - before.  bench/bench_coldstart.py describes one install in detail;
this answers "did a change make the cold start slower?" with both measured under the
same load.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cpu_of(cmd: list[str], env: dict[str, str]) -> float:
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, env=env, capture_output=True, check=False)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("before", help="the venv of the old checkout")
    ap.add_argument("after", help="the venv of the new checkout")
    ap.add_argument("manual", nargs="?", default=str(ROOT / "bench" / "one_tool_manual.json"))
    ap.add_argument("--reps", type=int, default=40)
    args = ap.parse_args()
    env = dict(os.environ, NO_COLOR="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    cmds = {}
    for side in ("before", "after"):
        venv = Path(getattr(args, side))
        py, exe = str(venv / "bin" / "python"), str(venv / "bin" / "utcp-lint")
        cmds[side] = {
            "pass": [py, "-c", "pass"],
            "lint": [py, exe, "--no-config", "--no-cache", args.manual],
        }
    side_env = {s: dict(env, PYTHONPYCACHEPREFIX=tempfile.mkdtemp(prefix=f"utcp-ab-{s}-")) for s in cmds}
    for s, c in cmds.items():  # warm-up: fill each side's byte-code cache
        for cmd in c.values():
            cpu_of(cmd, side_env[s])
    cpu: dict[tuple[str, str], list[float]] = {(s, k): [] for s in cmds for k in ("pass", "lint")}
    for i in range(args.reps):
        order = ("before", "after") if i % 2 == 0 else ("after", "before")
        for s in order:
            for k in ("pass", "lint"):
                cpu[(s, k)].append(cpu_of(cmds[s][k], side_env[s]))
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"manual: {args.manual}; {args.reps} interleaved rounds; load average {load}")
    print(f"{'':8} {'pass ms':>9} {'lint ms':>9} {'x pass':>8}")
    med = {key: statistics.median(v) * 1000 for key, v in cpu.items()}
    for s in cmds:
        print(f"{s:8} {med[(s, 'pass')]:9.1f} {med[(s, 'lint')]:9.1f} {med[(s, 'lint')] / med[(s, 'pass')]:8.2f}")
    print(f"after - before (lint, CPU median): {med[('after', 'lint')] - med[('before', 'lint')]:+.1f} ms")


if __name__ == "__main__":
    main()
