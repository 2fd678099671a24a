"""eval() or exec() of a string built from parameters.

## What it does
Reports `eval(x)` and `exec(x)` (also `builtins.eval`, aliases and rebinding)
when `x` is built from the enclosing function's parameters, from program
input (`sys.argv`, `input()`), or assembled by f-string, `%`, `.format`,
concatenation or `join` from values the scanner cannot trace. Constant code
is not reported.

## Why is this dangerous
`eval`/`exec` run Python: whoever controls the string runs arbitrary code in
the plugin's process, with its credentials. Quoting does not help.

## Example
```python
def calc(expression):
    return eval(f"({expression}) * 2")
```

## Fix
Parse data instead of executing it: `json.loads`, `ast.literal_eval`, or a
small dispatch table of allowed operations. Bandit B307/B102 and ruff
S307/S102 name the same check.
"""
from utcp_lint.rule import Rule

RULE = Rule(id="UL405", name="eval-of-parameter", severity="error", confidence="high", scope="python",
            tags=("security", "python", "code-execution"), security_severity=9.0)


@RULE.check
def check(ctx):
    for s in ctx.sinks_for(RULE.id):
        yield RULE.finding(ctx.source, s.start, s.end, s.message, severity=s.severity,
                           confidence=s.confidence, snippet=s.callee)
