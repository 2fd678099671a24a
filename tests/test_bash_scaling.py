"""The bash engine and its rules stay linear on adversarial shell (issue 18, issue 11 D).

Size-doubling tests: the same shape at size n and 4n, CPU time of the bash rules
(UL1xx) in process, best of three.  Linear work grows 4x; the quadratic loops
these tests were written for grew 12-16x (``'echo ' + '$a' * 8000``: 14.6 s,
a 5,000-stage ``echo VALUE |`` pipeline: 50 s).  The bound (< 8x) leaves room
for a noisy shared machine while still failing on anything quadratic.
"""

from __future__ import annotations

import json
import statistics
import time

import pytest

from utcp_lint.engine import Linter, RunResult
from utcp_lint.ruleset.rule import all_rules


def _manual(cmd: str) -> str:
    return json.dumps(
        {
            "manual_version": "1.0.0",
            "utcp_version": "1.0.1",
            "tools": [
                {
                    "name": "t",
                    "description": "d",
                    "inputs": {"type": "object", "properties": {"x": {"type": "string"}}},
                    "tool_call_template": {"call_template_type": "cli", "name": "t", "commands": [{"command": cmd}]},
                }
            ],
        }
    )


def _cpu(text: str, linter: Linter) -> tuple:
    best = None
    n = 0
    for _ in range(3):
        r = RunResult()
        t0 = time.process_time()
        linter.lint_json_text(text, "m.json", True, r)
        dt = time.process_time() - t0
        n = len(r.findings)
        best = dt if best is None else min(best, dt)
    return best, n


SHAPES = {
    # every $a is a separate part of ONE concatenated word
    "concatenated-variables": lambda n: "echo " + "$a" * n,
    "variables-in-one-string": lambda n: 'echo "' + "$a" * n + '"',
    # every stage prints a placeholder into the rest of the pipeline
    "printer-pipeline": lambda n: " | ".join(["echo UTCP_ARG_x_UTCP_END"] * n),
    "placeholder-words": lambda n: "echo " + " ".join(["UTCP_ARG_x_UTCP_END"] * n),
    "assignments-then-uses": lambda n: (
        "; ".join(f"v{i}=UTCP_ARG_x_UTCP_END" for i in range(n)) + "; echo " + " ".join(f"$v{i}" for i in range(n))
    ),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_bash_rules_scale_linearly(shape):
    rules = [r for rid, r in all_rules().items() if rid.startswith("UL1") and r.default_enabled]
    linter = Linter(rules)
    make = SHAPES[shape]
    small, large = 500, 2000
    _cpu(_manual(make(50)), linter)  # warm up (imports, parser, queries)
    t_small, f_small = _cpu(_manual(make(small)), linter)
    t_large, f_large = _cpu(_manual(make(large)), linter)
    assert f_large >= f_small  # the same shape, analysed both times
    ratio = t_large / max(t_small, 1e-3)
    assert ratio < 8.0, f"{shape}: {t_small:.3f}s -> {t_large:.3f}s (x{ratio:.1f} for 4x the input)"


# ---- issue 29: shapes an independent attack found super-linear -------------
#
# Each shape at n and 2n with every default rule (not only UL1xx: the
# placeholder and client-variable passes were among the slow ones), CPU time
# of this process (time.process_time, never wall time: the machine is shared),
# median of three.  Linear work doubles; the shapes grew 3.1-5.4x per doubling
# before the fix.  Sizes are chosen so the smaller run is >= ~0.2 s of CPU.


def _issue29_manual(cmd: str) -> str:
    return json.dumps(
        {
            "manual_version": "1.0.0",
            "utcp_version": "1.0.1",
            "tools": [
                {
                    "name": "t",
                    "description": "d",
                    "inputs": {
                        "type": "object",
                        "properties": {"x": {"type": "string"}, "a": {"type": "string"}, "b": {"type": "string"}},
                    },
                    "tool_call_template": {"call_template_type": "cli", "name": "t", "commands": [{"command": cmd}]},
                }
            ],
        }
    )


DOUBLING_SHAPES = {
    # f1(){ f0 "$@"; }; f2(){ f1 "$@"; }; ... (value flow through "$@", n deep)
    "function-chain": (
        lambda n: (
            "f0(){ echo UTCP_ARG_x_UTCP_END; }; "
            + " ".join(f'f{i}(){{ f{i - 1} "$@"; }};' for i in range(1, n))
            + f" f{n - 1} UTCP_ARG_x_UTCP_END"
        ),
        4000,
    ),
    # $(echo $(echo $(... UTCP_ARG_x_UTCP_END)))
    "nested-substitutions": (lambda n: "echo " + "$(echo " * n + "UTCP_ARG_x_UTCP_END" + ")" * n, 16000),
    # a1="$a0"; a2="$a1"; ...; eval "$aN"
    "variable-chain": (
        lambda n: (
            "a0=UTCP_ARG_x_UTCP_END; " + " ".join(f'a{i}="$a{i - 1}";' for i in range(1, n)) + f' eval "$a{n - 1}"'
        ),
        4000,
    ),
    # UTCP_ARG_a_UTCP_ENDUTCP_ARG_b_UTCP_END... in one word
    "adjacent-placeholders": (lambda n: "echo " + "UTCP_ARG_a_UTCP_ENDUTCP_ARG_b_UTCP_END" * n, 4000),
}

#: the ratio linear work stays below for 2x the input on a loaded machine
LINEAR_DOUBLING = 2.6


def _median_cpu(run) -> tuple:
    times = []
    out = None
    for _ in range(3):
        t0 = time.process_time()
        out = run()
        times.append(time.process_time() - t0)
    return statistics.median(times), out


@pytest.fixture(scope="module")
def default_linter():
    return Linter()


@pytest.mark.parametrize("shape", sorted(DOUBLING_SHAPES))
def test_issue29_shapes_double_linearly(shape, default_linter):
    make, n = DOUBLING_SHAPES[shape]

    def lint(k):
        text = _issue29_manual(make(k))

        def run():
            r = RunResult()
            default_linter.lint_json_text(text, "m.json", True, r)
            return r

        return run

    lint(50)()  # warm up
    t1, r1 = _median_cpu(lint(n))
    t2, r2 = _median_cpu(lint(2 * n))
    assert not r1.errors and not r2.errors
    assert not [f for f in r2.findings if f.rule == "UL011"]  # analysed in full, within the budget
    assert len(r2.findings) >= len(r1.findings)
    ratio = t2 / max(t1, 1e-3)
    assert ratio < LINEAR_DOUBLING, f"{shape}: {t1:.3f}s -> {t2:.3f}s (x{ratio:.2f} for 2x the input)"
