"""A `# utcp-lint: ignore[...]` names a rule that does not exist.

## What it does
Reports each id in an ignore comment that matches no utcp-lint rule (ids and
prefixes such as `UL40` are accepted).

## Why is this dangerous
A typo (`UL041` for `UL401`) silences nothing, while the author believes the
finding is handled; the next run still fails, or worse, the comment is
copied around as if it worked.

## Example
```python
os.system(cmd)  # utcp-lint: ignore[UL4001] reviewed
```

## Fix
Use an existing id (`utcp-lint rules` lists them).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL903",
    name="ignore-unknown-rule",
    severity="warning",
    confidence="high",
    scope="python",
    tags=("hygiene", "suppression"),
)


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    if "utcp-lint" not in ctx.text:
        return
    from utcp_lint.ruleset.rule import all_rules

    known = list(all_rules())
    for c in ctx.comments:
        if c.kind != "ignore":
            continue
        for rid, s, e in c.id_spans:
            if not any(k == rid or k.startswith(rid) for k in known):
                yield RULE.finding(
                    ctx.source,
                    s,
                    e,
                    f"'{rid}' is not a utcp-lint rule id; this ignore silences nothing for it (see 'utcp-lint rules')",
                )
