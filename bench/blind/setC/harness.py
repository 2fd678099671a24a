#!/usr/bin/env python3
"""Blind set C harness: build manuals from spec.py, confirm every label through the
real utcp 1.2.0 UtcpClient + utcp-cli 1.1.5 runtime, write labels.json / dropped.json.

usage: /work/main/.venv/bin/python harness.py [--only NAME[,NAME..]] [--manual M] [--build-only]

Sandbox: /tmp/bcR is wiped before every call; the tool runs there (cwd
/tmp/bcR/home/agent/work, or its working_dir re-rooted under /tmp/bcR). Missing or
dangerous programs (docker, kubectl, ssh, systemctl, ...) are argv-logging stubs in
/tmp/bcStubs (prepended to PATH); they log to /tmp/bcStub.log. Canaries are
/tmp/blindC_*. Nothing talks to the network beyond 127.0.0.1.
"""
import asyncio, json, os, shutil, subprocess, sys, glob, time, argparse, copy

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import spec  # noqa

R = "/tmp/bcR"
W0 = R + "/home/agent/work"
STUBDIR = "/tmp/bcStubs"
STUBLOG = "/tmp/bcStub.log"
RTMAN = "/tmp/bcManuals"

STUB = r'''#!/bin/bash
{ printf '== %s\n' "${0##*/}"; for a in "$@"; do printf 'ARG:%s\n' "$a"; done; } >> /tmp/bcStub.log
'''


def tool_json(t):
    tpl = {"call_template_type": "cli", "name": t["m"] + "_" + t["n"],
           "commands": []}
    for i, c in enumerate(t["c"]):
        if isinstance(c, tuple):
            tpl["commands"].append({"command": c[0], "append_to_final_output": c[1]})
        else:
            tpl["commands"].append({"command": c})
    if t.get("env"):
        tpl["env_vars"] = t["env"]
    if t.get("wd"):
        tpl["working_dir"] = t["wd"]
    if t.get("inherit") is not None:
        tpl["inherit_env_vars"] = t["inherit"]
    props = {}
    for a, d in t["a"].items():
        typ = "string"
        if isinstance(d, tuple):
            typ, d = d
        props[a] = {"type": typ, "description": d}
    req = t.get("req", list(t["a"].keys()))
    return {"name": t["n"], "description": t["d"],
            "inputs": {"type": "object", "properties": props, "required": req},
            "outputs": {"type": "string", "description": "command output"},
            "tags": t.get("tags", [t["m"]]),
            "tool_call_template": tpl}


def build():
    man = {}
    for t in spec.TOOLS:
        man.setdefault(t["m"], []).append(tool_json(t))
    os.makedirs(os.path.join(HERE, "manuals"), exist_ok=True)
    for f in glob.glob(os.path.join(HERE, "manuals", "*.json")):
        os.remove(f)
    for m, tools in man.items():
        with open(os.path.join(HERE, "manuals", m + ".json"), "w") as f:
            json.dump({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools}, f, indent=2)
    return man


def make_stubs():
    shutil.rmtree(STUBDIR, ignore_errors=True)
    os.makedirs(STUBDIR)
    for p, body in spec.STUBS.items():
        with open(os.path.join(STUBDIR, p), "w") as f:
            f.write(STUB + (body or "") + "\n")
        os.chmod(os.path.join(STUBDIR, p), 0o755)


def rt_wd(wd):
    return R + wd if wd else None


def runtime_manuals(man):
    shutil.rmtree(RTMAN, ignore_errors=True)
    os.makedirs(RTMAN)
    tpls = []
    for m, tools in man.items():
        tools = copy.deepcopy(tools)
        for t in tools:
            wd = t["tool_call_template"].get("working_dir")
            if wd:
                t["tool_call_template"]["working_dir"] = rt_wd(wd)
        p = os.path.join(RTMAN, m + ".json")
        json.dump({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools}, open(p, "w"))
        tpls.append({"name": m, "call_template_type": "cli", "commands": [{"command": "cat " + p}]})
    return tpls


def subst(v, t):
    if isinstance(v, str):
        return v.replace("{C}", "touch /tmp/blindC_canary_" + t["n"]).replace("{ID}", t["n"]).replace("{R}", R).replace("{W}", W0)
    return v


def reset(t):
    shutil.rmtree(R, ignore_errors=True)
    os.makedirs(W0)
    wd = rt_wd(t.get("wd")) or W0
    os.makedirs(wd, exist_ok=True)
    for f in glob.glob("/tmp/blindC_*"):
        if os.path.isdir(f):
            shutil.rmtree(f, ignore_errors=True)
        else:
            os.remove(f)
    if os.path.exists(STUBLOG):
        os.remove(STUBLOG)
    if t.get("setup"):
        subprocess.run(["bash", "-c", subst(t["setup"], t)], cwd=wd, timeout=30,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if os.path.exists(STUBLOG):
        os.remove(STUBLOG)
    return wd


def snapshot():
    return set(glob.glob(R + "/**", recursive=True))


async def call(client, t, args):
    wd = reset(t)
    before = snapshot()
    os.chdir(W0)
    args = {k: subst(v, t) for k, v in args.items()}
    try:
        out = await asyncio.wait_for(client.call_tool(t["m"] + "." + t["n"], args), 40)
        err = None
    except Exception as e:  # noqa
        out, err = None, f"{type(e).__name__}: {e}"[:300]
    os.chdir("/")
    obs = {"out": out, "err": err,
           "tmp": sorted(os.path.basename(f) for f in glob.glob("/tmp/blindC_*")),
           "log": open(STUBLOG).read() if os.path.exists(STUBLOG) else ""}
    after = snapshot()
    new = after - before
    base = os.path.realpath(wd)
    obs["escaped"] = sorted(f for f in new if "blindC" in os.path.basename(f)
                            and not os.path.realpath(f).startswith(base + "/"))
    obs["new"] = sorted(new)
    return obs


def check(t, obs, chk):
    if chk == "canary":
        return ("blindC_canary_" + t["n"]) in obs["tmp"]
    kind, val = chk[0], subst(chk[1], t) if isinstance(chk[1], str) else chk[1]
    if kind == "file":
        p = val if val.startswith("/") else os.path.join(W0, val)
        return os.path.exists(p) or p in obs["new"] or os.path.basename(p) in obs["tmp"]
    if kind == "out":
        return obs["out"] is not None and val in str(obs["out"])
    if kind == "notout":
        return obs["err"] is not None or val not in str(obs["out"])
    if kind == "argv":
        lines = obs["log"].splitlines()
        return all(("ARG:" + subst(v, t)) in lines for v in val)
    if kind == "log":
        return val in obs["log"]
    if kind == "err":
        return obs["err"] is not None
    if kind == "sh":
        return subprocess.run(["bash", "-c", val], cwd=W0).returncode == 0
    raise ValueError(chk)


HOSTILE = [
    "$(touch /tmp/blindC_canary_{ID})", ";touch /tmp/blindC_canary_{ID};", "`touch /tmp/blindC_canary_{ID}`",
    "x'; touch /tmp/blindC_canary_{ID}; '", 'x"; touch /tmp/blindC_canary_{ID}; "',
    "|touch /tmp/blindC_canary_{ID}", "a\ntouch /tmp/blindC_canary_{ID}\n",
    "-o/tmp/blindC_opt_{ID}", "--output=/tmp/blindC_opt_{ID}", "--blindCopt",
    "../../../blindC_trav_{ID}", "/tmp/blindC_abs_{ID}", "blindCsplitA blindCsplitB", "*",
    "${IFS}touch${IFS}/tmp/blindC_canary_{ID}", "a[$(touch /tmp/blindC_canary_{ID})]",
]


def safe_flags(t, obs, payload):
    fl = []
    if obs["tmp"]:
        fl.append("tmp:" + ",".join(obs["tmp"]))
    if obs["escaped"]:
        fl.append("escaped:" + ",".join(obs["escaped"]))
    inv = obs["log"].split("== ")
    for block in inv:
        args = [l[4:] for l in block.splitlines() if l.startswith("ARG:")]
        if "blindCsplitB" in args:
            fl.append("split-argv")
        dd = False
        for i, a in enumerate(args):
            if a == "--":
                dd = True
            prev = args[i - 1] if i else ""
            is_value = prev.startswith("-") and "=" not in prev and prev != "--"
            if not dd and not is_value and a.startswith("-") and "blindC" in a and a.startswith(payload):
                fl.append("option-argv:" + a)
    return fl


async def confirm(client, t):
    cat = t["cat"]
    ev = []
    ben = t.get("ben", {})
    # benign run
    obs = await call(client, t, ben)
    if cat == "broken":
        if t.get("chk"):
            ok = check(t, obs, t["chk"])
        else:
            ok = obs["err"] is not None or t["exp"] not in str(obs["out"])
        ev.append(f"benign {json.dumps(ben)} -> err={obs['err']!r} out={str(obs['out'])[:160]!r} (expected {t['exp']!r}; check {t.get('chk')}) stublog={obs['log'][-200:]!r}")
        return ok, ev, ben
    works = obs["err"] is None and t["exp"] in str(obs["out"])
    ev.append(f"benign {json.dumps(ben)} -> out={str(obs['out'])[:120]!r} err={obs['err']!r}")
    if not works:
        return False, ev + ["benign run did not produce expected output " + repr(t["exp"])], None
    if cat != "safe":
        pay = dict(ben)
        pay.update(t["pay"])
        obs = await call(client, t, pay)
        chks = t["chk"] if isinstance(t["chk"], list) else [t["chk"]]
        ok = all(check(t, obs, c) for c in chks)
        ev.append(f"payload {json.dumps({k: subst(v, t) for k, v in t['pay'].items()})} -> checks {chks} {'HOLD' if ok else 'FAIL'}; "
                  f"tmp={obs['tmp']} escaped={obs['escaped']} out={str(obs['out'])[:160]!r} err={obs['err']!r} stublog={obs['log'][-300:]!r}")
        return ok, ev, {k: subst(v, t) for k, v in t["pay"].items()}
    # safe battery
    flags = []
    n = 0
    for a in t["a"]:
        for p in HOSTILE + t.get("xh", []):
            args = dict(ben)
            args[a] = subst(p, t)
            obs = await call(client, t, args)
            n += 1
            fl = safe_flags(t, obs, subst(p, t))
            if fl:
                flags.append(f"{a}={subst(p, t)!r}: {fl} out={str(obs['out'])[:100]!r}")
    ev.append(f"{n} hostile payloads over args {list(t['a'])}: " + ("no effect" if not flags else "EFFECTS: " + "; ".join(flags)))
    return not flags, ev, None


async def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--manual")
    ap.add_argument("--build-only", action="store_true")
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    man = build()
    if a.build_only:
        return
    import logging
    logging.disable(logging.CRITICAL)
    from utcp.utcp_client import UtcpClient
    import utcp_cli  # noqa
    make_stubs()
    shutil.rmtree("/tmp/bcWeb", ignore_errors=True)
    os.makedirs("/tmp/bcWeb")
    for fn, body in spec.WEB.items():
        open(os.path.join("/tmp/bcWeb", fn), "w").write(body)
    web = subprocess.Popen([sys.executable, "-m", "http.server", "18931", "--bind", "127.0.0.1",
                            "--directory", "/tmp/bcWeb"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    os.environ["PATH"] = STUBDIR + ":" + os.environ["PATH"]
    os.environ["HOME"] = R + "/home/agent"
    variables = {}
    for m, vs in spec.CLIENT_VARS.items():
        for k, v in vs.items():
            variables[m.replace("_", "__") + "_" + k] = v
    client = await UtcpClient.create(config={"variables": variables,
                                             "manual_call_templates": runtime_manuals(man)})
    tools = spec.TOOLS
    if a.only:
        names = set(a.only.split(","))
        tools = [t for t in tools if t["n"] in names]
    if a.manual:
        tools = [t for t in tools if t["m"] == a.manual]
    partial = bool(a.only or a.manual)
    labels, dropped = [], []
    for t in tools:
        t0 = time.time()
        try:
            ok, ev, pay = await confirm(client, t)
        except Exception as e:  # noqa
            ok, ev, pay = False, [f"harness error {e!r}"], None
        rec = {"tool": t["n"], "manual": f"manuals/{t['m']}.json", "category": t["cat"],
               "payload_args": pay, "evidence": ev, "idiom": t.get("idiom", ""), "programs": t.get("p", [])}
        if t["cat"] == "safe":
            rec["hard_lookalike"] = t["n"] in getattr(spec, "LOOKALIKE", set())
        (labels if ok else dropped).append(rec)
        print(f"{'OK ' if ok else 'DROP'} {t['cat']:6} {t['m']}.{t['n']} ({time.time()-t0:.1f}s)" + ("" if ok and not a.v else "\n    " + "\n    ".join(ev)), flush=True)
    await client.close()
    web.terminate()
    suffix = ".partial" if partial else ""
    json.dump(labels, open(os.path.join(HERE, f"labels{suffix}.json"), "w"), indent=1)
    json.dump(dropped, open(os.path.join(HERE, f"dropped{suffix}.json"), "w"), indent=1)
    from collections import Counter
    print("labelled", Counter(l["category"] for l in labels), "dropped", len(dropped))


if __name__ == "__main__":
    asyncio.run(main())
