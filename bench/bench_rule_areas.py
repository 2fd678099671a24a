"""CPU of the rules and per-template analyses outside the bash engine (issue 15).

    python bench/bench_rule_areas.py MANUAL [--before PKG] [--reps N]

In process, over every template of MANUAL (e.g. ``make_tools(1000, 10)`` of
bench_speed.py written to a file): each template's bash analysis and its
command models are built first (the bash engine, not measured), then timed
one by one with ``time.process_time``: the shared analyses (PowerShell
detection ``tpl.shells``, ``tpl.option_hits``, ``tpl.declarations``,
``tpl.client_refs``) and every default template rule; every default document
rule once.  An area's number includes what it computes first (UL623 builds
the tool contexts it needs).

``--before PKG``: also run a directory holding another build as ``utcp_lint``
(e.g. main's, laid out as a package) in alternating child processes, and
print both columns (the minimum of the reps per area).  The anchor is the
``before`` column itself, measured in the same minutes.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import Counter


def measure(manual: str) -> dict[str, float]:
    """Seconds of CPU per area over ``manual`` (in this process)."""
    import gc

    from utcp_lint.core.findings import SourceFile
    from utcp_lint.document.jsonpos import parse
    from utcp_lint.ruleset.context import DocumentContext, LintOptions
    from utcp_lint.ruleset.rule import all_rules

    text = open(manual, encoding="utf-8").read()
    rules = [r for r in all_rules().values() if r.default_enabled]
    clock = time.process_time
    tot: Counter[str] = Counter()
    doc = DocumentContext(SourceFile(manual, text), parse(text), LintOptions())
    templates = doc.templates
    gc.disable()
    try:
        for r in rules:
            if r.scope == "document" and (r.needs is None or doc.applies(r.needs)):
                t = clock()
                for _f in r.run(doc):
                    pass
                tot[f"doc {r.id}"] += clock() - t
        for tpl in templates:
            t = clock()
            _ = tpl.shells
            tot["tpl.shells (detect)"] += clock() - t
            a = tpl.bash
            if a is not None and not getattr(a, "error", None):
                _ = a.commands  # the bash engine's command models: not measured
            for name in ("option_hits", "declarations", "client_refs"):
                t = clock()
                getattr(tpl, name)
                tot[f"tpl.{name}"] += clock() - t
            for r in rules:
                if r.scope != "template" or (r.needs is not None and not tpl.applies(r.needs)):
                    continue
                t = clock()
                for _f in r.run(tpl):
                    pass
                tot[r.id] += clock() - t
            tpl.release_analyses()
    finally:
        gc.enable()
    return dict(tot)


def _child(manual: str, pkg: str | None) -> dict[str, float]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("PYTHONPYCACHEPREFIX", "/tmp/utcp_lint_bench_pyc")
    if pkg:
        env["PYTHONPATH"] = pkg
    else:
        env.pop("PYTHONPATH", None)
    out = subprocess.run(
        [sys.executable, __file__, manual, "--child"], env=env, capture_output=True, text=True, check=True
    ).stdout
    result: dict[str, float] = json.loads(out)
    return result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("manual")
    ap.add_argument("--before", help="directory holding the other build's utcp_lint package")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure(args.manual)))
        return
    builds = [("before", args.before), ("this", None)] if args.before else [("this", None)]
    runs: dict[str, list[dict[str, float]]] = {name: [] for name, _ in builds}
    for _ in range(args.reps):
        for name, pkg in builds:
            runs[name].append(_child(args.manual, pkg))
    best = {name: {k: min(r.get(k, 0.0) for r in rs) for k in rs[0]} for name, rs in runs.items()}
    first = best[builds[0][0]]
    print("   " + "".join(f"{name:>10}" for name, _ in builds) + "  area (CPU s, min of reps)")
    for k in sorted(first, key=lambda k: -first[k]):
        if first[k] < 0.002 and all(best[n].get(k, 0.0) < 0.002 for n in best):
            continue
        print("   " + "".join(f"{best[name].get(k, 0.0):10.3f}" for name, _ in builds) + f"  {k}")
    print("   " + "".join(f"{sum(best[name].values()):10.3f}" for name, _ in builds) + "  total")


if __name__ == "__main__":
    main()
