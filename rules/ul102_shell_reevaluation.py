r"""Placeholder value re-evaluated as shell code (`eval`, `bash -c`, `su -c`, `ssh`, `source`, `trap` …).

## What it does
Reports a placeholder that lands inside text another shell parses again: the
arguments of `eval`; the command string of `sh/bash/dash/zsh/ksh -c` (but not the
positional arguments after it: `sh -c '… "${1:-}"' _ VALUE` is the safe idiom and
is not reported); `su -c`/`runuser -c`; the remote command words of `ssh host …`
(ssh joins them and the remote shell parses the line); the file named by
`source`/`.`, and the script file a shell runs (`bash -- FILE`, `sh ./FILE`: the first
operand after the options, bash(1) "ARGUMENTS"); a `trap` action; `watch` (runs its arguments with `sh -c`);
`flock -c`, `script -c`, `mapfile -C`; and the same inside `find … -exec sh -c`,
`xargs … sh -c` and container runners (`docker run img sh -c …`). Wrappers
(`env`, `sudo`, `timeout`, `nice`, `nohup`, `command`, `exec`, `stdbuf`,
`xargs`, `doas`, `ionice`, `chroot`, `setsid` …) are looked through.

## Why is this dangerous
The runtime only protects the *first* parse: the value reaches `bash -c` as one
argument, but that argument is shell code, so `'; touch /tmp/pwned; '` or
`$(touch /tmp/pwned)` in the value runs. For `ssh`, even a value passed as a
separate, quoted word is re-parsed on the remote host.

## Example
```json
{"command": "bash -c \"grep UTCP_ARG_pattern_UTCP_END /var/log/app.log\""}
{"command": "ssh build@ci tail -n 50 UTCP_ARG_file_UTCP_END"}
```

## Fix
Pass the value as a positional parameter and quote it inside the code:
`bash -c 'grep -- "${1:-}" /var/log/app.log' _ UTCP_ARG_pattern_UTCP_END`.
Write `"${1:-}"`, not `"$1"`: the UTCP client substitutes its own variables into the
whole template before the runtime runs (`${NAME}` and `$NAME`, see UL160), so `$1`
makes every call fail with `UtcpVariableNotFound`; `${1:-}` is left alone by the
client and expands to the same value in bash.
Avoid `eval`. For `ssh`, quote for the remote shell (`printf %q`) or better,
run a fixed remote command that reads the value from standard input.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash_commands import BashSinkKind

from ._bash import also, sink_findings

RULE = Rule(
    id="UL102",
    name="bash-shell-reevaluation",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("security", "injection", "bash"),
    security_severity=9.5,
)


def _advice(detail: str) -> str:
    if "compound assignment" in detail:
        return "write the compound assignment unquoted (declare -a NAME=(VALUE)), which bash parses once"
    if detail.startswith("`>&WORD`"):
        return "write > FILE for a file (>&N only for a descriptor number)"
    if detail.startswith("written to a file"):
        return "pass the value to the script as an argument or environment variable instead of writing it into it"
    return 'pass it as a positional parameter (sh -c \'… "${1:-}"\' _ VALUE; not "$1", which the UTCP client substitutes) instead'


def _msg(ref, sink, others):
    return (
        f"placeholder '{ref.name}' is parsed again as shell code ({sink.detail}){also(others)}: "
        f"quotes or $(…) in the value run commands; {_advice(sink.detail)}"
    )


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from sink_findings(RULE, tpl, BashSinkKind.SHELL_CODE, _msg)
