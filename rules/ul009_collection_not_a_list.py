"""An empty object or string where the runtime expects an array.

## What it does
Reports `tools`, `manual_call_templates`, `post_processing` and `load_variables_from`
when they are `{}` or `""` instead of an array.

## Why is this dangerous
The runtime converts these fields with a `mode="before"` validator that simply loops
`for item in value`. Looping over an empty object or string yields nothing, so the
document is accepted and registers nothing -- no tools, no manuals -- without any
error. (A non-empty object or string is rejected: UL001.) Usually a generator wrote a
map where a list was meant.

## Example
```json
{"utcp_version": "1.0.1", "manual_version": "1.0.0", "tools": {}}
```

## Fix
Write an array: `"tools": []`, or the list of tools you meant to publish.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.models import findings_for
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL009",
    name="collection-not-a-list",
    severity="warning",
    confidence="high",
    scope="document",
    tool_local=True,  # per tool: what it reports on a tool reads that tool only (run/memo.DocumentMemo)
    tags=("correctness", "registration"),
    security_severity=2.0,
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    yield from findings_for(RULE, doc, ("not-a-list",))
