"""An `http://` URL to a remote host that the HTTP-family plugins refuse.

## What it does
Reports the `url` of `http`, `sse`, `streamable_http` and `graphql` call templates, and
the OAuth2 `token_url` of templates that fetch tokens, when the URL is not `https://`
and not plain `http://` to a loopback host. URLs whose scheme or host contain a
variable (`${HOST}`, `{host}`) are skipped: they are only known after substitution.

## Why is this dangerous
utcp-http 1.1.15 (and utcp-gql 1.1.6, utcp-websocket 1.2.1 for token URLs) call
`ensure_secure_url` before manual discovery, before every tool invocation and before
every OAuth2 token request, and raise "Security error ... URL must use HTTPS or be a
literal loopback address". The manual validates and loads, the tool is offered to the
model, and every call fails. Plain HTTP would also expose the credentials it carries.

## Example
```json
{"name": "weather", "tool_call_template": {"call_template_type": "http",
  "url": "http://api.example.com/weather"}}
```

## Fix
Use `https://`. Plain `http://` works only for `localhost`, `127.0.0.1` and `::1`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.models import findings_for
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL010",
    name="url-refused-by-runtime",
    severity="error",
    confidence="high",
    scope="document",
    tool_local=True,  # per tool: what it reports on a tool reads that tool only (run/memo.DocumentMemo)
    tags=("correctness", "transport", "registration"),
    security_severity=5.0,
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    yield from findings_for(RULE, doc, ("url-refused",))
