"""Cold start of ``utcp-lint manual.json`` against anchors measured in the same run.

    python bench/bench_coldstart.py [--reps N] [MANUAL]

Default manual: bench/one_tool_manual.json (a valid, clean one-tool CLI
manual: the issue-15 figure).  Prints, for each
command, the median wall time of N cold processes (after one warm-up run that
fills the byte-code cache, as any pip install has) and its ratio to the
anchors ``python -c pass`` and ``python -c "import json"``.  Then runs the
check once under ``python -X importtime`` and prints which imports dominate
(self time summed by top-level package) and whether the heavy libraries
(tree_sitter, sarif_om, pydantic...) were loaded at all.

Goals: issue 7, <= 250 ms for a small manual; issue 15, <= 120 ms for a valid
one-tool manual, i.e. <= 10 x ``python -c pass`` in the same run.  The
"pydantic-backed rules ignored" line is the issue's own anchor.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXE = Path(sys.executable).parent / "utcp-lint"
HEAVY = (
    "libcst",
    "tree_sitter",
    "tree_sitter_bash",
    "sarif_om",
    "pydantic",
    "pydantic_core",
    "hypothesis",
    "jsonschema",
    "utcp",
    "utcp_cli",
)


def machine() -> str:
    cpu = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"nproc={os.cpu_count()} cpu={cpu!r} python={platform.python_version()} load={load}"


def timed(cmd, env, reps: int) -> float:
    subprocess.run(cmd, env=env, capture_output=True)  # warm-up: byte-code cache
    times = []
    cpu = []
    for _ in range(reps):
        # getrusage: microsecond CPU times (os.times counts 10 ms clock ticks,
        # too coarse for a 30 ms interpreter start on a loaded machine)
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, env=env, capture_output=True)
        times.append(time.perf_counter() - t0)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append((r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime))
    CPU[tuple(cmd)] = statistics.median(cpu)
    return statistics.median(times)


CPU: dict = {}  # command -> median child CPU seconds (robust when the machine is loaded)


def importtime(cmd, env) -> tuple[list, set]:
    r = subprocess.run([sys.executable, "-X", "importtime"] + cmd[1:], env=env, capture_output=True, text=True)
    by_pkg: dict = {}
    loaded = set()
    for line in r.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        parts = line[len("import time:") :].split("|")
        try:
            self_us = int(parts[0])
        except ValueError:
            continue
        name = parts[2].strip()
        top = name.split(".")[0]
        loaded.add(top)
        by_pkg[top] = by_pkg.get(top, 0) + self_us
    return sorted(by_pkg.items(), key=lambda kv: -kv[1]), loaded


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("manual", nargs="?", default=str(ROOT / "bench" / "one_tool_manual.json"))
    ap.add_argument("--reps", type=int, default=15)
    args = ap.parse_args()
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="utcp-bench-pyc-")
    env["NO_COLOR"] = "1"
    exe = [str(EXE)] if EXE.exists() else [sys.executable, "-m", "utcp_lint.cli"]
    # run the console script through the interpreter so -X importtime applies the same way
    lint = [sys.executable, str(EXE)] if EXE.exists() else exe

    print(f"machine: {machine()}")
    print(f"manual: {args.manual} ({os.path.getsize(args.manual)} bytes), median of {args.reps} cold runs\n")
    anchors = {
        "python -c pass": [sys.executable, "-c", "pass"],
        'python -c "import json"': [sys.executable, "-c", "import json"],
        'python -c "import click"': [sys.executable, "-c", "import click"],
    }
    # --no-cache: a cold start lints (a warm result cache would serve it, see the last line)
    nc = ["--no-config", "--no-cache"]
    cases = {
        "utcp-lint MANUAL (all rules)": lint + nc + [args.manual],
        "utcp-lint --select UL031 MANUAL": lint + nc + ["--select", "UL031", args.manual],
        "utcp-lint --ignore UL001-UL010 MANUAL": lint + nc + ["--ignore", "UL00,UL010", args.manual],
        "utcp-lint --format json MANUAL": lint + nc + ["--format", "json", args.manual],
        "utcp-lint --format sarif MANUAL": lint + nc + ["--format", "sarif", args.manual],
        "utcp-lint --version": lint + ["--version"],
        "utcp-lint --help": lint + ["--help"],
        "utcp-lint MANUAL, result cache warm": lint + ["--no-config", args.manual],
    }
    t = {name: timed(cmd, env, args.reps) for name, cmd in {**anchors, **cases}.items()}
    a_pass, a_json = t["python -c pass"], t['python -c "import json"']
    allc = {**anchors, **cases}
    c = {name: CPU[tuple(cmd)] for name, cmd in allc.items()}
    c_pass = c["python -c pass"] or 1e-9
    print(f"{'command':40} {'wall ms':>8} {'x pass':>8} {'x json':>8} {'cpu ms':>8} {'cpu x pass':>10}")
    for name in list(anchors) + list(cases):
        print(
            f"{name:40} {t[name] * 1000:8.1f} {t[name] / a_pass:8.2f} {t[name] / a_json:8.2f} "
            f"{c[name] * 1000:8.1f} {c[name] / c_pass:10.2f}"
        )
    # goals are CPU time of the process (issue 29): wall time moves with the machine's load
    main_cpu = c["utcp-lint MANUAL (all rules)"] * 1000
    cratio = c["utcp-lint MANUAL (all rules)"] / c_pass
    print(
        f"\ngoal one-tool manual <= 120 ms CPU and <= 5 x python -c pass (issue 29): "
        f"{'met' if main_cpu <= 120 and cratio <= 5 else 'NOT met'} ({main_cpu:.0f} ms, {cratio:.2f} x; "
        f"wall {t['utcp-lint MANUAL (all rules)'] * 1000:.0f} ms)"
    )
    for flag in ("--version", "--help"):
        cv = c[f"utcp-lint {flag}"] * 1000
        print(f"goal utcp-lint {flag} <= 30 ms CPU (issue 29): {'met' if cv <= 30 else 'NOT met'} ({cv:.1f} ms)")

    # what each heavy piece costs on its own (cold process, same anchors)
    pieces = {
        "import click": "import click",
        "import pydantic": "import pydantic",
        "import utcp_lint.models.validate": "import utcp_lint.models.validate",
        "import utcp_lint.executor.verify": "import utcp_lint.executor.verify",
        "import utcp_lint.template.bash": "import utcp_lint.template.bash",
        "import tree_sitter_bash + parser": (
            "import tree_sitter, tree_sitter_bash; "
            "tree_sitter.Parser(tree_sitter.Language(tree_sitter_bash.language()))"
        ),
        "import sarif_om": "import sarif_om",
        "all_rules() (imports every rule)": "from utcp_lint.ruleset.rule import all_rules; all_rules()",
    }
    print(f"\n{'cold import (python -c ...)':36} {'ms':>8} {'x pass':>8} {'- pass ms':>10}")
    for name, code in pieces.items():
        ti = timed([sys.executable, "-c", code], env, max(3, args.reps // 2))
        print(f"{name:36} {ti * 1000:8.1f} {ti / a_pass:8.2f} {(ti - a_pass) * 1000:10.1f}")

    for label, cmd in (
        ("all rules", cases["utcp-lint MANUAL (all rules)"]),
        ("--select UL031", cases["utcp-lint --select UL031 MANUAL"]),
    ):
        top, loaded = importtime(cmd, env)
        total = sum(us for _p, us in top)
        print(f"\n-X importtime, {label}: {total / 1000:.1f} ms of imports (self time by top-level package)")
        for pkg, us in top[:12]:
            print(f"  {pkg:28} {us / 1000:8.1f} ms  {us / total * 100:5.1f}%")
        print("  heavy libraries loaded: " + (", ".join(h for h in HEAVY if h in loaded) or "none"))


if __name__ == "__main__":
    main()
