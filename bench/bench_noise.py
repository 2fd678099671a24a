"""Per-rule finding counts on a corpus (default ../shared/corpus), and on the
bundled well-written set fixtures/clean/: the noise benchmark of issue 12.

    python bench/bench_noise.py [CORPUS] [--before BASELINE.json]

Prints ``rule severity count`` for the corpus (and, with ``--before``, the
counts of an earlier ``utcp-lint --format json`` report beside them), the
number of findings per 0.x document, and the findings on fixtures/clean/.
Counts, not timings: runs with the default settings (``--no-config``).
"""

from __future__ import annotations

import collections
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def lint(path: str) -> dict:
    exe = os.path.join(os.path.dirname(sys.executable), "utcp-lint")
    cmd = [exe] if os.path.exists(exe) else [sys.executable, "-m", "utcp_lint.cli"]
    r = subprocess.run(
        cmd + ["--format", "json", "--no-config", "--no-cache", path], capture_output=True, text=True, cwd=ROOT
    )
    return json.loads(r.stdout)


def counts(report: dict) -> collections.Counter:
    return collections.Counter((f["rule"], f["severity"]) for f in report["findings"])


def main(argv):
    corpus = next(
        (a for a in argv if not a.startswith("--") and not a.endswith(".json")),
        os.path.join(ROOT, "..", "shared", "corpus"),
    )
    before = None
    if "--before" in argv:
        before = json.load(open(argv[argv.index("--before") + 1]))
    now = lint(corpus)
    c = counts(now)
    b = counts(before) if before else collections.Counter()
    print(f"corpus: {corpus}")
    print(f"{'rule':7} {'severity':8} {'before':>7} {'after':>7}")
    for k in sorted(set(c) | set(b)):
        print(f"{k[0]:7} {k[1]:8} {b.get(k, '-') if before else '-':>7} {c.get(k, 0):>7}")
    tb = len(before["findings"]) if before else "-"
    print(f"{'total':16} {tb:>7} {len(now['findings']):>7}")
    legacy = {f["path"] for f in now["findings"] if f["rule"] == "UL005"}
    per = collections.Counter(f["path"] for f in now["findings"] if f["path"] in legacy)
    if per:
        print(
            f"0.x documents: {len(legacy)}; findings per 0.x document: max {max(per.values())}, "
            f"mean {sum(per.values()) / len(per):.1f}"
        )
    clean = lint(os.path.join(ROOT, "fixtures", "clean"))
    cc = counts(clean)
    bad = {k: v for k, v in cc.items() if k[1] != "note"}
    print(
        f"fixtures/clean: {len(clean['findings'])} findings, {sum(bad.values())} warnings/errors "
        f"{dict(sorted(cc.items()))}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
