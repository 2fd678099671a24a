"""A key the runtime does not know is dropped silently.

## What it does
Reports object keys that the matching utcp 1.2.0 model does not define. The runtime's
models use pydantic's default `extra="ignore"`, so such keys vanish without a word. The
message suggests the intended field ("did you mean") and says what happens instead:
the field you meant keeps its default.

## Why is this dangerous
A misspelt security setting is a setting that is not applied. `"inherit_env_var": []`
(missing `s`) was meant to give a CLI tool an empty environment; it is dropped and the
default host-environment allowlist (PATH, HOME, LANG, USER...) silently applies. A
misspelt `allowed_communication_protocols`, `auth` or `working_dir` fails the same way,
and nothing at registration or call time tells you.

## Example
```json
{"call_template_type": "cli", "commands": [{"command": "env"}],
 "inherit_env_var": []}
```

## Fix
Spell the key as the message suggests, or delete it. (Unknown keywords inside `inputs`
/`outputs` JSON Schemas are kept by the runtime and not reported.)
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._registration import grouped_issue_findings
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL002",
    name="unknown-key-dropped",
    severity="warning",
    confidence="high",
    scope="document",
    tags=("correctness", "registration"),
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    yield from grouped_issue_findings(RULE, doc, ("unknown-key",))
