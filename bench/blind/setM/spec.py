"""Spec of blind set M. Each tool: id, manual, name, desc, commands (strings use «arg» for
UTCP_ARG_arg_UTCP_END), inputs, cat, and payload+check (unsafe) or benign+expect (safe)."""
import os, re, glob, subprocess, shutil, json

WS = "/tmp/blindM_ws"
STUB_PROGRAMS = ["kubectl", "helm", "terraform", "aws", "gh", "docker", "pg_dump", "psql", "restic",
                 "rclone", "ffmpeg", "pandoc", "exiftool", "gs", "ansible-playbook", "vault", "redis-cli",
                 "mysql", "skopeo", "cosign", "trivy", "poetry", "cargo", "gem", "composer", "rsync",
                 "systemctl", "journalctl", "crontab", "sudo", "dig", "nc", "lua", "ruby", "php", "Rscript",
                 "az", "gcloud", "podman", "nomad", "consul", "packer", "velero", "flux", "argocd", "mongosh", "7z",
                 "qpdf", "pdftk", "xmllint", "tidy", "hugo", "mkdocs", "sphinx-build", "asciidoctor", "pip-audit",
                 "uv", "pnpm", "yarn", "go", "mvn", "gradle", "bundle", "rustup", "conda", "brew", "apt-get", "dnf"]

TOOLS = []
_ids = set()

def sub(s):
    return re.sub(r"«(\w+)»", r"UTCP_ARG_\1_UTCP_END", s)

def T(id, manual, name, desc, commands, inputs, cat, **kw):
    assert id not in _ids, id
    _ids.add(id)
    cmds = []
    for c in commands:
        if isinstance(c, dict):
            c = dict(c); c["command"] = sub(c["command"]); cmds.append(c)
        else:
            cmds.append({"command": sub(c)})
    t = {"id": id, "manual": manual, "name": name, "desc": desc, "commands": cmds,
         "inputs": inputs, "cat": cat}
    t.update(kw)
    TOOLS.append(t)

# ---------------- checks ----------------
def exists(p):
    return lambda ctx: os.path.exists(p.replace("{ID}", ctx.id)) and f"{p.replace('{ID}', ctx.id)} was created"
def wfile(ctx):
    g = glob.glob(f"/tmp/blindM_w_{ctx.id}*")
    return bool(g) and f"file written outside the intended directory: {g}"
def out_has(s):
    return lambda ctx: s in ctx.text() and f"output contains {s!r}"
def exc_has(s):
    return lambda ctx: bool(ctx.exc) and s in ctx.exc and f"call raised {ctx.exc[:200]}"
def out_lacks(s, why):
    return lambda ctx: (ctx.exc is not None or s not in ctx.text()) and f"{why}; exc={ctx.exc}; output={ctx.text()[:200]!r}"
def stub_opt(prog, pref):
    def f(ctx):
        for a in ctx.argv(prog):
            for i, x in enumerate(a):
                if "--" in a[:i]: break
                if x.startswith(pref):
                    return f"{prog} received option argument {x!r} (argv {a})"
        return False
    return f
def stub_calls(prog, n):
    def f(ctx):
        calls = ctx.argv(prog)
        return len(calls) >= n and f"{prog} invoked {len(calls)} times: {calls}"
    return f
def stub_has(prog, word):
    def f(ctx):
        for a in ctx.argv(prog):
            if word in a:
                return f"{prog} argv contains separate element {word!r}: {a}"
        return False
    return f
def both(*fs):
    def f(ctx):
        rs = [g(ctx) for g in fs]
        return all(rs) and "; ".join(rs)
    return f

# ---------------- fixtures ----------------
_KEYS = "/tmp/blindM_keycache"
def make_fixtures(ws):
    def w(p, s):
        p = os.path.join(ws, p); os.makedirs(os.path.dirname(p), exist_ok=True); open(p, "w").write(s)
    w("data.csv", "name,age,city\nalice,31,paris\nbob,25,berlin\ncarol,40,rome\ndave,22,oslo\n")
    w("notes.txt", "first line\nsecond line\nTODO fix\n")
    w("my notes.txt", "spaced file\n")
    w("app.log", "2026-11-27 INFO start\n2026-11-27 ERROR db down\n2026-11-27 WARN slow\n2026-11-27 ERROR timeout\n")
    w("config.json", json.dumps({"name": "demo", "version": "1.2.3", "deps": {"a": 1}}))
    w("docs/index.md", "# Index\nhello\n"); w("docs/guide.md", "# Guide\ntext\n")
    w("docs/a b.md", "spaced\n")
    w("uploads/a.txt", "A\n"); w("uploads/b.txt", "B\n")
    w("proj/Makefile", "build:\n\t@echo building\ntest:\n\t@echo testing ok\nlint:\n\t@echo lint ok\n")
    w("site/index.html", "<h1>site</h1>\n")
    w("pkg/package.json", json.dumps({"name": "pkg", "version": "0.1.0"}))
    w("hex.txt", "00000000: 6869 0a                                  hi.\n")
    w("calc.tcl", "puts [expr {[lindex $::argv 0] * 2}]\n")
    for d in ("backups", "reports", "chunks", "patches", "out", "thumbs", "links", "worktrees", "logs", "keys"):
        os.makedirs(os.path.join(ws, d), exist_ok=True)
    w("logs/app.log", "log line\n")
    w("proj/CMakeLists.txt", "cmake_minimum_required(VERSION 3.10)\nproject(demo NONE)\n")
    w("proj/Makefile", "build:\n\t@echo building\ntest:\n\t@echo testing ok $(TESTFLAGS)\nlint:\n\t@echo lint ok\n")
    w("tests/test_basic.py", "def test_ok():\n    assert 1 + 1 == 2\n")
    w("keys/pass.txt", "s3cret\n")
    w("uploads/in.mp4", "fake")
    os.makedirs(os.path.join(ws, "keys/gnupg"), mode=0o700, exist_ok=True)
    subprocess.run(["tar", "-czf", "backups/site.tgz", "site"], cwd=ws)
    subprocess.run(["zip", "-q", "-r", "backups/docs.zip", "docs"], cwd=ws)
    if not os.path.exists(_KEYS + "/id_ed25519"):
        os.makedirs(_KEYS, exist_ok=True)
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", _KEYS + "/id_ed25519"], capture_output=True)
    for f in ("id_ed25519", "id_ed25519.pub"): shutil.copy(os.path.join(_KEYS, f), os.path.join(ws, "keys", f))
    with open(os.path.join(ws, "disk.img"), "wb") as f: f.write(b"\0" * 65536)
    import sqlite3
    c = sqlite3.connect(os.path.join(ws, "db.sqlite"))
    c.execute("create table users(id integer, name text, email text)")
    c.executemany("insert into users values(?,?,?)", [(1, "alice", "a@x.io"), (2, "bob", "b@x.io")])
    c.commit(); c.close()
    if not os.path.exists(_KEYS + "/server.key"):
        os.makedirs(_KEYS, exist_ok=True)
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", _KEYS + "/server.key",
                        "-out", _KEYS + "/server.crt", "-days", "30", "-subj", "/CN=demo.local"], capture_output=True)
    for f in ("server.key", "server.crt"): shutil.copy(os.path.join(_KEYS, f), os.path.join(ws, "keys", f))
    # git repo with origin
    if not os.path.exists("/tmp/blindM_gitcache/repo"):
        g = "/tmp/blindM_gitcache"; os.makedirs(g, exist_ok=True)
        env = dict(os.environ, GIT_AUTHOR_NAME="a", GIT_AUTHOR_EMAIL="a@x", GIT_COMMITTER_NAME="a", GIT_COMMITTER_EMAIL="a@x")
        sh = lambda *c, cwd=g: subprocess.run(c, cwd=cwd, env=env, capture_output=True)
        sh("git", "init", "-q", "--bare", "-b", "main", "origin.git")
        sh("git", "init", "-q", "-b", "main", "repo")
        r = g + "/repo"
        open(r + "/README.md", "w").write("readme\n"); open(r + "/app.py", "w").write("print(1)\n")
        sh("git", "config", "user.name", "a", cwd=r); sh("git", "config", "user.email", "a@x", cwd=r)
        sh("git", "add", "-A", cwd=r); sh("git", "commit", "-qm", "init", cwd=r)
        open(r + "/app.py", "a").write("print(2)\n"); sh("git", "commit", "-qam", "second", cwd=r)
        sh("git", "branch", "feature", cwd=r)
        sh("git", "remote", "add", "origin", g + "/origin.git", cwd=r)
        sh("git", "push", "-q", "origin", "main", "feature", cwd=r)
        sh("git", "branch", "-u", "origin/main", cwd=r)
    subprocess.run(["cp", "-a", "/tmp/blindM_gitcache/repo", "/tmp/blindM_gitcache/origin.git", ws])
    subprocess.run(["git", "-C", os.path.join(ws, "repo"), "remote", "set-url", "origin", os.path.join(ws, "origin.git")])
    open(os.path.join(ws, "repo", "app.py"), "a").write("print('local change')\n")

# shared string inputs
S = "string"
def I(**kw):
    return {k: ({"type": v} if isinstance(v, str) else v) for k, v in kw.items()}

exec(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "spec_tools.py")).read())
