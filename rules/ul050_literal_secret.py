"""Literal secret in `env_vars`, `auth` or `headers`.

## What it does
Reports secret values written directly into a manual or configuration: in a CLI
template's `env_vars`, in `auth` objects (`api_key`, `password`, `client_secret`) and
in HTTP `headers` (`Authorization`, `X-Api-Key`, …), when the value is not a
`${VAR}` / `$VAR` reference. Values with well-known token shapes (GitHub, OpenAI,
Slack, AWS, Google, GitLab, JWTs, private keys) are reported under any key.

## Why is this dangerous
Manuals are shared, committed and served to clients over the network; a literal
credential in one is leaked to everyone who can read it. The UTCP client substitutes
`${VAR}` references from its variables or environment at registration time, so the
secret never has to be in the file.

Severity is `warning`: the tool still works and no code runs, but a reviewer must
remove and rotate the credential (severity `error` is kept for code that runs or a
tool that cannot work).

## Example
```json
{"call_template_type": "http", "url": "https://api.example.com",
 "auth": {"auth_type": "api_key", "api_key": "sk-live-0123456789abcdef0123", "var_name": "X-Api-Key"}}
```

## Fix
Reference a variable instead (`"api_key": "${EXAMPLE_API_KEY}"`), provide it through
the client's `variables`, `load_variables_from` or the environment, and rotate the
leaked credential.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.document.jsonpos import iter_paths
from utcp_lint.rules._secrets import has_token_value, is_reference, literal_secret, looks_like_placeholder
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule, source_may_spell

RULE = Rule(
    id="UL050",
    name="literal-secret",
    severity="warning",
    confidence="medium",
    scope="document",
    tool_local=True,  # per tool: what it reports on a tool reads that tool only (run/memo.DocumentMemo)
    tags=("security", "secrets"),
    security_severity=7.5,
)

AUTH_SECRET_FIELDS = {"api_key", "password", "client_secret"}


def _may_hold_secret(text: str) -> bool:
    """Necessary for a finding: one of the keys the rule looks under, or a
    token (its characters are never spelled by an escape other than ``\\u``,
    so a token value appears as such in the source text)."""
    return source_may_spell(text, '"env_vars"', '"env"', '"headers"', '"auth"') or has_token_value(text)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    if not _may_hold_secret(doc.source.text):
        return
    reported = set()
    for node, path in iter_paths(doc.root, "string"):  # every string with its path, in document order
        if node.kind != "string" or not path:
            continue
        key = path[-1] if isinstance(path[-1], str) else ""
        parent = path[-2] if len(path) >= 2 and isinstance(path[-2], str) else ""
        where = None
        if parent in ("env_vars", "env", "headers") and literal_secret(key, node.value):
            where = f"{parent}['{key}']"
        elif (
            "auth" in path[:-1]
            and key in AUTH_SECRET_FIELDS
            and not is_reference(node.value)
            and not looks_like_placeholder(node.value)
        ):
            where = f"auth.{key}"
        elif has_token_value(node.value) and not is_reference(node.value):
            where = "/".join(str(p) for p in path)
        if where and node not in reported:  # nodes are views: compared by value, not identity
            reported.add(node)
            yield RULE.at_node(
                doc,
                node,
                f"literal secret in {where}: anyone who can read this file gets the "
                f"credential; use a ${{VAR}} reference and rotate it",
                tool=doc.tool_for_pointer(node.pointer),
            )
