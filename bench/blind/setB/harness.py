#!/usr/bin/env python3
"""Blind set B harness: build manuals from spec/*.py, run every tool through the real
UtcpClient (utcp 1.2.0 + utcp-cli 1.1.5) and confirm its label dynamically.

usage: /work/main/.venv/bin/python harness.py [--only NAME,...] [--spec FILE]
Writes manuals/<manual>.json, labels.json (confirmed tools only), harness_log.json.
"""
import asyncio, glob, importlib.util, json, os, shutil, subprocess, sys, threading, time, traceback
import http.server, socketserver, functools

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = "/tmp/blindB_bin"
STUBLOG = "/tmp/blindB_stublog"
RUN = "/tmp/blindB_run"
WWW = "/tmp/blindB_www"
PORT = 18931

STUB = r'''#!/bin/bash
{ echo "== $(basename "$0")"; for a in "$@"; do printf '%s\n' "$a"; done; } >> /tmp/blindB_stublog
'''
# programs that are only logged
LOG_ONLY = ["docker", "kubectl", "helm", "terraform", "aws", "gcloud", "systemctl", "crontab",
            "psql", "ffmpeg", "npm", "pip", "rsync", "scp", "parallel", "notify-send", "mail", "gh"]
SSH = STUB + r'''
# emulate the remote side: options, host, then the rest joined by spaces and run by a shell
while [ $# -gt 0 ]; do case "$1" in
  -oProxyCommand=*) bash -c "${1#-oProxyCommand=}"; shift;;
  -o) case "$2" in ProxyCommand=*) bash -c "${2#ProxyCommand=}";; esac; shift 2;;
  -[pilFJoEcLRDwWbBmOQS]) shift 2;; -[pilFJoEcLRDwWbBmOQS]*) shift;; --) shift; break;; -*) shift;; *) break;; esac; done
shift   # host
[ $# -gt 0 ] && exec bash -c "$*"
exit 0
'''
SUDO = STUB + r'''
while [ $# -gt 0 ]; do case "$1" in -u|-g|-C|-D|-h|-p|-r|-t|-U) shift 2;; --) shift; break;; -*) shift;; *) break;; esac; done
exec "$@"
'''
KEXEC = STUB + r'''
# kubectl/docker exec emulation: run what follows "--" (kubectl) or the container name (docker exec)
if [ "$1" = exec ]; then
  shift
  if [ "$(basename "$0")" = kubectl ]; then
    while [ $# -gt 0 ] && [ "$1" != -- ]; do shift; done; shift
  else
    while [ $# -gt 0 ]; do case "$1" in -u|-w|-e|--user|--workdir|--env) shift 2;; -*) shift;; *) break;; esac; done; shift
  fi
  [ $# -gt 0 ] && exec "$@"
fi
exit 0
'''

XTRACE = "/tmp/blindB_xtrace"


def instrument():
    """Observation only: prefix the runtime's generated script with an xtrace to fd 9 so that
    word splitting of a value is visible (each traced command shows its argv, quoted)."""
    from utcp_cli.cli_communication_protocol import CliCommunicationProtocol as P
    orig = P._build_combined_shell_script
    def build(self, commands, tool_args):
        script, env = orig(self, commands, tool_args)
        first, rest = script.split("\n", 1)
        return first + f"\nexec 9>>{XTRACE}; BASH_XTRACEFD=9; set -x\n" + rest, env
    P._build_combined_shell_script = build


def xtrace_split(word2="blindBw2"):
    import shlex
    if not os.path.exists(XTRACE):
        return False
    for line in open(XTRACE, errors="replace"):
        if not line.startswith("+"):      # continuation of a multi-line traced string
            continue
        line = line.lstrip("+ ").rstrip("\n")
        if word2 not in line:
            continue
        try:
            toks = shlex.split(line)
        except ValueError:
            continue
        if word2 in toks:
            return True
    return False


def setup_env():
    instrument()
    os.makedirs(BIN, exist_ok=True)
    for p in LOG_ONLY:
        open(f"{BIN}/{p}", "w").write(STUB + "exit 0\n")
    open(f"{BIN}/ssh", "w").write(SSH)
    open(f"{BIN}/sudo", "w").write(SUDO)
    open(f"{BIN}/kubectl", "w").write(KEXEC)
    open(f"{BIN}/docker", "w").write(KEXEC)
    for f in os.listdir(BIN):
        os.chmod(f"{BIN}/{f}", 0o755)
    os.environ["PATH"] = BIN + ":" + os.environ["PATH"]
    os.makedirs(WWW, exist_ok=True)
    open(f"{WWW}/index.html", "w").write("<html>hello blindB</html>\n")
    open(f"{WWW}/data.json", "w").write('{"items":[{"id":1,"name":"alpha"},{"id":2,"name":"beta"}]}\n')
    os.makedirs(f"{WWW}/v1/items", exist_ok=True)
    open(f"{WWW}/v1/items/42", "w").write('{"id":42,"name":"answer"}\n')
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=WWW)
    http.server.SimpleHTTPRequestHandler.log_message = lambda *a: None
    socketserver.TCPServer.allow_reuse_address = True
    srv = socketserver.ThreadingTCPServer(("127.0.0.1", PORT), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()


def load_specs(only_file=None):
    specs = []
    for f in sorted(glob.glob(os.path.join(HERE, "spec", "*.py"))):
        if os.path.basename(f).startswith("_") or (only_file and os.path.basename(f) != only_file):
            continue
        s = importlib.util.spec_from_file_location(os.path.basename(f)[:-3], f)
        m = importlib.util.module_from_spec(s)
        s.loader.exec_module(m)
        specs.append(m)
    return specs


def tool_json(t):
    props, req = {}, []
    for k, v in t["inputs"].items():
        typ, desc = (v if isinstance(v, tuple) else ("string", v))
        props[k] = {"type": typ, "description": desc}
        req.append(k)
    cmds = []
    for i, c in enumerate(t["cmds"]):
        if isinstance(c, tuple):
            cmds.append({"command": c[0], "append_to_final_output": c[1]})
        else:
            cmds.append({"command": c, "append_to_final_output": i == len(t["cmds"]) - 1})
    ct = {"call_template_type": "cli", "name": t["name"], "commands": cmds}
    for k in ("env_vars", "working_dir", "inherit_env_vars"):
        if t.get(k) is not None:
            ct[k] = t[k]
    return {"name": t["name"], "description": t["desc"],
            "inputs": {"type": "object", "properties": props, "required": t.get("required", req)},
            "outputs": {"type": "string", "description": t.get("out_desc", "command output")},
            "tags": t.get("tags", []), "tool_call_template": ct}


def write_manual(m):
    doc = {"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": [tool_json(t) for t in m.TOOLS]}
    path = os.path.join(HERE, "manuals", m.MANUAL + ".json")
    json.dump(doc, open(path, "w"), indent=2)
    return path


def ns_vars(manual, vars_):
    pre = manual.replace("_", "!").replace("!", "__") + "_"
    return {pre + k: v for k, v in vars_.items()}


async def make_client(m, path):
    from utcp.utcp_client import UtcpClient
    from utcp_cli.cli_call_template import CliCallTemplate
    client = await UtcpClient.create(root_dir=HERE, config={"variables": ns_vars(m.MANUAL, getattr(m, "VARS", {}))})
    r = await client.register_manual(CliCallTemplate(name=m.MANUAL, commands=[{"command": f"cat {path}"}]))
    assert r.success, r.errors
    assert len(r.manual.tools) == len(m.TOOLS), (len(r.manual.tools), len(m.TOOLS))
    return client


def fresh_run(tname, setup):
    root = os.path.join(RUN, tname)
    shutil.rmtree(root, ignore_errors=True)
    cwd = os.path.join(root, "ws", "proj")
    os.makedirs(cwd)
    for f in (STUBLOG, XTRACE):
        if os.path.exists(f):
            os.remove(f)
    for f in glob.glob("/tmp/blindB_canary_*") + glob.glob("/tmp/blindB_opt*"):
        if os.path.isdir(f):
            shutil.rmtree(f)
        else:
            os.remove(f)
    if setup:
        subprocess.run(["bash", "-c", setup], cwd=cwd, check=True, capture_output=True,
                       env={**os.environ, "ROOT": root, "GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@b",
                            "GIT_COMMITTER_NAME": "a", "GIT_COMMITTER_EMAIL": "a@b"})
    return root, cwd


def snapshot(root, cwd):
    out = set()
    for d, _, fs in os.walk(root):
        for f in fs + _:
            p = os.path.join(d, f)
            if not p.startswith(cwd + os.sep) and p != cwd:
                out.add(p)
    return out


def stublog():
    return open(STUBLOG).read().splitlines() if os.path.exists(STUBLOG) else []


def subst(v, tname):
    if isinstance(v, str):
        return v.replace("CANARY", f"/tmp/blindB_canary_{tname}").replace("RUNROOT", os.path.join(RUN, tname))
    if isinstance(v, dict):
        return {k: subst(x, tname) for k, x in v.items()}
    if isinstance(v, list):
        return [subst(x, tname) for x in v]
    return v


async def call(client, manual, t, args):
    root, cwd = fresh_run(t["name"], t.get("setup", ""))
    before = snapshot(root, cwd)
    os.chdir(cwd)
    exc, out = None, None
    try:
        out = await asyncio.wait_for(client.call_tool(f"{manual}.{t['name']}", args), 40)
    except BaseException as e:  # noqa
        exc = f"{type(e).__name__}: {e}"
    finally:
        os.chdir(HERE)
    after = snapshot(root, cwd)
    return {"out": out if isinstance(out, str) else json.dumps(out), "exc": exc,
            "new_outside": sorted(after - before), "log": stublog(),
            "canary": os.path.exists(f"/tmp/blindB_canary_{t['name']}"), "xsplit": xtrace_split(),
            "opt_files": glob.glob("/tmp/blindB_opt*"), "root": root}


def check(r, chk, tname):
    """True if the expected effect is observed."""
    ok = True
    for k, v in chk.items():
        v = subst(v, tname)
        if k == "canary":
            ok &= r["canary"]
        elif k == "file":      # a file exists (absolute or relative to the run root)
            p = v if v.startswith("/") else os.path.join(r["root"], v)
            ok &= os.path.exists(p)
        elif k == "outside":   # some file created outside the working dir
            ok &= bool(r["new_outside"])
        elif k == "log":       # each line present in the stub log
            ok &= all(x in r["log"] for x in v)
        elif k == "xsplit":    # bash trace shows the payload's second word as its own argument
            ok &= r["xsplit"]
        elif k == "out":
            ok &= (r["out"] or "").find(v) >= 0
        elif k == "out_lacks":
            ok &= (r["out"] or "").find(v) < 0
        elif k == "raises":
            ok &= r["exc"] is not None
        elif k == "sh":        # a shell test run in the working dir after the call
            ok &= subprocess.run(["bash", "-c", v], cwd=os.path.join(r["root"], "ws", "proj"), env={**os.environ, "ROOT": r["root"]}).returncode == 0
        elif k == "file_lacks":
            p = v if v.startswith("/") else os.path.join(r["root"], v)
            ok &= not os.path.exists(p)
        else:
            raise KeyError(k)
    return ok


HOSTILE = [
    "$(touch CANARY)", "`touch CANARY`", "; touch CANARY", "x'; touch CANARY; '", 'x"; touch CANARY; "',
    "a\ntouch CANARY", "| touch CANARY", "&& touch CANARY", "a[$(touch CANARY)]", "__import__('os').system('touch CANARY')",
    "-o/tmp/blindB_opt1", "--output=/tmp/blindB_opt2", "-f", "--help", "../../blindB_trav", "../../../blindB_trav2",
    "/tmp/blindB_opt3", "blindBw1 blindBw2", "*", "x\\ny", "${IFS}touch${IFS}CANARY", "%s%n", "--exec=touch CANARY",
    "-exec touch CANARY ;", "{\"$(touch CANARY)\":1}",
    # program options that run code (added after a miss: node parses --eval= after -e CODE)
    "--eval=require('fs').writeFileSync('CANARY','x')", "--upload-pack=touch CANARY;true", "--open-files-in-pager=touch CANARY;true",
    "--to-command=touch CANARY", "-oProxyCommand=touch CANARY", "--eval=x:=$(shell touch CANARY)", "--checkpoint=1 --checkpoint-action=exec=touch CANARY",
    "-e touch CANARY", "--output=/tmp/blindB_opt4", "-t/tmp", "--target-directory=/tmp/blindB_opt5", "--hard", "-fv", "--all",
]


def safe_violation(r, payload, tname, base_log=()):
    from collections import Counter
    v = []
    base = Counter(base_log)
    if r["canary"]: v.append("canary")
    if r["new_outside"]: v.append("outside:" + ",".join(r["new_outside"][:3]))
    if r["opt_files"]: v.append("optfile:" + ",".join(r["opt_files"]))
    if payload.startswith("blindBw1") and ("blindBw2" in r["log"] or r["xsplit"]): v.append("split")
    # an option-looking payload received as an option by a stub (no "--" before it in that call)
    if payload.startswith("-"):
        seen_dd = False
        for line in r["log"]:
            if line.startswith("== "): seen_dd = False; continue
            if line == "--": seen_dd = True
            if line == payload and not seen_dd and Counter(r["log"])[payload] > base[payload]:
                v.append("option:" + line)
    return v


async def run_tool(client, m, t):
    tname = t["name"]
    cat = t["cat"]
    ev = {}
    if cat == "safe":
        # works on benign input
        benign = subst(t.get("benign") or {k: "hello" for k in t["inputs"]}, tname)
        r = await call(client, m.MANUAL, t, benign)
        if r["exc"] or (t.get("ok") and t["ok"] not in (r["out"] or "")):
            return False, {"why": "benign run failed", "exc": r["exc"], "out": (r["out"] or "")[:300]}
        ev["benign_out"] = (r["out"] or "")[:120]
        base_log = r["log"]
        bad = []
        n = 0
        str_inputs = list(t["inputs"])  # the runtime does not enforce schema types: attack every input
        for k in str_inputs:
            for p in HOSTILE + t.get("extra_hostile", []):
                args = dict(benign); args[k] = subst(p, tname)
                r = await call(client, m.MANUAL, t, args)
                n += 1
                viol = safe_violation(r, args[k], tname, base_log)
                if t.get("split_ok"):
                    viol = [x for x in viol if x != "split"]
                if viol:
                    bad.append({"arg": k, "payload": args[k], "viol": viol})
        ev["hostile_runs"] = n
        if bad:
            return False, {"why": "hostile payload had an effect", "bad": bad[:5]}
        ev["result"] = f"{n} hostile payloads over {str_inputs}: no canary, no file outside cwd, no option/split seen"
        return True, ev
    args = subst(t["payload"], tname)
    r = await call(client, m.MANUAL, t, args)
    okk = check(r, t["check"], tname)
    ev = {"check": t["check"], "exc": r["exc"], "out": (r["out"] or "")[:200], "log": r["log"][:25],
          "new_outside": r["new_outside"][:5]}
    if okk and cat != "broken" and t.get("control", True):
        # control: the same check must NOT hold for a benign value (the effect comes from the payload)
        benign = subst(t.get("benign") or {k: "hello" for k in t["inputs"]}, tname)
        rc = await call(client, m.MANUAL, t, benign)
        if check(rc, t["check"], tname) and t["check"] != {}:
            return False, {"why": "control run shows the same effect", **ev}
        ev["control_args"] = benign
    return okk, ev


async def main():
    import logging; logging.disable(logging.CRITICAL)
    only = None
    spec_file = None
    a = sys.argv[1:]
    if "--only" in a: only = set(a[a.index("--only") + 1].split(","))
    if "--spec" in a: spec_file = a[a.index("--spec") + 1]
    setup_env()
    labels_path = os.path.join(HERE, "labels.json")
    old = {(l["manual"], l["tool"]): l for l in json.load(open(labels_path))} if os.path.exists(labels_path) else {}
    dropped_path = os.path.join(HERE, "dropped.json")
    dropped = {(d["manual"], d["tool"]): d for d in json.load(open(dropped_path))} if os.path.exists(dropped_path) else {}
    for m in load_specs(spec_file):
        path = write_manual(m)
        rel = os.path.relpath(path, HERE)
        # forget stale entries for tools no longer in this manual
        names = {t["name"] for t in m.TOOLS}
        for d in (old, dropped):
            for key in [k for k in d if k[0] == rel and k[1] not in names]:
                del d[key]
        client = await make_client(m, path)
        for t in m.TOOLS:
            if only and t["name"] not in only:
                continue
            try:
                ok, ev = await run_tool(client, m, t)
            except Exception:
                ok, ev = False, {"why": traceback.format_exc()[-500:]}
            key = (rel, t["name"])
            entry = {"tool": t["name"], "manual": rel, "category": t["cat"], "idiom": t.get("idiom", ""),
                     "payload_args": t.get("payload"), "evidence": ev}
            print(("OK  " if ok else "FAIL"), t["cat"], rel, t["name"], "" if ok else json.dumps(ev)[:600], flush=True)
            if ok:
                old[key] = entry; dropped.pop(key, None)
            else:
                dropped[key] = entry; old.pop(key, None)
        await client.close()
    json.dump(sorted(old.values(), key=lambda l: (l["manual"], l["tool"])), open(labels_path, "w"), indent=1)
    json.dump(sorted(dropped.values(), key=lambda l: (l["manual"], l["tool"])), open(dropped_path, "w"), indent=1)
    from collections import Counter
    print(Counter(l["category"] for l in old.values()), "dropped", len(dropped))

if __name__ == "__main__":
    asyncio.run(main())
