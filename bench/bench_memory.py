"""Peak memory of ``utcp-lint`` as a multiple of the file size (issue 15: <= 15 x at 10 and 50 MB).

    python bench/bench_memory.py [--sizes 1,10,50] [--select RULES] [--reps 1] [--before DIR]

For each size S (MiB) it writes a generated manual (tools like
fixtures/example, bench_throughput.write_manual) and runs, each in a fresh
child process measured by a wrapper (``ru_maxrss`` of RUSAGE_CHILDREN, the
largest child, so the peak is the child's honest one):

* anchor: ``python -c "import json; json.load(open(F))"``,
* anchor: ``python -c "import utcp_lint.document.jsonpos as j; j.parse(open(F).read())"``
  (the positioned loader alone),
* ``utcp-lint --format json --no-config --no-cache --jobs 1 F`` (all rules,
  report to a file).

and prints peak RSS in MiB and as a multiple of the file size, plus CPU
seconds of the lint run.  ``--before DIR`` (a directory holding another
build's ``utcp_lint`` package, e.g. ``git archive`` of main laid out as
``utcp_lint``) also runs the loader and the lint with ``PYTHONPATH=DIR``, in
the same minutes, for a before/after in one run.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
# the CLI as a module: PYTHONPATH (--before) then decides which build runs
LINT_MODULE = [sys.executable, "-m", "utcp_lint.cli"]

_WRAP = (
    "import resource, subprocess, sys\n"
    "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
    "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(u.ru_maxrss, u.ru_utime + u.ru_stime, r.returncode)\n"
)


def measure(cmd: list[str], pythonpath: str | None = None) -> tuple[int, float, int]:
    """(peak RSS KiB, CPU s, exit code) of one cold child process."""
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run(
        [sys.executable, "-c", _WRAP] + cmd, capture_output=True, text=True, check=True, env=env
    ).stdout.split()
    return int(out[0]), float(out[1]), int(out[2])


def main() -> None:
    from bench_throughput import write_manual

    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1,10,50", help="MiB, comma separated")
    ap.add_argument("--select", default="", help="--select for utcp-lint (default: all rules)")
    ap.add_argument("--reps", type=int, default=1, help="runs per command; the smallest peak is kept")
    ap.add_argument("--before", default="", help="directory with another build's utcp_lint package (PYTHONPATH)")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="utcp-bench-mem-"))
    sel = ["--select", args.select] if args.select else []
    print(f"python {sys.version.split()[0]}; peak RSS of the child (MiB) and RSS / file size")
    builds = [("after", None)] + ([("before", args.before)] if args.before else [])
    print(f"{'manual':14} {'build':7} {'json.load':>18} {'jsonpos.parse':>18} {'utcp-lint':>18} {'lint CPU s':>10}")
    for mib in [float(x) for x in args.sizes.split(",") if x.strip()]:
        f = tmp / f"m{mib:g}.json"
        write_manual(f, mib)
        size = f.stat().st_size
        anchor = [sys.executable, "-c", f"import json; json.load(open({str(f)!r}, encoding='utf-8'))"]
        loader = [
            sys.executable,
            "-c",
            f"import utcp_lint.document.jsonpos as j; j.parse(open({str(f)!r}, encoding='utf-8').read())",
        ]
        lint = LINT_MODULE + [
            "--format",
            "json",
            "--no-config",
            "--no-cache",
            "--jobs",
            "1",
            *sel,
            "-o",
            str(tmp / "out.json"),
            str(f),
        ]
        # the builds alternate run by run (same minutes, same load)
        runs: dict = {(b, c): [] for b, _ in builds for c in range(3)}
        for _ in range(args.reps):
            for c, cmd in enumerate((anchor, loader, lint)):
                for b, path in builds:
                    if c == 0 and b != "after":
                        continue  # json.load does not depend on the build
                    runs[(b, c)].append(measure(cmd, path))
        for b, _path in builds:
            rows = []
            for c in range(3):
                rs = runs[(b, c)] or runs[("after", c)]
                rows.append((min(r[0] for r in rs), min(r[1] for r in rs), rs[0][2]))
            cells = [f"{r[0] / 1024:7.0f} {r[0] * 1024 / size:6.1f} x" for r in rows]
            print(
                f"{f'{size / 2**20:.1f} MiB':14} {b:7} {cells[0]:>18} {cells[1]:>18} {cells[2]:>18} {rows[2][1]:10.1f}"
            )
            if rows[2][2] not in (0, 1):
                print(f"  utcp-lint exit code {rows[2][2]}")
        f.unlink()
    (tmp / "out.json").unlink(missing_ok=True)
    tmp.rmdir()


if __name__ == "__main__":
    main()
