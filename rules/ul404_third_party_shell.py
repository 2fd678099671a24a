"""A third-party runner executes a shell command string or a shell with code (pexpect, sh, plumbum, invoke, fabric, paramiko).

## What it does
Reports:
* `pexpect.spawn` / `pexpect.run` / `PopenSpawn` given one command string built
  from data (pexpect splits it into argv itself), or a string / `args=` list
  that starts a shell with `-c`;
* `sh.bash("-c", X)`, `sh.Command("sh")("-c", X)` and any `sh.<program>` call
  whose argv is a shell or interpreter with code;
* plumbum commands (`local["bash"]["-c", X]()`, `from plumbum.cmd import sh`)
  run with a shell or interpreter and code;
* `invoke.run`, `Context.run` / `.sudo` (including the `c` parameter of an
  `@task` function), fabric `Connection(...).run` / `.sudo` / `.local` and
  fabric 1.x `run` / `sudo` / `local`: all run their string through a shell;
* paramiko `exec_command` (the remote side runs the string with its shell).

Severity follows the evidence of the command or code: constant -> note,
built from parameters or by formatting -> error.

## Why is this dangerous
These libraries are thin wrappers over a shell: a tool argument formatted
into the string is parsed as shell syntax (locally or on the remote host).

## Example
```python
from fabric import Connection

def tail(host, path):
    Connection(host).run(f"tail -n 50 {path}")
```

## Fix
Prefer an argv list (exec-array): `pexpect.spawn("tail", ["-n", "50", "--",
path])`, `subprocess.run([...])`. For remote commands quote every value with
`shlex.quote` as a bare word (never inside quotes) or, better, pass values
through stdin or a file. `# nosec B601` / `# noqa: S601` are honoured for
paramiko.
"""
from utcp_lint.rule import Rule

RULE = Rule(id="UL404", name="third-party-shell", severity="error", confidence="high", scope="python",
            tags=("security", "python", "shell"), security_severity=8.8)


@RULE.check
def check(ctx):
    for s in ctx.sinks_for(RULE.id):
        yield RULE.finding(ctx.source, s.start, s.end, s.message, severity=s.severity,
                           confidence=s.confidence, snippet=s.callee)
