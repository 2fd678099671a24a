"""Errors on safe shapes where a value is the argument of a documented long option (issue 23).

For every sub-command of git (its git-SUB.1 pages), kubectl, docker, pip (their --help), helm
and npm (their references) and every long option the grammar says takes a value, one tool
``PROG SUB --OPT UTCP_ARG_v_UTCP_END``: the value is that option's argument, never an option
of its own, so UL150 should say nothing.  Counts UL150 findings by severity.

    .venv/bin/python bench/bench_option_arity.py [--lint PATH]   # default: .venv/bin/utcp-lint

Session 37 (1,378 shapes): 427 errors and 39 warnings on 9fa43b7; 16 errors and 3 warnings
after (the rest are extraction misreadings: ``--no-max-parents`` listed as taking a value).
"""

from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "linter" / "data"


def shapes() -> list:
    man = json.loads((DATA / "option_grammar.json").read_text())["programs"]
    docs = json.loads((DATA / "option_grammar_docs.json").read_text())["programs"]
    out = []
    for prog, src in (("git", man), ("kubectl", docs), ("docker", docs), ("pip", docs), ("helm", docs), ("npm", docs)):
        for sub, g in sorted((src.get(prog, {}).get("sub") or {}).items()):
            for opt in g.get("l", []):
                out.append(f"{prog} {sub} --{opt} UTCP_ARG_v_UTCP_END")
    return out


def manual(cmds: list) -> dict:
    tools = [
        {
            "name": f"t{i}",
            "description": c,
            "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
            "outputs": {"type": "object"},
            "tags": [],
            "tool_call_template": {"call_template_type": "cli", "commands": [{"command": c}]},
        }
        for i, c in enumerate(cmds)
    ]
    return {"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lint", default=str(ROOT / ".venv" / "bin" / "utcp-lint"))
    a = ap.parse_args()
    cmds = shapes()
    with tempfile.TemporaryDirectory() as d:
        m = Path(d) / "shapes.json"
        m.write_text(json.dumps(manual(cmds)))
        p = subprocess.run(
            [a.lint, "--format", "json", "--no-config", "--no-cache", "--select", "UL150", str(m)],
            capture_output=True,
            text=True,
            check=False,
        )
    found = json.loads(p.stdout)["findings"]
    sev = collections.Counter(f["severity"] for f in found)
    print(f"shapes {len(cmds)}  UL150 error {sev['error']}  warning {sev['warning']}  note {sev['note']}")
    for f in found:
        if f["severity"] == "error":
            print("  error:", cmds[int(f["tool"][1:])])
    return 0


if __name__ == "__main__":
    sys.exit(main())
