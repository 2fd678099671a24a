"""CPU time of the model-text rules (UL600-UL626) over the 1,035 real benign tools, before vs now.

    python bench/bench_ul6_benign.py [--before REV] [--rounds 5] [--passes 3]

The input is bench/data/benign_tools.jsonl grouped into one manual per server, exactly as
bench/bench_poisoning.py lints it (its ``benign_manuals``).  Two builds are compared:

* **now**: the ``utcp_lint`` this interpreter imports (the editable install of this checkout);
* **before**: the package of commit REV (default ``52b4261``, issue 24's reference: the
  session's start, before UL626), built by ``git archive REV linter rules`` and laid out as
  ``utcp_lint`` + ``utcp_lint/rules`` in a temporary directory put first on ``PYTHONPATH``.

Each round starts one process per build, alternating (before, now, before, now, ...), so both
see the same machine load.  A process parses every manual into a ``DocumentContext``
(not timed), then times with ``time.process_time`` (CPU, not wall: the machine is shared)
running every rule of the build whose id starts with UL60 or UL62 on every manual, PASSES
times over fresh contexts.  The first pass is *cold* (it compiles the lazily compiled
pattern sets), the later ones *warm*.  Printed: the load average, the median over rounds
of each build's cold pass and of its median warm pass, the findings count (the same on
every pass and round) and now / before (issue 24's goal: at most 1.5x).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent


def child(passes: int) -> None:
    sys.path.insert(0, str(BENCH))
    from bench_poisoning import benign_manuals, load, manual

    from utcp_lint.core.findings import SourceFile
    from utcp_lint.document.jsonpos import parse
    from utcp_lint.ruleset.context import DocumentContext
    from utcp_lint.ruleset.rule import all_rules

    texts = [manual(tools) for tools in benign_manuals(load("benign_tools.jsonl"))]
    rules_all = all_rules()
    rules = [rules_all[r] for r in sorted(rules_all) if r.startswith(("UL60", "UL62"))]
    times, counts = [], []
    for _ in range(passes):
        docs = [DocumentContext(SourceFile("m.json", t), parse(t)) for t in texts]
        n = 0
        t0 = time.process_time()
        for d in docs:
            for r in rules:
                n += sum(1 for _f in r.run(d))
        times.append(time.process_time() - t0)
        counts.append(n)
        del docs
    print(json.dumps({"times": times, "findings": counts, "rules": [r.id for r in rules], "origin": _origin()}))


def _origin() -> str:
    import utcp_lint

    return str(Path(utcp_lint.__file__).resolve().parent)


def build_before(rev: str, into: Path) -> Path:
    """``git archive REV linter rules`` laid out as ``utcp_lint`` + ``utcp_lint/rules`` under ``into``."""
    tar = into / "src.tar"
    with tar.open("wb") as f:
        subprocess.run(["git", "-C", str(ROOT), "archive", rev, "linter", "rules"], stdout=f, check=True)
    with tarfile.open(tar) as t:
        t.extractall(into / "x")  # noqa: S202 - our own repository's archive
    pkg = into / "pkg"
    pkg.mkdir()
    shutil.move(str(into / "x" / "linter"), str(pkg / "utcp_lint"))
    shutil.move(str(into / "x" / "rules"), str(pkg / "utcp_lint" / "rules"))
    return pkg


def run_child(env: dict, passes: int) -> dict:
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", "--passes", str(passes)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=str(BENCH),
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", default="52b4261", help="git revision of the reference build")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.passes)
        return
    work = Path(tempfile.mkdtemp(prefix="utcp-bench-ul6-"))
    try:
        pkg = build_before(args.before, work)
        base = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        base.pop("PYTHONDONTWRITEBYTECODE", None)
        cache = os.path.join(tempfile.gettempdir(), "utcp-lint-bench-ul6-pycache")
        envs = {
            "before": dict(base, PYTHONPATH=str(pkg), PYTHONPYCACHEPREFIX=cache + "-before"),
            "now": dict(base, PYTHONPYCACHEPREFIX=cache + "-now"),
        }
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; nproc={os.cpu_count()}")
        res: dict[str, list[dict]] = {"before": [], "now": []}
        for i in range(args.rounds):
            for name in ("before", "now") if i % 2 == 0 else ("now", "before"):
                res[name].append(run_child(envs[name], args.passes))
        print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        summary = {}
        for name, runs in res.items():
            cold = statistics.median(r["times"][0] for r in runs)
            warm = statistics.median(statistics.median(r["times"][1:] or r["times"]) for r in runs)
            finds = sorted({n for r in runs for n in r["findings"]})
            summary[name] = (cold, warm)
            print(
                f"{name:7} {runs[0]['origin']}\n"
                f"        rules {','.join(runs[0]['rules'])}\n"
                f"        cold pass {cold * 1000:8.1f} ms   warm pass {warm * 1000:8.1f} ms   findings {finds}   "
                f"(medians of {len(runs)} processes; CPU time)"
            )
        (bc, bw), (nc, nw) = summary["before"], summary["now"]
        print(f"now / before: cold {nc / bc:.2f}x, warm {nw / bw:.2f}x (goal <= 1.5x)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
