r"""`working_dir` is a relative path, resolved against wherever the client happens to run.

## What it does
Reports a CLI call template whose `working_dir` is a relative path (`repo`,
`./data`, `../app`); `.` and absolute paths are fine.

## Why is this dangerous
utcp-cli 1.1.5 hands `working_dir` unchanged to `asyncio.create_subprocess_exec(…,
cwd=working_dir)`: a relative path is resolved against the current directory of the
process that runs the UTCP client -- the agent host, an IDE, a service manager -- not
against the manual.  Started anywhere else, every call fails with `FileNotFoundError`
before the first command runs (measured through the real runtime,
tests/test_working_dir_runtime.py), or runs in an unrelated directory of the same name.
Whether it works depends on the machine and on how the client was launched: a warning.

## Example
```json
{"call_template_type": "cli", "working_dir": "repo",
 "commands": [{"command": "git log --oneline -5"}]}
```

## Fix
Write the absolute directory (`/srv/checkout/repo`).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.working_dir import WorkdirKind, value_facts

RULE = Rule(
    id="UL042",
    name="working-dir-relative",
    severity="warning",
    confidence="high",
    scope="template",
    tags=("correctness",),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if tpl.node is None or not hasattr(tpl.node, "get"):
        return
    node = tpl.node.get("working_dir")
    if node is None or node.kind != "string" or not isinstance(node.value, str):
        return
    for fact in value_facts(node.value):
        if fact.kind is WorkdirKind.RELATIVE:
            yield RULE.finding(
                tpl.source,
                node.start,
                node.end,
                f"working_dir {node.value!r} is relative: the runtime resolves it against the "
                f"directory the UTCP client process was started in, so the tool works only when "
                f"the client runs from the right place and otherwise fails with FileNotFoundError; "
                f"write the absolute directory",
                pointer=node.pointer,
                tool=tpl.tool,
            )
