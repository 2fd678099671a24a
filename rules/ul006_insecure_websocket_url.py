"""WebSocket call template URL that utcp-websocket rejects.

## What it does
Reports `websocket` call templates whose `url` is not `wss://...` and not `ws://` to a
literal loopback host (`localhost`, `127.0.0.1`, `[::1]`, or another loopback spelling
such as `127.1`). The check mirrors utcp-websocket 1.2.1's `url` field validator
(GHSA-ppx3-28rw-8fpf), including its hostname-based loopback test:
`ws://localhost.evil.com` is not loopback.

## Why is this dangerous
Plain `ws://` to a remote host sends every tool argument and every credential header
in clear text and lets anyone on the path rewrite the results. utcp-websocket refuses
it in the model validator, so the template -- and the manual or client configuration
that contains it -- fails to load. The validator runs before variable substitution, so
`"url": "${WS_URL}"` is always rejected too.

## Example
```json
{"call_template_type": "websocket", "url": "ws://api.example.com/socket"}
```

## Fix
Use `wss://api.example.com/socket`; plain `ws://` only for `localhost`/`127.0.0.1`.
Write the URL literally (variables are not expanded before the check).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.models import findings_for
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL006",
    name="insecure-websocket-url",
    severity="error",
    confidence="high",
    scope="document",
    tool_local=True,  # per tool: what it reports on a tool reads that tool only (run/memo.DocumentMemo)
    tags=("security", "transport", "registration"),
    security_severity=6.5,
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    yield from findings_for(RULE, doc, ("websocket-url",))
