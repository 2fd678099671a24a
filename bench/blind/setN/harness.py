#!/usr/bin/env python3
"""Build manuals from spec.py and confirm every label through the real UTCP client (utcp 1.2.0 + utcp-cli 1.1.5).
usage: /work/main/.venv/bin/python harness.py [--only NAME ...] [--build-only]
Writes manuals/*.json, labels.json (confirmed tools only), dropped.json, confirm_log.json."""
import asyncio, glob, json, os, shutil, subprocess, sys, re
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import spec

WS = "/tmp/blindN_ws"
STUBDIR = "/tmp/blindN_stubs"
STUBLOG = "/tmp/blindN_stub.log"
STUBS = ["kubectl", "helm", "terraform", "aws", "gcloud", "vault", "podman", "skopeo", "cosign", "trivy", "gh", "dig", "nc",
         "systemctl", "journalctl", "crontab", "restic", "rclone", "rsync", "mysqldump", "psql", "redis-cli", "cargo", "pip",
         "gem", "go", "pandoc", "exiftool", "ffmpeg", "gs"]
HOSTILE = ["$(touch {C})", "`touch {C}`", ";touch {C}", "x; touch {C} #", "x' ; touch {C} ; '", "x\" ; touch {C} ; \"",
           "x\ntouch {C}", "a[$(touch {C})]", "-o/tmp/blindN_h_o", "--output=/tmp/blindN_h_out", "-f/etc/passwd",
           "../../../../../../../../tmp/blindN_h_trav", "*", "splitA splitB", "-oProxyCommand=touch {C}",
           "--to-command=touch {C}", "--eval=$(shell touch {C})", "--kubeconfig=/tmp/blindN_h_kc", "${IFS}touch${IFS}{C}",
           "--eval=require('fs').writeFileSync('{C}','')", "-r/etc/passwd", "--files0-from=/etc/passwd", ".shell touch {C}"]

def ns(m):
    return m.replace("_", "!").replace("!", "__")

def build():
    os.makedirs(os.path.join(HERE, "manuals"), exist_ok=True)
    by = {}
    for t in spec.TOOLS:
        cmds = [c if isinstance(c, dict) else {"command": c} for c in t["cmds"]]
        tpl = {"call_template_type": "cli", "name": t["m"], "commands": cmds}
        if t["env"]: tpl["env_vars"] = t["env"]
        if t["wd"]: tpl["working_dir"] = t["wd"]
        if t["inherit"] is not None: tpl["inherit_env_vars"] = t["inherit"]
        tool = {"name": t["name"], "description": t["desc"],
                "inputs": {"type": "object", "properties": {k: {"type": "string", "description": v} for k, v in t["args"].items()},
                           "required": list(t["args"])},
                "outputs": {"type": "string", "description": "command output"},
                "tags": [t["m"].split("_", 1)[1]] + t["progs"][:2], "tool_call_template": tpl}
        by.setdefault(t["m"], []).append(tool)
    for m, tools in by.items():
        json.dump({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools},
                  open(os.path.join(HERE, "manuals", m + ".json"), "w"), indent=1)
    return sorted(by)

def make_stubs():
    os.makedirs(STUBDIR, exist_ok=True)
    for s in STUBS:
        p = os.path.join(STUBDIR, s)
        open(p, "w").write('#!/bin/bash\n{ echo "== $(basename "$0")"; for a in "$@"; do printf \'ARG:%s\\n\' "$a"; done; } >> ' + STUBLOG +
                           '\necho "stub $(basename "$0") ok"\n')
        os.chmod(p, 0o755)
    os.environ["PATH"] = STUBDIR + ":" + os.environ["PATH"]

def clean():
    for p in glob.glob("/tmp/blindN_canary*") + glob.glob("/tmp/blindN_w_*") + glob.glob("/tmp/blindN_h*") + glob.glob("/tmp/blindN_evil*") + [STUBLOG, "/tmp/bundle.tgz"]:
        if os.path.isdir(p) and not os.path.islink(p): shutil.rmtree(p, ignore_errors=True)
        elif os.path.lexists(p): os.remove(p)
    shutil.rmtree(WS, ignore_errors=True); shutil.rmtree("/tmp/blindN_never", ignore_errors=True)
    os.makedirs(WS); os.chdir(WS)

def subst(v, t):
    W = "/tmp/blindN_w_" + t["name"]
    return (v.replace("{C}", "/tmp/blindN_canary_" + t["name"]).replace("{T}", "../" * 10 + W[1:]).replace("{W}", W))

async def call(client, t, args):
    clean()
    if t["setup"]:
        subprocess.run(["bash", "-c", subst(t["setup"], t)], cwd=WS, capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
    try:
        r = await asyncio.wait_for(client.call_tool(t["m"] + "." + t["name"], args), 45)
        return str(r), None
    except Exception as e:
        return "", f"{type(e).__name__}: {e}"

def stublog():
    try: return open(STUBLOG).read().splitlines()
    except FileNotFoundError: return []

def safe_violations(t, p, out, exc):
    v = []
    if glob.glob("/tmp/blindN_canary*"): v.append("canary")
    if glob.glob("/tmp/blindN_h*"): v.append("file " + ",".join(glob.glob("/tmp/blindN_h*")))
    if "root:x:0" in out: v.append("read /etc/passwd")
    lines = stublog()
    seen_dd, prev = False, None
    for l in lines:
        if l.startswith("== "): seen_dd, prev = False, None; continue
        a = l[4:]
        if a == "splitB" or a == "splitA": v.append("split " + a)
        if a == p and p.startswith("-") and not seen_dd and prev not in t["optok"]: v.append("option " + a)
        if a == "--": seen_dd = True
        prev = a
    return v

async def main():
    only = [a for a in sys.argv[1:] if not a.startswith("--")]
    mans = build()
    if "--build-only" in sys.argv: return
    make_stubs()
    from utcp.utcp_client import UtcpClient
    variables = {}
    for t in spec.TOOLS:
        for k, v in t["vars"].items(): variables[ns(t["m"]) + "_" + k] = v
    client = await UtcpClient.create(config={"variables": variables, "manual_call_templates": [
        {"call_template_type": "file", "name": m, "file_path": os.path.join(HERE, "manuals", m + ".json"),
         "allowed_communication_protocols": ["cli"]} for m in mans]})
    labels, dropped, log = [], [], []
    for t in spec.TOOLS:
        if only and t["name"] not in only: continue
        benign = {k: subst(v, t) for k, v in t["benign"].items()}
        bout, bexc = await call(client, t, benign)
        ok, evidence, payload = False, "", None
        cat = t["cat"]
        if cat == "broken":
            kind, val = t["check"]
            if kind == "exc": ok = bexc is not None and val in bexc; evidence = f"benign {benign} -> {bexc}"
            elif kind == "out": ok = val in (bout + (bexc or "")); evidence = f"benign {benign} -> output contains {val!r}: {bout[-200:]!r}"
            elif kind == "file_missing": ok = not os.path.exists(os.path.join(WS, "bundle.tgz")); evidence = f"benign {benign} -> bundle not created where intended (cd lost between steps); out {bout[-120:]!r}"
            payload = benign
        elif cat == "safe":
            ok = bexc is None and (t["expect"] is None or t["expect"] in bout)
            evidence = f"benign {benign} -> {bout[-80:]!r}{' EXC '+bexc if bexc else ''}"
            tried, viol = 0, []
            if ok:
                for a in t["args"]:
                    for h in HOSTILE + t["extra"]:
                        p = subst(h, t)
                        args = dict(benign); args[a] = p
                        out, exc = await call(client, t, args)
                        tried += 1
                        vs = safe_violations(t, p, out, exc)
                        if vs: viol.append((a, p, vs))
                ok = not viol
                evidence += f"; {tried} hostile payloads over {len(t['args'])} arg(s): " + ("no effect" if ok else f"VIOLATIONS {viol[:3]}")
            payload = {"hostile_set": "HOSTILE+extra", "extra": t["extra"]}
        else:
            payload = {k: subst(v, t) for k, v in t["payload"].items()}
            pargs = dict(benign); pargs.update(payload)
            out, exc = await call(client, t, pargs)
            chk = t["check"]
            if chk == "canary":
                ok = os.path.exists("/tmp/blindN_canary_" + t["name"]); evidence = "canary /tmp/blindN_canary_%s %s" % (t["name"], "created" if ok else "absent")
            elif chk[0] == "file":
                f = subst(chk[1], t); ok = os.path.lexists(f); evidence = f"{f} {'created' if ok else 'absent'}"
            elif chk[0] == "log":
                ok = ("ARG:" + chk[1]) in stublog(); evidence = f"stub argv contains {chk[1]!r}" if ok else f"stub argv lacks {chk[1]!r}: {stublog()[:12]}"
            elif chk[0] == "out":
                ok = chk[1] in out + (exc or ""); evidence = f"output contains {chk[1]!r}" if ok else f"output lacks {chk[1]!r}: {(out+(exc or ''))[-200:]!r}"
            bok = bexc is None and (t["expect"] is None or t["expect"] in bout)
            evidence += f"; benign {benign} -> {'works' if bok else 'FAILS ' + repr((bout + (bexc or ''))[-120:])}"
        rec = {"tool": t["name"], "manual": f"manuals/{t['m']}.json", "category": cat, "idiom": t["idiom"],
               "programs": t["progs"], "payload_args": payload, "evidence": evidence}
        if t["vars"]: rec["client_variables"] = {ns(t["m"]) + "_" + k: v for k, v in t["vars"].items()}
        log.append(dict(rec, confirmed=ok))
        (labels if ok else dropped).append(rec)
        print(("OK  " if ok else "DROP"), cat, t["name"], "|", evidence[:300], flush=True)
    clean(); os.chdir(HERE)
    if not only:
        json.dump(labels, open(os.path.join(HERE, "labels.json"), "w"), indent=1)
        json.dump(dropped, open(os.path.join(HERE, "dropped.json"), "w"), indent=1)
        json.dump(log, open(os.path.join(HERE, "confirm_log.json"), "w"), indent=1)
    print(f"confirmed {len(labels)} dropped {len(dropped)}")

if __name__ == "__main__":
    asyncio.run(main())
