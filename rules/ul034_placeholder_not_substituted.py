"""Placeholder in `working_dir`, `env_vars` or `inherit_env_vars`, which are never substituted.

## What it does
Reports `UTCP_ARG_<name>_UTCP_END` written in a CLI template's `working_dir`,
`env_vars` (keys or values) or `inherit_env_vars`.

## Why is this dangerous
utcp-cli substitutes placeholders only inside `commands[].command`. Anywhere else the
marker text is used literally: the process starts in a directory named
`UTCP_ARG_repo_UTCP_END` (and fails), or a variable holds the marker instead of the
caller's value, silently.

## Example
```json
{"call_template_type": "cli", "working_dir": "/srv/UTCP_ARG_repo_UTCP_END",
 "commands": [{"command": "git status"}]}
```

## Fix
Move the value into the command: `cd -- UTCP_ARG_repo_UTCP_END && git status`, or
`git -C UTCP_ARG_repo_UTCP_END status`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.document.jsonpos import Node
from utcp_lint.document.placeholders import find_in_text
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL034",
    name="placeholder-not-substituted",
    severity="error",
    confidence="high",
    scope="template",
    tags=("correctness",),
)


def _strings(node: Node | None, where: str) -> Iterator[tuple[Node, str]]:
    """(node, description) for each string (keys too) under node."""
    if node is None:
        return
    if node.kind == "string":
        yield node, where
    elif node.kind == "object":
        for k, kn, vn in node.children:
            yield kn, f"{where} key '{k}'"
            yield from _strings(vn, f"{where}['{k}']")
    elif node.kind == "array":
        for i, c in enumerate(node.children):
            yield from _strings(c, f"{where}[{i}]")


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if tpl.node is None:
        return
    for field in ("working_dir", "env_vars", "inherit_env_vars"):
        for sn, where in _strings(tpl.node.get(field), field):
            for name, s, e in find_in_text(sn.value):
                a, b = sn.source_span(s, e)
                yield RULE.finding(
                    tpl.source,
                    a,
                    b,
                    f"placeholder '{name}' in {where} is never substituted: utcp-cli only "
                    f"replaces placeholders inside commands[].command, so the literal "
                    f"marker text is used",
                    pointer=sn.pointer,
                    tool=tpl.tool,
                )
