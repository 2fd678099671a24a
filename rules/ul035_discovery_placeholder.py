"""Placeholder in a discovery (manual) call template, which runs with no arguments.

## What it does
Reports placeholders in a CLI call template listed under a client configuration's
`manual_call_templates`.

## Why is this dangerous
The client runs a manual call template once, at registration, to obtain the manual.
No tool arguments exist at that point, so every placeholder becomes the literal text
`MISSING_ARG_<name>` and the discovery command runs with it.

## Example
```json
{"manual_call_templates": [{"name": "tools", "call_template_type": "cli",
  "commands": [{"command": "my-tool --list UTCP_ARG_filter_UTCP_END"}]}]}
```

## Fix
Make the discovery command constant; use client `variables` (`${VAR}`) for
configuration that differs between installations.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL035",
    name="discovery-template-placeholder",
    severity="error",
    confidence="high",
    scope="template",
    tags=("correctness",),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if tpl.origin != "discovery":
        return
    for step in tpl.steps:
        for name, s, e in step.placeholders():
            yield RULE.at_template(
                tpl,
                step,
                s,
                e,
                f"placeholder '{name}' in a manual discovery template: discovery runs with no "
                f"arguments, so it always becomes the literal text MISSING_ARG_{name}",
            )
