"""Declared input that no command uses.

## What it does
Reports a property of a CLI tool's `inputs` that appears in no
`UTCP_ARG_<name>_UTCP_END` placeholder of the tool's commands.

## Why is this dangerous
The model is told it can pass the argument and may rely on it (a `--dry-run` flag, a
filter, a limit), but the value is silently ignored. Often the placeholder has a typo
and the command runs with a `MISSING_ARG_` value instead (see UL031).

## Example
```json
{"inputs": {"properties": {"path": {"type": "string"}, "limit": {"type": "integer"}}},
 "tool_call_template": {"call_template_type": "cli",
   "commands": [{"command": "head -- UTCP_ARG_path_UTCP_END"}]}}
```

## Fix
Use the input in a command (`head -n UTCP_ARG_limit_UTCP_END -- …`) or remove it from
`inputs`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(id="UL033", name="unused-input", severity="note", confidence="high", scope="template", tags=("hygiene",))


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if tpl.origin != "tool" or not isinstance(tpl.inputs, dict) or tpl.doc is None or not tpl.steps:
        return
    used = {n for step in tpl.steps for n, _s, _e in step.placeholders()}
    props = tpl.inputs.get("properties")
    if isinstance(props, dict) and all(name in used for name in props):
        return  # (the plain inputs hold the node's property names)
    props_node = tpl.doc.node(tpl.inputs_pointer + "/properties") if tpl.inputs_pointer else None
    if props_node is None or props_node.kind != "object":
        return
    for name, kn, vn in props_node.children:
        if name not in used:
            yield RULE.finding(
                tpl.source,
                kn.start,
                kn.end,
                f"input '{name}' is declared but no command uses "
                f"UTCP_ARG_{name}_UTCP_END: the value is silently ignored",
                pointer=vn.pointer,
                tool=tpl.tool,
            )
