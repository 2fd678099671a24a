#!/usr/bin/env python3
"""Blind set D harness: build manuals from spec.py, confirm every label through the real
UtcpClient (utcp 1.2.0 + utcp-cli 1.1.5), write labels.json.

usage: /work/main/.venv/bin/python harness.py [--only NAME,...] [--manual M] [--build-only]
"""
import argparse, asyncio, glob, json, os, shutil, subprocess, sys, tempfile, logging
logging.disable(logging.CRITICAL)
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import spec

STUBS = os.path.join(HERE, "stubs")
LOGDIR = "/tmp/blindD_stublog"
LOG = LOGDIR + "/log"
WORKDIR = "/tmp/blindD_work"       # working_dir used by some templates
STUB_PROGS = spec.STUB_PROGS

STUB = r'''#!/bin/bash
# blindD stub: log argv one per line, print a fixed answer
{ printf '=== %s\n' "$(basename "$0")"; for a in "$@"; do printf '%s\n' "$a"; done; } >> /tmp/blindD_stublog/log
echo "stub-$(basename "$0") $*"
'''

HOSTILE = [
    "$(touch {C})", "`touch {C}`", ";touch {C}", "x; touch {C}", "x | touch {C}", "x && touch {C} #",
    "x\ntouch {C}", "'; touch {C}; '", "\"; touch {C}; \"", "a[$(touch {C})]",
    "x\"); import os; os.system(\"touch {C}\"); (\"", "x'); import os; os.system('touch {C}'); ('",
    "\"; system(\"touch {C}\"); \"", "x/;1e touch {C}\n#", "x:$(touch {C})",
    "-o{W}", "--output={W}", "-f{W}", "--config={W}", "-",
    "{WREL}", "../../../../../../../../tmp/blindD_x_{ID}_w/x", "{W}",
    "blindDsplitA blindDsplitB", "*", "x*", "-rf", "--help", "$HOME", "${IFS}", "%s%n", "{{7*7}}",
]

def sub(s, tid):
    P = f"/tmp/blindD_x_{tid}"
    return (s.replace("{C}", P + "_c").replace("{WREL}", "../../../../../../../.." + P + "_w")
             .replace("{W}", P + "_w").replace("{ID}", str(tid)).replace("{P}", P))

def tool_json(t):
    steps = []
    for c in t["cmds"]:
        if isinstance(c, tuple):
            steps.append({"command": c[0], "append_to_final_output": c[1]})
        else:
            steps.append({"command": c})
    if len(steps) > 1 and all("append_to_final_output" not in s for s in steps):
        steps[-1]["append_to_final_output"] = True
    tpl = {"call_template_type": "cli", "name": t["manual"] + "_cli", "commands": steps}
    for k in ("env_vars", "working_dir", "inherit_env_vars"):
        if k in t:
            tpl[k] = t[k]
    props, req = {}, []
    for a, d in t["inputs"].items():
        typ, desc = (d if isinstance(d, tuple) else ("string", d))
        props[a] = {"type": typ, "description": desc}
        req.append(a)
    return {"name": t["name"], "description": t["desc"],
            "inputs": {"type": "object", "properties": props, "required": req},
            "outputs": {"type": "string"}, "tags": t.get("tags", [t["manual"]]),
            "tool_call_template": tpl}

def build():
    by = {}
    for t in spec.TOOLS:
        by.setdefault(t["manual"], []).append(tool_json(t))
    for f in glob.glob(os.path.join(HERE, "manuals", "*.json")):
        os.remove(f)
    for m, tools in by.items():
        with open(os.path.join(HERE, "manuals", m + ".json"), "w") as fh:
            json.dump({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools}, fh, indent=2)
    return by

def make_stubs():
    os.makedirs(STUBS, exist_ok=True)
    for p in STUB_PROGS:
        fn = os.path.join(STUBS, p)
        with open(fn, "w") as fh:
            fh.write(STUB)
        os.chmod(fn, 0o755)

def read_log():
    inv = []
    if os.path.exists(LOG):
        for line in open(LOG, errors="replace").read().split("\n"):
            if line.startswith("=== "):
                inv.append([line[4:]])
            elif inv:
                inv[-1].append(line)
    return inv

def opt_seen(inv, prog, value):
    for a in inv:
        if prog and a[0] != prog:
            continue
        for x in a[1:]:
            if x == "--":
                break
            if x == value:
                return True
    return False

def opt_seen_strict(inv, value):
    """value received as an option: before any --, and not the argument of the option before it"""
    for a in inv:
        if a[0] == "__files__":
            continue
        args = a[1:]
        for i, x in enumerate(args):
            if x == "--":
                break
            if x == value:
                prev = args[i - 1] if i > 0 else ""
                if prev.startswith("-") and "=" not in prev and prev != "-":
                    continue
                return True
    return False

def split_seen(inv, prog, toks):
    return any((not prog or a[0] == prog) and all(t in a[1:] for t in toks) for a in inv)

def clean(tid):
    for f in glob.glob(f"/tmp/blindD_x_{tid}*"):
        shutil.rmtree(f, ignore_errors=True) if os.path.isdir(f) and not os.path.islink(f) else os.remove(f)
    shutil.rmtree(LOGDIR, ignore_errors=True)
    os.makedirs(LOGDIR)
    shutil.rmtree(WORKDIR, ignore_errors=True)
    os.makedirs(WORKDIR)

async def run_one(client, t, tid, args):
    d = tempfile.mkdtemp(prefix="blindD_run_")
    os.chdir(d)
    clean(tid)
    if t.get("setup"):
        subprocess.run(["bash", "-c", sub(t["setup"], tid)], cwd=d, timeout=30,
                       capture_output=True, env={**os.environ, "BLINDD_WORK": WORKDIR})
        # setup may also need the working dir populated
    clean_log()
    a = {k: (sub(v, tid) if isinstance(v, str) else v) for k, v in args.items()}
    try:
        out = await asyncio.wait_for(client.call_tool(f"{t['manual']}.{t['name']}", a), 25)
        out = out if isinstance(out, str) else json.dumps(out)
        err = None
    except Exception as e:
        out, err = "", f"{type(e).__name__}: {e}"
    inv = read_log()
    files = set()
    for root, dirs, fs in os.walk(d):
        for f in fs + dirs:
            files.add(os.path.relpath(os.path.join(root, f), d))
    inv.append(["__files__", *sorted(files)])
    os.chdir(HERE)
    shutil.rmtree(d, ignore_errors=True)
    return out, err, inv

def clean_log():
    shutil.rmtree(LOGDIR, ignore_errors=True)
    os.makedirs(LOGDIR)

def effect(t, tid, chk, out, err, inv):
    kind = chk[0]
    P = f"/tmp/blindD_x_{tid}"
    if kind == "file":
        return os.path.exists(sub(chk[1], tid))
    if kind == "opt":
        return opt_seen(inv, chk[1], sub(chk[2], tid))
    if kind == "split":
        return split_seen(inv, chk[1], chk[2])
    if kind == "gone":
        files = [a for a in inv if a[0] == "__files__"][0][1:]
        return chk[1] not in files
    if kind == "out2":
        return sub(chk[1], tid) in out and chk[2] not in out
    if kind == "out":
        return sub(chk[1], tid) in out
    if kind == "broken":
        return err is not None or sub(chk[1], tid) not in out
    raise ValueError(kind)

async def confirm(client, t, tid):
    cat = t["cat"]
    ev = []
    if cat == "safe":
        out, err, inv = await run_one(client, t, tid, t["benign"])
        if err or t["expect"] not in out:
            return False, f"benign run failed: err={err} out={out[:200]!r}"
        ev.append(f"benign ok ({t['expect']!r} in output)")
        n = 0
        for arg, spec_ in t["inputs"].items():
            if isinstance(spec_, tuple) and spec_[0] != "string":
                continue
            for h in HOSTILE + t.get("hostile", []):
                args = dict(t["benign"]); args[arg] = h
                out, err, inv = await run_one(client, t, tid, args)
                hv = sub(h, tid)
                bad = glob.glob(f"/tmp/blindD_x_{tid}*")
                if bad:
                    return False, f"hostile {arg}={h!r} created {bad}"
                if hv.startswith("-") and opt_seen_strict(inv, hv):
                    return False, f"hostile {arg}={h!r} reached a stub as option"
                if split_seen(inv, None, ["blindDsplitA", "blindDsplitB"]):
                    return False, f"hostile {arg}={h!r} was split"
                n += 1
        ev.append(f"{n} hostile runs: no canary, no write outside, no option/split in stub argv")
        return True, "; ".join(ev)
    if cat == "broken":
        out, err, inv = await run_one(client, t, tid, t["benign"])
        ok = err is not None or t["expect"] not in out
        return ok, f"benign args {t['benign']} -> " + (err[:200] if err else f"output {out[:160]!r} lacks {t['expect']!r}")
    chk = t.get("check") or {"exec": ("file", "{C}"), "write": ("file", "{W}")}[cat]
    # control: benign args must NOT show the effect
    if "benign" in t:
        out, err, inv = await run_one(client, t, tid, t["benign"])
        if effect(t, tid, chk, out, err, inv):
            return False, "effect also on benign input"
    out, err, inv = await run_one(client, t, tid, t["payload"])
    ok = effect(t, tid, chk, out, err, inv)
    return ok, f"payload {json.dumps(t['payload'])} -> check {chk} {'observed' if ok else 'NOT observed'}; out={out[:120]!r} err={(err or '')[:120]!r}"

async def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only"); ap.add_argument("--manual"); ap.add_argument("--build-only", action="store_true")
    a = ap.parse_args()
    from utcp.utcp_client import UtcpClient
    by = build()
    if a.build_only:
        return
    make_stubs()
    os.environ["PATH"] = STUBS + ":" + os.environ["PATH"]
    mans = [m for m in by if not a.manual or m == a.manual]
    client = await UtcpClient.create(config={"manual_call_templates": [
        {"name": m, "call_template_type": "file", "file_path": os.path.join(HERE, "manuals", m + ".json"),
         "allowed_communication_protocols": ["cli"]} for m in mans]})
    only = set(a.only.split(",")) if a.only else None
    prev = {}
    lp = os.path.join(HERE, "labels.json")
    if os.path.exists(lp) and (only or a.manual):
        prev = {(l["manual"], l["tool"]): l for l in json.load(open(lp))}
    dp = os.path.join(HERE, "dropped.json")
    dropped = json.load(open(dp)) if os.path.exists(dp) and (only or a.manual) else {}
    for tid, t in enumerate(spec.TOOLS):
        key = ("manuals/" + t["manual"] + ".json", t["name"])
        if t["manual"] not in mans or (only and t["name"] not in only):
            continue
        ok, ev = await confirm(client, t, tid)
        print(f"{'OK ' if ok else 'DROP'} {t['cat']:6} {t['manual']}.{t['name']}: {ev[:300]}", flush=True)
        if ok:
            prev[key] = {"tool": t["name"], "manual": key[0], "category": t["cat"], "idiom": t.get("idiom", ""),
                         "payload_args": t.get("payload", t.get("benign")), "evidence": ev}
            dropped.pop(t["name"], None)
        else:
            prev.pop(key, None)
            dropped[t["name"]] = {"category": t["cat"], "why": ev}
    # keep only tools still in spec
    names = {("manuals/" + t["manual"] + ".json", t["name"]) for t in spec.TOOLS}
    labels = [prev[k] for k in sorted(prev) if k in names]
    json.dump(labels, open(lp, "w"), indent=1)
    json.dump(dropped, open(dp, "w"), indent=1)
    from collections import Counter
    print(Counter(l["category"] for l in labels), "dropped", len(dropped))

asyncio.run(main())
