"""CPU time of the issue 29 shapes at n, 2n and 4n, in process (time.process_time).

    python bench/bench_doubling_shapes.py SHAPE N [REPS]

SHAPE: ``funcs`` (f1(){ f0 "$@"; }; ... chain), ``nested`` ($(echo $(echo ...))),
``varchain`` (a1="$a0"; a2="$a1"; ...), ``adjacent`` (UTCP_ARG_a_UTCP_ENDUTCP_ARG_b_UTCP_END
x n), ``py`` (n functions each with a shell=True call), ``py2`` (n module-level shell
calls), ``py3`` (n shell calls in one function).  Every default rule runs; prints the
best CPU seconds of REPS runs (default 1) and the number of findings per size.  Linear
work doubles per doubling of n (tests/test_bash_scaling.py, tests/test_pyscan_scaling.py
assert < 2.6 on medians).
"""

from __future__ import annotations

import json
import sys
import time

from utcp_lint.engine import Linter, RunResult
from utcp_lint.pyscan import scan_text


def manual(cmd: str) -> str:
    props = {k: {"type": "string"} for k in ("x", "a", "b")}
    tpl = {"call_template_type": "cli", "name": "t", "commands": [{"command": cmd}]}
    tool = {"name": "t", "description": "d", "inputs": {"type": "object", "properties": props}}
    tool["tool_call_template"] = tpl
    return json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": [tool]})


BASH = {
    "funcs": lambda n: (
        "f0(){ echo UTCP_ARG_x_UTCP_END; }; "
        + " ".join(f'f{i}(){{ f{i - 1} "$@"; }};' for i in range(1, n))
        + f" f{n - 1} UTCP_ARG_x_UTCP_END"
    ),
    "nested": lambda n: "echo " + "$(echo " * n + "UTCP_ARG_x_UTCP_END" + ")" * n,
    "varchain": lambda n: (
        "a0=UTCP_ARG_x_UTCP_END; " + " ".join(f'a{i}="$a{i - 1}";' for i in range(1, n)) + f' eval "$a{n - 1}"'
    ),
    "adjacent": lambda n: "echo " + "UTCP_ARG_a_UTCP_ENDUTCP_ARG_b_UTCP_END" * n,
}
PYTHON = {
    "py": lambda n: (
        "import subprocess, sys\n"
        + "".join(f"def f{i}(x):\n    subprocess.run('ls ' + x, shell=True)\n" for i in range(n))
    ),
    "py2": lambda n: (
        "import subprocess, sys\nx = sys.argv[1]\n"
        + "".join(f"subprocess.run(x + ' {i}', shell=True)\n" for i in range(n))
    ),
    "py3": lambda n: (
        "import subprocess\ndef main(x):\n" + "".join("    subprocess.run('ls ' + x, shell=True)\n" for _ in range(n))
    ),
}


def run(linter: Linter, shape: str, n: int, reps: int) -> tuple[float, int]:
    best = None
    found = 0
    for _ in range(reps):
        t0 = time.process_time()
        if shape in PYTHON:
            findings, _errors = scan_text(linter, PYTHON[shape](n), "x.py")
            found = len(findings)
        else:
            r = RunResult()
            linter.lint_json_text(manual(BASH[shape](n)), "m.json", True, r)
            found = len(r.findings)
        dt = time.process_time() - t0
        best = dt if best is None else min(best, dt)
    assert best is not None
    return best, found


def main() -> None:
    shape, n = sys.argv[1], int(sys.argv[2])
    reps = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    linter = Linter()
    run(linter, shape, 5, 1)  # warm up
    for k in (n, 2 * n, 4 * n):
        t, found = run(linter, shape, k, reps)
        print(f"{shape} {k} {t:.3f} CPU-s {found} findings", flush=True)


if __name__ == "__main__":
    main()
