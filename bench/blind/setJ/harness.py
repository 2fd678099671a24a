#!/usr/bin/env python3
"""Blind set J harness: builds manuals from spec.py, confirms each label via the real
UtcpClient (utcp 1.2.0 + utcp-cli 1.1.5), writes labels.json (confirmed only).
usage: /work/main/.venv/bin/python harness.py [--only NAME ...]"""
import asyncio, json, os, re, shutil, subprocess, sys, glob, logging
logging.disable(logging.CRITICAL)
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from spec import TOOLS, VARIABLES
from utcp.utcp_client import UtcpClient

STUBDIR = os.path.join(HERE, "stubs")
STUBLOG = "/tmp/blindJ_stublog"
RUN = "/tmp/blindJ_run"
P = lambda s: re.sub(r"@@(\w+)@@", r"UTCP_ARG_\1_UTCP_END", s)
HOSTILE = ["$(touch CANARY)", "`touch CANARY`", "x; touch CANARY", "x\ntouch CANARY #",
           "x' ; touch CANARY ; '", 'x" ; touch CANARY ; "', "-oOUTF", "--output=OUTF",
           "../../../../../tmp/blindJ_w_SAFE", "alpha beta", "*", "x|touch CANARY", "x && touch CANARY", "x\n.shell touch CANARY\n", "ext::sh -c touch% CANARY", "a[$(touch CANARY)]", "{{ lookup('pipe','touch CANARY') }}"]

def build():
    manuals = {}
    for t in TOOLS:
        props = {k: ({"type": "string"} if isinstance(v, str) else v) for k, v in t["inputs"].items()}
        for k, v in t["inputs"].items():
            if isinstance(v, str): props[k]["description"] = v
        tpl = {"call_template_type": "cli", "name": t["name"],
               "commands": [{"command": P(c), **({"append_to_final_output": True} if i == len(t["cmds"]) - 1 else {"append_to_final_output": False})} if isinstance(c, str)
                            else {"command": P(c[0]), "append_to_final_output": c[1]} for i, c in enumerate(t["cmds"])]}
        for k in ("env_vars", "working_dir", "inherit_env_vars"):
            if t.get(k) is not None: tpl[k] = t[k]
        tool = {"name": t["name"], "description": t["desc"],
                "inputs": {"type": "object", "properties": props, "required": list(t["inputs"])},
                "outputs": {"type": "string"}, "tags": t.get("tags", [t["manual"]]), "tool_call_template": tpl}
        manuals.setdefault(t["manual"], []).append(tool)
    for m, tools in manuals.items():
        json.dump({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools},
                  open(os.path.join(HERE, "manuals", m + ".json"), "w"), indent=1)
    return manuals

def subst(v, t):
    if isinstance(v, str):
        return (v.replace("CANARY", "/tmp/blindJ_canary_" + t["name"]).replace("OUTF", "/tmp/blindJ_w_" + t["name"]))
    return v

def clean(t):
    for f in glob.glob("/tmp/blindJ_canary_*") + glob.glob("/tmp/blindJ_w_*") + [STUBLOG]:
        if os.path.isdir(f): shutil.rmtree(f, ignore_errors=True)
        elif os.path.exists(f) or os.path.islink(f): os.remove(f)
    for d in ["/tmp/blindJ_ws"]: shutil.rmtree(d, ignore_errors=True)
    wd = os.path.join(RUN, t["name"]); shutil.rmtree(wd, ignore_errors=True); os.makedirs(wd)
    os.makedirs("/tmp/blindJ_ws", exist_ok=True)
    open(os.path.join(wd, "globbait.txt"), "w").write("bait\n")
    if t.get("setup"):
        subprocess.run(["bash", "-c", t["setup"]], cwd=wd, timeout=30, capture_output=True,
                       env={**os.environ, "GIT_CONFIG_NOSYSTEM": "1"})
    os.chdir(wd)
    return wd

async def call(client, t, args):
    clean(t)
    args = {k: subst(v, t) for k, v in args.items()}
    try:
        out = await asyncio.wait_for(client.call_tool(t["manual"] + "." + t["name"], args), 25)
        out = out if isinstance(out, str) else json.dumps(out)
    except Exception as e:
        out = f"EXC {type(e).__name__}: {e}"
    log = open(STUBLOG).read() if os.path.exists(STUBLOG) else ""
    return out, log

def files_exist(t):
    return [f for f in glob.glob("/tmp/blindJ_canary_*") + glob.glob("/tmp/blindJ_w_*")]

def dash_leak(log):
    bad = []
    for inv in log.split("== ")[1:]:
        lines = inv.splitlines()[1:]
        seen_dd = False
        for i, l in enumerate(lines):
            if l == "[--]": seen_dd = True
            if l in ("[alpha]", "[globbait.txt]"): bad.append(l)
            if not seen_dd and re.match(r"\[(-o/tmp/blindJ_w|--output=)", l):
                prev = lines[i - 1] if i else ""
                if not (prev.startswith("[-") and prev != "[--]"): bad.append(l)
    return bad

async def confirm(t, client):
    cat = t["cat"]; ev = {}
    if cat == "safe":
        out, log = await call(client, t, t["benign"])
        ok = re.search(t["want"], out + log, re.S) is not None and not files_exist(t)
        ev["benign_out"] = (out + log)[:200]
        if not ok: return False, ev | {"why": "benign run did not work"}
        tried = 0
        for k, v in t["benign"].items():
            if not isinstance(v, str) or k in t.get("fixed", ()): continue
            for h in HOSTILE + t.get("hostile", []):
                args = dict(t["benign"]); args[k] = h
                out, log = await call(client, t, args)
                tried += 1
                bad = files_exist(t) + dash_leak(log)
                if bad: return False, ev | {"why": f"hostile {k}={h!r} had effect {bad}", "out": out[:200]}
        ev["hostile_runs"] = tried
        return True, ev
    if cat == "broken":
        out, log = await call(client, t, t["benign"])
        ev["benign_args"] = t["benign"]; ev["out"] = (out + log)[:300]
        return re.search(t["want"], out + log, re.S) is None, ev
    # exec / option / write / split
    out, log = await call(client, t, t["payload"])
    ev["out"] = (out + log)[:300]
    fe = files_exist(t)
    if cat == "exec":
        ok = os.path.exists("/tmp/blindJ_canary_" + t["name"])
    elif t.get("expect"):
        ok = re.search(subst(t["expect"], t), out + "\n" + log, re.M | re.S) is not None
    else:
        ok = os.path.exists(subst(t.get("expect_file", "OUTF"), t))
    ev["files"] = fe
    if ok and t.get("benign") is not None and t.get("want"):
        out2, log2 = await call(client, t, t["benign"])
        ev["benign_ok"] = re.search(t["want"], out2 + log2, re.S) is not None
    return ok, ev

async def main():
    only = sys.argv[sys.argv.index("--only") + 1:] if "--only" in sys.argv else None
    manuals = build()
    os.environ["PATH"] = STUBDIR + ":" + os.environ["PATH"]
    os.environ["GIT_CONFIG_NOSYSTEM"] = "1"
    cfg = {"variables": VARIABLES, "manual_call_templates": [
        {"call_template_type": "cli", "name": m, "commands": [{"command": "cat " + os.path.join(HERE, "manuals", m + ".json")}]}
        for m in manuals]}
    client = await UtcpClient.create(config=cfg)
    labels, dropped = [], []
    prev = json.load(open(os.path.join(HERE, "confirm_log.json"))) if only and os.path.exists(os.path.join(HERE, "confirm_log.json")) else {}
    results = dict(prev)
    for t in TOOLS:
        if only and t["name"] not in only: continue
        ok, ev = await confirm(t, client)
        results[t["name"]] = {"ok": ok, "ev": ev}
        print(("OK  " if ok else "FAIL"), t["cat"], t["manual"], t["name"], "" if ok else json.dumps(ev)[:400], flush=True)
    os.chdir(HERE)
    json.dump(results, open(os.path.join(HERE, "confirm_log.json"), "w"), indent=1, default=str)
    for t in TOOLS:
        r = results.get(t["name"])
        if r and r["ok"]:
            labels.append({"tool": t["name"], "manual": "manuals/" + t["manual"] + ".json", "category": t["cat"],
                           "idiom": t.get("idiom", ""), "payload_args": t.get("payload", t.get("benign")),
                           "evidence": r["ev"]})
        else: dropped.append(t["name"])
    json.dump(labels, open(os.path.join(HERE, "labels.json"), "w"), indent=1, default=str)
    json.dump(dropped, open(os.path.join(HERE, "dropped.json"), "w"), indent=1)
    from collections import Counter
    print(Counter(l["category"] for l in labels), "dropped", len(dropped), dropped)

if __name__ == "__main__":
    asyncio.run(main())
