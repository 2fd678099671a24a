"""A bare `# nosec` hides a utcp-lint finding.

## What it does
Reports a `# nosec` comment without test ids on a statement where utcp-lint
found a shell or eval sink. Like bandit, utcp-lint honours a bare `# nosec`
(it silences every finding of the statement), and this note keeps that
visible. With `--ignore-foreign-suppressions` (an audit) a `# nosec` hides
nothing, and this note is not given.

## Why is this dangerous
A bare `# nosec` was often written for another bandit check (say B108) and
silently hides the shell injection next to it. Naming the check
(`# nosec B602`) hides only what was reviewed.

## Example
```python
subprocess.run(cmd, shell=True)  # nosec
```

## Fix
Name the check: `# nosec B602` (bandit), `# noqa: S602` (ruff) or
`# utcp-lint: ignore[UL401] reason`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.ruleset.rule import Rule

from ._python import reporting_rule

RULE = Rule(
    id="UL901",
    name="blanket-nosec",
    severity="note",
    confidence="high",
    scope="python",
    tags=("hygiene", "suppression"),
)


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    if ctx.options.ignore_foreign_suppressions or not ctx.sinks or "nosec" not in ctx.text.lower():
        return  # with --ignore-foreign-suppressions a '# nosec' hides nothing
    from utcp_lint.pyscan.suppress import comments_in_lines

    ranges = ctx.statement_ranges
    seen = set()
    for s in ctx.sinks:
        line = ctx.source.region(s.start, s.start).line
        a, b = ranges.get(line, (line, line))
        for c in comments_in_lines(ctx.text, ctx.model.pos, a, b):
            if c.kind != "nosec" or c.ids or c.start in seen:
                continue
            seen.add(c.start)
            rule, aliases = reporting_rule(s.kind)
            bandit = sorted(x for x in aliases if x.startswith("B"))
            yield RULE.finding(
                ctx.source,
                c.start,
                c.end,
                f"bare '# nosec' hides {rule.id} ({s.callee}) on this statement; name the check "
                f"(e.g. '# nosec {bandit[0] if bandit else 'B602'}' "
                f"or '# utcp-lint: ignore[{rule.id}] reason')",
            )
