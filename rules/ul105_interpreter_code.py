r"""Placeholder value inside program text of another interpreter (`python -c`, `perl -e`, `node -e`, awk, sed …).

## What it does
Reports a placeholder inside the code argument of an interpreter: `python`/`python3`
`-c`, `perl -e/-E` (also clustered as `-ne`, `-lpe`), `ruby -e`, `node -e/-p/--eval`,
`php -r`, `lua -e`, `Rscript -e`, `osascript -e`, `deno eval`, the program of
`awk`/`gawk`/`mawk` (not `-v var=…` values), and the script of `sed` (`-e`,
`--expression` or the first operand; `sed --sandbox` is exempt), and the program FILE
an interpreter runs when the value names it (`python3 -- VALUE`, `perl ./VALUE`,
`node -- VALUE`: the first operand after the options; not after a syntax-check switch such
as `node --check`; measured by bench/bench_program_truth.py). Wrappers and
runners (`timeout`, `sudo`, `docker run img python3 -c …`) are looked through.

## Why is this dangerous
The shell hands the value over intact, but it becomes source code: `'); import os;
os.system('id'); print('` breaks out of a Python string, `system("…")` works in
awk, and GNU sed executes the `e` command and writes files with `w`.

## Example
```json
{"command": "python3 -c \"print('UTCP_ARG_msg_UTCP_END'.upper())\""}
{"command": "awk '/UTCP_ARG_pattern_UTCP_END/ {print}' app.log"}
```

## Fix
Pass the value as data: `python3 -c 'import sys; print(sys.argv[1].upper())'
UTCP_ARG_msg_UTCP_END`, `awk -v pat=UTCP_ARG_pattern_UTCP_END '$0 ~ pat'`,
`perl -ne 'print if index($_, $ENV{P}) >= 0'` with `P=UTCP_ARG_p_UTCP_END`, or use
`grep -F -- UTCP_ARG_p_UTCP_END` instead of building a sed/awk program.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash_commands import BashSinkKind

from ._bash import also, sink_findings

RULE = Rule(
    id="UL105",
    name="bash-interpreter-code",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("security", "injection", "bash"),
    security_severity=9.0,
)


def _msg(ref, sink, others):
    return (
        f"placeholder '{ref.name}' is inside program text ({sink.detail}){also(others)}: "
        f"the value becomes source code; pass it as an argument or environment variable "
        f"and read it from there"
    )


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from sink_findings(RULE, tpl, BashSinkKind.INTERP_CODE, _msg)
