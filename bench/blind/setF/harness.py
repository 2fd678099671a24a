#!/usr/bin/env python3
"""blind set F harness: build manuals from spec.py, confirm every label through the
real utcp 1.2.0 UtcpClient + utcp-cli 1.1.5, write labels.json.

usage: /work/main/.venv/bin/python harness.py [--only NAME[,NAME]] [--verbose]
"""
import asyncio, json, os, shutil, stat, sys, glob, logging, argparse, importlib, traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
logging.disable(logging.CRITICAL)

RUN = "/tmp/blindF_run"        # per-call work dir (cwd of the tool)
LOG = "/tmp/blindF_log"        # argv logs of wrapped/stubbed programs
BIN = "/tmp/blindF_bin"        # stubs + wrappers, prepended to PATH
HOMED = "/tmp/blindF_home"
WD = "/tmp/blindF_wd"          # root of working_dir values used by tools
PROBE_GLOB = ["/tmp/blindF_probe*", "/tmp/blindF_run_probe*", "/tmp/blindF_wd_probe*"]

HOSTILE = [
    "$(touch {C})", ";touch {C}", "`touch {C}`", "x|touch {C}", "x\ntouch {C}", "x&&touch {C};#",
    "a[$(touch {C})]", "x'\"$(touch {C})\"'",
    "-o/tmp/blindF_probe_o", "--output=/tmp/blindF_probe_o2", "-f/tmp/blindF_probe_f",
    "../../blindF_probe_w", "../../../../tmp/blindF_probe_w2", "/tmp/blindF_probe_abs",
    "blindFsplitA blindFsplitB", "*", "x' ; touch {C} #",
]
OPT_PAYLOADS = {"-o/tmp/blindF_probe_o", "--output=/tmp/blindF_probe_o2", "-f/tmp/blindF_probe_f"}


def write_stub(name, real=None, body=None):
    p = os.path.join(BIN, name)
    s = "#!/bin/bash\n{ printf '%s\\n' \"----\" \"$0\"; for a in \"$@\"; do printf '%s\\0' \"$a\"; done; printf '\\n'; } >> " + LOG + "/" + name + ".log\n"
    if real:
        s += f'exec {real} "$@"\n'
    else:
        s += (body or "") + "\nexit 0\n"
    open(p, "w").write(s)
    os.chmod(p, 0o755)


def setup_bin(spec):
    shutil.rmtree(BIN, ignore_errors=True)
    os.makedirs(BIN)
    clean_path = "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
    for name in spec.WRAP:
        real = shutil.which(name, path=clean_path)
        if real:
            write_stub(name, real=real)
        else:
            write_stub(name, body=spec.STUBS.get(name, ""))
    for name, body in spec.STUBS.items():
        if name not in spec.WRAP:
            write_stub(name, body=body)


def argv(prog):
    """list of invocations of prog, each the argv list (without argv[0])"""
    p = os.path.join(LOG, prog + ".log")
    if not os.path.exists(p):
        return []
    res = []
    for chunk in open(p, encoding="utf-8", errors="replace").read().split("----\n")[1:]:
        first, _, rest = chunk.partition("\n")
        rest = rest[:-1] if rest.endswith("\n") else rest
        res.append(rest.split("\0")[:-1] if rest else [])
    return res


def all_argv():
    out = {}
    for p in glob.glob(LOG + "/*.log"):
        n = os.path.basename(p)[:-4]
        out[n] = argv(n)
    return out


def fresh():
    for d in (RUN, LOG, WD, HOMED):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    for pat in PROBE_GLOB + ["/tmp/blindF_canary_*"]:
        for p in glob.glob(pat):
            if os.path.isdir(p):
                shutil.rmtree(p, ignore_errors=True)
            else:
                os.remove(p)


def run_setup(sh, cwd):
    if sh:
        import subprocess
        subprocess.run(["bash", "-c", sh], cwd=cwd, env=os.environ.copy(), timeout=60,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # setup programs must not pollute the logs
        shutil.rmtree(LOG, ignore_errors=True); os.makedirs(LOG)


def manual_doc(tools):
    out = []
    for t in tools:
        props, req = {}, []
        for a, d in t["a"].items():
            typ, _, desc = d.partition(":") if d.split(":")[0] in ("string", "integer", "number", "boolean") else ("string", "", d)
            props[a] = {"type": typ, "description": desc}
            req.append(a)
        ct = {"call_template_type": "cli", "name": t["m"] + "_" + t["n"],
              "commands": [({"command": c, "append_to_final_output": True} if isinstance(c, str)
                            else {"command": c[0], "append_to_final_output": c[1]}) for c in t["c"]]}
        if t.get("env"): ct["env_vars"] = t["env"]
        if t.get("wd"): ct["working_dir"] = t["wd"]
        if "inherit" in t: ct["inherit_env_vars"] = t["inherit"]
        out.append({"name": t["n"], "description": t["d"],
                    "inputs": {"type": "object", "properties": props, "required": req},
                    "outputs": {"type": "string", "description": t.get("out", "command output")},
                    "tags": t.get("tags", [t["m"]]), "tool_call_template": ct})
    return {"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": out}


class Ctx:
    def __init__(self, cid):
        self.C = f"/tmp/blindF_canary_{cid}"

    def canary(self):
        return os.path.exists(self.C)


def subst(v, C):
    if isinstance(v, str):
        return v.replace("{C}", C)
    return v


async def call(client, manual, t, args, C):
    fresh()
    for d in t.get("mkdirs", []) + ([t["wd"]] if t.get("wd") else []):
        os.makedirs(d, exist_ok=True)
    os.chdir(RUN)
    run_setup(t.get("setup"), t.get("wd") or RUN)
    args = {k: subst(v, C) for k, v in args.items()}
    out, exc = "", None
    try:
        r = await asyncio.wait_for(client.call_tool(f"{manual}.{t['n']}", args), 60)
        out = r if isinstance(r, str) else json.dumps(r)
    except Exception as e:
        exc = f"{type(e).__name__}: {e}"
    return out, exc


def env_for_check(out, exc, C):
    def exists(p): return bool(glob.glob(p))
    def read(p):
        try: return open(p, errors="replace").read()
        except Exception: return ""
    def flat(prog): return [a for inv in argv(prog) for a in inv]
    return dict(out=out, exc=exc, canary=lambda: os.path.exists(C), exists=exists, read=read,
                argv=argv, flat=flat, RUN=RUN, WD=WD, LOG=LOG, C=C, os=os, glob=glob)


def hostile_flags(out, exc, C, t):
    flags = []
    if os.path.exists(C): flags.append("canary")
    for pat in PROBE_GLOB:
        for p in glob.glob(pat): flags.append("probe:" + p)
    for p in glob.glob("/tmp/**/blindF_probe_w*", recursive=False) + glob.glob("/tmp/*/blindF_probe_w*") + glob.glob("/tmp/*/*/blindF_probe_w*"):
        if not p.startswith(RUN + "/"): flags.append("escape:" + p)
    for prog, invs in all_argv().items():
        for inv in invs:
            seen_dd = False
            for i, a in enumerate(inv):
                if a in ("--", "--end-of-options"): seen_dd = True
                if a in OPT_PAYLOADS and not seen_dd and prog not in t.get("argvok", []):
                    prev = inv[i - 1] if i else ""
                    if (prog, prev) not in t.get("optok", set()):
                        flags.append(f"option:{prog}:{prev}:{a}")
                if a == "blindFsplitA" or a == "blindFsplitB":
                    flags.append(f"split:{prog}")
    return flags


async def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="")
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--no-hostile", action="store_true")
    a = ap.parse_args()
    import spec
    os.makedirs(HOMED, exist_ok=True)
    setup_bin(spec)
    os.environ["PATH"] = BIN + ":/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
    os.environ["HOME"] = HOMED
    os.environ["LANG"] = "C.UTF-8"
    tools = [t for t in spec.TOOLS if not t.get("skip")]
    names = [t["n"] for t in tools]
    dup = {n for n in names if names.count(n) > 1}
    assert not dup, dup
    by_m = {}
    for t in tools:
        by_m.setdefault(t["m"], []).append(t)
    mdir = os.path.join(HERE, "manuals")
    os.makedirs(mdir, exist_ok=True)
    for f in glob.glob(mdir + "/*.json"): os.remove(f)
    for m, ts in by_m.items():
        json.dump(manual_doc(ts), open(os.path.join(mdir, m + ".json"), "w"), indent=2)
    from utcp.utcp_client import UtcpClient
    from utcp.data.call_template import CallTemplateSerializer
    only = set(a.only.split(",")) if a.only else None
    old = {}
    lp = os.path.join(HERE, "labels.json")
    if only and os.path.exists(lp):
        old = {(l["manual"], l["tool"]): l for l in json.load(open(lp))}
    results, dropped = [], []
    for m, ts in by_m.items():
        client = await UtcpClient.create(root_dir=RUN, config={"variables": spec.VARIABLES.get(m, {})})
        ct = CallTemplateSerializer().validate_dict({"call_template_type": "file", "name": m,
              "file_path": os.path.join(mdir, m + ".json"), "allowed_communication_protocols": ["cli"]})
        r = await client.register_manual(ct)
        assert r.success and len(r.manual.tools) == len(ts), (m, r.errors)
        for i, t in enumerate(ts):
            key = ("manuals/" + m + ".json", t["n"])
            if only and t["n"] not in only:
                if key in old: results.append(old[key])
                continue
            cid = t["n"]
            C = f"/tmp/blindF_canary_{cid}"
            cat = t["cat"]
            ok, ev = False, ""
            try:
                if cat == "safe":
                    out, exc = await call(client, m, t, t["benign"], C)
                    e = env_for_check(out, exc, C)
                    good = eval(t.get("ok", "exc is None"), e)
                    fl = hostile_flags(out, exc, C, t)
                    if not good or fl:
                        ev = f"benign run failed ok-check or flagged {fl}: exc={exc} out={out[:300]!r}"
                    else:
                        bad = []
                        n = 0
                        for arg in t["a"]:
                            if arg in t.get("fixed", {}):
                                continue
                            for h in HOSTILE:
                                args = dict(t["benign"]); args[arg] = h
                                out, exc = await call(client, m, t, args, C)
                                fl = hostile_flags(out, exc, C, t)
                                n += 1
                                if fl: bad.append((arg, h, fl))
                        if bad:
                            ev = f"hostile payload had an effect: {bad[:3]}"
                        else:
                            ok = True
                            ev = f"benign ok; {n} hostile payloads (subst, ;, backticks, |, newline, &&, a[$()], quote-break, -o/--output=/-f options, ../ and absolute paths, spaces, glob) -> no canary, no probe file, no option/split argv"
                else:
                    args = t["payload"] if cat != "broken" else t["benign"]
                    out, exc = await call(client, m, t, args, C)
                    e = env_for_check(out, exc, C)
                    good = bool(eval(t["check"], e))
                    ev_extra = eval(t["show"], e) if t.get("show") else ""
                    ev = (f"check `{t['check']}` {'holds' if good else 'FAILED'}; exc={exc} out={out[:200]!r} {ev_extra}")
                    ok = good
                    if ok and cat != "broken" and "benign" in t:
                        out2, exc2 = await call(client, m, t, t["benign"], C)
                        ev += f"; benign run: exc={exc2} out={out2[:80]!r}"
            except Exception as ex:
                ev = "harness error: " + traceback.format_exc()[-400:]
            rec = {"tool": t["n"], "manual": "manuals/" + m + ".json", "category": cat,
                   "payload_args": subst_args(t.get("payload") if cat not in ("safe", "broken") else t.get("benign"), C),
                   "evidence": ev, "idiom": t.get("idiom", ""), "programs": t.get("prog", [])}
            if ok:
                results.append(rec)
            else:
                dropped.append(rec)
            if a.verbose or not ok:
                print(("OK  " if ok else "DROP"), cat, m, t["n"], "::", ev[:600], flush=True)
    os.chdir(HERE)
    json.dump(results, open(lp, "w"), indent=1)
    json.dump(dropped, open(os.path.join(HERE, "dropped.json"), "w"), indent=1)
    from collections import Counter
    print("labelled:", dict(Counter(r["category"] for r in results)), "total", len(results))
    print("dropped:", len(dropped), [d["tool"] for d in dropped])


def subst_args(d, C):
    return {k: subst(v, C) for k, v in (d or {}).items()}


if __name__ == "__main__":
    asyncio.run(main())
