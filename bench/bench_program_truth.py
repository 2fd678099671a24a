"""Static verdicts against the real programs, at scale (issue 23 "How to measure").

For every program of the program table installed here (the hand entries of
``linter/template/programs.py``, the man-page grammars of ``linter/data/option_grammar.json``
and the capability entries of ``linter/data/program_facts.json``), minus :data:`DENY`,
generate template shapes from the table:

* the value as an operand, first and after the context's typical operand;
* the value after the end-of-options word (when the table records one);
* the value as the argument of each option the table says runs code, writes a file or
  reads one, plus up to :data:`PLAIN_OPTIONS` other value-taking options (their verdict
  should stay clean);
* the hand shapes of :data:`EXTRA` (old-style keys of tar, make variables, ...).

Each shape is rendered exactly as utcp-cli renders it (``utcp_lint.executor.render``) and
run in real bash with every canary payload (:data:`PAYLOADS` plus, per program, each option
the table says writes with ``CANARY`` as its file and each option that runs code with
``./evil.sh``): **as the unprivileged user nobody** (``setpriv``), inside new network and pid
namespaces (``unshare --net --pid --fork``: no network beyond a down loopback, every process
killed when the shape ends), in a fresh copy of a prepared temp directory owned by nobody
(a text file, a tar, a git repository, a sqlite db, ``evil.sh``), stdin from /dev/null, a
timeout of :data:`TIMEOUT` seconds, sequentially.  The label is the first payload that made
``CANARY`` appear (or none).

A program needs a working context: the first of its candidate calls (:data:`CONTEXTS`, else
``prog VALUE notes.txt`` and ``prog VALUE``) that exits 0 with a benign value; a program with
none is skipped and counted.

The static verdict is "some finding of UL150 at error/warning, UL151, UL102, UL103 or
UL105".  Per program: shapes, agree, MISSED (a payload proved it, no static finding), and
"finding no payload proves" (the payload list is finite: an option that only reads files
leaves no canary; not counted as a false positive).

    .venv/bin/python bench/bench_program_truth.py                       # every installed program
    .venv/bin/python bench/bench_program_truth.py --programs tar,sort   # a selection
    .venv/bin/python bench/bench_program_truth.py --json out.json       # rows and summary
    .venv/bin/python bench/bench_program_truth.py --list                # enumeration only, runs nothing

Must run as root (to drop to nobody inside fresh namespaces); it refuses otherwise rather
than run the programs as the calling user.  ``fixtures/truth/`` holds a committed sample of
the labels; ``tests/test_program_truth.py`` checks the static verdicts still agree with them
without running any program.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from utcp_lint.executor.render import compose_env, render  # noqa: E402
from utcp_lint.template import programs as P  # noqa: E402
from utcp_lint.template.grammar_table import grammar_facts  # noqa: E402
from utcp_lint.template.option_table import lookup  # noqa: E402
from utcp_lint.template.program_facts import facts as capability_facts  # noqa: E402

SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
V = "UTCP_ARG_v_UTCP_END"
TIMEOUT = 5
PLAIN_OPTIONS = 2
NOBODY = 65534
SANDBOX = [
    "unshare",
    "--net",
    "--pid",
    "--fork",
    "--kill-child",
    "--",
    "setpriv",
    f"--reuid={NOBODY}",
    f"--regid={NOBODY}",
    "--clear-groups",
    "--inh-caps=-all",
    "--",
]

# Programs never run, whatever the operands: they change the system (users, login shells,
# packages, services, mounts, disks, boot, power, processes, schedules), need a terminal or
# start servers.  Prefixes below.  Running as nobody in fresh namespaces is the second line
# of defence, not the first.
DENY = frozenset(
    (
        "chsh chfn passwd gpasswd chpasswd chage newgrp sg vipw vigr pwck grpck pwconv pwunconv grpconv "
        "grpunconv expiry faillog lastlog login agetty getty sulogin nologin su sudo sudoedit doas pkexec "
        "runuser setpriv unshare nsenter chroot capsh "
        "dpkg apt apt-get apt-cache apt-key aptitude debconf pip pip3 npm yarn gem cargo "
        "mount umount swapon swapoff losetup fdisk sfdisk cfdisk parted wipefs dd shred blkdiscard "
        "mkswap fsck e2fsck tune2fs resize2fs debugfs hdparm "
        "shutdown reboot halt poweroff init telinit runlevel systemctl journalctl loginctl "
        "kill killall pkill skill snice pgrep renice nice ionice taskset chrt prlimit "
        "crontab at atq atrm batch "
        "tmux screen byobu script scriptreplay expect "
        "vi view vimdiff nvim ex rvim nano pico emacs joe mg ed red less more most pg "
        "top htop watch man info pinfo "
        "sshd ssh-agent gpg-agent dbus-daemon dbus-launch nc netcat ncat socat telnet ftp tftp "
        "python3-config mc dialog whiptail xdg-open sensible-browser sensible-editor sensible-pager "
        "editor pager www-browser select-editor update-alternatives service invoke-rc.d "
        "ldconfig modprobe insmod rmmod sysctl hwclock timedatectl hostnamectl localectl "
        "ip ifconfig route iptables nft tc arp "
        "wall write mesg postgres pg_ctl initdb gcore gdb strace ltrace start-stop-daemon setcap dmsetup zic luit "
        "yes sleep"  # yes never ends; sleep only waits
    ).split()
)
DENY_PREFIXES = (
    "systemd",
    "dpkg",
    "apt",
    "update-",
    "grub",
    "mkfs",
    "fsck",
    "user",
    "group",
    "add",
    "del",
    "invoke-",
    "pam",
)

# program -> candidate (words before the value, words after it), tried in order
CONTEXTS = {
    "tar": [("tar -xf backup.tar", "")],
    "git": [("git fetch", "origin")],
    "sqlite3": [("sqlite3", "data.db 'select 1'")],
    "make": [("make", "all")],
    "ssh": [("ssh -oBatchMode=yes", "host true")],
    "scp": [("scp -oBatchMode=yes", "notes.txt host:/tmp/")],
    "shuf": [("shuf -n 1 -e", "")],
    "iconv": [("iconv -f utf-8 -t ascii -c", "notes.txt")],
    "diff3": [("diff3 -m", "notes.txt src/a.txt notes.txt")],
    "sdiff": [("sdiff -s", "notes.txt src/a.txt")],
    "diff": [("diff", "notes.txt")],
    "cmp": [("cmp", "notes.txt")],
    "comm": [("comm", "notes.txt")],
    "join": [("join", "notes.txt")],
    "paste": [("paste", "notes.txt")],
    "grep": [("grep -e n", "notes.txt")],
    "sed": [("sed -e p", "notes.txt")],
    "awk": [("awk 1", "notes.txt")],
    "gawk": [("gawk 1", "notes.txt")],
    "mawk": [("mawk 1", "notes.txt")],
    "find": [("find", "-name x")],
    "xargs": [("xargs", "")],
    "cp": [("cp", "copy.txt")],
    "mv": [("mv", "moved.txt")],
    "ln": [("ln -s", "link.txt")],
    "install": [("install", "inst.txt")],
    "zip": [("zip -q out.zip", "notes.txt")],
    "unzip": [("unzip -o", "")],
    "gzip": [("gzip -c", "")],
    "curl": [("curl -s", "")],
    "wget": [("wget -q", "")],
    "rsync": [("rsync", "dest/")],
    "jq": [("jq .", "data.json")],
    "python3": [("python3", "")],
    "perl": [("perl", "")],
    "bash": [("bash", "")],
    "sh": [("sh", "")],
    "dash": [("dash", "")],
    "env": [("env", "true")],
    "timeout": [("timeout 2", "true")],
    "openssl": [("openssl dgst -sha256", "")],
}
TYPICAL_OPERAND = "notes.txt"
BENIGN = "src/a.txt"
EXTRA = [
    ("tar", f"tar cf {V} src"),  # old-style keys: the argument of f
    ("tar", f"tar -cf out.tar --checkpoint=1 --checkpoint-action={V} src"),
    ("git", f"git {V} fetch origin"),  # a global option
    ("git", f"git -c {V} fetch sshr"),
    ("bash", f"bash -c {V}"),
    ("python3", f"python3 {V} notes.txt"),
    ("git", f"git log {V}"),
    ("git", f"git log --end-of-options {V}"),
    ("make", f"make VERSION={V} all"),
    ("vim", f"vim -es {V} -c q! notes.txt"),
    ("vim", f"vim -es -c q! -- {V}"),
    ("sort", f"sort -o {V} src/a.txt"),
    ("find", f"find . -name {V}"),
    ("find", f"find {V} -name x"),
    ("xargs", f"xargs -I{{}} {V} {{}}"),
    ("awk", f"awk -v x={V} 'BEGIN{{print x}}'"),
    ("sed", f"sed -e {V} notes.txt"),
    ("jq", f"jq -n --arg x {V} '$x'"),
]
# payloads for a value at an operand position, for every program (option injection or code)
OPERAND_PAYLOADS = [
    "touch CANARY",
    "./evil.sh",
    "./evil.py",
    "--output=CANARY",
    "-oCANARY",
    "--to-command=touch CANARY",
]
# code in the program's own language: tried at operands and option arguments
CODE_PAYLOADS = [
    "x; touch CANARY #",
    'system("touch CANARY")',
    "__import__('os').system('touch CANARY')",
    "require('child_process').execSync('touch CANARY')",
    'BEGIN{system("touch CANARY")}',
    "1e touch CANARY",  # GNU sed e command
]
# program -> payloads only that program's documented forms make sense of
PROGRAM_PAYLOADS = {
    "git": ["core.sshCommand=touch CANARY", "--exec-path=.", "-cprotocol.ext.allow=always"],
    "ssh": ["ProxyCommand=touch CANARY", "-oProxyCommand=touch CANARY"],
    "scp": ["-oProxyCommand=touch CANARY", "-S./evil.sh"],
    "sqlite3": [".shell touch CANARY", ".system touch CANARY", "-cmd=.shell touch CANARY"],
    "vim": ["!touch CANARY", "+!touch CANARY", "-c!touch CANARY"],
    "make": [
        "$(shell touch CANARY)",
        "X:=$(shell touch CANARY)",  # an operand NAME=VALUE is an assignment, after -- too
        "--eval=$(shell touch CANARY)",
        "-f./evil.mk",
    ],
    "tar": ["exec=touch CANARY", "--checkpoint-action=exec=touch CANARY", "-I./evil.sh"],
    "diff3": ["--diff-program=./evil.sh"],
    "sdiff": ["--diff-program=./evil.sh"],
    "rsync": ["-e./evil.sh", "--rsh=./evil.sh"],
    "zip": ["-TT./evil.sh"],
    "cmake": ["./evil.cmake", "-P./evil.cmake"],  # a script in the CMake language
}
# payloads for a value that is an option's argument
ARGUMENT_PAYLOADS = [
    "touch CANARY",
    "./evil.sh",
    "./evil.py",
    "exec=touch CANARY",
    "!touch CANARY",
    "$(shell touch CANARY)",
]
REPORTED = {"UL151", "UL102", "UL103", "UL105"}


def denied(name: str) -> bool:
    return name in DENY or name.startswith(DENY_PREFIXES)


def table_names() -> dict:
    """Every program name of the table -> where it comes from (hand / grammar / facts)."""
    out: dict = {}
    for p in P.ALL_PROGRAMS:
        if p.builtin:
            continue
        for n in p.names:
            out.setdefault(n, "hand")
    grammar = json.loads((ROOT / "linter" / "data" / "option_grammar.json").read_text())["programs"]
    for n in grammar:
        out.setdefault(n, "grammar")
    cap = json.loads((ROOT / "linter" / "data" / "program_facts.json").read_text())["programs"]
    for n in cap:
        out.setdefault(n, "facts")
    return out


def enumerate_programs(selected: set | None) -> tuple:
    """(installed programs to run, {name: why skipped})."""
    run, skipped = [], {}
    binaries: dict = {}
    order = {"hand": 0, "grammar": 1, "facts": 2}
    for name, src in sorted(table_names().items(), key=lambda x: (order[x[1]], x[0])):
        if selected is not None and name not in selected:
            continue
        path = shutil.which(name, path=SYSTEM_PATH)
        if path is None:
            skipped[name] = "not installed"
        elif denied(name):
            skipped[name] = "deny-list"
        elif os.path.realpath(path) in binaries and selected is None:
            skipped[name] = f"same binary as {binaries[os.path.realpath(path)]}"
        else:
            binaries[os.path.realpath(path)] = name
            run.append((name, src))
    return run, skipped


def _takes_value(spec, o: str) -> bool:
    if spec is None or not o.startswith("-") or len(o) < 2:
        return False
    if o in spec.code_values or o in spec.writes:
        return True
    if o.startswith("--"):
        return o in spec.long_values
    if spec.single_dash_long and len(o) > 2:
        return ("-" + o) in spec.long_values
    return len(o) == 2 and o[1] in spec.short_values


def _option_words(name: str) -> tuple:
    """(options whose argument runs code, options whose argument names a file written,
    options whose argument names a file read, other value-taking options) per the table."""
    spec = lookup(name)
    if spec is not None and spec.has_subcommands:
        words = CONTEXTS.get(name, [(name, "")])[0][0].split()
        spec = spec.subcommand(words[1]) if len(words) > 1 else spec
    g = grammar_facts(name) or {}
    f = capability_facts(name) or {}
    code: set = set()
    writes: set = set()
    reads: set = set(g.get("reads", ()))
    plain: list = []
    if spec is not None:
        code |= {o for o in spec.code_values if o.startswith("-")}
        writes |= set(spec.writes)
        for c in spec.short_values:
            plain.append("-" + c)
        for lv in sorted(spec.long_values):
            plain.append(("-" + lv[2:]) if spec.single_dash_long else lv)
    if spec is None or spec.source == "grammar":
        code |= set(g.get("exec", ()))
        writes |= set(g.get("writes", ()))
    else:  # a hand entry wins; the manual's writes only where it is silent (option_table.option_writes)
        reads = set()
        writes |= set() if spec.writes else set(g.get("writes", ()))
    # the public capability lists name the option words of their examples, switches too:
    # only those the grammar says take a value make a shape
    code |= {o for o in f.get("exec", ()) if _takes_value(spec, o)}
    writes |= {o for o in f.get("write", ()) if _takes_value(spec, o)}
    special = code | writes | reads
    plain = [o for o in plain if o not in special][:PLAIN_OPTIONS]
    # options that read files leave no canary: a few of them, for the false-positive side
    return sorted(code), sorted(writes), sorted(reads)[:PLAIN_OPTIONS], plain


def shapes_for(name: str, pre: str, post: str) -> list:
    spec = lookup(name)
    out = [f"{pre} {V} {post}".strip()]
    if post:
        out.append(f"{pre} {post} {V}".strip())
    else:
        out.append(f"{pre} {TYPICAL_OPERAND} {V}".strip())
    eoo = "--" if spec is None else spec.end_of_options
    if eoo:
        out.append(f"{pre} {eoo} {V} {post}".strip())
    code, writes, reads, plain = _option_words(name)
    for opt in code + writes + reads + plain:
        out.append(f"{pre} {opt} {V} {post}".strip())
    seen: set = set()
    return [s for s in out if not (s in seen or seen.add(s))]


def payloads_for(name: str, command: str) -> list:
    """The payloads tried on one shape: at an option's argument, code; elsewhere, code and
    option injection, with each write option of the table given CANARY as its file and each
    code option ./evil.sh."""
    words = command.split()
    k = words.index(V) if V in words else -1
    prev = words[k - 1] if k > 0 else ""
    code, writes, _reads, _plain = _option_words(name)
    if prev.startswith("-") and prev != "--" and prev in set(code + writes + _reads + _plain):
        return ARGUMENT_PAYLOADS + CODE_PAYLOADS + PROGRAM_PAYLOADS.get(name, [])
    extra = list(PROGRAM_PAYLOADS.get(name, ()))
    for w in writes:
        extra.append(f"{w}=CANARY" if w.startswith("--") else f"{w}CANARY")
    for c in code:
        extra.append(f"{c}=./evil.sh" if c.startswith("--") else f"{c}./evil.sh")
    seen: set = set()
    return [p for p in OPERAND_PAYLOADS + CODE_PAYLOADS + extra if not (p in seen or seen.add(p))]


_MASTER: list = []


def _master() -> Path:
    """A prepared directory, built once, copied for every run."""
    if _MASTER:
        return _MASTER[0]
    parent = Path(tempfile.mkdtemp(prefix="truth"))  # owned by nobody: the runs' copies go here
    d = parent / "master"
    d.mkdir()
    (d / "src").mkdir()
    (d / "src" / "a.txt").write_text("b\na\n")
    (d / "dest").mkdir()
    (d / "notes.txt").write_text("n\n")
    (d / "data.json").write_text('{"a": 1}\n')
    (d / "evil.sh").write_text("#!/bin/sh\ntouch CANARY\n")
    (d / "evil.sh").chmod(0o755)
    (d / "evil.py").write_text("import os\nos.system('touch CANARY')\n")
    (d / "evil.cmake").write_text("execute_process(COMMAND touch CANARY)\n")
    shutil.copy(d / "evil.sh", d / "git-fetch")
    (d / "Makefile").write_text("all:\n\t@true\n")
    (d / "evil.mk").write_text("all:\n\t@touch CANARY\n")
    subprocess.run(["tar", "-cf", "backup.tar", "src"], cwd=d, check=True)
    g = {"HOME": str(d), "PATH": SYSTEM_PATH, "GIT_CONFIG_NOSYSTEM": "1"}
    for argv in (
        ["git", "init", "-q"],
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "a"],
        ["git", "clone", "-q", "--bare", ".", "origin.git"],
        ["git", "remote", "add", "origin", "./origin.git"],  # local: upload-pack runs here
        ["git", "remote", "add", "sshr", "ssh://git@example.invalid/r.git"],  # runs ssh
    ):
        subprocess.run(argv, cwd=d, env=g, check=True, capture_output=True)
    subprocess.run(["sqlite3", "data.db", "create table t(x)"], cwd=d, check=True)
    subprocess.run(["zip", "-q", "-r", "archive.zip", "src"], cwd=d, check=False, capture_output=True)
    for root, dirs, files in os.walk(parent):
        for n in dirs + files:
            os.lchown(os.path.join(root, n), NOBODY, NOBODY)
    os.chown(parent, NOBODY, NOBODY)
    _MASTER.append(d)
    return d


# Runs inside the sandbox as nobody (python3 -I -c): reads jobs as JSON on stdin, and for
# each job runs its scripts one by one, each in a fresh copy of the master directory with
# stdin from /dev/null and a timeout, stopping at the first that makes CANARY; prints one
# JSON line per job: [index of the proving run or null, exit code of the first run or null].
_DRIVER = r"""
import json, os, shutil, signal, subprocess, sys, tempfile
spec = json.load(sys.stdin)
sys.stdin = open(os.devnull)
work = tempfile.mkdtemp(prefix="truth_run", dir=spec["tmp"])
for job in spec["jobs"]:
    hit, first = None, None
    for k, (script, env) in enumerate(job):
        d = os.path.join(work, "w%d" % k)
        shutil.copytree(spec["master"], d, symlinks=True)
        env = dict(env, HOME=d)
        p = subprocess.Popen(["/bin/bash", "-c", script], cwd=d, env=env, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            rc = p.wait(timeout=spec["timeout"])
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            rc = None
        if k == 0:
            first = rc
        made = os.path.lexists(os.path.join(d, "CANARY"))
        shutil.rmtree(d, ignore_errors=True)
        if made:
            hit = k
            break
    print(json.dumps([hit, first]), flush=True)
"""


def run_jobs(jobs: list) -> list:
    """Run jobs (each a list of (command, value)) in ONE sandbox as nobody; per job
    (index of the first value that made CANARY or None, exit code of the first run or None)."""
    base = {"PATH": SYSTEM_PATH, "LC_ALL": "C", "GIT_CONFIG_NOSYSTEM": "1"}
    spec_jobs = []
    for job in jobs:
        runs = []
        for command, value in job:
            r = render([{"command": command}], {"v": value})
            env = {**compose_env(None, None, {**base, "HOME": "/nonexistent"}), **r.env, **base}
            runs.append((r.script, env))
        spec_jobs.append(runs)
    master = _master()
    spec = {"master": str(master), "tmp": str(master.parent), "timeout": TIMEOUT, "jobs": spec_jobs}
    budget = sum(len(j) for j in jobs) * (TIMEOUT + 2) + 30
    proc = subprocess.run(
        [*SANDBOX, "/usr/bin/python3", "-I", "-c", _DRIVER],
        input=json.dumps(spec),
        capture_output=True,
        text=True,
        cwd=master.parent,
        env={"PATH": SYSTEM_PATH, "LC_ALL": "C"},
        timeout=budget,
    )
    out = [tuple(json.loads(line)) for line in proc.stdout.splitlines() if line.startswith("[")]
    if len(out) != len(jobs):
        raise RuntimeError(f"sandbox driver failed: {proc.stderr[-500:]}")
    return out


def working_context(name: str) -> tuple | None:
    """The first candidate call of ``name`` that exits 0 with a benign value and makes no canary."""
    cands = CONTEXTS.get(name) or [(name, TYPICAL_OPERAND), (name, "")]
    res = run_jobs([[(f"{pre} {V} {post}".strip(), BENIGN)] for pre, post in cands])
    for (pre, post), (hit, rc) in zip(cands, res):
        if rc == 0 and hit is None:
            return pre, post
    return None


def prove(name: str, commands: list) -> list:
    """Per command, the first payload that made CANARY (or None)."""
    lists = [payloads_for(name, c) for c in commands]
    res = run_jobs([[(c, p) for p in ps] for c, ps in zip(commands, lists)])
    return [None if hit is None else ps[hit] for ps, (hit, _rc) in zip(lists, res)]


def static(cases: list) -> dict:
    """case index -> sorted [(rule, severity)] reported by utcp-lint on the shape."""
    tools = [_tool(f"t{k}", command) for k, (_prog, command) in enumerate(cases)]
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / "shapes.json"
        f.write_text(json.dumps(manual(tools)))
        lint = ROOT / ".venv" / "bin" / "utcp-lint"
        r = subprocess.run(
            [str(lint), "--format", "json", "--no-config", "--no-cache", str(f)], capture_output=True, text=True
        )
    for x in json.loads(r.stdout)["findings"]:
        out.setdefault(int(x["tool"][1:]), set()).add((x["rule"], x["severity"]))
    return {k: sorted(v) for k, v in out.items()}


def _tool(name: str, command: str) -> dict:
    return {
        "name": name,
        "description": "Runs one command with the value v.",
        "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
        "outputs": {"type": "string"},
        "tool_call_template": {"name": name, "call_template_type": "cli", "commands": [{"command": command}]},
    }


def manual(tools: list) -> dict:
    return {"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}


def says(rules) -> bool:
    return any(r in REPORTED or (r == "UL150" and s in ("error", "warning")) for r, s in rules)


def summarise(rows: list) -> dict:
    per: dict = {}
    for r in rows:
        p = per.setdefault(r["program"], {"shapes": 0, "agree": 0, "missed": [], "unproven": []})
        p["shapes"] += 1
        if r["says"] == (r["proof"] is not None):
            p["agree"] += 1
        elif r["proof"] is not None:
            p["missed"].append(r["command"])
        else:
            p["unproven"].append(r["command"])
    return per


def write_sample(rows: list, out: Path, per_program: int = 3) -> int:
    """A committed sample of measured rows (fixtures/truth/): per program up to ``per_program``
    shapes where the static verdict agrees with the label, proven ones first, then clean ones;
    one UTCP manual per program (a tool per shape) and ``labels.json`` (tool -> command,
    proof, static verdict).  Returns the number of shapes written."""
    out.mkdir(parents=True, exist_ok=True)
    labels: dict = {"_comment": LABELS_COMMENT, "manuals": {}}
    n = 0
    by: dict = {}
    for r in rows:
        if r["says"] == (r["proof"] is not None):
            by.setdefault(r["program"], []).append(r)
    for prog, rs in sorted(by.items()):
        proven_rows = [r for r in rs if r["proof"]]
        clean_rows = [r for r in rs if not r["proof"]]
        pick = proven_rows[: max(1, per_program - 1)] + clean_rows
        pick = pick[:per_program]
        safe = "".join(c if c.isalnum() else "_" for c in prog)
        tools, lab = [], {}
        for k, r in enumerate(pick):
            name = f"{safe}_{k}"
            tools.append(_tool(name, r["command"]))
            lab[name] = {"command": r["command"], "proof": r["proof"], "static_says": r["says"]}
        (out / f"{safe}.json").write_text(json.dumps(manual(tools), indent=1) + "\n")
        labels["manuals"][f"{safe}.json"] = lab
        n += len(pick)
    (out / "labels.json").write_text(json.dumps(labels, indent=1, sort_keys=True) + "\n")
    return n


LABELS_COMMENT = (
    "labels measured by bench/bench_program_truth.py: each tool's command run by the real program in "
    "real bash as nobody with canary payloads; proof = the payload that created CANARY, null = none did; "
    "static_says = utcp-lint reported it (UL150 error/warning, UL151, UL102, UL103, UL105) when measured"
)


def report(rows: list) -> None:
    """Per program: agree/shapes, the MISSED and unproven commands; then the worst 10 and totals."""
    per = summarise(rows)
    for prog, p in per.items():
        print(f"{prog:14} {p['agree']}/{p['shapes']} agree")
        for c in p["missed"]:
            print(f"    MISSED (proven, no finding): {c}")
        for c in p["unproven"]:
            print(f"    finding no payload here proves: {c}")
    worst = sorted(per.items(), key=lambda kv: (kv[1]["agree"] / kv[1]["shapes"], -kv[1]["shapes"]))[:10]
    print("worst 10: " + ", ".join(f"{k} {v['agree']}/{v['shapes']}" for k, v in worst))
    n = len(rows)
    agree = sum(p["agree"] for p in per.values())
    missed = sum(len(p["missed"]) for p in per.values())
    unproven = sum(len(p["unproven"]) for p in per.values())
    proven_n = sum(1 for r in rows if r["proof"])
    print(
        f"programs {len(per)}; shapes {n} (proven {proven_n}); agree {agree}, MISSED {missed}, "
        f"finding no payload proves {unproven}"
    )


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _write(path: str, rows: list, skipped: dict) -> None:
    data = {"rows": rows, "skipped": skipped, "summary": summarise(rows)}
    Path(path).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def main(argv: list) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--programs", help="comma-separated program names (default: every installed one)")
    ap.add_argument("--json", help="write rows, skips and the per-program summary here")
    ap.add_argument("--list", action="store_true", help="enumerate only: run nothing")
    ap.add_argument("--sample-from", help="write the committed sample from this --json output, run nothing")
    ap.add_argument("--sample-dir", default=str(ROOT / "fixtures" / "truth"))
    ap.add_argument("--per-program", type=int, default=2, help="shapes per program in the sample")
    ap.add_argument(
        "--report", nargs="+", help="print the summary of earlier --json outputs (later files win per program)"
    )
    a = ap.parse_args(argv[1:])
    selected = set(a.programs.split(",")) if a.programs else None
    if a.report:
        rows_by: dict = {}
        for path in a.report:
            for r in json.loads(Path(path).read_text())["rows"]:
                rows_by.setdefault(path, []).append(r)
        latest: dict = {}
        for path in a.report:
            progs_here = {r["program"] for r in rows_by.get(path, [])}
            latest = {k: v for k, v in latest.items() if k not in progs_here}
            for r in rows_by.get(path, []):
                latest.setdefault(r["program"], []).append(r)
        report([r for rs in latest.values() for r in rs])
        return 0
    if a.sample_from:
        rows = json.loads(Path(a.sample_from).read_text())["rows"]
        rows = [r for r in rows if selected is None or r["program"] in selected]
        print(f"{write_sample(rows, Path(a.sample_dir), a.per_program)} shapes written to {a.sample_dir}")
        return 0
    progs, skipped = enumerate_programs(selected)
    if a.list:
        print(f"to run: {len(progs)}  skipped: {len(skipped)}")
        print(" ".join(n for n, _ in progs))
        print("deny-list:", " ".join(sorted(n for n, why in skipped.items() if why == "deny-list")))
        return 0
    if os.geteuid() != 0:
        print("must run as root: every program is run as nobody in fresh namespaces", file=sys.stderr)
        return 2
    t0 = time.process_time()
    rows: list = []
    for name, _src in progs:
        ctx = working_context(name)
        if ctx is None:
            skipped[name] = "no working context"
            print(f"{name:14} skipped: no working context", flush=True)
            continue
        commands = shapes_for(name, *ctx) + [c for p, c in EXTRA if p == name]
        found = static([(name, c) for c in commands])
        for k, (command, proof) in enumerate(zip(commands, prove(name, commands))):
            rules = found.get(k, [])
            row = {"program": name, "command": command, "static": rules, "says": says(rules), "proof": proof}
            rows.append(row)
            mark = "PROVEN" if proof else "clean"
            print(f"{name:14} {mark:6} {'S' if row['says'] else '-'} {command}", flush=True)
        if a.json:  # after every program: a long run can be stopped and still counts
            _write(a.json, rows, skipped)
    report(rows)
    why: dict = {}
    for w in skipped.values():
        why[w] = why.get(w, 0) + 1
    print(f"skipped {why}; CPU {time.process_time() - t0 + _children_cpu():.1f}s (with children)")
    if a.json:
        _write(a.json, rows, skipped)
    if _MASTER:
        shutil.rmtree(_MASTER[0].parent, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
