#!/usr/bin/env python3
"""Build manuals from spec.py and confirm every label through the real utcp runtime.
usage: /work/main/.venv/bin/python harness.py [--only NAME,...]"""
import asyncio, json, os, sys, shutil, tempfile, glob, logging, traceback
logging.disable(logging.CRITICAL)
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import spec
from utcp.utcp_client import UtcpClient
from utcp.data.call_template import CallTemplateSerializer

STUBS = os.path.join(HERE, "stubs")
os.environ["PATH"] = STUBS + ":" + os.environ["PATH"]
LOG = "/tmp/blindP_stub.log"
W = "/tmp/blindP_w"

def ph(s):  # «x» -> UTCP_ARG_x_UTCP_END
    import re
    return re.sub(r"«(\w+)»", r"UTCP_ARG_\1_UTCP_END", s)

def build():
    by = {}
    for t in spec.TOOLS:
        by.setdefault(t["manual"], []).append(t)
    for f in glob.glob(os.path.join(HERE, "manuals", "*.json")): os.remove(f)
    for m, ts in by.items():
        tools = []
        for t in ts:
            cmds = []
            for i, c in enumerate(t["cmds"]):
                if isinstance(c, tuple): c, app = c
                else: app = True if i == len(t["cmds"]) - 1 else False
                cmds.append({"command": ph(c), "append_to_final_output": app})
            tct = {"call_template_type": "cli", "name": m + "_" + t["name"], "commands": cmds}
            if t.get("env"): tct["env_vars"] = {k: ph(v) for k, v in t["env"].items()}
            if t.get("wd"): tct["working_dir"] = t["wd"]
            if t.get("inherit") is not None: tct["inherit_env_vars"] = t["inherit"]
            props = {k: ({"type": v} if isinstance(v, str) else v) for k, v in t["inputs"].items()}
            tools.append({"name": t["name"], "description": t["desc"],
                          "inputs": {"type": "object", "properties": props, "required": list(t["inputs"])},
                          "outputs": {"type": "string"}, "tags": [m] + t.get("progs", []), "tool_call_template": tct})
        json.dump({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools},
                  open(os.path.join(HERE, "manuals", m + ".json"), "w"), indent=1)
    return by

def fill(v, ctx):
    if isinstance(v, str):
        for k, x in ctx.items(): v = v.replace("{" + k + "}", x)
        return v
    if isinstance(v, dict): return {k: fill(x, ctx) for k, x in v.items()}
    if isinstance(v, list): return [fill(x, ctx) for x in v]
    return v

def reset(ctx, t=None):
    for p in (W, "/tmp/blindP_sb"):
        shutil.rmtree(p, ignore_errors=True)
    os.makedirs(W); os.makedirs(ctx["S"])
    for f in glob.glob("/tmp/blindP_canary_*"): os.remove(f)
    if os.path.exists(LOG): os.remove(LOG)
    spec.seed(ctx["S"], t)
    os.chdir(ctx["S"])

def calls():
    if not os.path.exists(LOG): return []
    return [json.loads(l) for l in open(LOG)]

def outside_files(ctx):
    got = [p for p in glob.glob(W + "/**", recursive=True) if os.path.isfile(p)]
    got += [p for p in glob.glob("/tmp/blindP_sb/*") if not p.startswith(ctx["S"])]
    got += glob.glob("/tmp/blindP_canary_*")
    return got

async def run(client, m, t, args, ctx):
    reset(ctx, t)
    try:
        out = await asyncio.wait_for(client.call_tool(f"{m}.{t['name']}", args), 40)
        return ("ok", out if isinstance(out, str) else json.dumps(out))
    except Exception as e:
        return ("raise", f"{type(e).__name__}: {e}")

HOSTILE = ["$(touch {C})", "`touch {C}`", "x; touch {C}", "x\ntouch {C}", "x' ; touch {C} ; '", 'x" ; touch {C} ; "',
           "-o{W}/o1", "--output={W}/o2", "../../../../tmp/blindP_w/o3", "a b\tc", "*", "-e touch {C}", "--help",
           "a[$(touch {C})]", "${{IFS}}x", "|touch {C}"]

def safe_violation(t, payload, res, ctx):
    bad = outside_files(ctx)
    if bad: return f"files {bad}"
    for c in calls():
        a = c[1:]
        if payload in a:
            i = a.index(payload)
            if payload.startswith("-") and not any(x in a[:i] for x in ["--"] + t.get("stop", [])) and not (i and a[i-1] in t.get("value_opts", [])):
                return f"option in {c}"
        pieces = payload.split()
        if len(pieces) > 1 and any(p in a for p in pieces) and payload not in a and not any(payload in x for x in a):
            return f"split in {c}"
    return None

async def confirm(client, m, t):
    name = t["name"]; cat = t["cat"]
    ctx = {"C": f"/tmp/blindP_canary_{name}", "W": W, "S": f"/tmp/blindP_sb/{name}"}
    ev = []
    if cat == "safe":
        args, want = t["ok"]
        kind, out = await run(client, m, t, fill(args, ctx), ctx)
        if kind != "ok" or want not in out: return False, f"benign run failed: {kind} {out[:200]}", args
        ev.append(f"benign {json.dumps(args)} -> contains {want!r}")
        strs = [k for k, v in t["inputs"].items() if (v if isinstance(v, str) else v.get("type")) == "string"]
        n = 0
        for k in strs:
            for p in HOSTILE + t.get("extra", []):
                a = dict(args); a[k] = fill(p, ctx)
                kind, out = await run(client, m, t, a, ctx)
                v = safe_violation(t, a[k], (kind, out), ctx)
                if v: return False, f"hostile {k}={a[k]!r}: {v}", a
                n += 1
        ev.append(f"{n} hostile payloads over {strs} (shell metachar, options, traversal, split, glob, program options {t.get('extra', [])}): no canary, no file outside sandbox, no option/split at stubs")
        return True, "; ".join(ev), {"hostile": HOSTILE + t.get("extra", [])}
    args = fill(t["pay"], ctx)
    kind, out = await run(client, m, t, args, ctx)
    chk = t["check"]
    if cat == "exec":
        okk = os.path.exists(ctx["C"]); ev.append(f"canary {ctx['C']} created={okk}")
    elif chk[0] == "file":
        p = fill(chk[1], ctx); okk = os.path.exists(p); ev.append(f"file {p} exists={okk}")
    elif chk[0] == "argv":
        cs = calls(); okk = any(all(x in c for x in fill(chk[1], ctx)) for c in cs); ev.append(f"stub argv {cs[:3]} contains {chk[1]}={okk}")
    elif chk[0] == "raise":
        okk = kind == "raise"; ev.append(f"benign call raised: {out[:160]}")
    elif chk[0] == "out":
        okk = chk[1](out, ctx); ev.append(f"output {out[:160]!r}; {chk[2]}")
    else: raise ValueError(chk)
    if "note" in t: ev.append(t["note"])
    return okk, "; ".join(ev) + f" [{kind}]", args

async def main():
    only = None
    if "--only" in sys.argv: only = set(sys.argv[sys.argv.index("--only") + 1].split(","))
    by = build()
    labels, dropped = [], []
    for m, ts in by.items():
        os.chdir(HERE)
        client = await UtcpClient.create(config={"variables": spec.VARIABLES, "manual_call_templates": []})
        r = await client.register_manual(CallTemplateSerializer().validate_dict(
            {"call_template_type": "file", "name": m, "file_path": os.path.join(HERE, "manuals", m + ".json"),
             "allowed_communication_protocols": ["cli"]}))
        assert r.success and len(r.manual.tools) == len(ts), (m, r.errors)
        for t in ts:
            if only and t["name"] not in only: continue
            try: okk, ev, pay = await confirm(client, m, t)
            except Exception as e: okk, ev, pay = False, "harness error " + traceback.format_exc()[-300:], None
            print(("OK  " if okk else "FAIL") + f" {t['cat']:6} {m}.{t['name']}: {ev[:300]}", flush=True)
            rec = {"tool": t["name"], "manual": f"manuals/{m}.json", "category": t["cat"], "payload_args": pay,
                   "evidence": ev, "idiom": t.get("idiom", ""), "programs": t.get("progs", [])}
            (labels if okk else dropped).append(rec)
    os.chdir(HERE)
    if not only:
        json.dump(labels, open(os.path.join(HERE, "labels.json"), "w"), indent=1)
        json.dump(dropped, open(os.path.join(HERE, "dropped.json"), "w"), indent=1)
        # keep manuals only with labelled tools
        keep = {(l["manual"], l["tool"]) for l in labels}
        for f in glob.glob(os.path.join(HERE, "manuals", "*.json")):
            d = json.load(open(f)); rel = "manuals/" + os.path.basename(f)
            d["tools"] = [x for x in d["tools"] if (rel, x["name"]) in keep]
            json.dump(d, open(f, "w"), indent=1)
    from collections import Counter
    print("labelled", len(labels), dict(Counter(l["category"] for l in labels)), "dropped", len(dropped))

asyncio.run(main())
