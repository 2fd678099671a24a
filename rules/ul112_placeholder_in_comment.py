"""Placeholder inside a shell comment: the value is dropped.

## What it does
Reports a placeholder that bash reads as part of a `#` comment in the rendered
script.

## Why is this dangerous
The value never reaches any command, so the tool ignores an input the caller
(and the model) believes matters. If the comment is on the step's last line
it also swallows the runtime's ` 2>&1)` and breaks the whole script (UL113).

## Example
```json
{"command": "ls -la # show UTCP_ARG_path_UTCP_END"}
```

## Fix
Remove the placeholder from the comment, or move the comment to its own line
before the command.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash import COMMENT

from ._bash import bash_analysis

RULE = Rule(
    id="UL112",
    name="bash-placeholder-in-comment",
    severity="warning",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = bash_analysis(tpl)
    if a is None:
        return
    for ref in a.placeholders:
        if ref.quoting == COMMENT:
            yield RULE.at_template(
                tpl,
                ref.step,
                ref.template_start,
                ref.template_end,
                f"placeholder '{ref.name}' is inside a comment: bash ignores it and the value is never used",
            )
