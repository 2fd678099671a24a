"""A code string given to exec/eval/compile calls a shell with a value from the enclosing function.

## What it does
Parses the constant string handed to `exec()`, `eval()` or `compile()` and
scans it like module code: `exec("import os; os.system(cmd)")`,
`eval("__import__('os').popen(cmd).read()")`,
`exec(compile("subprocess.run(cmd, shell=True)", "<s>", "exec"))`. The inner
code sees the enclosing function's variables, so when an inner shell sink
(what UL400-UL404 report in ordinary code) builds its command from a
parameter of the enclosing function, it is reported here, at the exact
characters of the inner callee inside the string literal (escapes and
implicit concatenation are mapped; an f-string maps to the `exec` call).
The module's own imports are visible to the inner code, as they are at run
time. A constant inner command, or one that uses no parameter, is not
reported: UL405 covers code built from parameters.

## Why is this dangerous
The shell call is hidden inside a string: bandit, ruff and a plain reading
of the call sites see only a constant `exec` argument, yet a tool argument
reaches `/bin/sh -c` exactly as in `os.system(cmd)`.

## Example
```python
def run(cmd):
    exec("import os; os.system(cmd)")
```

## Fix
Do not hide code in strings; call the program directly with an argv list:
`subprocess.run(["git", "log", "--", path], check=True)`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.pyscan.facts import SinkKind
from utcp_lint.ruleset.rule import Rule

from ._python import executors, reporting_modules, sink_findings

RULE = Rule(
    id="UL410",
    name="shell-in-exec-string",
    severity="error",
    confidence="high",
    scope="python",
    tags=("security", "python", "shell"),
    security_severity=8.8,
)

REPORTS: dict = {SinkKind.EXEC_STRING_SHELL: ()}


def message(s) -> str:
    inner = reporting_modules()[s.inner.kind]
    names = sorted({p[2] for p in s.ev.params})
    q = ", ".join(f"'{n}'" for n in names)
    params = f"parameter {q}" if len(names) == 1 else f"parameters {q}"
    where = f"function {s.enclosing!r}" if s.enclosing else "the enclosing function"
    rest = inner.message(s.inner).split(": ", 1)[-1]
    return (
        f"{s.code_runner}() runs a code string that calls {s.callee} with {params} of {where}: "
        f"the inner call is a shell sink ({inner.RULE.id}) hidden from ordinary scans. "
        + rest[:1].upper()
        + rest[1:]
        + executors(s)
    )


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    yield from sink_findings(RULE, ctx, REPORTS, message, snippet=lambda s: s.label)
