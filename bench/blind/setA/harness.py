#!/usr/bin/env python3
"""Blind set A harness: generate manuals from spec.py, run every tool through the
real utcp 1.2.0 UtcpClient + utcp-cli 1.1.5, confirm each label dynamically,
write manuals/*.json and labels.json (unconfirmed tools are dropped)."""
import asyncio, json, os, shutil, sys, glob, logging, traceback, subprocess
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
logging.disable(logging.CRITICAL)
STUBS = "/tmp/blindA_stubs"
STUBLOG = "/tmp/blindA_stublog"
FIX = "/tmp/blindA_fixture"
RUN = "/tmp/blindA_run"
STUB_PROGS = ["docker", "kubectl", "helm", "aws", "terraform", "systemctl", "crontab", "rsync",
              "ssh", "scp", "ffmpeg", "convert", "npm", "pip", "psql", "sudo", "parallel", "gh",
              "gcloud", "mysql", "redis-cli", "notify", "mailx", "ansible", "vault", "rclone", "s3cmd"]

def setup():
    os.makedirs(STUBS, exist_ok=True)
    for p in STUB_PROGS:
        with open(f"{STUBS}/{p}", "w") as f:
            f.write('#!/bin/bash\n{ echo "=== $(basename "$0")"; for a in "$@"; do printf \'ARG<%s>\\n\' "$a"; done; } >> ' + STUBLOG + '\necho "stub $(basename "$0") ok"\n')
        os.chmod(f"{STUBS}/{p}", 0o755)
    os.environ["PATH"] = STUBS + ":" + os.environ["PATH"]
    shutil.rmtree(FIX, ignore_errors=True)
    os.makedirs(FIX)
    sh = r'''
set -e
cd %s
mkdir -p logs src data reports uploads downloads backups site
printf '{"name":"demo","version":"1.2.3","items":[{"id":1,"tag":"a"},{"id":2,"tag":"b"}]}\n' > data.json
printf 'name: demo\nreplicas: 2\nimage: web:1.0\n' > config.yaml
printf 'alpha\nbeta\ngamma\nerror: disk full\nbeta\n' > notes.txt
printf '2024-01-01 INFO start\n2024-01-01 ERROR boom\n2024-01-02 INFO ok\n' > logs/app.log
printf 'print("hi")\n' > src/main.py
printf 'id,name,score\n1,ann,90\n2,bob,75\n' > data/people.csv
printf 'hello world\n' > site/index.html
echo a > a.txt; tar -cf archive.tar a.txt notes.txt; zip -q archive.zip a.txt notes.txt
sqlite3 app.db "create table users(id integer, name text); insert into users values (1,'ann'),(2,'bob');"
git init -q repo; cd repo; git config user.email t@t; git config user.name t
echo one > README.md; git add .; git commit -qm init; echo two >> README.md; git commit -qam second; git tag v1.0
cd ..
openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem -days 1 -subj /CN=demo 2>/dev/null
printf 'all:\n\t@echo built $(VERSION)\ntest:\n\t@echo tested\n' > Makefile
git clone -q --bare repo origin.git; git -C repo remote add origin ../origin.git
''' % FIX
    subprocess.run(["bash", "-c", sh], check=True)

_srv = None
def server():
    global _srv
    _srv = subprocess.Popen([sys.executable, "-m", "http.server", "8765", "--bind", "127.0.0.1", "--directory", FIX],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import time; time.sleep(1)

def clean():
    for p in glob.glob("/tmp/blindA_canary_*") + glob.glob("/tmp/blindA_out*"):
        if os.path.isdir(p): shutil.rmtree(p, ignore_errors=True)
        else: os.remove(p)
    open(STUBLOG, "w").close()

class Ctx:
    def __init__(self, tid, result, exc, cwd):
        self.tid, self.result, self.exc, self.cwd = tid, result, exc, cwd
        self.log = open(STUBLOG).read()
        self.out = "" if result is None else (result if isinstance(result, str) else json.dumps(result))
    def canary(self):
        return os.path.exists(f"/tmp/blindA_canary_{self.tid}")
    def exists(self, p):
        return os.path.exists(p if p.startswith("/") else os.path.join(self.cwd, p))
    def args(self):
        return [l[4:-1] for l in self.log.splitlines() if l.startswith("ARG<")]
    def arg(self, s):
        return s in self.args()

def fill(v, tid):
    if isinstance(v, str):
        return v.replace("CANARY", f"/tmp/blindA_canary_{tid}")
    return v

async def call(client, manual, tool, args, tid):
    clean()
    cwd = os.path.join(RUN, tid)
    shutil.rmtree(cwd, ignore_errors=True)
    shutil.copytree(FIX, cwd, symlinks=True)
    os.chdir(cwd)
    res = exc = None
    try:
        res = await asyncio.wait_for(client.call_tool(f"{manual}.{tool}", {k: fill(v, tid) for k, v in args.items()}), 40)
    except BaseException as e:  # noqa
        exc = e
    os.chdir(HERE)
    return Ctx(tid, res, exc, cwd)

SAFE_PAYLOADS = [
    "$(touch CANARY)", "x;touch CANARY", "`touch CANARY`", "x\ntouch CANARY", "x'\"; touch CANARY; #",
    "-o/tmp/blindA_out_opt", "--output=/tmp/blindA_out_opt2", "../../../../../tmp/blindA_out_trav",
    "/tmp/blindA_out_abs", "blindAsplit1 blindAsplit2", "*", "a[$(touch CANARY)]", "${IFS}touch${IFS}CANARY",
    "-e", "--help", "--eval=require('fs').writeFileSync('CANARY','')", "-e;system(\"touch CANARY\")",
    "--to-command=touch CANARY", "--upload-pack=touch CANARY", "-TT=touch CANARY;true", "--rsh=touch CANARY", "x' or 1=1 --", "%s%n", "x|touch CANARY", "$HOME", "'\"$(touch CANARY)\"'",
]

def safe_violation(ctx, payload, tmpl=""):
    if ctx.canary(): return "canary created"
    for p in glob.glob("/tmp/blindA_out*"): return f"file {p} created"
    a = ctx.args()
    if "blindAsplit1" in a: return "value split into several argv"
    for i, x in enumerate(a):
        if x == payload.replace("CANARY", f"/tmp/blindA_canary_{ctx.tid}") and x.startswith("-") and (i == 0 or a[i-1] != "--") and (" " + x + " ") not in (" " + tmpl + " "):
            return f"value received as option {x!r}"
    return None

async def run_tool(client, manual, t):
    tid = t["id"]; cat = t["cat"]
    if cat == "safe":
        ctx = await call(client, manual, t["name"], t["benign"], tid)
        ok, ev = t["expect"](ctx)
        if not ok:
            return False, f"benign call did not work: {ev} | out={ctx.out[:200]!r} exc={ctx.exc!r}"
        tried = 0
        for arg in (t["attack"] if t["attack"] is not None else [k for k, v in t["benign"].items() if isinstance(v, str)]):
            for p in SAFE_PAYLOADS:
                args = dict(t["benign"]); args[arg] = p
                c2 = await call(client, manual, t["name"], args, tid)
                v = safe_violation(c2, p, " ".join(s["command"] for s in t["json"]["tool_call_template"]["commands"]))
                if v and not (t.get("opt_ok") and v.startswith("value received as option")):
                    return False, f"hostile payload {p!r} in {arg}: {v}"
                tried += 1
        return True, f"benign call works ({ev}); {tried} hostile payloads had no effect (no canary, no file outside, no split/option)"
    ctx = await call(client, manual, t["name"], t["payload"], tid)
    if cat == "exec":
        ok = ctx.canary()
        return ok, (f"canary /tmp/blindA_canary_{tid} created" if ok else f"no canary; out={ctx.out[:200]!r} exc={ctx.exc!r}")
    ok, ev = t["check"](ctx)
    if cat == "broken" and "benign_ok" in t:
        pass
    return bool(ok), (ev if ok else f"check failed: {ev} | out={ctx.out[:300]!r} exc={ctx.exc!r} log={ctx.log[:300]!r}")

async def main(only=None):
    import spec
    from utcp.utcp_client import UtcpClient
    import utcp_cli  # noqa  (registers the cli protocol plugin)
    setup(); server()
    labels, dropped, report = [], [], []
    for manual, tools in spec.MANUALS.items():
        if only and manual not in only: continue
        doc = {"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": [spec.tool_json(t) for t in tools]}
        path = os.path.join(HERE, "manuals", f"{manual}.json")
        with open(path, "w") as f: json.dump(doc, f, indent=2)
        cfg = {"manual_call_templates": [{"call_template_type": "cli", "name": manual,
               "commands": [{"command": f"cat {path}"}]}],
               "variables": spec.VARIABLES.get(manual, {})}
        client = await UtcpClient.create(config=cfg)
        for t in tools:
            try:
                ok, ev = await run_tool(client, manual, t)
            except Exception as e:
                ok, ev = False, "harness error " + traceback.format_exc()[-300:]
            entry = {"tool": t["name"], "manual": f"manuals/{manual}.json", "category": t["cat"],
                     "idiom": t.get("idiom", ""), "payload_args": t.get("payload", t.get("benign")), "evidence": ev}
            (labels if ok else dropped).append(entry)
            print(("OK  " if ok else "DROP"), manual, t["name"], t["cat"], "-", ev[:230], flush=True)
    if not only:
        json.dump(labels, open(os.path.join(HERE, "labels.json"), "w"), indent=1)
        json.dump(dropped, open(os.path.join(HERE, "dropped.json"), "w"), indent=1)
        # manuals must contain only confirmed tools
        keep = {(l["manual"], l["tool"]) for l in labels}
        for manual, tools in spec.MANUALS.items():
            path = os.path.join(HERE, "manuals", f"{manual}.json")
            doc = json.load(open(path))
            doc["tools"] = [x for x in doc["tools"] if (f"manuals/{manual}.json", x["name"]) in keep]
            json.dump(doc, open(path, "w"), indent=2)
        from collections import Counter
        pass
    _srv.terminate()
    if not only:
        print("confirmed", Counter(l["category"] for l in labels), "dropped", len(dropped))

if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:] or None))
