r"""Placeholder value fed as code on standard input (heredoc, here-string or pipe into a shell/interpreter).

## What it does
Reports a placeholder that reaches a program which reads *code* from its
standard input: an unquoted heredoc (`bash <<EOF`, `python3 - <<EOF`,
`ssh host <<EOF`, `psql <<EOF` …) or a here-string (`bash <<< "…"`) whose body
holds the placeholder, `echo`/`printf` output or `cat <<EOF` piped into such a
program (`echo … | sh`), and values piped into `xargs -I{} sh -c '… {} …'`
(xargs pastes each input line into the code).

## Why is this dangerous
An unquoted heredoc expands the value into the text bash (or Python, or the
remote shell) then parses as a program, so `$(touch /tmp/pwned)` or a newline
followed by any command runs. The runtime's quoting does not apply to the
second parse.

## Example
```json
{"command": "bash <<EOF\ncd /srv && git checkout UTCP_ARG_branch_UTCP_END\nEOF\n"}
{"command": "echo UTCP_ARG_expr_UTCP_END | python3"}
```

## Fix
Run the program directly with the value as an argument
(`git -C /srv checkout -- UTCP_ARG_branch_UTCP_END`), or quote the heredoc
delimiter (`<<'EOF'`) and pass the value through the environment
(`B=UTCP_ARG_branch_UTCP_END bash <<'EOF'` … `"$B"` … `EOF`).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash_commands import BashSinkKind

from ._bash import also, sink_findings

RULE = Rule(
    id="UL106",
    name="bash-stdin-code",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("security", "injection", "bash"),
    security_severity=9.0,
)


def _msg(ref, sink, others):
    return (
        f"placeholder '{ref.name}' is fed as code on standard input ({sink.detail}){also(others)}: "
        f"the value is parsed as a program"
    )


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from sink_findings(RULE, tpl, BashSinkKind.STDIN_CODE, _msg)
