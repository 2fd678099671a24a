"""A third-party runner executes a shell command string or a shell with code (pexpect, sh, plumbum, invoke, fabric, paramiko, libtmux, sarge, parallel-ssh, failprint/duty, subprocess-tee, ansible-compat, delegator, anyio, swe-rex, pexpect replwrap).

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
* paramiko `exec_command` (the remote side runs the string with its shell),
  and text sent (`send`/`sendall`) into a channel connected to the remote
  user's interactive shell by `invoke_shell()` (a local, or `self.chan` of
  the class), in a module that imports paramiko;
* tmux through libtmux: `obj.cmd("new-window" | "split-window" | "send-keys"
  | ..., *args)` (a tmux command line: one shell-command operand runs with
  the default shell, keys are typed into the pane), and in a file that
  imports libtmux its methods `send_keys(cmd)`, `new_window(window_shell=)`,
  `split(shell=)` / `split_window(shell=)`, `new_pane(shell=)`,
  `respawn(shell=)`, `new_session(window_command=)`, `if_shell(cmd)`; a call
  that resolves to a function of the linted tree is judged by that function
  (UL411) instead;
* text typed with pexpect's `sendline` into a shell (pxssh, a spawn of a
  constant shell, or text that starts with a shell builtin such as `source`);
* a string a pyinfra `@operation` yields (or a generator it delegates to with
  `yield from`) built from the operation's own parameters unquoted: pyinfra
  runs each yielded command through the target host's shell;
* a patchwork-style `@set_runner` function's `runner(cmd)` (the decorator
  fills the 2nd parameter with `c.run` / `c.sudo`), in a module written
  against invoke/fabric/patchwork;
* parallel-ssh `ParallelSSHClient(...).run_command(cmd)` / `SSHClient(...).run_command(cmd)`
  (every `pssh.clients` module): the remote login shell runs the string;
* sarge `run`, `capture_stdout` / `capture_stderr` / `capture_both`,
  `get_stdout` / `get_stderr` / `get_both` and `Pipeline` given a command
  string built from data: sarge parses `;`, `&&`, `||`, `|`, `&` and
  redirections itself (no `/bin/sh`) and runs every command it finds. A list
  is one argv and a constant string is sarge's ordinary use (both quiet);
  values passed through `sarge.shell_format` / `shell_quote` are quoted
  (quiet, as for `shlex.quote`).
* runners that default to a shell for a string command
  (`linter/pyscan/runnerlibs.py`, each with its source): failprint `run`,
  duty's `ctx.run` (the context of a `@duty` task), subprocess-tee `run`,
  ansible-compat `Runtime.run(..., tee=True)` (also on an object kept in
  `self.runtime = Runtime(...)`), delegator `run` (unless `block=False`) and
  anyio `run_process` / `open_process` (async code: agent frameworks, MCP
  servers); swe-rex's `Command(command, shell=True)` (executed by an agent
  sandbox's runtime like `subprocess.run`) and `BashAction(command)` (typed
  into the runtime's bash session), reported where the object is made;
  helpers that force or switch on a shell: edk2toollib `RunCmd(cmd,
  parameters)` / `RunPythonScript` (`cmd + " " + parameters`, `shell=True`),
  oslo.concurrency `processutils.execute(..., shell=True)` / `ssh_execute`,
  ubelt `cmd(..., shell=True)`, IPython's `utils.process.getoutput` /
  `system`, Airflow `BashOperator(bash_command=...)` / `SSHOperator(command=...)`,
  python-crontab `CronTab.new(command=...)`, Prefect `ShellOperation(commands=[...])`
  / `shell_run_command`, Dagster `execute_shell_command`; objects of a library reached
  through its factories: adbutils / uiautomator2 / pure-python-adb device
  `shell(cmd)` (the device's `sh -c`; also on a device of no known type in a
  module importing the library), asyncssh `conn.run` / `create_process`,
  pysftp `Connection.execute`, pypsrp `Client.execute_cmd` / `execute_ps`.
* sandbox SDKs' command sub-objects: e2b `sandbox.commands.run(cmd)`
  (`/bin/bash -l -c`) and Daytona `sandbox.process.exec(cmd)` on an object
  named like a sandbox or made by the SDK (`linter/pyscan/duckcmd.py`).
* a method named for a shell (`shell`, `shell_output`, `adb_shell`,
  `run_shell_command`, `shell_exec`...) of an object whose class the module does
  not define, given a command line: its constant head is a program of the shell
  engine's table or a device shell's command (`am`, `pm`, `input`, `run-as`:
  `duckcmd.DEVICE_SHELL_COMMANDS`); a warning, the shell is inferred from the
  name and the shape (`device.shell(f"am force-stop {pkg}")`).
* SSM Run Command jobs: boto3 `send_command(DocumentName="AWS-RunShellScript",
  Parameters={"commands": [...]})` (the instance's `sh`; AWS-RunPowerShellScript:
  PowerShell), one finding per job (`linter/pyscan/cmtasks.py`).
* docker-py string commands split with `shlex.split` (`exec_run`,
  `exec_create`, `containers.run/create`): `f"sh -c '{cmd}'"` hands the
  container's shell a script holding the value (`linter/pyscan/containerargv.py`).
* text sent to pexpect's REPL wrappers (`replwrap.bash()`, `zsh()`,
  `python()`, `REPLWrapper("bash", ...)` and subclasses of it, a wrapped
  `pexpect.spawn("bash")`): `run_command(text)` is the program's next input
  (`linter/pyscan/replwrap.py`).
  A list, a constant line or a line whose values are all quoted
  (`shlex.quote`) is the library's ordinary use (quiet).
* a shell (or interpreter) argv written out in full, `["sh", "-c", cmd]`, and
  handed to a callee no table models: docker's `container.exec_run(...)` and
  `containers.run(image, [...])`, kubernetes' `stream(..., command=[...])`, a
  sandbox's `process.exec(...)`, also bound to a name first (`cmd = ["bash",
  "-c", f"source {self.envsetup} && bitbake {target}"]` then
  `self._runtime.run_cmd(cmd)`).  Whatever runs that list, `sh -c` makes its
  third item code (`linter/pyscan/anyargv.py`).  Not for a function or class
  of the file, nor for calls that only build, join, quote or log an argv; a
  call of a runner of another module of the tree is reported once, by UL411.
* a shell with its code at the tail of an argv built piecewise, run by a
  caller elsewhere: `argv.extend(("--", "/bin/sh", "-c", command))` after a
  sandbox launcher's options (bwrap, nsjail), `cmd += ["bash", "-lc",
  script]`, a run of `append` calls, `prefix + ["sh", "-c", x]`, `[*prefix,
  "sh", "-c", x]` (`linter/pyscan/argvpiece.py`).  Reported at the fragment,
  and only when nothing of the module speaks for the list: a sink that runs
  it, or a function of the file it is handed to (the flow into it).  Not for
  constant code, values passed as `$1` of a constant script, or a list only
  logged.

Severity follows the evidence of the command or code: built from parameters
or by formatting -> error. A constant command, or one whose values are all
quoted (`shlex.quote`), is the library's ordinary use and is not reported
(there is no string-free form of a remote command line to recommend).

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

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.pyscan.facts import SinkKind
from utcp_lint.ruleset.rule import Rule

from ._python import (
    FIX_ARGV,
    argv_shell_message,
    danger,
    executors,
    shell_string_message,
    sink_findings,
    via_text,
    what,
)

RULE = Rule(
    id="UL404",
    name="third-party-shell",
    severity="error",
    confidence="high",
    scope="python",
    tags=("security", "python", "shell"),
    security_severity=8.8,
    aliases=("B601", "S601"),
)

# only paramiko has a bandit / ruff check of its own
REPORTS = {
    SinkKind.PARAMIKO_COMMAND: RULE.aliases,
    SinkKind.RUNNER_COMMAND: (),
    SinkKind.RUNNER_ARGV_SHELL: (),
    SinkKind.PEXPECT_STRING: (),
}


def message(s) -> str:
    if s.kind is SinkKind.RUNNER_ARGV_SHELL:
        return argv_shell_message(s)
    if s.kind is SinkKind.PEXPECT_STRING:
        return (
            f"{s.callee} gets {what(s.ev)} as one string{via_text(s.via)}: pexpect splits it into a program "
            f"and arguments itself, so values with spaces or quotes become extra arguments or options, and a "
            f"string that starts a shell (bash -c) runs the rest as code."
            f"{FIX_ARGV.replace(' with shell=False', '')} (pexpect.spawn(program, args=[...]))." + executors(s)
        )
    if s.kind is SinkKind.RUNNER_COMMAND and s.label:  # a command a framework's operation yields
        return (
            f"{s.callee} yields {what(s.ev)}, which {s.label} runs through a remote shell{danger(s.ev)} "
            f"Quote each value with shlex.quote as a whole word (never inside hand-written quotes), "
            f"or pass it as data (a file the operation uploads)."
        )
    return shell_string_message(s)


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    yield from sink_findings(RULE, ctx, REPORTS, message, quiet_when_constant=True)
