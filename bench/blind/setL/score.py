#!/usr/bin/env python3
"""Score utcp-lint on a labelled blind set.

usage: score.py SETDIR [--lint /path/to/utcp-lint]

SETDIR holds manuals/*.json and labels.json (list of {tool, manual, category, ...};
manual is relative to SETDIR).  Runs `utcp-lint --format json --no-config --no-cache`
on SETDIR/manuals, then per category:
  exec, broken          caught = some finding of severity error for that tool
  option, write, split  caught = some finding of severity warning or error
  caught-weak = only lower-severity findings, missed = no finding at all
  safe                  how many got an error, how many a warning (at most)
Prints a table, lists misses and flagged safe tools, writes SETDIR/score.json.
"""
import argparse, json, os, subprocess, sys
from collections import defaultdict

RANK = {"error": 3, "warning": 2, "note": 1, "info": 0}
NEED = {"exec": 3, "broken": 3, "option": 2, "write": 2, "split": 2}
CATS = ["exec", "option", "write", "split", "broken", "safe"]

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("setdir")
    ap.add_argument("--lint", default="/work/main/.venv/bin/utcp-lint")
    a = ap.parse_args()
    setdir = os.path.abspath(a.setdir)
    labels = json.load(open(os.path.join(setdir, "labels.json")))
    mdir = os.path.join(setdir, "manuals")
    files = sorted(os.path.join(mdir, f) for f in os.listdir(mdir) if f.endswith(".json"))
    p = subprocess.run([a.lint, "--format", "json", "--no-config", "--no-cache", *files],
                       capture_output=True, text=True)
    try:
        out = json.loads(p.stdout)
    except json.JSONDecodeError:
        sys.exit(f"utcp-lint output is not JSON (rc={p.returncode}): {p.stderr[:500]}")
    if out.get("errors"):
        print("utcp-lint input errors:", out["errors"], file=sys.stderr)
    by_tool = defaultdict(list)
    for f in out.get("findings", []):
        if f.get("tool"):
            by_tool[(os.path.realpath(f["path"]), f["tool"])].append(f)

    def strongest(fs):
        if not fs:
            return None
        return max(fs, key=lambda f: (RANK.get(f["severity"], 0), {"high": 2, "medium": 1}.get(f.get("confidence"), 0)))

    table = {c: defaultdict(int) for c in CATS}
    missed, flagged, rows = [], [], []
    for l in labels:
        key = (os.path.realpath(os.path.join(setdir, l["manual"])), l["tool"])
        fs = by_tool.get(key, [])
        s = strongest(fs)
        top = RANK.get(s["severity"], 0) if s else -1
        cat = l["category"]
        t = table[cat]
        t["total"] += 1
        if cat == "safe":
            if top == 3: t["error"] += 1
            elif top == 2: t["warning"] += 1
            else: t["clean"] += 1
            res = {3: "error", 2: "warning"}.get(top, "clean")
            if top >= 2:
                rules = sorted({f["rule"] for f in fs if RANK.get(f["severity"], 0) >= 2})
                flagged.append(f"{l['manual']}:{l['tool']} [{l.get('idiom','')}] -> {s['severity']} {','.join(rules)}")
        else:
            if top >= NEED[cat]: res = "caught"
            elif top >= 0: res = "weak"
            else: res = "missed"
            t[res] += 1
            if res != "caught":
                st = f"{s['rule']} {s['severity']}" if s else "no finding"
                missed.append(f"{res:6} {cat:6} {l['manual']}:{l['tool']} [{l.get('idiom','')}] -> {st}")
        rows.append({"manual": l["manual"], "tool": l["tool"], "category": cat, "result": res,
                     "findings": [{"rule": f["rule"], "severity": f["severity"], "confidence": f.get("confidence")} for f in fs]})

    print(f"{'category':9} {'total':>5} {'caught':>6} {'weak':>5} {'missed':>6}")
    for c in CATS[:-1]:
        t = table[c]
        print(f"{c:9} {t['total']:5} {t['caught']:6} {t['weak']:5} {t['missed']:6}")
    u = [table[c] for c in CATS[:-1]]
    tot = sum(t["total"] for t in u); cau = sum(t["caught"] for t in u)
    print(f"{'unsafe':9} {tot:5} {cau:6} {sum(t['weak'] for t in u):5} {sum(t['missed'] for t in u):6}  recall {cau/max(tot,1):.1%}")
    t = table["safe"]
    print(f"{'safe':9} {t['total']:5}  error {t['error']}  warning {t['warning']}  clean {t['clean']}")
    print("\nmissed / weak unsafe tools:")
    for m in missed: print("  " + m)
    print("\nsafe tools with a warning or error:")
    for f in flagged: print("  " + f)
    json.dump({"lint": a.lint, "table": {c: dict(table[c]) for c in CATS}, "missed": missed,
               "safe_flagged": flagged, "tools": rows}, open(os.path.join(setdir, "score.json"), "w"), indent=1)

if __name__ == "__main__":
    main()
