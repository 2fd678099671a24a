"""shlex.quote() placed inside quotes of a shell string: bypassable.

## What it does
Reports a `shlex.quote(x)` (or `pipes.quote`, PowerShell `'...'` escaping)
whose result is put inside `"..."` or `'...'` of a shell command string that
reaches a shell sink, e.g. `f'grep "{shlex.quote(p)}" f'`, or after a `#` that
starts a comment. The finding sits on the quote call; the sink is reported by its
own rule as an error. Quotes are tracked as the shell reads them: a command
substitution starts a new quoting context, so `f'n="$(wc -l < {shlex.quote(p)})"'`
keeps the quoting (the value is a bare word inside `$(...)`), while
`f'n="$(wc -l "{shlex.quote(p)}")"'` does not; quotes inside a comment quote
nothing (`# don't` opens no string).

## Why is this dangerous
`shlex.quote` returns a single-quoted word. Inside double quotes those single
quotes are ordinary characters, so the value is no longer protected: with
`p = '"; id; "'` the shell sees `grep "'"; id; "'" f` and runs `id`. Inside
single quotes the quote's own `'` closes the string. This is exactly how the
first fix of GHSA-33p6-5jxp-p3x4 (utcp-cli 1.1.2) stayed injectable. In a
comment the quoting holds nothing either: a newline in the value ends the
comment and the next line runs as a command.

## Example
```python
import os, shlex

def find(name):
    os.system(f'find . -name "{shlex.quote(name)}"')
```

## Fix
Put the quoted value in the string as a bare word (`f"find . -name
{shlex.quote(name)}"`), or better, use an argv list (exec-array) with no
shell at all: `subprocess.run(["find", ".", "-name", name])`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL406",
    name="quote-inside-quotes",
    severity="error",
    confidence="high",
    scope="python",
    tags=("security", "python", "shell"),
    security_severity=8.8,
)


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    for start, end, sink in ctx.quote_bypasses:
        yield RULE.finding(
            ctx.source,
            start,
            end,
            f"shlex.quote result placed inside quotes of the shell string run by {sink.callee}: its single "
            f"quotes are literal there, so a value containing a quote breaks out (GHSA-33p6-5jxp-p3x4). "
            f"Use it as a bare word, or better an argv list (exec-array) without a shell.",
        )
