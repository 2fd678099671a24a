"""A local shell started for a constant command, where an argv call would do (opt-in hygiene).

## What it does
Reports the calls UL400, UL401 and UL402 stay quiet on because no value
reaches the shell: `os.system("clear")`, `subprocess.run("make -j4",
shell=True)`, `asyncio.create_subprocess_shell("sync")`, and commands whose
every value is `shlex.quote`-d where it stands as a bare word
(`os.system("rm -- " + shlex.quote(path))`). The shell parses only text the
program wrote, so nothing a caller sends can change what runs: there is no
injection. Off by default; select it (`--select UL412` or
`--extend-select UL412`) to find the shell calls left to migrate to argv
calls, and to get the argv rewrites of `--fix --unsafe-fixes`.

## Why is this off by default
Every finding printed by default must be one a reviewer acts on. The
independent reviewers of utcp-lint's Python bench (bench/data/README.md)
judged these calls "not a risk" every time. Bandit (B605, B602 at low severity) and
ruff (S605, S602) report them by default; utcp-lint reports them only when
asked. A constant command can still be worth changing: a shell costs a
process, reads `$ENV`/`BASH_ENV` for some shells, and makes the next edit
that adds a value into the string an injection.

## Example
```python
import os
import subprocess

os.system("clear")
subprocess.run("git fetch --all", shell=True, check=True)
```

## Fix
`subprocess.run(["clear"])`, `subprocess.run(["git", "fetch", "--all"],
check=True)`. `utcp-lint --select UL412 --fix --unsafe-fixes` does the
rewrite where the command has only plain words. No such rewrite is a *safe*
fix: where the program is not installed, the shell gives exit status 127
(a probe falls back on it) while an argv call raises `FileNotFoundError`.
Bandit's and ruff's ids (B605/S605, B602/S602) in `# nosec` / `# noqa`
silence it as they silence UL400-UL402.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.pyscan.facts import CODE_KINDS
from utcp_lint.ruleset.rule import Rule

from . import ul400_os_shell_call, ul401_subprocess_shell_true, ul402_asyncio_shell
from ._python import severity_confidence

RULE = Rule(
    id="UL412",
    name="constant-shell-command",
    severity="note",
    confidence="high",
    scope="python",
    tags=("python", "shell", "hygiene"),
    default_enabled=False,
)

#: the rules whose constant-command calls this rule reports: kind -> (the rule's module)
_OF = {kind: m for m in (ul400_os_shell_call, ul401_subprocess_shell_true, ul402_asyncio_shell) for kind in m.REPORTS}


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    notes = {}
    for s in ctx.sinks_of(_OF):
        if s.level != "low" or s.kind in CODE_KINDS:
            continue  # a value reaches it: UL400-UL402 report it
        m = _OF[s.kind]
        text = m.message(s)
        fix_note = getattr(m, "_fix_note", None)
        if fix_note is not None:
            if m not in notes:
                notes[m] = fix_note(ctx)
            extra = notes[m](s)
            if extra:
                text += " " + extra
        _sev, conf = severity_confidence(s)
        ctx.finding_aliases[(RULE.id, s.start, s.end)] = frozenset(m.REPORTS[s.kind])
        yield RULE.finding(ctx.source, s.start, s.end, text, severity="note", confidence=conf, snippet=s.callee)
