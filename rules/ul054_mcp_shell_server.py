"""MCP stdio server started through a shell with `-c`.

## What it does
Reports MCP server entries (`call_template_type: "mcp"`, `config.mcpServers`) whose
`command` is a shell (`bash`, `sh`, `zsh`, `cmd`, `powershell`, `pwsh`) given a
command string with `-c`, `/c` or `-Command`.

## Why is this dangerous
The server command becomes a shell program: quoting mistakes, `${VAR}` values the
client substitutes into it and anything else pasted into the string are parsed as
shell code on every start. The client substitutes variables into the whole template
before running it, so a variable's value lands inside shell code.

## Example
```json
{"call_template_type": "mcp", "config": {"mcpServers": {"fs": {
  "command": "bash", "args": ["-c", "npx -y @modelcontextprotocol/server-filesystem ${ROOT}"]}}}}
```

## Fix
Start the server program directly with an argument list:
`"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "${ROOT}"]`.
"""

import os
from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.document.jsonpos import Node, members_named
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule, source_may_spell

RULE = Rule(
    id="UL054",
    name="mcp-shell-server",
    severity="warning",
    confidence="high",
    scope="document",
    tool_local=True,  # per tool: what it reports on a tool reads that tool only (run/memo.DocumentMemo)
    tags=("security", "injection"),
    security_severity=6.5,
)

from utcp_lint.template.programs import FOREIGN_SHELLS, SHELL_CODE_FLAGS, SHELL_NAMES  # noqa: E402

# the one program table (linter/template/programs.py)
SHELLS = SHELL_NAMES | FOREIGN_SHELLS
CODE_FLAGS = SHELL_CODE_FLAGS


def _mcp_nodes(node: Node) -> Iterator[Node]:
    # the last "call_template_type" of an object is the one the runtime reads
    return (
        p
        for p, k, _kn, vn in members_named(node, ("call_template_type",))
        if p.get(k) == vn and vn.kind == "string" and vn.value == "mcp"
    )


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    if not source_may_spell(doc.source.text, '"mcp"'):
        return  # no string is exactly "mcp"
    for m in _mcp_nodes(doc.root):
        cfg = m.get("config")
        servers = cfg.get("mcpServers") if cfg is not None and cfg.kind == "object" else None
        if servers is None or servers.kind != "object":
            continue
        for name, _kn, srv in servers.children:
            if srv.kind != "object":
                continue
            cmd = srv.get("command")
            if cmd is None or cmd.kind != "string":
                continue
            words = cmd.value.split()
            prog = os.path.basename(words[0]).lower() if words else ""
            args = srv.get("args")
            argv = words[1:] + (
                [a.value for a in args.children if a.kind == "string"]
                if args is not None and args.kind == "array"
                else []
            )
            if prog in SHELLS and any(a in CODE_FLAGS for a in argv):
                yield RULE.at_node(
                    doc,
                    cmd,
                    f"MCP server '{name}' is started as a {prog} command string: "
                    f"its arguments are parsed as shell code; start the server "
                    f"program directly with an args list",
                )
