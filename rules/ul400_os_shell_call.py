"""A function that always runs its argument through the shell (os.system, os.popen, subprocess.getoutput, libc system).

## What it does
Reports every call of a function that hands its string to `/bin/sh -c` (or
`cmd.exe /c`): `os.system`, `os.popen`, `subprocess.getoutput`,
`subprocess.getstatusoutput`, `commands.*`, `popen2.*`, and `system()` from the
C library through `ctypes` (`ctypes.CDLL(None).system`). The call is found
however it is spelled: `import os as o`, `from os import system as run`,
`f = os.system`, `getattr(os, "system")`, `__import__("os")`,
`importlib.import_module("os")`, `sys.modules["os"]`, `os.__dict__["system"]`,
`vars(os)["system"]`, star imports. A parameter or local variable that merely
shadows the name `os` is not the module and is not reported.

Severity follows the evidence: a command built from the function's
parameters, f-strings, `%`, `.format`, concatenation or `join` is an error; a
value the scanner cannot trace is a warning. A constant command (or one whose
values are all `shlex.quote`-d bare words) carries no value into the shell
and is not reported here: the opt-in rule UL412 lists those calls. The
message names the parameters and says when `shlex.quote` sits inside quotes
(where it is bypassable).

## Why is this dangerous
The shell parses the whole string: `;`, `|`, `$(...)`, backticks, redirections
and quotes in any value built into it run as commands. A UTCP plugin feeds
model-chosen tool arguments into such strings; the CLI Agent Spec
(REQ-C-019) therefore says the registration linter flags `os.system`.

## Example
```python
import os

def grep(pattern, path):
    os.system(f"grep {pattern} {path}")   # pattern = "x; rm -rf ~"
```

## Fix
Use an argv list (exec-array), never a shell string:
`subprocess.run(["grep", "--", pattern, path], check=True)`.
Bandit B605 / ruff S605 name the same check, so `# nosec B605` or
`# noqa: S605` on the statement also silence it.

`utcp-lint --fix --unsafe-fixes` does this rewrite for you (`--diff
--unsafe-fixes` shows it first) when a literal, f-string, `%`, `.format`, `+`
or `" ".join([...])` command has only plain words (no pipes, lists,
redirections, expansions, globs, `cd`). No such rewrite is a *safe* fix:
safe means the same behaviour for any value on any machine, and where the
program is not installed the shell gives exit status 127 (a probe falls
back on it) while an argv call raises `FileNotFoundError`. The message also
names what else changes (an unquoted value the shell used to split, a
numeric use of `os.system`'s wait status, a program named by a value, `echo`
as builtin vs `/bin/echo`, a cmd.exe builtin on Windows); `os.popen` without
`.read()` gets no fix. Otherwise the message names the shell feature that
prevents a fix and the manual rewrite.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.pyscan.facts import SinkKind
from utcp_lint.ruleset.rule import Rule

from ._python import shell_string_message, sink_findings

RULE = Rule(
    id="UL400",
    name="os-shell-call",
    severity="error",
    confidence="high",
    scope="python",
    tags=("security", "python", "shell"),
    security_severity=8.8,
    aliases=("B605", "S605"),
)

REPORTS = {SinkKind.SHELL_FUNCTION: RULE.aliases}
message = shell_string_message


def _fix_note(ctx):
    from utcp_lint.pyscan.argvfix import describe  # the fix planner (ast only; libcst is for --fix)

    return lambda s: describe(s.node, s.callee, ctx.tree)


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    yield from sink_findings(RULE, ctx, REPORTS, message, note=_fix_note(ctx), quiet_when_constant=True)
