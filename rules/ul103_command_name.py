"""Placeholder value used as the command name (the caller chooses what runs).

## What it does
Reports a placeholder that forms the command word of a simple command, also
behind wrappers (`sudo`, `env`, `timeout`, `xargs`, `exec`, `command`, `nohup`,
`find -exec` …) and in `env -S` strings. A placeholder that is only part of the
command word (`/opt/tools/UTCP_ARG_tool_UTCP_END`) is reported with medium
confidence.  The same for a value that bash splits into words (an unquoted
`$(echo VALUE)` or `${v}` holding it) in the command position, or in front of the
command a runner runs: `env $(echo JOB=VALUE) printenv JOB`, `timeout ${secs} curl …`
(the runners and where each one's command starts are the wrapper grammars of the
program table).  A split word after the command is an argument of it (UL117).

## Why is this dangerous
Whoever supplies the value decides which program runs: `rm`, `sh`, `curl … | sh`
or any binary on `PATH`. Partial names allow path traversal
(`../../bin/sh`).

## Example
```json
{"command": "UTCP_ARG_tool_UTCP_END --version"}
{"command": "sudo -u app UTCP_ARG_cmd_UTCP_END"}
```

## Fix
Map the value to a fixed set of commands with `case`:
`case UTCP_ARG_tool_UTCP_END in git) git --version;; node) node --version;; *) exit 2;; esac`,
and declare the input with an `enum`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash_commands import BashSinkKind

from ._bash import sink_findings

RULE = Rule(
    id="UL103",
    name="bash-value-as-command",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("security", "injection", "bash"),
    security_severity=9.0,
)


def _msg(ref, sink, others):
    if sink.detail.startswith("split into words"):
        return f"placeholder '{ref.name}' is {sink.detail}, so the caller chooses which program runs"
    part = "is" if ref.whole_word else "is part of"
    return f"placeholder '{ref.name}' {part} the command name ({sink.detail}): the caller chooses which program runs"


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    yield from sink_findings(RULE, tpl, BashSinkKind.COMMAND_NAME, _msg)
