"""`http://` URL to a host that is not loopback.

## What it does
Reports `url`, `token_url` and similar fields that use plain `http://` for a
non-loopback host, in manuals, call templates and client configurations.

## Why is this dangerous
Over cleartext HTTP anyone on the path can read the credentials the client sends
(API keys, OAuth2 client secrets, bearer tokens) and rewrite the response. For a
manual endpoint that means rewriting the *tools*: an attacker can serve CLI tools that
run on the user's machine (see UL053).

## Example
```json
{"call_template_type": "http", "url": "http://api.example.com/utcp"}
```

## Fix
Use `https://`. Plain `http://` is fine only for `localhost`, `127.0.0.1` and `::1`.

Where the runtime's HTTP plugins refuse such a URL outright (the `url` of `http`,
`sse` and `streamable_http` templates, OAuth2 `token_url`), UL010 reports it instead;
this rule covers the remaining places (MCP server URLs, other templates' URLs).
"""

from collections.abc import Iterator
from urllib.parse import urlsplit

from utcp_lint.core.findings import Finding
from utcp_lint.document.jsonpos import Node, members_named
from utcp_lint.rules._secrets import is_loopback, is_reference
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule, source_may_spell

RULE = Rule(
    id="UL052",
    name="cleartext-transport",
    severity="warning",
    confidence="high",
    scope="document",
    tool_local=True,  # per tool: what it reports on a tool reads that tool only (run/memo.DocumentMemo)
    tags=("security", "transport"),
    security_severity=5.0,
)

URL_KEYS = {"url", "token_url", "endpoint", "base_url", "server_url", "manual_url"}


def _walk(node: Node) -> Iterator[Node]:
    return (vn for _p, _k, _kn, vn in members_named(node, URL_KEYS) if vn.kind == "string")


def _may_hold_http(text: str) -> bool:
    """Necessary for an ``http://`` string: ``http`` (any case) before ``:/``
    or ``:\\/`` in the source text, unless ``\\u`` escapes may spell it."""
    if source_may_spell(text):
        return True
    for sep in (":/", ":\\/"):
        i = text.find(sep)
        while i != -1:
            if text[max(0, i - 4) : i].lower() == "http":
                return True
            i = text.find(sep, i + 1)
    return False


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    if not _may_hold_http(doc.source.text):
        return
    # where the HTTP-family plugins refuse the URL outright, UL010 reports it
    # (an error: the tool can never work); do not report it twice.
    refused = {i.pointer for i in doc.validation if i.code == "url-refused"}
    for vn in sorted(_walk(doc.root), key=lambda n: n.start):
        if vn.pointer in refused:
            continue
        v = vn.value.strip()
        if not v.lower().startswith("http://"):
            continue
        try:
            host = urlsplit(v).hostname or ""
        except ValueError:
            continue
        if not host or is_loopback(host) or is_reference(host):
            continue
        yield RULE.at_node(
            doc,
            vn,
            f"cleartext http:// to non-loopback host '{host}': credentials and "
            f"responses can be read and rewritten on the way; use https://",
            tool=doc.tool_for_pointer(vn.pointer),
        )
