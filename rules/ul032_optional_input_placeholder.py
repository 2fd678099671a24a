"""Placeholder for an input that is not required.

## What it does
Reports a placeholder whose input is declared in `inputs.properties` but not listed
in `inputs.required`.

## Why is this dangerous
When the caller omits an optional argument, utcp-cli does not drop the placeholder
and does not apply the schema's `default`: it substitutes the literal text
`MISSING_ARG_<name>` and runs the command. `ls UTCP_ARG_dir_UTCP_END` then lists a
directory called `MISSING_ARG_dir`; `rm -rf UTCP_ARG_dir_UTCP_END/cache` becomes a
path the author never intended.

## Example
```json
{"inputs": {"properties": {"dir": {"type": "string", "default": "."}}},
 "tool_call_template": {"call_template_type": "cli",
   "commands": [{"command": "ls UTCP_ARG_dir_UTCP_END"}]}}
```

## Fix
List the input in `required`, or write a separate tool (or step) for the case where it
is absent. Defaults in the schema are documentation only.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL032",
    name="optional-input-placeholder",
    severity="warning",
    confidence="high",
    scope="template",
    tags=("correctness",),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if tpl.origin != "tool" or not isinstance(tpl.inputs, dict):
        return
    req = tpl.inputs.get("required")
    # only strings name inputs (a list or object here is a registration error, UL001)
    required = {r for r in req if isinstance(r, str)} if isinstance(req, list) else set()
    names = tpl.input_names()
    for step in tpl.steps:
        for name, s, e in step.placeholders():
            if name in names and name not in required:
                schema = tpl.input_schema(name) or {}
                extra = " (its schema 'default' is never applied)" if "default" in schema else ""
                yield RULE.at_template(
                    tpl,
                    step,
                    s,
                    e,
                    f"input '{name}' is optional: when the caller omits it the runtime substitutes "
                    f"the literal text MISSING_ARG_{name}{extra}",
                )
