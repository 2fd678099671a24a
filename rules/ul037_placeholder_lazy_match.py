"""Placeholder name containing `_UTCP_END`, which the runtime's lazy match cuts short.

## What it does
Reports placeholders where the runtime's lazy pattern
`UTCP_ARG_([a-zA-Z0-9_]+?)_UTCP_END` stops at an earlier `_UTCP_END` than the author
meant, e.g. `UTCP_ARG_a_UTCP_END_b_UTCP_END`.  Two placeholders written without a
separator (`UTCP_ARG_a_UTCP_ENDUTCP_ARG_b_UTCP_END`) are read as the two they are and
are not reported.

## Why is this dangerous
The runtime substitutes the shorter name and leaves the rest of the text in the
command literally: the command receives a different value (or `MISSING_ARG_…`) glued
to marker text.

## Example
```json
{"command": "echo UTCP_ARG_x_UTCP_END_suffix_UTCP_END"}
```

## Fix
Do not use `_UTCP_END` inside placeholder names; separate adjacent placeholders.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.document.placeholders import lazy_mismatches
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL037",
    name="placeholder-lazy-match",
    severity="warning",
    confidence="high",
    scope="template",
    tags=("correctness",),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    for step, scan in zip(tpl.steps, tpl.placeholder_scans):
        for s, e, lazy, greedy in lazy_mismatches(step.command, scan):
            yield RULE.at_template(
                tpl,
                step,
                s,
                e,
                f"the runtime reads this as placeholder '{lazy}' followed by literal text, not as "
                f"'{greedy}': its pattern stops at the first _UTCP_END",
            )
