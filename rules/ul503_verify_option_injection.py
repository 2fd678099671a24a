"""Verify proved that an argument value reaches a program as an option (dynamic, opt-in).

## What it does
Runs the tool in the `verify` sandbox with the value `-utcpopt<k>x` for each
placeholder. Every external program is a recording shim, so the linter sees each
program's argv. Reported when the value starts an argument that the program parses as
an option: no `--` before it, not the value of the option before it (known option
tables for common programs; for unknown programs any `-x`/`--long` before it counts as
taking a value), and not after the first operand of a program that stops parsing
options there (shells, interpreters, `env`, `xargs`, `ssh`, `sudo`...).

This rule executes the tool's commands, so it never runs in a plain `check`: select it
(`utcp-lint --select UL503 manual.json`) or use `utcp-lint verify`.

## Why is this dangerous
Quoting keeps the value one argument, but a leading `-` still turns it into an option:
`git clone --upload-pack=…`, `ssh -oProxyCommand=…`, `curl -o /path`, `rm -rf`,
`find -delete`, `tar --checkpoint-action=exec=…` run commands or destroy files.

## Example
```json
{"command": "git clone UTCP_ARG_url_UTCP_END repo"}
```

## Fix
Put `--` before the value (`git clone -- UTCP_ARG_url_UTCP_END repo`) or pass it as an
option's value (`--file=UTCP_ARG_f_UTCP_END`, `-e UTCP_ARG_pattern_UTCP_END`), and
constrain it in the inputs schema (`"pattern": "^[^-]"`).
"""

from utcp_lint.core.findings import Finding
from utcp_lint.executor.facts import ProofKind
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

from ._verify import proof_findings

RULE = Rule(
    id="UL503",
    name="verified-option-injection",
    severity="warning",
    confidence="high",
    scope="template",
    needs="verification",
    tags=("security", "dynamic"),
    security_severity=7.0,
    default_enabled=False,
)


@RULE.check
def check(tpl: CliTemplate) -> list[Finding]:
    return list(proof_findings(RULE, tpl, ProofKind.OPTION_INJECTION))
