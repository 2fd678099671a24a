"""asyncio starts a shell with a command string (create_subprocess_shell, loop.subprocess_shell).

## What it does
Reports `asyncio.create_subprocess_shell(cmd)` and
`loop.subprocess_shell(protocol_factory, cmd)`, found through aliases and
rebinding like every other sink. Severity follows the command's evidence
(built from parameters or by formatting: error; untraced: warning). A
constant command is not reported here: the opt-in rule UL412 lists it.

## Why is this dangerous
Both run `cmd` with `/bin/sh -c`: shell metacharacters in any value built
into the string run as commands, exactly like `os.system`.

## Example
```python
import asyncio

async def fetch(url):
    p = await asyncio.create_subprocess_shell(f"curl -s {url}")
    return await p.communicate()
```

## Fix
Use the exec-array form: `await asyncio.create_subprocess_exec("curl", "-s",
"--", url)`. `# nosec B605` / `# noqa: S605` are honoured for this check.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.pyscan.facts import SinkKind
from utcp_lint.ruleset.rule import Rule

from ._python import shell_string_message, sink_findings

RULE = Rule(
    id="UL402",
    name="asyncio-shell",
    severity="error",
    confidence="high",
    scope="python",
    tags=("security", "python", "shell"),
    security_severity=8.8,
    aliases=("B605", "S605"),
)

REPORTS = {SinkKind.ASYNC_SHELL: RULE.aliases}
message = shell_string_message


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    yield from sink_findings(RULE, ctx, REPORTS, message, quiet_when_constant=True)
