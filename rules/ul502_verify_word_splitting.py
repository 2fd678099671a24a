r"""Verify proved that an argument value is split into words or glob-expanded (dynamic, opt-in).

## What it does
Runs the tool in the `verify` sandbox with the value `utcpsplit<k>x <dir>/utcpglob<k>x*`
for each placeholder and reports when any program (or wrapped builtin such as `echo`)
received `utcpsplit<k>x` as a separate argument (word splitting) or the file name the
glob matches (pathname expansion).

This rule executes the tool's commands, so it never runs in a plain `check`: select it
(`utcp-lint --select UL502 manual.json`) or use `utcp-lint verify`.

## Why is this dangerous
A value that should be one argument becomes several: the caller can add extra
arguments and options (`--output=/etc/x`), and a `*` in the value lists or touches
files the caller never named. It usually means the runtime's quote tracker misread the
template (a quote in a comment or heredoc, quotes nested inside `$( )`), so the
value's reference was emitted unquoted, or an earlier output (`$CMD_0_OUTPUT`) holding
the value is expanded unquoted.

## Example
```json
{"command": "echo \"it's\" # don't\nls UTCP_ARG_dir_UTCP_END"}
```

## Fix
Remove the stray quotes from comments and heredocs, quote `"$CMD_<n>_OUTPUT"`, and keep
each placeholder outside nested `$( )` quoting.
"""

from utcp_lint.core.findings import Finding
from utcp_lint.executor.facts import ProofKind
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

from ._verify import proof_findings

RULE = Rule(
    id="UL502",
    name="verified-word-splitting",
    severity="warning",
    confidence="high",
    scope="template",
    needs="verification",
    tags=("security", "dynamic"),
    security_severity=6.5,
    default_enabled=False,
)


@RULE.check
def check(tpl: CliTemplate) -> list[Finding]:
    return list(proof_findings(RULE, tpl, ProofKind.WORD_SPLITTING))
