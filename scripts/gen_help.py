"""Write linter/data/help.txt: the top-level ``utcp-lint --help`` as click renders it at 80 columns.

    python scripts/gen_help.py          # write it
    python scripts/gen_help.py --check  # exit 1 if the file is stale

``utcp_lint.__main__`` prints the file for ``--help`` without importing click
or the engine (issue 29, cold start).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "linter" / "data" / "help.txt"


def render() -> str:
    os.environ["COLUMNS"] = "80"
    from click.testing import CliRunner

    from utcp_lint.cli.app import main

    # click wraps at min(terminal columns, 80) - 2; the runner's width is that result
    r = CliRunner().invoke(main, ["--help"], prog_name="utcp-lint", terminal_width=78)
    if r.exit_code != 0:
        raise SystemExit(f"utcp-lint --help exited {r.exit_code}: {r.output}")
    return r.output


def main() -> int:
    text = render()
    if "--check" in sys.argv[1:]:
        if not TARGET.exists() or TARGET.read_text(encoding="utf-8") != text:
            print(f"{TARGET.relative_to(ROOT)} is stale: run python scripts/gen_help.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
