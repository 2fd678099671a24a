"""Print each finding of a fixture with the exact source text it spans.

Used to check fixture ``.expect`` files by eye:
    python scripts/show_spans.py fixtures/rules/UL031/bad_missing.json --select UL031
"""

import json
import subprocess
import sys


def main(argv):
    path = argv[0]
    out = subprocess.run(
        [sys.executable, "-m", "utcp_lint.cli", "--format", "json", "--no-config", *argv],
        capture_output=True,
        text=True,
    )
    data = json.loads(out.stdout)
    lines = open(path, encoding="utf-8-sig").read().split("\n")
    for f in data["findings"]:
        if f["line"] == f["end_line"]:
            text = lines[f["line"] - 1][f["column"] - 1 : f["end_column"] - 1]
        else:
            text = lines[f["line"] - 1][f["column"] - 1 :] + " ..."
        print(f"{f['line']}:{f['column']}-{f['end_line']}:{f['end_column']}  {f['rule']}  {text!r}")
    for e in data["errors"]:
        print("ERROR", e)


if __name__ == "__main__":
    main(sys.argv[1:])
