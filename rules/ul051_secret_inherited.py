"""`inherit_env_vars` passes a secret-looking host variable to the tool.

## What it does
Reports names in a CLI template's `inherit_env_vars` that look like credentials:
tokens, keys, passwords, cloud credentials (`AWS_SECRET_ACCESS_KEY`, `GITHUB_TOKEN`,
`OPENAI_API_KEY`, `KUBECONFIG`, …).

## Why is this dangerous
Every command of the tool runs with these variables, including commands whose
arguments come from a language model. Any injection, or a tool that forwards its
environment (`env`, `printenv`, a curl to a remote host), hands the credential to
whoever controls the arguments.

## Example
```json
{"call_template_type": "cli", "inherit_env_vars": ["PATH", "AWS_SECRET_ACCESS_KEY"],
 "commands": [{"command": "aws s3 ls UTCP_ARG_bucket_UTCP_END"}]}
```

## Fix
Inherit only what the command needs. Give the tool a narrowly scoped credential
through `env_vars` with a `${VAR}` reference, or use the cloud CLI's own profile files.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.rules._secrets import secret_variable_name
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL051",
    name="secret-inherited",
    severity="warning",
    confidence="medium",
    scope="template",
    tags=("security", "secrets"),
    security_severity=5.5,
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if tpl.node is None:
        return
    lst = tpl.node.get("inherit_env_vars")
    if lst is None or lst.kind != "array":
        return
    for item in lst.children:
        if item.kind == "string" and secret_variable_name(item.value):
            yield RULE.finding(
                tpl.source,
                item.start,
                item.end,
                f"inherit_env_vars passes the host's '{item.value}' to every command of "
                f"this tool, including ones built from model-chosen arguments",
                pointer=item.pointer,
                tool=tpl.tool,
            )
