"""The UTCP runtime rejects this document when it is registered.

## What it does
Validates manuals, single tools, client configurations and call templates against
models that mirror utcp 1.2.0 and its plugins (utcp-cli, utcp-http, utcp-text,
utcp-file, utcp-websocket, utcp-socket, utcp-gql, utcp-mcp) and reports every value
the runtime would refuse: a wrong JSON type, a missing required field, a value outside
a fixed set (`http_method`, `location`, `framing_strategy`...), an unknown
`call_template_type` / `auth_type` / `variable_loader_type`, or a template that takes
no `auth` but has one. The runtime stops at the first such error; this rule reports
all of them, each at the exact value (a missing field: at the key of the object that
lacks it).

## Why is this dangerous
`UtcpManualSerializer`, `UtcpClientConfigSerializer` and `CallTemplateSerializer`
raise on the first bad value, so one typo makes the whole manual (every tool in it) or
the whole client configuration fail to load -- usually at agent start-up, far from the
file that caused it. When a manual is fetched through the CLI plugin, a rejected manual
can even degrade silently into a partial tool list.

## Example
```json
{"utcp_version": "1.0.1", "manual_version": "1.0.0", "tools": [
  {"name": "ls", "tool_call_template": {"call_template_type": "cli",
     "commands": [{"command": ["ls", "-la"]}]}}]}
```
`command` must be a string: the runtime rejects the manual.

## Fix
Change the value to the type the message names, add the missing field, or use one of
the listed values. `utcp-lint` lists every problem at once, so one pass fixes them all.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._registration import grouped_issue_findings
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL001",
    name="invalid-registration",
    severity="error",
    confidence="high",
    scope="document",
    tags=("correctness", "registration"),
    security_severity=4.0,
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    yield from grouped_issue_findings(RULE, doc, ("invalid", "missing", "unknown-type"))
