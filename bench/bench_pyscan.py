#!/usr/bin/env python3
"""Bench the Python source scan against bandit and ruff on the same tree.

    python bench/bench_pyscan.py [TREE] [--repeat N]

TREE defaults to this interpreter's site-packages (1,000+ files).  In one run
it times, on the same files:

* bandit limited to the shell checks: ``bandit -r -t B602,...,B609``
* ruff's flake8-bandit subprocess rules: ``ruff check --select S6``
* utcp-lint cold (empty cache directory) and warm (second run, same cache),
  restricted to ``.py`` files like the other two (``exclude = ["*.json"]``)
  and, for reference, the whole default run (JSON files too) warm.

and prints wall-clock seconds, CPU seconds of the child processes, the ratios
against bandit measured in this same run, and the finding counts.  bandit and
ruff are bench tools only (``pip install bandit ruff``), not dependencies.

Goals (docs/design/pyscan.md): cold <= 0.2x bandit, warm <= 0.5 s.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time


def _tool(name):
    cand = os.path.join(os.path.dirname(sys.executable), name)
    return cand if os.path.exists(cand) else shutil.which(name)


def timed(cmd, cwd=None):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    return p, wall, cpu


def count_py(tree):
    n = 0
    for _dp, _dn, fn in os.walk(tree):
        n += sum(1 for f in fn if f.endswith(".py"))
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tree", nargs="?", default=sysconfig.get_paths()["purelib"])
    ap.add_argument("--repeat", type=int, default=1, help="runs per tool; the fastest wall time counts")
    args = ap.parse_args()
    tree = os.path.abspath(args.tree)
    bandit, ruff, ul = _tool("bandit"), _tool("ruff"), _tool("utcp-lint")
    if ul is None:
        sys.exit("utcp-lint is not installed in this environment")
    print(f"tree: {tree} ({count_py(tree)} .py files), cpus: {os.cpu_count()}, load: {os.getloadavg()[0]:.2f}")
    work = tempfile.mkdtemp(prefix="bench-pyscan-")
    cfg = os.path.join(work, "pyproject.toml")
    with open(cfg, "w") as f:
        f.write('[tool.utcp-lint]\nexclude = ["*.json"]\n')
    rows = []

    def best(label, make_cmd, parse, prepare=None, cwd=None):
        runs = []
        for _ in range(args.repeat):
            if prepare:
                prepare()
            p, wall, cpu = timed(make_cmd(), cwd=cwd)
            runs.append((wall, cpu, p))
        wall, cpu, p = min(runs, key=lambda r: r[0])
        counts = parse(p)
        rows.append((label, wall, cpu, counts))
        print(
            f"  {label:34} wall {wall:7.2f} s   cpu {cpu:7.2f} s   findings {sum(counts.values()):5d}  "
            f"{dict(sorted(counts.items()))}",
            flush=True,
        )
        return wall

    print("running...")
    b_wall = None
    if bandit:
        out = os.path.join(work, "bandit.json")

        def parse_bandit(p):
            try:
                with open(out) as f:
                    data = json.load(f)
            except (OSError, ValueError):
                print("bandit output unreadable:", p.stderr[-500:])
                return {}
            return collections.Counter(r["test_id"] for r in data.get("results", []))

        b_wall = best(
            "bandit -t B602..B609",
            lambda: [
                bandit,
                "-q",
                "-r",
                "-t",
                "B602,B603,B604,B605,B606,B607,B608,B609",
                "-f",
                "json",
                "-o",
                out,
                tree,
            ],
            parse_bandit,
        )
    else:
        print("  bandit not installed (pip install bandit): skipped")
    if ruff:

        def parse_ruff(p):
            try:
                return collections.Counter(x["code"] for x in json.loads(p.stdout or "[]"))
            except ValueError:
                return {}

        best(
            "ruff check --select S6",
            lambda: [ruff, "check", "--no-cache", "--select", "S6", "--exit-zero", "--output-format", "json", tree],
            parse_ruff,
        )
    else:
        print("  ruff not installed (pip install ruff): skipped")

    cache_dir = os.path.join(work, ".utcp-lint-cache")

    def parse_ul(p):
        try:
            data = json.loads(p.stdout)
        except ValueError:
            print("utcp-lint output unreadable:", p.stderr[-500:])
            return {}
        c = collections.Counter(f["rule"] for f in data["findings"])
        if data.get("errors"):
            c["file errors"] = len(data["errors"])
        return c

    ul_cmd = [ul, "--config", cfg, "--format", "json", "-q", tree]
    cold = best(
        "utcp-lint cold (.py)",
        lambda: ul_cmd,
        parse_ul,
        prepare=lambda: shutil.rmtree(cache_dir, ignore_errors=True),
        cwd=work,
    )
    warm = best("utcp-lint warm (.py)", lambda: ul_cmd, parse_ul, cwd=work)
    best(
        "utcp-lint warm (.py + .json, default)",
        lambda: [ul, "--no-config", "--format", "json", "-q", tree],
        parse_ul,
        cwd=work,
    )
    nocache = best("utcp-lint --no-cache (.py)", lambda: ul_cmd + ["--no-cache"], parse_ul, cwd=work)

    print("\nratios (same run):")
    if b_wall:
        print(
            f"  utcp-lint cold / bandit      = {cold / b_wall:6.3f}   (goal <= 0.2)  "
            f"{'OK' if cold / b_wall <= 0.2 else 'MISSED'}"
        )
        print(f"  utcp-lint --no-cache / bandit = {nocache / b_wall:6.3f}")
        r_wall = [r[1] for r in rows if r[0].startswith("ruff")]
        if r_wall:
            print(f"  ruff / bandit                = {r_wall[0] / b_wall:6.3f}")
    print(f"  utcp-lint warm               = {warm:6.3f} s (goal <= 0.5 s)  {'OK' if warm <= 0.5 else 'MISSED'}")
    print(f"  utcp-lint warm / cold        = {warm / cold:6.3f}")
    breakdown(tree, work, cfg)
    shutil.rmtree(work, ignore_errors=True)


def breakdown(tree, work, cfg):
    """Where a warm run's time goes, measured in a fresh interpreter."""
    code = f"""
import os, time
t0 = time.perf_counter()
os.chdir({work!r})
from utcp_lint.engine import Linter, RunResult, discover
from utcp_lint.run.config import load_config
t1 = time.perf_counter()
from utcp_lint.ruleset.rule import all_rules
all_rules()
t2 = time.perf_counter()
cfg = load_config({cfg!r})
res = RunResult()
targets = [t for t in discover([{tree!r}], res, exclude=cfg.exclude) if t.path.endswith(".py")]
t3 = time.perf_counter()
from utcp_lint.pyscan import scan_many
lin = Linter(config=cfg)
scan_many(lin, targets, res)
t4 = time.perf_counter()
print(f"  imports {{t1-t0:.3f}} s, rule registry {{t2-t1:.3f}} s, discover {{t3-t2:.3f}} s, "
      f"scan_many warm (stat + cache) {{t4-t3:.3f}} s for {{len(targets)}} files, {{len(res.findings)}} findings")
"""
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    print("\nwarm run breakdown (in-process, same cache):")
    print(p.stdout.rstrip() or p.stderr[-800:])


if __name__ == "__main__":
    main()
