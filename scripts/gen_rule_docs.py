#!/usr/bin/env python3
"""Generate docs/rules/<ID>.md and docs/rules/index.md from the rule modules.

    python scripts/gen_rule_docs.py          # (re)write the pages, delete stale ones
    python scripts/gen_rule_docs.py --check  # exit 1 and list what is stale

Run from anywhere; it writes next to this script's repository.  The pages come
from each rule's docstring and its Rule(...) metadata via
``utcp_lint.ruleset.docs`` -- the same text ``utcp-lint rule ID`` prints and the
SARIF output embeds as rule help.
"""

from __future__ import annotations

import argparse
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(REPO, "docs", "rules")
_GENERATED = re.compile(r"^(UL\d+\.md|index\.md)$")


def plan(out_dir: str = OUT_DIR):
    """(to_write: {name: content}, to_delete: [name]) relative to ``out_dir``."""
    from utcp_lint.ruleset.docs import generate
    from utcp_lint.ruleset.rule import all_rules

    wanted = generate(all_rules())
    to_write = {}
    for name, content in wanted.items():
        p = os.path.join(out_dir, name)
        try:
            with open(p, encoding="utf-8", newline="") as f:
                current = f.read()
        except OSError:
            current = None
        if current != content:
            to_write[name] = content
    existing = sorted(os.listdir(out_dir)) if os.path.isdir(out_dir) else []
    to_delete = [n for n in existing if _GENERATED.match(n) and n not in wanted]
    return to_write, to_delete


README = os.path.join(REPO, "README.md")
_TABLE = re.compile(r"(<!-- rules:start -->\n)(.*?)(<!-- rules:end -->)", re.S)


def readme_table(rules) -> str:
    """The README's rule table (id, name, severity, confidence, summary)."""
    rows = ["| id | name | severity | confidence | what it reports |", "|---|---|---|---|---|"]
    for r in rules.values():
        opt = " (opt-in)" if not r.default_enabled else ""
        summary = r.short_description.replace("|", "\\|")
        rows.append(f"| [{r.id}](docs/rules/{r.id}.md) | {r.name}{opt} | {r.severity} | {r.confidence} | {summary} |")
    return "\n".join(rows) + "\n"


def readme_plan(path: str = README):
    """New README text if its generated rule table is stale, else None."""
    from utcp_lint.ruleset.rule import all_rules

    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    m = _TABLE.search(text)
    if m is None:
        raise SystemExit("README.md lacks the <!-- rules:start --> / <!-- rules:end --> markers")
    new = text[: m.start(2)] + readme_table(all_rules()) + text[m.end(2) :]
    return None if new == text else new


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only report stale pages (exit 1 if any)")
    ap.add_argument("--out", default=OUT_DIR, help="output directory (default: docs/rules)")
    args = ap.parse_args(argv)
    to_write, to_delete = plan(args.out)
    new_readme = readme_plan()
    if args.check:
        if new_readme is not None:
            print("stale: the rule table in README.md")
            print("regenerate with: python scripts/gen_rule_docs.py", file=sys.stderr)
            return 1
        for n in sorted(to_write):
            print(f"stale or missing: docs/rules/{n}")
        for n in to_delete:
            print(f"no longer a rule: docs/rules/{n}")
        if to_write or to_delete:
            print("regenerate with: python scripts/gen_rule_docs.py", file=sys.stderr)
            return 1
        return 0
    os.makedirs(args.out, exist_ok=True)
    for n, content in sorted(to_write.items()):
        with open(os.path.join(args.out, n), "w", encoding="utf-8", newline="\n") as f:
            f.write(content)
    for n in to_delete:
        os.unlink(os.path.join(args.out, n))
    if new_readme is not None:
        with open(README, "w", encoding="utf-8", newline="\n") as f:
            f.write(new_readme)
    print(
        f"docs/rules: {len(to_write)} written, {len(to_delete)} deleted"
        f"{'; README rule table updated' if new_readme is not None else ''}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
