"""Build ``linter/data/program_facts.json`` from public collections of program facts.

Sources (read from local git snapshots; pass their paths):

* GTFOBins (https://github.com/GTFOBins/GTFOBins.github.io, ``_gtfobins/<program>``,
  GPL-3.0): which functions a program offers (shell, command, reverse-shell,
  file-write, file-read, upload, download, library-load ...) and which option words
  its examples use for them;
* SonarSource argument-injection-vectors
  (https://github.com/SonarSource/argument-injection-vectors, ``_binaries/<program>.md``,
  GPL-3.0): options through which an injected argument runs a command.

Only facts are recorded (program names, function names, option names), never the
examples' text (docs/design.md, "Sources of program knowledge").

    python scripts/gen_program_facts.py /work/.mirror/GTFOBins+GTFOBins.github.io/repo \
        /work/.mirror/SonarSource+argument-injection-vectors/repo
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import yaml

OUT = Path(__file__).resolve().parent.parent / "linter" / "data" / "program_facts.json"
_OPTION = re.compile(r"^-{1,2}[A-Za-z0-9][A-Za-z0-9_.-]*$")
# functions whose example options are recorded per kind
KIND = {
    "shell": "exec",
    "command": "exec",
    "reverse-shell": "exec",
    "bind-shell": "exec",
    "library-load": "exec",
    "file-write": "write",
    "download": "write",
    "file-read": "read",
    "upload": "read",
}


def _git(repo: str, *args: str) -> str:
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True, text=True).stdout


def _front_matter(text: str) -> dict:
    """The YAML between the opening ``---`` and the next ``---`` line (or the end)."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        return {}
    body = []
    for line in lines[1:]:
        if line.strip() == "---":
            break
        body.append(line)
    return yaml.safe_load("\n".join(body)) or {}


def _options(code: str, names: tuple) -> set:
    """Option words the example passes to the program ``names`` (the text up to ``=``)."""
    out: set = set()
    for line in code.splitlines():
        try:
            words = shlex.split(line, comments=False)
        except ValueError:
            words = line.split()
        on = False
        for w in words:
            if w in ("|", ";", "&&", "||"):
                on = False
                continue
            if w.rsplit("/", 1)[-1] in names:
                on = True
                continue
            if on:
                key = w.split("=", 1)[0]
                if _OPTION.match(key):
                    out.add(key)
    return out


def gtfobins(repo: str, programs: dict) -> str:
    commit = _git(repo, "rev-parse", "HEAD").strip()
    for path in _git(repo, "ls-tree", "--name-only", "HEAD", "_gtfobins/").split():
        name = path.rsplit("/", 1)[-1]
        data = _front_matter(_git(repo, "show", f"HEAD:{path}"))
        fns = data.get("functions") or {}
        e = programs.setdefault(name, {"functions": [], "exec": [], "write": [], "read": [], "sources": []})
        e["functions"] = sorted(set(e["functions"]) | set(fns))
        for fn, examples in fns.items():
            kind = KIND.get(fn)
            if kind is None:
                continue
            for ex in examples or ():
                e[kind] = sorted(set(e[kind]) | _options(str((ex or {}).get("code", "")), (name,)))
        e["sources"].append(f"GTFOBins {name}")
    return commit


def sonar(repo: str, programs: dict) -> str:
    commit = _git(repo, "rev-parse", "HEAD").strip()
    for path in _git(repo, "ls-tree", "--name-only", "HEAD", "_binaries/").split():
        stem = path.rsplit("/", 1)[-1].removesuffix(".md")
        name = stem.split("-", 1)[0] if stem.startswith("git-") else stem
        data = _front_matter(_git(repo, "show", f"HEAD:{path}"))
        e = programs.setdefault(name, {"functions": [], "exec": [], "write": [], "read": [], "sources": []})
        for fn, examples in (data.get("functions") or {}).items():
            kind = KIND.get(fn, "exec")
            e["functions"] = sorted(set(e["functions"]) | {fn})
            for ex in examples or ():
                e[kind] = sorted(set(e[kind]) | _options(str((ex or {}).get("code", "")), (name,)))
        e["sources"].append(f"SonarSource argument-injection-vectors {stem}")
    return commit


def main(argv: list) -> int:
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    programs: dict = {}
    g = gtfobins(argv[1], programs)
    s = sonar(argv[2], programs)
    for e in programs.values():
        for k in ("exec", "write", "read"):
            if not e[k]:
                del e[k]
    doc = {
        "sources": {
            "GTFOBins": {"url": "https://github.com/GTFOBins/GTFOBins.github.io", "commit": g, "licence": "GPL-3.0"},
            "SonarSource argument-injection-vectors": {
                "url": "https://github.com/SonarSource/argument-injection-vectors",
                "commit": s,
                "licence": "GPL-3.0",
            },
            "note": "facts only (program, function and option names); generated by scripts/gen_program_facts.py",
        },
        "programs": dict(sorted(programs.items())),
    }
    OUT.write_text(json.dumps(doc, indent=0, sort_keys=False) + "\n")
    print(f"{OUT}: {len(programs)} programs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
