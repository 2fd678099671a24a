"""Two tools in one manual share a name.

## What it does
Reports every tool whose `name` repeats the name of an earlier tool in the same
manual.

## Why is this dangerous
The UTCP client indexes tools by name (`<manual>.<tool>`). The later tool silently
replaces the earlier one in the tool repository, so the first tool can never be called
and a model asking for it runs the other command instead.

## Example
```json
{"tools": [{"name": "search", "…": "…"}, {"name": "search", "…": "…"}]}
```

## Fix
Give every tool a unique name.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.document.jsonpos import Node
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL036", name="duplicate-tool-name", severity="error", confidence="high", scope="document", tags=("correctness",)
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    first: dict[str, Node] = {}  # tool name -> its first name node
    for t in doc.tools:
        if not t.name or t.node.kind != "object":
            continue
        nn = t.node.get("name")
        if nn is None:  # a tool has a name only where its "name" member is a string
            continue
        if t.name in first:
            line = doc.source.region(first[t.name].start, first[t.name].end).line
            yield RULE.at_node(
                doc,
                nn,
                f"tool name '{t.name}' is already used by the tool at "
                f"line {line}: the later tool silently replaces the earlier "
                f"one when the manual is registered",
                tool=t.name,
            )
        else:
            first[t.name] = nn
