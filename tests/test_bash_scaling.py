"""The bash engine and its rules stay linear on adversarial shell (issue 18, issue 11 D).

Size-doubling tests: the same shape at size n and 4n, CPU time of the bash rules
(UL1xx) in process, best of three.  Linear work grows 4x; the quadratic loops
these tests were written for grew 12-16x (``'echo ' + '$a' * 8000``: 14.6 s,
a 5,000-stage ``echo VALUE |`` pipeline: 50 s).  The bound (< 8x) leaves room
for a noisy shared machine while still failing on anything quadratic.
"""

from __future__ import annotations

import json
import time

import pytest

from utcp_lint.engine import Linter, RunResult
from utcp_lint.rule import all_rules


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
