r"""`working_dir` starts with `~`, which nothing expands: every call fails.

## What it does
Reports a CLI call template whose `working_dir` is `~` or starts with `~/` or `~user`.

## Why is this dangerous
utcp-cli 1.1.5 passes `working_dir` unchanged as the `cwd` of
`asyncio.create_subprocess_exec` (`_execute_command(…, cwd=working_dir)`): no shell reads
it, so the tilde is not the home directory but a directory literally named `~` under the
client's current directory.  There is none, and every call raises
`FileNotFoundError: [Errno 2] No such file or directory: '~/…'` before the first command
runs (measured through the real runtime).  The tool is advertised and never works.

Other directories that do not exist on the machine where the linter runs are not
reported: the manual may be deployed where they exist (a missing `/srv/app` here says
nothing about the server), so only what fails on every machine is an error.

## Example
```json
{"call_template_type": "cli", "working_dir": "~/projects/app",
 "commands": [{"command": "git status --short"}]}
```

## Fix
Write the absolute path (`/home/deploy/projects/app`), or leave `working_dir` out and
`cd` in the command, where bash expands the tilde: `cd ~/projects/app && git status`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL039",
    name="working-dir-tilde",
    severity="error",
    confidence="high",
    scope="template",
    tags=("correctness",),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if tpl.node is None:
        return
    node = tpl.node.get("working_dir")
    if node is None or node.kind != "string" or not isinstance(node.value, str):
        return
    wd = node.value
    if not wd.startswith("~"):
        return
    yield RULE.finding(
        tpl.source,
        node.start,
        node.end,
        f"working_dir {wd!r} starts with '~', which no shell expands here: the runtime hands it "
        f"to the subprocess as the directory literally named '~', and every call fails with "
        f"FileNotFoundError; write the absolute path",
        pointer=node.pointer,
        tool=tpl.tool,
    )
