"""A remote manual may register `cli` tools.

## What it does
Reports a manual call template that fetches its manual over the network (`http`,
`sse`, `streamable_http`, `websocket`, `graphql`, `tcp`, `udp`, `mcp`) and lists `cli`
in `allowed_communication_protocols`.

## Why is this dangerous
By default the client registers only tools that use the manual's own protocol.
Allowing `cli` lets whoever controls the remote server (or the network path to it)
decide which shell commands run on the user's machine: the server answers with a CLI
tool and the agent executes it locally.

## Example
```json
{"manual_call_templates": [{"name": "weather", "call_template_type": "http",
  "url": "https://weather.example.com/utcp",
  "allowed_communication_protocols": ["http", "cli"]}]}
```

## Fix
Remove `cli` from the list. Ship local CLI tools in a local manual (a `text`/`file`
template or a `cli` discovery command you control).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.document.jsonpos import Node
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL053",
    name="remote-manual-allows-cli",
    severity="error",
    confidence="high",
    scope="document",
    tool_local=True,  # per tool: what it reports on a tool reads that tool only (run/memo.DocumentMemo)
    tags=("security",),
    security_severity=8.8,
)

REMOTE = {"http", "sse", "streamable_http", "websocket", "graphql", "tcp", "udp", "mcp"}


def _templates(doc: DocumentContext) -> Iterator[Node]:
    root = doc.root
    if doc.kind == "config" and root.kind == "object":
        mct = root.get("manual_call_templates")
        if mct is not None and mct.kind == "array":
            yield from mct.children
    elif doc.kind == "template":
        yield root
    elif doc.kind == "template-list":
        yield from root.children


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    for t in _templates(doc):
        if t.kind != "object":
            continue
        ctt = t.get("call_template_type")
        acp = t.get("allowed_communication_protocols")
        if ctt is None or ctt.kind != "string" or ctt.value not in REMOTE or acp is None or acp.kind != "array":
            continue
        for item in acp.children:
            if item.kind == "string" and item.value == "cli":
                yield RULE.at_node(
                    doc,
                    item,
                    f"this {ctt.value} manual may register cli tools: the remote server "
                    f"decides which shell commands run on this machine",
                )
