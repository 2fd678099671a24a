#!/usr/bin/env python3
"""Write linter/data/option_grammar_compiled.marshal, the form a run reads of the option
grammars (option_grammar.json, option_grammar_overrides.json, option_grammar_docs.json:
the reviewable sources; see utcp_lint.template.grammar_table).

    python scripts/gen_option_grammar_compiled.py          # (re)write it
    python scripts/gen_option_grammar_compiled.py --check  # exit 1 when it is stale

Run it after changing any of the three JSON files (tests/test_grammar_table.py fails until
you do; a stale compiled form is never read: a run falls back to the JSON files).
"""

from __future__ import annotations

import argparse
import sys

from utcp_lint.template import grammar_table


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true", help="exit 1 when the file is stale, write nothing")
    args = ap.parse_args()
    want = grammar_table.build_compiled()
    path = grammar_table.COMPILED_PATH
    have = path.read_bytes() if path.exists() else b""
    if args.check:
        if have != want:
            print(f"{path} is stale: run python scripts/gen_option_grammar_compiled.py", file=sys.stderr)
            return 1
        return 0
    if have != want:
        path.write_bytes(want)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
