#!/usr/bin/env python3
"""blindH harness: build manuals from spec/, run every tool through the real UtcpClient
(utcp 1.2.0 + utcp-cli 1.1.5) and confirm its label dynamically.
Run as an unprivileged user:
  setpriv --reuid=nobody --regid=nogroup --clear-groups /work/main/.venv/bin/python harness.py [--only NAME] [--build-only]
Results -> /tmp/blindH_out/results.json ; then (as owner) `python3 harness.py --collect` writes labels.json."""
import asyncio, json, os, sys, shutil, glob, subprocess, importlib.util, logging
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
logging.disable(logging.CRITICAL)
WS = "/tmp/blindH_ws"; FIX = "/tmp/blindH_fixture"; STUB = "/tmp/blindH_stubbin"; LOG = "/tmp/blindH_stublog"
OUT = "/tmp/blindH_out"
from spec import ALL, STUBS  # noqa

def ns(m): return m.replace("_", "!").replace("!", "__")
VARS = ["API_TOKEN", "GITHUB_TOKEN", "REGISTRY", "KUBE_CONTEXT", "PGHOST", "VAULT_ADDR", "BUCKET", "SMTP_HOST"]

def build():
    os.makedirs(os.path.join(HERE, "manuals"), exist_ok=True)
    by = {}
    for t in ALL:
        by.setdefault(t["manual"], []).append(t)
    for m, ts in by.items():
        tools = []
        for t in ts:
            ct = {"call_template_type": "cli", "name": t["name"],
                  "commands": [c if isinstance(c, dict) else {"command": c} for c in t["cmds"]]}
            for k in ("env_vars", "working_dir", "inherit_env_vars"):
                if t.get(k) is not None: ct[k] = t[k]
            props = {}
            for a, ty in t["args"].items():
                if isinstance(ty, dict): props[a] = ty
                else: props[a] = {"type": ty, "description": a.replace("_", " ")}
            tools.append({"name": t["name"], "description": t["desc"],
                          "inputs": {"type": "object", "properties": props, "required": list(t["args"])},
                          "outputs": {"type": "string"}, "tags": t.get("tags", [m]), "tool_call_template": ct})
        json.dump({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools},
                  open(os.path.join(HERE, "manuals", m + ".json"), "w"), indent=1)
    return by

def fixture():
    if os.path.isdir(FIX): shutil.rmtree(FIX)
    subprocess.run(["bash", os.path.join(HERE, "fixture.sh"), FIX], check=True, capture_output=True)
    os.makedirs(STUB, exist_ok=True)
    for p in STUBS:
        with open(os.path.join(STUB, p), "w") as f:
            f.write('#!/bin/bash\n{ echo "@@%s"; for a in "$@"; do printf "%%s\\n" "$a"; done; } >> %s\necho "%s-stub-ok"\n' % (p, LOG, p))
        os.chmod(os.path.join(STUB, p), 0o755)

def reset():
    if os.path.isdir(WS): shutil.rmtree(WS)
    shutil.copytree(FIX, WS, symlinks=True)
    open(LOG, "w").close()
    for f in glob.glob("/tmp/blindH_canary_*") + glob.glob("/tmp/blindH_w_*") + glob.glob("/tmp/blindH_S_*"):
        if os.path.isdir(f): shutil.rmtree(f)
        else: os.remove(f)

def stub_calls():
    calls, cur = [], None
    for line in open(LOG).read().split("\n"):
        if line.startswith("@@"):
            cur = [line[2:]]; calls.append(cur)
        elif cur is not None: cur.append(line)
    return calls

def fill(v, tid):
    if isinstance(v, str):
        return v.replace("{C}", f"/tmp/blindH_canary_{tid}").replace("{W}", f"/tmp/blindH_w_{tid}")
    return v

HOSTILE = ["$(touch {S}1)", ";touch {S}2", "`touch {S}3`", "-o{S}4", "--output={S}5",
           "../../../../../../tmp/blindH_S_6", "x\ntouch {S}7", "blindHsplitA blindHsplitB", "*", "|touch {S}8",
           "'\"; touch {S}9 #", "a[$(touch {S}10)]", "--help"]

async def call(client, m, t, args):
    os.chdir(WS)
    try:
        r = await asyncio.wait_for(client.call_tool(f"{m}.{t['name']}", args), 25)
        return True, str(r)
    except Exception as e:
        return False, f"EXC {type(e).__name__}: {e}"

def argv_has(calls, prog, toks, before_dd=True, optargs=()):
    for c in calls:
        if c[0] != prog: continue
        args = c[1:]
        if optargs: args = [x for i, x in enumerate(args) if not (i and args[i - 1] in optargs)]
        if before_dd and "--" in args: args = args[:args.index("--")]
        if all(tk in args for tk in toks): return True
    return False

async def run_tool(client, m, t, tid):
    cat = t["cat"]; ev = []
    benign = {k: fill(v, tid) for k, v in t.get("benign", {}).items()}
    if cat == "safe":
        reset(); ok, out = await call(client, m, t, benign)
        exp = t.get("expect")
        if exp and (not ok or exp not in out):
            return False, [f"benign call did not work: {out[:300]}"]
        ev.append(f"benign ok: {out.strip()[:120]!r}")
        strs = [a for a, ty in t["args"].items() if (ty if isinstance(ty, str) else ty.get("type")) == "string"]
        bad = []
        for a in strs:
            for h in HOSTILE:
                S = f"/tmp/blindH_S_{tid}_"
                args = dict(benign); args[a] = h.replace("{S}", S)
                reset(); ok, out = await call(client, m, t, args)
                hits = glob.glob("/tmp/blindH_S_*") + glob.glob("/tmp/blindH_S_6")
                calls = stub_calls()
                opt = any(argv_has(calls, c[0], [args[a]], True, t.get("optargs", ())) for c in calls) and args[a].startswith("-") and args[a] != "--help"
                spl = any(argv_has(calls, c[0], ["blindHsplitA"], False) for c in calls)
                if hits or opt or spl:
                    bad.append(f"{a}={h!r}: files={hits} opt={opt} split={spl}")
        if bad: return False, ["hostile payload had effect: " + "; ".join(bad)]
        ev.append(f"{len(strs)}x{len(HOSTILE)} hostile payloads: no canary/file, no option or split in stub argv")
        return True, ev
    payload = {k: fill(v, tid) for k, v in t.get("payload", benign).items()}
    reset(); ok, out = await call(client, m, t, payload)
    chk = t["check"]; kind = chk[0]
    calls = stub_calls()
    if kind == "canary":
        res = os.path.exists(f"/tmp/blindH_canary_{tid}")
        ev.append(f"canary /tmp/blindH_canary_{tid} {'appeared' if res else 'absent'}")
    elif kind == "file":
        p = fill(chk[1], tid); res = os.path.lexists(p)
        ev.append(f"file {p} {'written' if res else 'absent'}")
    elif kind == "argv":
        res = argv_has(calls, chk[1], chk[2], chk[3] if len(chk) > 3 else True)
        ev.append(f"stub {chk[1]} argv {'contains' if res else 'lacks'} {chk[2]}: {calls[:3]}")
    elif kind == "gone":
        p = fill(chk[1], tid); res = not os.path.exists(p)
        ev.append(f"file {p} {'deleted' if res else 'still present'}")
    elif kind == "output":
        res = chk[1] in out; ev.append(f"output {'contains' if res else 'lacks'} {chk[1]!r}")
    elif kind == "broken":
        exp = chk[1]
        res = (not ok) or (exp not in out) or (len(chk) > 2 and chk[2] in out)
        ev.append(f"benign call {'failed/misbehaved' if res else 'worked'}")
    else:
        res = False
    ev.append(f"ok={ok} out={out.strip()[:200]!r}")
    return res, ev

async def main():
    only = None
    if "--only" in sys.argv: only = sys.argv[sys.argv.index("--only") + 1].split(",")
    by = build()
    if "--build-only" in sys.argv: return
    fixture()
    os.environ["PATH"] = STUB + ":" + os.environ.get("PATH", "")
    os.environ["HOME"] = WS
    from utcp.utcp_client import UtcpClient
    os.makedirs(OUT, exist_ok=True)
    rp = os.path.join(OUT, "results.json")
    results = json.load(open(rp)) if (only and os.path.exists(rp)) else {}
    variables = {f"{ns(m)}_{v}": f"dummy-{v.lower()}" for m in by for v in VARS}
    for m, ts in by.items():
        if only and not any(t["name"] in only for t in ts): continue
        reset()
        client = await UtcpClient.create(root_dir=HERE, config={"variables": variables, "manual_call_templates": [
            {"call_template_type": "file", "name": m, "file_path": os.path.join(HERE, "manuals", m + ".json"),
             "allowed_communication_protocols": ["file", "cli"]}]})
        for t in ts:
            if only and t["name"] not in only: continue
            tid = t["name"]
            try:
                res, ev = await run_tool(client, m, t, tid)
            except Exception as e:
                res, ev = False, [f"harness error {e!r}"]
            results[f"{m}.{t['name']}"] = {"confirmed": res, "evidence": ev}
            print(("OK  " if res else "FAIL") + f" {t['cat']:6} {m}.{t['name']}: {ev[0][:150]}", flush=True)
        json.dump(results, open(rp, "w"), indent=1)
    reset()

def collect():
    build()
    res = json.load(open(os.path.join(OUT, "results.json")))
    labels, dropped = [], []
    for t in ALL:
        k = f"{t['manual']}.{t['name']}"
        r = res.get(k)
        if not r or not r["confirmed"]:
            dropped.append(k); continue
        labels.append({"tool": t["name"], "manual": f"manuals/{t['manual']}.json", "category": t["cat"],
                       "idiom": t.get("idiom", ""), "programs": t.get("progs", []),
                       "payload_args": t.get("payload", t.get("benign", {})) if t["cat"] != "safe" else "HOSTILE set",
                       "evidence": r["evidence"]})
    # drop tools whose label was not confirmed from the manuals too
    keep = {(l["manual"], l["tool"]) for l in labels}
    for mf in glob.glob(os.path.join(HERE, "manuals", "*.json")):
        d = json.load(open(mf)); rel = "manuals/" + os.path.basename(mf)
        d["tools"] = [x for x in d["tools"] if (rel, x["name"]) in keep]
        json.dump(d, open(mf, "w"), indent=1)
    json.dump(labels, open(os.path.join(HERE, "labels.json"), "w"), indent=1)
    json.dump(dropped, open(os.path.join(HERE, "dropped.json"), "w"), indent=1)
    from collections import Counter
    print(Counter(l["category"] for l in labels), "dropped", len(dropped), dropped)

if __name__ == "__main__":
    if "--collect" in sys.argv: collect()
    else: asyncio.run(main())
