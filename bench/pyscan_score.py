#!/usr/bin/env python3
"""Score the Python scan on labelled splits of ``bench_pyscan_real.py``: precision and recall per
split and pooled, and (unless ``--quiet``) every missed true label and every false finding.

    python bench/pyscan_score.py SPLIT... [--quiet] [--audit] [--python EXE] [--tag TAG] [--jobs N]

SPLIT is a split of ``bench_pyscan_real.PROJECTS`` (``dev``, ``held-out``, ``fresh71`` ...),
``all``, or a file listing splits.  Only utcp-lint runs (``--select UL4 --no-config --no-cache``,
as the bench runs it; ``--audit`` adds ``--ignore-foreign-suppressions``: the tree's ``# nosec``
and ``# noqa: S...`` comments hide nothing, as when auditing someone else's plugin), with ``--python`` (default: this interpreter; with ``PYTHONPATH`` set to
another build's directory, that build), on the bench's cached trees (fetched if missing); a
finding counts at a label by the bench's own ``_label_spans``/``_snap``.  ``--tag`` keeps each
project's findings in ``~/.cache/utcp-lint-bench/score/TAG/`` (compare two builds with
``diff -r``).  A blind split's figure is taken with ``--quiet`` before anyone reads its misses.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_pyscan_real as B  # noqa: E402

CACHE = Path.home() / ".cache" / "utcp-lint-bench"


def _labels() -> dict:
    out: dict = collections.defaultdict(dict)
    for path in B.LABEL_FILES:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                d = json.loads(line)
                out[d["project"]][(os.path.normpath(d["file"]), int(d["line"]))] = (
                    bool(d["risk"]),
                    d.get("reason", ""),
                )
    return out


def _findings(project: tuple, python: str, tagdir: Path | None, extra: tuple = ()) -> list | None:
    dist, version, _split = project
    kept = tagdir / f"{dist}.json" if tagdir else None
    if kept and kept.exists():
        return json.loads(kept.read_text())
    tree = B.fetch(CACHE / "pyscan-real", dist, version)
    if tree is None:
        return None
    cmd = [python, "-m", "utcp_lint", "--select", "UL4", "--no-config", "--no-cache", "--format", "json", *extra, "."]
    r = subprocess.run(cmd, cwd=tree, capture_output=True, text=True)
    try:
        found = [[f["path"], f["line"], f["rule"]] for f in json.loads(r.stdout)["findings"]]
    except (ValueError, KeyError):
        print(f"{dist}: no JSON from utcp-lint (exit {r.returncode}): {r.stderr[-300:]}", file=sys.stderr)
        return []
    if kept:
        kept.write_text(json.dumps(found))
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("splits", nargs="+")
    ap.add_argument("--quiet", action="store_true", help="figures only: no MISS/FP lines")
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--tag", default="")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument(
        "--audit",
        action="store_true",
        help="run utcp-lint with --ignore-foreign-suppressions (an audit of someone else's code: "
        "bandit's '# nosec' and ruff's '# noqa: S...' in the tree hide nothing); use its own --tag",
    )
    a = ap.parse_args()
    splits: set = set()
    for s in a.splits:
        splits |= set(Path(s).read_text().split()) if os.path.isfile(s) else {s}
    chosen = [p for p in B.PROJECTS if "all" in splits or p[2] in splits]
    tagdir = CACHE / "score" / a.tag if a.tag else None
    if tagdir:
        tagdir.mkdir(parents=True, exist_ok=True)
    labels = _labels()
    with ThreadPoolExecutor(a.jobs) as ex:
        results = list(
            ex.map(
                lambda p: (p, _findings(p, a.python, tagdir, ("--ignore-foreign-suppressions",) if a.audit else ())),
                chosen,
            )
        )
    per: dict = collections.defaultdict(lambda: [0, 0, 0])  # split -> [true found, judged found, true]
    unjudged = 0
    lines = []
    for (dist, version, split), found in results:
        if found is None:
            print(f"{dist}: not obtainable (offline, or no wheel for this platform): skipped")
            continue
        lab = labels.get(dist, {})
        spans = B._label_spans(CACHE / "pyscan-real" / f"{dist}-{version}", {k: v[0] for k, v in lab.items()})
        locs: dict = {}
        for path, line, rule in found:
            locs.setdefault(B._snap(spans, path, line), rule)
        s = per[split]
        for k, (risk, why) in sorted(lab.items()):
            if risk:
                s[2] += 1
                s[0] += k in locs
                if k not in locs:
                    lines.append(f"MISS {split} {dist} {k[0]}:{k[1]}  {why[:150]}")
        for k, rule in sorted(locs.items()):
            if k in lab:
                s[1] += 1
                if not lab[k][0]:
                    lines.append(f"FP   {split} {dist} {k[0]}:{k[1]} {rule}  {lab[k][1][:150]}")
            else:
                unjudged += 1
    if not a.quiet:
        print("\n".join(lines))
    for split, (t, j, n) in sorted(per.items()):
        print(f"  {split:10} P {t}/{j} R {t}/{n}")
    t, j, n = (sum(v[i] for v in per.values()) for i in range(3))
    print(f"TOTAL P {t / max(j, 1):.3f} ({t}/{j}) R {t / max(n, 1):.3f} ({t}/{n}) unjudged {unjudged}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
