"""Per-run cost of the verify sandbox against anchors in the same process run.

    python bench/bench_sandbox_run.py [OLD_SANDBOX_PY]

Anchor: `bash -c true` through subprocess.  Prints each mode's per-run time
as a ratio to the anchor; with OLD_SANDBOX_PY (e.g. `git show
a2b9718:linter/executor/sandbox.py > old.py`) also the old sandbox's, run
interleaved in the same process so machine load affects both alike.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time


def per_run(sb, n=15) -> float:
    s = sb.session("x", [])
    s.run("true", {})
    t = time.perf_counter()
    for _ in range(n):
        s.run("true", {})
    s.close()
    return (time.perf_counter() - t) / n


def anchor(n=15) -> float:
    t = time.perf_counter()
    for _ in range(n):
        subprocess.run(["/bin/bash", "-c", "true"])
    return (time.perf_counter() - t) / n


def main() -> None:
    from utcp_lint.executor import sandbox as new

    mods = [("new", new)]
    if len(sys.argv) > 1:
        # a module of the package, so that its relative imports (envsafe, lifecycle...) resolve
        spec = importlib.util.spec_from_file_location("utcp_lint.executor.old_sandbox", sys.argv[1])
        old = importlib.util.module_from_spec(spec)
        sys.modules["utcp_lint.executor.old_sandbox"] = old
        spec.loader.exec_module(old)
        mods.append(("old", old))
    res: dict = {}
    for _round in range(3):
        a = anchor()
        for name, mod in mods:
            for weak in (False, True):
                r = per_run(mod.Sandbox(weak=weak)) / a
                res.setdefault((name, weak), []).append(r)
    for (name, weak), rs in res.items():
        rs.sort()
        print(
            f"{name:4} {'weak' if weak else 'namespace':9}: median {rs[1]:5.1f}x the anchor "
            f"(runs: {', '.join(f'{x:.1f}' for x in rs)})"
        )


if __name__ == "__main__":
    main()
