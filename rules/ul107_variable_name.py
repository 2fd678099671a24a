r"""Placeholder value used as a variable name (`read`, `printf -v`, `unset`, `declare`, `[[ -v ]]` …).

## What it does
Reports a placeholder that bash uses as the *name* of a variable: operands of
`read` (and `read -a`), `printf -v`, `unset`, `mapfile`/`readarray`, `getopts`,
the name part of `declare/typeset/local/export/readonly NAME[=…]`, the target of
`declare -n`, and the operand of `-v` in `[[ ]]`, `[ ]` and `test`.

## Why is this dangerous
A variable name may carry an array subscript, and bash evaluates subscripts
arithmetically: `read "a[$(touch /tmp/pwned)]"` or `[[ -v 'a[$(id)]' ]]` runs the
command substitution. Even without that, the caller can overwrite variables
such as `PATH` or `IFS` for the rest of the script.

A value only inside the subscript of an array name the template writes, tested with
`[[ -v arr[VALUE] ]]`, is a **warning** (medium confidence): bash 5.2 expands that
subscript once (measured: nothing runs), bash 5.0 and 5.1 expand it again
(`assoc_expand_once` off; measured with `BASH_COMPAT=51`: `$(cmd)` in the value runs),
and the runtime uses whatever `/bin/bash` the machine has.

## Example
```json
{"command": "read -r UTCP_ARG_var_UTCP_END <<< \"$CMD_0_OUTPUT\""}
{"command": "[[ -v UTCP_ARG_name_UTCP_END ]] && echo set"}
```

## Fix
Use fixed variable names and map the value with `case`; if a name must come
from the caller, check it first: `[[ $n =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || exit 2`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash.sinks import SUBSCRIPT_OF_V_TEST
from utcp_lint.template.bash_commands import BashSinkKind

from ._bash import also, sink_findings

RULE = Rule(
    id="UL107",
    name="bash-value-as-variable-name",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("security", "injection", "bash"),
    security_severity=8.5,
)


def _msg(ref, sink, others):
    return (
        f"placeholder '{ref.name}' is used as a variable name ({sink.detail}){also(others)}: "
        f"bash evaluates an array subscript in it, so a[$(cmd)] runs cmd"
    )


def _subscript_msg(ref, sink, others):
    return (
        f"placeholder '{ref.name}' is the subscript of an array name that [[ -v ]] tests{also(others)}: "
        f"bash 5.2 expands it once, but bash 5.0/5.1 (still the /bin/bash of many LTS systems) "
        f"expand it again, so $(cmd) in the value runs there; look the key up with "
        f'"${{arr[$key]+set}}" instead'
    )


def _v_subscript(ref, sink) -> bool:
    return sink.detail == SUBSCRIPT_OF_V_TEST


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from sink_findings(RULE, tpl, BashSinkKind.VARIABLE_NAME, _msg, skip=_v_subscript)
    yield from sink_findings(
        RULE,
        tpl,
        BashSinkKind.VARIABLE_NAME,
        _subscript_msg,
        skip=lambda ref, sink: not _v_subscript(ref, sink),
        severity="warning",
    )
