"""A UTCP 0.x key in a document read by a 1.x runtime.

## What it does
Recognises UTCP 0.x documents and leftovers -- `provider_type`, `tool_provider`,
`command_name`, `param_style`, `output_format`, a manual's top-level `version`, a
client configuration's `providers` / `providers_file_path`, a variable loader's
`type` -- and says, at the offending key, exactly what 1.x expects instead:
`provider_type` -> `call_template_type`, `tool_provider` -> `tool_call_template`,
`command_name` -> `commands: [{"command": ...}]` with `UTCP_ARG_<name>_UTCP_END`
placeholders, `version` -> `utcp_version` + `manual_version`, `providers` ->
`manual_call_templates`. Pure key renames carry an automatic fix.

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
`utcp-lint --fix` performs the `provider_type` and `tool_provider` renames.
"""
from utcp_lint.models import findings_for
from utcp_lint.rule import Rule

RULE = Rule(id="UL005", name="legacy-0x-document", severity="error", confidence="high",
            scope="document", tags=("security", "correctness", "registration", "migration"), security_severity=3.0)


@RULE.check
def check(doc):
    yield from findings_for(RULE, doc, ("legacy",))
