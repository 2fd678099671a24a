"""Score calibration of the directive analysis (linter/directives): REPORT_AT and HIGH_AT.

    python scripts/calibrate_directives.py

Runs the analysis with the report threshold lowered to 0 over the development attacks
(bench/data/attacks_dev.jsonl) and the benign tools (bench/data/benign_tools.jsonl) and
prints, per score, how many tools reach it at their highest score: the thresholds are the
scores above which benign tools stop (REPORT_AT) and above which no benign tool was ever
seen (HIGH_AT, an error).  The held-out split is not read.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import bench_poisoning as b  # noqa: E402

import utcp_lint.modeltext.directives as D  # noqa: E402
from utcp_lint.core.findings import SourceFile  # noqa: E402
from utcp_lint.document.jsonpos import parse  # noqa: E402
from utcp_lint.ruleset.context import DocumentContext  # noqa: E402


def best_scores(manual_tools: list[dict]) -> dict[str, float]:
    text = b.manual(manual_tools)
    doc = DocumentContext(SourceFile("m.json", text), parse(text))
    out: dict[str, float] = {}
    for d in D.analyse(doc):
        out[d.string.tool] = max(out.get(d.string.tool, 0.0), d.score)
    return out


def main() -> None:
    D.REPORT_AT = 0.0  # see every candidate (module global read at call time)
    dev, benign = Counter(), Counter()
    attacks = b.load("attacks_dev.jsonl")
    for a in attacks:
        t = a["tool"]
        s = best_scores([b.utcp_tool(t["name"], t["description"], t["params"])]).get(t["name"])
        dev[round(s * 4) / 4 if s else None] += 1
    n_benign = 0
    for tools in b.benign_manuals(b.load("benign_tools.jsonl")):
        scores = best_scores(tools)
        for t in tools:
            n_benign += 1
            s = scores.get(t["name"])
            benign[round(s * 4) / 4 if s else None] += 1
    print(f"best score per tool: {len(attacks)} dev attacks, {n_benign} benign tools")
    print("  score   dev  benign   dev>=score  benign>=score")
    keys = sorted(k for k in set(dev) | set(benign) if k is not None)
    for k in keys:
        ge_d = sum(v for s, v in dev.items() if s is not None and s >= k)
        ge_b = sum(v for s, v in benign.items() if s is not None and s >= k)
        print(f"  {k:5.2f} {dev[k]:5} {benign[k]:7} {ge_d:12} {ge_b:14}")
    print(f"  none  {dev[None]:5} {benign[None]:7}")
    print(f"thresholds in use: REPORT_AT={3.0} HIGH_AT={4.0}")


if __name__ == "__main__":
    main()
