"""Whole-file throughput of ``utcp-lint`` against anchors measured in the same run.

    python bench/bench_throughput.py [--sizes 1,10] [--files 1000]

(The template engine's throughput on 10,000 CLI steps is bench/bench_templates.py;
this one measures what issue 7's hostile inputs stress: big manuals and many files.)

For each manual size S (MiB; tools like fixtures/example, a flawed one at the
end) it times, in cold processes:

* ``python -c "import json; json.load(open(F))"``  (anchor: C JSON parser),
* ``utcp-lint --select UL031 F``  (loader + model + one cheap rule),
* ``utcp-lint F``  (every rule, including the bash engine on every template),

and prints MiB/s, peak RSS (ru_maxrss of the child) and the ratios to the
anchor.  Then the same for a directory of N small manuals (files/s).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXE = Path(sys.executable).parent / "utcp-lint"
LINT = [sys.executable, str(EXE)] if EXE.exists() else [sys.executable, "-m", "utcp_lint.cli"]
EXAMPLE = json.loads((ROOT / "fixtures" / "example" / "manual.json").read_text(encoding="utf-8"))


def machine() -> str:
    cpu = next((ln.split(":", 1)[1].strip() for ln in open("/proc/cpuinfo") if ln.startswith("model name")), "?")
    return f"nproc={os.cpu_count()} cpu={cpu!r} python={platform.python_version()}"


def write_manual(path: Path, mib: float) -> int:
    target = int(mib * 1024 * 1024)
    tools = EXAMPLE["tools"]
    with open(path, "w", encoding="utf-8") as f:
        f.write('{"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [\n')
        size = i = 0
        while size < target:
            t = dict(tools[i % len(tools)], name=f"tool_{i}")
            s = json.dumps(t) + ",\n"
            f.write(s)
            size += len(s)
            i += 1
        f.write(json.dumps(dict(tools[0], name="last")) + "\n]}\n")
    return i + 1


def measure(cmd) -> tuple[float, int]:
    """Wall seconds and peak RSS (KiB) of one cold child (via a fresh wrapper)."""
    code = (
        "import resource, subprocess, sys, time\n"
        "t0 = time.perf_counter()\n"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    out = subprocess.run([sys.executable, "-c", code] + cmd, capture_output=True, text=True).stdout.split()
    return float(out[0]), int(out[1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1,10", help="manual sizes in MiB, comma separated (e.g. 1,10,100)")
    ap.add_argument("--files", type=int, default=1000)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="utcp-bench-tp-"))
    print(f"machine: {machine()}\n")
    print(f"{'input':28} {'command':22} {'s':>8} {'MiB/s':>8} {'RSS MiB':>8} {'x anchor':>9} {'RSS/size':>9}")
    for mib in [float(x) for x in args.sizes.split(",")]:
        f = tmp / f"m{mib:g}.json"
        tools = write_manual(f, mib)
        size = f.stat().st_size / 2**20
        anchor_t, anchor_rss = measure([sys.executable, "-c", f"import json; json.load(open({str(f)!r}))"])
        rows = [("json.load (anchor)", anchor_t, anchor_rss)]
        for label, extra in (("--select UL031", ["--select", "UL031"]), ("all rules", [])):
            t, rss = measure(LINT + ["--no-config", "--format", "json", "-o", os.devnull] + extra + [str(f)])
            rows.append((label, t, rss))
        for label, t, rss in rows:
            print(
                f"{f'{size:.1f} MiB, {tools} tools':28} {label:22} {t:8.2f} {size / t:8.2f} {rss / 1024:8.0f} "
                f"{t / anchor_t:9.1f} {rss / 1024 / size:9.1f}"
            )
        f.unlink()

    d = tmp / "many"
    d.mkdir()
    for i in range(args.files):
        (d / f"m{i:05d}.json").write_text(json.dumps(EXAMPLE), encoding="utf-8")
    anchor_t, _ = measure(
        [
            sys.executable,
            "-c",
            f"import json, os; d={str(d)!r}; [json.load(open(os.path.join(d, n))) for n in os.listdir(d)]",
        ]
    )
    print()
    for label, extra in (("json.load (anchor)", None), ("--select UL031", ["--select", "UL031"]), ("all rules", [])):
        if extra is None:
            t = anchor_t
        else:
            t, _rss = measure(LINT + ["--no-config", "--format", "json", "-o", os.devnull] + extra + [str(d)])
        print(
            f"{f'{args.files} small manuals':28} {label:22} {t:8.2f} {args.files / t:8.0f} files/s "
            f"{t / anchor_t:9.1f} x anchor"
        )


if __name__ == "__main__":
    main()
