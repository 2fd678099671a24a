"""Static verdicts against the real programs (issue 23): for programs installed here,
generate template shapes from the program table (the value as each code-running option's
argument, as an operand with and without the end-of-options word, old-style tar keys),
label each shape by running it in real bash with canary payloads in a prepared temp
directory (rendered exactly as utcp-cli renders it), and report per program how often the
static verdict (any of UL150 error/warning, UL151, UL102, UL103, UL105) agrees with the
dynamic label (some payload created CANARY).

    .venv/bin/python bench/bench_program_truth.py            # table per program
    .venv/bin/python bench/bench_program_truth.py --json out.json

A disagreement is either a miss (dynamic proof, no static finding) or a static finding no
payload here could prove: the payload list is finite (an option that only reads files
leaves no canary), so the second kind is reported, not counted as a false positive.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from utcp_lint.executor.render import compose_env, render  # noqa: E402
from utcp_lint.template.option_table import lookup  # noqa: E402

SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
V = "UTCP_ARG_v_UTCP_END"
PAYLOADS = [
    "touch CANARY",
    "./evil.sh",
    "x; touch CANARY #",
    "core.sshCommand=touch CANARY",
    "ProxyCommand=touch CANARY",
    ".shell touch CANARY",
    "!touch CANARY",
    "+!touch CANARY",
    "$(shell touch CANARY)",
    "X:=$(shell touch CANARY)",  # make: an operand NAME=VALUE is an assignment, after -- too
    "--to-command=touch CANARY",
    "--output=CANARY",
    "--eval=$(shell touch CANARY)",
    "-oProxyCommand=touch CANARY",
    "-S./evil.sh",
    "exec=touch CANARY",
    "--exec-path=.",  # git: its sub-commands are looked up there (./git-fetch is evil)
    "--diff-program=./evil.sh",  # diff3/sdiff (their manuals)
]
# program -> (words before the value, words after it): a call that works here
CONTEXTS = {
    "tar": ("tar -xf backup.tar", ""),
    "sort": ("sort", "src/a.txt"),
    "git": ("git", "fetch origin"),
    "sqlite3": ("sqlite3", "data.db 'select 1'"),
    "make": ("make", "all"),
    "vim": ("vim -es", "-c q! notes.txt"),
    "ssh": ("ssh -oBatchMode=yes", "host true"),
    "scp": ("scp -oBatchMode=yes", "notes.txt host:/tmp/"),
    # programs known only by their installed manual (linter/data/option_grammar.json)
    "shuf": ("shuf -n 1 -e", ""),
    "iconv": ("iconv -f utf-8 -t ascii -c", "notes.txt"),
    "diff3": ("diff3 -m", "notes.txt src/a.txt notes.txt"),
    "sdiff": ("sdiff -s", "notes.txt src/a.txt"),
}
EXTRA = [
    ("tar", f"tar cf {V} src"),  # old-style keys: the argument of f
    ("tar", f"tar -cf out.tar --checkpoint=1 --checkpoint-action={V} src"),
    ("git", f"git log {V}"),
    ("git", f"git log --end-of-options {V}"),
    ("make", f"make VERSION={V} all"),
    ("vim", f"vim -es {V} -c q! notes.txt"),
    ("vim", f"vim -es -c q! -- {V}"),
]
REPORTED = {"UL151", "UL102", "UL103", "UL105"}


def shapes() -> list:
    out = []
    for prog, (pre, post) in CONTEXTS.items():
        spec = lookup(prog)
        out.append((prog, f"{pre} {V} {post}".strip()))
        if spec is None:  # no grammar for it (its manual's data left out): -- as for any program
            out.append((prog, f"{pre} -- {V} {post}".strip()))
            continue
        if spec.end_of_options:
            out.append((prog, f"{pre} {spec.end_of_options} {V} {post}".strip()))
        for opt in sorted(spec.code_values):
            if not opt.startswith("-"):
                continue
            written = "-" + opt[2:] if spec.single_dash_long else opt
            out.append((prog, f"{pre} {written} {V} {post}".strip()))
    return out + EXTRA


def _prepare(d: Path) -> None:
    (d / "src").mkdir()
    (d / "src" / "a.txt").write_text("b\na\n")
    subprocess.run(["tar", "-cf", "backup.tar", "src"], cwd=d, check=True)
    (d / "evil.sh").write_text("#!/bin/sh\ntouch CANARY\n")
    (d / "evil.sh").chmod(0o755)
    shutil.copy(d / "evil.sh", d / "git-fetch")
    (d / "notes.txt").write_text("n\n")
    (d / "Makefile").write_text("all:\n\t@true\n")
    g = {"HOME": str(d), "PATH": SYSTEM_PATH, "GIT_CONFIG_NOSYSTEM": "1"}
    for argv in (
        ["git", "init", "-q"],
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "a"],
        ["git", "remote", "add", "origin", "ssh://git@example.invalid/r.git"],
    ):
        subprocess.run(argv, cwd=d, env=g, check=True, capture_output=True)
    subprocess.run(["sqlite3", "data.db", "create table t(x)"], cwd=d, check=True)


def proven(command: str) -> str | None:
    """The first payload that makes CANARY appear, or None."""
    for p in PAYLOADS:
        d = Path(tempfile.mkdtemp(prefix="truth"))
        try:
            _prepare(d)
            r = render([{"command": command}], {"v": p})
            env = {**compose_env(None, None, os.environ), **r.env, "PATH": SYSTEM_PATH, "HOME": str(d)}
            try:
                subprocess.run(
                    ["/bin/bash", "-c", r.script],
                    cwd=d,
                    env=env,
                    stdin=subprocess.DEVNULL,
                    capture_output=True,
                    timeout=15,
                )
            except subprocess.TimeoutExpired:
                pass
            if (d / "CANARY").exists():
                return p
        finally:
            shutil.rmtree(d, ignore_errors=True)
    return None


def static(cases: list) -> dict:
    """tool index -> set of (rule, severity) reported."""
    tools = []
    for k, (_prog, command) in enumerate(cases):
        tools.append(
            {
                "name": f"t{k}",
                "description": "d",
                "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
                "outputs": {"type": "string"},
                "tool_call_template": {
                    "name": f"t{k}",
                    "call_template_type": "cli",
                    "commands": [{"command": command}],
                },
            }
        )
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / "shapes.json"
        f.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}))
        lint = ROOT / ".venv" / "bin" / "utcp-lint"
        r = subprocess.run(
            [str(lint), "--format", "json", "--no-config", "--no-cache", str(f)], capture_output=True, text=True
        )
    out: dict = {}
    for x in json.loads(r.stdout)["findings"]:
        out.setdefault(int(x["tool"][1:]), set()).add((x["rule"], x["severity"]))
    return out


def main(argv: list) -> int:
    cases = shapes()
    found = static(cases)
    rows = []
    for k, (prog, command) in enumerate(cases):
        rules = found.get(k, set())
        says = any(r in REPORTED or (r == "UL150" and s in ("error", "warning")) for r, s in rules)
        proof = proven(command)
        rows.append({"program": prog, "command": command, "static": sorted(rules), "proof": proof, "says": says})
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
    for prog, p in per.items():
        print(f"{prog:8} {p['agree']}/{p['shapes']} agree")
        for c in p["missed"]:
            print(f"    MISSED (proven, no finding): {c}")
        for c in p["unproven"]:
            print(f"    finding no payload here proves: {c}")
    if len(argv) > 2 and argv[1] == "--json":
        Path(argv[2]).write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
