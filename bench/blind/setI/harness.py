#!/usr/bin/env python3
"""Build manuals from spec.py and confirm every label through the real UTCP runtime.

usage: harness.py [--only NAME[,NAME]] [--build-only]
Writes manuals/*.json, labels.json (confirmed tools only), dropped.json, confirm_log.json.
"""
import asyncio, glob, json, os, re, shutil, subprocess, sys, time
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import spec

WS = "/tmp/blindI_ws"; TPL = "/tmp/blindI_ws_tpl"; STUBLOG = "/tmp/blindI_stub/log"
STUBDIR = os.path.join(HERE, "stubs")
os.environ["PATH"] = STUBDIR + ":" + os.environ["PATH"]

def ph(s):
    return re.sub(r"@([A-Za-z0-9_]+)@", r"UTCP_ARG_\1_UTCP_END", s)

def build():
    manuals = {}
    for i, t in enumerate(spec.TOOLS):
        t["id"] = i
        props = {}
        for k, v in t["inputs"].items():
            typ, d = (v if isinstance(v, tuple) else ("string", v))
            props[k] = {"type": typ, "description": d}
        cmds = []
        for c in t["cmds"]:
            if isinstance(c, tuple):
                cmds.append({"command": ph(c[0]), "append_to_final_output": c[1]})
            else:
                cmds.append({"command": ph(c)})
        if len(cmds) > 1 and not any(isinstance(c, tuple) for c in t["cmds"]):
            for c in cmds[:-1]: c["append_to_final_output"] = False
            cmds[-1]["append_to_final_output"] = True
        tpl = {"call_template_type": "cli", "name": t["manual"] + "_" + t["name"], "commands": cmds}
        if t.get("env"): tpl["env_vars"] = t["env"]
        if t.get("wd"): tpl["working_dir"] = t["wd"]
        if t.get("inherit") is not None: tpl["inherit_env_vars"] = t["inherit"]
        tool = {"name": t["name"], "description": t["desc"],
                "inputs": {"type": "object", "properties": props, "required": list(t["inputs"])},
                "outputs": {"type": "string", "description": "command output"},
                "tags": t.get("tags", [t["manual"]]), "tool_call_template": tpl}
        manuals.setdefault(t["manual"], []).append(tool)
    os.makedirs(os.path.join(HERE, "manuals"), exist_ok=True)
    for f in glob.glob(os.path.join(HERE, "manuals", "*.json")): os.remove(f)
    for m, tools in manuals.items():
        json.dump({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools},
                  open(os.path.join(HERE, "manuals", m + ".json"), "w"), indent=2)
    return manuals

def make_stubs():
    os.makedirs(STUBDIR, exist_ok=True)
    for n in spec.STUBS:
        p = os.path.join(STUBDIR, n)
        extra = spec.STUB_BODY.get(n, "")
        open(p, "w").write("#!/bin/bash\nmkdir -p /tmp/blindI_stub\n{ echo \"== %s\"; for a in \"$@\"; do printf 'ARG %%q\\n' \"$a\"; done; } >> %s\n%s\necho \"[%s stub ok]\"\n" % (n, STUBLOG, extra, n))
        os.chmod(p, 0o755)

def make_template():
    shutil.rmtree(TPL, ignore_errors=True); os.makedirs(TPL)
    subprocess.run(["bash", "-c", spec.FIXTURE], cwd=TPL, check=True, capture_output=True)

def fresh():
    shutil.rmtree(WS, ignore_errors=True)
    subprocess.run(["cp", "-a", TPL, WS], check=True)
    shutil.rmtree("/tmp/blindI_stub", ignore_errors=True); os.makedirs("/tmp/blindI_stub")
    for f in glob.glob("/tmp/blindI_canary_*") + glob.glob("/tmp/blindI_w_*") + glob.glob("/tmp/blindI_h*"):
        subprocess.run(["rm", "-rf", f])
    for g in ("/tmp/blindI_gA", "/tmp/blindI_gB"): open(g, "w").close()
    os.chdir(WS)

def subst(v, t):
    if isinstance(v, str):
        return (v.replace("{C}", "/tmp/blindI_canary_%d" % t["id"]).replace("{W}", "/tmp/blindI_w_%d" % t["id"]).replace("{WS}", WS).replace("{ID}", str(t["id"])))
    if isinstance(v, dict): return {k: subst(x, t) for k, x in v.items()}
    if isinstance(v, (list, tuple)): return type(v)(subst(x, t) for x in v)
    return v

async def call(t, args):
    from utcp.utcp_client import UtcpClient
    cfg = {"manual_call_templates": [{"call_template_type": "file", "name": t["manual"],
            "file_path": os.path.join(HERE, "manuals", t["manual"] + ".json"),
            "allowed_communication_protocols": ["cli"]}],
           "variables": subst(t.get("vars", {}), t)}
    c = await UtcpClient.create(root_dir=HERE, config=cfg)
    try:
        r = await asyncio.wait_for(c.call_tool(t["manual"] + "." + t["name"], args), 25)
        return False, r if isinstance(r, str) else json.dumps(r)
    except Exception as e:
        return True, "%s: %s" % (type(e).__name__, e)

def stublog():
    try: return open(STUBLOG).read()
    except FileNotFoundError: return ""

def check(conds, t, exc, out):
    ok = True; ev = []
    for c in conds:
        c = subst(c, t); k = c[0]
        if k == "file": r = bool(glob.glob(c[1])); ev.append("%s exists=%s" % (c[1], r))
        elif k == "nofile": r = not glob.glob(c[1]); ev.append("%s absent=%s" % (c[1], r))
        elif k == "log": r = re.search(c[1], stublog(), re.M) is not None; ev.append("stub log ~ /%s/ %s" % (c[1], r))
        elif k == "nolog": r = re.search(c[1], stublog(), re.M) is None; ev.append("stub log !~ /%s/ %s" % (c[1], r))
        elif k == "out": r = re.search(c[1], out, re.S) is not None; ev.append("output ~ /%s/ %s" % (c[1], r))
        elif k == "noout": r = re.search(c[1], out, re.S) is None; ev.append("output !~ /%s/ %s" % (c[1], r))
        elif k == "exc": r = exc; ev.append("raised=%s" % exc)
        elif k == "noexc": r = not exc; ev.append("no exception=%s" % (not exc))
        elif k == "sh": r = subprocess.run(["bash", "-c", c[1]], capture_output=True).returncode == 0; ev.append("check `%s` %s" % (c[1], r))
        else: raise ValueError(k)
        ok = ok and r
    return ok, ev

HOSTILE = ["$(touch {C})", ";touch {C}", "`touch {C}`", "x\ntouch {C}", "'; touch {C}; '", "\"; touch {C}; \"",
           "a[$(touch {C})]", "-o/tmp/blindI_hopt", "--output=/tmp/blindI_hopt", "../../../../../tmp/blindI_hdot",
           "a b -c", "/tmp/blindI_g*", "|touch {C}", "x && touch {C}"]

def safe_hostile_ok(t, exc, out, payload):
    bad = []
    C = "/tmp/blindI_canary_%d" % t["id"]
    if glob.glob(C): bad.append("canary")
    if glob.glob("/tmp/blindI_hopt*"): bad.append("option-file")
    if glob.glob("/tmp/blindI_hdot*"): bad.append("dotdot-file")
    log = stublog()
    for blk in log.split("== ")[1:]:
        lines = blk.splitlines()[1:]
        seen_dd = False
        for ln in lines:
            a = ln[4:]
            if a == "--": seen_dd = True
            if not seen_dd and payload.startswith("-") and a == subprocess.run(["bash","-c",'printf %q "$1"',"_",payload],capture_output=True,text=True).stdout:
                bad.append("option-argv")
            if payload == "a b -c" and a in ("b", "-c"): bad.append("split-argv")
    if payload.startswith("/tmp/blindI_g") and ("blindI_gA" in out or "blindI_gA" in log): bad.append("glob")
    return bad

def run_tool(t):
    fresh()
    cat = t["cat"]
    rec = {"tool": t["name"], "manual": "manuals/%s.json" % t["manual"], "category": cat,
           "idiom": t.get("idiom", ""), "programs": t.get("progs", [])}
    if cat == "safe":
        exc, out = asyncio.run(call(t, subst(t["args"], t)))
        ok, ev = check(t.get("want", [("noexc",)]) + [("out", t["expect"])], t, exc, out)
        evid = ["benign %s -> %s (%s)" % (json.dumps(t["args"]), out[:120], "; ".join(ev))]
        if not ok:
            return None, rec, "benign run failed: " + "; ".join(ev) + " :: " + out[:300]
        hostile_n = 0
        for k, v in t["inputs"].items():
            typ = v[0] if isinstance(v, tuple) else "string"
            for p in HOSTILE:
                fresh()
                a = dict(subst(t["args"], t)); pv = subst(p, t); a[k] = pv
                exc, out = asyncio.run(call(t, a))
                bad = safe_hostile_ok(t, exc, out, pv)
                hostile_n += 1
                if bad:
                    return None, rec, "hostile %r in %s had effect %s :: %s" % (pv, k, bad, out[:200])
        evid.append("%d hostile payloads (command substitution, ;, backticks, newline, quote breakouts, arithmetic subscript, -o/--output options, ../ traversal, spaces, globs, pipes) in every input: no canary, no file, no option/split argv" % hostile_n)
        rec["payload_args"] = t["args"]; rec["evidence"] = " | ".join(evid)
        return True, rec, None
    args = t["pay"] if cat != "broken" else t["args"]
    exc, out = asyncio.run(call(t, subst(args, t)))
    conds = t.get("want") or ([("file", "{C}")] if cat == "exec" else None)
    ok, ev = check(conds, t, exc, out)
    rec["payload_args"] = args
    rec["evidence"] = "; ".join(ev) + " :: output: " + out[:200].replace("\n", "\\n")
    if cat == "exec" and t.get("want") is None:
        pass
    if not ok:
        return None, rec, "confirmation failed: " + rec["evidence"] + " || stublog: " + stublog()[-300:]
    # control: the same tool on benign input must not show the effect for exec/write
    if t.get("args") and cat in ("exec", "write", "option", "split"):
        fresh(); exc2, out2 = asyncio.run(call(t, subst(t["args"], t)))
        ok2, ev2 = check(conds, t, exc2, out2)
        if ok2:
            return None, rec, "control run with benign args also shows the effect: " + "; ".join(ev2)
        rec["evidence"] += " | control benign %s: effect absent" % json.dumps(t["args"])
    return True, rec, None

def main():
    only = None
    if "--only" in sys.argv: only = set(sys.argv[sys.argv.index("--only") + 1].split(","))
    build(); make_stubs()
    if "--build-only" in sys.argv: return
    make_template()
    import logging; logging.disable(logging.CRITICAL)
    lpath = os.path.join(HERE, "labels.json"); dpath = os.path.join(HERE, "dropped.json")
    labels = {(l["manual"], l["tool"]): l for l in json.load(open(lpath))} if (only and os.path.exists(lpath)) else {}
    dropped = {(d["manual"], d["tool"]): d for d in json.load(open(dpath))} if (only and os.path.exists(dpath)) else {}
    for t in spec.TOOLS:
        if only and t["name"] not in only: continue
        t0 = time.time()
        ok, rec, why = run_tool(t)
        key = (rec["manual"], rec["tool"])
        if ok:
            labels[key] = rec; dropped.pop(key, None)
            print("OK   %-7s %-28s %.1fs" % (t["cat"], t["name"], time.time() - t0), flush=True)
        else:
            labels.pop(key, None); dropped[key] = {"tool": rec["tool"], "manual": rec["manual"], "category": t["cat"], "why": why}
            print("DROP %-7s %-28s %s" % (t["cat"], t["name"], why[:400]), flush=True)
    os.chdir(HERE)
    names = [(("manuals/%s.json" % t["manual"]), t["name"]) for t in spec.TOOLS]
    json.dump([labels[k] for k in names if k in labels], open(lpath, "w"), indent=1)
    json.dump([dropped[k] for k in names if k in dropped], open(dpath, "w"), indent=1)
    from collections import Counter
    print(Counter(labels[k]["category"] for k in names if k in labels), "dropped", len([k for k in names if k in dropped]))

if __name__ == "__main__":
    main()
