"""A `graphql` call template: its plugin does not register itself.

## What it does
Reports `"call_template_type": "graphql"` templates.

## Why is this dangerous
utcp loads plugins through the `utcp.plugins` entry-point group. The utcp-gql 1.1.6
wheel declares no entry point, so installing it is not enough: unless the application
imports `utcp_gql` and calls `utcp_gql.register()` before loading the manual or the
configuration, `CallTemplateSerializer` raises "Invalid call template type: graphql"
and the whole document is rejected. Validation of the template's fields is done anyway
(UL001).

## Example
```json
{"call_template_type": "graphql", "url": "https://api.example.com/graphql"}
```

## Fix
Call `utcp_gql.register()` at start-up in every process that loads this document (and
suppress this warning), or expose the API through `http`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.models import findings_for
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL008",
    name="graphql-plugin-not-registered",
    severity="warning",
    confidence="medium",
    scope="document",
    tool_local=True,  # per tool: what it reports on a tool reads that tool only (run/memo.DocumentMemo)
    tags=("correctness", "registration"),
    security_severity=2.0,
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    yield from findings_for(RULE, doc, ("plugin-not-registered",))
