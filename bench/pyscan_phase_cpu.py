#!/usr/bin/env python3
"""CPU time of each phase of the Python scan, measured with the CPU clock (issue 25).

    python bench/pyscan_phase_cpu.py [--split held-out] [--cache DIR] [--json] [TREE ...]

Runs ``utcp-lint --select UL4 --no-config --no-cache --format json .`` once in each tree
(the bench's cached trees of ``--split``, or the directories given), each in its own
process, serially (one process: a forked worker's CPU would be missed), with its bytecode
compiled (``PYTHONDONTWRITEBYTECODE`` removed, a private ``PYTHONPYCACHEPREFIX``, one
untimed run first), and prints the CPU time (``time.process_time``) spent inside each
phase of :data:`PHASES`, summed over the trees, beside the processes' whole CPU.  A phase
counts its outermost calls only (a recursive call is inside the first), and includes the
phases it calls (``scan`` includes ``parse``).

Why: a sampling profiler (py-spy) samples wall time, which a loaded machine inflates
unevenly, and cProfile charges its own cost per call, so a phase of many small Python
calls looks several times bigger than it is (session 45: cProfile showed the prefilter's
needle loop as half of the prefilter and ``sinks.script_writes`` as 3.5 % of the run;
with the CPU clock, rewriting that loop changed nothing and ``script_writes`` is 0.8 %).
Confirm a hotspot here before working on it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

# (label, module, attribute): the function whose CPU the phase is; every module holding
# the same function object under that name is patched (``from .x import f`` copies)
PHASES = (
    ("read", "utcp_lint.run.read", "read_text"),
    ("words", "utcp_lint.pyscan.project", "words_of"),
    ("prefilter", "utcp_lint.pyscan.prefilter", "is_candidate_words"),
    ("scan", "utcp_lint.pyscan", "_scan_text"),
    ("parse", "utcp_lint.pyscan", "parse_python"),
    ("scope model", "utcp_lint.pyscan.scopes", "ModuleModel.__init__"),
    ("sinks", "utcp_lint.pyscan.sinks", "detect_sinks"),
    ("summarize", "utcp_lint.pyscan.project", "summarize"),
    ("project pass", "utcp_lint.pyscan", "_project_pass"),
    ("report", "utcp_lint.reporters", "write_report"),
)

# run in each tree's process: patches PHASES, runs the command line, prints one JSON line
_DRIVER = r"""
import importlib, json, os, runpy, sys, time
os.cpu_count = lambda: 1  # serial: the scan's worker process would not be measured
phases = json.loads(sys.argv[1])
acc = {}
active = set()
def timed(label, f):
    def w(*a, **k):
        if label in active:
            return f(*a, **k)
        active.add(label)
        t = time.process_time()
        try:
            return f(*a, **k)
        finally:
            active.discard(label)
            s = acc.setdefault(label, [0, 0.0])
            s[0] += 1
            s[1] += time.process_time() - t
    return w
for label, mod, attr in phases:
    m = importlib.import_module(mod)
    owner, _, name = attr.rpartition(".")
    holder = getattr(m, owner) if owner else m
    f = getattr(holder, name)
    w = timed(label, f)
    setattr(holder, name, w)
    if not owner:
        for other in list(sys.modules.values()):
            if other is not m and getattr(other, name, None) is f:
                setattr(other, name, w)
sys.argv = ["utcp-lint", "--select", "UL4", "--no-config", "--no-cache", "--format", "json", "."]
out = sys.stdout
sys.stdout = open(os.devnull, "w")
try:
    runpy.run_module("utcp_lint", run_name="__main__")
except SystemExit:
    pass
sys.stdout = out
print(json.dumps({"total": time.process_time(), "phases": acc}))
"""


def measure(tree: Path, env: dict) -> dict:
    """One tree: ``{"total": CPU-s of the process, "phases": {label: [calls, CPU-s]}}``."""
    cmd = [sys.executable, "-c", _DRIVER, json.dumps(PHASES)]
    subprocess.run(cmd, cwd=tree, env=env, capture_output=True)  # untimed: compiles the bytecode
    done = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        raise SystemExit(f"{tree}: the run failed\n{done.stderr[-2000:]}")
    return json.loads(lines[-1])


def bench_trees(split: str, cache: Path) -> list[Path]:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import bench_pyscan_real as real

    return [t for d, v, s in real.PROJECTS if s == split and (t := cache / f"{d}-{v}").is_dir()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="*", type=Path)
    ap.add_argument("--split", default="held-out")
    ap.add_argument("--cache", type=Path, default=Path.home() / ".cache/utcp-lint-bench/pyscan-real")
    ap.add_argument("--json", action="store_true", help="one JSON object: per tree and summed")
    a = ap.parse_args(argv)
    trees = a.trees or bench_trees(a.split, a.cache)
    if not trees:
        print(f"no tree of split {a.split} in {a.cache}")
        return 0
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="phase-cpu-")
    per = {str(t): measure(t, env) for t in trees}
    total = sum(r["total"] for r in per.values())
    summed: dict = {}
    for r in per.values():
        for label, (calls, cpu) in r["phases"].items():
            s = summed.setdefault(label, [0, 0.0])
            s[0] += calls
            s[1] += cpu
    if a.json:
        print(json.dumps({"trees": per, "total": total, "phases": summed}, indent=1))
        return 0
    print(f"{len(trees)} trees, CPU of the processes {total:.3f} s (serial, interpreter start included)")
    for label, _m, _a in PHASES:
        calls, cpu = summed.get(label, (0, 0.0))
        print(f"  {label:<13} {cpu:8.3f} s {100 * cpu / total if total else 0:5.1f} %  {calls:6d} calls")
    return 0


if __name__ == "__main__":
    sys.exit(main())
