#!/usr/bin/env python3
"""setK harness: builds manuals from spec.py, confirms every label through the real
UtcpClient (utcp 1.2.0 + utcp-cli 1.1.5), writes manuals/*.json and labels.json.

usage: /work/main/.venv/bin/python harness.py [--only NAME[,NAME]] [--no-write]
"""
import asyncio, json, os, shutil, subprocess, sys, logging, glob, argparse, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
logging.disable(logging.CRITICAL)
from utcp.utcp_client import UtcpClient

HERE = os.path.dirname(os.path.abspath(__file__))
WS = "/tmp/blindK_ws"            # fixture workspace (re-created before every call)
STUBDIR = "/tmp/blindK_stubs"     # stub programs, prepended to PATH
STUBLOG = "/tmp/blindK_stublog"
SECRET = "/tmp/blindK_secret.txt"
SECRET_MARK = "BKSECRET42"
STUBS = ["pandoc", "gs", "exiftool", "ffmpeg", "ffprobe", "rsync", "socat", "dig", "helm", "kubectl",
         "docker", "terraform", "aws", "gcloud", "az", "gh", "redis-cli", "mysql", "pg_dump", "restic",
         "borg", "rclone", "skopeo", "vault", "ansible-playbook", "cosign", "trivy", "shellcheck",
         "ruby", "php", "lua", "Rscript", "gem", "composer", "cargo", "poetry", "conda", "nmap",
         "magick", "pdftk", "qpdf", "mogrify", "convert", "sox", "systemctl", "crontab", "journalctl",
         "psql", "mongosh", "flyway", "kustomize", "kind", "minikube", "packer", "nomad", "consul",
         "certbot", "step", "age", "sops", "git-lfs", "hugo", "mkdocs", "sphinx-build",
         "asciidoctor", "wkhtmltopdf", "tesseract", "yt-dlp", "s3cmd", "mc", "az", "doctl", "flyctl",
         "heroku", "npm", "pnpm", "yarn", "pip", "pipx", "uv", "go", "mvn", "gradle", "dotnet", "nuget",
         "jfrog", "twine", "ansible", "salt", "pulumi", "stern", "k9s", "argocd", "flux", "istioctl",
         "virsh", "lxc", "podman", "buildah", "nerdctl", "crictl", "etcdctl", "zfs", "lvcreate", "mount",
         "ip", "iptables", "nft", "ufw", "tc", "ss", "curl_stub", "mail", "sendmail", "logger_stub",
         "apt-get", "dpkg", "apk", "dnf", "brew", "snap", "flatpak", "nix", "chronyc", "timedatectl",
         "hostnamectl", "useradd", "usermod", "passwd", "chpasswd", "openvpn", "wg", "tailscale", "ldapsearch",
         "kcat", "nats", "influx", "promtool", "amtool", "logcli", "vegeta", "hey", "ab", "wrk", "k6",
         "duckdb", "mlr", "xsv", "csvkit", "datamash", "xmlstarlet", "xmllint", "xsltproc", "pdftotext",
         "latexmk", "pdflatex", "dot", "plantuml", "mermaid", "svgo", "optipng", "jpegoptim", "cwebp",
         "avifenc", "gifsicle", "ocrmypdf", "calibre", "ebook-convert", "unoconv", "soffice"]

def make_stubs():
    os.makedirs(STUBDIR, exist_ok=True)
    for s in sorted(set(STUBS)):
        p = os.path.join(STUBDIR, s)
        with open(p, "w") as f:
            f.write('#!/bin/bash\nprintf \'%s\\0\' "@@' + s + '" "$@" >> ' + STUBLOG +
                    '\nprintf \'%s\\n\' "STUB:' + s + ' $*"\n')
        os.chmod(p, 0o755)

def stub_calls():
    if not os.path.exists(STUBLOG):
        return []
    data = open(STUBLOG, "rb").read().decode("utf-8", "replace").split("\0")
    calls = []
    for x in data:
        if x.startswith("@@"):
            calls.append([x[2:]])
        elif calls:
            calls[-1].append(x)
    return calls

TPL = "/tmp/blindK_ws_tpl"

def build_template():
    """Build the fixture template once: a git repo, logs, data, certs, archives, a sqlite db, build files."""
    shutil.rmtree(TPL, ignore_errors=True)
    os.makedirs(TPL)
    script = r"""
set -e
mkdir -p repo docs logs data out backups site uploads media certs build/ninja charts infra keys notes tmp restore
cd repo && git init -q -b main . && git config user.email k@example.invalid && git config user.name K
printf 'hello\n' > README.md && mkdir -p src && printf 'print(1)\n' > src/app.py && git add -A
git commit -qm 'initial commit' && git tag v1.0.0 && printf 'more\n' >> README.md && git commit -qam 'second: fix bug' && cd ..
printf '2026-11-27 ERROR disk full\n2026-11-27 INFO ok\n2026-11-27 ERROR timeout\n' > logs/app.log
xz -k logs/app.log
printf 'a,b\n1,2\n3,4\n' > data/table.csv
printf '{"name":"demo","version":"1.2.3","items":[1,2,3]}\n' > data/info.json
printf 'name: demo\nversion: 1.2.3\n' > data/conf.yaml
printf '# Title\n\nSome text.\n' > docs/index.md
printf 'line one\nline two\nline three\n' > notes/todo.txt
tar czf backups/snap.tar.gz -C data .
(cd data && zip -q ../backups/data.zip table.csv info.json)
sqlite3 data/app.db "create table users(id integer, name text); insert into users values (1,'ann'),(2,'bob');"
printf 'all:\n\t@echo built\nclean:\n\t@echo cleaned\ntest:\n\t@echo tested\nrelease:\n\t@echo "packaging $(VERSION)"\n' > build/Makefile
cp /bin/true build/app.bin
printf '#include <stdio.h>\nint main(void){puts("hi");return 0;}\n' > build/hello.c
printf 'VERSION=0.0.0\n' > build/version.env
printf 'rule cp\n  command = cp $in $out\nbuild out.txt: cp in.txt\n' > build/ninja/build.ninja
echo in > build/ninja/in.txt; echo in > build/ninja/out.txt
printf 'fake image' > media/clip.mp4; printf 'fake' > media/photo.jpg
openssl req -x509 -newkey ed25519 -keyout certs/server.key -out certs/server.crt -days 30 -nodes -subj /CN=test 2>/dev/null
ssh-keygen -q -t ed25519 -N '' -f certs/id_test
printf 'secret notes\n' > certs/notes.txt
touch 'uploads/old report.txt' uploads/old uploads/x.bak uploads/keep.txt
printf '<html></html>\n' > site/index.html
printf 'image: web\n' > charts/values.yaml
printf 'plan\n' > infra/plan.txt; printf '0 3 * * * /usr/local/bin/backup.sh\n' > infra/jobs.cron
"""
    subprocess.run(["bash", "-c", script], cwd=TPL, check=True, capture_output=True)

def fixture():
    shutil.rmtree(WS, ignore_errors=True)
    subprocess.run(["cp", "-a", TPL, WS], check=True)
    os.chdir(WS)
    with open(SECRET, "w") as f:
        f.write(SECRET_MARK + "\n")

def clean_markers():
    for p in glob.glob("/tmp/blindK_canary_*") + glob.glob("/tmp/blindK_pwn_*") + glob.glob("/tmp/blindK_w_*"):
        try:
            if os.path.isdir(p) and not os.path.islink(p): shutil.rmtree(p)
            else: os.remove(p)
        except FileNotFoundError: pass
    if os.path.exists(STUBLOG): os.remove(STUBLOG)

def manual_json(tools):
    return {"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": [t.tool_json() for t in tools]}

async def call(manual_path, mname, tool, args, variables):
    cfg = {"manual_call_templates": [{"name": mname, "call_template_type": "cli",
                                      "commands": [{"command": f"cat {manual_path}"}]}],
           "variables": variables}
    client = await UtcpClient.create(root_dir=WS, config=cfg)
    try:
        r = await asyncio.wait_for(client.call_tool(f"{mname}.{tool}", args), 40)
        return True, r if isinstance(r, str) else json.dumps(r)
    except Exception as e:
        return False, f"{type(e).__name__}: {e}"
    finally:
        try: await client.close()
        except Exception: pass

def subst(v, t):
    if isinstance(v, dict): return {k: subst(x, t) for k, x in v.items()}
    if isinstance(v, list): return [subst(x, t) for x in v]
    if isinstance(v, str):
        return (v.replace("{C}", t.canary).replace("{P}", t.pwn).replace("{W}", t.wmark)
                 .replace("{WS}", WS).replace("{S}", SECRET))
    return v

def check(t, chk, ok, out):
    """chk: list of predicates; all must hold. Returns (bool, evidence)."""
    ev = []
    for c in chk:
        kind, _, arg = c.partition(":")
        arg = subst(arg, t).replace("\\n", "\n")
        if kind == "exists":
            r = os.path.exists(arg)
        elif kind == "glob":
            r = bool(glob.glob(arg))
        elif kind == "absent":
            r = not os.path.exists(arg)
        elif kind == "out":
            r = arg in (out or "")
        elif kind == "noout":
            r = arg not in (out or "")
        elif kind == "fail":
            r = (not ok) or (arg in (out or "") if arg else False)
        elif kind == "argv":          # argv:prog:elem   (elem is one whole argv element)
            prog, _, elem = arg.partition(":")
            r = any(cl[0] == prog and elem in cl[1:] for cl in stub_calls())
        elif kind == "argvcount":     # argvcount:prog:N  (number of invocations)
            prog, _, n = arg.partition(":")
            r = sum(1 for cl in stub_calls() if cl[0] == prog) == int(n)
        elif kind == "noargv":        # noargv:prog:elem
            prog, _, elem = arg.partition(":")
            r = not any(cl[0] == prog and elem in cl[1:] for cl in stub_calls())
        else:
            raise ValueError(c)
        ev.append(f"{c}={'ok' if r else 'NO'}")
        if not r:
            return False, "; ".join(ev)
    return True, "; ".join(ev)

HOSTILE = ["$(touch {C})", "`touch {C}`", "x;touch {C}", "x\ntouch {C}", "x' ; touch {C} #",
           "x\" ; touch {C} #", "x && touch {C}", "-o{P}", "--output={P}", "../../../../tmp/blindK_pwn_t",
           "a b *", "*", "${IFS}touch${IFS}{C}"]

def safe_generic_ok(t, out):
    bad = [p for p in glob.glob("/tmp/blindK_canary_*") + glob.glob("/tmp/blindK_pwn_*") + glob.glob("/tmp/blindK_w_*")]
    if bad: return False, f"marker files appeared: {bad}"
    if t.noread and SECRET_MARK in (out or ""): return False, "secret read"
    # stubbed programs: any argv element carrying a payload marker must be whole and not an option
    for cl in stub_calls():
        prev = None
        after_dd = False
        for a in cl[1:]:
            if a == "--": after_dd = True
            if "blindK" in a and a.startswith("-") and not after_dd and prev not in t.val_opts \
                    and not any(a.startswith(p) for p in t.val_prefixes):
                return False, f"payload reached option position of {cl[0]}: {a!r}"
            prev = a
    return True, "no marker file, no secret, no option-position payload"

async def run_tool(t, mpath):
    res = {"tool": t.name, "manual": f"manuals/{t.manual}.json", "category": t.cat, "idiom": t.idiom,
           "programs": t.progs}
    variables = subst(t.variables, t)
    if t.cat == "safe":
        # 1) works on benign input
        clean_markers(); fixture()
        ok, out = await call(mpath, t.manual, t.name, subst(t.benign, t), variables)
        good, ev = check(t, t.expect, ok, out)
        if not ok or not good:
            return None, f"safe tool does not work on benign input: {out[:300]} {ev}"
        evs = [f"benign {t.benign} -> {ev}"]
        n = 0
        for arg in t.hostile_args or list(t.benign):
            for p in HOSTILE + t.hostile_extra:
                args = dict(subst(t.benign, t)); args[arg] = subst(p, t)
                clean_markers(); fixture()
                ok, out = await call(mpath, t.manual, t.name, args, variables)
                g, e = safe_generic_ok(t, out)
                if g and t.safe_check:
                    g, e = check(t, t.safe_check, ok, out)
                    g = g or False
                n += 1
                if not g:
                    return None, f"hostile {arg}={p!r} had effect: {e} out={out[:200]}"
        res["payload_args"] = {"hostile": HOSTILE + t.hostile_extra, "args": t.hostile_args or list(t.benign)}
        res["evidence"] = "; ".join(evs) + f"; {n} hostile runs, none had an effect"
        return res, None
    if t.cat == "broken":
        clean_markers(); fixture()
        ok, out = await call(mpath, t.manual, t.name, subst(t.benign, t), variables)
        good, ev = check(t, t.check, ok, out)
        if not good:
            return None, f"broken not confirmed: ok={ok} out={out[:300]} {ev}"
        res["payload_args"] = t.benign
        res["evidence"] = f"benign input {t.benign} -> ok={ok} out={out[:160]!r}; {ev}"
        return res, None
    # unsafe: benign should not trigger; payload must
    clean_markers(); fixture()
    ok0, out0 = await call(mpath, t.manual, t.name, subst(t.benign, t), variables)
    g0, _ = check(t, t.check, ok0, out0)
    if g0 and t.cat != "split":
        return None, f"effect check already true on benign input ({out0[:200]})"
    clean_markers(); fixture()
    ok, out = await call(mpath, t.manual, t.name, subst(t.payload, t), variables)
    good, ev = check(t, t.check, ok, out)
    if not good:
        return None, f"payload had no effect: ok={ok} out={out[:300]} {ev}"
    res["payload_args"] = t.payload
    res["evidence"] = f"payload -> {ev}; out={out[:120]!r}" + (f"; client vars {list(t.variables)}" if t.variables else "")
    return res, None

async def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="")
    ap.add_argument("--no-write", action="store_true")
    a = ap.parse_args()
    import spec
    tools = spec.TOOLS
    names = [t.name for t in tools]
    dup = {n for n in names if names.count(n) > 1}
    assert not dup, dup
    make_stubs()
    build_template()
    os.environ["PATH"] = STUBDIR + ":" + os.environ["PATH"]
    os.makedirs(os.path.join(HERE, "manuals"), exist_ok=True)
    bym = {}
    for t in tools: bym.setdefault(t.manual, []).append(t)
    # during confirmation each tool is served from its own one-tool manual in /tmp
    only = set(filter(None, a.only.split(",")))
    labels, dropped = [], []
    old = {}
    lp = os.path.join(HERE, "labels.json")
    if only and os.path.exists(lp):
        old = {l["tool"]: l for l in json.load(open(lp))}
    for t in tools:
        if only and t.name not in only:
            if t.name in old: labels.append(old[t.name])
            continue
        mp = f"/tmp/blindK_manual_{t.manual}.json"
        json.dump(manual_json([t]), open(mp, "w"))
        t0 = time.time()
        try:
            res, err = await run_tool(t, mp)
        except Exception as e:
            res, err = None, f"harness error {e!r}"
        if res:
            labels.append(res); print(f"OK   {t.cat:7} {t.manual}.{t.name} ({time.time()-t0:.1f}s)", flush=True)
        else:
            dropped.append({"tool": t.name, "manual": t.manual, "category": t.cat, "why": err})
            print(f"DROP {t.cat:7} {t.manual}.{t.name}: {err}", flush=True)
    clean_markers()
    if a.no_write: return
    kept = {l["tool"] for l in labels}
    for m, ts in bym.items():
        json.dump(manual_json([t for t in ts if t.name in kept]),
                  open(os.path.join(HERE, "manuals", f"{m}.json"), "w"), indent=1)
    json.dump(labels, open(lp, "w"), indent=1)
    json.dump(dropped, open(os.path.join(HERE, "dropped.json"), "w"), indent=1)
    from collections import Counter
    print(Counter(l["category"] for l in labels), "dropped", len(dropped))

if __name__ == "__main__":
    asyncio.run(main())
