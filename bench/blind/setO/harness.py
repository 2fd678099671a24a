#!/usr/bin/env python3
"""Build manuals from spec.py and confirm each label through the real UTCP runtime.

usage: harness.py build            -> writes manuals/*.json
       harness.py run [TOOL ...]   -> confirms labels, writes labels.json + confirm.json
"""
import logging; logging.disable(logging.WARNING)
import asyncio, glob, json, os, shutil, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spec

HERE = os.path.dirname(os.path.abspath(__file__))
MDIR = os.path.join(HERE, "manuals")
SB = "/tmp/blindO"
LOG = f"{SB}/argv.log"
CWD = f"{SB}/cwd"   # the harness (and so every tool without working_dir) runs here; safe tools must leave it empty
os.environ["PATH"] = os.path.join(HERE, "stubs") + ":" + os.environ["PATH"]

def ph(s):  # «x» shorthand -> UTCP placeholder
    import re
    return re.sub(r"«(\w+)»", r"UTCP_ARG_\1_UTCP_END", s)

def tool_json(t):
    cmds = []
    for c in t["cmds"]:
        if isinstance(c, tuple):
            cmds.append({"command": ph(c[0]), "append_to_final_output": c[1]})
        else:
            cmds.append({"command": ph(c)})
    tpl = {"call_template_type": "cli", "name": t["name"], "commands": cmds}
    if t.get("env"): tpl["env_vars"] = {k: ph(v) for k, v in t["env"].items()}
    if t.get("wd"): tpl["working_dir"] = t["wd"]
    if "inherit" in t: tpl["inherit_env_vars"] = t["inherit"]
    props = {a: {"type": "string", "description": d} for a, d in t["args"].items()}
    return {"name": t["name"], "description": t["desc"],
            "inputs": {"type": "object", "properties": props, "required": list(t["args"])},
            "outputs": {"type": "string"}, "tags": t.get("tags", [t["manual"]]),
            "tool_call_template": tpl}

def build():
    by = {}
    for t in spec.TOOLS:
        by.setdefault(t["manual"], []).append(tool_json(t))
    for f in glob.glob(os.path.join(MDIR, "*.json")): os.remove(f)
    for m, tools in by.items():
        json.dump({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools},
                  open(os.path.join(MDIR, m + ".json"), "w"), indent=1)
    print(f"built {sum(len(v) for v in by.values())} tools in {len(by)} manuals")

def reset(t):
    for p in glob.glob(f"{SB}/canary*") + glob.glob(f"{SB}/pwn*"):
        if os.path.isdir(p) and not os.path.islink(p): shutil.rmtree(p)
        else: os.remove(p)
    if os.path.exists(LOG): os.remove(LOG)
    os.makedirs(f"{SB}/globdir", exist_ok=True)
    open(f"{SB}/globdir/pwnglob_hit_file", "w").close() if False else None
    shutil.rmtree(CWD, ignore_errors=True); os.makedirs(CWD); os.chdir(CWD)
    setup = spec.COMMON_SETUP + "\n" + t.get("setup", "")
    subprocess.run(["bash", "-c", setup], check=True, timeout=60, cwd=SB)

def sub(v, t):
    return v.replace("{C}", f"{SB}/canary_{t['name']}")

def loglines():
    return open(LOG).read().split("\n") if os.path.exists(LOG) else []

async def call(client, t, args):
    from utcp.utcp_client import UtcpClient
    args = {k: sub(v, t) for k, v in args.items()}
    try:
        out = await asyncio.wait_for(client.call_tool(f"{t['manual']}.{t['name']}", args), 40)
        out = out if isinstance(out, str) else json.dumps(out)
    except Exception as e:
        out = f"EXCEPTION {type(e).__name__}: {e}"
    return out

def check(conds, t, out):
    res = []
    ll = loglines()
    for c in conds:
        k = c[0]
        if k == "canary": ok = os.path.exists(f"{SB}/canary_{t['name']}")
        elif k == "exists": ok = os.path.exists(sub(c[1], t))
        elif k == "absent": ok = not os.path.exists(sub(c[1], t))
        elif k == "log_has": ok = sub(c[1], t) in ll
        elif k == "log_lacks": ok = sub(c[1], t) not in ll
        elif k == "out_has": ok = sub(c[1], t) in out
        elif k == "out_lacks": ok = sub(c[1], t) not in out
        elif k == "file_has": ok = os.path.exists(c[1]) and c[2] in open(c[1], errors="replace", newline="").read()
        else: raise ValueError(k)
        res.append((c, ok))
    return res

HOSTILE = ["$(touch {C})", "`touch {C}`", "; touch {C}", "x|touch {C}", "x && touch {C} #",
           "'; touch {C}; '", "\"; touch {C}; \"", "a\ntouch {C}\n", "${IFS}touch${IFS}{C}",
           "-o/tmp/blindO/pwn_o", "--output=/tmp/blindO/pwn_out", "-f/tmp/blindO/pwn_f",
           "../../../../../tmp/blindO/pwn_dot", "/tmp/blindO/pwn_abs",
           "pwnsp1 pwnsp2", "/tmp/blindO/globdir/*", "*"]

def safe_ok(t, out):
    """generic safe check: no canary, no pwn file, no split, no payload-option before '--'"""
    bad = []
    if os.path.exists(f"{SB}/canary_{t['name']}"): bad.append("canary")
    bad += [p for p in glob.glob(f"{SB}/pwn*")]
    bad += [p for p in t.get("never", []) if os.path.exists(p)]
    bad += ["cwd:" + p for p in os.listdir(CWD)]
    ll = loglines()
    if "pwnsp2" in ll or "pwnsp1" in ll: bad.append("split pwnsp")
    if any("globdir_hit" in l for l in ll): bad.append("glob expanded")
    if not t.get("optarg_ok"):
        inopts = True
        for l in ll:
            if l.startswith("=== "): inopts = True; continue
            if l == "--": inopts = False; continue
            if inopts and l.startswith("-") and "pwn" in l and l in [h for h in HOSTILE]:
                bad.append("option " + l)
    return bad

async def run(names):
    from utcp.utcp_client import UtcpClient
    os.makedirs(CWD, exist_ok=True); os.chdir(CWD)
    results, labels = {}, []
    tools = [t for t in spec.TOOLS if not names or t["name"] in names]
    clients = {}
    for t in tools:
        m = t["manual"]
        if m not in clients:
            clients[m] = await UtcpClient.create(root_dir=HERE, config={
                "variables": spec.CLIENT_VARS,
                "manual_call_templates": [{"call_template_type": "file", "name": m,
                    "file_path": os.path.join(MDIR, m + ".json"),
                    "allowed_communication_protocols": ["cli"]}]})
        cl = clients[m]
        rec = {"category": t["cat"], "runs": []}
        t0 = time.time()
        if t["cat"] == "safe":
            ok = True
            reset(t); out = await call(cl, t, t["benign"])
            r = check(t.get("expect", []), t, out)
            rec["runs"].append({"args": t["benign"], "out": out[:300], "checks": [[list(c), o] for c, o in r]})
            ok &= all(o for _, o in r) and not safe_ok(t, out)
            for a in t["args"]:
                for h in HOSTILE + t.get("hostile", []):
                    args = dict(t["benign"]); args[a] = h
                    reset(t); out = await call(cl, t, args)
                    bad = safe_ok(t, out)
                    if bad:
                        ok = False
                        rec["runs"].append({"args": args, "out": out[:300], "bad": bad})
            rec["n_hostile"] = len(t["args"]) * (len(HOSTILE) + len(t.get("hostile", [])))
        else:
            ok = True
            for args, conds in t["proofs"]:
                reset(t); out = await call(cl, t, args)
                r = check(conds, t, out)
                rec["runs"].append({"args": {k: sub(v, t) for k, v in args.items()}, "out": out[:400],
                                    "checks": [[list(c), o] for c, o in r], "argv_log": loglines()[:40]})
                ok &= all(o for _, o in r)
        rec["confirmed"] = bool(ok)
        rec["secs"] = round(time.time() - t0, 1)
        results[t["name"]] = rec
        print(f"{'OK  ' if ok else 'FAIL'} {t['cat']:6} {t['manual']}.{t['name']} ({rec['secs']}s)", flush=True)
        if not ok:
            print("   ", json.dumps(rec["runs"][-1])[:900], flush=True)
    for c in clients.values():
        try: await c.close()
        except Exception: pass
    return results

def main():
    if sys.argv[1] == "build":
        build(); return
    names = sys.argv[2:]
    build()
    res = asyncio.run(run(names))
    cpath = os.path.join(HERE, "confirm.json")
    allres = json.load(open(cpath)) if os.path.exists(cpath) and names else {}
    allres.update(res)
    json.dump(allres, open(cpath, "w"), indent=1)
    labels, dropped = [], []
    for t in spec.TOOLS:
        r = allres.get(t["name"])
        if not r or not r["confirmed"] or r["category"] != t["cat"]:
            dropped.append(t["name"]); continue
        if t["cat"] == "safe":
            pa = {"benign": t["benign"], "hostile": f"{r['n_hostile']} hostile values incl. {HOSTILE[:3]} + {t.get('hostile', [])}"}
        else:
            pa = [p[0] for p in t["proofs"]]
        labels.append({"tool": t["name"], "manual": f"manuals/{t['manual']}.json", "category": t["cat"],
                       "idiom": t.get("idiom", ""), "programs": t.get("progs", []),
                       "payload_args": pa, "evidence": t["ev"]})
    json.dump(labels, open(os.path.join(HERE, "labels.json"), "w"), indent=1)
    json.dump(dropped, open(os.path.join(HERE, "dropped.json"), "w"), indent=1)
    print(f"labels: {len(labels)}  dropped: {len(dropped)} {dropped}")

if __name__ == "__main__":
    main()
