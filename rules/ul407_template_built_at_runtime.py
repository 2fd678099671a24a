"""A CLI call template command assembled at run time in Python.

## What it does
Reports a `CommandStep(command=...)` (or `{"command": ...}` inside a CLI
template written in Python) whose command is not a constant string: an
f-string with fields, a concatenation, `%` or `.format` with variables. Such
commands cannot be checked by the template rules, and they splice values
into shell source before utcp-cli ever sees them.

## Why is this dangerous
utcp-cli protects only `UTCP_ARG_<name>_UTCP_END` placeholders (it passes
their values through environment variables). Anything formatted into the
command string itself becomes shell code: the runtime's docs say "never
assemble the command template from untrusted input".

## Example
```python
from utcp_cli.cli_call_template import CliCallTemplate, CommandStep

def make(repo):
    return CliCallTemplate(name="log", commands=[CommandStep(command=f"git -C {repo} log")])
```

## Fix
Keep the command constant and let the runtime substitute values:
`CommandStep(command="git -C UTCP_ARG_repo_UTCP_END log")`, with `repo`
declared in the tool's inputs.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL407",
    name="template-built-at-runtime",
    severity="warning",
    confidence="medium",
    scope="python",
    tags=("security", "python", "template"),
)


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    for d in ctx.dynamic_commands:
        ev = d.ev
        sev = "error" if ev.level == "high" else "warning"
        conf = "high" if ev.params else "medium"
        yield RULE.finding(
            ctx.source,
            d.start,
            d.end,
            f"CLI template command built at run time from {ev.describe()}: values formatted into the command "
            f"become shell code before utcp-cli substitutes placeholders, and the template rules cannot check "
            f"it. Keep the command constant and use UTCP_ARG_<name>_UTCP_END placeholders.",
            severity=sev,
            confidence=conf,
            tool=d.tool,
        )
