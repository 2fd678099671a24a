r"""Placeholder value evaluated as a bash arithmetic expression (runs `$(…)` in array subscripts).

## What it does
Reports a placeholder whose value bash evaluates arithmetically: inside `$(( ))`,
`$[ ]`, `(( ))`, a `for (( ))` header, the operands of `-eq -ne -lt -le -gt -ge`
in `[[ ]]`, `let`, `declare -i`/`typeset -i`/`local -i` assignments, assignments to
a variable declared `-i`, an indexed-array subscript (`a[…]`, `${a[…]}`) and the
offset/length of `${var:offset:length}`. It also follows the value into a shell
variable assigned earlier in the same step (`n=UTCP_ARG_n_UTCP_END; echo $((n+1))`),
unless the variable is checked first (`case $n in …`, `[[ $n =~ … ]]`, `[ "$n" -eq … ]`).
A check is enough when the bytes it lets through are inert in arithmetic: digits,
blanks, operators and parentheses (`[[ $e =~ ^[-0-9+*/%()\ ]+$ ]]`), with no name, `$`,
backquote or `[`.
The context is read from the parse of the script the runtime really builds, so
double quotes around the placeholder do not hide it.

## Why is this dangerous
utcp-cli passes each value in an environment variable and writes `"$VAR"`, which
stops word splitting, but bash evaluates arithmetic text *again*: a value such
as `a[$(touch /tmp/pwned)]` is an array reference whose subscript is expanded,
so the command substitution runs. Quoting does not help: `$(( "$VAR" + 1 ))`
and `[[ "$VAR" -eq 3 ]]` evaluate the value just the same. Any caller that can
choose the value runs arbitrary commands.

## Example
```json
{"command": "echo $(( UTCP_ARG_count_UTCP_END + 1 ))"}
{"command": "[[ UTCP_ARG_n_UTCP_END -gt 10 ]] && echo big"}
```

## Fix
Validate the value as a plain integer before any arithmetic use, in the same
step: `case $n in ''|*[!0-9]*) exit 2;; esac` (after `n=UTCP_ARG_count_UTCP_END`),
then `$(( n + 1 ))`; or declare the input as `"type": "integer"` and still check
it in the script, since the runtime does not enforce the schema. Use `[ "$n" -eq 3 ]`
(the `test` builtin rejects non-integers) instead of `[[ … -eq … ]]`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash_commands import BashSinkKind

from ._bash import also, sink_findings

RULE = Rule(
    id="UL101",
    name="bash-arithmetic-evaluation",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("security", "injection", "bash"),
    security_severity=9.0,
)


def _msg(ref, sink, others):
    return (
        f"placeholder '{ref.name}' is evaluated as bash arithmetic ({sink.detail}){also(others)}: "
        f"a value like a[$(cmd)] runs cmd even though the runtime quoted it"
    )


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from sink_findings(RULE, tpl, BashSinkKind.ARITHMETIC, _msg)
