r"""A comment on a step's last line swallows the runtime's closing ` 2>&1)`: the whole script fails.

## What it does
utcp-cli wraps every step as `CMD_i_OUTPUT=$(<command> 2>&1)`. When the
command's last line ends in a `#` comment, the appended ` 2>&1)` becomes part of
the comment, the command substitution is never closed and bash rejects the
whole script with `unexpected EOF while looking for matching ')'`. The finding
points at the comment.

## Why is this dangerous
Every call of the tool fails -- all of its steps, since they run as one script
-- and the caller only sees a syntax error. A comment is a natural thing to
write at the end of a command, so this breaks silently.

## Example
```json
{"command": "ls -la UTCP_ARG_dir_UTCP_END # list the directory"}
```

## Fix
Remove the trailing comment, or end the command with a newline so the
runtime's suffix lands on the next line: `"ls -la UTCP_ARG_dir_UTCP_END # list\n"`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

from ._bash import breakage_findings

RULE = Rule(
    id="UL113",
    name="bash-comment-swallows-wrapper",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    return breakage_findings(RULE, tpl, ("comment-swallows-suffix",))
