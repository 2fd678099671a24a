"""A `# utcp-lint: ignore` comment that names no rule.

## What it does
Reports `# utcp-lint: ignore` (or `ignore[]`) without rule ids in Python
source. Such a comment silences nothing: utcp-lint only honours ignores that
name the rules they silence.

## Why is this dangerous
A blanket ignore hides every present and future finding on the statement,
including new injection paths nobody reviewed. Naming the rule keeps the
suppression honest and reviewable.

## Example
```python
os.system(cmd)  # utcp-lint: ignore
```

## Fix
Name the rule and say why: `# utcp-lint: ignore[UL400] cmd is a constant
from settings.py`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL900",
    name="blanket-ignore",
    severity="warning",
    confidence="high",
    scope="python",
    tags=("hygiene", "suppression"),
)


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    if "utcp-lint" not in ctx.text:
        return
    for c in ctx.comments:
        if c.kind == "ignore" and not c.ids:
            yield RULE.finding(
                ctx.source,
                c.start,
                c.end,
                "'utcp-lint: ignore' without rule ids silences nothing; name the rule(s), e.g. "
                "'# utcp-lint: ignore[UL400] reason'",
            )
