r"""Verify proved that an argument value executes code (dynamic, opt-in).

## What it does
Runs the tool's script, built exactly like utcp-cli 1.1.5 builds it, inside a sandbox
(user/mount/PID/network namespaces, read-only filesystem, recording shims for every
external program) and feeds each placeholder a catalog of payloads: command
substitution `$(…)`, backticks, `;`/`|`/`&&`/newline separators, single- and
double-quote break-outs, bash arithmetic `a[$(…)]`, Python, Perl, awk and sed code.
Reported when a payload made a canary program run that only the payload names.

This rule executes the tool's commands, so it never runs in a plain `check`: select it
(`utcp-lint --select UL501 manual.json`) or use `utcp-lint verify`.

## Why is this dangerous
The finding is not a guess: the caller-controlled value ran a program of its choice.
Whoever controls the argument (a model following a prompt injection, a user of the
agent) runs arbitrary commands with the agent's privileges.

## Example
```json
{"command": "sh -c \"grep -rn UTCP_ARG_pattern_UTCP_END .\""}
```
The value lands inside the string that the inner `sh -c` parses again; `$(id)` runs.

## Fix
Never let a shell, interpreter or arithmetic evaluate the value again: pass it as a
separate argument (`sh -c 'grep -rn -- "${1:-}" .' _ UTCP_ARG_pattern_UTCP_END`), use
`--` before it, and keep it out of `eval`, `bash -c`, `python -c`, `awk`/`sed`
programs, `ssh` command strings and `$(( ))`.
"""

from utcp_lint.core.findings import Finding
from utcp_lint.executor.facts import ProofKind
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

from ._verify import proof_findings

RULE = Rule(
    id="UL501",
    name="verified-code-execution",
    severity="error",
    confidence="high",
    scope="template",
    needs="verification",
    tags=("security", "dynamic"),
    security_severity=9.8,
    default_enabled=False,
)


@RULE.check
def check(tpl: CliTemplate) -> list[Finding]:
    return list(proof_findings(RULE, tpl, ProofKind.CODE_EXECUTION))
