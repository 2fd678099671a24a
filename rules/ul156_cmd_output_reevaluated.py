r"""An earlier step's output is evaluated again as code.

## What it does
Reports `$CMD_<i>_OUTPUT` where bash or another interpreter evaluates its value as
code: `eval`, `bash -c`/`sh -c`, `python -c`, awk and sed programs, `ssh` remote
commands, text piped into a shell, the command word itself, arithmetic (`$(( ))`,
`[[ -eq ]]`, array subscripts) and variable-name positions (`read`, `printf -v`).

## Why is this dangerous
A step's output is whatever the program printed, including data the caller chose:
an argument echoed back, a file's or a web page's contents, an error message that
quotes the bad input (stderr is captured too: each step runs as
`CMD_<i>_OUTPUT=$(… 2>&1)`).  Evaluated again, that text runs: `$(touch x)` in
`eval`, `a[$(touch x)]` in arithmetic, `;` in `bash -c`.  This is a second-order
injection that the runtime's placeholder handling does not see.  The severity is
an error when the step that produced the output uses a placeholder.

## Example
```json
{"commands": [{"command": "cat UTCP_ARG_file_UTCP_END", "append_to_final_output": false},
              {"command": "eval \"${CMD_0_OUTPUT:-}\""}]}
```

## Fix
Treat earlier output as data: pass it as an argument (`"${CMD_0_OUTPUT:-}"`) to a
program that does not evaluate it, validate it first (`[[ ${CMD_0_OUTPUT:-} =~ ^[0-9]+$ ]]`
before arithmetic), or do the whole computation in one step.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash_commands import BashSinkKind

RULE = Rule(
    id="UL156",
    name="cmd-output-reevaluated",
    severity="warning",
    confidence="medium",
    scope="template",
    needs="bash",
    tags=("security", "bash"),
    # GitHub reads security-severity per rule, not per result: rate the worst case
    # (escalates to error when the earlier step used a placeholder)
    security_severity=7.5,
)

_KINDS = (
    BashSinkKind.SHELL_CODE,
    BashSinkKind.INTERP_CODE,
    BashSinkKind.STDIN_CODE,
    BashSinkKind.COMMAND_NAME,
    BashSinkKind.ARITHMETIC,
    BashSinkKind.VARIABLE_NAME,
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if "bash" not in tpl.shells or not tpl.steps:
        return
    for r in tpl.bash.cmd_outputs:
        if not r.expands:
            continue
        sinks = [s for s in r.sinks if s.kind in _KINDS]
        if not sinks:
            continue
        s = sinks[0]
        n = r.cmd_output
        src = tpl.steps[n] if 0 <= n < len(tpl.steps) else None
        names = sorted({p[0] for p in src.placeholders()}) if src is not None else []
        tainted = bool(names)
        origin = (
            f"step {n} uses {', '.join(repr(x) for x in names)}, so the caller shapes that output"
            if tainted
            else f"step {n}'s output (stdout and stderr) is evaluated as code"
        )
        yield RULE.at_template(
            tpl,
            r.step,
            r.template_start,
            r.template_end,
            f"${r.name} reaches {s.detail} ({s.kind}): {origin}; an earlier output must be treated as data, not code",
            severity="error" if tainted else "warning",
            confidence="high" if tainted and s.confidence == "high" else "medium",
        )
