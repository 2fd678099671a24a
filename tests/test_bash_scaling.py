"""The bash engine and its rules stay linear on adversarial shell (issue 18, issue 11 D).

Size-doubling tests: the same shape at size n and 4n, the work of the bash rules
(UL1xx) in process counted in Python steps (calls and line events,
``conftest.python_steps``: deterministic, where CPU time drifted on a loaded
CI machine).  Linear work grows 4x; the quadratic loops these tests were
written for grew 12-16x (``'echo ' + '$a' * 8000``: 14.6 s, a 5,000-stage
``echo VALUE |`` pipeline: 50 s).  The bound is < 6x.
"""

from __future__ import annotations

import json

import pytest
from conftest import python_steps

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


def _steps(text: str, linter: Linter) -> tuple:
    r = RunResult()
    steps, _ = python_steps(lambda: linter.lint_json_text(text, "m.json", True, r))
    return steps, len(r.findings)


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
    _steps(_manual(make(50)), linter)  # warm up (imports, parser, queries)
    t_small, f_small = _steps(_manual(make(small)), linter)
    t_large, f_large = _steps(_manual(make(large)), linter)
    assert f_large >= f_small  # the same shape, analysed both times
    ratio = t_large / t_small
    assert ratio < 6.0, f"{shape}: {t_small} -> {t_large} steps (x{ratio:.1f} for 4x the input)"


# ---- issue 29: shapes an independent attack found super-linear -------------
#
# Each shape at n and 2n with every default rule (not only UL1xx: the
# placeholder and client-variable passes were among the slow ones), the work
# counted in Python steps (conftest.python_steps).  Linear work doubles; the
# shapes grew 3.1-5.4x per doubling before the fix.


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
        1000,
    ),
    # $(echo $(echo $(... UTCP_ARG_x_UTCP_END)))
    "nested-substitutions": (lambda n: "echo " + "$(echo " * n + "UTCP_ARG_x_UTCP_END" + ")" * n, 4000),
    # a1="$a0"; a2="$a1"; ...; eval "$aN"
    "variable-chain": (
        lambda n: (
            "a0=UTCP_ARG_x_UTCP_END; " + " ".join(f'a{i}="$a{i - 1}";' for i in range(1, n)) + f' eval "$a{n - 1}"'
        ),
        1000,
    ),
    # UTCP_ARG_a_UTCP_ENDUTCP_ARG_b_UTCP_END... in one word
    "adjacent-placeholders": (lambda n: "echo " + "UTCP_ARG_a_UTCP_ENDUTCP_ARG_b_UTCP_END" * n, 1000),
}

#: linear work doubles (plus a constant); quadratic work quadruples
LINEAR_DOUBLING = 2.4


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
    t1, r1 = python_steps(lint(n))
    t2, r2 = python_steps(lint(2 * n))
    assert not r1.errors and not r2.errors
    assert not [f for f in r2.findings if f.rule == "UL011"]  # analysed in full, within the budget
    assert len(r2.findings) >= len(r1.findings)
    ratio = t2 / t1
    assert ratio < LINEAR_DOUBLING, f"{shape}: {t1} -> {t2} steps (x{ratio:.2f} for 2x the input)"
