r"""Every step sets `append_to_final_output: false`: the tool returns nothing on any call.

## What it does
Reports a CLI call template whose steps all say `"append_to_final_output": false`
(explicitly) while the tool declares an output (`outputs` is not empty and not
`"type": "null"`).

## Why is this dangerous
utcp-cli 1.1.5 (`_build_combined_shell_script`) captures each step in
`CMD_i_OUTPUT=$(… 2>&1)` and echoes only the steps whose `append_to_final_output` is
true (default: the last step only).  With every step set to `false` the script prints
nothing; the runtime then returns standard error, which is empty too (each step's
`2>&1` captured it).  The tool answers every call with an empty string: the model gets
no result whatever the input, although the manual promises one.

## Example
```json
{"commands": [{"command": "grep -F -- UTCP_ARG_host_UTCP_END hosts.txt",
               "append_to_final_output": false}]}
```

## Fix
Drop `"append_to_final_output": false` from the step whose output is the answer (the
last step appends by default), or set it to `true`.  A tool meant to return nothing
declares `"outputs": {}` or `{"type": "null"}`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL038",
    name="no-step-output",
    severity="error",
    confidence="high",
    scope="template",
    tags=("correctness",),
)


def _declares_output(tpl: CliTemplate) -> bool:
    doc = tpl.doc
    tool = None
    if doc is not None and tpl.tool is not None:
        tool = next((t.node for t in doc.tools if t.name == tpl.tool), None)
    if tool is None or tool.kind != "object":
        return True  # no tool around it (a discovery template): a command is run for its output
    out = tool.get("outputs")
    if out is None or out.kind != "object" or not out.children:
        return False
    typ = out.get("type")
    return typ is None or typ.kind != "string" or typ.value != "null"


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    steps = tpl.steps
    if not steps or any(s.append_to_final_output is not False for s in steps):
        return
    if tpl.node is None or not _declares_output(tpl):
        return
    last = steps[-1]
    node = last.node.get("append_to_final_output") if last.node is not None else None
    if node is None:
        return
    n = len(steps)
    which = "its only step sets" if n == 1 else f"all {n} steps set"
    yield RULE.finding(
        tpl.source,
        node.start,
        node.end,
        f"{which} append_to_final_output to false, so the runtime echoes no step's output and the "
        f"tool returns an empty result on every call although it declares an output; drop the "
        f"false from the step whose output is the answer",
        pointer=node.pointer,
        tool=tpl.tool,
    )
