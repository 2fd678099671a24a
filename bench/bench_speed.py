"""Issue 15's figures, each printed with its anchor ratio measured in the same run.

    python bench/bench_speed.py [--tools 1000] [--steps 10] [--files 100] [--mem-sizes 1,10]

* **throughput**: a manual of TOOLS tools x STEPS realistic steps (commands
  from tests/test_bash_corpus.py), ``utcp-lint --format json --no-cache``
  with ``--jobs 1`` and ``--jobs 2``: steps/s (wall) and steps per
  CPU-second (user+sys of the process and its workers).  Anchors: ``python
  -c pass``; ``json.load`` of the same file; in process, tree-sitter-bash
  parsing the same rendered scripts, and parsing plus visiting every node
  from Python (steps/s).
* **many files**: the same tools in FILES files, ``--jobs 1`` vs ``--jobs 2``.
* **repeat run**: with the result cache on, a cold run (empty cache) and a
  warm one; warm / cold (goal <= 10 %).
* **memory**: peak RSS of ``--jobs 1`` (all rules) on generated manuals of
  the given sizes in MiB, as a multiple of the file size, next to
  ``json.load``'s (goal <= 15 x at 10 and 50 MB).

With ``--before DIR`` (a directory holding another build's ``utcp_lint``
package, e.g. ``git archive REV linter rules`` laid out as ``utcp_lint``), the
throughput and many-files runs of that build alternate with this build's and
are printed beside them.

Cold start has its own bench (bench_coldstart.py).  Wall times on a shared
machine include waiting: read the CPU figures and the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))
# the module both this build and a --before build have (the console script's utcp_lint.__main__
# is newer than some builds one compares with)
LINT = [sys.executable, "-m", "utcp_lint.cli"]


def machine() -> str:
    cpu = next((ln.split(":", 1)[1].strip() for ln in open("/proc/cpuinfo") if ln.startswith("model name")), "?")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"nproc={os.cpu_count()} cpu={cpu!r} python={platform.python_version()} load1={load:.1f}"


def make_tools(n_tools: int, n_steps: int, seed: int = 7, source: str = "diverse") -> list:
    """The bench's manual: ``diverse`` (bench/diverse.py: no step repeats, the default since issue 29)
    or ``corpus`` (steps drawn with repetition from tests/test_bash_corpus.py, the issue-15 input)."""
    if source == "diverse":
        import diverse

        return diverse.make_tools(n_tools, n_steps, seed)
    from test_bash_corpus import CORPUS

    rnd = random.Random(seed)
    tools = []
    for i in range(n_tools):
        cmds = [rnd.choice(CORPUS) for _ in range(n_steps)]
        props = {}
        for c in cmds:
            for part in c.split("UTCP_ARG_")[1:]:
                props[part.split("_UTCP_END")[0]] = {"type": "string"}
        tools.append(
            {
                "name": f"tool_{i}",
                "description": "generated",
                "inputs": {"type": "object", "properties": props, "required": sorted(props)},
                "outputs": {"type": "string"},
                "tool_call_template": {"call_template_type": "cli", "commands": [{"command": c} for c in cmds]},
            }
        )
    return tools


def write(path: Path, tools: list) -> None:
    path.write_text(
        json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}, indent=2), encoding="utf-8"
    )


_WRAP = (
    "import resource, subprocess, sys, time\n"
    "t = time.perf_counter()\n"
    "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=%r)\n"
    "w = time.perf_counter() - t\n"
    "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(w, u.ru_utime + u.ru_stime, u.ru_maxrss, r.returncode)\n"
)


def measure(cmd, env, cwd) -> tuple[float, float, int]:
    """(wall s, CPU s of the command and its workers, peak RSS KiB of the
    largest single process) of one cold run, via a fresh wrapper process."""
    out = subprocess.run(
        [sys.executable, "-c", _WRAP % str(cwd)] + cmd, env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[0]), float(out[1]), int(out[2])


def median_of(runs: list) -> tuple[float, float, int]:
    """Medians of wall and CPU (never the best: a figure must hold, not flatter), the largest RSS."""
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs), max(r[2] for r in runs)


def best(cmd, env, cwd, reps: int) -> tuple[float, float, int]:
    return median_of([measure(cmd, env, cwd) for _ in range(reps)])


def tree_sitter_anchor(tools: list) -> tuple[float, float]:
    """steps/s: tree-sitter-bash parse of the rendered scripts; parse + visit every node."""
    import tree_sitter
    import tree_sitter_bash

    from utcp_lint.executor.render import render

    parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_bash.language()))
    scripts = [render(t["tool_call_template"]["commands"]).script.encode() for t in tools]
    steps = sum(len(t["tool_call_template"]["commands"]) for t in tools)
    t0 = time.process_time()
    for s in scripts:
        parser.parse(s)
    parse = time.process_time() - t0
    t0 = time.process_time()
    for s in scripts:
        stack = [parser.parse(s).root_node]
        while stack:
            n = stack.pop()
            stack.extend(n.children)
    visit = time.process_time() - t0
    return steps / parse, steps / visit


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tools", type=int, default=1000)
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--files", type=int, default=100)
    ap.add_argument("--mem-sizes", default="1", help="MiB, comma separated (e.g. 1,10,50); empty to skip")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument(
        "--input",
        choices=("diverse", "corpus"),
        default="diverse",
        help="diverse: every step distinct (bench/diverse.py, default); corpus: tests/test_bash_corpus.py steps "
        "drawn with repetition (the issue-15 input, which per-command caches make cheap)",
    )
    ap.add_argument(
        "--before",
        default="",
        help="directory holding another build's utcp_lint package: its throughput and many-files figures are "
        "measured too, alternating with this build's runs (same minutes, same machine load)",
    )
    args = ap.parse_args()
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), "utcp-lint-bench-pycache")
    work = Path(tempfile.mkdtemp(prefix="utcp-bench-speed-"))
    print(f"machine: {machine()}")
    tools = make_tools(args.tools, args.steps, source=args.input)
    steps = args.tools * args.steps
    manual = work / "manual.json"
    write(manual, tools)
    size = manual.stat().st_size
    distinct = len({c["command"] for t in tools for c in t["tool_call_template"]["commands"]})
    print(
        f"manual ({args.input}): {args.tools} tools x {args.steps} steps = {steps} steps ({distinct} distinct), "
        f"{size / 2**20:.1f} MiB; medians of {args.reps} runs\n"
    )

    subprocess.run(LINT + ["--version"], env=env, capture_output=True)  # byte-code cache
    w_pass, c_pass, _ = best([sys.executable, "-c", "pass"], env, work, 3)
    w_json, c_json, r_json = best(
        [sys.executable, "-c", f"import json; json.load(open({str(manual)!r}))"], env, work, 3
    )
    ts_parse, ts_visit = tree_sitter_anchor(tools)
    base = LINT + ["--format", "json", "--no-config", "--no-cache"]
    benv = dict(env, PYTHONPATH=args.before, PYTHONPYCACHEPREFIX=env["PYTHONPYCACHEPREFIX"] + "-before")
    if args.before:
        subprocess.run(LINT + ["--version"], env=benv, capture_output=True)
    before: dict = {}

    def ab(cmd):
        """Medians of this build's --reps runs; with --before, the other build's runs alternate with them."""
        runs, bruns = [], []
        for _ in range(args.reps):
            runs.append(measure(cmd, env, work))
            if args.before:
                bruns.append(measure(cmd, benv, work))
        if bruns:
            bw, bc, _ = median_of(bruns)
            before[tuple(cmd)] = (bw, bc)
        return median_of(runs)

    def was(cmd, steps_: int) -> str:
        if tuple(cmd) not in before:
            return ""
        bw, bc = before[tuple(cmd)]
        return f"   before: {bw:.2f} s wall, {bc:.2f} CPU-s, {steps_ / bw:.0f} steps/s, {steps_ / bc:.0f} steps/CPU-s"

    j1 = base + ["--jobs", "1", str(manual)]
    j2 = base + ["--jobs", "2", str(manual)]
    w1, c1, _ = ab(j1)
    w2, c2, _ = ab(j2)
    print(f"{'throughput (one document)':44} {'wall s':>8} {'CPU s':>8} {'steps/s':>9} {'steps/CPU-s':>12}")
    print(f"{'anchor: python -c pass':44} {w_pass:8.3f} {c_pass:8.3f}")
    print(f"{'anchor: json.load (cold process)':44} {w_json:8.3f} {c_json:8.3f}")
    print(f"{'anchor: tree-sitter-bash parse (in process)':44} {'':8} {'':8} {ts_parse:9.0f}")
    print(f"{'anchor: parse + visit every node':44} {'':8} {'':8} {ts_visit:9.0f}")
    print(f"{'utcp-lint --jobs 1':44} {w1:8.2f} {c1:8.2f} {steps / w1:9.0f} {steps / c1:12.0f}{was(j1, steps)}")
    print(f"{'utcp-lint --jobs 2':44} {w2:8.2f} {c2:8.2f} {steps / w2:9.0f} {steps / c2:12.0f}{was(j2, steps)}")
    print(
        f"ratios: jobs 2 / jobs 1 wall speed-up {w1 / w2:.2f}x; CPU per step x{c2 / c1:.2f}; "
        f"jobs-2 steps/s = {steps / w2 / ts_parse:.3f} x tree-sitter parse, {steps / w2 / ts_visit:.3f} x "
        f"parse+visit; cold process = {c1 / c_pass:.0f} x python -c pass CPU"
    )
    print(
        f"goals: >= 5,000 steps/s wall: {'met' if steps / w2 >= 5000 else 'NOT met'}; "
        f">= 3,500 steps/CPU-s in one process: {'met' if steps / c1 >= 3500 else 'NOT met'}\n"
    )

    # many files
    d = work / "many"
    d.mkdir()
    per = max(1, args.tools // args.files)
    for i in range(0, args.tools, per):
        write(d / f"m{i:05d}.json", tools[i : i + per])
    f1 = base + ["--jobs", "1", str(d)]
    f2 = base + ["--jobs", "2", str(d)]
    fw1, fc1, _ = ab(f1)
    fw2, fc2, _ = ab(f2)
    print(
        f"many files ({args.files} files): --jobs 1 {fw1:.2f} s wall / {fc1:.2f} CPU-s; --jobs 2 {fw2:.2f} s "
        f"wall / {fc2:.2f} CPU-s; speed-up {fw1 / fw2:.2f}x; {steps / fw2:.0f} steps/s"
    )
    if args.before:
        print(f"  --jobs 1{was(f1, steps)}\n  --jobs 2{was(f2, steps)}")
    print()

    # repeat run (cache on)
    cw = work / "cached"
    cw.mkdir()
    shutil.copy(manual, cw / "manual.json")
    cached = LINT + ["--format", "json", "--no-config", "--jobs", "1", "manual.json"]
    cold_w, cold_c, _ = measure(cached, env, cw)
    warm_w, warm_c, _ = best(cached, env, cw, 3)
    print(
        f"repeat run: cold {cold_w:.2f} s wall / {cold_c:.2f} CPU-s; warm {warm_w:.2f} s / {warm_c:.2f} CPU-s; "
        f"warm/cold = {warm_c / cold_c * 100:.1f} % CPU, {warm_w / cold_w * 100:.1f} % wall (goal <= 10 %); "
        f"warm = {warm_c / c_pass:.1f} x python -c pass CPU\n"
    )

    sizes = [float(x) for x in args.mem_sizes.split(",") if x.strip()]
    if sizes:
        from bench_throughput import write_manual

        print(f"{'memory':24} {'json.load RSS x file':>22} {'utcp-lint RSS x file':>22} {'CPU s':>8}")
        for mib in sizes:
            p = work / f"mem{mib:g}.json"
            write_manual(p, mib)
            fs = p.stat().st_size
            _w, _c, rj = measure([sys.executable, "-c", f"import json; json.load(open({str(p)!r}))"], env, work)
            _w, cl, rl = measure(base + ["--jobs", "1", str(p)], env, work)
            print(f"{f'{mib:g} MiB manual':24} {rj * 1024 / fs:22.1f} {rl * 1024 / fs:22.1f} {cl:8.1f}")
            p.unlink()
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
