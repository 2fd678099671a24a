"""Placeholder-like text that the runtime will not substitute.

## What it does
Finds text that was meant as a `UTCP_ARG_<name>_UTCP_END` placeholder but does not
match the runtime's pattern `UTCP_ARG_([a-zA-Z0-9_]+?)_UTCP_END`: names with hyphens,
dots or other characters, lower-case markers, a missing `_UTCP_END`.

## Why is this dangerous
utcp-cli leaves non-matching text in the command literally. The tool then runs with
the marker text instead of the caller's value (`cat UTCP_ARG_file-name_UTCP_END`
opens a file of that name), and nothing reports the mistake.

## Example
```json
{"command": "git log --author UTCP_ARG_user-name_UTCP_END"}
```

## Fix
Use only ASCII letters, digits and `_` in placeholder names, and keep both markers in
upper case: `UTCP_ARG_user_name_UTCP_END` (and rename the input to match).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.document.placeholders import malformed
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL030",
    name="malformed-placeholder",
    severity="error",
    confidence="high",
    scope="template",
    tags=("correctness",),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    for step, scan in zip(tpl.steps, tpl.placeholder_scans):
        for s, e, _name, reason in malformed(step.command, scan):
            yield RULE.at_template(
                tpl,
                step,
                s,
                e,
                f"'{step.command[s:e]}' is not a placeholder the runtime recognises: {reason}; "
                f"it is passed to the shell literally",
            )
