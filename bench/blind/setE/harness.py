#!/usr/bin/env python3
"""Build manuals from spec.py and label every tool dynamically through the real
utcp 1.2.0 UtcpClient + utcp-cli 1.1.5 runtime.

usage: /work/main/.venv/bin/python harness.py [--build-only] [--only NAME,NAME] [--manual M]
"""
import logging; logging.disable(logging.CRITICAL)
import argparse, asyncio, json, os, shutil, subprocess, sys, glob, time, traceback
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import spec

STUB_DIR = os.path.join(HERE, "stubs")
STUB_LOG = "/tmp/blindE_stub"
RUN = "/tmp/blindE_run"
STUBS = spec.STUBS  # programs replaced by argv-logging stubs

def ns(manual):  # utcp variable namespace mangling
    return manual.replace("_", "!").replace("!", "__")

def write_stubs():
    os.makedirs(STUB_DIR, exist_ok=True)
    for p in STUBS:
        path = os.path.join(STUB_DIR, p)
        body = spec.STUB_BEHAVIOUR.get(p, "")
        with open(path, "w") as f:
            f.write("#!/bin/bash\n"
                    f"mkdir -p {STUB_LOG}\n"
                    f"/usr/bin/python3 -c 'import json,sys; print(json.dumps(sys.argv[1:]))' \"$@\" >> {STUB_LOG}/{p}.log 2>/dev/null || "
                    f"printf '%s\\n' \"$*\" >> {STUB_LOG}/{p}.log\n"
                    f"{body}\n"
                    f"echo \"{p}-stub ok\"\n")
        os.chmod(path, 0o755)

def build():
    manuals = {}
    for t in spec.TOOLS:
        tmpl = {"call_template_type": "cli", "name": t["manual"] + "_" + t["name"],
                "commands": [{"command": c, "append_to_final_output": a} if a is not None else {"command": c}
                             for c, a in t["commands"]]}
        for k in ("env_vars", "working_dir", "inherit_env_vars"):
            if t.get(k) is not None:
                tmpl[k] = t[k]
        props = {}
        for n, ty in t["inputs"].items():
            props[n] = ty if isinstance(ty, dict) else {"type": ty}
        tool = {"name": t["name"], "description": t["desc"],
                "inputs": {"type": "object", "properties": props, "required": list(t["inputs"])},
                "outputs": {"type": "string"}, "tags": t.get("tags", []), "tool_call_template": tmpl}
        manuals.setdefault(t["manual"], []).append(tool)
    for f in glob.glob(os.path.join(HERE, "manuals", "*.json")):
        os.remove(f)
    for m, tools in manuals.items():
        with open(os.path.join(HERE, "manuals", m + ".json"), "w") as f:
            json.dump({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools}, f, indent=2)
    return manuals

def fmt(v, ctx):
    if isinstance(v, str):
        for k, r in ctx.items():
            v = v.replace("{" + k + "}", r)
        return v
    if isinstance(v, dict):
        return {k: fmt(x, ctx) for k, x in v.items()}
    if isinstance(v, list):
        return [fmt(x, ctx) for x in v]
    return v

class Ctx:
    def __init__(self, t):
        self.id = t["manual"] + "." + t["name"]
        sid = t["name"]
        self.T = os.path.join(RUN, sid)
        self.W = os.path.join(self.T, "work")
        self.C = f"/tmp/blindE_canary_{sid}"
        self.P = f"/tmp/blindE_pwn_{sid}"
        self.map = {"T": self.T, "W": self.W, "C": self.C, "P": self.P, "ID": sid}
    def reset(self, setup):
        shutil.rmtree(self.T, ignore_errors=True)
        shutil.rmtree(STUB_LOG, ignore_errors=True)
        os.makedirs(self.W); os.makedirs(STUB_LOG)
        for p in (self.C, self.P):
            if os.path.isdir(p): shutil.rmtree(p)
            elif os.path.lexists(p): os.remove(p)
        for p in glob.glob("/tmp/blindE_pwn_*") + glob.glob("/tmp/blindE_canary_*"):
            shutil.rmtree(p, ignore_errors=True) if os.path.isdir(p) else os.remove(p)
        if setup:
            r = subprocess.run(["bash", "-c", fmt(setup, self.map)], cwd=self.W, capture_output=True, text=True, timeout=60,
                               env={**os.environ, "T": self.T, "W": self.W})
            if r.returncode:
                raise RuntimeError("setup failed: " + r.stderr[-500:])
    def argv(self, prog):
        p = os.path.join(STUB_LOG, prog + ".log")
        if not os.path.exists(p): return []
        out = []
        for line in open(p):
            try: out.append(json.loads(line))
            except Exception: out.append(line.split())
        return out
    def exists(self, p):
        return os.path.lexists(fmt(p, self.map))
    def read(self, p):
        p = fmt(p, self.map)
        return open(p, errors="replace").read() if os.path.exists(p) else ""

async def call(client, t, args, ctx):
    os.chdir(ctx.W)
    try:
        out = await asyncio.wait_for(client.call_tool(t["manual"] + "." + t["name"], args), timeout=t.get("timeout", 25))
        return out if isinstance(out, str) else json.dumps(out), None
    except Exception as e:
        return None, f"{type(e).__name__}: {e}"[:400]
    finally:
        os.chdir(HERE)

HOSTILE = [
    "$(touch {C})", "`touch {C}`", ";touch {C}", "x';touch {C};'", 'x";touch {C};"', "a\ntouch {C}\n",
    "a[$(touch {C})]", "-o{P}", "--output={P}", "../../../../../tmp/blindE_pwn_{ID}", "{P}", "*",
    "blindE_splitA blindE_splitB", "$HOME", "-e", "--help", "|touch {C}", "&& touch {C}", "x\ny",
]

def opt_leak(ctx, hostile_vals, stop=None, template="", split_ok=False):
    import re as _re
    hostile_vals = [h for h in hostile_vals if not _re.search(r"(^|\s)" + _re.escape(h) + r"(\s|$)", template)]
    """A stub received a payload starting with '-' as an option (not after --, not as an option's value)."""
    bad = []
    for prog in STUBS:
        for argv in ctx.argv(prog):
            for i, a in enumerate(argv):
                if "--" in argv[:i] or (stop and stop in argv[:i]): break
                if a in hostile_vals and a.startswith("-"):
                    prev = argv[i - 1] if i else ""
                    if prev.startswith("-") and "=" not in prev: continue
                    bad.append(f"{prog}:{a}")
            if "blindE_splitB" in argv and not split_ok: bad.append(f"{prog}:split")
    return bad

async def label_tool(client, t):
    ctx = Ctx(t)
    cat = t["cat"]
    ev = {}
    # benign call
    ctx.reset(t.get("setup"))
    benign = fmt(t["benign"], ctx.map)
    out, err = await call(client, t, benign, ctx)
    ev["benign_args"] = benign
    ev["benign_out"] = (out or "")[:200]
    ev["benign_err"] = err
    if cat == "broken":
        chk = t.get("check")
        ok = chk(ctx, out, err) if chk else (err is not None or t["expect"] not in (out or ""))
        ev["evidence"] = t.get("why", "") + f" | benign call -> {'exception ' + err if err else 'output ' + repr((out or '')[:120])}"
        return ok, ev
    works = err is None and t["expect"] in (out or "")
    if cat == "safe":
        if not works:
            ev["evidence"] = "benign call did not work"
            return False, ev
        tried = 0; hits = []
        hostile = t.get("hostile", HOSTILE)
        strs = [k for k, v in t["inputs"].items() if (v if isinstance(v, str) else v.get("type")) == "string"]
        for k in strs:
            ctx.reset(t.get("setup"))
            hv = [fmt(h, ctx.map) for h in hostile]
            for h in hv:
                a = dict(benign); a[k] = h
                o, e = await call(client, t, a, ctx); tried += 1
            bad = []
            if os.path.exists(ctx.C): bad.append("canary")
            if glob.glob(ctx.P + "*"): bad.append("pwnfile")
            bad += opt_leak(ctx, hv, t.get("opt_stop"), " ".join(c for c, _ in t["commands"]), t.get("split_ok", False))
            if t.get("safe_check"):
                x = t["safe_check"](ctx)
                if x: bad.append(x)
            if bad: hits.append((k, bad))
        ev["evidence"] = f"benign ok; {tried} hostile calls on {strs}: " + ("NO effect" if not hits else f"EFFECT {hits}")
        return not hits, ev
    # unsafe categories: payload call
    ctx.reset(t.get("setup"))
    payload = fmt(t["payload"], ctx.map)
    out2, err2 = await call(client, t, payload, ctx)
    ev["payload_args"] = payload
    ev["payload_out"] = (out2 or "")[:200]
    ev["payload_err"] = err2
    if cat == "exec":
        ok = os.path.exists(ctx.C) and (t.get("check") is None or t["check"](ctx, out2, err2))
        ev["evidence"] = f"canary {ctx.C} {'created' if ok else 'NOT created'}; benign {'works' if works else 'fails'}"
    else:
        ok = bool(t["check"](ctx, out2, err2))
        ev["evidence"] = t.get("why", "") + f" | observed: {'yes' if ok else 'NO'}; benign {'works' if works else 'fails'}"
    return ok, ev

async def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-only", action="store_true")
    ap.add_argument("--only")
    ap.add_argument("--manual")
    a = ap.parse_args()
    manuals = build()
    print(f"built {len(manuals)} manuals, {len(spec.TOOLS)} tools")
    if a.build_only: return
    write_stubs()
    os.environ["PATH"] = STUB_DIR + ":" + os.environ["PATH"]
    from utcp.utcp_client import UtcpClient
    only = set(a.only.split(",")) if a.only else None
    lab_path = os.path.join(HERE, "labels.json")
    old = {(l["manual"], l["tool"]): l for l in json.load(open(lab_path))} if os.path.exists(lab_path) else {}
    dropped = json.load(open(os.path.join(HERE, "dropped.json"))) if os.path.exists(os.path.join(HERE, "dropped.json")) else {}
    for m in manuals:
        if a.manual and m != a.manual: continue
        tools = [t for t in spec.TOOLS if t["manual"] == m and (not only or t["name"] in only)]
        if not tools: continue
        variables = {ns(m) + "_" + k: v for k, v in spec.VARIABLES.get(m, {}).items()}
        client = await UtcpClient.create(root_dir=HERE, config={
            "variables": variables,
            "manual_call_templates": [{"name": m, "call_template_type": "file",
                                       "file_path": os.path.join(HERE, "manuals", m + ".json"),
                                       "allowed_communication_protocols": ["cli"]}]})
        for t in tools:
            t0 = time.time()
            try:
                ok, ev = await label_tool(client, t)
            except Exception as e:
                ok, ev = False, {"evidence": "harness error " + traceback.format_exc()[-300:]}
            key = ("manuals/" + m + ".json", t["name"])
            print(f"{'OK ' if ok else 'DROP'} {t['cat']:6} {m}.{t['name']} ({time.time()-t0:.1f}s) {ev.get('evidence','')[:230]}", flush=True)
            if ok:
                old[key] = {"tool": t["name"], "manual": key[0], "category": t["cat"], "idiom": t.get("idiom", ""),
                            "program": t.get("prog", ""), "payload_args": ev.get("payload_args", t.get("payload") if t["cat"] != "safe" else None),
                            "evidence": ev["evidence"], "benign_args": ev.get("benign_args"), "confirmed": True}
                dropped.pop(f"{m}.{t['name']}", None)
            else:
                old.pop(key, None)
                dropped[f"{m}.{t['name']}"] = {"category": t["cat"], "evidence": ev}
        await client.close() if hasattr(client, "close") else None
    # keep only tools still in spec
    names = {("manuals/" + t["manual"] + ".json", t["name"]) for t in spec.TOOLS}
    labels = [v for k, v in sorted(old.items()) if k in names]
    unsafe_progs = {t["prog"] for t in spec.TOOLS if t["cat"] != "safe"}
    for l in labels:
        if l["category"] == "safe":
            l["lookalike"] = l["program"] in unsafe_progs  # same program used unsafely elsewhere in the set
    # clean up what the runs left in /tmp
    shutil.rmtree(RUN, ignore_errors=True); shutil.rmtree(STUB_LOG, ignore_errors=True)
    for p in glob.glob("/tmp/blindE_pwn_*") + glob.glob("/tmp/blindE_canary_*") + glob.glob("/tmp/blindE_scan*"):
        shutil.rmtree(p, ignore_errors=True) if os.path.isdir(p) and not os.path.islink(p) else os.remove(p)
    json.dump(labels, open(lab_path, "w"), indent=1)
    json.dump({k: v for k, v in dropped.items() if ("manuals/" + k.split(".")[0] + ".json", k.split(".", 1)[1]) in names},
              open(os.path.join(HERE, "dropped.json"), "w"), indent=1, default=str)
    print(f"labels: {len(labels)}  dropped: {len(dropped)}")

if __name__ == "__main__":
    asyncio.run(main())
