"""A UTCP 0.x key in a document read by a 1.x runtime.

## What it does
Recognises UTCP 0.x documents and leftovers -- `provider_type`, `tool_provider`,
`command_name`, `param_style`, `output_format`, a manual's top-level `version`, a
client configuration's `providers` / `providers_file_path`, a variable loader's
`type` -- and says, at the offending key, exactly what 1.x expects instead:
`provider_type` -> `call_template_type`, `tool_provider` -> `tool_call_template`,
`command_name` -> `commands: [{"command": ...}]` with `UTCP_ARG_<name>_UTCP_END`
placeholders, `version` -> `utcp_version` + `manual_version`, `providers` ->
`manual_call_templates`. One fact, one finding: a document gets one finding, at its
first 0.x key, listing every 0.x key with its count and its 1.x replacement; each
occurrence is a related location (SARIF `relatedLocations`) with the detailed message.

## Why is this dangerous
utcp 1.x reads none of these keys. Where the 1.x field is required the document is
rejected (`KeyError: 'call_template_type'`, `tool_call_template` missing, `TypeError`
for a manual's `version`); where it is not, the key is dropped silently: a 0.x
`providers` list yields a configuration that loads and registers nothing. `param_style`
and `output_format` were never implemented by any published Python utcp (0.1.0 -
1.2.0) and only ever did nothing. Behaviour also changed under the same names: 0.x ran
`command_name` without a shell and appended every argument as `--name value`; 1.x runs
shell steps and passes arguments only where a placeholder says so. These findings are
errors when the key makes the runtime reject or ignore the document, warnings when the
key is merely dropped.

## Example
```json
{"version": "0.1.0", "tools": [{"name": "echo", "tool_provider":
  {"provider_type": "cli", "command_name": "echo"}}]}
```

## Fix
```json
{"utcp_version": "1.0.1", "manual_version": "1.0.0", "tools": [{"name": "echo",
  "inputs": {"type": "object", "properties": {"text": {"type": "string"}}},
  "tool_call_template": {"call_template_type": "cli",
    "commands": [{"command": "echo UTCP_ARG_text_UTCP_END"}]}}]}
```
`utcp-lint --fix` performs the mechanical migration (renames, `version` split,
`param_style`/`output_format` removed), preserving the file's formatting outside the
edits; converting `command_name` to `commands` changes how arguments are passed, so a
document that has one needs `utcp-lint --fix --unsafe-fixes`. `providers_file_path`
names another file and is left to you.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._registration import legacy_findings
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL005",
    name="legacy-0x-document",
    severity="error",
    confidence="high",
    scope="document",
    tags=("correctness", "registration", "migration"),
    security_severity=3.0,
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    yield from legacy_findings(RULE, doc)
