r"""A heredoc terminator is the step's last line, so the runtime appends ` 2>&1)` to it.

## What it does
utcp-cli appends ` 2>&1)` to the last line of every step. When that line is a
heredoc's terminator (`EOF`), bash no longer sees a line that is exactly the
delimiter. The finding points at the terminator line.

## Why is this dangerous
Measured with bash 5.2: bash warns `here-document at line N delimited by
end-of-file (wanted 'EOF')`, ends the body at the end of the command
substitution and runs ` 2>&1` as a separate empty command, so the step's stderr
is no longer captured into its output. Shells that do not special-case the end of
a command substitution read the rest of the script as heredoc body. Either way
the script is not the one the author wrote.

Severity: a **note** (hygiene).  utcp-cli runs the script with `/bin/bash`, and bash
(measured: 5.2, through the real client) ends the body at the end of the command
substitution: the tool works and returns the same output for every input (`python3 -
VALUE <<'EOF' … EOF` prints its result); only when the step fails does bash's
here-document warning join the error text the runtime returns.

## Example
```json
{"command": "cat <<EOF\nHello UTCP_ARG_name_UTCP_END\nEOF"}
```

## Fix
End the command with a newline after the terminator (`"…\nEOF\n"`) so the
runtime's suffix goes on a line of its own.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

from ._bash import breakage_findings

RULE = Rule(
    id="UL114",
    name="bash-heredoc-terminator-last-line",
    severity="note",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("hygiene", "bash"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    return breakage_findings(RULE, tpl, ("heredoc-terminator",))
