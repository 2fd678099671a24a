r"""`local` outside a shell function: bash refuses it on every call.

## What it does
Reports a `local` declaration that is not inside a shell function defined in the
template (`local name=VALUE; …` written straight into a step).

## Why is this dangerous
utcp-cli 1.1.5 runs every step inside `CMD_i_OUTPUT=$( … 2>&1)` of one bash script,
never inside a function.  bash accepts `local` only in a function (bash(1), SHELL
BUILTIN COMMANDS): it prints `local: can only be used in a function`, returns 1, and
the variable is never set.  The rest of the step runs with it empty, so the tool
cannot work for any input, and its output is bash's error message.

## Example
```json
{"command": "local name=UTCP_ARG_name_UTCP_END; echo \"hello ${name:-}\""}
```

## Fix
Drop `local` (a plain assignment `name=VALUE` is already private to the step's
command substitution), or put the code in a function and call it:
`greet() { local name="$1"; echo "hello $name"; }; greet UTCP_ARG_name_UTCP_END`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

from ._bash import breakage_findings

RULE = Rule(
    id="UL119",
    name="bash-local-outside-function",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    return breakage_findings(RULE, tpl, ("local-outside-function",))
