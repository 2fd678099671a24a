"""A `# utcp-lint: ignore[...]` without a reason.

## What it does
Reports an ignore comment that names rules but gives no reason after the
brackets.

## Why is this dangerous
A suppression without a reason cannot be reviewed: nobody can tell later
whether the finding was judged safe or just in the way.

## Example
```python
os.system("make")  # utcp-lint: ignore[UL400]
```

## Fix
Say why the code is safe: `# utcp-lint: ignore[UL400] constant build
command, no input`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL902",
    name="ignore-without-reason",
    severity="note",
    confidence="high",
    scope="python",
    tags=("hygiene", "suppression"),
)


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    if "utcp-lint" not in ctx.text:
        return
    for c in ctx.comments:
        if c.kind == "ignore" and c.ids and not c.reason:
            yield RULE.finding(
                ctx.source,
                c.start,
                c.end,
                "suppression without a reason; add one after the ids so reviewers know why the finding is safe",
            )
