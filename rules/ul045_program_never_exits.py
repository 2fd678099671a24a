r"""A step runs a program that never exits on its own (`tail -f`, `journalctl -f`): every call times out.

## What it does
Reports a bash command that follows its input forever -- `tail -f`/`-F`/`--follow`,
`journalctl -f`/`--follow` (the table `programs.NEVER_EXITS`, with each program's source)
-- unless it is wrapped by `timeout`, followed by another command of its pipeline (which
may end it: `tail -f app.log | grep -m1 ready`), sent to the background, or told to stop
(`tail --pid=PID`).

## Why is this dangerous
utcp-cli 1.1.5 runs the whole script under `asyncio.wait_for(…, timeout=120.0)`
(`call_tool` → `_execute_shell_script`).  A step that never exits is killed after two
minutes, `call_tool` raises `TimeoutError`, and what the step printed is thrown away: the
tool returns nothing on every call, whatever the input (measured through the real
runtime, tests/test_never_exits_runtime.py).

## Example
```json
{"commands": [{"command": "tail -f /var/log/app/UTCP_ARG_name_UTCP_END.log"}]}
```

## Fix
Read what is there and stop: `tail -n 200 …`, `journalctl -n 200 --no-pager …`; to
wait for a line, bound it: `timeout 30 tail -f … | grep -m1 ready`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.never_exits import endless_commands

from ._bash import bash_analysis

RULE = Rule(
    id="UL045",
    name="bash-program-never-exits",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = bash_analysis(tpl)
    if a is None:
        return
    for e in endless_commands(a):
        s, t = a.to_template_span(e.step, e.start, e.end)
        yield RULE.at_template(
            tpl,
            e.step,
            s,
            t,
            f"`{e.program} {e.option}` never exits on its own: the runtime kills the script after "
            f"call_tool's 120 s timeout and raises TimeoutError on every call, dropping the output; "
            f"read a bounded amount instead (`{e.program} -n 200`) or wrap it in `timeout`",
        )
