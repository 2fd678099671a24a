"""Diverse, realistic CLI templates for the throughput benches (issue 29).

    python bench/diverse.py [--tools 1000] [--steps 10] [--seed 7] OUT.json

Every step of the generated manual is a distinct command (checked): many
programs (version control, HTTP clients, JSON/YAML tools, containers and
clusters, archives, text tools, interpreters' one-liners, databases, file
tools, shell builtins and control flow), each with varied literal values,
option spellings and placeholder quoting (bare, double-quoted, single-quoted,
inside ``$( )``, here-documents), pipelines and earlier steps' output
(``$CMD_<i>_OUTPUT``).  A bench on it cannot be made cheap by per-command
caches the way a manual that repeats a few commands can (the issue-29
measurement: 4,016 steps per CPU-second on the repeated manual, 2,202 on a
diverse one).

Nothing here claims a command is safe or unsafe: the point is realistic shape
and variety, so the bash engine, the option scan and the rules do the work
they do on real manuals.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

WORDS = (
    "alpha beta gamma delta release build deploy backup report cache assets logs data users orders "
    "inventory metrics staging prod eu-west us-east api web worker cron nightly weekly config docs"
).split()
EXTS = ("json", "yaml", "txt", "csv", "log", "tar.gz", "md", "conf", "sql", "png")
HOSTS = ("api.example.com", "registry.internal", "10.0.0.12", "git.example.org", "s3.example.net", "localhost:8080")

# {p}: a placeholder (quoted by the chosen style); {w}/{w2}: words; {f}: a file; {n}: a number;
# {h}: a host; {o}: an earlier step's output reference (or a literal when there is none)
SHAPES = (
    "git -C {f} log --oneline -n {n} -- {p}",
    "git clone --depth {n} https://{h}/{w}/{w2}.git {p}",
    "git diff --stat {w}..{w2} -- {p}",
    "git show {p}:{f}",
    "git tag -a v{n}.{n2} -m {p}",
    "git grep -n -e {p} -- '*.{e}'",
    "curl -fsSL https://{h}/{w}/{p} -o {f}",
    "curl -s -X POST -H 'Content-Type: application/json' -d {p} https://{h}/v{n}/{w}",
    "curl --max-time {n} -G --data-urlencode q={p} https://{h}/search",
    "wget -q -O - https://{h}/{w}?id={p}",
    "jq -r --arg k {p} '.{w}[] | select(.name == $k) | .{w2}' {f}",
    "jq '.{w} |= . + {n}' {f} | tee {f2}",
    "yq e '.{w}.{w2} = strenv(V)' -i {f}",
    "docker run --rm -e {W}={p} {w}/{w2}:{n}.{n2} {w}",
    "docker logs --tail {n} {p}",
    "docker exec {w}-{n} ls -la /var/{w2}",
    "kubectl get pods -n {p} -l app={w} -o json",
    "kubectl logs deploy/{w} -n {w2} --since={n}m | grep {p}",
    "kubectl scale deployment/{p} --replicas={n} -n {w}",
    "helm upgrade --install {w} ./charts/{w2} --set image.tag={p} -n {w}",
    "terraform plan -var {w}={p} -out {f}",
    "aws s3 cp {f} s3://{w}-{n}/{p}",
    "tar -czf {f} -C /srv/{w} {p}",
    "tar -xzf {p} -C /tmp/{w}-{n}",
    "zip -r {w}-{n}.zip {p}",
    "unzip -o {p} -d /tmp/{w2}",
    "rsync -az --delete {p} /backup/{w}/{n}/",
    "find /var/{w} -name {p} -mtime +{n} -type f",
    "find . -type f -name '*.{e}' -newer {f} -print",
    "grep -rn --include='*.{e}' {p} /srv/{w}",
    "grep -c {p} {f}",
    "sed -n '{n},{n2}p' {f}",
    "sed -e 's/{w}/{w2}/g' {f} > {f2}",
    "awk -F, -v col={p} '{{print $col}}' {f}",
    "awk 'NR>{n} {{s+=${n2}}} END {{print s}}' {f}",
    "sort -t, -k{n} {f} | uniq -c | head -n {p}",
    "cut -d: -f{n} {f} | sort -u",
    "head -n {p} {f}",
    "tail -n {n} {f} | grep -v {w}",
    "wc -l {p}",
    "ls -la -- {p}",
    "mkdir -p /tmp/{w}/{p}",
    "cp -r -- {p} /tmp/{w}-{n}/",
    "mv -- {f} {p}",
    "rm -f -- /tmp/{w}/{p}",
    "du -sh {p} | sort -h",
    "stat -c '%s %n' {p}",
    "chmod 0{n}{n2}{n3} {f}",
    "ln -sf {f} {p}",
    "base64 -d <<< {p} > {f}",
    "openssl dgst -sha256 {p}",
    "sha256sum {p} | cut -d' ' -f1",
    "gpg --batch --verify {f}.sig {p}",
    "python3 -c 'import sys, json; print(json.dumps(sys.argv[1:]))' {p} {w}",
    "python3 -m json.tool {p}",
    "node -e 'console.log(process.argv[1].length)' {p}",
    "perl -ne 'print if /{w}/' {p}",
    "ruby -e 'puts ARGV.first.upcase' {p}",
    "sqlite3 {w}.db 'SELECT count(*) FROM {w2}' | head -n {n}",
    "psql -h {h} -d {w} -c 'SELECT {n}' -v v={p}",
    "ffmpeg -y -i {p} -t {n} /tmp/{w}.mp4",
    "convert {p} -resize {n}x{n2} /tmp/{w}.png",
    "date -d {p} +%s",
    "printf '%s\\n' {p} | sort",
    "echo {p} | tr '[:lower:]' '[:upper:]'",
    "env {W}_{W2}={p} {w}-cli status",
    "timeout {n} {w}-worker --queue {p}",
    "xargs -n {n} echo < {f}",
    "ssh -o BatchMode=yes {w}@{h} uptime",
    "systemctl status {p} --no-pager",
    "crontab -l | grep {p}",
    "npm view {p} version",
    "pip download --no-deps -d /tmp/{w} {p}",
    "make -C {w} {p}",
    "dd if={p} of=/tmp/{w}.img bs={n}k count={n2}",
    "tee -a /var/log/{w}.log <<< {p}",
    '{W}={p}; echo "${W}" | wc -c',
    "if [ -f {p} ]; then cat {p}; else echo missing-{w}; fi",
    'for x in {w} {w2} {p}; do echo "$x-{n}"; done',
    "case {p} in {w}) echo one;; {w2}) echo two;; *) echo other-{n};; esac",
    "[[ {p} =~ ^[a-z0-9-]+$ ]] && echo ok-{n} || exit {n2}",
    'n=$(wc -l < {f}); echo "$n lines in {w}"',
    "cat <<EOF\n{w}: {p}\n{w2}: {n}\nEOF",
    'while read -r line; do echo "{w}: $line"; done < {f}',
    'readarray -t items < {f}; echo "${{#items[@]}} {w}"',
    "echo {o} | jq -r '.{w} // empty'",
    "echo {o} | grep -i {p} | head -n {n}",
    "test -n {o} && echo {o} | wc -l",
)

# mostly what careful authors write (double quotes, bare), some single quotes and substitutions
STYLES = ("bare", "bare", "double", "double", "double", "double", "single", "subst")


def _placeholder(name: str, style: str) -> str:
    ph = f"UTCP_ARG_{name}_UTCP_END"
    if style == "double":
        return f'"{ph}"'
    if style == "single":
        return f"'{ph}'"
    if style == "subst":
        return f'"$(printf %s "{ph}")"'
    return ph


def _step(rnd: random.Random, shape: str, tool: int, step: int) -> tuple[str, list[str]]:
    names: list[str] = []

    def ph() -> str:
        name = rnd.choice(("name", "path", "query", "ref", "target", "value", "pattern", "id")) + (
            f"_{len(names)}" if names else ""
        )
        names.append(name)
        return _placeholder(name, rnd.choice(STYLES))

    w, w2 = rnd.sample(WORDS, 2)
    e = rnd.choice(EXTS)
    fields = {
        "w": w,
        "w2": w2,
        "W": w.upper().replace("-", "_"),
        "W2": w2.upper().replace("-", "_"),
        "e": e,
        "f": f"/srv/{w}/{w2}-{tool}.{e}",
        "f2": f"/tmp/{w2}-{tool}-{step}.{e}",
        "n": str(rnd.randint(1, 99)),
        "n2": str(rnd.randint(1, 9)),
        "n3": str(rnd.randint(0, 7)),
        "h": rnd.choice(HOSTS),
        # the spelling the client leaves to bash (a bare $CMD_<i>_OUTPUT is the client's: see UL160)
        "o": f'"${{CMD_{rnd.randrange(step)}_OUTPUT:-}}"' if step else f"'{w}-{tool}'",
    }
    out = []
    i = 0
    while i < len(shape):
        if shape.startswith("{{", i):
            out.append("{")
            i += 2
        elif shape.startswith("}}", i):
            out.append("}")
            i += 2
        elif shape[i] == "{":
            j = shape.index("}", i)
            key = shape[i + 1 : j]
            out.append(ph() if key == "p" else fields[key])
            i = j + 1
        else:
            out.append(shape[i])
            i += 1
    return "".join(out), names


def make_tools(n_tools: int, n_steps: int, seed: int = 7) -> list:
    """TOOLS tools of STEPS distinct realistic steps each (no command repeats in the manual)."""
    rnd = random.Random(seed)
    seen: set[str] = set()
    tools = []
    for i in range(n_tools):
        cmds = []
        props: dict = {}
        while len(cmds) < n_steps:
            cmd, names = _step(rnd, rnd.choice(SHAPES), i, len(cmds))
            if cmd in seen:
                continue
            seen.add(cmd)
            cmds.append({"command": cmd, "append_to_final_output": len(cmds) == n_steps - 1})
            for n in names:
                props[n] = {"type": "string", "description": f"The {n.split('_')[0]} to use."}
        tools.append(
            {
                "name": f"tool_{i}",
                "description": f"Generated realistic tool {i} ({rnd.choice(WORDS)}).",
                "inputs": {"type": "object", "properties": props, "required": sorted(props)},
                "outputs": {"type": "string"},
                "tags": ["bench"],
                "tool_call_template": {"call_template_type": "cli", "commands": cmds},
            }
        )
    return tools


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--tools", type=int, default=1000)
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args(argv)
    tools = make_tools(a.tools, a.steps, a.seed)
    Path(a.out).write_text(
        json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}, indent=2), encoding="utf-8"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
