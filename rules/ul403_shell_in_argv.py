"""An argv list that starts a shell or an interpreter with code (bash -c, cmd /c, powershell -Command, python -c, ssh host cmd).

## What it does
Reports argv lists given to `subprocess.*` (without `shell`),
`asyncio.create_subprocess_exec`, `loop.subprocess_exec`, `os.exec*`,
`os.spawn*`, `os.posix_spawn[p]` and `pty.spawn` whose program is a shell or
interpreter told to run code: `["bash" | "sh" | "/bin/sh", "-c", X]` (also
`-lc`, `-ec`...), `["cmd.exe", "/c", X]`, `["powershell.exe" | "pwsh",
"-Command", X]` (any unambiguous prefix, `-EncodedCommand`),
`["python3", "-c", X]`, `node -e`, `perl -e`, `ruby -e`, `php -r`, and
`["ssh", host, X...]` (the remote side runs `X` with its shell), also behind
`env`, `sudo`, `timeout`, `nice`... Lists built in steps are followed: a
variable set in both branches of an `if`, `shell_cmd + [script]`, `*argv`,
`.append()`, `shlex.split("bash -c ...")`, and lists returned by a helper of
the module (`self._ssh_argv(cmd)`, with the call's arguments bound). A command
string that starts with an ssh prefix known only by its name and is split into the
argv (`shlex.split(f"{ssh_cmd} zfs list '{dataset}'")`, `shlex.split(ssh_cmd) +
["rm", path]`, or `ssh_command + " ..."` handed to a helper that splits it) counts
as `ssh host X...`: the local split removes the quotes written in the template (and
those `shlex.quote` added inside it), and ssh joins the words for the remote shell. A shell
with `-c` after a program that runs the rest of its argv (`docker exec C sh -c
X`, `kubectl exec`, `podman`, `arch -x86_64 /bin/sh -c X`, `chroot`,
`nsenter`, `bwrap`...) or after a prefix known only at run time
(`[*container_cmd, "sh", "-c", X]`) counts too, and so does tmux given one
shell-command operand (`["tmux", "new-window", X]`, `split-window`,
`new-session`, `respawn-pane`, `run-shell`, `if-shell`, `display-popup`,
`pipe-pane`: tmux runs it with the default shell; several operands are run as
an argv) or keys to type (`send-keys`, typed into the pane's shell). A script
file written with a value earlier in the function (`with open(p, "w") as f:
f.write(body)`, `Path(p).write_text(body)`, a `NamedTemporaryFile`'s
`f.name`) and then run as `["sh", p]` (or `python3`, `node`, `perl`...) counts
as code too: the written value is what runs.

The code element decides: a constant script (the safe form is a constant
script reading its values as `$1`, `$2`), or one whose values are all
`shlex.quote`-d, is the recommended use and is not reported; a script built
from parameters or by formatting is an error. A constant script that evaluates
its arguments (`bash -c 'eval "$1"' name value`, `eval "$@"`, a nested
`sh -c "$1"`) runs them as code: the argument items are then judged as the
code (`"$@"` as the command, which runs the words as an argv, is not).

## Why is this dangerous
An argv list avoids the shell only when its program is not itself a shell:
`["bash", "-c", script]` hands `script` to bash, which parses it like
`shell=True` would. Values formatted into the script run as commands.

## Example
```python
import asyncio

async def run_script(script):
    shell_cmd = ["/bin/bash", "-c"]
    p = await asyncio.create_subprocess_exec(*(shell_cmd + [script]))
```

## Fix
Run the program directly with an argv list (exec-array): `["grep", "--",
pattern, path]`. If a shell feature is unavoidable, keep the script constant
and pass values as positional parameters: `["bash", "-c", 'grep -- "$1" "$2"',
"_", pattern, path]`. Bandit B603/B606 and ruff S603/S606 name the call
sites, so `# nosec B603` or `# noqa: S603` on it are honoured.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.pyscan.facts import SinkKind
from utcp_lint.ruleset.rule import Rule

from ._python import argv_shell_message, sink_findings

RULE = Rule(
    id="UL403",
    name="shell-in-argv",
    severity="error",
    confidence="high",
    scope="python",
    tags=("security", "python", "shell"),
    security_severity=8.8,
    aliases=("B603", "S603", "B606", "S606"),
)

# bandit and ruff name the subprocess and the os.exec*/spawn* variants apart
REPORTS = {SinkKind.SUBPROCESS_ARGV_SHELL: ("B603", "S603"), SinkKind.EXEC_ARGV_SHELL: ("B606", "S606")}
message = argv_shell_message


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    yield from sink_findings(RULE, ctx, REPORTS, message, quiet_when_constant=True)
