#!/usr/bin/env python3
"""Build manuals from spec.py and confirm each label through the real UtcpClient.
usage: harness.py [--only NAME,...] [--build-only]"""
import asyncio, json, os, shutil, sys, glob, importlib, traceback
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
HERE = os.path.dirname(os.path.abspath(__file__))
WS = "/tmp/blindT_ws"; STUB = "/tmp/blindT_stubs"; LOG = "/tmp/blindT_log"
STUBS = "docker kubectl helm aws terraform gcloud az rsync ffmpeg pandoc gs exiftool ruby php lua Rscript dig nc psql mysql redis-cli pg_dump mongodump restic borg rclone ansible-playbook vault gh cargo go mvn gradle composer bundle gem conda poetry skopeo crane trivy kustomize flux argocd doctl heroku ffprobe magick wkhtmltopdf mc s3cmd nmap".split()

def stubs():
    os.makedirs(STUB, exist_ok=True)
    for p in STUBS:
        f = os.path.join(STUB, p)
        open(f, "w").write(f'#!/bin/bash\nmkdir -p {LOG}\n{{ echo "--- {p}"; for a in "$@"; do printf "%s\\n" "$a"; done; }} >> {LOG}/{p}.log\necho "{p} ok"\n')
        os.chmod(f, 0o755)

def reset():
    os.chdir("/")
    for d in (WS, LOG):
        shutil.rmtree(d, ignore_errors=True)
    os.makedirs(WS); os.makedirs(LOG)
    for f in glob.glob("/tmp/blindT_canary_*") + glob.glob("/tmp/blindT_w_*"):
        (shutil.rmtree if os.path.isdir(f) else os.remove)(f)
    # realistic fixtures
    os.makedirs(f"{WS}/out"); os.makedirs(f"{WS}/data")
    open(f"{WS}/data/a.txt", "w").write("alpha\nbeta\ngamma\n")
    open(f"{WS}/data/b.csv", "w").write("id,name\n1,x\n2,y\n")
    open(f"{WS}/data/c.json", "w").write('{"name":"svc","version":"1.2.3","items":[1,2]}')
    open(f"{WS}/data/d.yaml", "w").write("name: svc\nversion: 1.2.3\n")
    os.system(f"cd {WS} && mkdir -p keys out/reports archive logs && sqlite3 data/app.db 'create table notes(id integer primary key, body text); insert into notes(body) values(\"hello\");' && tar -cf backup.tar -C data a.txt b.csv && zip -q bundle.zip data/a.txt && printf 'build:\\n\\t@echo built\\ntest:\\n\\t@echo tested\\n' > Makefile && ssh-keygen -q -t ed25519 -N '' -f keys/deploy")
    os.chdir(WS)
    os.system(f"cd {WS} && git init -q repo && cd repo && git config user.email a@b && git config user.name a && echo hi > README && git add . && git commit -qm init && git tag v1.0")

def setup(t):
    if t.get("setup"): os.system(f"cd {WS} && {t['setup']}")

def stublog(p):
    try: return open(f"{LOG}/{p}.log").read().split("\n")
    except OSError: return []

def exists(p): return os.path.exists(p)

def build():
    import spec; importlib.reload(spec)
    mans = {}
    for t in spec.TOOLS:
        cmds = [c if isinstance(c, dict) else {"command": c} for c in t["cmds"]]
        if len(cmds) > 1:
            for c in cmds: c.setdefault("append_to_final_output", c is cmds[-1])
        tpl = {"call_template_type": "cli", "name": t["manual"], "commands": cmds}
        for k in ("env_vars", "working_dir", "inherit_env_vars"):
            if k in t: tpl[k] = t[k]
        props = {a: {"type": "string", "description": d} for a, d in t["args"].items()}
        tool = {"name": t["name"], "description": t["desc"],
                "inputs": {"type": "object", "properties": props, "required": list(t["args"])},
                "outputs": {"type": "string"}, "tags": t.get("tags", [t["manual"]]), "tool_call_template": tpl}
        mans.setdefault(t["manual"], []).append(tool)
    for f in glob.glob(f"{HERE}/manuals/*.json"): os.remove(f)
    for m, tools in mans.items():
        json.dump({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools},
                  open(f"{HERE}/manuals/{m}.json", "w"), indent=1)
    return spec

async def call(t, args, variables):
    from utcp.utcp_client import UtcpClient
    cfg = {"variables": variables}
    c = await UtcpClient.create(root_dir=WS, config=cfg)
    try:
        from utcp_cli.cli_call_template import CliCallTemplate
        r = await c.register_manual(CliCallTemplate(call_template_type="cli", name=t["manual"],
             commands=[{"command": f"cat {HERE}/manuals/{t['manual']}.json"}]))
        if not r.success: return f"REGISTER_FAIL {r.errors}"
        try:
            return str(await asyncio.wait_for(c.call_tool(f"{t['manual']}.{t['name']}", args), 30))
        except Exception as e:
            return f"EXC {type(e).__name__}: {e}"
    finally:
        try: await c.close()
        except Exception: pass

HOSTILE = ["$(touch {C})", "`touch {C}`", "x; touch {C}", "x\ntouch {C}", "x' ; touch {C} ; '", "x\" ; touch {C} ; \"",
           "-o/tmp/blindT_w_o", "--output=/tmp/blindT_w_out", "../../../tmp/blindT_w_up", "/tmp/blindT_w_abs", "* ?", "a b c",
           "a[$(touch {C})]", "--to-command=touch {C}", "--filter=touch {C}", "--eval=$(shell touch {C})", "-oProxyCommand=touch {C}",
           "--upload-pack=touch {C}", "EXEC:touch {C}", ".system touch {C}", "-Ssh -c 'touch {C}'", "--log-file=/tmp/blindT_w_log",
           "--log=/tmp/blindT_w_log2", "-e;system(q(touch {C}))", "--checkpoint=1 --checkpoint-action=exec=touch {C}", "--compress-program=touch {C}"]

def confirm(t, spec):
    i = t["name"]; C = f"/tmp/blindT_canary_{i}"
    variables = {f"{t['manual'].replace('_','__')}_{k}": v for k, v in t.get("vars", {}).items()}
    sub = lambda d: {k: v.replace("{C}", C) for k, v in d.items()}
    ev = []
    cat = t["cat"]
    if cat == "safe":
        reset(); setup(t); out = call_sync(t, sub(t["benign"]), variables)
        ok_b = t.get("ok", lambda o: "EXC" not in o)(out)
        ev.append(f"benign -> {out[:80]!r} ok={ok_b}")
        if not ok_b: return False, ev
        for k in t["args"]:
            for h in HOSTILE + t.get("hostile", []):
                reset(); setup(t); a = dict(sub(t["benign"])); a[k] = h.replace("{C}", C)
                out = call_sync(t, a, variables)
                bad = exists(C) or glob.glob("/tmp/blindT_w_*") or t.get("bad", lambda o: False)(out)
                if bad:
                    ev.append(f"HOSTILE EFFECT {k}={h!r} -> {out[:100]!r}"); return False, ev
        ev.append(f"{len(t['args'])*(len(HOSTILE)+len(t.get('hostile', [])))} hostile payloads, no effect")
        return True, ev
    reset(); setup(t); args = sub(t["payload"]); out = call_sync(t, args, variables)
    if cat == "exec":
        ok = exists(C)
    else:
        ok = bool(t["check"](out))
    ev.append(f"payload {args} -> {out[:160]!r} confirmed={ok}")
    return ok, ev

def call_sync(t, a, v): return asyncio.run(call(t, a, v))

def main():
    stubs(); os.environ["PATH"] = STUB + ":" + os.environ["PATH"]
    spec = build()
    if "--build-only" in sys.argv: return
    only = None
    if "--only" in sys.argv: only = set(sys.argv[sys.argv.index("--only") + 1].split(","))
    labels, dropped = [], []
    prev = {}
    if only and os.path.exists(f"{HERE}/labels.json"):
        prev = {l["tool"]: l for l in json.load(open(f"{HERE}/labels.json"))}
        drop_prev = json.load(open(f"{HERE}/dropped.json")) if os.path.exists(f"{HERE}/dropped.json") else []
    for t in spec.TOOLS:
        if only and t["name"] not in only:
            if t["name"] in prev: labels.append(prev[t["name"]])
            continue
        try: ok, ev = confirm(t, spec)
        except Exception: ok, ev = False, [traceback.format_exc()[-300:]]
        print(("OK  " if ok else "DROP"), t["cat"], t["manual"], t["name"], "|", ev[-1][:200], flush=True)
        ent = {"tool": t["name"], "manual": f"manuals/{t['manual']}.json", "category": t["cat"], "idiom": t.get("idiom", ""),
               "payload_args": t.get("payload", t.get("benign")), "evidence": " | ".join(ev)}
        (labels if ok else dropped).append(ent)
    json.dump(labels, open(f"{HERE}/labels.json", "w"), indent=1)
    if not only:
        dropped += [{"tool": t["name"], "manual": f"manuals/{t['manual']}.json", "category_intended": t["cat"], "reason": "not confirmable on this machine (see spec.py DROPPED_NAMES)"} for t in spec.DROPPED_SPEC]
        json.dump(dropped, open(f"{HERE}/dropped.json", "w"), indent=1)
    print("labelled", len(labels), "dropped", len(dropped))

if __name__ == "__main__":
    main()
