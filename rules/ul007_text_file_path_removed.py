"""A `text` call template that still uses `file_path`.

## What it does
Reports `"call_template_type": "text"` templates that contain a `file_path` key.

## Why is this dangerous
utcp-text 1.1.0 changed the text protocol to take the manual inline, in `content`.
`TextCallTemplateSerializer.validate_dict` checks for `file_path` before anything else
and raises "TextCallTemplate no longer supports 'file_path'", so the template, and the
whole client configuration it sits in, fails to load. Configurations written for
earlier releases (and several published examples) still do this.

## Example
```json
{"manual_call_templates": [{"name": "news", "call_template_type": "text",
  "file_path": "./newsapi_manual.json"}]}
```

## Fix
To read a manual from disk use the file protocol (install `utcp-file`):
`{"name": "news", "call_template_type": "file", "file_path": "./newsapi_manual.json"}`.
To keep the text protocol, put the manual itself in `content`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.models import findings_for
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL007",
    name="text-file-path-removed",
    severity="error",
    confidence="high",
    scope="document",
    tool_local=True,  # per tool: what it reports on a tool reads that tool only (run/memo.DocumentMemo)
    tags=("correctness", "registration", "migration"),
    security_severity=3.0,
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    yield from findings_for(RULE, doc, ("text-file-path",))
