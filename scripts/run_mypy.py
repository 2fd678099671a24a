"""Type-check the package utcp_lint with mypy (config: [tool.mypy] in pyproject.toml).

The package maps two directories onto one import package (linter/ is ``utcp_lint``,
rules/ is ``utcp_lint.rules``: [tool.setuptools] package-dir), which mypy cannot
express. So this script lays out a tree of symbolic links, build/mypy-src/utcp_lint/,
with one link per entry of linter/ and ``rules`` -> rules/, rebuilt on every run (a new
module is seen at once), runs ``python -m mypy`` on it and prints its report with the
paths mapped back to linter/ and rules/.

    .venv/bin/python scripts/run_mypy.py            # what .ci/run and pre-commit run
    .venv/bin/python scripts/run_mypy.py --pretty   # extra arguments go to mypy
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TREE = ROOT / "build" / "mypy-src"


def build_tree() -> None:
    pkg = TREE / "utcp_lint"
    if TREE.exists():
        shutil.rmtree(TREE)
    pkg.mkdir(parents=True)
    for entry in sorted((ROOT / "linter").iterdir()):
        if entry.name == "__pycache__":
            continue
        (pkg / entry.name).symlink_to(entry)
    (pkg / "rules").symlink_to(ROOT / "rules")


def main(argv: list[str]) -> int:
    build_tree()
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", *argv],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    shown = {
        "build/mypy-src/utcp_lint/rules/": "rules/",
        "build/mypy-src/utcp_lint/": "linter/",
    }
    for line in proc.stdout.splitlines():
        for tree_path, real in shown.items():
            if line.startswith(tree_path):
                line = real + line[len(tree_path) :]
                break
        print(line)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
