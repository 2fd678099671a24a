"""Tool-poisoning recall and false alarms of the description rules, with Cisco's YARA rules as anchor.

    python bench/bench_poisoning.py [--dev] [--list-misses] [--no-yara]

Data (bench/data/, sources and licences in bench/README.md "Poisoning bench"):

* ``benign_tools.jsonl``: 1,035 real tool descriptions of public MCP servers, one manual
  per server directory (so a tool's siblings are in its manual, as they are at run time);
* ``attacks_heldout.jsonl``: published attacks, held out by source (the default set);
* ``attacks_dev.jsonl``: attacks written for this project (``--dev``), the only ones the
  directive analysis was developed against.

Each attack is linted as a manual of its tool plus its sibling tools.  A tool counts as
caught when a UL60x/UL62x rule reports it at warning or error; a benign tool counts as
a false alarm the same way.  The anchor is Cisco mcp-scanner's YARA rules
(bench/data/cisco_yara/, Apache-2.0) run offline with yara-python on what mcp-scanner
gives them: the description, then the tool JSON without it.  Prints recall per
category and per style, the false-alarm rate with every false alarm's text, and the CPU
time of the rules over the benign set.
"""

from __future__ import annotations

import json
import sys
import time
from collections import defaultdict
from pathlib import Path

from utcp_lint.engine import Linter, RunResult
from utcp_lint.ruleset.rule import all_rules

DATA = Path(__file__).resolve().parent / "data"


def load(name: str) -> list[dict]:
    with (DATA / name).open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def utcp_tool(name: str, description: str, params: dict, title: str | None = None) -> dict:
    props = {p: ({"type": "string", "description": d} if d else {"type": "string"}) for p, d in params.items()}
    t: dict = {
        "name": name,
        "description": description,
        "inputs": {"type": "object", "properties": props},
        "tool_call_template": {"name": "svc", "call_template_type": "cli", "commands": [{"command": "echo ok"}]},
    }
    if title:
        t["inputs"]["title"] = title
    return t


def manual(tools: list[dict]) -> str:
    return json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}, ensure_ascii=False)


def run_rules(rules, text: str) -> tuple[dict[str, list], float]:
    res = RunResult()
    t0 = time.process_time()
    Linter(rules).lint_json_text(text, "m.json", True, res)
    cpu = time.process_time() - t0
    by: dict[str, list] = defaultdict(list)
    for f in res.findings:
        if f.severity in ("warning", "error"):
            by[f.tool or ""].append(f)
    return by, cpu


def benign_manuals(recs: list[dict]) -> list[list[dict]]:
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for r in recs:
        parts = r["path"].split("/")
        key = (r["source"], "/".join(parts[:2]) if r["source"] == "awslabs/mcp" else parts[0])
        groups[key].append(r)
    out = []
    for rs in groups.values():
        seen: set[str] = set()
        tools = []
        for r in rs:
            name = r["name"]
            while name in seen:
                name += "_"
            seen.add(name)
            tools.append(utcp_tool(name, r["description"], r.get("params") or {}, r.get("title")))
        out.append(tools)
    return out


def yara_rules():
    try:
        import yara  # type: ignore[import-not-found]  # bench-only anchor, not a dependency
    except ImportError:
        return None
    files = {p.stem: str(p) for p in sorted((DATA / "cisco_yara").glob("*.yara"))}
    return yara.compile(filepaths=files)


def yara_hit(rules, t: dict) -> bool:
    if rules is None:
        return False
    if rules.match(data=t["description"]):
        return True
    rest = {"name": t["name"], "inputSchema": t["inputs"]}
    return bool(rules.match(data=json.dumps(rest)))


def pct(a: int, b: int) -> str:
    return f"{a}/{b} = {100.0 * a / b:5.1f} %" if b else "-"


def main() -> None:
    args = sys.argv[1:]
    rules_all = all_rules()
    rules = [rules_all[r] for r in sorted(rules_all) if r.startswith(("UL60", "UL62"))]
    if "--without-ul626" in args:  # the rules as they were before the directive analysis
        rules = [r for r in rules if r.id != "UL626"]
    yr = None if "--no-yara" in args else yara_rules()
    attacks = load("attacks_dev.jsonl" if "--dev" in args else "attacks_heldout.jsonl")
    label = "DEV" if "--dev" in args else "HELD-OUT"

    caught = {"ours": [], "yara": []}
    for a in attacks:
        t = a["tool"]
        tools = [utcp_tool(t["name"], t["description"], t["params"])]
        tools += [utcp_tool(s, f"Sibling tool {s}.", {}) for s in a.get("siblings", []) if s != t["name"]]
        by, _ = run_rules(rules, manual(tools))
        caught["ours"].append(bool(by.get(t["name"])))
        caught["yara"].append(yara_hit(yr, tools[0]))

    print(f"{label} attacks: {len(attacks)} tools from {len({a['source'] for a in attacks})} sources")
    for key in ("category", "style"):
        print(f"\nrecall per {key:8}   utcp-lint (warning/error)   YARA anchor")
        groups: dict[str, list[int]] = defaultdict(list)
        for i, a in enumerate(attacks):
            groups[a[key]].append(i)
        for g in sorted(groups):
            ix = groups[g]
            ours = sum(caught["ours"][i] for i in ix)
            yar = sum(caught["yara"][i] for i in ix)
            print(f"  {g:16} {pct(ours, len(ix)):>22}   {pct(yar, len(ix)):>22}")
    n = len(attacks)
    print(f"  {'ALL':16} {pct(sum(caught['ours']), n):>22}   {pct(sum(caught['yara']), n):>22}")
    if "--list-misses" in args:
        if label == "HELD-OUT":
            print("\n(misses of the held-out split are listed only after development: pass --dev while building)")
        for i, a in enumerate(attacks):
            if not caught["ours"][i]:
                print(f"  MISS {a['id']}: {a['tool']['description'][:160]!r}")

    benign = load("benign_tools.jsonl")
    mans = benign_manuals(benign)
    fa, fy, cpu, total = [], 0, 0.0, 0
    for tools in mans:
        by, c = run_rules(rules, manual(tools))
        cpu += c
        for t in tools:
            total += 1
            if by.get(t["name"]):
                fa.append((t, by[t["name"]]))
            fy += yara_hit(yr, t)
    print(f"\nbenign: {total} real tools in {len(mans)} manuals")
    print(f"  false alarms utcp-lint  {pct(len(fa), total)}")
    print(f"  false alarms YARA       {pct(fy, total)}" + ("" if yr else "  (yara-python not installed)"))
    print(f"  CPU time of UL60x/UL62x on the benign manuals (lint_json_text, process_time): {cpu:.2f} s")
    for t, fs in fa:
        for f in fs:
            print(f"  FALSE ALARM {f.rule} {t['name']}: {f.message[:220]}")


if __name__ == "__main__":
    main()
