"""The Python scan stays linear on many shell calls in one file (issue 29).

The work of the scan at n and 2n, counted in Python steps (calls and line
events, ``conftest.python_steps``: the same count on an idle and a loaded
machine; CPU time read x2.60 on a linear shape under CI load): linear work
doubles (these shapes read 1.99-2.01x); a file of n functions each with one
``subprocess.run(..., shell=True)`` grew 4.3-4.7x per doubling while every
function's callers were found by scanning every call of the module.
"""

from __future__ import annotations

import pytest
from conftest import python_steps

from utcp_lint.engine import Linter
from utcp_lint.pyscan import scan_text

#: linear work doubles (plus a constant: a little under 2x); quadratic work quadruples
LINEAR_DOUBLING = 2.4

SHAPES = {
    # n functions, each passing its parameter to a shell
    "functions-with-shell-calls": (
        lambda n: (
            "import subprocess\n"
            + "".join(f"def f{i}(x):\n    subprocess.run('ls ' + x, shell=True)\n" for i in range(n))
        ),
        600,
    ),
    # n shell calls at module level on one tainted value
    "module-shell-calls": (
        lambda n: (
            "import subprocess, sys\nx = sys.argv[1]\n"
            + "".join(f"subprocess.run(x + ' {i}', shell=True)\n" for i in range(n))
        ),
        750,
    ),
    # n shell calls in one function of eight parameters, each on a command assigned just
    # before: the fix note asked, for each call, every parameter's bindings (a walk of the
    # whole function each: 122M -> 484M steps at 150 -> 300 calls, past the budget; kcli)
    "assigned-commands-in-one-function": (
        lambda n: (
            "import subprocess\ndef main("
            + ", ".join(f"p{j}" for j in range(8))
            + "):\n"
            + "".join(f"    c{i} = 'ls ' + p{i % 8}\n    subprocess.run(c{i}, shell=True)\n" for i in range(n))
        ),
        150,
    ),
    # n shell calls in one function
    "calls-in-one-function": (
        lambda n: (
            "import subprocess\ndef main(x):\n"
            + "".join("    subprocess.run('ls ' + x, shell=True)\n" for _ in range(n))
        ),
        750,
    ),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_python_scan_doubles_linearly(shape):
    linter = Linter()
    make, n = SHAPES[shape]
    scan_text(linter, make(20), "x.py")  # warm up
    small, large = make(n), make(2 * n)
    t1, (f1, e1) = python_steps(lambda: scan_text(linter, small, "x.py"))
    t2, (f2, e2) = python_steps(lambda: scan_text(linter, large, "x.py"))
    assert not e1 and not e2
    assert not [f for f in f2 if f.rule == "UL011"]  # analysed in full
    # one shell-call finding per call at both sizes: the same work, twice as much of it
    assert len([f for f in f2 if f.rule == "UL401"]) == 2 * len([f for f in f1 if f.rule == "UL401"]) > 0
    ratio = t2 / t1
    assert ratio < LINEAR_DOUBLING, f"{shape}: {t1} -> {t2} steps (x{ratio:.2f} for 2x the input)"
