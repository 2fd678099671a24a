"""Third-party runners that force or default to a shell (issue 25).

A project often runs its commands through a small library instead of
``subprocess``: a task runner's ``ctx.run(cmd)``, a tee-ing ``run``, a
"make it easy" ``execute(cmd)``.  These libraries are not in the scanned tree,
so the engine cannot see that they hand a string to ``/bin/sh -c``; this table
says so, one entry per documented entry point, with the source of the fact.
The detector (sinks.py) checks a call of an entry point like ``os.system``'s
string: a command built from data is a shell-injection sink, and a wrapper
that forwards its parameter there is a wrapper that runs a shell.

Each entry says when the shell happens (:attr:`LibRunner.mode`):

* ``"string"``: a ``str`` command runs through a shell, a list is an argv run
  without one (or is quoted before the shell).
* ``"flag"``: the shell only when the keyword :attr:`LibRunner.flag` is given
  and not false (a string command, as for ``"string"``).
* ``"unless"``: the shell unless the keyword :attr:`LibRunner.flag` is false.
* ``"items"``: a string command, or each item of a list or tuple written in place, is a
  shell command (``server.shell(commands=[...])``).
* ``"argv"``: no shell of its own: the positional arguments from :attr:`LibRunner.pos`
  on are one argv (``session.run("bash", "-c", cmd)``), read like ``subprocess``'s list
  (a shell or interpreter it starts with code from data is the finding).

Task runners whose decorated functions receive a context object as their first
parameter (``@duty def x(ctx): ctx.run(...)``) are in :data:`TASK_DECORATORS`:
decorator -> the class of that parameter.
"""

from __future__ import annotations

import ast
from typing import NamedTuple

from ..core.lazyre import compile_pattern
from .scopes import ModuleModel, Scope, lookup


class LibRunner(NamedTuple):
    #: positional index of the command (None: a keyword-only parameter)
    pos: int | None
    #: keyword names the command may be passed by
    kws: tuple[str, ...]
    #: when the shell runs (see the module doc)
    mode: str
    #: the keyword that switches the shell (``"flag"``/``"unless"``)
    flag: str | None
    #: where the fact comes from
    source: str
    #: the command counts only where it is written as text (:func:`written_text`): the
    #: entry point also takes a function or an object (an SCons action)
    text: bool = False
    #: (position, keyword names) of a second argument the library joins onto the command
    #: with a blank before the shell runs the line (edk2toollib ``RunCmd(cmd, parameters)``)
    joined: tuple[int | None, tuple[str, ...]] | None = None
    #: the shell is a remote host's (an ssh ``exec_command``), not a local one
    remote: bool = False
    #: the text is typed into an interactive session: a value named like a credential
    #: (``password``, ``secret``) is an answer to a login or sudo prompt, not a command line
    typed: bool = False
    #: reported only when built from a parameter: the library's callers also run their own
    #: scripts read from package files (pypsrp ``add_script(get_pwsh_script("copy.ps1"))``)
    traced: bool = False


_FAILPRINT = (
    "failprint 1.x src/failprint/_internal/runners.py run()/run_command(): "
    "shell = isinstance(cmd, str); run_subprocess(cmd, shell=shell) or ['sh', '-c', cmd] with pty"
)
_TEE = (
    "subprocess-tee 0.4 src/subprocess_tee/__init__.py run(): a list is shlex.join-ed, "
    "the string goes to asyncio.create_subprocess_shell"
)
_ANSIBLE_COMPAT = (
    "ansible-compat 25.x src/ansible_compat/runtime.py Runtime.run(args, tee=False): "
    "tee=True runs args with subprocess_tee.run (a shell), else subprocess.run (no shell)"
)
_DELEGATOR = (
    "delegator.py 0.1.1 delegator.py: run(command, block=True) -> Command.run: block=True uses "
    "subprocess.Popen(cmd, shell=True) (_default_popen_kwargs), block=False pexpect on shlex.split(cmd)"
)
_EXECUTOR = (
    "executor 23.2 executor/__init__.py ExternalCommand.shell: 'If command contains a single string "
    "shell defaults to True' (DEFAULT_SHELL -c); execute(*command, **options) and the contexts' "
    "execute/capture/start/test (executor/contexts.py) build an ExternalCommand"
)
_ANYIO = (
    "anyio 4.16 anyio/_core/_subprocesses.py run_process/open_process: 'command: either a string to "
    "pass to the shell, or an iterable of strings'; _backends/_asyncio.py open_process: a str or bytes "
    "command goes to loop.subprocess_shell (anyio 2.x: shell = isinstance(command, str))"
)
_DUTY = (
    "duty 1.x duty/_internal/context.py Context.run(cmd, **options) -> failprint.run(cmd): "
    "a str command runs with shell=True"
)

_SWEREX = (
    "swe-rex 1.4 swerex/runtime/abstract.py: Command(command, shell=False, ...) 'Same as the "
    "subprocess.run() shell argument' (run by the runtime's execute); BashAction(command, session) "
    "is typed into the runtime's bash session (run_in_session)"
)

_NOX = (
    "nox 2024.x docs 'Session.run(*args, env=None, ..., external=False)': 'Run a command. Commands "
    'must be specified as a list of strings, for example: session.run("pytest", "-k", "fast")\' '
    "(run_always, run_install: the same); docs 'Tutorial': '@nox.session def tests(session)', "
    "'session.posargs' are the command line's arguments after --"
)

_PYINFRA = (
    "pyinfra 3.10 pyinfra/operations/server.py shell(commands): 'Run raw shell code on server during "
    "a deploy'; '+ commands: command or list of commands to execute on the remote server' (each "
    "yielded as a command the host's shell runs)"
)

_SARGE = (
    "sarge 0.1.8 sarge/__init__.py Command.__init__(args, **kwargs): 'kwargs: The same as you would "
    "pass to subprocess.Popen'; 'if not shell and isinstance(args, string_types)' the string is split "
    "by shell_shlex, else Popen(args, shell=True) runs it with /bin/sh -c"
)

_SCONS = (
    "SCons 4.x man page scons(1) 'Action Objects': 'If the action argument is a string, it is "
    "interpreted as a command line to execute' (Builder(action=...) the same, 'Builder Objects'); "
    "SCons/Platform/posix.py subprocess_spawn(sh, escape, cmd, args, env) runs "
    "[sh, '-c', ' '.join(args)]: the substituted words joined unquoted into sh -c"
)

_EDK2 = (
    "edk2-pytool-library 0.23 edk2toollib/utility_functions.py RunCmd(cmd, parameters, ...): "
    "'Run a shell command'; cmd (in hand-written double quotes when it holds a blank) + ' ' + "
    "parameters -> subprocess.Popen(cmd, ..., shell=True); RunPythonScript(pythonfile, params): "
    "RunCmd(sys.executable, pythonfile + ' ' + params)"
)

_OSLO = (
    "oslo.concurrency 7.6 oslo_concurrency/processutils.py execute(*cmd, ..., shell=False): "
    "subprocess.Popen(cmd, ..., shell=shell) (with shell=True the first item is the command line "
    "of /bin/sh -c); trycmd(*args, **kwargs) calls execute; ssh_execute(ssh, cmd: 'The command "
    "string to run') -> ssh.exec_command(cmd) (paramiko: the remote user's shell)"
)

_UBELT = (
    "ubelt 1.4 ubelt/util_cmd.py cmd(command, shell=False, ...): _resolve_command: with shell=True "
    "a str is the text sent to the shell (a list or tuple is shlex.quote-joined), with shell=False "
    "a str is shlex.split into an argv"
)

_ADBUTILS = (
    "adbutils 2.12 adbutils/_device_base.py AdbDevice.shell(cmdargs: str | list | tuple) and "
    "shell2(cmdargs): a list is list2cmdline-joined, the text sent as 'shell:' + cmdargs "
    "(open_shell), which adbd runs with /system/bin/sh -c (adbshell.py); AdbClient.shell(serial, "
    "command) (adbutils/__init__.py) the same through the device"
)
_UIAUTOMATOR2 = (
    "uiautomator2 3.7 uiautomator2/base.py BaseDevice.shell(cmdargs: str | list, timeout=60) "
    "'Run shell command on device': self._dev.shell2(cmdargs) (adbutils)"
)
_ASYNCSSH = (
    "asyncssh 2.x docs SSHClientConnection.run(*args, check=False, timeout=None, **kwargs): 'Run a "
    "command on the remote system' (a coroutine wrapper around create_process(*args, ...), which "
    "calls create_session(SSHClientProcess, *args): 'command (str): The remote command to execute', "
    "run by the server as the user's shell -c)"
)
_PYSFTP = (
    "pysftp 0.2.9 pysftp/__init__.py Connection.execute(command): 'Execute the given commands on a "
    "remote machine' -> channel.exec_command(command) (paramiko: the remote user's shell)"
)
_PYPSRP = (
    "pypsrp 0.9 pypsrp/client.py Client.execute_cmd(command, ...): 'Executes a command in a cmd shell' "
    "(WinRS: cmd.exe on the remote host); Client.execute_ps(script, ...): the script runs in a remote "
    "PowerShell runspace"
)
_IPYTHON_PROCESS = (
    "ipython 9.18 IPython/utils/_process_common.py getoutput(cmd), getoutputerror(cmd), "
    "get_output_error_code(cmd): 'cmd: A command to be executed in the system shell' (process_handler: "
    "'If a string is passed, it will be run in the system shell'); _process_posix.py system(cmd) "
    "'Execute a command in a subshell': pexpect.spawn(self.sh, args=['-c', cmd])"
)
_CRONTAB = (
    "python-crontab 3.4 crontab.py CronTab.new(command='', ...): 'command - The command that will be "
    "run'; CronItem.set_command(cmd); CronItem.run(): Process(shell, '-c', self.command) (SHELL, "
    "/bin/sh); crontab(5): 'The entire command portion of the line ... will be executed by /bin/sh "
    "or by the shell specified in the SHELL variable of the cronfile' (a line written now, run later)"
)
_PREFECT_SHELL = (
    "prefect-shell 0.3.7 prefect_shell/commands.py ShellOperation(commands: list[str], ...): 'A list "
    "of commands to execute sequentially', joined into a temporary script run by bash (powershell "
    "on Windows); shell_run_command(command, helper_command=None, ...): helper_command and command "
    "written into a temporary file run by the shell"
)
_DAGSTER_SHELL = (
    "dagster-shell 0.25 dagster_shell/utils.py execute(shell_command, ...) (exported as "
    "execute_shell_command): the command written to a temporary script run by bash "
    "(execute_script_file: Popen(['bash', path])); ops.py create_shell_command_op(shell_command, name)"
)
_PPADB = (
    "pure-python-adb 0.3.0 ppadb/command/transport/__init__.py Transport.shell(cmd, handler=None, "
    "timeout=None): conn.send('shell:{}'.format(cmd)) (the device's sh -c)"
)

_AIRFLOW_BASH = (
    "apache-airflow-providers-standard 1.21 airflow/providers/standard/operators/bash.py "
    "BashOperator(*, bash_command, ...) 'The command, set of commands or reference to a Bash script "
    "(must be .sh or .bash) to be executed. (templated)': _run_inline_command runs "
    "[bash_path, '-c', self.bash_command]; sensors/bash.py BashSensor(*, bash_command): written to a "
    "temporary file run by bash (airflow 2 airflow.operators.bash, airflow 1 bash_operator: the same)"
)
_AIRFLOW_SSH = (
    "apache-airflow-providers-ssh 7.0 airflow/providers/ssh/operators/ssh.py SSHOperator(*, command, "
    "...): run_ssh_client_command -> SSHHook.exec_ssh_client_command -> paramiko exec_command(command) "
    "(the remote user's shell)"
)

_PARAMIKO_EXPECT = (
    "paramiko-expect 0.3.5 paramiko_expect.py SSHClientInteraction.__init__(client, ...): "
    "self.channel = client.invoke_shell(...) (paramiko: the remote user's login shell on a pty); "
    "send(send_string, newline=None): self.channel.send(send_string); self.channel.send(newline), "
    "a command line typed into that shell"
)
_PYPSEXEC = (
    "pypsexec 0.3 README 'run_executable(executable, arguments=None, ...)': 'executable: (string) "
    "The path to the executable to be run', 'arguments: (string) Arguments for the executable' "
    "(pypsexec/client.py: both go into the PAExec settings the remote PAExec service starts as one "
    'command line; README example: run_executable("cmd.exe", arguments="/c echo Hello World"))'
)
_PYPSRP_PS = (
    "pypsrp 0.9 pypsrp/powershell.py PowerShell.add_script(script, use_local_scope=None): 'Add a "
    "piece of script to the current pipeline', run by invoke() in the remote runspace pool"
)
_TELNETLIB = (
    "Python 3.12 library reference 'telnetlib': 'Telnet.write(buffer): Write a byte string to the "
    "socket'; telnet(1)/RFC 854: after the login prompts the remote host's login shell (or a "
    "device's command interpreter) reads each line written as its next command"
)
_LIBCLOUD_SSH = (
    "apache-libcloud 3.9 libcloud/compute/ssh.py BaseSSHClient.run(cmd, timeout=None): 'Run a command "
    "on a remote node. :param cmd: Command to run.'; ParamikoSSHClient.run: chan.exec_command(cmd) "
    "(paramiko: the remote user's shell); ShellOutSSHClient.run: the ssh argv + [cmd] (ssh(1) hands "
    "the line to the remote shell); SSHClient = ParamikoSSHClient"
)
_LIBCLOUD_SCRIPT = (
    "apache-libcloud 3.9 libcloud/compute/deployment.py ScriptDeployment(script, args=None, name=None, "
    "...): 'script: Contents of the script to run'; run(node, client): client.put(path=name, "
    "chmod=0o755, contents=script), then client.run('NAME ARGS') (the node's shell runs the script)"
)
_JUNOS_SHELL = (
    "junos-eznc 2.8 jnpr/junos/utils/start_shell.py StartShell(nc, timeout=30, shell_type='csh'): "
    "'Junos shell execution utility' (a context manager: 'with StartShell(dev) as sh: sh.run(command)'); "
    "run(command, ...): 'Run a shell command and wait for the response' -> send(command): 'Send the "
    "command data followed by a newline character' onto the paramiko invoke_shell channel after "
    "'start shell csh' (on the box: written to the stdin of 'cli start shell')"
)
_JUBILANT = (
    "jubilant 1.14 jubilant/_juju.py Juju.exec(command, *args, machine=None, unit=None, wait=None) "
    "'Run the command on the remote target specified', 'command: Command to run. Because the command is "
    "executed using the shell, arguments may also be included here as a single string' ('juju exec -- "
    "command args'); Juju.ssh(target, command, *args, ...): the same words, through 'juju ssh'"
)
#: qualified name of the entry point -> how it runs its command
_SUBPROCRUNNER = (
    "subprocrunner 2.0 subprocrunner/_subprocess_runner.py SubprocessRunner.__init__(command): "
    "a list or tuple sets __is_shell = False, anything else __is_shell = True; run()/popen() then "
    "subprocess.Popen(self.command, shell=self.__is_shell)"
)
LIB_RUNNERS: dict[str, LibRunner] = {
    **{
        f"failprint{m}.{fn}": LibRunner(0, ("cmd",), "string", None, _FAILPRINT)
        for m in ("", ".runners", "._internal.runners")
        for fn in ("run", "run_command")
    },
    "subprocess_tee.run": LibRunner(0, ("args",), "string", None, _TEE),
    "ansible_compat.runtime.Runtime.run": LibRunner(0, ("args",), "flag", "tee", _ANSIBLE_COMPAT),
    "delegator.run": LibRunner(0, ("command",), "unless", "block", _DELEGATOR),
    # a command object made here and run by its run()/popen(): a string command is a shell's
    **{
        f"subprocrunner{m}.SubprocessRunner": LibRunner(0, ("command",), "string", None, _SUBPROCRUNNER)
        for m in ("", "._subprocess_runner")
    },
    # async code (agent frameworks, MCP servers built on anyio): a string command is a shell command
    "anyio.run_process": LibRunner(0, ("command",), "string", None, _ANYIO),
    "anyio.open_process": LibRunner(0, ("command",), "string", None, _ANYIO),
    **{
        f"duty{m}.Context.run": LibRunner(0, ("cmd",), "string", None, _DUTY)
        for m in ("", ".context", "._internal.context")
    },
    # agent sandboxes: a command object a remote runtime executes (made here, run there)
    "swerex.runtime.abstract.Command": LibRunner(0, ("command",), "flag", "shell", _SWEREX),
    "swerex.runtime.abstract.BashAction": LibRunner(0, ("command",), "string", None, _SWEREX),
    # a command object whose Popen keywords include shell= (sarge.run and the capture
    # functions parse a string themselves: sinks.REMOTE_OR_SHELL_RUNNERS)
    "sarge.Command": LibRunner(0, ("args",), "flag", "shell", _SARGE),
    # build tools: an SCons action string is a command line run by ``sh -c`` at build time
    **{f"SCons.{m}.Builder": LibRunner(0, ("action",), "string", None, _SCONS, True) for m in ("Builder", "Script")},
    **{
        f"SCons.{m}.Action": LibRunner(0, ("act", "action"), "string", None, _SCONS, True) for m in ("Action", "Script")
    },
    # configuration management: an operation whose commands the target's shell runs
    "pyinfra.operations.server.shell": LibRunner(0, ("commands",), "items", None, _PYINFRA, remote=True),
    # build and platform libraries whose "run a command" helper forces or switches on a shell
    **{
        f"edk2toollib.utility_functions.{fn}": LibRunner(0, (kw,), "string", None, _EDK2, joined=(1, (pkw,)))
        for fn, kw, pkw in (("RunCmd", "cmd", "parameters"), ("RunPythonScript", "pythonfile", "params"))
    },
    **{f"oslo_concurrency.processutils.{fn}": LibRunner(0, (), "flag", "shell", _OSLO) for fn in ("execute", "trycmd")},
    "oslo_concurrency.processutils.ssh_execute": LibRunner(1, ("cmd",), "string", None, _OSLO, remote=True),
    **{f"ubelt{m}.cmd": LibRunner(0, ("command",), "flag", "shell", _UBELT) for m in ("", ".util_cmd")},
    # the adb server's client object: ``adbutils.adb.shell(serial, command)``
    "adbutils.adb.shell": LibRunner(1, ("command",), "string", None, _ADBUTILS, remote=True),
    # IPython's process utilities (the ``!cmd`` machinery's functions, imported by tools and kernels)
    **{
        f"IPython.utils.{m}.{fn}": LibRunner(0, ("cmd",), "string", None, _IPYTHON_PROCESS)
        for m in ("process", "_process_posix", "_process_common")
        for fn in ("getoutput", "system", "getoutputerror", "get_output_error_code")
    },
    # workflow operators: the task runs the operator's command line with bash -c (or remotely)
    **{
        f"airflow.{m}.{cls}": LibRunner(None, ("bash_command",), "string", None, _AIRFLOW_BASH)
        for m, cls in (
            ("providers.standard.operators.bash", "BashOperator"),
            ("operators.bash", "BashOperator"),
            ("operators.bash_operator", "BashOperator"),
            ("providers.standard.sensors.bash", "BashSensor"),
            ("sensors.bash", "BashSensor"),
        )
    },
    **{
        f"airflow.{m}.SSHOperator": LibRunner(None, ("command",), "string", None, _AIRFLOW_SSH, remote=True)
        for m in ("providers.ssh.operators.ssh", "contrib.operators.ssh_operator")
    },
    # data-pipeline tasks whose commands a bash script runs (Prefect, Dagster)
    **{
        f"prefect_shell{m}.ShellOperation": LibRunner(None, ("commands",), "items", None, _PREFECT_SHELL)
        for m in ("", ".commands")
    },
    **{
        f"prefect_shell{m}.shell_run_command": LibRunner(
            0, ("command",), "string", None, _PREFECT_SHELL, joined=(None, ("helper_command",))
        )
        for m in ("", ".commands")
    },
    **{
        name: LibRunner(0, ("shell_command",), "string", None, _DAGSTER_SHELL)
        for name in (
            "dagster_shell.execute_shell_command",
            "dagster_shell.utils.execute",
            "dagster_shell.create_shell_command_op",
            "dagster_shell.ops.create_shell_command_op",
        )
    },
    # a cloud node's ssh client (``client = SSHClient(host, ...); client.connect(); client.run(cmd)``)
    # and the deployment step whose script text the node runs (``deploy_node(deploy=ScriptDeployment(s))``)
    **{
        f"libcloud.compute.ssh.{cls}.run": LibRunner(0, ("cmd",), "string", None, _LIBCLOUD_SSH, remote=True)
        for cls in ("BaseSSHClient", "ParamikoSSHClient", "ShellOutSSHClient", "SSHClient")
    },
    "libcloud.compute.deployment.ScriptDeployment": LibRunner(
        0, ("script",), "string", None, _LIBCLOUD_SCRIPT, remote=True
    ),
    # task runners whose session runs an argv (a shell only when the argv starts one)
    **{
        f"nox.sessions.Session.{m}": LibRunner(0, (), "argv", None, _NOX)
        for m in ("run", "run_always", "run_install", "run_in_venv")
    },
}

#: methods of a library's objects that send a string command to a shell (a device's ``sh -c``
#: over adb), matched on the library's top module and the method's name: the objects come from
#: factories and clients (``d = u2.connect()``, ``adb.device(serial)``), so the resolved name
#: carries the chain (``uiautomator2.connect.shell``); on a receiver of no known type in a module
#: that imports the library too (``self._dev.shell2(cmd)``, a device handed in as a parameter)
LIB_OBJECT_RUNNERS: dict[str, dict[str, LibRunner]] = {
    "adbutils": {m: LibRunner(0, ("cmdargs",), "string", None, _ADBUTILS, remote=True) for m in ("shell", "shell2")},
    "uiautomator2": {"shell": LibRunner(0, ("cmdargs",), "string", None, _UIAUTOMATOR2, remote=True)},
    "ppadb": {"shell": LibRunner(0, ("cmd",), "string", None, _PPADB, remote=True)},
    # a connection from ``asyncssh.connect(...)`` (``async with ... as conn``); an untyped ``conn``
    # is duckcmd.py's (by its name): ``run`` is too common a method to stand for asyncssh alone
    "asyncssh": {
        m: LibRunner(0, ("command",), "string", None, _ASYNCSSH, remote=True) for m in ("run", "create_process")
    },
    # ``cron = CronTab(user=True); job = cron.new(command=cmd); job.set_command(cmd)``: a crontab
    # line cron runs with /bin/sh
    "crontab": {
        "new": LibRunner(0, ("command",), "string", None, _CRONTAB),
        "set_command": LibRunner(0, ("cmd",), "string", None, _CRONTAB),
    },
    # ``with SSHClientInteraction(client, timeout=10) as interact: interact.send(cmd)``
    "paramiko_expect": {
        "send": LibRunner(0, ("send_string",), "string", None, _PARAMIKO_EXPECT, remote=True, typed=True)
    },
    # ``tn = telnetlib.Telnet(host); tn.read_until(b"$ "); tn.write(cmd.encode() + b"\n")``
    "telnetlib": {"write": LibRunner(0, ("buffer",), "string", None, _TELNETLIB, remote=True, typed=True)},
    # ``with pysftp.Connection(host, ...) as sftp: sftp.execute(cmd)``
    "pysftp": {"execute": LibRunner(0, ("command",), "string", None, _PYSFTP, remote=True)},
    # ``Client(server, ...).execute_cmd(cmd)`` / ``execute_ps(script)``: a Windows host's shells
    "pypsrp": {
        "execute_cmd": LibRunner(0, ("command",), "string", None, _PYPSRP, remote=True),
        "execute_ps": LibRunner(0, ("script",), "string", None, _PYPSRP, remote=True),
        # ``ps = PowerShell(pool); ps.add_script(script); ps.invoke()``
        "add_script": LibRunner(0, ("script",), "string", None, _PYPSRP_PS, remote=True, traced=True),
    },
    # ``with StartShell(dev) as sh: sh.run(cmd)``: a Junos device's csh over ssh (``send`` types a line)
    "jnpr": {
        "run": LibRunner(0, ("command",), "string", None, _JUNOS_SHELL, remote=True),
        "send": LibRunner(0, ("data",), "string", None, _JUNOS_SHELL, remote=True, typed=True),
    },
    # ``juju = jubilant.Juju(model=...)`` (or a test's ``juju: jubilant.Juju`` fixture, ``with
    # jubilant.temp_model() as juju``): ``juju.exec(cmd, unit=...)``, ``juju.ssh(target, cmd)``; the
    # words after the command are joined onto it
    "jubilant": {
        "exec": LibRunner(0, ("command",), "string", None, _JUBILANT, joined=(1, ()), remote=True),
        "ssh": LibRunner(1, ("command",), "string", None, _JUBILANT, joined=(2, ()), remote=True),
    },
    # ``c = Client(server, ...); c.run_executable("cmd.exe", arguments=f"/c {cmd}")``: PsExec over SMB
    "pypsexec": {
        "run_executable": LibRunner(
            0, ("executable",), "string", None, _PYPSEXEC, joined=(1, ("arguments",)), remote=True, traced=True
        )
    },
}


#: the class named for a receiver of no known type in a module importing the library
LIB_OBJECT_CLASSES = {"adbutils": "adbutils.AdbDevice", "uiautomator2": "uiautomator2.Device", "ppadb": "ppadb.Device"}


def untyped_lib_object(attr: str, imported) -> str | None:
    """``adbutils.AdbDevice.shell2`` for ``self._dev.shell2`` in a module importing adbutils (the
    caller checks the receiver is of no known type), else None."""
    for lib, methods in LIB_OBJECT_RUNNERS.items():
        if attr in methods and lib in imported and lib in LIB_OBJECT_CLASSES:
            return f"{LIB_OBJECT_CLASSES[lib]}.{attr}"
    return None


#: the classes of :data:`LIB_RUNNERS`' methods (``libcloud.compute.ssh.SSHClient``)
_RUNNER_CLASSES = frozenset(k.rsplit(".", 1)[0] for k in LIB_RUNNERS)


def table_class(name: str) -> bool:
    """Is ``name`` (a parameter's annotation, resolved: ``jubilant.Juju``,
    ``libcloud.compute.ssh.BaseSSHClient``) a class whose methods the tables judge: one of a
    library of :data:`LIB_OBJECT_RUNNERS` (matched there by the method's name on any object of
    the library) or the class of an entry of :data:`LIB_RUNNERS`?"""
    return name.split(".", 1)[0] in LIB_OBJECT_RUNNERS or name in _RUNNER_CLASSES


#: parameter annotations that say the value is a sequence of words (an argv), not a command line
_LIST_ANNOTATIONS = frozenset({"list", "List", "tuple", "Tuple", "Sequence", "Iterable"})


def list_annotated(m: ModuleModel, e: ast.expr, scope: Scope) -> bool:
    """``e`` names a parameter annotated as a list (``def adb_shell(cmd: list)``,
    ``args: Sequence[str]``): a runner given it runs an argv (the libraries of the tables join a
    list with quoting, or run it without a shell)."""
    if not isinstance(e, ast.Name):
        return False
    _sc, bl = lookup(m, scope, e.id, (e.lineno, e.col_offset))
    if not bl or any(b.kind != "param" for b in bl):
        return False
    for b in bl:
        ann = getattr(b.node, "annotation", None)
        if isinstance(ann, ast.Subscript):
            ann = ann.value
        ident = ann.id if isinstance(ann, ast.Name) else ann.attr if isinstance(ann, ast.Attribute) else None
        if ident not in _LIST_ANNOTATIONS:
            return False
    return True


def argparse_list(m: ModuleModel, e: ast.expr) -> bool:
    """``args.words`` where the module declares ``add_argument("words", nargs="*")`` (``"+"``,
    ``argparse.REMAINDER``, a count above one): the parsed value is a list of words (Python
    library reference, argparse "nargs"), an argv for the runners of the tables."""
    if not (isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name)):
        return False
    for call, _sc in m.calls:
        f = call.func
        if not (isinstance(f, ast.Attribute) and f.attr == "add_argument"):
            continue
        kws = {k.arg: k.value for k in call.keywords if k.arg}
        dest = kws.get("dest")
        names = [dest] if dest is not None else call.args
        if not any(
            isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.lstrip("-").replace("-", "_") == e.attr
            for n in names
        ):
            continue
        nargs = kws.get("nargs")
        if isinstance(nargs, ast.Constant) and (
            nargs.value in ("*", "+") or (type(nargs.value) is int and nargs.value > 1)
        ):
            return True
        if isinstance(nargs, ast.Attribute) and nargs.attr == "REMAINDER":
            return True
    return False


def lib_object_runner(name: str) -> LibRunner | None:
    """The entry of :data:`LIB_OBJECT_RUNNERS` for ``name``, a method reached through an object
    of the library (``uiautomator2.connect.shell``), or for ``lib.<untyped>.method``."""
    top, _, rest = name.partition(".")
    methods = LIB_OBJECT_RUNNERS.get(top)
    if methods is None or "." not in rest:
        return None  # ``adbutils.shell``: a module function of that name is no device's method
    return methods.get(rest.rsplit(".", 1)[1])


#: ``Sink.how`` of a runner's string command: a caller's list there is an argv (only its
#: first item, the program, can come from data), as for ``Popen(cmd, shell=True)``
LIB_STRING_COMMAND = "a string command (a list is an argv)"
#: ``Sink.how`` of a command line sent through a session method of an untyped object
#: (duckcmd.py): a list there is an argv too (sinks.py ``_duck_session``)
DUCK_STRING_COMMAND = "a command line (a list is an argv)"
#: the sinks where a caller's list is an argv, not a shell command
LIST_IS_ARGV = frozenset({LIB_STRING_COMMAND, DUCK_STRING_COMMAND})

#: the top-level modules of :data:`LIB_RUNNERS` and :data:`TASK_DECORATORS` (a file that
#: imports none of them cannot call them: prefilter.py)
LIB_MODULES = (
    "failprint",
    "subprocess_tee",
    "ansible_compat",
    "delegator",
    "duty",
    "anyio",
    "trio",
    "swerex",
    "nox",
    "pyinfra",
    "edk2toollib",
    "oslo_concurrency",
    "ubelt",
    "subprocrunner",
    "prefect_shell",
    "dagster_shell",
    "libcloud",
    *LIB_OBJECT_RUNNERS,
)

#: the top-level modules the library tables judge (a call of one is theirs, found or not:
#: anyflag.py does not second-guess ``ubelt.cmd(["ln", "-s", a, b], shell=True)``, which
#: ubelt quotes before its shell)
TABLE_MODULES = frozenset(LIB_MODULES) | frozenset(k.split(".", 1)[0] for k in LIB_RUNNERS)

#: the SCons entry points (prefilter.py looks for a call of one with formatted text: an
#: import of SCons alone would make every module of SCons itself a candidate, +12 % CPU on
#: the held-out scons tree)
SCONS_CALLS = ("Builder(", "Action(")

#: Verified but not modelled: executor 23.2 ``execute(*command)`` (see _EXECUTOR: one string
#: runs with ``DEFAULT_SHELL -c``).  Its users build command lines with values quoted by
#: helpers the per-file evaluator cannot follow (a ``@property`` returning ``quote(argv)``,
#: an attribute of another module's object): on the development splits the model gave 5
#: false alarms and no true finding (deb-pkg-tools; session 39), so it stays out until the
#: evaluator follows such properties.  Its ``quote`` is a quoting function (evaluate.py).
UNMODELLED = {"executor.execute": _EXECUTOR}

#: method names of :data:`LIB_RUNNERS` that are not in the detector's own list of
#: interesting attributes: checked only in a module that imports the library
LIB_ATTRS: dict[str, frozenset[str]] = {
    "anyio": frozenset({"run_process", "open_process"}),
    "trio": frozenset({"run_process", "open_process"}),  # sinks.SUBPROCESS (shell= as subprocess)
    "swerex": frozenset({"Command", "BashAction"}),
    "nox": frozenset({"run_always", "run_install", "run_in_venv"}),
    "pyinfra": frozenset({"shell"}),
    "sarge": frozenset({"Command"}),
    "SCons": frozenset({"Builder", "Action"}),
    "edk2toollib": frozenset({"RunCmd", "RunPythonScript"}),
    "oslo_concurrency": frozenset({"execute", "trycmd", "ssh_execute"}),
    "subprocrunner": frozenset({"SubprocessRunner"}),
    "libcloud": frozenset({"run", "ScriptDeployment"}),
    **{lib: frozenset(ms) for lib, ms in LIB_OBJECT_RUNNERS.items()},
}

#: decorator of a task function -> the class of its first parameter (the context)
TASK_DECORATORS: dict[str, str] = {
    # invoke 2.x docs "invoke.tasks.task": the first argument is a Context
    "invoke.task": "invoke.Context",
    "invoke.tasks.task": "invoke.Context",
    "fabric.task": "invoke.Context",
    "fabric.tasks.task": "invoke.Context",
    # duty 1.x docs "Usage": ``@duty def docs(ctx): ctx.run(...)``, ctx a duty.context.Context
    "duty.duty": "duty.context.Context",
    "duty.decorator.duty": "duty.context.Context",
    "duty._internal.decorator.duty": "duty.context.Context",
    # nox docs "Tutorial": ``@nox.session def tests(session)``, session a nox.sessions.Session
    "nox.session": "nox.sessions.Session",
    "nox.registry.session_decorator": "nox.sessions.Session",
}


#: methods whose result is text built from text (``"... {0}".format(x)``, ``" ".join(words)``)
_TEXT_METHODS = frozenset({"format", "join", "replace", "strip", "lower", "upper"})


def written_text(e: ast.expr, scope: Scope, model: ModuleModel, depth: int = 0) -> bool:
    """Is ``e`` written as text: a string literal or f-string, a ``+``/``%`` with a string
    literal, a ``.format``/``.join`` of one, or a name every binding of which is such an
    expression?  (An SCons action may also be a Python function or an ``Action`` object:
    those are not command lines.)"""
    if isinstance(e, ast.Constant):
        return isinstance(e.value, str)
    if isinstance(e, ast.JoinedStr):
        return True
    if isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Add, ast.Mod)):
        return written_text(e.left, scope, model, depth + 1) or (
            isinstance(e.op, ast.Add) and written_text(e.right, scope, model, depth + 1)
        )
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr in _TEXT_METHODS:
        return written_text(e.func.value, scope, model, depth + 1)
    if isinstance(e, ast.Name) and depth < 3:
        _s, bl = lookup(model, scope, e.id, (e.lineno, e.col_offset))
        return bool(bl) and all(
            b.kind == "assign" and b.value is not None and written_text(b.value, b.scope, model, depth + 1) for b in bl
        )
    return False


#: the text before a value that puts it inside an SCons variable name (``$``, ``${``, ``$SH``)
_VAR_HEAD = compile_pattern(r"\$\{?\w*$")


def names_only(e: ast.expr) -> bool:
    """An f-string every value of which sits inside a ``$NAME``/``${NAME}`` reference: it
    names SCons construction variables (``f"${dialect}COM"``, ``f"$SH{dialect}COM"``), which SCons substitutes itself at build
    time (scons(1) "Variable Substitution": "$VAR or ${VAR}"); the value is not command text."""
    if not isinstance(e, ast.JoinedStr):
        return False
    prev = ""
    seen = False
    for v in e.values:
        if isinstance(v, ast.FormattedValue):
            if _VAR_HEAD.search(prev) is None:
                return False
            seen = True
            prev = ""
        elif isinstance(v, ast.Constant) and isinstance(v.value, str):
            prev = v.value
    return seen
