"""A CLI call template with `commands: []`.

## What it does
Reports CLI call templates whose `commands` list is empty.

## Why is this dangerous
`CliCallTemplate.commands` is a plain `List[CommandStep]`, so `[]` passes validation and
the manual loads. utcp-cli 1.1.5 checks it only at use: registering such a template as
a manual and every call of a tool that uses it raise
`ValueError: CliCallTemplate '<name>' must have at least one command`. The tool is
advertised to the model and fails every time it is chosen.

## Example
```json
{"name": "noop", "tool_call_template": {"call_template_type": "cli", "commands": []}}
```

## Fix
Add at least one step, e.g. `"commands": [{"command": "my-tool --version"}]`, or
remove the tool.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.models import findings_for
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL004",
    name="empty-commands",
    severity="error",
    confidence="high",
    scope="document",
    tool_local=True,  # per tool: what it reports on a tool reads that tool only (run/memo.DocumentMemo)
    tags=("correctness", "registration"),
    security_severity=3.0,
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    yield from findings_for(RULE, doc, ("empty-commands",))
