#!/usr/bin/env python3
"""Blind set G harness: build manuals from spec.py, confirm every label through the
real utcp 1.2.0 UtcpClient + utcp-cli 1.1.5 runtime, write labels.json.

  build   (as root or anyone)   python3 harness.py build          -> manuals/*.json (all tools)
  confirm (as nobody!)          see run.sh                          -> /tmp/blindG_run/results.json
  final                         python3 harness.py final          -> labels.json, manuals/ (confirmed only)

Every tool runs in a fresh /tmp/blindG_wd (its working_dir or the process cwd),
with /tmp/blindG_stubs prepended to PATH: stubs log their argv (NUL separated)
to /tmp/blindG_stublog.  Canary files are /tmp/blindG_canary_<id>,
/tmp/blindG_opt_<id>*, /tmp/blindG_trav_<id>*.
"""
import asyncio, glob, json, os, shutil, subprocess, sys, time, traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
RUN = "/tmp/blindG_run"
WD = "/tmp/blindG_wd"
STUBS = "/tmp/blindG_stubs"
LOG = "/tmp/blindG_stublog"
HOMED = "/tmp/blindG_home"

def load_spec():
    import importlib
    spec = importlib.import_module("spec")
    return spec

def tool_json(t):
    props = {}
    for a, d in t["args"].items():
        if isinstance(d, dict):
            props[a] = d
        else:
            props[a] = {"type": "string", "description": d}
    ct = {"call_template_type": "cli", "name": t["name"],
          "commands": [{"command": c, "append_to_final_output": (i == len(t["cmds"]) - 1) or bool(t.get("append_all"))}
                       for i, c in enumerate(t["cmds"])]}
    if t.get("env"):
        ct["env_vars"] = t["env"]
    if t.get("wd"):
        ct["working_dir"] = t["wd"]
    return {"name": t["name"], "description": t["desc"],
            "inputs": {"type": "object", "properties": props, "required": list(t["args"])},
            "outputs": {"type": "string", "description": "command output"},
            "tags": t.get("tags", [t["manual"]]),
            "tool_call_template": ct}

def build(only_ids=None, outdir=None):
    spec = load_spec()
    outdir = outdir or os.path.join(HERE, "manuals")
    os.makedirs(outdir, exist_ok=True)
    for f in glob.glob(os.path.join(outdir, "*.json")):
        os.remove(f)
    by = {}
    for t in spec.TOOLS:
        if only_ids is not None and t["id"] not in only_ids:
            continue
        by.setdefault(t["manual"], []).append(tool_json(t))
    for m, tools in by.items():
        with open(os.path.join(outdir, m + ".json"), "w") as fh:
            json.dump({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools}, fh, indent=2)
            fh.write("\n")
    return by

# ---------------------------------------------------------------- confirm
def stub_records():
    try:
        data = open(LOG, "rb").read().decode("utf-8", "replace")
    except FileNotFoundError:
        return []
    recs = []
    for chunk in data.split("\x1e")[1:]:
        parts = chunk.split("\0")
        if parts and parts[-1] == "":
            parts = parts[:-1]
        recs.append(parts)  # [prog, arg1, ...]
    return recs

def argv(prog):
    return [r[1:] for r in stub_records() if r and r[0] == prog]

def all_args():
    out = []
    for r in stub_records():
        out.extend(r[1:])
    return out

def clean(tid):
    for p in glob.glob(f"/tmp/blindG_canary_{tid}*") + glob.glob(f"/tmp/blindG_opt_{tid}*") + glob.glob(f"/tmp/blindG_trav_{tid}*") + glob.glob(f"/tmp/blindG_out_{tid}*"):
        if os.path.isdir(p):
            shutil.rmtree(p, ignore_errors=True)
        else:
            try: os.remove(p)
            except OSError: pass
    shutil.rmtree(WD, ignore_errors=True)
    os.makedirs(WD)
    try: os.remove(LOG)
    except FileNotFoundError: pass

def setup(t):
    s = t.get("setup")
    open(os.path.join(WD, "blindGglobfile"), "w").write("g\n")
    if s:
        s = s.replace("{id}", t["id"])
        r = subprocess.run(["bash", "-c", "set -e\n" + s], cwd=WD, capture_output=True, text=True, timeout=60)
        if r.returncode:
            raise RuntimeError("setup failed: " + r.stderr[-400:])
    # setup must not pollute the stub log
    try: os.remove(LOG)
    except FileNotFoundError: pass

async def call(client, t, args):
    try:
        res = await asyncio.wait_for(client.call_tool(f"{t['manual']}.{t['name']}", args), timeout=40)
        return (res if isinstance(res, str) else json.dumps(res)), None
    except Exception as e:
        return "", f"{type(e).__name__}: {e}"

def ctx(t, out, exc):
    tid = t["id"]
    return {"out": out or "", "exc": exc, "id": tid, "argv": argv, "all_args": all_args,
            "exists": os.path.exists, "glob": glob.glob, "os": os,
            "read": lambda p: open(p, errors="replace").read() if os.path.exists(p) else "",
            "canary": lambda: os.path.exists(f"/tmp/blindG_canary_{tid}"),
            "WD": WD, "opt": opt, "sep": sep}

def opt(prog, val):
    for a in argv(prog):
        dd = a.index("--") if "--" in a else len(a)
        if val in a[:dd]:
            return True
    return False

def sep(prog, tok):
    return any(tok in a for a in argv(prog))

def subst(v, tid):
    if isinstance(v, str):
        return v.replace("{id}", tid)
    return v

HOSTILE = [
    "$(touch /tmp/blindG_canary_{id})",
    "x;touch /tmp/blindG_canary_{id}",
    "`touch /tmp/blindG_canary_{id}`",
    "x'\"$(touch /tmp/blindG_canary_{id})\"'",
    "x\ntouch /tmp/blindG_canary_{id}",
    "x\" ; touch /tmp/blindG_canary_{id} ; \"",
    "a[$(touch /tmp/blindG_canary_{id})]",
    "-o/tmp/blindG_opt_{id}",
    "--output=/tmp/blindG_opt_{id}",
    "../../../../../../../tmp/blindG_trav_{id}",
    "blindGsplitA blindGsplitB",
    "blindGglob*",
]

def safe_violation(t, payload, c):
    tid = t["id"]
    if os.path.exists(f"/tmp/blindG_canary_{tid}"):
        return "canary created"
    if glob.glob(f"/tmp/blindG_opt_{tid}*"):
        return "option file created"
    if glob.glob(f"/tmp/blindG_trav_{tid}*"):
        return "traversal file created"
    for rec in stub_records():
        args = rec[1:]
        dd = args.index("--") if "--" in args else len(args)
        for i, a in enumerate(args):
            if a in ("blindGsplitA", "blindGsplitB"):
                return f"split: {rec[0]} got {a!r} alone"
            if a == "blindGglobfile" and payload == "blindGglob*":
                return f"glob expanded in {rec[0]}"
            if payload.startswith("-") and a == payload.replace("{id}", tid) and i < dd:
                prev = args[i - 1] if i else ""
                if not (prev.startswith("-") and prev not in t.get("flag_only", [])) and rec[0] not in t.get("positional_ok", []):
                    return f"option: {rec[0]} got {a!r} as an option"
    extra = t.get("safe_check")
    if extra:
        r = eval(subst(extra, tid), ctx(t, c[0], c[1]))
        if r:
            return f"safe_check: {r}"
    return None

async def confirm_tool(client, t):
    tid = t["id"]
    rec = {"id": tid, "tool": t["name"], "manual": t["manual"], "category": t["cat"], "runs": []}
    # 1. benign run: must satisfy 'ok' (for safe and for unsafe: shows the tool works) or 'broken' check
    clean(tid); setup(t)
    benign = {k: subst(v, tid) for k, v in t["benign"].items()}
    out, exc = await call(client, t, benign)
    rec["runs"].append({"args": benign, "out": out[-600:], "exc": exc})
    if t["cat"] == "broken":
        ok = eval(subst(t["check"], tid), ctx(t, out, exc))
        rec["confirmed"] = bool(ok)
        rec["evidence"] = f"benign {benign!r} -> " + (f"exception {exc[:200]}" if exc else f"output {out[-200:]!r}")
        return rec
    okexpr = t.get("ok")
    okv = eval(subst(okexpr, tid), ctx(t, out, exc)) if okexpr else (exc is None)
    rec["benign_ok"] = bool(okv)
    if t["cat"] == "safe":
        viol = []
        if not okv:
            viol.append("benign run failed")
        fuzz = t.get("fuzz", list(t["args"]))
        for a in fuzz:
            for p in t.get("hostile", HOSTILE) + t.get("extra_hostile", []):
                clean(tid); setup(t)
                args = dict(benign); args[a] = subst(p, tid)
                c = await call(client, t, args)
                v = safe_violation(t, p, c)
                if v:
                    viol.append(f"{a}={p!r}: {v}")
        rec["confirmed"] = not viol
        rec["violations"] = viol
        rec["evidence"] = (f"benign ok; {len(fuzz) * len(t.get('hostile', HOSTILE) + t.get('extra_hostile', []))} hostile payloads on {fuzz}: no canary, no option/traversal file, no split/glob in stub argv"
                           if not viol else "; ".join(viol)[:600])
        return rec
    # unsafe: payload run must satisfy check
    clean(tid); setup(t)
    pay = dict(benign); pay.update({k: subst(v, tid) for k, v in t["payload"].items()})
    out2, exc2 = await call(client, t, pay)
    ok = eval(subst(t["check"], tid), ctx(t, out2, exc2))
    recs = stub_records()
    rec["runs"].append({"args": pay, "out": out2[-600:], "exc": exc2, "stub": recs[:6]})
    rec["confirmed"] = bool(ok)
    rec["payload_args"] = pay
    rec["evidence"] = f"payload {t['payload']!r}: check `{t['check']}` -> {bool(ok)}" + (f"; stub argv {recs[:3]}" if recs else "")
    return rec

def make_stubs(spec):
    os.makedirs(STUBS, exist_ok=True)
    os.makedirs(HOMED, exist_ok=True)
    for p in spec.STUB_PROGS:
        body = spec.STUB_BODY.get(p, 'echo "ok ' + p + '"')
        with open(os.path.join(STUBS, p), "w") as fh:
            fh.write("#!/bin/bash\n{ printf '\\036%s\\0' " + p + "; printf '%s\\0' \"$@\"; } >> " + LOG + "\n" + body + "\n")
        os.chmod(os.path.join(STUBS, p), 0o755)

async def confirm(ids=None):
    import logging
    logging.disable(logging.CRITICAL)
    from utcp.utcp_client import UtcpClient
    spec = load_spec()
    make_stubs(spec)
    mdir = os.path.join(RUN, "manuals")
    by = build(ids, mdir)
    os.environ["PATH"] = STUBS + ":" + os.environ["PATH"]
    os.environ["HOME"] = HOMED
    cfg = {"manual_call_templates": [{"name": m, "call_template_type": "cli",
                                      "commands": [{"command": f"cat {mdir}/{m}.json"}]} for m in by]}
    client = await UtcpClient.create(config=cfg)
    resf = os.path.join(RUN, "results.json")
    results = json.load(open(resf)) if os.path.exists(resf) else {}
    for t in spec.TOOLS:
        if ids is not None and t["id"] not in ids:
            continue
        t0 = time.time()
        os.chdir("/tmp")
        try:
            if t.get("skip"):
                raise RuntimeError("dropped: label could not be confirmed dynamically")
            r = await confirm_tool(client, t)
        except Exception as e:
            r = {"id": t["id"], "confirmed": False, "evidence": "harness error " + traceback.format_exc()[-500:]}
        r["secs"] = round(time.time() - t0, 1)
        results[t["id"]] = r
        print(f"{t['id']:8} {t['cat']:7} {'OK ' if r['confirmed'] else 'NO '} {r['secs']:5}s {r.get('evidence','')[:150]}", flush=True)
        json.dump(results, open(resf, "w"), indent=1)

def final():
    spec = load_spec()
    res = json.load(open(os.path.join(HERE, "results.json")))
    labels, dropped = [], []
    for t in spec.TOOLS:
        r = res.get(t["id"])
        if not r or not r.get("confirmed"):
            dropped.append(t["id"]); continue
        labels.append({"tool": t["name"], "manual": f"manuals/{t['manual']}.json", "category": t["cat"],
                       "id": t["id"], "idiom": t["idiom"], "programs": t["progs"],
                       "payload_args": r.get("payload_args", {}), "evidence": r["evidence"]})
    build({l["id"] for l in labels})
    json.dump(labels, open(os.path.join(HERE, "labels.json"), "w"), indent=1)
    from collections import Counter
    print("labels", len(labels), Counter(l["category"] for l in labels), "dropped", dropped)
    progs = sorted({p for l in labels for p in l["programs"]})
    print(len(progs), "programs:", " ".join(progs))

if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "build":
        build()
    elif cmd == "confirm":
        ids = set(sys.argv[2:]) or None
        asyncio.run(confirm(ids))
    elif cmd == "final":
        final()
