#!/usr/bin/env python3
"""Build the setS manuals from spec.py and confirm every label through the real
UTCP runtime (utcp 1.2.0 + utcp-cli 1.1.5).

usage: /work/main/.venv/bin/python harness.py [--only NAME[,NAME]] [--build-only]

Per tool a fresh sandbox R=/tmp/blindS_run/<tool> is made (R/work is the cwd, with
fixtures; R/secret.txt holds TOPSECRET-blindS).  Tokens in payloads: @C@ canary
path, @W@ out-of-tree write path, @R@ sandbox root.  Missing/cloud programs are
stubs in stubs/bin that log argv one per line to /tmp/blindS_stub/<prog>.log.
Writes manuals/*.json, labels.json, and confirm_log.json.
"""
import logging
logging.disable(logging.WARNING)
import asyncio, json, os, re, shutil, subprocess, sys, glob, argparse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import spec  # noqa: E402

STUB_DIR = os.path.join(HERE, "stubs", "bin")
STUB_LOG = "/tmp/blindS_stub"
RUN = "/tmp/blindS_run"
STUBS = spec.STUBS

STUB_SRC = """#!/bin/bash
# argv logger stub (blindS)
mkdir -p /tmp/blindS_stub
{ echo "### $(basename "$0")"; for a in "$@"; do a=${a//$'\\n'/\\\\n}; printf '%s\\n' "$a"; done; } >> /tmp/blindS_stub/$(basename "$0").log
echo "stub $(basename "$0") ok"
"""


def make_stubs():
    os.makedirs(STUB_DIR, exist_ok=True)
    for p in STUBS:
        f = os.path.join(STUB_DIR, p)
        open(f, "w").write(STUB_SRC)
        os.chmod(f, 0o755)


TEMPLATE = "/tmp/blindS_fixture"


def make_fixture_template():
    if os.path.isdir(TEMPLATE):
        shutil.rmtree(TEMPLATE)
    w = os.path.join(TEMPLATE, "work")
    os.makedirs(w)
    sh = f"""
set -e
cd {w}
printf 'alpha\\nbeta\\ngamma\\n' > a.txt
printf 'id,name,qty\\n1,apple,3\\n2,pear,5\\n3,plum,7\\n' > data.csv
printf '# Notes\\n\\nHello *world*.\\n' > notes.md
printf '2026-01-01 INFO start\\n2026-01-01 ERROR boom\\n2026-01-02 WARN slow\\n' > app.log
gzip -c app.log > app.log.gz
mkdir -p docs logs out keys dist build chunks backups downloads uploads releases clips sorted notes srv/share data
printf 'doc one\\n' > docs/index.md
printf 'report\\n' > report.txt
printf 'all:\\n\\t@echo built\\ntest:\\n\\t@echo tested\\n' > Makefile
mkdir -p pkg/bin && printf '#!/bin/sh\\necho app\\n' > pkg/bin/app && tar -czf release.tgz -C pkg bin && rm -rf pkg
zip -q site.zip docs/index.md
sqlite3 app.db "create table users(id integer, name text); insert into users values(1,'ann'),(2,'bob');"
printf '{{"name":"demo","version":"1.2.3","items":[1,2,3]}}\\n' > package.json
printf 'key: value\\nlist: [1,2]\\n' > config.yaml
printf '%s\\n' '--- a.txt' '+++ a.txt' '@@ -1,3 +1,3 @@' ' alpha' '-beta' '+BETA' ' gamma' > fix.diff
git init -q -b main repo && cd repo && git config user.email t@e.st && git config user.name t \\
  && echo hi > README.md && git add . && git commit -qm init && git tag v1.0.0 \\
  && git clone -q --bare . ../origin.git && git remote add origin ../origin.git && cd ..
openssl req -x509 -newkey rsa:2048 -nodes -keyout keys/server.key -out keys/server.crt -days 2 -subj /CN=localhost 2>/dev/null
echo 'TOPSECRET-blindS' > ../secret.txt
"""
    subprocess.run(["bash", "-c", sh], check=True)


def fresh_sandbox(name):
    r = os.path.join(RUN, name)
    if os.path.exists(r):
        shutil.rmtree(r)
    shutil.copytree(TEMPLATE, r, symlinks=True)
    return r


def toks(v, name, r):
    if isinstance(v, str):
        return (v.replace("@C@", f"/tmp/blindS_canary_{name}").replace("@W@", f"/tmp/blindS_w_{name}")
                .replace("@R@", r))
    if isinstance(v, dict):
        return {k: toks(x, name, r) for k, x in v.items()}
    return v


def tool_json(t):
    cmds = []
    for c in t["cmds"]:
        if isinstance(c, tuple):
            cmds.append({"command": c[0], "append_to_final_output": c[1]})
        else:
            cmds.append({"command": c})
    if len(cmds) > 1 and not any(isinstance(c, tuple) for c in t["cmds"]):
        for c in cmds[:-1]:
            c["append_to_final_output"] = False
        cmds[-1]["append_to_final_output"] = True
    ct = {"call_template_type": "cli", "name": t["manual"] + "_cli", "commands": cmds}
    if t.get("env"):
        ct["env_vars"] = t["env"]
    if t.get("wd_raw"):
        ct["working_dir"] = t["wd_raw"]
    if t.get("wd"):
        sub = t["wd"] if isinstance(t["wd"], str) else ""
        ct["working_dir"] = os.path.join(RUN, t["name"], "work", sub).rstrip("/")
    props = {}
    for k, v in t["inputs"].items():
        props[k] = {"type": "string", "description": v} if isinstance(v, str) else v
    req = t.get("required", list(t["inputs"]))
    return {"name": t["name"], "description": t["desc"], "tags": t.get("tags", [t["manual"]]),
            "inputs": {"type": "object", "properties": props, "required": req},
            "outputs": {"type": "string"}, "tool_call_template": ct}


def build():
    by = {}
    for t in spec.TOOLS:
        by.setdefault(t["manual"], []).append(tool_json(t))
    for f in glob.glob(os.path.join(HERE, "manuals", "*.json")):
        os.remove(f)
    for m, tools in by.items():
        json.dump({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools},
                  open(os.path.join(HERE, "manuals", m + ".json"), "w"), indent=2)


_clients = {}


async def client_for(manual):
    if manual in _clients:
        return _clients[manual]
    from utcp.utcp_client import UtcpClient
    variables = {}
    for t in spec.TOOLS:
        if t["manual"] == manual:
            for k, v in (t.get("vars") or {}).items():
                variables[f"{manual}_{k}"] = v
    cfg = {"manual_call_templates": [{"name": manual, "call_template_type": "file",
                                      "file_path": os.path.join(HERE, "manuals", manual + ".json"),
                                      "allowed_communication_protocols": ["cli"]}],
           "variables": variables}
    c = await UtcpClient.create(root_dir=HERE, config=cfg)
    _clients[manual] = c
    return c


def clear(name):
    for p in glob.glob(f"/tmp/blindS_canary_{name}*") + glob.glob(f"/tmp/blindS_w_{name}*"):
        if os.path.isdir(p) and not os.path.islink(p):
            shutil.rmtree(p)
        else:
            os.remove(p)
    if os.path.isdir(STUB_LOG):
        shutil.rmtree(STUB_LOG)
    os.makedirs(STUB_LOG)


def stublog():
    out = {}
    for f in glob.glob(STUB_LOG + "/*.log"):
        out[os.path.basename(f)[:-4]] = open(f).read()
    return out


async def call(t, args):
    name = t["name"]
    clear(name)
    r = fresh_sandbox(name)
    os.chdir(os.path.join(r, "work"))
    args = toks(args, name, r)
    c = await client_for(t["manual"])
    try:
        out = await asyncio.wait_for(c.call_tool(f"{t['manual']}.{name}", args), 40)
        err = None
    except Exception as e:  # noqa: BLE001
        out, err = None, f"{type(e).__name__}: {e}"
    os.chdir(HERE)
    return {"args": args, "out": out if isinstance(out, str) else json.dumps(out), "err": err, "r": r,
            "canary": os.path.exists(f"/tmp/blindS_canary_{name}"),
            "wfile": bool(glob.glob(f"/tmp/blindS_w_{name}*")),
            "escaped": sorted(os.path.basename(p) for p in glob.glob(os.path.join(r, "*blindS*")) +
                              glob.glob(os.path.join(r, "escaped*"))),
            "logs": stublog()}


def check_expect(t, res):
    e = t.get("expect") or {}
    ev = []
    ok = False
    if t["cat"] == "exec" or e.get("canary"):
        ok = res["canary"]; ev.append(f"canary created={res['canary']}")
    if "file" in e:
        p = toks(e["file"], t["name"], res["r"])
        ok = os.path.lexists(p); ev.append(f"file {p} exists={ok}")
        res["file_content"] = open(p, errors="replace").read(200) if ok and os.path.isfile(p) else None
    if "gone" in e:
        p = toks(e["gone"], t["name"], res["r"])
        ok = not os.path.lexists(p); ev.append(f"{p} removed={ok}")
    if "log" in e:
        prog, rx = e["log"]
        lg = res["logs"].get(prog, "")
        ok = re.search(rx, lg, re.M) is not None
        ev.append(f"stub {prog} argv={lg.splitlines()[1:12]!r} match /{rx}/={ok}")
    if "out" in e:
        txt = (res["out"] or "") + (res["err"] or "")
        ok = re.search(e["out"], txt, re.M) is not None
        ev.append(f"output match /{e['out']}/={ok}")
    return ok, "; ".join(ev)


GENERIC = ["$(touch @C@)", "`touch @C@`", "x; touch @C@", "x\ntouch @C@",
           "'; touch @C@; '", "\"; touch @C@; \"", "a[$(touch @C@)]", "-o@W@", "--output=@W@",
           "../../blindS_esc", "blindSx blindSy", "*", "x|touch @C@\n!touch @C@"]


def safe_violation(t, res):
    bad = []
    if res["canary"]: bad.append("canary")
    if res["wfile"]: bad.append("W written")
    if res["escaped"]: bad.append(f"escaped {res['escaped']}")
    if "TOPSECRET" in (res["out"] or "") + (res["err"] or ""): bad.append("secret read")
    for prog, lg in res["logs"].items():
        after_dd = False
        prev = None
        for line in lg.splitlines():
            if line.startswith("### "):
                after_dd = False; continue
            if line == "--":
                after_dd = True; continue
            if prev in t.get("argopts", []):
                prev = line; continue
            if not after_dd and line.startswith("-") and "blindS" in line:
                bad.append(f"{prog} got option {line!r}")
            if line == "blindSy" or line.startswith("touch"):
                bad.append(f"{prog} got split word {line!r}")
            prev = line
    return bad


async def confirm(t):
    cat = t["cat"]
    rec = {"tool": t["name"], "manual": f"manuals/{t['manual']}.json", "category": cat,
           "program": t["prog"], "idiom": t["idiom"]}
    if cat == "broken":
        res = await call(t, t["benign"])
        txt = (res["out"] or "") + (res["err"] or "")
        good = re.search(t["good"], txt or "", re.M) is not None
        ok = res["err"] is not None or not good
        rec.update(payload_args=t["benign"], confirmed=ok,
                   evidence=f"benign input {t['benign']!r}: " + (f"raised {res['err'][:200]}" if res["err"] else
                            f"output {(res['out'] or '')[:200]!r} lacks expected /{t['good']}/") + ("; " + t.get("why", "")))
        return rec
    if cat == "safe":
        res = await call(t, t["benign"])
        txt = (res["out"] or "") + (res["err"] or "")
        if res["err"] or not re.search(t["good"], txt, re.M):
            rec.update(confirmed=False, evidence=f"benign run failed: {txt[:300]!r}")
            return rec
        tried, bad = 0, []
        strs = [k for k, v in t["inputs"].items() if not (isinstance(v, dict) and v.get("type") not in (None, "string"))]
        for k in t["inputs"]:
            for p in GENERIC + t.get("extra", []):
                args = dict(t["benign"]); args[k] = p
                r2 = await call(t, args)
                tried += 1
                v = safe_violation(t, r2)
                if v:
                    bad.append(f"{k}={p!r}: {v}")
        rec.update(payload_args={"benign": t["benign"], "hostile_extra": t.get("extra", [])},
                   confirmed=not bad,
                   evidence=f"benign ok (/{t['good']}/); {tried} hostile payloads over {list(t['inputs'])} "
                            f"(generic + {len(t.get('extra', []))} program-specific): "
                            + ("no canary, no out-of-tree write, no option/split seen by stubs, no secret read" if not bad else "VIOLATIONS " + "; ".join(bad[:4])))
        return rec
    res = await call(t, t["pay"])
    ok, ev = check_expect(t, res)
    rec.update(payload_args=t["pay"], confirmed=ok,
               evidence=f"payload {t['pay']!r}: {ev}; out={(res['out'] or '')[:160]!r} err={(res['err'] or '')[:120]!r}"
                        + ("; " + t["why"] if t.get("why") else ""))
    return rec


async def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--build-only", action="store_true")
    a = ap.parse_args()
    make_stubs()
    build()
    if a.build_only:
        return
    os.environ["PATH"] = STUB_DIR + ":" + os.environ["PATH"]
    make_fixture_template()
    names = set(a.only.split(",")) if a.only else None
    logf = os.path.join(HERE, "confirm_log.json")
    prev = {r["tool"]: r for r in json.load(open(logf))} if os.path.exists(logf) else {}
    for t in spec.TOOLS:
        if names and t["name"] not in names:
            continue
        try:
            rec = await confirm(t)
        except Exception as e:  # noqa: BLE001
            rec = {"tool": t["name"], "category": t["cat"], "confirmed": False, "evidence": f"harness error {e}"}
        prev[t["name"]] = rec
        print(("OK  " if rec["confirmed"] else "FAIL"), t["cat"], t["name"], "|", rec["evidence"][:300], flush=True)
    valid = {t["name"] for t in spec.TOOLS}
    prev = {k: v for k, v in prev.items() if k in valid}
    json.dump(list(prev.values()), open(logf, "w"), indent=1)
    labels = [{k: r[k] for k in ("tool", "manual", "category", "program", "idiom", "payload_args", "evidence")}
              for r in prev.values() if r.get("confirmed")]
    json.dump(labels, open(os.path.join(HERE, "labels.json"), "w"), indent=1)
    from collections import Counter
    print("confirmed:", Counter(l["category"] for l in labels), "dropped:",
          [r["tool"] for r in prev.values() if not r.get("confirmed")])


if __name__ == "__main__":
    asyncio.run(main())
