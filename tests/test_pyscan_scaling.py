"""The Python scan stays linear on many shell calls in one file (issue 29).

CPU time (time.process_time) of the scan at n and 2n, median of three: linear
work doubles; a file of n functions each with one ``subprocess.run(...,
shell=True)`` grew 4.3-4.7x per doubling while every function's callers were
found by scanning every call of the module.
"""

from __future__ import annotations

import statistics
import time

import pytest

from utcp_lint.engine import Linter
from utcp_lint.pyscan import scan_text

LINEAR_DOUBLING = 2.6

SHAPES = {
    # n functions, each passing its parameter to a shell
    "functions-with-shell-calls": (
        lambda n: (
            "import subprocess\n"
            + "".join(f"def f{i}(x):\n    subprocess.run('ls ' + x, shell=True)\n" for i in range(n))
        ),
        2500,
    ),
    # n shell calls at module level on one tainted value
    "module-shell-calls": (
        lambda n: (
            "import subprocess, sys\nx = sys.argv[1]\n"
            + "".join(f"subprocess.run(x + ' {i}', shell=True)\n" for i in range(n))
        ),
        3000,
    ),
    # n shell calls in one function
    "calls-in-one-function": (
        lambda n: (
            "import subprocess\ndef main(x):\n"
            + "".join("    subprocess.run('ls ' + x, shell=True)\n" for _ in range(n))
        ),
        3000,
    ),
}


def _median_cpu(linter, text):
    times = []
    out = None
    for _ in range(3):
        t0 = time.process_time()
        out = scan_text(linter, text, "x.py")
        times.append(time.process_time() - t0)
    return statistics.median(times), out


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_python_scan_doubles_linearly(shape):
    linter = Linter()
    make, n = SHAPES[shape]
    scan_text(linter, make(20), "x.py")  # warm up
    t1, (f1, e1) = _median_cpu(linter, make(n))
    t2, (f2, e2) = _median_cpu(linter, make(2 * n))
    assert not e1 and not e2
    assert not [f for f in f2 if f.rule == "UL011"]  # analysed in full
    # one shell-call finding per call at both sizes: the same work, twice as much of it
    assert len([f for f in f2 if f.rule == "UL401"]) == 2 * len([f for f in f1 if f.rule == "UL401"]) > 0
    ratio = t2 / max(t1, 1e-3)
    assert ratio < LINEAR_DOUBLING, f"{shape}: {t1:.3f}s -> {t2:.3f}s (x{ratio:.2f} for 2x the input)"
