#!/usr/bin/env python3
"""Blind set M harness: builds manuals from spec.py, confirms every label by running the
tool through the real utcp 1.2.0 UtcpClient + utcp-cli 1.1.5, writes labels.json.

usage: harness.py [--only ID,ID] [--build-only]
"""
import asyncio, json, os, shutil, sys, glob, logging, argparse, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spec

logging.disable(logging.CRITICAL)
HERE = os.path.dirname(os.path.abspath(__file__))
STUBS = "/tmp/blindM_stubs"
LOGS = "/tmp/blindM_logs"
WS = "/tmp/blindM_ws"
OUTSIDE = "/tmp/blindM_out"

STUB_SRC = r'''#!/usr/bin/env python3
import sys, json, os
os.makedirs("/tmp/blindM_logs", exist_ok=True)
with open("/tmp/blindM_logs/" + os.path.basename(sys.argv[0]) + ".log", "a") as f:
    f.write(json.dumps(sys.argv) + "\n")
print("stub-" + os.path.basename(sys.argv[0]) + " ok")
'''

def make_stubs():
    shutil.rmtree(STUBS, ignore_errors=True)
    os.makedirs(STUBS)
    for p in spec.STUB_PROGRAMS:
        fn = os.path.join(STUBS, p)
        open(fn, "w").write(STUB_SRC)
        os.chmod(fn, 0o755)

def build_manuals():
    by = {}
    for t in spec.TOOLS:
        by.setdefault(t["manual"], []).append(t)
    for f in glob.glob(os.path.join(HERE, "manuals", "*.json")):
        os.remove(f)
    for m, ts in by.items():
        tools = []
        for t in ts:
            tmpl = {"call_template_type": "cli", "name": m,
                    "commands": [c if isinstance(c, dict) else {"command": c} for c in t["commands"]]}
            for k in ("env_vars", "working_dir", "inherit_env_vars"):
                if k in t: tmpl[k] = t[k]
            props, req = {}, []
            for a, d in t["inputs"].items():
                if isinstance(d, str): d = {"type": d}
                d = dict(d); opt = d.pop("optional", False)
                props[a] = d
                if not opt: req.append(a)
            tools.append({"name": t["name"], "description": t["desc"],
                          "inputs": {"type": "object", "properties": props, "required": req},
                          "outputs": {"type": "string"}, "tags": t.get("tags", [m]),
                          "tool_call_template": tmpl})
        man = {"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools}
        json.dump(man, open(os.path.join(HERE, "manuals", m + ".json"), "w"), indent=2)
    return by

def reset_ws():
    for d in (WS, OUTSIDE, LOGS):
        shutil.rmtree(d, ignore_errors=True)
    for f in glob.glob("/tmp/blindM_canary_*") + glob.glob("/tmp/blindM_w_*"):
        if os.path.isdir(f): shutil.rmtree(f, ignore_errors=True)
        else: os.remove(f)
    os.makedirs(WS); os.makedirs(OUTSIDE); os.makedirs(LOGS)
    spec.make_fixtures(WS)
    os.chdir(WS)

def read_logs():
    out = {}
    for f in glob.glob(LOGS + "/*.log"):
        out[os.path.basename(f)[:-4]] = [json.loads(l) for l in open(f)]
    return out

async def call(t, args):
    from utcp.utcp_client import UtcpClient
    m = t["manual"]
    cfg = {"variables": {m.replace("_", "__") + f"_{k}": v for k, v in t.get("client_vars", {}).items()},
           "manual_call_templates": [{"call_template_type": "cli", "name": m,
               "commands": [{"command": "cat " + os.path.join(HERE, "manuals", m + ".json")}]}]}
    for k, v in t.get("host_env", {}).items(): os.environ[k] = v
    client = await UtcpClient.create(config=cfg)
    try:
        r = await asyncio.wait_for(client.call_tool(f"{m}.{t['name']}", args), 30)
        return r, None
    except Exception as e:
        return None, f"{type(e).__name__}: {e}"
    finally:
        try: await client.close()
        except Exception: pass

class Ctx:
    def __init__(self, tid, out, exc):
        self.id, self.out, self.exc = tid, out, exc
        self.logs = read_logs()
        self.canary = f"/tmp/blindM_canary_{tid}"
    def argv(self, prog):  # list of argv lists
        return [a[1:] for a in self.logs.get(prog, [])]
    def allargs(self, prog):
        return [x for a in self.argv(prog) for x in a]
    def text(self):
        return (json.dumps(self.out) if not isinstance(self.out, str) else self.out) or ""

def fmt(v, tid):
    if isinstance(v, str):
        return v.replace("{C}", f"/tmp/blindM_canary_{tid}").replace("{W}", f"/tmp/blindM_w_{tid}").replace("{ID}", tid)
    if isinstance(v, dict): return {k: fmt(x, tid) for k, x in v.items()}
    return v

HOSTILE = ["$(touch {C})", "`touch {C}`", ";touch {C}", "x; touch {C} #", "x' ; touch {C} ; '", 'x" ; touch {C} ; "',
           "x\ntouch {C}", "|touch {C}", "&& touch {C}", "-o{W}", "--output={W}", "-o {W}", "a b -o {W}",
           "../../../../tmp/blindM_w_{ID}", "/tmp/blindM_w_{ID}", "*", "--help", "-", "${IFS}touch${IFS}{C}",
           "a[$(touch {C})]", "--to-command=touch {C}", "-exec touch {C} ;"]

def generic_safe_effect(tid, ctx, payload, t):
    """True if a hostile payload had an effect."""
    if os.path.exists(ctx.canary): return "canary created"
    if glob.glob(f"/tmp/blindM_w_{tid}*"): return "file written outside"
    for f in glob.glob(WS + "/**/blindM_w_*", recursive=True) + glob.glob(OUTSIDE + "/**/blindM_w_*", recursive=True):
        return "file " + f
    for prog, calls in ctx.logs.items():
        for argv in calls:
            a = argv[1:]
            for i, x in enumerate(a):
                before = a[:i]
                if "--" in before: break
                if x == payload and x.startswith("-") and len(x) > 1 and not (before and before[-1] in t.get("value_opts", [])):
                    return f"{prog} got option {x!r}"
                toks = payload.split()
                if len(toks) > 1 and a[i:i + len(toks)] == toks:
                    return f"{prog} got payload split into words {toks!r}"
    extra = t.get("safe_effect")
    if extra:
        r = extra(ctx, payload)
        if r: return r
    return None

async def confirm(t):
    tid = t["id"]; cat = t["cat"]
    ev = []
    if cat == "safe":
        reset_ws()
        args = fmt(t["benign"], tid)
        out, exc = await call(t, args)
        ctx = Ctx(tid, out, exc)
        if exc or (t.get("expect") and t["expect"] not in ctx.text()):
            return False, f"benign run did not work: exc={exc} out={ctx.text()[:300]!r}", None
        ev.append(f"benign {args} works (output contains {t.get('expect')!r})")
        strs = [a for a in t["benign"]]
        hostile = [fmt(h, tid) for h in HOSTILE + t.get("extra_hostile", [])]
        n = 0
        for a in t.get("hostile_args", strs):
            for h in hostile:
                reset_ws()
                args = dict(fmt(t["benign"], tid)); args[a] = h
                out, exc = await call(t, args)
                ctx = Ctx(tid, out, exc)
                eff = generic_safe_effect(tid, ctx, h, t)
                n += 1
                if eff:
                    return False, f"hostile {a}={h!r} had effect: {eff}", None
        ev.append(f"{n} hostile payloads over {t.get('hostile_args', strs)} (shell metachars, options -o/--output, ../, globs, newline, tool-specific {t.get('extra_hostile', [])}) had no effect")
        return True, "; ".join(ev), t["benign"]
    reset_ws()
    args = fmt(t["payload"], tid)
    out, exc = await call(t, args)
    ctx = Ctx(tid, out, exc)
    if cat == "exec":
        ok = os.path.exists(ctx.canary)
        r = f"canary {ctx.canary} {'created' if ok else 'NOT created'}"
    else:
        r = t["check"](ctx)
        ok = bool(r)
    if not ok:
        return False, f"payload {args} no effect: exc={exc} out={ctx.text()[:400]!r} logs={ctx.logs}", None
    if cat == "broken":
        return True, f"benign args {args}: {r}", t["payload"]
    return True, f"payload {args}: {r}", t["payload"]

async def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only"); ap.add_argument("--build-only", action="store_true")
    a = ap.parse_args()
    make_stubs()
    os.environ["PATH"] = STUBS + ":" + os.environ["PATH"]
    build_manuals()
    if a.build_only: return
    only = set(a.only.split(",")) if a.only else None
    labf = os.path.join(HERE, "labels.json")
    prev = {l["id"]: l for l in json.load(open(labf))} if (only and os.path.exists(labf)) else {}
    dropped = json.load(open(os.path.join(HERE, "dropped.json"))) if (only and os.path.exists(os.path.join(HERE, "dropped.json"))) else {}
    for t in spec.TOOLS:
        if only and t["id"] not in only: continue
        t0 = time.time()
        try:
            ok, ev, pl = await confirm(t)
        except Exception as e:
            ok, ev, pl = False, f"harness error {e!r}", None
        print(f"{t['id']:6} {t['cat']:7} {'OK ' if ok else 'DROP'} {t['manual']}.{t['name']} ({time.time()-t0:.1f}s) {'' if ok else ev[:600]}", flush=True)
        if ok:
            prev[t["id"]] = {"id": t["id"], "tool": t["name"], "manual": f"manuals/{t['manual']}.json", "category": t["cat"],
                             "payload_args": pl, "evidence": ev, "idiom": t.get("idiom", ""), "programs": t.get("programs", [])}
            dropped.pop(t["id"], None)
        else:
            prev.pop(t["id"], None); dropped[t["id"]] = ev[:1000]
    order = {t["id"]: i for i, t in enumerate(spec.TOOLS)}
    labels = sorted((l for l in prev.values() if l["id"] in order), key=lambda l: order[l["id"]])
    json.dump(labels, open(labf, "w"), indent=1)
    json.dump(dropped, open(os.path.join(HERE, "dropped.json"), "w"), indent=1)
    from collections import Counter
    print(Counter(l["category"] for l in labels), "dropped", len(dropped))
    reset_ws(); os.chdir(HERE)

if __name__ == "__main__":
    asyncio.run(main())
