r"""A step defines an alias and uses it, but non-interactive bash never expands aliases.

## What it does
Reports the command word of a bash step that names an alias the same step defines
(`alias ll='ls -la'; ll DIR`) when the template never sets `shopt -s expand_aliases`.
(An alias used in a later step is UL121's finding: it ends with its step.)

## Why is this dangerous
utcp-cli 1.1.5 runs the steps with `/bin/bash -c SCRIPT`, a non-interactive shell, and
"aliases are not expanded when the shell is not interactive, unless the
`expand_aliases` shell option is set" (bash(1), *ALIASES*).  The word is looked up as a
program instead, and every call fails with `ll: command not found` (measured through the
real client).  The tool cannot work for any input.

## Example
```json
{"command": "alias ll='ls -la'; ll UTCP_ARG_dir_UTCP_END"}
```

## Fix
Write the command itself (`ls -la -- UTCP_ARG_dir_UTCP_END`), or a function
(`ll() { ls -la "$@"; }; ll …`), which a non-interactive shell calls.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

from ._bash import breakage_findings

RULE = Rule(
    id="UL123",
    name="bash-alias-never-expanded",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    return breakage_findings(RULE, tpl, ("alias-never-expanded",))
