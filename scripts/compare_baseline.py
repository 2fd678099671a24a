"""Compare findings on fixtures/ and ../shared/corpus with /work/baseline/*.json.

    python scripts/compare_baseline.py [EXTRA CLI ARGS...]      # e.g. --jobs 2
    python scripts/compare_baseline.py --with-cache [ARGS...]   # cold then warm cache run

Runs ``utcp-lint --format json --no-config --no-cache fixtures`` (and the same
on ``../shared/corpus``) from the repository root -- the command lines the
baselines were made with -- plus any extra arguments, and compares the output
byte for byte.  Exit 0 when both are identical; otherwise prints per-rule
count differences and exits 1.  Set UTCP_LINT_BASELINE_DIR to use another
baseline directory.
"""

from __future__ import annotations

import collections
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE = Path(os.environ.get("UTCP_LINT_BASELINE_DIR", "/work/baseline"))
EXE = Path(sys.executable).parent / "utcp-lint"


def run(target: str, extra: list[str], cache: bool = False) -> bytes:
    cmd = [
        str(EXE) if EXE.exists() else sys.executable,
        *([] if EXE.exists() else ["-m", "utcp_lint.cli"]),
        "--format",
        "json",
        "--no-config",
        *([] if cache else ["--no-cache"]),
        *extra,
        target,
    ]
    return subprocess.run(cmd, cwd=ROOT, capture_output=True).stdout


def counts(raw: bytes) -> collections.Counter:
    return collections.Counter(f["rule"] for f in json.loads(raw)["findings"])


def main(argv: list[str]) -> int:
    cache = "--with-cache" in argv
    argv = [a for a in argv if a != "--with-cache"]
    if cache:
        import shutil

        shutil.rmtree(ROOT / ".utcp-lint-cache", ignore_errors=True)
    bad = 0
    for name, target in (("fixtures", "fixtures"), ("corpus", "../shared/corpus")):
        base = BASE / f"{name}.json"
        if not base.exists() or not (ROOT / target).exists():
            print(f"{name}: skipped ({base} or {target} missing)")
            continue
        want = base.read_bytes()
        runs = [run(target, argv, cache)] + ([run(target, argv, cache)] if cache else [])
        label = " ".join(argv) + (" (cache: cold and warm)" if cache else "")
        got = next((g for g in runs if g != want), want)
        if got == want:
            print(f"{name}: identical ({len(json.loads(got)['findings'])} findings) {label}")
            continue
        bad += 1
        a, b = counts(want), counts(got)
        diff = {r: b[r] - a[r] for r in sorted(set(a) | set(b)) if a[r] != b[r]}
        print(f"{name}: DIFFERENT {label}; per-rule count changes: {diff or 'none (order/text)'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
