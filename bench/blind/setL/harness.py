#!/usr/bin/env python3
"""Build manuals from spec.py and confirm every label through the real UtcpClient.

usage: /work/main/.venv/bin/python harness.py [--only ID,ID] [--build-only]
Writes manuals/*.json, labels.json (confirmed tools only), results.json (all).
"""
import logging
logging.disable(logging.CRITICAL)
import asyncio, glob, json, os, re, shutil, subprocess, sys, tempfile, traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import spec  # noqa

STUBDIR = os.path.join(HERE, "stubs")
STUBLOG = "/tmp/blindL_stub"
WS = "/tmp/blindL_ws"

def ph(s):
    return re.sub(r"@([A-Za-z0-9_]+)@", r"UTCP_ARG_\1_UTCP_END", s)

def build():
    manuals = {}
    for t in spec.TOOLS:
        cmds = []
        names = []
        for c in t["cmds"]:
            if isinstance(c, tuple):
                c, app = c
            else:
                app = None
            step = {"command": ph(c)}
            if app is not None:
                step["append_to_final_output"] = app
            cmds.append(step)
            for n in re.findall(r"UTCP_ARG_([A-Za-z0-9_]+?)_UTCP_END", ph(c)):
                if n not in names:
                    names.append(n)
        tpl = {"call_template_type": "cli", "name": t["manual"] + "_" + t["name"], "commands": cmds}
        if t.get("env"): tpl["env_vars"] = t["env"]
        if t.get("wd"): tpl["working_dir"] = t["wd"]
        if t.get("inherit") is not None: tpl["inherit_env_vars"] = t["inherit"]
        props = {n: {"type": "string", "description": t.get("argdesc", {}).get(n, n.replace("_", " "))} for n in names}
        tool = {"name": t["name"], "description": t["desc"],
                "inputs": {"type": "object", "properties": props, "required": names},
                "outputs": {"type": "string", "description": "command output"},
                "tags": t.get("tags", [t["manual"]]), "tool_call_template": tpl}
        manuals.setdefault(t["manual"], []).append(tool)
        t["_args"] = names
    os.makedirs(os.path.join(HERE, "manuals"), exist_ok=True)
    for m, tools in manuals.items():
        json.dump({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools},
                  open(os.path.join(HERE, "manuals", m + ".json"), "w"), indent=2)
    return manuals

def make_stubs():
    os.makedirs(STUBDIR, exist_ok=True)
    for p in spec.STUBS:
        f = os.path.join(STUBDIR, p)
        open(f, "w").write('#!/bin/bash\nmkdir -p %s\n{ for a in "$@"; do printf "%%s\\n" "$a"; done; echo ---; } >> %s/%s.log\necho "%s stub ok"\n' % (STUBLOG, STUBLOG, p, p))
        os.chmod(f, 0o755)

SAFE_PAYLOADS = ["$(touch {C})", "`touch {C}`", ";touch {C}", "|touch {C}", "&& touch {C} #", "x\ntouch {C}\n",
                 "'; touch {C}; '", '"; touch {C}; "', "-o{W}", "--output={W}", "--output {W}",
                 "../../../../../../../tmp/blindL_w_{id}", "{W}", "* ?", "a b c", "-", "--help",
                 "a[$(touch {C})]", "x/e touch {C} #", "${{IFS}}touch${{IFS}}{C}"]

class Ctx:
    def __init__(s, t, D, out, exc):
        s.id = t["id"]; s.D = D; s.out = out or ""; s.exc = exc or ""
        s.C = f"/tmp/blindL_canary_{s.id}"; s.W = f"/tmp/blindL_w_{s.id}"
    def ex(s, p): return os.path.lexists(p)
    def canary(s): return os.path.exists(s.C) or os.path.exists(os.path.join(s.D, f"blindL_canary_{s.id}"))
    def anyw(s): return bool(glob.glob(s.W + "*"))
    def log(s, prog):
        p = os.path.join(STUBLOG, prog + ".log")
        return open(p).read().split("\n") if os.path.exists(p) else []
    def arg(s, prog, a): return a in s.log(prog)
    def read(s, p):
        try: return open(p, errors="replace").read()
        except Exception: return ""

def clean(t):
    for p in glob.glob(f"/tmp/blindL_canary_{t['id']}*") + glob.glob(f"/tmp/blindL_w_{t['id']}*"):
        if os.path.isdir(p) and not os.path.islink(p): shutil.rmtree(p, ignore_errors=True)
        else: os.remove(p)
    shutil.rmtree(STUBLOG, ignore_errors=True)

def fmt(v, t, D):
    return v.replace("{C}", f"/tmp/blindL_canary_{t['id']}").replace("{W}", f"/tmp/blindL_w_{t['id']}").replace("{D}", D).replace("{id}", str(t["id"]))

async def run_once(t, args):
    from utcp.utcp_client import UtcpClient
    D = tempfile.mkdtemp(prefix=f"blindL_{t['id']}_")
    clean(t)
    shutil.rmtree(WS, ignore_errors=True); os.makedirs(WS)
    setup = spec.SETUP_COMMON + "\n" + t.get("setup", "")
    subprocess.run(["bash", "-c", setup], cwd=D, stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
    os.chdir(D)
    manual = os.path.join(HERE, "manuals", t["manual"] + ".json")
    cfg = {"variables": {f"{t['manual']}_{k}": v for k, v in spec.CLIENT_VARS.get(t["manual"], {}).items()},
           "manual_call_templates": [{"call_template_type": "cli", "name": t["manual"],
                                      "commands": [{"command": f"cat {manual}"}]}]}
    out, exc = None, None
    try:
        client = await UtcpClient.create(root_dir=D, config=cfg)
        a = {k: fmt(v, t, D) for k, v in args.items()}
        out = await asyncio.wait_for(client.call_tool(f"{t['manual']}.{t['name']}", a), 40)
        out = out if isinstance(out, str) else json.dumps(out)
    except Exception as e:
        exc = f"{type(e).__name__}: {e}"
    os.chdir(HERE)
    await asyncio.sleep(0.05)
    return Ctx(t, D, out, exc)

def ev(expr, c):
    return bool(eval(expr, {"c": c, "re": re, "os": os}))

async def confirm(t):
    cat = t["cat"]
    benign = t.get("benign") or {n: "demo" for n in t["_args"]}
    if cat != "safe":
        args = dict(benign); args.update(t.get("payload", {}))
        chk = t.get("check") or {"exec": "c.canary()", "write": "c.anyw()", "option": "c.anyw()"}.get(cat)
        c = await run_once(t, args)
        ok = ev(chk, c)
        return ok, {"payload_args": args, "check": chk, "out": c.out[-600:], "exc": c.exc[-400:]}
    viol = "c.canary() or c.anyw()" + (" or (" + t["viol"] + ")" if t.get("viol") else "")
    tried = []
    extra = t.get("extra", [])
    for n in t["_args"]:
        for p in SAFE_PAYLOADS + extra:
            args = dict(benign); args[n] = p
            c = await run_once(t, args)
            bad = ev(viol, c)
            # option/split detection on stub logs: a payload starting with '-' received as its own argv
            # element before any '--', or a spaced payload split into its words
            for lf in ([] if t.get('nostub') else glob.glob(STUBLOG + "/*.log")):
                for inv in open(lf).read().split("---\n"):
                    argv = inv.split("\n")
                    pre = argv[:argv.index("--")] if "--" in argv else argv
                    v = fmt(p, t, c.D)
                    if v.startswith("-") and v in pre and v != "-": bad = True
                    if " " in v and "\n" not in v and v.split()[0] in argv and v not in argv and v.split()[0] not in ("$(touch", "`touch", "&&", "'", '"'): bad = True
            tried.append((n, p, bad))
            if bad:
                return False, {"violated_by": {n: p}, "out": c.out[-400:], "exc": c.exc[-300:]}
    return True, {"payloads_tried": len(tried), "viol_check": viol + " + stub option/split check"}

async def main():
    only = None
    if "--only" in sys.argv:
        only = set(sys.argv[sys.argv.index("--only") + 1].split(","))
    build(); make_stubs()
    os.environ["PATH"] = STUBDIR + ":" + os.environ["PATH"]
    if "--build-only" in sys.argv: return
    resf = os.path.join(HERE, "results.json")
    results = json.load(open(resf)) if (only and os.path.exists(resf)) else {}
    for t in spec.TOOLS:
        if only and str(t["id"]) not in only: continue
        try:
            ok, ev_ = await confirm(t)
        except Exception:
            ok, ev_ = False, {"harness_error": traceback.format_exc()[-800:]}
        results[str(t["id"])] = {"ok": ok, "evidence": ev_}
        print(f"{t['id']:>4} {t['cat']:7} {'OK ' if ok else 'FAIL'} {t['manual']}.{t['name']}", flush=True)
        if not ok and (only):
            print(json.dumps(ev_, indent=1)[:1500])
    json.dump(results, open(resf, "w"), indent=1)
    labels = []
    for t in spec.TOOLS:
        r = results.get(str(t["id"]))
        if r and r["ok"]:
            e = r["evidence"]
            labels.append({"tool": t["name"], "manual": f"manuals/{t['manual']}.json", "category": t["cat"],
                           "idiom": t.get("idiom", ""), "programs": t.get("progs", []),
                           "payload_args": e.get("payload_args"), "evidence": {k: v for k, v in e.items() if k != "payload_args"},
                           "note": t.get("note", "")})
    json.dump(labels, open(os.path.join(HERE, "labels.json"), "w"), indent=1)
    dropped = [t["id"] for t in spec.TOOLS if not (results.get(str(t["id"])) or {}).get("ok")]
    print("labelled", len(labels), "dropped", len(dropped), dropped)

if __name__ == "__main__":
    asyncio.run(main())
