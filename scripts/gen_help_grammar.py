"""Option grammars of installed cobra programs read from their ``--help`` (issue 23, session 37).

kubectl, docker and pip are hand entries of linter/template/programs.py whose value-taking
options are listed by hand; a long option those lists miss was read as a switch, so the word
after it was taken for an option position (``kubectl scale --replicas V``: an error on a safe
tool).  This script records, per sub-command, which options take a value and which take none
(booleans), as each program's own ``--help`` prints them, into
linter/data/option_grammar_docs.json (facts only: option names).  option_scan.arity_unknown
reads them; the hand entries still win for the walk.

Formats (pflag): kubectl ``  -f, --follow=false:`` (a boolean: ``=false``/``=true``) and
``--since=0s:`` (a value); docker ``  -d, --detach   Run …`` (no type word: a boolean) and
``--name string   …`` (a type word: a value); pip (optparse) ``--requirement <file>`` (a
value) and ``--no-deps`` (none).  Flags with an optional value (pflag
NoOptDefVal, never the next word) are listed in ``OPTIONAL``: kubectl ``--dry-run``,
``--cascade``, ``--validate`` (kubernetes.io kubectl reference).  Running ``--help`` of these
two programs prints text and changes nothing.

    .venv/bin/python scripts/gen_help_grammar.py
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "linter" / "data" / "option_grammar_docs.json"
OPTIONAL = {"kubectl": {"dry-run", "cascade", "validate"}, "docker": set(), "pip": set()}
_FLAG = re.compile(r"^\s+(?:-([A-Za-z0-9]), )?--([a-z0-9][a-z0-9-]*)(=\S*:|\s+(\S+)\s|\s*$|:)")


def _help(argv: list, flag: str = "--help") -> str:
    r = subprocess.run(argv + ([flag] if flag else []), capture_output=True, text=True, timeout=30, check=False)
    return r.stdout + r.stderr


def parse(prog: str, text: str) -> dict:
    s, longs, f, fl = set(), set(), set(), set()
    for ln in text.splitlines():
        m = _FLAG.match(ln)
        if not m:
            continue
        short, name, rest, typ = m.group(1), m.group(2), m.group(3), m.group(4)
        if prog == "kubectl":
            value = not (rest.startswith("=false") or rest.startswith("=true"))
        elif prog == "pip":  # optparse: "--requirement <file>" takes a value, "--no-deps" none
            value = bool(typ) and typ.startswith("<")
        else:
            value = bool(typ) and not typ[:1].isupper()  # "--detach   Run container…": no type word
        if name in OPTIONAL.get(prog, ()):
            value = False
        if value:
            longs.add(name)
            if short:
                s.add(short)
        else:
            fl.add(name)
            if short:
                f.add(short)
    out: dict = {}
    if s:
        out["s"] = "".join(sorted(s))
    if longs:
        out["l"] = sorted(longs)
    if f:
        out["f"] = "".join(sorted(f))
    if fl:
        out["fl"] = sorted(fl)
    return out


def _subs(argv: list, depth: int = 0) -> dict:
    """sub-command -> grammar; a command group (``docker container``, ``kubectl rollout``)
    gets the grammars of its own sub-commands under ``sub``."""
    out = {}
    for sub in subcommands(argv):
        text = _help(argv + [sub])  # (kubectl: the sub-command's own flags only)
        g = parse(argv[0], text)
        if depth < 2 and _GROUP.search(text):
            inner = _subs(argv + [sub], depth + 1)
            if inner:
                g["sub"] = inner
        if g:
            out[sub] = g
    return out


_GROUP = re.compile(r"^(Commands|Available Commands|Management Commands):", re.M)


def subcommands(argv: list) -> list:
    text = _help(argv)
    subs = []
    for ln in text.splitlines():
        m = re.match(r"^  ([a-z][a-z-]+)\*?\s{2,}\S", ln)
        if m and m.group(1) not in ("help", "completion"):
            subs.append(m.group(1))
    return subs


def version(prog: str) -> str:
    argv = [prog, "version", "--client"] if prog == "kubectl" else [prog, "--version"]
    r = subprocess.run(argv, capture_output=True, text=True, timeout=30, check=False)
    first = (r.stdout.splitlines() or ["?"])[0].strip()
    return " ".join(first.split()[:2]) if prog == "pip" else first  # (no local install path)


SRC = {
    "kubectl": "https://kubernetes.io/docs/reference/kubectl/generated/",
    "docker": "https://docs.docker.com/reference/cli/docker/",
    "pip": "https://pip.pypa.io/en/stable/cli/",
}


def grammar(prog: str) -> dict:
    # kubectl's global flags: `kubectl options`
    top = parse(prog, _help([prog, "options"], "") if prog == "kubectl" else _help([prog]))
    top["sub"] = _subs([prog])
    top["src"] = (
        f"{SRC[prog]} and `{prog} [SUB] --help` of the installed {version(prog)} (read by "
        "scripts/gen_help_grammar.py): which options take a value and which are booleans; hand entry wins"
    )
    return top


def main() -> int:
    data = json.loads(OUT.read_text())
    for prog in ("kubectl", "docker", "pip"):
        if shutil.which(prog) is None:
            print(f"{prog} not installed: entry left as it is", file=sys.stderr)
            continue
        data["programs"][prog] = grammar(prog)
        print(prog, len(data["programs"][prog]["sub"]), "sub-commands")
        if prog == "pip":
            data["programs"]["pip3"] = data["programs"]["pip"]  # one program, two names
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
