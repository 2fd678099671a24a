"""A top-level manual key other than `utcp_version`, `manual_version` and `tools`.

## What it does
Reports every extra key at the top level of a UTCP manual (`name`, `description`,
`info`, `allowed_communication_protocols`, ...).

## Why is this dangerous
Unlike every other UTCP object, extra keys here are not ignored: utcp 1.2.0's
`UtcpManual` overrides `__init__(self, tools, manual_version, utcp_version)`, and
pydantic's `model_validate` calls a custom `__init__` with the document's keys as
keyword arguments. Any other key raises `TypeError: UtcpManual.__init__() got an
unexpected keyword argument`, and the whole manual -- every tool in it -- is rejected
by the file, text and HTTP plugins. (The CLI plugin then falls back to parsing the
tools one by one and silently drops the ones it cannot read.) Manuals generated with
metadata such as `name` or `description` look fine and never load.

## Example
```json
{"utcp_version": "1.0.1", "manual_version": "1.0.0", "name": "linux-tools",
 "tools": []}
```

## Fix
Delete the key. A manual's name comes from the manual call template that registers
it; `allowed_communication_protocols` belongs on that call template;
`variables`/`load_variables_from` belong in the client configuration.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.models import findings_for
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL003",
    name="manual-extra-top-level-key",
    severity="error",
    confidence="high",
    scope="document",
    tool_local=True,  # per tool: what it reports on a tool reads that tool only (run/memo.DocumentMemo)
    tags=("correctness", "registration"),
    security_severity=4.0,
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    yield from findings_for(RULE, doc, ("extra",))
