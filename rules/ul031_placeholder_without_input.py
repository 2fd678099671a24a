"""Placeholder names an argument the tool's inputs do not declare.

## What it does
Reports a `UTCP_ARG_<name>_UTCP_END` placeholder whose `<name>` has no entry in the
tool's `inputs.properties`.

## Why is this dangerous
The runtime (utcp-cli 1.1.5) never checks placeholders against the inputs. When the
caller does not send `<name>` it silently substitutes the literal text
`MISSING_ARG_<name>` and runs the command anyway, so the tool misbehaves instead of
failing, and a model that was never told about the argument cannot supply it.

## Example
```json
{"inputs": {"properties": {"path": {"type": "string"}}},
 "tool_call_template": {"call_template_type": "cli",
   "commands": [{"command": "cat UTCP_ARG_file_UTCP_END"}]}}
```

## Fix
Declare the argument in `inputs.properties` (and in `required` if the command cannot
run without it), or correct the placeholder's name.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL031",
    name="placeholder-without-input",
    severity="error",
    confidence="high",
    scope="template",
    tags=("correctness",),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if tpl.origin != "tool" or not isinstance(tpl.inputs, dict):
        return
    names = tpl.input_names()
    for step in tpl.steps:
        for name, s, e in step.placeholders():
            if name not in names:
                hint = ""
                import difflib

                close = difflib.get_close_matches(name, sorted(names), n=1)
                if close:
                    hint = f"; did you mean '{close[0]}'?"
                yield RULE.at_template(
                    tpl,
                    step,
                    s,
                    e,
                    f"placeholder '{name}' has no entry in inputs.properties: the runtime substitutes "
                    f"the literal text MISSING_ARG_{name} when it is not sent{hint}",
                )
