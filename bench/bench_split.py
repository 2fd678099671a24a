"""Where the time of a ``--jobs 2`` run goes: the parent's serial phases, each
process's busy time in the parallel phase, and the wall time the run would take
on two idle cores (issue 15).

    python bench/bench_split.py [--reps 3] [--before PKG_DIR] [MANUAL]

MANUAL defaults to a generated 1,000-tool x 10-step manual (bench_speed.py's).
Each rep runs ``utcp-lint --format json --no-cache --no-config --jobs 2`` in a
fresh process with timers around the run's phases (read + positioned load,
document context, CLI templates, the split, the document rules, each slice,
collecting, postprocess, report), written by every process (the forked
workers too) to a log; CPU times are per process (``time.process_time``).
With ``--before PKG_DIR`` (a package laid out as ``utcp_lint``, put first on
``PYTHONPATH``) the same is measured for that build, alternating with this one.

On a machine shared with other jobs, wall time mostly measures waiting; the
CPU split does not: "2-core estimate" = serial CPU before the split + the
parallel phase's CPU (every process) / 2 + serial CPU after it, i.e. the wall
time on two idle cores when the parallel phase keeps both busy (the slices are
claimed dynamically: the processes finish within one slice of each other).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

# Runs inside the measured process: wraps the phases (whatever exists in the
# build measured: this one's TemplateSplit, or the older executor map).
_PROBE = r"""
import os, sys, time
LOG = os.environ["UTCP_SPLIT_LOG"]
def log(msg):
    with open(LOG, "a") as f:
        f.write(f"{os.getpid()} {time.perf_counter():.6f} {time.process_time():.6f} {msg}\n")
log("start")
import utcp_lint.cli.app as cli
import utcp_lint.run.document as d, utcp_lint.run.parallel as p, utcp_lint.run.linter as L, utcp_lint.reporters as R
def wrap(owner, name):
    f = getattr(owner, name, None) if owner is not None else None
    if f is None:
        return
    def w(*a, **k):
        log("> " + name)
        try:
            return f(*a, **k)
        finally:
            log("< " + name)
    w.__qualname__, w.__module__ = f.__qualname__, f.__module__  # picklable by reference
    setattr(owner, name, w)
for owner, name in ((d, "parse"), (d, "run_document"), (p, "run_templates"), (p, "_run_slice"),
                    (p, "_template_slice"), (getattr(p, "TemplateSplit", None), "finish"),
                    (L.Linter, "postprocess"), (R, "write_report")):
    wrap(owner, name)
sys.argv = ["utcp-lint"] + sys.argv[1:]
try:
    cli.main()
finally:
    log("end")
"""


def measure(manual: Path, pkg: str | None, env: dict) -> dict:
    fd, log = tempfile.mkstemp(prefix="utcp-split-", suffix=".log")
    os.close(fd)
    e = dict(env, UTCP_SPLIT_LOG=log)
    if pkg:
        e["PYTHONPATH"] = pkg + os.pathsep + e.get("PYTHONPATH", "")
    out = os.path.join(tempfile.gettempdir(), f"utcp-split-out-{os.getpid()}.json")
    cmd = [sys.executable, "-c", _PROBE, "--format", "json", "--no-cache", "--no-config", "--jobs", "2", "-o", out]
    subprocess.run(cmd + [str(manual)], env=e, capture_output=True, check=False)
    rows = [ln.split(None, 3) for ln in Path(log).read_text().splitlines()]
    os.unlink(log)
    if os.path.exists(out):
        os.unlink(out)
    return split_of(rows)


def split_of(rows: list) -> dict:
    by_pid: dict = {}
    for pid, wall, cpu, msg in rows:
        by_pid.setdefault(pid, []).append((float(wall), float(cpu), msg.strip()))
    pids = sorted(by_pid, key=lambda p: by_pid[p][0][0])
    parent = by_pid[pids[0]]

    def at(msg: str):
        return next((x for x in parent if x[2] == msg), None)

    start, fork, end = at("start"), at("> run_templates"), at("end")
    new = at("< finish")
    join = new or at("< run_templates")
    if fork is None or join is None or start is None or end is None:
        raise SystemExit("no split happened (too few templates?)")
    workers = [max(x[1] for x in by_pid[p]) for p in pids[1:]]
    # before the TemplateSplit the parent waited there, its pool's reader thread unpickling
    parent_par = join[1] - fork[1]
    pre = fork[1]  # the interpreter's own start included
    post = end[1] - join[1]
    par = parent_par + sum(workers)
    return {
        "serial before": pre,
        "parallel: parent": parent_par,
        "parallel: workers": sum(workers),
        "workers": len(workers),
        "serial after": post,
        "CPU total": pre + par + post,
        "2-core estimate": pre + par / 2 + post,
        "wall (this machine)": end[0] - start[0],
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("manual", nargs="?")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--before", help="a package directory laid out as utcp_lint, measured alternately")
    args = ap.parse_args()
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), "utcp-lint-bench-pycache")
    work = None
    if args.manual:
        manual = Path(args.manual)
        steps = None
    else:
        from bench_speed import make_tools, write

        work = tempfile.mkdtemp(prefix="utcp-split-")
        manual = Path(work) / "manual.json"
        write(manual, make_tools(1000, 10))
        steps = 10000
    builds = [("after", None)] + ([("before", args.before)] if args.before else [])
    results: dict = {name: [] for name, _ in builds}
    for _ in range(args.reps):
        for name, pkg in builds:
            results[name].append(measure(manual, pkg, env))
    print(f"--jobs 2 on {manual} ({steps or '?'} steps), median of {args.reps}, CPU seconds per process group")
    keys = list(results[builds[0][0]][0])
    print(f"{'':24}" + "".join(f"{name:>12}" for name, _ in builds))
    for k in keys:
        print(f"{k:24}" + "".join(f"{statistics.median(r[k] for r in results[name]):12.3f}" for name, _ in builds))
    if steps:
        est = "".join(
            f"{steps / statistics.median(r['2-core estimate'] for r in results[name]):12.0f}" for name, _ in builds
        )
        print(f"{'steps/s, 2-core est.':24}" + est)
    if work is not None:
        import shutil

        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
