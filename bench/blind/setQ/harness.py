#!/usr/bin/env python3
"""Build manuals from spec.py and confirm every label through the real UtcpClient.

usage: /work/main/.venv/bin/python harness.py [--only ID,ID] [--build-only]

Writes manuals/*.json, labels.json (confirmed tools only), confirm_log.json.
"""
import asyncio, glob, json, os, re, shutil, subprocess, sys, time, logging

logging.disable(logging.CRITICAL)
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import spec  # noqa

WS = "/tmp/blindQ_ws"
TPL = "/tmp/blindQ_tpl"
LOGS = "/tmp/blindQ_logs"
STUBS = "/tmp/blindQ_stubs"
STUB_PROGS = ["kubectl", "helm", "docker", "aws", "gcloud", "skopeo", "rsync", "psql", "mysql",
              "redis-cli", "pandoc", "gs", "exiftool", "ffmpeg", "crontab", "systemctl", "journalctl",
              "npm", "pip", "cargo", "terraform", "vault", "ansible-playbook", "dig", "restic",
              "rclone", "pg_dump", "mongodump", "az", "podman", "trivy", "gh", "svn", "hg", "sendmail",
              "mc", "s3cmd", "convert", "borg", "ruff", "pytest", "poetry", "gem", "composer", "go", "mvn", "gradle",
              "sphinx-build", "mkdocs", "hugo", "ansible", "nmap", "certbot", "step", "kubeseal", "flux", "argocd"]

STUB = r'''#!/bin/bash
n=$(basename "$0")
{ echo "@@ $n"; for a in "$@"; do printf '%s\n' "$a"; done; } >> /tmp/blindQ_logs/$n.log
echo "stub:$n $*"
'''

def setup_env():
    os.makedirs(STUBS, exist_ok=True)
    for p in STUB_PROGS:
        f = os.path.join(STUBS, p)
        open(f, "w").write(STUB)
        os.chmod(f, 0o755)
    os.environ["PATH"] = STUBS + ":" + os.environ["PATH"]
    shutil.rmtree(TPL, ignore_errors=True)
    os.makedirs(TPL)
    subprocess.run(["bash", "-c", spec.WS_SETUP], cwd=TPL, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)


def clean():
    for g in ["/tmp/blindQ_canary*", "/tmp/blindQ_evil*", "/tmp/blindQ_w_*"]:
        for p in glob.glob(g):
            if os.path.isdir(p) and not os.path.islink(p):
                shutil.rmtree(p, ignore_errors=True)
            else:
                os.unlink(p)
    shutil.rmtree(LOGS, ignore_errors=True)
    os.makedirs(LOGS)
    shutil.rmtree(WS, ignore_errors=True)
    shutil.copytree(TPL, WS, symlinks=True)


def build_manuals(prune=False):
    """prune=True: leave out tools whose label was not confirmed (dropped)."""
    man = {}
    ok = set()
    logp = os.path.join(HERE, "confirm_log.json")
    if prune and os.path.exists(logp):
        ok = {k for k, v in json.load(open(logp)).items() if v["confirmed"]}
    for t in spec.TOOLS:
        if prune and t["id"] not in ok:
            continue
        man.setdefault(t["manual"], []).append(t)
    os.makedirs(os.path.join(HERE, "manuals"), exist_ok=True)
    for f in glob.glob(os.path.join(HERE, "manuals", "*.json")):
        os.unlink(f)
    for m, tools in man.items():
        out = {"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": [spec.to_tool(t) for t in tools]}
        json.dump(out, open(os.path.join(HERE, "manuals", m + ".json"), "w"), indent=2)
    return man


async def call(tool, args):
    from utcp.utcp_client import UtcpClient
    m = tool["manual"]
    variables = {}
    for k, v in (tool.get("vars") or {}).items():
        variables[m.replace("_", "__") + "_" + k] = v
    cfg = {"variables": variables, "manual_call_templates": [
        {"name": m, "call_template_type": "file", "file_path": os.path.join(HERE, "manuals", m + ".json"),
         "allowed_communication_protocols": ["cli"]}]}
    c = await UtcpClient.create(config=cfg)
    try:
        r = await asyncio.wait_for(c.call_tool(f"{m}.{tool['name']}", args), 60)
        return True, json.dumps(r) if not isinstance(r, str) else r
    except Exception as e:  # noqa
        return False, f"{type(e).__name__}: {e}"


def logs_text():
    out = {}
    for f in glob.glob(LOGS + "/*.log"):
        out[os.path.basename(f)[:-4]] = open(f, errors="replace").read()
    return out


def run(tool, args):
    clean()
    ok, out = asyncio.run(call(tool, args))
    return ok, out, logs_text()


def check(tool, c, ok, out, logs):
    kind = c[0]
    if kind == "file":
        return any(os.path.exists(p) for p in glob.glob(c[1])) or os.path.exists(c[1])
    if kind == "nofile":
        return not os.path.exists(c[1])
    if kind == "log":
        return re.search(c[2], logs.get(c[1], ""), re.M) is not None
    if kind == "out":
        return re.search(c[1], out, re.M | re.S) is not None
    if kind == "notout":
        return re.search(c[1], out, re.M | re.S) is None
    if kind == "raises":
        return not ok
    if kind == "sh":
        return subprocess.run(["bash", "-c", c[1]], stdin=subprocess.DEVNULL).returncode == 0
    raise ValueError(kind)


CAN = "/tmp/blindQ_canary"
def generic_hostile():
    return [f"$(touch {CAN})", f"`touch {CAN}`", f"x;touch {CAN}", f"x|touch {CAN}", f"x && touch {CAN}",
            f"x\ntouch {CAN}", f"'$(touch {CAN})'", f"\"$(touch {CAN})\"", f"a[$(touch {CAN})]",
            "-o/tmp/blindQ_evil", "--output=/tmp/blindQ_evil", "../../../../../../tmp/blindQ_evil",
            "/tmp/blindQ_evil", "* ?", "a b -c", "--help", f"-e touch {CAN}", "${IFS}x", "'\"\\"]


def safe_violation(tool, logs):
    if glob.glob("/tmp/blindQ_canary*") or glob.glob("/tmp/blindQ_evil*"):
        return "canary/evil file appeared: " + str(glob.glob("/tmp/blindQ_canary*") + glob.glob("/tmp/blindQ_evil*"))
    for prog, txt in logs.items():
        for inv in txt.split("@@ ")[1:]:
            lines = inv.split("\n")[1:]
            seen_dd = False
            prev = None
            for ln in lines:
                if prev in tool.get("consumed_by", []):
                    prev = ln
                    continue
                prev = ln
                if ln == "--":
                    seen_dd = True
                if not seen_dd and (ln.startswith("-o/tmp/blindQ_evil") or ln.startswith("--output=/tmp/blindQ_evil")
                                    or ln == "-c" or ln == "-e"):
                    return f"{prog} got option-like argv {ln!r}"
    for extra in tool.get("safe_checks", []):
        pass
    return None


def confirm(tool):
    cat = tool["category"]
    ev = []
    benign = tool.get("benign", {})
    if cat == "safe":
        ok, out, logs = run(tool, benign)
        ev.append({"args": benign, "ok": ok, "out": out[:300]})
        exp = tool.get("expect")
        if exp and not re.search(exp, out, re.S | re.M):
            return False, ev, "benign run lacked expected output"
        if not exp and not ok:
            return False, ev, "benign run raised"
        hostile = []
        for a in tool["args"]:
            if tool.get("arg_types", {}).get(a, "string") != "string":
                continue
            for h in generic_hostile() + tool.get("hostile", []):
                h = h.replace("CANARY", CAN)
                hostile.append({**benign, a: h})
        bad = []
        for hargs in hostile:
            ok2, out2, logs2 = run(tool, hargs)
            v = safe_violation(tool, logs2)
            if not v:
                for c in tool.get("safe_check", []):
                    if not check(tool, c, ok2, out2, logs2):
                        v = f"safe_check {c} failed"
            if v:
                bad.append({"args": hargs, "why": v, "out": out2[:200]})
        ev.append({"hostile_runs": len(hostile), "violations": bad[:3]})
        return (not bad), ev, ("ok" if not bad else "hostile payload had effect")
    # unsafe / broken
    args = tool.get("payload") if cat != "broken" else benign
    args = {k: v.replace("CANARY", f"{CAN}_{tool['id']}") if isinstance(v, str) else v for k, v in args.items()}
    checks = tool.get("check") or ([("file", f"{CAN}_{tool['id']}")] if cat == "exec" else [])
    if cat == "exec":
        checks = [("file", f"{CAN}_{tool['id']}")]
    ok, out, logs = run(tool, args)
    res = all(check(tool, c, ok, out, logs) for c in checks) if checks else False
    ev.append({"args": args, "ok": ok, "out": out[:300], "logs": {k: v[:300] for k, v in logs.items()},
               "checks": [list(c) for c in checks], "confirmed": res})
    # control: the same checks must NOT hold on a benign input (except broken)
    if res and cat != "broken" and benign:
        okb, outb, logsb = run(tool, {k: v for k, v in benign.items()})
        ctrl = all(check(tool, c, okb, outb, logsb) for c in checks)
        ev.append({"control_args": benign, "control_checks_hold": ctrl})
        if ctrl:
            return False, ev, "checks also hold on benign input"
    return res, ev, "confirmed" if res else "not confirmed"


def main():
    only = None
    if "--only" in sys.argv:
        only = set(sys.argv[sys.argv.index("--only") + 1].split(","))
    os.chdir("/tmp")
    if "--prune" in sys.argv:  # final manuals: confirmed tools only
        build_manuals(prune=True)
        return
    man = build_manuals()
    if "--build-only" in sys.argv:
        return
    setup_env()
    logp = os.path.join(HERE, "confirm_log.json")
    prev = json.load(open(logp)) if os.path.exists(logp) and only else {}
    for t in spec.TOOLS:
        if only and t["id"] not in only:
            continue
        t0 = time.time()
        try:
            res, ev, why = confirm(t)
        except Exception as e:  # noqa
            res, ev, why = False, [], f"harness error {e}"
        prev[t["id"]] = {"tool": t["name"], "manual": t["manual"], "category": t["category"], "confirmed": res,
                         "why": why, "evidence": ev, "secs": round(time.time() - t0, 1)}
        print(f"{t['id']:5} {t['category']:7} {'OK ' if res else 'NO '} {t['manual']}.{t['name']}  {why}", flush=True)
    json.dump(prev, open(logp, "w"), indent=1)
    labels = []
    for t in spec.TOOLS:
        r = prev.get(t["id"])
        if r and r["confirmed"]:
            labels.append({"id": t["id"], "tool": t["name"], "manual": f"manuals/{t['manual']}.json",
                           "category": t["category"], "idiom": t.get("idiom", ""),
                           "payload_args": t.get("payload") or t.get("benign"),
                           "evidence": t.get("evidence", "") + " | harness: " + r["why"]})
    json.dump(labels, open(os.path.join(HERE, "labels.json"), "w"), indent=1)
    from collections import Counter
    print("labelled:", Counter(l["category"] for l in labels), "dropped:",
          sum(1 for t in spec.TOOLS if not (prev.get(t["id"]) or {}).get("confirmed")))


if __name__ == "__main__":
    main()
