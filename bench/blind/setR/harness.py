#!/usr/bin/env python3
"""blindR harness: builds manuals from spec.py, runs every tool through the real
UtcpClient (utcp 1.2.0 + utcp-cli 1.1.5) and confirms its label dynamically.

usage: /work/main/.venv/bin/python harness.py [--build-only] [--only NAME,...]
writes manuals/*.json, labels.json, confirm_log.json
"""
import logging; logging.disable(logging.CRITICAL)
import asyncio, json, os, shutil, sys, glob, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spec
from utcp.utcp_client import UtcpClient

HERE = os.path.dirname(os.path.abspath(__file__))
RUN = "/tmp/blindR_run"; CAN = "/tmp/blindR_c"; WR = "/tmp/blindR_w"
STUBLOG = RUN + "/stub.log"
STUB = """#!/bin/bash
{ echo "== ${0##*/}"; for a in "$@"; do printf '%s\\n' "$a"; done; } >> /tmp/blindR_run/stub.log
echo "stub-ok ${0##*/}"
"""
BASEPATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

GENERIC = [
    "$(touch /tmp/blindR_c/g1)", ";touch /tmp/blindR_c/g2", "`touch /tmp/blindR_c/g3`",
    "x' ; touch /tmp/blindR_c/g4 ; '", 'x" ; touch /tmp/blindR_c/g5 ; "', "|touch /tmp/blindR_c/g6",
    "a\ntouch /tmp/blindR_c/g7", "&& touch /tmp/blindR_c/g8", "-o/tmp/blindR_w/o1", "--output=/tmp/blindR_w/o2",
    "../../../../../tmp/blindR_w/t1", "/tmp/blindR_w/abs1", "*", "splitA splitB", "-", "--help",
]

def ph(s):
    import re
    return re.sub(r"@([A-Za-z0-9_]+)@", r"UTCP_ARG_\1_UTCP_END", s)

def tool_json(t):
    props = {a: {"type": "string", "description": t.get("adesc", {}).get(a, a)} for a in t["args"]}
    ct = {"call_template_type": "cli", "name": t["name"] + "_cli",
          "commands": [{"command": ph(c)} for c in t["cmds"]]}
    if t.get("append"):
        for i in t["append"]:
            ct["commands"][i]["append_to_final_output"] = True
    if t.get("env"): ct["env_vars"] = {k: ph(v) for k, v in t["env"].items()}
    if t.get("wd"): ct["working_dir"] = t["wd"]
    if t.get("inherit") is not None: ct["inherit_env_vars"] = t["inherit"]
    return {"name": t["name"], "description": t["desc"], "tags": [t["manual"]],
            "inputs": {"type": "object", "properties": props, "required": list(t["args"])},
            "outputs": {"type": "string"}, "tool_call_template": ct}

def build():
    by = {}
    for t in spec.TOOLS:
        by.setdefault(t["manual"], []).append(t)
    for f in glob.glob(HERE + "/manuals/*.json"): os.remove(f)
    for m, ts in by.items():
        json.dump({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": [tool_json(t) for t in ts]},
                  open(f"{HERE}/manuals/{m}.json", "w"), indent=1)
    return by

def reset(t):
    os.chdir("/")
    for d in (RUN, CAN, WR):
        shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
    for f in glob.glob("/tmp/blindR_x*"):
        shutil.rmtree(f, ignore_errors=True) if os.path.isdir(f) else os.remove(f)
    sb = RUN + "/sb"; os.makedirs(sb + "/docs"); os.makedirs(RUN + "/home"); os.makedirs(RUN + "/bin")
    for n, c in {"data.txt": "alpha\nbeta\ngamma\n", "a.log": "ERROR one\nINFO two\n", "notes.md": "# Notes\nhello\n",
                 "in.json": '{"name":"demo","items":[1,2,3]}\n', "docs/index.md": "# Docs\n"}.items():
        open(f"{sb}/{n}", "w").write(c)
    for s in t.get("stubs", []):
        p = f"{RUN}/bin/{s}"; open(p, "w").write(STUB); os.chmod(p, 0o755)
    if t.get("setup"):
        os.system(f"cd {sb} && export PATH={BASEPATH} HOME={RUN}/home && ( {t['setup']} ) >/dev/null 2>&1")
    os.environ["PATH"] = RUN + "/bin:" + BASEPATH
    os.environ["HOME"] = RUN + "/home"
    os.chdir(sb)
    return sb

def fill(v, t):
    return v.replace("{C}", f"{CAN}/{t['name']}").replace("{W}", f"{WR}/{t['name']}")

async def call(client, t, args):
    args = {k: fill(v, t) for k, v in args.items()}
    try:
        r = await asyncio.wait_for(client.call_tool(f"{t['manual']}.{t['name']}", args), 30)
        return True, str(r)
    except Exception as e:
        return False, f"EXC {type(e).__name__}: {e}"

def stublines():
    return open(STUBLOG).read().split("\n") if os.path.exists(STUBLOG) else []

def check(t, chk, ok, out, sb):
    """chk: list of conditions, all must hold."""
    res = []
    for c in chk:
        kind, _, arg = c.partition(":")
        arg = fill(arg, t)
        if kind == "canary": res.append(bool(os.listdir(CAN)))
        elif kind == "wfile": res.append(bool(os.listdir(WR)) or bool(glob.glob("/tmp/blindR_x*")))
        elif kind == "file": res.append(os.path.exists(arg if arg.startswith("/") else os.path.join(sb, arg)))
        elif kind == "empty": res.append(os.path.exists(arg) and os.path.getsize(arg) == 0)
        elif kind == "log": res.append(arg in stublines())
        elif kind == "logseq":
            parts = arg.split("|"); L = stublines()
            res.append(any(L[i:i + len(parts)] == parts for i in range(len(L))))
        elif kind == "out": res.append(arg in out)
        elif kind == "outnot": res.append(arg not in out)
        elif kind == "exc": res.append(not ok)
        else: raise ValueError(c)
    return all(res)

def safe_violation(t, payload, sb):
    if os.listdir(CAN): return "canary " + ",".join(os.listdir(CAN))
    if os.listdir(WR) or glob.glob("/tmp/blindR_x*"): return "file written outside"
    L = stublines()
    if "splitA" in L or "splitB" in L: return "split"
    ok_prev = set(t.get("optvals", []))
    inv = []
    for i, l in enumerate(L):
        if l.startswith("== "): inv = []; continue
        if payload.startswith("-") and l == payload and "--" not in inv and (not inv or inv[-1] not in ok_prev):
            return "option in argv: " + l
        inv.append(l)
    for s in t.get("safe_files", []):
        if os.path.exists(fill(s, t) if s.startswith("/") else os.path.join(sb, s)): return "effect file " + s
    return None

async def confirm(t, clients):
    cat = t["cat"]; log = {"tool": t["name"], "category": cat, "runs": []}
    client = clients[t["manual"]]
    if cat == "safe":
        ok_all = True
        # benign sanity run first
        sb = reset(t); ok, out = await call(client, t, t["benign"])
        log["runs"].append({"args": t["benign"], "ok": ok, "out": out[:300]})
        if not ok or "EXC" in out or (t.get("expect") and t["expect"] not in out):
            log["confirmed"] = False; log["why"] = "benign run failed"; return log
        payloads = GENERIC + t.get("hostile", [])
        for a in t["args"]:
            if a in t.get("enum_args", []): continue
            for p in payloads:
                args = dict(t["benign"]); args[a] = p
                sb = reset(t); ok, out = await call(client, t, args)
                v = safe_violation(t, fill(p, t), sb)
                if v:
                    ok_all = False; log["runs"].append({"args": args, "violation": v, "out": out[:300]})
        log["confirmed"] = ok_all
        log["evidence"] = f"benign run OK; {len(payloads)} hostile payloads x {len(t['args'])} args, no canary/outside write/split/option" if ok_all else "VIOLATION"
        return log
    args = t["payload"] if cat != "broken" else t["benign"]
    sb = reset(t); ok, out = await call(client, t, args)
    c = t["check"]
    conf = check(t, c, ok, out, sb)
    log["runs"].append({"args": args, "ok": ok, "out": out[:400], "stublog": stublines()[:40]})
    if conf and cat != "broken" and t.get("control", True):
        # control: the benign call must NOT show the effect
        sb = reset(t); ok2, out2 = await call(client, t, t["benign"])
        if check(t, c, ok2, out2, sb):
            conf = False; log["why"] = "effect also on benign input"
        log["runs"].append({"args": t["benign"], "ok": ok2, "out": out2[:300]})
    log["confirmed"] = conf
    log["evidence"] = t.get("ev", "") + f" | observed: {'; '.join(c)}"
    return log

async def main():
    by = build()
    only = None
    if "--only" in sys.argv: only = set(sys.argv[sys.argv.index("--only") + 1].split(","))
    if "--build-only" in sys.argv: return
    cfgvars = {}
    for t in spec.TOOLS:
        ns = t["manual"].replace("_", "__")
        for k, v in t.get("vars", {}).items(): cfgvars[f"{ns}_{k}"] = v
    clients = {}
    for m in by:
        clients[m] = await UtcpClient.create(root_dir=HERE, config={"variables": cfgvars, "manual_call_templates": [
            {"name": m, "call_template_type": "file", "file_path": f"{HERE}/manuals/{m}.json",
             "allowed_communication_protocols": ["cli"]}]})
    prev = {}
    if only and os.path.exists(HERE + "/confirm_log.json"):
        prev = {l["tool"]: l for l in json.load(open(HERE + "/confirm_log.json"))}
    logs = []
    for t in spec.TOOLS:
        if only and t["name"] not in only:
            if t["name"] in prev: logs.append(prev[t["name"]])
            continue
        t0 = time.time(); l = await confirm(t, clients); l["secs"] = round(time.time() - t0, 1)
        print(f"{t['name']:34} {t['cat']:7} {'OK' if l['confirmed'] else 'NOT-CONFIRMED'} {l.get('why','')}", flush=True)
        logs.append(l)
    os.chdir(HERE)
    json.dump(logs, open(HERE + "/confirm_log.json", "w"), indent=1)
    conf = {l["tool"]: l for l in logs}
    labels, dropped = [], []
    for t in spec.TOOLS:
        l = conf.get(t["name"])
        if not l or not l["confirmed"]: dropped.append(t["name"]); continue
        labels.append({"tool": t["name"], "manual": f"manuals/{t['manual']}.json", "category": t["cat"],
                       "idiom": t.get("idiom", ""), "programs": t.get("progs", []),
                       "payload_args": {k: fill(v, t) for k, v in (t.get("payload") or t.get("benign")).items()}, "evidence": l["evidence"]})
    json.dump(labels, open(HERE + "/labels.json", "w"), indent=1)
    json.dump(dropped, open(HERE + "/dropped.json", "w"), indent=1)
    print("labelled", len(labels), "dropped", len(dropped), dropped)

asyncio.run(main())
