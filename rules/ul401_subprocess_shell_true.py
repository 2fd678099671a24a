"""subprocess.* runs its command through the shell because `shell` is true.

## What it does
Reports `subprocess.run`, `Popen`, `call`, `check_call` and `check_output`
when `shell` is (or can be) true: `shell=True`; a variable or expression
(`shell=USE_SHELL`, `shell=os.name == "nt"`); a `**{"shell": True}` or
`**dict(shell=True)` splat, or a dict that gets `opts["shell"] = True`; the
default of a wrapper's parameter (`def run(cmd, shell=True): subprocess.run(cmd,
shell=shell)`); `functools.partial(subprocess.run, shell=True)` (reported where
the partial is called with the command); the command given only as `args=`.
A `**kwargs` pass-through into `subprocess.*` is reported at low confidence: a
caller may pass `shell=True`; but a *pure* pass-through wrapper, whose command is
its own parameter passed on unchanged (`def run(cmd, **kw): subprocess.run(cmd,
**kw)`, `Popen(*args, **kwargs)`), is not reported: the shell is its caller's
choice, and the caller passing `shell=True` with a command built from a value is
reported (UL411, or UL401 in the same module). `shell=False` (or a wrapper
default of False) is quiet, and so is a call on the branch where its flag is
false (`if self.shell: return run(cmd, **opts)` then `run(shlex.split(cmd),
**opts)` with `opts = {"shell": self.shell}`; the `else` of `if use_shell:`).

Severity follows the command's evidence: built from parameters, f-strings,
`%`, `.format`, concatenation or join -> error; a value the scanner cannot
trace -> warning. A constant command (or one whose values are all
`shlex.quote`-d bare words) is not reported here: the opt-in rule UL412
lists those calls.

Windows (`cmd.exe`): with a true `shell`, CPython's `subprocess` runs
`["/bin/sh", "-c"] + args` on POSIX, so only the first item of a list is the
script (the others are `$0`, `$1`... and never parsed), but on Windows it joins
the list with `subprocess.list2cmdline` and runs `cmd.exe /c "<line>"`
(CPython `Lib/subprocess.py`, `Popen._execute_child`): every item reaches
cmd.exe, where `&`, `|`, `^` and `%VAR%` keep their meaning because
list2cmdline only adds double quotes around items with blanks. So a list whose
later items come from data (`subprocess.check_call(["git", "push", remote],
shell=True)`) is reported with the words "on Windows cmd.exe runs every item",
at the severity the same value would have on POSIX. A flag true only on Windows
(`shell=windows` with `windows = sys.platform == "win32"`,
`shell=(os.name == "nt")`, `sys.platform.startswith("win")`,
`platform.system() == "Windows"`) is reported as a command run "through
cmd.exe on Windows", again at the same severity: one finding per call either
way.

A callee the scanner cannot see, asked for a shell at the call: an object of no
known class (`self.ui.subprocess_Popen(cmd, shell=True)`), another package's
helper (`osext.run_command_async2(cmd, shell=True)`, `util_cmd.cmd(cmd,
shell=True)`), an object that runs the command later (`SubProcContext(key, cmd,
shell=True)`), or the same with a flag true on Windows (`shell=IS_WINDOWS`,
`shell=constants.IS_WINDOWS`, `shell=is_windows()`). A literal `shell=True` is
written for one reason, the keyword of `subprocess`: the call is judged like
`subprocess.Popen(cmd, shell=True)` (the same evaluation of the command), at
medium confidence. Not reported: a callee of the linted tree (its own analysis
decides; UL411 at a call of another module), test doubles (`mock.call(...)`,
`assert_called_with`, `assertRaises`, a `mock.Mock()`), quoting helpers and dict
updates given `shell=True`, a function handed on (`atexit.register(Popen, cmd,
shell=True)`), and a command whose only values are parameters of non-public
helpers (`def _has_dracut(root)`, a nested function): a private helper's caller
is its own module, not an outside value.

## Why is this dangerous
With a true `shell`, the command string is parsed by `/bin/sh` (or `cmd.exe`);
metacharacters in any value built into it run as commands. `shlex.quote`
helps only where its result is a bare word: inside `"..."` its single quotes
are literal and a value containing `"` breaks out (GHSA-33p6-5jxp-p3x4).

## Example
```python
import subprocess

def run(cmd, shell=True):
    return subprocess.run(cmd, shell=shell, capture_output=True)
```

## Fix
Pass an argv list (exec-array) and keep `shell=False`:
`subprocess.run(["git", "log", "--", path])`. Bandit B602 / ruff S602 (and
B604 / S604 for other callables with `shell=True`) name the same check.

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
from utcp_lint.pyscan.flagguard import flag_false_here
from utcp_lint.pyscan.passthrough import pure_pass_through
from utcp_lint.ruleset.rule import Rule

from ._python import FIX_ARGV, danger, executors, sink_findings, via_text, what

RULE = Rule(
    id="UL401",
    name="subprocess-shell-true",
    severity="error",
    confidence="high",
    scope="python",
    tags=("security", "python", "shell"),
    security_severity=8.8,
    aliases=("B602", "S602", "B604", "S604"),
)

REPORTS = {SinkKind.SHELL_TRUE: RULE.aliases}


def message(s) -> str:
    if s.windows == "only":
        return (
            f"{s.callee} runs {what(s.ev)} through cmd.exe on Windows ({s.how}: true on Windows only){via_text(s.via)}"
            f"{danger(s.ev)}{_CMD_LIST}{FIX_ARGV}" + executors(s)
        )
    if s.windows == "items":
        cond = "" if s.shell == "yes" else " when it is true"
        return (
            f"{s.callee} runs {what(s.ev)} through the shell ({s.how}){cond}{via_text(s.via)}: on POSIX /bin/sh "
            f"runs only the first item of the list, but on Windows cmd.exe runs every item{danger(s.ev)}"
            f"{_CMD_LIST}{FIX_ARGV}" + executors(s)
        )
    cond = "" if s.shell == "yes" else " when it is true"
    return (
        f"{s.callee} runs {what(s.ev)} through the shell ({s.how}){cond}{via_text(s.via)}"
        f"{danger(s.ev)}{FIX_ARGV}" + executors(s)
    )


_CMD_LIST = (
    " subprocess joins a list with list2cmdline, whose quoting cmd.exe does not read: &, |, ^ and %VAR% in an "
    "item run as cmd.exe syntax."
)


def _fix_note(ctx):
    from utcp_lint.pyscan.argvfix import describe  # the fix planner (ast only; libcst is for --fix)

    return lambda s: describe(s.node, s.callee, ctx.tree)


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    yield from sink_findings(
        RULE,
        ctx,
        REPORTS,
        message,
        note=_fix_note(ctx),
        quiet_when_constant=True,
        skip=lambda s: pure_pass_through(s, ctx.model) or flag_false_here(s, ctx),
    )
