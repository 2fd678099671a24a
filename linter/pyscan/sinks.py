"""Where Python code starts a shell (or an interpreter with code).

:func:`detect_sinks` walks every call of the module once, resolves its callee
with the evaluator and matches it against the tables below.  Each match is a
:class:`Sink`: a fact of kind :class:`~.facts.SinkKind` with the exact span
of the callee, the evidence of the command (constant / built from parameters
/ ...) and how the shell was reached (``shell=True`` from a variable, a
splat, a wrapper's default, a partial...).  Which rule reports a kind, and
its message, severity, confidence and the bandit / ruff ids a ``# nosec`` /
``# noqa`` comment may name, belong to the rules (``rules/_python.py``).
"""

from __future__ import annotations

import ast
import functools
import re
import shlex

from ..core.fieldwise import record, record_eq, record_repr
from ..core.lazyre import compile_pattern
from ..run.budget import check
from ..template.programs import CONTAINER_EXEC, WRAPPER_PROGRAMS, lookup as program_lookup
from .adbshell import names_a_request, service_command
from .anyargv import (
    MODELLED,
    NOT_RUNNING,
    bound_shell_argv,
    callee_name,
    code_item,
    has_code_flag,
    unknown_callee,
    unknown_referents,
)
from .anyflag import (
    ANY_FLAG,
    RUNNER_NAMES,
    command_argument,
    flag_keyword,
    is_test_double,
    literal_flag,
    local_callable,
    private_params_only,
    windows_named,
)
from .astwalk import last_ident, walk
from .cmtasks import SALT_SHELL_FUNCS, SSM_SHELL_DOCUMENTS, could_hold_tasks, task_commands
from .coderun import (
    CELL_RUNNER_LIBS,
    CODE_RUNNERS,
    FILE_RUNNERS,
    INHERITED_ATTRS,
    LIBRARY_CODE_METHODS,
    RUNNER_ATTRS,
    inherited_runner,
    library_code_method,
    self_instance,
    untyped_library_method,
)
from .containerargv import (
    COMMAND_SETTERS,
    SPLIT_COMMANDS,
    container_argv,
    could_hold as could_hold_container,
    could_split,
    split_command_argv,
)
from .duckcmd import SESSION_METHODS, SHELL_METHODS, duck_session_call, receiver_typed
from .duckcode import CODE_METHODS, DUCK_CODE_WEAK, NAMED as CODE_NAMED, duck_code_text
from .evaluate import (
    DERIVED,
    QUOTED,
    QUOTED_IN_QUOTES,
    RAW,
    SH_NOT_PROGRAMS,
    UNKNOWN,
    Evaluator,
    Provenance,
    Referent,
    const,
    union,
)
from .facts import CODE_KINDS, SHELL_KINDS, SinkKind
from .libmodels import CHANNEL_METHODS, channel_runner, decorated_runner, duck_connection_runner
from .libsumm import GEN_MODULES, gen_attrs, generated_runner, inherited_generated
from .loginshell import LOGIN_SHELL
from .named import argv_with_named_head, named_program, shell_by_option, with_named_head
from .runnerlibs import (
    DUCK_STRING_COMMAND,
    LIB_ATTRS,
    LIB_RUNNERS,
    LIB_STRING_COMMAND,
    TABLE_MODULES,
    LibRunner,
    argparse_list,
    lib_object_runner,
    list_annotated,
    names_only,
    untyped_lib_object,
    written_text,
)
from .scopes import ModuleModel, Scope, lookup
from .scriptlater import class_writes, file_alias, helper_writes, print_writes
from .shellchan import CHANNEL_WRITES
from .stdinscript import stdin_program
from .windows import windows_only_flag
from .winexec import WIN_EXEC_ATTRS, WIN_EXEC_FUNCS, WIN_PROCESS_CREATE, win_process_receiver

_LEVELS = {"low": 0, "medium": 1, "high": 2}


def list_display(e: ast.expr) -> bool:
    """``[...]``, ``(...)``, ``list(x)`` or a ``+`` of lists with one of them written out
    (``["git"] + list(args)``)."""
    if isinstance(e, (ast.List, ast.Tuple)):
        return True
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id in ("list", "tuple") and e.args:
        return True  # list(args): a list whatever args was
    return isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add) and (list_display(e.left) or list_display(e.right))


def list_value(m, e: ast.expr, scope, hops: int) -> bool:
    """``e`` is a list whatever its items: a :func:`list_display`, or (up to ``hops`` names
    deep) a name every assignment of which in ``scope``'s reach is one."""
    if list_display(e):
        return True
    if isinstance(e, ast.IfExp):  # ``list(args) if args else ["virtualenv"]``: a list either way
        return list_value(m, e.body, scope, hops) and list_value(m, e.orelse, scope, hops)
    if isinstance(e, ast.Name) and hops > 0:
        from .scopes import lookup

        _sc, bl = lookup(m, scope, e.id, (e.lineno, e.col_offset))
        return bool(bl) and all(
            b.kind == "assign"
            and not b.index
            and isinstance(b.value, ast.expr)
            and list_value(m, b.value, scope, hops - 1)
            for b in bl
        )
    return False


__all__ = ["Sink", "SinkKind", "SHELL_KINDS", "CODE_KINDS", "detect_sinks", "shell_in_argv"]

# ----------------------------------------------------------------------------
# Tables
# ----------------------------------------------------------------------------

SHELL_STRING = {  # qualname -> (positional index of the command, keyword names)
    "os.system": (0, ("command",)),
    "os.popen": (0, ("cmd",)),
    "posix.system": (0, ("command",)),
    "nt.system": (0, ("command",)),
    "os.popen2": (0, ("cmd",)),
    "os.popen3": (0, ("cmd",)),
    "os.popen4": (0, ("cmd",)),
    "popen2.popen2": (0, ("cmd",)),
    "popen2.popen3": (0, ("cmd",)),
    "popen2.popen4": (0, ("cmd",)),
    "popen2.Popen3": (0, ("cmd",)),
    "popen2.Popen4": (0, ("cmd",)),
    "commands.getoutput": (0, ("cmd",)),
    "commands.getstatusoutput": (0, ("cmd",)),
    "subprocess.getoutput": (0, ("cmd",)),
    "subprocess.getstatusoutput": (0, ("cmd",)),
    "platform.popen": (0, ("cmd",)),
    "ctypes.CDLL.system": (0, ()),
}
SUBPROCESS = {
    "subprocess.Popen",
    "subprocess.run",
    "subprocess.call",
    "subprocess.check_call",
    "subprocess.check_output",
    # runners with subprocess.Popen's own command and ``shell=`` (runnerlibs.py has those that
    # default to a shell): psutil docs "psutil.Popen: Same as subprocess.Popen"; trio
    # src/trio/_subprocess.py ``run_process(command, ..., **options)`` / ``lowlevel.open_process``
    # hand ``command`` and ``**options`` (``shell=True`` included) to ``subprocess.Popen``
    "psutil.Popen",
    "trio.run_process",
    "trio.lowlevel.open_process",
    # tornado docs "tornado.process.Subprocess(*args, **kwargs)": "Wraps subprocess.Popen with
    # IOStream support. The constructor is the same as subprocess.Popen" (tornado 6.x)
    "tornado.process.Subprocess",
}
ASYNC_SHELL = {"asyncio.create_subprocess_shell": 0, "asyncio.subprocess.create_subprocess_shell": 0}
# name -> layout of the argv: (kind, index of program, index of args)
EXEC_ARGV = {
    "asyncio.create_subprocess_exec": ("star", 0),
    "asyncio.subprocess.create_subprocess_exec": ("star", 0),
    "os.execl": ("l", 0),
    "os.execle": ("le", 0),
    "os.execlp": ("l", 0),
    "os.execlpe": ("le", 0),
    "os.execv": ("v", 0),
    "os.execve": ("v", 0),
    "os.execvp": ("v", 0),
    "os.execvpe": ("v", 0),
    "os.spawnl": ("l", 1),
    "os.spawnle": ("le", 1),
    "os.spawnlp": ("l", 1),
    "os.spawnlpe": ("le", 1),
    "os.spawnv": ("v", 1),
    "os.spawnve": ("v", 1),
    "os.spawnvp": ("v", 1),
    "os.spawnvpe": ("v", 1),
    "os.posix_spawn": ("v", 0),
    "os.posix_spawnp": ("v", 0),
    "posix.posix_spawn": ("v", 0),
    "pty.spawn": ("list", 0),
    # ptyprocess 0.7 docs "PtyProcess.spawn(argv, cwd=None, env=None, echo=True, ...)": "Start the
    # given command in a child process in a pseudo terminal" (argv[0] looked up on PATH, no
    # shell); PtyProcessUnicode the same on str (terminals of web IDEs and agents use it)
    **{
        f"ptyprocess{m}.{c}.spawn": ("list", 0)
        for m in ("", ".ptyprocess")
        for c in ("PtyProcess", "PtyProcessUnicode")
    },
    # Twisted: IReactorProcess.spawnProcess(processProtocol, executable, args, env, path, ...)
    # runs ``args`` as the argv of ``executable`` (no shell; Twisted API docs)
    "twisted.internet.reactor.spawnProcess": ("v", 1),
}
PEXPECT = {
    "pexpect.spawn",
    "pexpect.spawnu",
    "pexpect.run",
    "pexpect.runu",
    "pexpect.pty_spawn.spawn",
    "pexpect.popen_spawn.PopenSpawn",
    "pexpect.PopenSpawn",
    # Pexpect-U / pexpect 3.x: ``spawnb`` is ``spawn`` on bytes, the same (command, args)
    # signature (pexpect 3.0 changelog: "spawnb ... for bytes"; IPython probes for it)
    "pexpect.spawnb",
}
# Text typed into a program pexpect started (``child.sendline(text)``): input, not
# argv.  It is shell code when that program is a shell: pxssh always logs into
# the remote user's shell (pexpect 4.9 pxssh.py: "sendline() a command to the
# remote shell"); a spawn whose program is a constant shell (``spawn("bash")``);
# or text whose literal start is a word only a shell understands (a builtin
# that changes the shell itself: ``source``, ``.``, ``export``, ``cd``...;
# bash(1), SHELL BUILTIN COMMANDS).
PEXPECT_INPUT_CLASSES = PEXPECT | {"pexpect.pxssh.pxssh"}
#: a ptyprocess child: ``proc = PtyProcessUnicode.spawn(["bash"]); proc.write(cmd + "\n")`` types into
#: the program on the pty (ptyprocess docs: ``write(s)`` "Write bytes/str to the pseudoterminal")
PTY_SPAWNS = frozenset(n for n, lay in EXEC_ARGV.items() if n.startswith("ptyprocess."))
PEXPECT_REMOTE_SHELL = {"pexpect.pxssh.pxssh"}
SHELL_ONLY_WORDS = {"source", ".", "export", "cd", "eval", "exec", "alias", "unset", "set", "ulimit", "umask"}
REMOTE_OR_SHELL_RUNNERS = {  # run a shell command string
    "invoke.run": "invoke",
    "invoke.sudo": "invoke",
    "invoke.Context.run": "invoke",
    "invoke.Context.sudo": "invoke",
    "fabric.Connection.run": "fabric",
    "fabric.Connection.sudo": "fabric",
    "fabric.Connection.local": "fabric",
    "fabric.api.run": "fabric",
    "fabric.api.sudo": "fabric",
    "fabric.api.local": "fabric",
    "fabric.operations.run": "fabric",
    "fabric.operations.sudo": "fabric",
    "fabric.operations.local": "fabric",
    "paramiko.SSHClient.exec_command": "paramiko",
    "paramiko.Channel.exec_command": "paramiko",
    "paramiko.channel.Channel.exec_command": "paramiko",
    "paramiko.client.SSHClient.exec_command": "paramiko",
    # sarge 0.1.8 (sarge/__init__.py ``run``, ``capture_*``, ``get_*``, ``Pipeline``): a command
    # string is parsed by sarge's own shell-syntax parser (``;``, ``&&``, ``||``, ``|``, ``&``,
    # redirections: ``CommandLineParser``), each command then run as an argv; values formatted
    # in without ``shell_format``/``shell_quote`` add commands (proven by running sarge)
    "sarge.run": "sarge",
    "sarge.capture_stdout": "sarge",
    "sarge.capture_stderr": "sarge",
    "sarge.capture_both": "sarge",
    "sarge.get_stdout": "sarge",
    "sarge.get_stderr": "sarge",
    "sarge.get_both": "sarge",
    "sarge.Pipeline": "sarge",
    # parallel-ssh 2.x ``ParallelSSHClient.run_command(command, ...)`` / ``SSHClient.run_command``
    # (docs "pssh.clients"): the command line runs in each remote user's login shell (libssh2
    # ``channel.execute``), sudo/user/shell= only wrap it
    "pssh.ParallelSSHClient.run_command": "pssh",
    "pssh.SSHClient.run_command": "pssh",
    # pywinrm 0.5 (winrm/__init__.py, winrm/protocol.py): ``Session.run_cmd(command, args)``
    # and ``Protocol.run_command(shell_id, command, arguments)`` send the command and its
    # arguments joined with spaces to the remote cmd shell (``WINRS_SKIP_CMD_SHELL`` is
    # FALSE: MS-WSMV "Command": the command line runs under cmd.exe); ``Session.run_ps(script)``
    # runs the script as PowerShell code (``powershell -encodedcommand``: base64 is encoding)
    "winrm.Session.run_cmd": "winrm",
    "winrm.Session.run_ps": "winrm-ps",
    "winrm.Protocol.run_command": "winrm-protocol",
}
#: where a runner of REMOTE_OR_SHELL_RUNNERS takes its command (position, keywords) and the
#: arguments it joins onto it (position, keywords), where not the first argument alone
RUNNER_COMMAND_AT = {
    "winrm": ((0, ("command",)), (1, ("args",))),
    "winrm-ps": ((0, ("script",)), None),
    "winrm-protocol": ((1, ("command",)), (2, ("arguments",))),
}
#: the keyword a runner of REMOTE_OR_SHELL_RUNNERS takes its command by, where not ``command``
RUNNER_COMMAND_KEYWORDS = {"sarge": ("cmd", "source")}
# Frameworks that run what a function YIELDS through a shell: the decorator
# (qualname) -> the framework.  pyinfra: an ``@operation`` function is a
# generator whose yielded strings (or ``StringCommand``s) are the shell
# commands the connector runs on the target host (pyinfra 3.x documentation,
# "Writing operations"; pyinfra/api/operation.py, connectors/ssh.py run each
# command with ``sh -c``).  A generator the operation delegates to with
# ``yield from helper(...)`` yields to the same framework.
SHELL_YIELD_DECORATORS = {
    "pyinfra.api.operation": "pyinfra",
    "pyinfra.api.operation.operation": "pyinfra",
}
# Loader dictionaries of callables (salt): ``__salt__["cmd.run"](cmd, python_shell=True)``.
# key -> (positional index of the command, keyword names, the flag that makes it a
# shell or None when it always is).  Source: salt/modules/cmdmod.py (3006-3008):
# ``run``/``run_stdout``/``run_stderr``/``run_all``/``retcode``/``run_bg``/``run_chroot``
# split the string with shlex unless ``python_shell`` is true (cross-module calls
# have no job id, so their default is False); ``cmd.shell`` always passes
# ``python_shell=True``; ``cmd.script`` runs a script file downloaded from ``source``
# (not a command string: not modelled).
LOADER_DICTS = {"__salt__"}
LOADER_SHELL = {
    "cmd.run": (0, ("cmd",), "python_shell"),
    "cmd.run_stdout": (0, ("cmd",), "python_shell"),
    "cmd.run_stderr": (0, ("cmd",), "python_shell"),
    "cmd.run_all": (0, ("cmd",), "python_shell"),
    "cmd.retcode": (0, ("cmd",), "python_shell"),
    "cmd.run_bg": (0, ("cmd",), "python_shell"),
    "cmd.run_chroot": (1, ("cmd",), "python_shell"),
    "cmd.shell": (0, ("cmd",), None),
}
EVAL = {"builtins.eval": "eval", "builtins.exec": "exec"}
# run a function in another thread/process: (qualname or method name) -> index of the function argument
# atexit.register(f, *args, **kwargs) runs f(*args, **kwargs) at exit (deferred call)
PARTIAL_FUNCS = {"functools.partial"}
# ``Sink.how`` of a shell argv handed to a callee no table models (anyargv.py): the callee may
# be a function of another module of the tree, so the project summaries do not read it
ANY_CALLEE = "a shell argv handed to a callee no table models"
EXECUTOR_FUNCS = {"asyncio.to_thread": 0, "asyncio.threads.to_thread": 0, "atexit.register": 0}
EXECUTOR_ATTRS = {
    "run_in_executor": 1,
    "submit": 0,
    "to_thread": 0,
    "apply_async": 0,
    "map": 0,
    "imap": 0,
    "imap_unordered": 0,
}  # map: f gets each item of the iterable (evidence of the iterable)

INTERESTING_ATTRS = {
    "Subprocess",  # tornado.process.Subprocess(cmd, shell=True): subprocess.Popen's constructor
    "cmd",  # libtmux's Server/Session/Window/Pane.cmd("split-window", ...): a tmux command line
    "__init__",  # super().__init__(args, shell=...) of a subprocess.Popen subclass
    "spawnProcess",  # twisted's reactor
    "partial",  # functools.partial(eval, code): code evaluated when the partial is called
    "sendline",  # text typed into a shell pexpect started (PEXPECT_INPUT_CLASSES)
    "system",
    "popen",
    "popen2",
    "popen3",
    "popen4",
    "Popen",
    "Popen3",
    "Popen4",
    "run",
    "call",
    "check_call",
    "check_output",
    "getoutput",
    "getstatusoutput",
    "create_subprocess_shell",
    "create_subprocess_exec",
    "subprocess_shell",
    "subprocess_exec",
    "execl",
    "execle",
    "execlp",
    "execlpe",
    "execv",
    "execve",
    "execvp",
    "execvpe",
    "spawnl",
    "spawnle",
    "spawnlp",
    "spawnlpe",
    "spawnv",
    "spawnve",
    "spawnvp",
    "spawnvpe",
    "posix_spawn",
    "posix_spawnp",
    "spawn",
    "spawnu",
    "spawnb",  # pexpect 3.x (Pexpect-U) spawn on bytes
    "runu",
    "PopenSpawn",
    "sudo",
    "local",
    "exec_command",
    "eval",
    "exec",
    "run_fg",
    "run_bg",
    "run_tee",
    "run_nohup",
    "to_thread",
    "run_in_executor",
    "submit",
    "apply_async",
    "map",
    "imap",
    "imap_unordered",
    "register",
}

# libtmux's public methods that hand a string to tmux as a shell-command (tmux runs a
# single shell-command argument with the default shell: tmux(1) new-window, split-window,
# respawn-pane, new-session, if-shell; checked with tmux 3.3a and a canary) or type it
# into the pane (send-keys, then Enter): method -> (positional index or None, keywords).
# libtmux 0.62 API (Pane.send_keys(cmd), Pane.split(shell=), Pane.new_pane(shell=),
# Pane.respawn(shell=), Window.split(shell=), Session.new_window(window_shell=),
# Server.new_session(window_command=), Server.if_shell(shell_command), and the older
# split_window(shell=)); only in a file that imports libtmux.
LIBTMUX_SHELL_METHODS = {
    "send_keys": (0, ("cmd",)),
    "split": (None, ("shell",)),
    "split_window": (None, ("shell",)),
    "new_pane": (None, ("shell",)),
    "respawn": (None, ("shell",)),
    "new_window": (None, ("window_shell",)),
    "new_session": (None, ("window_command",)),
    "if_shell": (0, ("shell_command",)),
}
INTERESTING_ATTRS |= set(LIBTMUX_SHELL_METHODS)
INTERESTING_ATTRS |= RUNNER_ATTRS | INHERITED_ATTRS
#: methods of libraries checked only in a file that imports the library (``run_command`` is a common name)
LIBRARY_ATTRS = {
    lib: frozenset(n.rsplit(".", 1)[1] for n, lb in REMOTE_OR_SHELL_RUNNERS.items() if lb == lib)
    for lib in ("sarge", "pssh")
}
# methods that run code on objects of a library (coderun.LIBRARY_CODE_METHODS): looked at
# only in a module that imports the library (``cursor.execute`` elsewhere is not one)
LIBRARY_ATTRS.update({lib: frozenset(ms) for lib, ms in LIBRARY_CODE_METHODS.items()})
LIBRARY_ATTRS["ptyprocess"] = frozenset({"write"})  # a pty child's input (PTY_SPAWNS)
LIBRARY_ATTRS["impacket"] = WIN_EXEC_ATTRS  # Windows remote execution over DCE/RPC (winexec.py)
LIBRARY_ATTRS["winrm"] = frozenset(
    n.rsplit(".", 1)[1] for n, lb in REMOTE_OR_SHELL_RUNNERS.items() if lb.startswith("winrm")
)
# tmux sub-commands (full names only: the short aliases ``run``, ``new``, ``if`` are too
# common as method arguments) whose operand is a shell command or typed keys, with the
# short options that take a value: read from the program table (linter/template/programs.py)
_TMUX = program_lookup("tmux")
_TMUX_SUBS = {n: o for n, o in _TMUX.options.subcommands if "-" in n} if _TMUX is not None else {}
_TMUX_GLOBAL_VALUES = _TMUX.options.short_values if _TMUX is not None else ""

SH_FAMILY = {
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "mksh",
    "ash",
    "fish",
    "csh",
    "tcsh",
    "yash",
    "rbash",
    LOGIN_SHELL.lower(),
}
# the wrappers an argv may start with before the program it runs (``sudo -u u bash -c CMD``,
# ``timeout 10 sh -c CMD``): the program table's wrapper entries (programs.WRAPPER_PROGRAMS:
# each entry's options taking a value, operands before the command and NAME=VALUE words,
# with their sources), the one place for that knowledge.  Entries with a grammar of their
# own (flock, watch: their command is an option's value or joined for sh -c) and the shell
# keywords of ``builtin``'s entry are read by the table path (:mod:`.argvtable`) instead;
# chroot by the container-exec reading (programs.CONTAINER_EXEC: ``chroot … sh``).
WRAPPER_ENTRIES = {
    n: p.wrapper
    for p in WRAPPER_PROGRAMS
    if p.wrapper is not None and p.wrapper.grammar in ("", "nice", "next") and not (p.builtin and p.wrapper.grammar)
    for n in p.names
    if n not in CONTAINER_EXEC
}
WRAPPERS = frozenset(WRAPPER_ENTRIES)
WRAPPER_ARG_OPTS = {n: frozenset(f"-{c}" for c in w.short_values) | w.long_values for n, w in WRAPPER_ENTRIES.items()}
PY_RE = compile_pattern(r"^(?:python(?:\d+(?:\.\d+)*)?[mwt]?|pypy\d*(?:\.\d+)?)$")
SSH_ARG_OPTS = set("bcDEeFIiJLlmOopQRSWw")


def _first_item_of(prog, argv) -> bool:
    """``prog`` is ``argv[0]`` (the same name or attribute chain as ``argv``)."""
    if not (isinstance(prog, ast.Subscript) and isinstance(prog.slice, ast.Constant) and prog.slice.value == 0):
        return False
    a, b = prog.value, argv
    while isinstance(a, ast.Attribute) and isinstance(b, ast.Attribute) and a.attr == b.attr:
        a, b = a.value, b.value
    return isinstance(a, ast.Name) and isinstance(b, ast.Name) and a.id == b.id


def prog_name(value: str) -> str:
    v = value.strip().replace("\\", "/").rsplit("/", 1)[-1].lower()
    return v[:-4] if v.endswith(".exe") else v


def _cv(ev) -> str | None:
    """The constant text of an argv item; a ``bytes`` item (``[b"/bin/sh", b"-c", cmd]``:
    POSIX exec takes bytes as well) decoded."""
    if ev is None or not ev.const:
        return None
    if isinstance(ev.value, bytes):
        return ev.value.decode("utf-8", "replace")
    return ev.value if isinstance(ev.value, str) else None


def shell_in_argv(alt: list, pres: list | None = None) -> tuple[str, Provenance] | None:
    """(label, evidence of the code) when ``alt`` starts a shell/interpreter with code:
    the argv grammars below, then the shell engine's program table (:mod:`.argvtable`:
    ``su -c``, ``chroot``/``nsenter``/``systemd-run`` before ``sh -c``, ``watch``,
    ``adb shell``, ``i3-msg``/``swaymsg`` commands ...)."""
    hit = _shell_in_argv(alt)
    if hit is not None and not (hit[1].const and pres is not None and _cv(alt[0]) in ("ssh", "autossh")):
        return hit
    from .operandcode import operand_code

    if hit is not None:
        # ssh's grammar reads constant words (its remote command here is constant);
        # ``-o "ProxyCommand=" + cmd`` is code by its static beginning: the program
        # table's ssh -o forms (programs.py _SSH_O)
        return operand_code(alt, pres) or hit
    from .argvtable import table_shell_code

    hit = table_shell_code(alt)
    if hit is not None:
        return hit
    # an operand or option argument the program runs in its own language (sqlite3 SQL,
    # psql -c): the program table's code places, after each item's static beginning
    v0 = _cv(alt[0]) if alt else None
    p0 = prog_name(v0) if v0 is not None else ""
    if p0 in ("ssh", "autossh") and pres is not None:
        return operand_code(alt, pres)  # ``-o "ProxyCommand=" + cmd`` (see above)
    if (
        not p0
        or p0 in _GRAMMAR_PROGRAMS
        or p0 in interpreter_code_flags()
        or p0 in SH_FAMILY
        or p0 in WRAPPERS
        or PY_RE.match(p0)
    ):
        return None  # read by the grammars above (tmux runs several operands as an argv)
    return operand_code(alt, pres)


# the programs :func:`_shell_in_argv` reads with a grammar of its own: the program
# table's operand code is not asked again for them (the table's interpreters are added
# where it is asked: :func:`interpreter_code_flags`)
_GRAMMAR_PROGRAMS = frozenset(
    {"cmd", "powershell", "pwsh", "powershell_ise", "tmux", "ssh", "plink", "dbclient", "node", "nodejs", "deno"}
    | {"perl", "ruby", "php", "osascript", "lua", "Rscript", "rscript"}
)


def interpreter_code_flags() -> dict:
    """:func:`_code_flags` of the program table as it is now (entries can be registered)."""
    from ..template.programs import version

    return _code_flags(version())[0]


def interpreter_value_options() -> dict:
    """program name -> its options that take the next word as their value (the table's
    ``value_short``/``value_long``; ``-l FILE`` is not the program text)."""
    from ..template.programs import version

    return _code_flags(version())[1]


@functools.cache
def _code_flags(_version: int) -> tuple:
    """program name -> the options whose next word is program text, for every interpreter
    of the shell engine's program table (linter/template/programs.py, family
    "interpreter": ``code_short`` letters and ``code_long`` names, each entry with its
    source) but Python (its own grammar above); the one place for that knowledge, so an
    interpreter added to the table (julia, expect, luajit, R ...) is known here too.
    ``None``: perl's grammar (any cluster ending in ``e``/``E``).  ``deno eval CODE``:
    the entry's ``code_subcommand``."""
    from ..template.programs import BY_NAME

    out: dict = {}
    takes: dict = {}
    for p in set(BY_NAME.values()):
        if p.name.startswith("python") or (p.family != "interpreter" and not p.code_subcommand):
            continue
        fl: tuple = ()
        if p.family == "interpreter":
            fl = tuple(f"-{c}" for c in p.code_short) + tuple(sorted(p.code_long))
        if p.code_subcommand:
            fl += (p.code_subcommand,)
        if not fl:
            continue
        vals = frozenset(f"-{c}" for c in p.value_short) | frozenset(
            w if w.startswith("-") else f"--{w}" for w in p.value_long.split()
        )
        for n in p.names:
            for k in (n, n.lower()):
                out.setdefault(k, fl)
                takes.setdefault(k, vals)
    out["perl"] = None
    return out, takes


def after_wrappers(alt: list) -> int | None:
    """The index of the program ``alt`` runs after its leading wrappers (``sudo -u u``,
    ``timeout 10``, ``chroot DIR``, ``env A=1``: :data:`WRAPPER_ENTRIES`, the program
    table's grammar of each); the index of the first word not known statically when that
    is the program; None when such a word stands among a wrapper's own words."""
    i = 0
    n = len(alt)
    while i < n:
        v = _cv(alt[i])
        if v is None:
            return i
        name = prog_name(v)
        if name not in WRAPPERS:
            break
        i += 1
        entry = WRAPPER_ENTRIES[name]
        argopts = WRAPPER_ARG_OPTS[name]
        while i < n:
            w = _cv(alt[i])
            if w is None:
                return None
            if w.startswith("-"):
                i += 2 if w in argopts else 1
                continue
            if entry.assignments and "=" in w:
                i += 1  # env/sudo NAME=VALUE before the command
                continue
            i += entry.operands_before  # timeout DURATION, chroot NEWROOT, taskset MASK
            break
    return i


def _shell_in_argv(alt: list) -> tuple[str, Provenance] | None:
    n = len(alt)
    i = after_wrappers(alt)
    if i is None:
        return None
    if i < n and _cv(alt[i]) is None:
        # a program not known statically (``[*container_cmd, "sh", "-c", cmd]``,
        # ``partial(call, *arch_prefix, "/bin/sh", "-c")``): a shell with -c after it
        return _shell_after(alt, i + 1, "")
    if i >= n:
        return None
    prog = prog_name(_cv(alt[i]) or "")
    rest = alt[i + 1 :]
    if prog in SH_FAMILY:
        # the shell engine's grammar of the table's shell entry (``-c`` is a flag: the code is
        # the first operand after the options, ``sh -c -e CMD``, ``bash -o pipefail -c CMD``)
        k = _shell_code_at(alt, i)
        if k is None:
            return None
        shown = "the login shell ($SHELL)" if prog == LOGIN_SHELL.lower() else prog
        code = _code(alt[k : k + 1])
        evald = _evaluated_positionals(_cv(code))
        if evald:
            # a constant script that evaluates its arguments as code (``eval "$1"``,
            # ``sh -c "$1"``): the argument items after ``$0`` are the code
            after = alt[k + 2 :]
            nums = sorted(m for m in evald if m != "@")
            items = after if "@" in evald else [after[m - 1] for m in nums if m - 1 < len(after)]
            if items:
                got = _code(items, join=True)
                if not got.const:
                    return f"{shown} -c (a script that evaluates its arguments as code)", got
        return f"{shown} -c", code
    if prog == "cmd":
        for j, el in enumerate(rest):
            w = _cv(el)
            if w is None:
                return None
            if w.lower() in ("/c", "/k", "/r"):
                return f"cmd {w}", _code(rest[j + 1 :], join=True)
            if w.lower().startswith(("/c", "/k")) and len(w) > 2:  # cmd /cdir
                return f"cmd {w[:2]}", union([const(w[2:])] + [e for e in rest[j + 1 :] if e is not None])
        return None
    if prog in ("powershell", "pwsh", "powershell_ise"):
        j = 0
        while j < len(rest):
            w = _cv(rest[j])
            if w is None:
                return None
            lw = w.lower()
            if lw.startswith("-") or lw.startswith("/"):
                f = "-" + lw[1:]
                if len(f) >= 2 and "-command".startswith(f):
                    return f"{prog} {w}", _code(rest[j + 1 :], join=True)
                if f in ("-e", "-ec", "-enc") or (len(f) >= 3 and "-encodedcommand".startswith(f)):
                    return f"{prog} {w}", _code(rest[j + 1 : j + 2])
                if len(f) >= 2 and "-file".startswith(f):
                    return None
                if f in (
                    "-executionpolicy",
                    "-ep",
                    "-ex",
                    "-windowstyle",
                    "-w",
                    "-outputformat",
                    "-of",
                    "-inputformat",
                    "-if",
                    "-configurationname",
                    "-workingdirectory",
                    "-wd",
                    "-version",
                    "-v",
                    "-psconsolefile",
                    "-settingsfile",
                    "-custompipename",
                ):
                    j += 2
                    continue
                j += 1
                continue
            if prog == "powershell":  # Windows PowerShell: a bare argument is -Command
                return f"{prog} (implicit -Command)", _code(rest[j:], join=True)
            return None
        return None
    if PY_RE.match(prog):
        for j, el in enumerate(rest):
            w = _cv(el)
            if w is None:
                return None
            if re.match(r"^-[a-zA-Z]*c$", w):
                return f"{prog} -c", _code(rest[j + 1 : j + 2])
            if w in ("-m", "-W", "-X", "--check-hash-based-pycs"):
                return None if w == "-m" else None
            if not w.startswith("-"):
                return None
        return None
    flags = interpreter_code_flags()
    if prog in flags:
        pflags = flags[prog]
        takes = interpreter_value_options().get(prog, frozenset())
        skip = False
        for j, el in enumerate(rest):
            w = _cv(el)
            if skip:  # the value of an option that takes one (emacs -l FILE, julia -L FILE)
                skip = False
                continue
            if w is None:
                return None
            if (pflags is None and re.match(r"^-[a-zA-Z]*[eE]$", w)) or (pflags and w in pflags):
                return f"{prog} {w}", _code(rest[j + 1 : j + 2])
            if not w.startswith("-"):
                return None
            skip = w in takes
        return None
    if prog == "tmux":
        hit = _tmux_code(rest)
        # a constant command or keys (``send-keys Enter``): how tmux is driven, no data in it
        return hit if hit is not None and not hit[1].const else None
    if prog in CONTAINER_EXEC:
        return _shell_after(rest, 0, prog)
    if prog in ("ssh", "plink", "dbclient"):
        j = 0
        while j < len(rest):
            w = _cv(rest[j])
            if w is None:
                w = ""  # a value not known statically in a positional place: the host
            if w.startswith("-") and len(w) >= 2:
                if w[1:].lower().startswith("oproxycommand=") or (
                    w == "-o" and j + 1 < len(rest) and (_cv(rest[j + 1]) or "").lower().startswith("proxycommand=")
                ):
                    return "ssh -o ProxyCommand", _code(rest[j : j + 2], join=True)
                if len(w) == 2 and w[1] in SSH_ARG_OPTS:
                    j += 2
                    continue
                j += 1
                continue
            # the host; whatever follows is a command line for the remote shell
            el = rest[j]
            if el is not None and not el.const and "split" in el.ops and not _all_quoted(el):
                # a value split into words where the host goes (``pexpect.spawn(f"ssh {server}
                # exit")``, ``shlex.split(...)``): its second word on is the remote command
                # (or an option, ``-oProxyCommand=CMD``, run locally): ssh(1) SYNOPSIS
                return f"{prog} host <command> (a value split into words at the host)", _code(rest[j:], join=True)
            if j + 1 < len(rest):
                return f"{prog} host <command>", _code(rest[j + 1 :], join=True)
            return None
        return None
    return None


def _all_quoted(ev: Provenance) -> bool:
    """Every value of ``ev`` went through ``shlex.quote`` (one word once split)."""
    return bool(ev.params) and bool(ev.qcalls) and all(p[3] == QUOTED for p in ev.params)


def _shell_after(alt: list, start: int, runner: str) -> tuple[str, Provenance] | None:
    """A POSIX shell with ``-c`` and its code somewhere after ``start``, in an argv whose
    program runs the rest as a command (a container or platform runner, or a program
    not known statically): ``(label, evidence of the code)``."""
    for k in range(start, len(alt) - 2):
        w = _cv(alt[k])
        if w is None or prog_name(w) not in SH_FAMILY:
            continue
        at = _shell_code_at(alt, k)
        if at is not None:
            where = f" inside {runner}" if runner else " after a program not known statically"
            return f"{prog_name(w)} -c{where}", _code(alt[at : at + 1])
    return None


def _shell_code_at(alt: list, i: int) -> int | None:
    """The index of the code string of the shell at ``alt[i]`` (``sh -c CODE``, ``sh -c -e
    CODE``, ``bash -o pipefail -c CODE``): the shell engine's one grammar of the table's
    shell entry (:func:`bash_commands.shell_code_index`), on the constant words."""
    j, has_c = shell_code_scan([_cv(e) for e in alt], i)
    return j if has_c else None  # j == len(alt): ``["/bin/sh", "-c"] + args``, the code follows


_OPTION_WORD = compile_pattern(r"^(?:[-+][A-Za-z]*|--[A-Za-z][-A-Za-z]*)$")


def shell_code_scan(vals: list, i: int) -> tuple:
    """(index of the first operand, ``-c`` seen) of the shell at ``vals[i]`` (constant words,
    None where not known statically) by the shell engine's grammar; a constant word that
    cannot be an option word (``"-c 'echo ready'"``, a whole command line a runner splits
    itself) is read as the operand it stands for, as a word not known statically is."""
    from ..template.bash_commands import shell_scan

    words = [v if v is None or not v.startswith(("-", "+")) or _OPTION_WORD.match(v) else None for v in vals]
    j, has_c, _s = shell_scan(words, i)
    return j, has_c


def _tmux_code(rest: list) -> tuple[str, Provenance] | None:
    """tmux's argv after the program: the shell command it runs, or the keys it types.

    ``tmux -c CMD``; a sub-command of :data:`_TMUX_SUBS` whose one operand tmux runs
    with the default shell (several operands are run directly, an argv: tmux(1)
    3.x, checked with tmux 3.3a); ``if-shell``'s shell-command and tmux commands;
    ``send-keys``' keys, typed into the pane's shell.  An item not known statically
    after the sub-command may be an option with its value attached (``-t{target}``,
    as libtmux writes them) or the operand: the last item is taken as the operand."""
    j = 0
    while j < len(rest):
        w = _cv(rest[j])
        if w is None:
            return None
        if w == "-c":
            return "tmux -c", _code(rest[j + 1 : j + 2])
        if w.startswith("-") and len(w) >= 2 and w != "--":
            j += 2 if len(w) == 2 and w[1] in _TMUX_GLOBAL_VALUES else 1
            continue
        break
    if j >= len(rest):
        return None
    sub = _cv(rest[j])
    opts = _TMUX_SUBS.get(sub or "")
    if opts is None:
        return None
    items = rest[j + 1 :]
    operands: list = []  # indexes of items that are operands or may be
    k = 0
    ended = False
    while k < len(items):
        w = _cv(items[k])
        if not ended and w is not None and w == "--":
            ended = True
        elif not ended and w is not None and w.startswith("-") and len(w) >= 2:
            k += 2 if len(w) == 2 and w[1] in opts.short_values else 1
            continue
        else:
            operands.append(k)
        k += 1
    if not operands:
        return None
    label = f"tmux {sub}"
    if sub == "send-keys":
        return f"{label} (keys typed into the pane's shell)", _code([items[i] for i in operands], join=True)
    if sub == "if-shell":
        return f"{label} (shell-command and tmux commands)", _code([items[i] for i in operands], join=True)
    known = [i for i in operands if _cv(items[i]) is not None]
    if known and len(operands) > 1 and known[0] != operands[-1]:
        return shell_in_argv(items[known[0] :])  # several operands: tmux runs them as an argv
    return label, _code(items[operands[-1] : operands[-1] + 1])


#: a positional parameter a script evaluates as code: ``eval "$1"``, ``eval "$@"`` (any
#: words of the same command before it), or a nested ``sh -c "$1"`` / ``bash -lc "$*"``
_EVAL_POSITIONAL = compile_pattern(
    r"\beval\b[^;&|\n]*?\$\{?([1-9@*])\}?"
    r"|\b(?:sh|bash|zsh|dash|ksh)\s+(?:-[a-zA-Z]+\s+)*-[a-zA-Z]*c[a-zA-Z]*\s+\"?\$\{?([1-9@*])\}?"
)


def _evaluated_positionals(script: str | None) -> set:
    """The positional parameters (1-9, or "@" for all) a constant shell script runs as
    code: with ``bash -c 'eval "$1"' name value`` the value is parsed by the shell,
    although the script itself is constant (the recommended form reads ``$1`` as data:
    ``grep -- "$1" "$2"``).  ``$*`` counts as ``$@``."""
    if not script or "$" not in script:
        return set()
    out: set = set()
    for m in _EVAL_POSITIONAL.finditer(script):
        g = m.group(1) or m.group(2)
        out.add("@" if g in "@*" else int(g))
    return out


def _code(els, join=False) -> Provenance:
    if not els:
        return UNKNOWN
    parts = [e if e is not None else UNKNOWN for e in els]
    return union(parts) if join or len(parts) > 1 else parts[0]


# ----------------------------------------------------------------------------
# Sinks
# ----------------------------------------------------------------------------


@record
class Sink:
    """One call that runs a shell (or code): a fact, not a finding."""

    kind: SinkKind
    callee: str  # the function called, as the message names it
    start: int  # span of the callee in the source
    end: int
    node: ast.Call
    scope: Scope
    ev: Provenance  # evidence of the command (or code, or argv alternatives joined)
    level: str  # high | medium | low: how much of the command comes from data (the worst argv alternative)
    certainty: str  # high | medium | low: how sure it is that the call reaches the shell
    via: tuple = ()  # how the callee (or shell=...) was reached: aliases, partials, wrappers
    label: str = (
        ""  # argv kinds: what starts ("bash -c / sh -c"); exec-string: "exec:os.system"; yielded: the framework
    )
    shell: str = "yes"  # SHELL_TRUE: "yes", or "maybe" (shell= may be true)
    how: str = ""  # SHELL_TRUE: how shell is true ("shell=True", "**opts pass-through ...")
    remote: bool = False  # the command string runs in a shell on another host
    windows: str = ""  # SHELL_TRUE: "only" (shell= is true on Windows only), "items" (list items reach cmd.exe)
    executors: tuple = ()  # the call runs through these (asyncio.to_thread, pool.submit...), innermost first
    inner: Sink | None = None  # EXEC_STRING_SHELL: the shell sink inside the code string
    code_runner: str = ""  # EXEC_STRING_SHELL: "exec" or "eval"
    enclosing: str = ""  # EXEC_STRING_SHELL: name of the function whose parameters the code reads

    def __init__(
        self,
        kind: SinkKind,
        callee: str,
        start: int,
        end: int,
        node: ast.Call,
        scope: Scope,
        ev: Provenance,
        level: str,
        certainty: str,
        via: tuple = (),
        label: str = "",
        shell: str = "yes",
        how: str = "",
        remote: bool = False,
        windows: str = "",
        executors: tuple = (),
        inner: Sink | None = None,
        code_runner: str = "",
        enclosing: str = "",
    ) -> None:
        self.kind = kind
        self.callee = callee
        self.start = start
        self.end = end
        self.node = node
        self.scope = scope
        self.ev = ev
        self.level = level
        self.certainty = certainty
        self.via = via
        self.label = label
        self.shell = shell
        self.how = how
        self.remote = remote
        self.windows = windows
        self.executors = executors
        self.inner = inner
        self.code_runner = code_runner
        self.enclosing = enclosing

    __repr__ = record_repr
    __eq__ = record_eq

    @property
    def weak(self) -> bool:
        """Only maybe a shell (a ``**kwargs`` pass-through), or a command that
        does not depend on data: too weak to trace across functions."""
        return self.level == "low" or self.certainty == "low"

    @property
    def function(self) -> Scope | None:
        s = self.scope
        while s is not None and s.kind not in ("function",):
            if s.kind == "module":
                return None
            s = s.parent
        return s


@record
class CallArgs:
    args: list  # (expr, scope)
    kwargs: dict  # name -> (expr, scope, how)
    splats: list  # (expr, scope)
    how: tuple = ()

    def __init__(
        self,
        args: list,
        kwargs: dict,
        splats: list,
        how: tuple = (),
    ) -> None:
        self.args = args
        self.kwargs = kwargs
        self.splats = splats
        self.how = how

    __repr__ = record_repr
    __eq__ = record_eq


def call_args(call: ast.Call, scope: Scope, partial: Referent | None = None) -> CallArgs:
    args, kwargs, splats = [], {}, []
    how: tuple[str, ...] = ()
    if partial is not None:
        _funcs, pargs, pkw = partial.data
        args.extend(pargs)
        for name, val, sc in pkw:
            if name is None:
                splats.append((val, sc))
            else:
                kwargs[name] = (val, sc, "functools.partial(...)")
        how = ("functools.partial",)
    args.extend((a, scope) for a in call.args)
    for k in call.keywords:
        if k.arg is None:
            splats.append((k.value, scope))
        else:
            kwargs[k.arg] = (k.value, scope, "keyword")
    return CallArgs(args, kwargs, splats, how)


def _own_factory(recv: ast.expr) -> bool:
    """``self.device(serial)``: the receiver is made by a method of the class itself (the
    project analysis follows what that object's methods do)."""
    return (
        isinstance(recv, ast.Call)
        and isinstance(recv.func, ast.Attribute)
        and isinstance(recv.func.value, ast.Name)
        and recv.func.value.id in ("self", "cls")
    )


def _arg(ca: CallArgs, pos: int | None, names=()):
    for nm in names:
        if nm in ca.kwargs:
            return ca.kwargs[nm][:2]
    if pos is not None and pos < len(ca.args):
        a, sc = ca.args[pos]
        if isinstance(a, ast.Starred):
            return None
        return a, sc
    return None


# receivers of ``exec_command`` named for paramiko's SSHClient or Channel (paramiko
# documentation: SSHClient.exec_command, Channel.exec_command) where the file does not
# import paramiko itself: the client or channel is made in another module (fabric's
# ``self.channel.exec_command(command)``)
_SSH_RECEIVER = compile_pattern(r"^_*(?:ssh_?)?(?:chan|channel|client|ssh|sshclient|conn|session|transport)$", re.I)


def _cv_node(e: ast.expr) -> str | None:
    return e.value if isinstance(e, ast.Constant) and isinstance(e.value, str) else None


def _last_ident(e: ast.expr) -> str:
    return last_ident(e)


#: words of a name that say the value is a credential (runnerlibs.LibRunner.typed): what a login
#: or sudo prompt reads (``password``, ``self.ssh_pass``, ``enable_secret``, ``userPassword``)
_CREDENTIAL_WORDS = frozenset({"password", "passwd", "pass", "pw", "pwd", "passphrase", "secret", "user", "username"})


_REMOTE_PROGRAMS = ("ssh ", "plink ", "dbclient ")


def _shell_label(label: str) -> bool:
    """A :func:`.stdinscript.stdin_program` label naming a shell: ``bash <script on stdin>``,
    ``ssh host <remote login shell>``, ``ssh host sh <script on stdin>`` (not an interpreter)."""
    words = label.split()
    if label.startswith(_REMOTE_PROGRAMS):
        return "<remote login shell>" in label or (len(words) > 2 and prog_name(words[2]) in SH_FAMILY)
    return bool(words) and prog_name(words[0]) in SH_FAMILY


def _credential_name(name: str) -> bool:
    low = name.lower()
    return any(w in _CREDENTIAL_WORDS for w in low.split("_")) or low.endswith(("password", "passwd", "passphrase"))


def _credential(e: ast.expr, ev) -> bool:
    """Text typed into a session that answers a login or password prompt: the expression
    (``password``, ``self.password.encode()``) or every parameter it is built from is named
    like a credential."""
    while True:
        if isinstance(e, ast.BinOp):
            e = e.left  # ``password + "\n"``
        elif isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute):
            e = e.func.value  # ``password.encode("ascii")``
        else:
            break
    name = last_ident(e)
    if name and _credential_name(name):
        return True
    return bool(ev.params) and all(_credential_name(p[2]) for p in ev.params)


def _short_callee(name: str) -> str:
    """A callee's text for a message: its last 57 characters after "..." when longer than 60."""
    return name if len(name) <= 60 else "..." + name[-57:]


class Detector:
    def __init__(self, model: ModuleModel, ev: Evaluator):
        self.m = model
        self.e = ev
        self.sinks: list[Sink] = []
        self.has_sh = "sh" in model.imported
        # a channel started with ``invoke_shell()`` is paramiko's, imported or handed in (a
        # ``client`` parameter: paramiko-expect, device drivers): shellchan.py
        self.has_paramiko = "paramiko" in model.imported or "invoke_shell" in model.text
        self.has_libtmux = "libtmux" in model.imported
        self.has_channel = any(lib in model.imported for lib, _kw in CHANNEL_METHODS.values())
        self.lib_attrs = frozenset().union(
            *(a for lib, a in LIBRARY_ATTRS.items() if lib in model.imported),
            *(a for lib, a in LIB_ATTRS.items() if lib in model.imported),
            gen_attrs(model.imported),  # libsumm.py: read only where a listed library is imported
        )
        self.has_gen = not GEN_MODULES.isdisjoint(model.imported)
        self._call_scopes: dict | None = None  # id(call) -> its scope, made when first needed
        self.flag_text = has_code_flag(model.text)  # anyargv.py: a shell argv literal may be here
        self.shell_kw_text = "shell" in model.text  # anyflag.py: a shell= keyword may be here
        # adbshell.py: an adb ``shell:`` service request may be built here
        t = model.text
        self.adb_text = names_a_request(t)
        self._kept: frozenset | None = None  # :meth:`_kept_callables`, made when first needed
        self.container_text = could_hold_container(model.text)  # containerargv.py
        self.split_text = could_split(model.text)  # containerargv.py: docker-py string commands

    def run(self) -> list[Sink]:
        for call, scope in self.m.calls:
            f = call.func
            if self.container_text and (call.keywords or (isinstance(f, ast.Attribute) and f.attr in COMMAND_SETTERS)):
                self._container_argv(call, scope)
            if self.split_text and isinstance(f, ast.Attribute) and f.attr in SPLIT_COMMANDS:
                self._split_command(call, scope)
            if self.adb_text and call.args and service_command(call):
                self._adb_request(call, scope)
                continue
            if isinstance(f, ast.Attribute):
                if (
                    f.attr not in INTERESTING_ATTRS
                    and f.attr not in self.lib_attrs
                    and not (self.has_sh and isinstance(f.value, ast.Name))
                    and not (self.has_channel and self._channel_call(call))
                    and not (self.has_paramiko and f.attr in CHANNEL_WRITES)
                    and not (
                        isinstance(f.value, ast.Name)
                        and f.value.id == "self"
                        and f.attr in self.m.named_self_stores  # else not kept: no walk of the module
                        and f.attr in self._kept_callables()
                    )
                ):
                    before = len(self.sinks)
                    if f.attr in SESSION_METHODS and (duck_cmd := duck_session_call(call, scope, self.e)) is not None:
                        # ``cursor.execute(...)``, ``sock.send(...)``: only the duck-typed session
                        # check (duckcmd.py), syntactic first, not the whole of check()
                        self._duck_session(call, scope, *duck_cmd)
                    if self.flag_text and len(self.sinks) == before and (call.args or call.keywords):
                        self._unknown_argv(call, scope)
                    if self.shell_kw_text and len(self.sinks) == before and call.keywords:
                        self._unknown_flag(call, scope)
                    if len(self.sinks) == before and f.attr in CODE_METHODS:
                        self._duck_code(call, scope)
                    continue
            try:
                before = len(self.sinks)
                self.check(call, scope)
                if self.flag_text and len(self.sinks) == before and (call.args or call.keywords):
                    self._unknown_argv(call, scope)
                if self.shell_kw_text and len(self.sinks) == before and call.keywords:
                    self._unknown_flag(call, scope)
                if len(self.sinks) == before and isinstance(f, ast.Attribute) and f.attr in CODE_METHODS:
                    self._duck_code(call, scope)
            except RecursionError:
                continue
        if self.flag_text:
            self._argv_fragments()
        if "pyinfra" in self.m.imported:
            self._yielded_commands()
        if could_hold_tasks(self.m.text):
            self._task_commands()
        if "pexpect" in self.m.imported:
            self._repl_sessions()
        return self.sinks

    def _adb_request(self, call: ast.Call, scope: Scope) -> None:
        """``conn.send_command("shell:" + cmd)``: an adb service request whose command the
        device runs with ``sh -c`` (adbshell.py), whatever sends it."""
        ev = self.e.evidence(call.args[0], scope)
        if ev.level == "low":
            return  # a constant or quoted command line: the ordinary use
        self.add(
            SinkKind.RUNNER_COMMAND,
            call,
            scope,
            "an adb shell: service request",
            ev,
            ev.level,
            "high",
            ("adb's shell: service runs it with the device's sh -c",),
            remote=True,
        )

    def _task_commands(self) -> None:
        """Ansible shell/raw modules given a command (cmtasks.py): the command runs through
        the target's shell."""
        done: set[int] = set()
        for anchor, scope, mod, cmd in task_commands(self.m.calls, self.m.dicts):
            if id(anchor) in done:
                continue  # one finding per job (an SSM job's commands: the first built from data)
            ev = self.e.evidence(cmd, scope)
            if ev.level == "low":
                continue  # a constant or quoted command: how the module is used
            done.add(id(anchor))
            call = anchor
            if not isinstance(anchor, ast.Call):
                call = ast.Call(func=anchor, args=[cmd], keywords=[])
                ast.copy_location(call, anchor)
                call.end_lineno, call.end_col_offset = anchor.end_lineno, anchor.end_col_offset
            if mod in SALT_SHELL_FUNCS:
                how = f"salt's {mod} runs a job's command through the minion's shell"
                label = f"salt {mod} job"
            elif mod in SSM_SHELL_DOCUMENTS:
                how = f"SSM's {mod} document runs its commands with the instance's {SSM_SHELL_DOCUMENTS[mod]}"
                label = f"SSM {mod} command"
            else:
                how = f"Ansible's {mod} module runs it through the target's shell"
                label = f"Ansible {mod} task"
            self.add(
                SinkKind.RUNNER_COMMAND,
                call,
                scope,
                label,
                ev,
                ev.level,
                "high",
                (how,),
                remote=True,
            )

    def _repl_sessions(self) -> None:
        """``w = replwrap.bash()`` (or ``REPLWrapper("bash", ...)``, a subclass of it, a wrapped
        ``pexpect.spawn("bash")``) then ``w.run_command(text)``: the text is typed into the
        shell or interpreter the wrapper runs (:mod:`.replwrap`).  The wrapper kept in a local
        name (its sends after it in the function) or on ``self`` (every method of the class)."""
        from .replwrap import REPL_CALL_NAMES, REPL_CLASS, REPL_FACTORIES, is_repl_subclass, repl_sends
        from .sessionwrites import handle_names

        subclasses = {sc.node.name for sc in self.m.scopes if sc.kind == "class" and is_repl_subclass(sc.node)}
        for call, scope in self.m.calls:
            f = call.func
            last = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
            if last not in REPL_CALL_NAMES and last not in subclasses:
                continue
            prog = None
            qual = None
            for v in self.e.values(f, scope):
                if v.kind == "name" and v.name in REPL_FACTORIES:
                    kw, default = REPL_FACTORIES[v.name]
                    a = _arg(call_args(call, scope, None), 0, (kw,))
                    prog = self._repl_program(a) if a is not None else default
                    qual = v.name
                elif (v.kind == "name" and v.name == REPL_CLASS) or (isinstance(f, ast.Name) and f.id in subclasses):
                    a = _arg(call_args(call, scope, None), 0, ("cmd_or_spawn",))
                    prog = self._repl_program(a) if a is not None else None
                    qual = REPL_CLASS
                if prog is not None:
                    break
            if prog is None or qual is None:
                continue
            label = stdin_program([const(prog)])
            if label is None:
                continue
            kept = self._kept_handle(call, scope)
            if kept is None:
                continue
            handle, where, after = kept
            names = handle_names(where, handle[1]) if handle[0] == "self" else None
            sends = repl_sends(where, handle, after, names)
            typed = f"{qual}.run_command (text typed into {label.replace(' <script on stdin>', '')})"
            self._typed_into(sends, lambda _w, typed=typed: typed)

    def _typed_into(self, writes: list, callee_of) -> None:
        """A sink at each ``(call, data)`` of ``writes`` whose data is not constant or
        quoted: text typed into a kept session (``callee_of(call)`` names it)."""
        if not writes:
            return
        if self._call_scopes is None:
            self._call_scopes = {id(c): sc for c, sc in self.m.calls}
        for w, data in writes:
            wsc = self._call_scopes.get(id(w))
            if wsc is None or any(s.node is w for s in self.sinks):
                continue
            ev = self.e.evidence(data, wsc)
            if ev.const or ev.level == "low" or _credential(data, ev):
                continue  # (a password typed at a login prompt of the session is no command)
            self.add(SinkKind.RUNNER_COMMAND, w, wsc, callee_of(w), ev, ev.level, "high", ())

    def _repl_program(self, a) -> str | None:
        """The program a REPL wrapper runs: a constant string, or the program of the
        ``pexpect.spawn(...)`` bound to the name it is given."""
        ev = self.e.evidence(a[0], a[1])
        if ev.const and isinstance(ev.value, str):
            try:
                words = shlex.split(ev.value)
            except ValueError:
                return None
            return words[0] if words else None
        if isinstance(a[0], ast.Name):
            spawned = self._assigned_call(a[0], a[1])
            if spawned is not None and spawned.args:
                if any(v.kind == "name" and v.name in PEXPECT for v in self.e.values(spawned.func, a[1])):
                    pv = self.e.evidence(spawned.args[0], a[1])
                    if pv.const and isinstance(pv.value, str):
                        words = pv.value.split()
                        return words[0] if words else None
        return None

    def _kept_callables(self) -> frozenset:
        """Attributes every store of which is a name or attribute (``self._popen =
        subprocess.Popen``): a call ``self._popen(...)`` may call a library's function
        (the evaluator says which: ``Evaluator._kept_instances``).  Asked only of an attribute
        in ``ModuleModel.named_self_stores``, which holds every attribute this answers (the
        walk of the whole module costs as much as half its parse; issue 25)."""
        if self._kept is None:
            self._kept = frozenset(
                a
                for a, stores in self.e.stored_attrs_of().items()
                if stores and all(st is not None and isinstance(st[0], (ast.Name, ast.Attribute)) for st in stores)
            )
        return self._kept

    def _yielded_commands(self) -> None:
        """The strings a framework operation yields (:data:`SHELL_YIELD_DECORATORS`),
        and those of the module's generators it delegates to with ``yield from``:
        each is a shell command; one built from data is a sink at its ``yield``."""
        ops: dict = {}  # function scope -> (framework, its role)
        by_node = {id(fs.node): fs for fs in self.m.scopes if fs.kind == "function"}
        for fs in by_node.values():
            for d in getattr(fs, "decorators", ()):
                f = d.func if isinstance(d, ast.Call) else d
                for v in self.e.values(f, fs.parent):
                    if v.kind == "name" and v.name in SHELL_YIELD_DECORATORS:
                        ops[fs] = (SHELL_YIELD_DECORATORS[v.name], "an operation")
        todo = list(ops)
        while todo:
            fs = todo.pop()
            for y in _own_yields(fs.node):
                if isinstance(y, ast.YieldFrom) and isinstance(y.value, ast.Call):
                    for v in self.e.values(y.value.func, fs):
                        g = v.data if v.kind == "func" else None
                        if g is not None and g not in ops and id(g.node) in by_node:
                            ops[g] = (ops[fs][0], f"a generator {fs.node.name}() delegates to")
                            todo.append(g)
        for fs in sorted(ops, key=lambda x: (x.node.lineno, x.node.col_offset)):
            for y in _own_yields(fs.node):
                if not isinstance(y, ast.Yield) or y.value is None:
                    continue
                ev = self.e.evidence(y.value, fs)
                if ev.level != "high" or not any(sid == fs.id and m != QUOTED for sid, _q, _n, m in ev.params):
                    continue  # the operation's own parameters (its caller's values) never reach it unquoted
                head = ast.Name(id="yield", ctx=ast.Load())
                ast.copy_location(head, y)
                head.end_lineno, head.end_col_offset = y.lineno, y.col_offset + 5
                call = ast.Call(func=head, args=[y.value], keywords=[])
                ast.copy_location(call, y)
                call.end_lineno, call.end_col_offset = y.end_lineno, y.end_col_offset
                call.utcp_synthetic = "yield"  # type: ignore[attr-defined]  # no argv rewrite of a yield
                fw, role = ops[fs]
                name = f"{fs.node.name}() ({role}, {fw})"
                self.add(SinkKind.RUNNER_COMMAND, call, fs, name, ev, ev.level, "high", (), remote=True, label=fw)

    def span_of(self, call: ast.Call):
        return self.m.pos.span(call.func)

    def add(
        self,
        kind: SinkKind,
        call: ast.Call,
        scope: Scope,
        callee: str,
        ev: Provenance,
        level: str,
        certainty: str,
        via=(),
        **facts,
    ) -> None:
        s, e = self.span_of(call)
        self.sinks.append(Sink(kind, callee, s, e, call, scope, ev, level, certainty, tuple(via), **facts))

    def _channel_call(self, call: ast.Call) -> bool:
        """``chan.execute(cmd)`` or ``helper(chan.execute, cmd)`` of a channel library (libmodels.py)."""
        if channel_runner(call.func, self.m.imported) is not None:
            return True
        return bool(call.args) and channel_runner(call.args[0], self.m.imported) is not None

    def _channel(self, call: ast.Call, scope: Scope) -> bool:
        """A remote channel's exec (libmodels.CHANNEL_METHODS), called or handed with its
        arguments to a helper that calls it (``self.eagain(channel.execute, cmd)``)."""
        lib = channel_runner(call.func, self.m.imported)
        inner = call
        if lib is None and call.args and not isinstance(call.args[0], ast.Starred):
            lib = channel_runner(call.args[0], self.m.imported)
            if lib is None:
                return False
            inner = ast.Call(func=call.args[0], args=list(call.args[1:]), keywords=list(call.keywords))
            ast.copy_location(inner, call)
            inner.end_lineno, inner.end_col_offset = call.end_lineno, call.end_col_offset
        if lib is None:
            return False
        meth = inner.func.attr  # type: ignore[attr-defined]  # channel_runner: an ast.Attribute
        self._shell_string(
            inner,
            scope,
            f"{lib[0]} Channel.{meth}",
            call_args(inner, scope),
            0,
            (lib[1],),
            SinkKind.PARAMIKO_COMMAND,
            (),
            "medium",
            remote=True,
        )
        return True

    def check(self, call: ast.Call, scope: Scope):
        check()  # the CPU budget (linter/run/budget.py): once per call
        vals = self.e.values(call.func, scope)
        if self._through_executor(call, scope, vals):
            return
        if self.has_channel and self._channel(call, scope):
            return
        if win_process_receiver(call.func, scope, self.m.imported):
            _m, wpos, wkws, how = WIN_PROCESS_CREATE
            self._win_exec(call, scope, "WMI Win32_Process.Create", wpos, wkws, how, ())
            return
        done: set[str] = set()
        for v in vals:
            if v.kind == "name":
                self._check_name(call, scope, v.name, v, None, done)
            elif v.kind == "partial":
                for fv in v.data[0]:
                    if fv.kind == "name":
                        self._check_name(call, scope, fv.name, fv, v, done)
            elif v.kind == "plumbum":
                self._check_plumbum(call, scope, v, done)
        f = call.func
        if (
            not done
            and isinstance(f, ast.Subscript)
            and isinstance(f.value, ast.Name)
            and f.value.id in LOADER_DICTS
            and isinstance(f.slice, ast.Constant)
            and f.slice.value in LOADER_SHELL
        ):
            self._loader(call, scope, f.value.id, f.slice.value)
            return
        if not done and isinstance(call.func, ast.Name) and (dr := decorated_runner(call, scope, self.m.imported)):
            self._check_name(call, scope, dr[0], Referent("name", dr[0], via=(dr[1],)), None, done)
            return
        if not done and isinstance(call.func, ast.Attribute):
            attr = call.func.attr
            if (
                attr in self.lib_attrs
                and (lm := untyped_library_method(attr, self.m.imported)) is not None
                and all(r.kind == "unknown" for r in self.e.values(call.func.value, scope))
            ):
                # ``kc.execute(code)``: a kernel client of no known type where jupyter_client
                # is imported (coderun.UNTYPED_RECEIVER_CLASSES)
                self._check_name(
                    call, scope, lm, Referent("name", lm, via=(f"{attr}() of a receiver of no known type",)), None, done
                )
                return
            if (
                attr in self.lib_attrs
                and (lo := untyped_lib_object(attr, self.m.imported)) is not None
                and not _own_factory(call.func.value)
                and all(r.kind == "unknown" for r in self.e.values(call.func.value, scope))
            ):
                # ``self._dev.shell2(cmd)``: a device of no known type where adbutils is imported
                # (runnerlibs.LIB_OBJECT_RUNNERS)
                self._check_name(
                    call, scope, lo, Referent("name", lo, via=(f"{attr}() of a receiver of no known type",)), None, done
                )
                return
            if attr == "subprocess_shell":
                self._shell_string(
                    call,
                    scope,
                    "loop.subprocess_shell",
                    call_args(call, scope),
                    1,
                    ("cmd",),
                    SinkKind.ASYNC_SHELL,
                    (),
                    "medium",
                )
            elif attr == "subprocess_exec":
                ca = call_args(call, scope)
                self._argv_sink(
                    call, scope, "loop.subprocess_exec", self._star_argv(ca, 1), SinkKind.EXEC_ARGV_SHELL, (), "medium"
                )
            elif attr == "cmd" and call.args and _cv_node(call.args[0]) in _TMUX_SUBS:
                # libtmux's ``obj.cmd("split-window", *args)``: the tmux argv after the program
                ca = call_args(call, scope)
                alts = self._pexprs([const("tmux")], ca.args)
                if not all(r is None or r[1].const for r in map(shell_in_argv, alts)):
                    self._argv_sink(
                        call,
                        scope,
                        "libtmux .cmd()",
                        alts,
                        SinkKind.RUNNER_ARGV_SHELL,
                        (),
                        "high",
                    )
            elif attr in LIBTMUX_SHELL_METHODS and self.has_libtmux:
                pos, kws = LIBTMUX_SHELL_METHODS[attr]
                ca = call_args(call, scope)
                a = _arg(ca, pos, kws)
                if a is not None and not self.e.evidence(a[0], a[1]).const:  # Enter, "reset": nothing from data
                    self._shell_string(
                        call, scope, f"libtmux {attr}()", ca, pos, kws, SinkKind.RUNNER_COMMAND, (), "medium"
                    )
            elif (duck := duck_connection_runner(call, scope, self.m.imported)) is not None:
                name, how = duck
                self._check_name(call, scope, name, Referent("name", name, via=(how,)), None, done)
            elif attr in RUNNER_ATTRS and (
                held := [
                    f"{c}.{attr}"
                    for c in self_instance(self.e, call.func.value, scope)
                    if f"{c}.{attr}" in CODE_RUNNERS
                ]
            ):
                # ``self.console.push(line)``, ``self.console = InteractiveConsole()`` in __init__
                self._check_name(call, scope, held[0], Referent("name", held[0]), None, done)
            elif (
                attr in INHERITED_ATTRS
                and isinstance(call.func.value, ast.Name)
                and call.func.value.id == "self"
                and (inh := inherited_runner(self.e, call, scope)) is not None
            ):
                # ``self.run(statement)`` in ``class Debugger(bdb.Bdb)``: the base class's runner
                self._check_name(call, scope, inh, Referent("name", inh), None, done)
            elif (
                self.has_gen
                and attr in self.lib_attrs
                and (gi := inherited_generated(self.e, call, scope, self.m.imported)) is not None
            ):
                # ``self.run(cmd)`` / ``super().run(cmd)`` in ``class VirtualEnv(Workspace)``: the
                # library base class's runner (libsumm.py)
                self._check_name(
                    call, scope, gi, Referent("name", gi, via=(f"{attr}() of the base class",)), None, done
                )
            elif attr in CHANNEL_WRITES and self.has_paramiko:
                self._shell_channel_write(call, scope, attr)
            elif attr == "exec_command" and (self.has_paramiko or _SSH_RECEIVER.match(_last_ident(call.func.value))):
                self._shell_string(
                    call,
                    scope,
                    "exec_command (paramiko)",
                    call_args(call, scope),
                    0,
                    ("command",),
                    SinkKind.PARAMIKO_COMMAND,
                    (),
                    "medium",
                    remote=True,
                )
            elif (duck_cmd := duck_session_call(call, scope, self.e)) is not None:
                self._duck_session(call, scope, *duck_cmd)

    def _duck_session(self, call, scope, callee: str, how: str, text) -> None:
        """A command line sent through a session method of an object the scan cannot type
        (:mod:`.duckcmd`): its text starts with a program, or the receiver's name is a
        session role."""
        if self._holds_list((text, scope)):
            return  # an argv (spur's ``shell.run(["cp", src, dst])``): no command line
        ev = self.e.evidence(text, scope)
        if not (ev.dq or any(p[3] in (RAW, QUOTED_IN_QUOTES) for p in ev.params)):
            # a value of unknown origin, or one through a function of the tree (its own quoting
            # helper): without the class, only a parameter or a program input straight in counts
            return
        via = (f"{how} a session method of an untyped object",)
        level = ev.level
        if call.func.attr in SHELL_METHODS and level == "high":
            # a method named for a shell (duckcmd.SHELL_METHODS): the name and the command
            # line's shape say a shell runs it, no table of the class does (a warning)
            level = "medium"
        # the text is a command line: a list there is an argv, as it is above for the call's
        # own list (pylxd ``Container.execute(commands)`` "the command and arguments as a list",
        # docker-py ``exec_run(cmd)``, spur ``shell.run(args)``; the command-line methods of
        # fabric, asyncssh or pexpect take no list): a caller's list handed on through a wrapper
        # is an argv too, unless it starts a shell (``["sh", "-c", s]``) (project.py, listsafe)
        self.add(SinkKind.RUNNER_COMMAND, call, scope, callee, ev, level, "medium", via, how=DUCK_STRING_COMMAND)

    def _duck_code(self, call, scope) -> None:
        """Code text handed to an interpreter or engine the scan cannot type (:mod:`.duckcode`):
        the method says it runs code, the text's template parses as code, and a value from
        outside is put in without an encoding of the language."""
        got = duck_code_text(call, scope, self.e)
        if got is None:
            return
        method, text, holes, lang = got
        params: set = set()
        for h in [text] if holes is None else [h.expr for h in holes]:
            ev = self.e.evidence(h, scope)
            params |= {(x, y, z, RAW) for x, y, z, mode in ev.params if mode != DERIVED}
            if not ev.params and isinstance(h, (ast.Attribute, ast.Name)):
                from .selfcode import self_attr_params

                params |= {(x, y, z, RAW) for x, y, z, _m in self_attr_params(self.e, self.m, h, scope, call)}
        if not params:
            return
        both = holes is not None and method in CODE_NAMED
        what = {"python": "parses as Python code", "script": "is script code", "whole": "is one value, whole"}[lang]
        via = (f"{method}() of an object of no known type; the text {what}",)
        ev = Provenance(False, None, frozenset(params), False, frozenset(), ())
        callee = f"{_short_callee(ast.unparse(call.func))}"
        self.add(
            SinkKind.EXEC,
            call,
            scope,
            callee,
            ev,
            "high",
            "medium",
            via,
            label="" if both else DUCK_CODE_WEAK,
            how=ANY_CALLEE,
            code_runner="engine",
        )

    def _container_argv(self, call, scope) -> None:
        """``containers.run(image, command=["-c", cmd], entrypoint="/bin/sh")``: a container's
        argv split between its entrypoint and its command (:mod:`.containerargv`)."""
        got = container_argv(self.e, call, scope)
        if got is None:
            return
        alts, anchor = got
        name = _short_callee(ast.unparse(call.func))
        self._argv_sink(call, scope, name, alts, SinkKind.RUNNER_ARGV_SHELL, (), "medium")

    def _split_command(self, call, scope) -> None:
        """``container.exec_run(f"sh -c '{cmd}'")``: a docker-py command string split into the
        container's argv (:func:`.containerargv.split_command_argv`)."""
        got = split_command_argv(self.e, call, scope)
        if got is None:
            return
        alts, _cmd = got
        name = _short_callee(ast.unparse(call.func))
        via = ("docker-py splits a string command into the argv with shlex.split",)
        self._argv_sink(call, scope, name, alts, SinkKind.RUNNER_ARGV_SHELL, via, "medium")

    def _unknown_argv(self, call, scope) -> None:
        """``container.exec_run(["sh", "-c", cmd])``: a shell argv written out and handed to a
        callee no table models (:mod:`.anyargv`)."""
        lit = bound_shell_argv(call, scope, self.m)
        if lit is None or not unknown_callee(call):
            return
        name = ast.unparse(call.func)
        if name.split(".", 1)[0] in MODELLED or not unknown_referents(self.e.values(call.func, scope)):
            return  # judged by the tables (a name that shadows a modelled module too: UL403's good_argv)
        if isinstance(call.func, ast.Attribute) and receiver_typed(call.func.value, scope):
            return  # the receiver's class is written down or built here: the project analysis follows it
        code = code_item(lit)
        ev = self.e.evidence(code, scope) if code is not None else None
        if ev is None:
            return
        straight = ev.dq or any(p[3] in (RAW, QUOTED_IN_QUOTES) for p in ev.params)
        if not straight and (ev.params or not ev.unknown):
            # a parameter only through a function the scan cannot see (another module's own
            # quoting helper, ``cmd_line([x])``): without the callee, not a finding
            return
        alts = self.e.argv(lit, scope)
        name = _short_callee(name)
        before = len(self.sinks)
        self._argv_sink(call, scope, name, alts, SinkKind.RUNNER_ARGV_SHELL, (), "medium", argv=lit)
        if len(self.sinks) > before:
            self.sinks[-1].how = ANY_CALLEE  # a fact of this call only: not a project summary

    def _argv_fragments(self) -> None:
        """``argv.extend(("--", "/bin/sh", "-c", command))``: a shell with its code at the tail
        of an argv built piecewise (:mod:`.argvpiece`), reported at the fragment unless a sink
        of the module already speaks for the same code (its call holds the fragment, it is in
        the same function, or its evidence holds the code's parameters)."""
        from .argvpiece import fragments
        from .scopes import function_of

        shells = [s for s in self.sinks if s.kind in SHELL_KINDS]
        for node, scope, items, i, j, held in fragments(self.m):
            if held and self._handed_on(held, scope):
                continue
            code = items[j]
            ev = self.e.evidence(code, scope)
            if ev.const:
                continue
            straight = ev.dq or any(p[3] in (RAW, QUOTED_IN_QUOTES) for p in ev.params)
            if not straight and (ev.params or not ev.unknown):
                continue
            fn = function_of(scope)
            own = {(p[0], p[2]) for p in ev.params}
            if any(
                (s.node.lineno <= node.lineno <= (s.node.end_lineno or s.node.lineno))
                or (fn is not None and function_of(s.scope) is fn)
                or own & {(p[0], p[2]) for p in s.ev.params}
                for s in shells
            ):
                continue
            lit = ast.List(elts=list(items[i:]), ctx=ast.Load())
            ast.copy_location(lit, node)
            lit.end_lineno, lit.end_col_offset = node.end_lineno, node.end_col_offset
            call = ast.Call(func=node, args=[lit], keywords=[])
            ast.copy_location(call, node)
            call.end_lineno, call.end_col_offset = node.end_lineno, node.end_col_offset
            alts = self.e.argv(lit, scope)
            before = len(self.sinks)
            self._argv_sink(
                call, scope, "an argv built piecewise", alts, SinkKind.RUNNER_ARGV_SHELL, (), "high", argv=lit
            )
            if len(self.sinks) > before:
                self.sinks[-1].how = ANY_CALLEE  # a fact of this list only: not a project summary

    def _handed_on(self, held: str, scope) -> bool:
        """The list bound to ``held`` is handed, in its function, to a callee that speaks for
        what it runs: a function or class of this file (the flow into it: UL408, UL411), or a
        modelled runner whose sink at that call reads the list."""
        from .scopes import function_of

        fn = function_of(scope)
        for call, sc in self.m.calls:
            if function_of(sc) is not fn or callee_name(call) in NOT_RUNNING:
                continue
            if any(ast.unparse(a) == held for a in [*call.args, *(k.value for k in call.keywords)]):
                vals = self.e.values(call.func, sc)
                if any(v.kind in ("func", "class", "partial") for v in vals):
                    return True  # this file's own function: the flow into it speaks
                if not unknown_referents(vals) and any(x.node is call and x.kind in SHELL_KINDS for x in self.sinks):
                    return True  # a modelled runner that reads the list
        return False

    def _shell_channel_write(self, call, scope, attr: str) -> None:
        """``chan.send(cmd)`` on a paramiko channel running an interactive shell (:mod:`.shellchan`)."""
        from .shellchan import shell_channel

        label = shell_channel(self.e, self.m, call.func.value, scope)
        if label is None:
            return
        a = _arg(call_args(call, scope), 0, CHANNEL_WRITES[attr])
        if a is None:
            return
        ev = self.e.evidence(a[0], a[1])
        if ev.const or ev.level == "low":
            return  # the program's own commands (``chan.send("show version\n")``)
        if not ev.params and "paramiko" not in self.m.imported:
            return  # a client handed in (no import): only a parameter's text is the finding, not
            # the user's own keystrokes forwarded (``chan.send(sys.stdin.read(1))``)
        callee = f"{attr} on a {label} (text typed into the remote shell)"
        self.add(SinkKind.PARAMIKO_COMMAND, call, scope, callee, ev, ev.level, "high", (), remote=True)

    def _loader(self, call, scope, loader: str, key: str) -> None:
        pos, kws, flag = LOADER_SHELL[key]
        ca = call_args(call, scope)
        certainty = "high"
        via: tuple[str, ...] = ()
        if flag is not None:
            if flag not in ca.kwargs:
                return  # the string is split with shlex, not given to a shell
            expr, sc, _how = ca.kwargs[flag]
            st, how, certainty = self.e.truth(expr, sc)
            if st == "no":
                return
            via = (how.replace("shell=", f"{flag}="),)
        callee = f'{loader}["{key}"]'
        self._shell_string(call, scope, callee, ca, pos, kws, SinkKind.RUNNER_COMMAND, via, certainty)

    def _through_executor(self, call, scope, vals) -> bool:
        """``asyncio.to_thread(f, *a, **k)``, ``loop.run_in_executor(ex, f, *a)``, ``pool.submit(f, *a, **k)``:
        check ``f(*a, **k)``; the finding spans ``f`` (the sink named in the arguments)."""
        fi: int | None = None
        label: str | None = None
        for v in vals:
            if v.kind == "name" and v.name in EXECUTOR_FUNCS:
                fi, label = EXECUTOR_FUNCS[v.name], v.name
        if fi is None and isinstance(call.func, ast.Attribute) and call.func.attr in EXECUTOR_ATTRS:
            fi, label = EXECUTOR_ATTRS[call.func.attr], call.func.attr
        if fi is None and call.args and any(v.kind == "name" and v.name in PARTIAL_FUNCS for v in vals):
            # ``functools.partial(eval, code_object, globals)``: the code is bound now and
            # evaluated when the partial is called, wherever that is (Python library reference,
            # functools.partial).  Only eval/exec: a partial of a subprocess function is checked
            # where it is called (its arguments may come then)
            if any(v.kind == "name" and v.name in EVAL for v in self.e.values(call.args[0], scope)):
                fi, label = 0, "functools.partial"
        if (
            fi is None
            or label is None
            or len(call.args) <= fi
            or any(isinstance(a, ast.Starred) for a in call.args[: fi + 1])
        ):
            return False
        fn = call.args[fi]
        if fi == 1 and label == "run_in_executor":
            label = "loop.run_in_executor"
        elif label in ("submit", "apply_async", "map", "imap", "imap_unordered"):
            label = f"an executor's .{label}()"
        # apply_async(f, args_tuple, kwds_dict) has its arguments packed
        inner = ast.Call(func=fn, args=list(call.args[fi + 1 :]), keywords=list(call.keywords))
        if label.endswith("apply_async()"):
            pk = call.args[fi + 1] if len(call.args) > fi + 1 else None
            inner.args = list(pk.elts) if isinstance(pk, (ast.Tuple, ast.List)) else []
            inner.keywords = []
        ast.copy_location(inner, call)
        inner.end_lineno, inner.end_col_offset = call.end_lineno, call.end_col_offset
        inner.utcp_synthetic = label  # type: ignore[attr-defined]  # a mark argvfix reads (getattr)
        before = len(self.sinks)
        self.check(inner, scope)
        for s in self.sinks[before:]:
            s.executors += (label,)
        return len(self.sinks) > before

    # ---- per family -------------------------------------------------------
    def _unknown_flag(self, call, scope) -> None:
        """``self.ui.subprocess_Popen(cmd, shell=True)``: a shell flag handed to a callee no
        table models and the evaluator does not resolve (:mod:`.anyflag`), judged like
        ``subprocess.Popen(cmd, shell=True)`` with the confidence of an unseen callee."""
        flag = flag_keyword(call)
        if flag is None or not (literal_flag(flag) or windows_only_flag(flag, scope, self.m)) or is_test_double(call):
            return
        name = ast.unparse(call.func)
        vals = self.e.values(call.func, scope)
        if (
            name.split(".", 1)[0] in MODELLED
            or not unknown_referents(vals)
            or any(v.kind == "name" and v.name.split(".", 1)[0] in TABLE_MODULES for v in vals)
        ):
            return  # judged by the tables (the library runners' too), or the callee's own body is analysed
        if isinstance(call.func, ast.Name) and local_callable(call.func, scope, self.m):
            return  # ``execute = mock.Mock()``, a class or function of this file: not unseen
        cmd = command_argument(call)
        if cmd is None:
            return
        first = call.args[0] if call.args else None
        if isinstance(first, (ast.Name, ast.Attribute)) and (
            _last_ident(first) in RUNNER_NAMES
            or any(
                v.kind in ("func", "class", "partial", "plumbum")
                or (v.kind == "name" and (v.name in SUBPROCESS or v.name in SHELL_STRING))
                for v in self.e.values(first, scope)
            )
        ):
            return  # ``atexit.register(util.Popen, cmd, shell=True)``: a function handed on (executor shapes)
        kwargs = {"shell": (flag, scope, "keyword")}
        for k in call.keywords:
            if k.arg in ("stdin", "input"):
                kwargs[k.arg] = (k.value, scope, "keyword")
        ca = CallArgs([(cmd, scope)], kwargs, [])
        if self.e.truth(flag, scope)[0] == "no":
            return
        name = _short_callee(name)
        before = len(self.sinks)
        self._subprocess(call, scope, name, ca, (ANY_FLAG,))
        added = self.sinks[before:]
        del self.sinks[before:]
        for s in added:
            if s.kind is SinkKind.SHELL_TRUE and s.level == "low":
                continue  # a constant or quoted command: the opt-in UL412's, and no guess here
            if not s.ev.unknown and not s.ev.dq and private_params_only(s.ev.params, scope, cmd, self.m):
                continue  # only parameters of helpers their own module calls (anyflag.py)
            s.certainty = "medium"  # the callee is not seen; the flag is written at the call
            if s.kind is SinkKind.SHELL_TRUE and s.windows != "only" and windows_named(flag):
                # ``shell=constants.IS_WINDOWS``: cmd.exe on Windows, every item of a list
                s.windows, s.shell, s.how = "only", "yes", s.how.replace(" (true on some runs)", "")
            self.sinks.append(s)

    def _check_name(self, call, scope, name, v: Referent, partial, done):
        via = tuple(v.via) + (tuple(partial.via) if partial is not None else ())
        ca = call_args(call, scope, partial)
        if name in SHELL_STRING or (name.startswith("ctypes.") and name.endswith(".system")):
            if "shell-function" in done:
                return
            done.add("shell-function")
            pos, kws = SHELL_STRING.get(name, (0, ()))
            callee = "libc system() via ctypes" if name.startswith("ctypes.") else name
            self._shell_string(call, scope, callee, ca, pos, kws, SinkKind.SHELL_FUNCTION, via, "high")
            return
        if name in SUBPROCESS:
            if "sub" in done:
                return
            done.add("sub")
            self._subprocess(call, scope, name, ca, via)
            return
        if name in ASYNC_SHELL:
            if "async-shell" in done:
                return
            done.add("async-shell")
            self._shell_string(call, scope, name, ca, 0, ("cmd",), SinkKind.ASYNC_SHELL, via, "high")
            return
        if name in EXEC_ARGV:
            if "exec-argv" in done:
                return
            done.add("exec-argv")
            layout, pi = EXEC_ARGV[name]
            alts = self._exec_argv(ca, layout, pi)
            before = len(self.sinks)
            self._argv_sink(call, scope, name, alts, SinkKind.EXEC_ARGV_SHELL, via, "high")
            if name in PTY_SPAWNS and (a0 := _arg(ca, 0, ("argv",))) is not None:
                self._kept_pty(call, scope, name, a0)
            if len(self.sinks) == before and layout in ("star", "l", "le"):
                self._exec_script_file(call, scope, name, ca, layout, pi, via)
            return
        if name.endswith(".write") and name[: -len(".write")] in PTY_SPAWNS:
            if "runner" not in done:
                done.add("runner")
                self._pexpect_input(call, scope, name[: -len(".write")], ca, via)
            return
        if name.endswith(".sendline") and name[: -len(".sendline")] in PEXPECT_INPUT_CLASSES:
            if "runner" not in done:
                done.add("runner")
                self._pexpect_input(call, scope, name[: -len(".sendline")], ca, via)
            return
        if name in PEXPECT:
            if "runner" in done:
                return
            done.add("runner")
            self._pexpect(call, scope, name, ca, via)
            return
        if name in WIN_EXEC_FUNCS:
            if "runner" not in done:
                done.add("runner")
                pos, kws, how, _src = WIN_EXEC_FUNCS[name]
                self._win_exec(call, scope, name, pos, kws, how, via)
            return
        if name in LIB_RUNNERS:
            if "runner" not in done:
                done.add("runner")
                self._lib_runner(call, scope, name, LIB_RUNNERS[name], ca, via)
            return
        if (lob := lib_object_runner(name)) is not None:
            if "runner" not in done:
                done.add("runner")
                self._lib_runner(call, scope, name, lob, ca, via)
            return
        if name in REMOTE_OR_SHELL_RUNNERS:
            if "runner" in done:
                return
            done.add("runner")
            lib = REMOTE_OR_SHELL_RUNNERS[name]
            if lib == "sarge" and (a := _arg(ca, 0, RUNNER_COMMAND_KEYWORDS[lib])):
                if list_display(a[0]) or self.e.evidence(a[0], a[1]).const:
                    # a list is one argv (Pipeline: ``Node(kind="command", command=source)``); a
                    # constant command line is sarge's ordinary use, not a hygiene note
                    return
            kind = SinkKind.PARAMIKO_COMMAND if lib == "paramiko" else SinkKind.RUNNER_COMMAND
            if lib in RUNNER_COMMAND_AT:
                self._joined_command(call, scope, name, ca, lib, via)
                return
            self._shell_string(
                call,
                scope,
                name,
                ca,
                0,
                RUNNER_COMMAND_KEYWORDS.get(lib, ("command",)),
                kind,
                via + (("sarge's own parser of ; && || | & and redirections",) if lib == "sarge" else ()),
                "high",
                remote=(name.endswith(("run", "sudo", "exec_command")) and lib not in ("invoke", "sarge"))
                or lib == "pssh",
            )
            return
        if name in EVAL:
            if "eval" in done:
                return
            done.add("eval")
            self._eval(call, scope, name, ca, via)
            return
        if (
            name in CODE_RUNNERS
            or name in FILE_RUNNERS
            or name.endswith((".exec_module", ".load_module"))
            or library_code_method(name) is not None
        ):
            if "eval" in done:
                return
            done.add("eval")
            self._code_runner(call, scope, name, ca, via)
            return
        if self.has_gen and "runner" not in done and (gen := generated_runner(name)) is not None:
            # a library runner found by the engine's summary of the library's source (libsumm.py);
            # asked after every hand-written table, which wins for the same name
            done.add("runner")
            self._lib_runner(call, scope, name, gen, ca, via)
            return
        if self.has_sh and name.startswith("sh.") and name.count(".") == 1:
            prog = name[3:]
            if prog not in SH_NOT_PROGRAMS and not prog.startswith("_") and "runner" not in done:
                done.add("runner")
                alts = self._pexprs([const(prog.replace("_", "-") if prog not in SH_FAMILY else prog)], ca.args)
                self._argv_sink(call, scope, f"sh.{prog}", alts, SinkKind.RUNNER_ARGV_SHELL, via, "high")

    def _win_exec(self, call, scope, name, pos, kws, how, via) -> None:
        """A command line a Windows host runs for a remote caller (winexec.py): reported when
        built from data (a constant line is the tools' ordinary use)."""
        a = _arg(call_args(call, scope), pos, kws)
        if a is None:
            return
        ev = self.e.evidence(a[0], a[1])
        if ev.level == "low" or (ev.level == "medium" and not ev.params):
            # constant, or a value of unknown origin alone (a service's binary path read back
            # with hRQueryServiceConfigW and restored): the tools' own bookkeeping
            return
        self.add(SinkKind.RUNNER_COMMAND, call, scope, name, ev, ev.level, "high", via + (how,), remote=True)

    def _joined_command(self, call, scope, name, ca, lib, via) -> None:
        """A remote runner that joins its command and arguments into one command line
        (RUNNER_COMMAND_AT: pywinrm's cmd shell, or a PowerShell script)."""
        (pos, kws), extra = RUNNER_COMMAND_AT[lib]
        a = _arg(ca, pos, kws)
        evs = [self.e.evidence(a[0], a[1]) if a is not None else UNKNOWN]
        if extra is not None:
            b = _arg(ca, extra[0], extra[1])
            if b is not None:
                alts = self.e.argv(b[0], b[1])
                if alts:
                    evs.extend(x if x is not None else UNKNOWN for alt in alts for x in alt)
                else:
                    evs.append(self.e.evidence(b[0], b[1]))
        ev = union(evs)
        if ev.const:
            return  # a constant command: how the remote host is driven, no data in it
        how = "the remote PowerShell (powershell -encodedcommand)" if lib == "winrm-ps" else "the remote cmd shell"
        self.add(SinkKind.RUNNER_COMMAND, call, scope, name, ev, ev.level, "high", via + (how,), remote=True)

    def _shell_string(
        self, call, scope, callee, ca, pos, kws, kind: SinkKind, via, certainty: str, remote: bool = False
    ) -> None:
        a = _arg(ca, pos, kws)
        ev = self.e.evidence(a[0], a[1]) if a is not None else UNKNOWN
        before = len(self.sinks)
        self.add(kind, call, scope, callee, ev, ev.level, certainty, via, remote=remote)
        if not remote:
            self._shell_session(call, scope, callee, ca, ev, via, before)

    def _shell_session(self, call, scope, name, ca: CallArgs, ev, via, before: int) -> None:
        """``create_subprocess_shell("/bin/bash", stdin=PIPE)`` (or ``Popen("bash",
        shell=True, stdin=PIPE)``): the constant command starts a shell (or an
        interpreter) that reads its program from stdin, so what the code writes there
        runs, as for the argv form (:meth:`_stdin_writes`)."""
        if not (ev.const and isinstance(ev.value, str)) or "stdin" not in ca.kwargs:
            return
        if not _is_pipe(ca.kwargs["stdin"][0]):
            return
        try:
            words = shlex.split(ev.value)
        except ValueError:
            return
        if words:
            self._stdin_writes(call, scope, name, [[const(w) for w in words]], via, before)

    def _holds_list(self, a) -> bool:
        """The argument (expr, scope) is a list: written out, or a name every binding
        of which there is a list display."""
        return list_value(self.m, a[0], a[1], 1)

    def _lib_runner(self, call, scope, name, spec: LibRunner, ca: CallArgs, via) -> None:
        """A third-party runner of :data:`.runnerlibs.LIB_RUNNERS`: its string command is a
        shell command when the entry's mode says the shell runs (see runnerlibs)."""
        certainty = "high"
        how: tuple[str, ...] = ()
        if spec.mode == "argv":
            if spec.pos is not None and len(ca.args) > spec.pos:
                alts = self._star_argv(ca, spec.pos)
                self._argv_sink(call, scope, name, alts, SinkKind.RUNNER_ARGV_SHELL, via, "high")
            return
        if spec.mode in ("flag", "unless") and spec.flag is not None:
            if spec.flag in ca.kwargs:
                expr, sc, _k = ca.kwargs[spec.flag]
                st, _desc, certainty = self.e.truth(expr, sc)
                if st == "no":
                    return
                how = (f"{spec.flag}={ast.unparse(expr)}",)
            elif spec.mode == "flag":
                return  # off by default
            elif ca.splats:
                certainty = "medium"  # a **options splat may switch it off
        a = _arg(ca, spec.pos, spec.kws)
        if a is not None and spec.mode == "items" and isinstance(a[0], (ast.List, ast.Tuple)):
            # each command of the list written here (``commands=[f"... {x}", "uptime"]``)
            items = [x for x in a[0].elts if not isinstance(x, ast.Starred)]
            ev = union([self.e.evidence(x, a[1]) for x in items]) if items else None
            if ev is not None and ev.level != "low":
                self.add(
                    SinkKind.RUNNER_COMMAND,
                    call,
                    scope,
                    name,
                    ev,
                    ev.level,
                    certainty,
                    via + (f"{name.split('.')[0]} runs each command through a shell",),
                    remote=spec.remote,
                )
            return
        if a is None or self._holds_list(a) or list_annotated(self.m, a[0], a[1]) or argparse_list(self.m, a[0]):
            return  # an argv
        if spec.text and (not written_text(a[0], a[1], self.m) or names_only(a[0])):
            return  # a function or an object (an SCons action), not a command line
        ev = self.e.evidence(a[0], a[1])
        if spec.typed and (not ev.params or _credential(a[0], ev)):
            # an answer to a login or password prompt typed into the session, or a value of
            # unknown origin alone (a configured login sequence): a parameter's text is the fact
            return
        if spec.joined is not None and (b := _arg(ca, *spec.joined)) is not None and not self._holds_list(b):
            ev = union([ev, self.e.evidence(b[0], b[1])])  # ``RunCmd(cmd, parameters)``: one line
        if ev.level == "low" or (spec.traced and all(p[3] == DERIVED for p in ev.params)):
            return  # a command line constant or quoted throughout: the library's ordinary use
        self.add(
            SinkKind.RUNNER_COMMAND,
            call,
            scope,
            name,
            ev,
            ev.level,
            certainty,
            via + how + (f"{name.split('.')[0]} runs a string command through a shell",),
            how=LIB_STRING_COMMAND,
            remote=spec.remote,  # a remote host's shell (ssh, a device, a configuration-management target)
        )

    def _subprocess(self, call, scope, name, ca: CallArgs, via):
        state, how, tconf = self._shell_state(ca, name)
        a = _arg(ca, 0, ("args",))
        if state == "maybe" and tconf == "low" and a is not None and self._argv_starts_shell(a):
            # ``Popen(["ssh", host] + cmd, **kwargs)``: a caller's shell=True only maybe, but the
            # argv itself starts a shell (or a remote one) with code: that is the fact
            state = "no"
        if state in ("yes", "maybe"):
            flag = ca.kwargs.get("shell")
            win = "only" if flag is not None and windows_only_flag(flag[0], flag[1], self.m) else ""
            if win:
                how = how.replace(" (true on some runs)", "")
            if a is None:
                ev = UNKNOWN
            else:
                alts = self.e.argv(a[0], a[1]) if list_display(a[0]) else None
                if alts:  # shell=True with a list: the first item is the command line (POSIX)
                    ev = union([alt[0] if alt and alt[0] is not None else UNKNOWN for alt in alts])
                    # ... and on Windows cmd.exe gets every item, joined by list2cmdline (windows.py)
                    every = union([x if x is not None else UNKNOWN for alt in alts for x in alt])
                    if win or _LEVELS[every.level] > _LEVELS[ev.level]:
                        ev, win = every, win or "items"
                else:
                    ev = self.e.evidence(a[0], a[1])
            before = len(self.sinks)
            self.add(
                SinkKind.SHELL_TRUE,
                call,
                scope,
                name,
                ev,
                ev.level,
                tconf,
                via + ca.how,
                shell=state,
                how=how,
                windows=win,
            )
            self._shell_session(call, scope, name, ca, ev, via, before)
            return
        if a is None:
            return
        alts = argv_with_named_head(self.e, a[0], a[1], self.m)
        if not list_display(a[0]) and not any(alt and _cv(alt[0]) in ("cmd", "cmd.exe") for alt in alts or ()):
            # a string without a shell is the whole command line on Windows (CreateProcess; CPython
            # subprocess.py ``_execute_child``: a str is passed as it is), so ``"cmd /c ..." + x``
            # starts cmd.exe with the line's rest as its code; on POSIX such a string is a program
            # path that does not exist, so only a line whose split head is cmd.exe is read so
            split = self.e.split_argv(a[0], a[1])
            if split and all(alt and prog_name(_cv(alt[0]) or "") == "cmd" for alt in split):
                alts = split
        exe = _arg(ca, None, ("executable",))
        if exe is not None and alts:
            ev0 = self.e.evidence(exe[0], exe[1])
            if ev0.const and ev0.value:
                alts = [[ev0] + alt[1:] for alt in alts]
        before = len(self.sinks)
        self._argv_sink(call, scope, name, alts, SinkKind.SUBPROCESS_ARGV_SHELL, via + ca.how, "high", a[0])
        if len(self.sinks) == before and exe is None:
            self._script_file(call, a[0], a[1], name, SinkKind.SUBPROCESS_ARGV_SHELL, via + ca.how)
        if "input" in ca.kwargs and alts:
            self._stdin_script(call, scope, name, alts, ca, via, before)
        elif "stdin" in ca.kwargs and alts and _is_pipe(ca.kwargs["stdin"][0]):
            self._stdin_writes(call, scope, name, alts, via, before)

    def _argv_starts_shell(self, a) -> bool:
        """The argv expression ``a`` (expr, scope) is a list that starts a shell or an
        interpreter with code not constant, on some alternative."""
        if not list_display(a[0]) and not isinstance(a[0], (ast.Name, ast.BinOp, ast.Call)):
            return False
        for alt in argv_with_named_head(self.e, a[0], a[1], self.m) or ():
            hit = shell_in_argv(alt)
            if hit is not None and not hit[1].const:
                return True
        return False

    def _script_file(self, call, argv_expr, scope, name, kind: SinkKind, via) -> None:
        """``["bash", path]`` (or python, node, perl...) where ``path`` was written
        with data earlier in the function: the data is the code that runs."""
        if isinstance(argv_expr, ast.Name):
            # cmd = ["bash", tf.name]; run(cmd): the one list the name holds there
            from .scopes import lookup

            _sc, bl = lookup(self.m, scope, argv_expr.id, (argv_expr.lineno, argv_expr.col_offset))
            if len(bl) == 1 and bl[0].kind == "assign" and isinstance(bl[0].value, (ast.List, ast.Tuple)):
                argv_expr = bl[0].value
        if not isinstance(argv_expr, (ast.List, ast.Tuple)):
            # ``subprocess.call(fh.name)``: the program's path alone (no shell), a file the
            # function wrote with data and made executable (rosdep's script runner)
            self._script_run_directly(call, argv_expr, scope, name, kind, via)
            return
        if not argv_expr.elts:
            return
        prog = self.e.evidence(argv_expr.elts[0], scope)
        if not (prog.const and isinstance(prog.value, str)):
            named = named_program(argv_expr.elts[0], scope, self.m) or self._script_program(argv_expr.elts[0], scope)
            if named is None:
                self._script_run_directly(call, argv_expr.elts[0], scope, name, kind, via)
                return
            prog = const(named)  # [sys.executable, path], [shell, path]
        if len(argv_expr.elts) < 2:
            return
        pn = prog_name(prog.value)
        if not _script_runner(pn):
            return
        op = next(
            (
                e
                for e in argv_expr.elts[1:]
                if not (isinstance(e, ast.Constant) and isinstance(e.value, str) and e.value.startswith("-"))
            ),
            None,
        )
        fs = scope
        while fs is not None and fs.kind not in ("function", "module"):
            fs = fs.parent
        if op is None or fs is None:
            return
        data = [(d, scope) for d in script_writes(fs.node, op, (call.lineno, call.col_offset))]
        data = data or class_writes(self.m, fs, op)  # written by another method (scriptlater.py)
        if not data:
            return
        ev = union([self.e.evidence(d, sc) for d, sc in data])
        if ev.const:
            return  # a script the code writes itself: nothing from outside runs
        self.add(kind, call, scope, name, ev, ev.level, "high", via, label=f"{pn} <script file written with data>")

    def _exec_script_file(self, call, scope, name, ca: CallArgs, layout: str, pi: int, via) -> None:
        """``create_subprocess_exec(program, *extra_args)`` / ``os.execl(prog, prog, path)``:
        the argv is the call's own arguments (asyncio docs, ``create_subprocess_exec(program,
        *args, ...)``); a script file written with data there runs as :meth:`_script_file` says
        for a list.  A ``*name`` whose every binding is a list display is read as each of them
        (``extra_args = [str(written_file)]`` in each branch of a language switch)."""
        args = [a for a, _sc in ca.args[pi:]]
        if layout == "le" and args:
            args = args[:-1]  # the environment
        elif layout == "l" and len(args) > 1:
            args = args[:1] + args[2:]  # the program's path, then argv[0] (its name) is not a file operand
        if not args or isinstance(args[0], ast.Starred):
            return
        stars = [i for i, a in enumerate(args) if isinstance(a, ast.Starred)]
        options = [args]
        if len(stars) == 1 and isinstance(args[stars[0]].value, ast.Name):
            star = args[stars[0]].value
            _sc, bl = lookup(self.m, scope, star.id, (star.lineno, star.col_offset))
            if not bl or not all(b.kind == "assign" and isinstance(b.value, (ast.List, ast.Tuple)) for b in bl):
                return
            i = stars[0]
            options = [args[:i] + list(b.value.elts) + args[i + 1 :] for b in bl[:4]]
        elif stars:
            return
        before = len(self.sinks)
        for elts in options:
            if any(isinstance(e, ast.Starred) for e in elts):
                continue
            self._script_file(call, ast.List(elts=elts, ctx=ast.Load()), scope, name, SinkKind.EXEC_ARGV_SHELL, via)
            if len(self.sinks) > before:
                return

    def _script_program(self, head: ast.expr, scope) -> str | None:
        """The script runner (:data:`SCRIPT_RUNNERS`, ``pythonX.Y``) one of the bindings of the
        name ``head`` reaching the call names (``program = sys.executable`` in one branch of a
        language switch, ``program = lang_to_cmd(lang)`` in the other): a file given to it runs
        as its code there."""
        if not isinstance(head, ast.Name):
            return None
        _sc, bl = lookup(self.m, scope, head.id, (head.lineno, head.col_offset))
        values = [b.value for b in bl[:8] if b.kind == "assign" and isinstance(b.value, ast.expr)]
        for v in values:
            for x in (v.body, v.orelse) if isinstance(v, ast.IfExp) else (v,):  # venv_exe if venv else sys.executable
                word = (
                    x.value
                    if isinstance(x, ast.Constant) and isinstance(x.value, str)
                    else named_program(x, scope, self.m)
                )
                if word and _script_runner(prog_name(word)):
                    return word
        return None

    def _stdin_script(self, call, scope, name, alts, ca: CallArgs, via, before: int) -> None:
        """``run(["bash", "-s"], input=script)``: a shell or interpreter reading its
        program from stdin runs the ``input=`` data (:mod:`.stdinscript`)."""
        labels = [lab for lab in (stdin_program(alt) for alt in alts) if lab is not None]
        if not labels:
            return
        expr, sc, _how = ca.kwargs["input"]
        ev = self.e.evidence(expr, sc)
        if ev.const:
            return
        del self.sinks[before:]  # the argv's constant remote command is not the fact here: the data is
        self.add(SinkKind.SUBPROCESS_ARGV_SHELL, call, scope, name, ev, ev.level, "high", via + ca.how, label=labels[0])

    def _kept_handle(self, call, scope) -> tuple | None:
        """Where the process (or session) ``call`` starts is kept, and where its uses are:
        ``(("name", n), function, call's position)`` for a local name (its uses after the
        call), ``(("self", attr), class, (0, 0))`` for ``self.attr`` (every method)."""
        fs = scope
        while fs is not None and fs.kind not in ("function", "module"):
            fs = fs.parent
        if fs is None:
            return None
        handle = _process_handle(fs.node, call)
        if handle is None:
            return None
        if handle[0] == "self":
            cls = getattr(fs, "cls", None)
            if cls is None or not isinstance(cls.node, ast.ClassDef):
                return None
            return handle, cls.node, (0, 0)
        return handle, fs.node, (call.lineno, call.col_offset)

    def _stdin_writes(self, call, scope, name, alts, via, before: int) -> None:
        """``p = Popen(["sh"], stdin=PIPE)`` then ``p.communicate(cmd)`` or
        ``p.stdin.write(cmd)`` (in the same function, or through ``self.proc`` in
        the class's other methods): a shell or interpreter reading its program
        from stdin runs what is written there (:mod:`.stdinscript`).  Reported at
        the write that feeds the data."""
        labels = [lab for lab in (stdin_program(alt) for alt in alts) if lab is not None]
        if not labels:
            return
        kept = self._kept_handle(call, scope)
        if kept is None:
            return
        handle, where, after = kept
        writes = _handle_writes(where, handle, after)
        if not writes:
            return
        if self._call_scopes is None:
            self._call_scopes = {id(c): sc for c, sc in self.m.calls}
        added = False
        for w, data in writes:
            wsc = self._call_scopes.get(id(w))
            if wsc is None:
                continue
            ev = self.e.evidence(data, wsc)
            if ev.const:
                continue
            if not added:
                del self.sinks[before:]  # the argv's constant program is not the fact here: the data is
                added = True
            self.add(SinkKind.SUBPROCESS_ARGV_SHELL, w, wsc, name, ev, ev.level, "high", via, label=labels[0])

    def _script_run_directly(self, call, head, scope, name, kind: SinkKind, via) -> None:
        """``[path]`` where ``path`` was written with data earlier in the function
        (then made executable): its ``#!`` line picks the interpreter, the data is its code."""
        if path_key(head) is None:
            return
        fs = scope
        while fs is not None and fs.kind not in ("function", "module"):
            fs = fs.parent
        if fs is None:
            return
        data = [(d, scope) for d in script_writes(fs.node, head, (call.lineno, call.col_offset))]
        data = data or class_writes(self.m, fs, head)  # written by another method (scriptlater.py)
        if not data:
            return
        ev = union([self.e.evidence(d, sc) for d, sc in data])
        if ev.const or not any(p[3] != QUOTED for p in ev.params):
            return  # only data from a parameter or a program input: a file the code composes itself stays quiet
        self.add(kind, call, scope, name, ev, ev.level, "high", via, label="<script file written with data>")

    def _shell_state(self, ca: CallArgs, name):
        if "shell" in ca.kwargs:
            expr, sc, how = ca.kwargs["shell"]
            st, h, conf = self.e.truth(expr, sc)
            if how != "keyword":
                h = f"{h} set by {how}"
            return st, h, conf
        if len(ca.args) > 8 and name in SUBPROCESS:
            expr, sc = ca.args[8]
            if not isinstance(expr, ast.Starred):
                st, h, conf = self.e.truth(expr, sc)
                return st, h + " (9th positional argument)", conf
        best = ("no", "", "high")
        for expr, sc in ca.splats:
            entries = self.e.dict_entry(expr, "shell", sc)
            if not entries:
                continue
            for ent in entries:
                if ent[0] == "kwargs":
                    cand = ("maybe", f"**{ent[1]} pass-through of {ent[2].name}(): a caller may pass shell=True", "low")
                else:
                    vexpr, vsc, how = ent
                    st, h, conf = self.e.truth(vexpr, vsc)
                    cand = (st, f"{h} from {how}", conf)
                if cand[0] == "yes":
                    return cand
                if cand[0] == "maybe" and (best[0] == "no" or _LEVELS[cand[2]] > _LEVELS[best[2]]):
                    best = cand  # ``kwargs["shell"] = flag`` outweighs the **kwargs pass-through it overrides
        return best

    def _star_argv(self, ca: CallArgs, start: int):
        exprs = [a for a, _sc in ca.args[start:]]
        sc = ca.args[start][1] if len(ca.args) > start else None
        if sc is None:
            return None
        return self._named_head(self.e.argv(ast.List(elts=exprs, ctx=ast.Load()), sc), exprs[0], sc)

    def _named_head(self, alts, head: ast.expr, scope):
        """A head not known statically that the code names as a shell (``[shell, "-c", cmd]``,
        ``os.environ.get("SHELL")``): read the argv as that program's (:mod:`.named`)."""
        return with_named_head(alts, head, scope, self.m)

    def _pexprs(self, head: list, args):
        """Alternatives for ``head + args`` where args are (expr, scope) call arguments."""
        if not args:
            return [head]
        sc = args[0][1]
        tail = self.e.argv(ast.List(elts=[a for a, _ in args], ctx=ast.Load()), sc) or [[None]]
        return [head + t for t in tail]

    def _exec_argv(self, ca: CallArgs, kind, pi):
        if len(ca.args) <= pi:
            return None
        if kind == "star":
            return self._star_argv(ca, pi)
        prog_expr, sc = ca.args[pi]
        if isinstance(prog_expr, ast.Starred):
            return None
        prog = self.e.evidence(prog_expr, sc)
        named = named_program(prog_expr, sc, self.m) if _cv(prog) is None else None
        if kind == "list":
            alts = self.e.argv(prog_expr, sc)
            if alts and len(alts[0]) == 1 and isinstance(prog_expr, ast.Constant):
                return alts
            return alts
        if kind in ("l", "le"):
            rest = ca.args[pi + 1 :]
            if kind == "le" and rest:
                rest = rest[:-1]
            tail = self._pexprs([], rest)
            return [[self._head(prog, named, t)] + t[1:] for t in tail]
        if len(ca.args) > pi + 1:
            aexpr, asc = ca.args[pi + 1]
            alts = self.e.argv(aexpr, asc)
            if alts is None:
                return None
            if _first_item_of(prog_expr, aexpr):
                # ``os.execv(argv[0], argv)``, ``spawnProcess(pp, argv[0], argv)``: the program is
                # the argv's own first item, in each alternative
                return [[t[0] if t else None] + t[1:] for t in alts]
            return [[self._head(prog, named, t)] + t[1:] for t in alts]
        return None

    @staticmethod
    def _head(prog, named: str | None, alt: list):
        """The program of an exec/spawn argv: the constant, or what the code names it
        (``[sh, "/C", line]``: cmd, :func:`.named.shell_by_option`)."""
        return prog if named is None else const(shell_by_option(named, alt))

    def _argv_sink(self, call, scope, name, alts, kind: SinkKind, via, certainty: str, argv=None) -> None:
        if not alts:
            return
        pres = None
        if isinstance(argv, (ast.List, ast.Tuple)) and not any(isinstance(x, ast.Starred) for x in argv.elts):
            from .operandcode import static_beginning

            def bound(n):  # the one assignment of the name reaching the item, if any
                _s, bl = lookup(self.m, scope, n.id, (n.lineno, n.col_offset))
                return bl[0].value if len(bl) == 1 and bl[0].kind == "assign" and not bl[0].index else None

            pres = [static_beginning(x, bound) for x in argv.elts]  # the static text each item starts with
        found = []
        for alt in alts:
            r = shell_in_argv(alt, pres if pres is not None and len(pres) == len(alt) else None)
            if r is not None:
                found.append(r)
        if not found:
            return
        order = {"high": 2, "medium": 1, "low": 0}
        found.sort(key=lambda r: -order[r[1].level])
        labels = []
        for lab, _ in found:
            if lab not in labels:
                labels.append(lab)
        ev = union([f[1] for f in found])
        self.add(kind, call, scope, name, ev, found[0][1].level, certainty, via, label=" / ".join(labels))

    def _kept_session(self, call, scope, name, ca, a) -> None:
        """``self._shell = pexpect.spawn("/usr/bin/env bash")``: a shell or interpreter that reads
        its commands from its terminal, kept on ``self``; each ``self._shell.sendline(data)``
        (or through a property returning it) of the class types code (:mod:`.sessionwrites`)."""
        from .sessionwrites import handle_names, session_writes

        labels = self._spawn_reads(ca, a)
        if not labels:
            return
        kept = self._kept_handle(call, scope)
        if kept is None or kept[0][0] != "self":
            return  # a local handle: the per-call check (:meth:`_pexpect_input`) reads its sends
        handle, cls_node, _after = kept
        into = labels[0].replace(" <script on stdin>", "")
        self._typed_into(
            session_writes(cls_node, handle_names(cls_node, handle[1])),
            lambda w: f"{name}.{w.func.attr} (text typed into {into})",
        )

    def _kept_pty(self, call, scope, name, a) -> None:
        """``self.proc = PtyProcessUnicode.spawn(["bash"])``: the writes of the class to the kept
        child type into the program when it reads its commands from the terminal (read as
        :meth:`_kept_session` reads a kept pexpect child)."""
        self._kept_session(call, scope, name, call_args(call, scope), a)

    def _spawn_reads(self, ca, a) -> list:
        """The labels of :func:`.stdinscript.stdin_program` for every argv a ``spawn(command,
        args)`` call may start (``[]`` unless each reads its commands from the terminal):
        ``spawn("bash")``, ``spawn("ssh", [host])``, ``spawn("ssh admin@" + host)`` (the
        remote login shell)."""
        prog = self.e.evidence(a[0], a[1])
        extra = _arg(ca, 1, ("args",))
        if prog.const and isinstance(prog.value, str):
            if extra is not None:
                # with ``args`` the command is the program itself, not split (pexpect 4.9
                # pty_spawn.py ``_spawn``: ``self.args = args[:]; self.args.insert(0, command)``)
                alts = [[const(prog.value)] + t for t in self.e.argv(extra[0], extra[1])]
            else:
                try:
                    alts = [[const(w) for w in shlex.split(prog.value)]]
                except ValueError:
                    return []
        elif extra is None and self._holds_list(a):
            # an argv (ptyprocess ``spawn([shell, "-l"])``): a head named as a shell is one (named.py)
            alts = argv_with_named_head(self.e, a[0], a[1], self.m) or []
        elif extra is None:
            # a command line built with values: the words pexpect's split gives (splitwords.py)
            alts = self.e.split_argv(a[0], a[1]) or []
        else:
            return []
        labels = [lab for lab in (stdin_program(alt) for alt in alts) if lab is not None]
        return labels if labels and len(labels) == len(alts) else []

    def _pexpect_input(self, call, scope, cls: str, ca, via):
        """``child.sendline(text)``: shell code when ``child`` is a shell (:data:`PEXPECT_INPUT_CLASSES`)."""
        a = _arg(ca, 0, ("s",))
        if a is None or any(s.node is call for s in self.sinks):
            # a write the kept-session reading (:meth:`_kept_session`: ``self._shell =
            # pexpect.spawn("bash")``, typed as the spawn's instance) already reported
            return
        ev = self.e.evidence(a[0], a[1])
        if ev.const or ev.level == "low":
            return
        if _credential(a[0], ev):
            return  # ``child.sendline(password)``: the answer to a login prompt
        remote = cls in PEXPECT_REMOTE_SHELL
        shell = remote or _shell_only_start(_literal_head(a[0]))
        if not remote and isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name):
            spawned = self._assigned_call(call.func.value, scope)
            if spawned is not None and spawned.args:
                prog = self.e.evidence(spawned.args[0], scope)
                if prog.const and isinstance(prog.value, str) and prog_name(prog.value) in SH_FAMILY:
                    shell = True
                elif not isinstance(spawned.args[0], ast.Starred):
                    # ``spawn("ssh " + host)``, ``spawn("ssh", [host])``: a program that reads its
                    # commands from the terminal, a remote login shell among them (stdinscript.py)
                    labels = self._spawn_reads(call_args(spawned, scope), (spawned.args[0], scope))
                    if labels and all(_shell_label(lab) for lab in labels):
                        # (an interpreter's REPL is given code, quoted its own way: ``%r``)
                        shell = True
                        remote = any(lab.startswith(_REMOTE_PROGRAMS) for lab in labels)
        if not shell:
            return
        meth = call.func.attr if isinstance(call.func, ast.Attribute) else "sendline"
        callee = f"{cls}.{meth} (text typed into {'a remote' if remote else 'an interactive'} shell)"
        self.add(SinkKind.RUNNER_COMMAND, call, scope, callee, ev, ev.level, "high", via, remote=remote)

    def _assigned_call(self, name: ast.Name, scope) -> ast.Call | None:
        """The call whose result is the one value bound to ``name`` where it is used."""
        from .scopes import lookup

        _sc, bl = lookup(self.m, scope, name.id, (name.lineno, name.col_offset))
        if len(bl) == 1 and bl[0].kind == "assign" and isinstance(bl[0].value, ast.Call):
            return bl[0].value
        return None

    def _pexpect(self, call, scope, name, ca, via):
        a = _arg(ca, 0, ("command", "cmd"))
        if a is None:
            return
        if not name.endswith(("run", "runu")):
            self._kept_session(call, scope, name, ca, a)
        extra = _arg(ca, 1 if not name.endswith(("run", "runu")) else None, ("args",))
        if extra is not None:
            alts = self.e.argv(extra[0], extra[1])
            prog = self.e.evidence(a[0], a[1])
            if alts:
                # ``pexpect.spawn(self.sh, args=["-c", cmd])``: a program the code names as a
                # shell (named.py) reads the rest as that shell's argv
                full = with_named_head([[prog] + t for t in alts], a[0], a[1], self.m)
                self._argv_sink(call, scope, name, full, SinkKind.RUNNER_ARGV_SHELL, via, "high")
                return
        ev = self.e.evidence(a[0], a[1])
        if ev.const and isinstance(ev.value, str):
            try:
                words = shlex.split(ev.value)
            except ValueError:
                return
            self._argv_sink(call, scope, name, [[const(w) for w in words]], SinkKind.RUNNER_ARGV_SHELL, via, "high")
            return
        if isinstance(a[0], (ast.List, ast.Tuple)):
            return
        # pexpect splits the string into program and arguments itself (no
        # shell): only a string whose literal start names a shell or an
        # interpreter with its code option runs code (pexpect 4.9 pty_spawn.py,
        # _spawn: ``self.args = split_command_line(command)``)
        split = self.e.split_argv(a[0], a[1])
        hit = shell_in_argv(split[0]) if split else None
        if hit is not None and not hit[1].const:
            # the words pexpect's split gives (the template's own quotes decide them,
            # :mod:`.splitwords`) start a shell, a remote shell or a program that runs a
            # word as shell code
            self.add(SinkKind.PEXPECT_STRING, call, scope, name, ev, ev.level, "high", via)
            return
        head = _literal_head(a[0])
        if head is None:
            return
        words = head.split()
        if words and not head[-1:].isspace():
            words.pop()  # the value continues this word
        if not words or shell_in_argv([const(w) for w in words] + [ev]) is None:
            return
        self.add(SinkKind.PEXPECT_STRING, call, scope, name, ev, ev.level, "high", via)

    def _check_plumbum(self, call, scope, v: Referent, done):
        if "runner" in done:
            return
        head = []
        if v.name:
            head.append(const(v.name))
        items = [(x, sc) for x, sc in v.data]
        args = items + [(a, scope) for a in call.args]
        if not v.name:
            if not args:
                return
            p0, s0 = args[0]
            head.append(self.e.evidence(p0, s0))
            args = args[1:]
        alts = self._pexprs(head, args)
        done.add("runner")
        label = "sh.Command" if "sh.Command" in v.via else "plumbum"
        self._argv_sink(call, scope, f"{label} command", alts, SinkKind.RUNNER_ARGV_SHELL, tuple(v.via), "high")

    def _eval(self, call, scope, name, ca, via):
        a = _arg(ca, 0, ("source", "expression", "object"))
        if a is None:
            return
        from .coderun import compiled_source

        a = compiled_source(self.e, self.m, a[0], a[1]) or a  # exec(codeop.Compile()(src)): the source
        self._code(call, scope, EVAL[name], a, via)

    def _code_runner(self, call, scope, name, ca, via) -> None:
        """A library entry point that runs Python source or a file's code (:mod:`.coderun`)."""
        from .coderun import loaded_file_path

        lib = library_code_method(name)
        if name in CODE_RUNNERS or lib is not None:
            pos, kws = CODE_RUNNERS[name] if name in CODE_RUNNERS else lib  # type: ignore[misc]
            a = _arg(ca, pos, kws)
            if (
                a is not None
                and name.split(".", 1)[0] in CELL_RUNNER_LIBS
                and all(p[3] == DERIVED for p in self.e.evidence(a[0], a[1]).params)
            ):
                return  # a notebook's own cells (``nb.cells`` of a file run as a whole): execute_notebook's fact
            if a is not None:
                self._code(call, scope, name, a, via)
            return
        if name in FILE_RUNNERS:
            pos, kws = FILE_RUNNERS[name]
            a = _arg(ca, pos, kws)
        else:
            got = loaded_file_path(self.e, self.m, call, scope, name)
            if got is None:
                return
            a = got[:2]
            name = f"{got[2]}(...).{name.rsplit('.', 1)[1]}"
        if a is None:
            return
        from .execfile import path_evidence

        fev = path_evidence(self.e, self.m, a[0], a[1])
        if fev is not None:
            self.add(SinkKind.EXEC_FILE, call, scope, name, fev, "medium", "medium", via)

    def _code(self, call, scope, kind: str, a, via) -> None:
        """``a`` (expression, scope) is Python source that ``kind`` runs."""
        ev = self.e.evidence(a[0], a[1])
        if ev.const and isinstance(ev.value, str):
            from .execstr import shell_in_code_string

            shell_in_code_string(self, call, scope, kind, a[0], ev.value)
            return
        if isinstance(a[0], ast.Name) and not ev.const:
            from .narrow import narrowed_to_constants

            fn = scope.node if scope is not None and scope.node is not None else None
            if fn is not None and narrowed_to_constants(fn, a[0]):
                return  # ``if x in ["[]", "{}"]: eval(x)``: one of those constants
        # built from parameters: the parameter's text is in the code (directly,
        # by formatting or by string operations); a value only *derived* from a
        # parameter through other calls (exec(open(path).read())) is not reported
        direct = [p for p in ev.params if p[3] != DERIVED]
        if ev.const or not direct:
            from .execfile import file_code_path

            fev = file_code_path(self.e, self.m, a[0], a[1])
            if fev is not None:
                # the content of a file the program is told to run (a path not fixed in the code)
                self.add(SinkKind.EXEC_FILE, call, scope, kind, fev, "medium", "medium", via)
                return
            if not ev.const:
                from .selfcode import self_attr_params

                own = self_attr_params(self.e, self.m, a[0], a[1], call)
                if own:
                    # ``self.path = f(txt)`` ... ``eval(f"...{self.path}...")`` in one method
                    params = frozenset((x, y, z, RAW) for x, y, z, _m in own)
                    sev = Provenance(False, None, params, ev.unknown, ev.ops, (), ev.dq)
                    sk = SinkKind.EVAL if kind == "eval" else SinkKind.EXEC
                    self.add(sk, call, scope, kind, sev, sev.level, "high", via + ("self attributes set from them",))
                    return
                from .selfcode import init_attr_params

                own = init_attr_params(self.e, self.m, a[0], a[1])
                if own:
                    # ``self.src = template.format(stmt=stmt)`` in ``__init__`` ... ``exec(self.src)``
                    params = frozenset((x, y, z, RAW) for x, y, z, _m in own)
                    sev = Provenance(False, None, params, ev.unknown, ev.ops, (), ev.dq)
                    sk = SinkKind.EVAL if kind == "eval" else SinkKind.EXEC
                    self.add(
                        sk, call, scope, kind, sev, sev.level, "medium", via + ("constructor parameters kept in self",)
                    )
                    return
                from .codeinput import input_source

                src = input_source(self.e, self.m, a[0], a[1])
                if src is not None:
                    # text received from a peer, the environment, stdin or the network (codeinput.py)
                    iev = Provenance(False, None, frozenset({(0, "", src, RAW)}), False, ev.ops, (), ev.dq)
                    sk = SinkKind.EVAL if kind == "eval" else SinkKind.EXEC
                    self.add(sk, call, scope, kind, iev, "high", "high", via)
                    return
                from .untraced import untraced_code

                seen = untraced_code(self.e, self.m, a[0], a[1], call)
                if seen is not None:
                    # a value the scan cannot trace: usually outside text (untraced.py)
                    uev = Provenance(False, None, frozenset(), True, frozenset(), (), ())
                    self.add(SinkKind.CODE_UNTRACED, call, scope, kind, uev, "medium", "medium", via, label=seen)
            return
        # for eval/exec shell quoting is no protection at all
        params = frozenset((x, y, z, RAW) for x, y, z, _m in direct)
        ev = Provenance(False, None, params, ev.unknown, ev.ops, (), ev.dq)
        self.add(SinkKind.EVAL if kind == "eval" else SinkKind.EXEC, call, scope, kind, ev, ev.level, "high", via)


def _literal_head(e) -> str | None:
    """The constant text a string expression starts with (f-string, ``+``, ``%``)."""
    if isinstance(e, ast.Constant) and isinstance(e.value, str):
        return e.value
    if isinstance(e, ast.JoinedStr) and e.values and isinstance(e.values[0], ast.Constant):
        return str(e.values[0].value)
    if isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Add, ast.Mod)):
        return _literal_head(e.left)
    return None


# programs that run a script file given as their first operand (the file's text is code)
SCRIPT_RUNNERS = SH_FAMILY | {"python", "python2", "python3", "node", "perl", "ruby", "php", "lua", "tclsh", "Rscript"}
# batch systems that run a job script file with a shell (issue 25): Slurm sbatch(1) "sbatch
# submits a batch script to Slurm ... given to sbatch through a file name on the command
# line"; PBS/Torque qsub(1B) and Grid Engine qsub(1) "script_file" (run by the job's shell)
SCRIPT_RUNNERS |= {"sbatch", "qsub"}


def _script_runner(pn: str) -> bool:
    """Does the program name ``pn`` run a file operand as its code (``pythonX.Y`` too)?"""
    return pn in SCRIPT_RUNNERS or re.match(r"^python\d+(\.\d+)?$", pn) is not None


#: calls that give the same file's path in another form: ``str(p)``, ``os.fspath(p)``,
#: ``p.as_posix()``, ``os.path.abspath(p)``, ``p.resolve()`` (Python docs: os.fspath,
#: pathlib.PurePath.as_posix, os.path.abspath/realpath, pathlib.Path.resolve/absolute)
_SAME_PATH_FUNCS = frozenset({"str", "fspath", "abspath", "realpath", "normpath"})
_SAME_PATH_METHODS = frozenset({"as_posix", "resolve", "absolute", "expanduser"})


def path_key(e: ast.expr) -> str | None:
    """A key equal for two expressions of one function that name the same file the same
    way: a name, an attribute chain (``self.script``), ``os.path.join(d, "run.sh")``,
    ``d / "run.sh"``, seen through ``str()``/``os.fspath()``/``.as_posix()``/``.resolve()``
    (issue 25: a script written to ``path`` and run as ``[str(path)]``); None for others."""
    while isinstance(e, ast.Call):
        f = e.func
        if isinstance(f, ast.Attribute) and f.attr in _SAME_PATH_METHODS and not e.args:
            e = f.value
        elif _last_ident(f) in _SAME_PATH_FUNCS and len(e.args) == 1 and not e.keywords:
            e = e.args[0]
        elif _last_ident(f) == "join" and isinstance(f, ast.Attribute) and _last_ident(f.value) == "path":
            break
        else:
            return None
    if isinstance(e, ast.Name):
        return e.id
    if isinstance(e, ast.Attribute):
        base = e.value
        while isinstance(base, ast.Attribute):
            base = base.value
        return ast.dump(e) if isinstance(base, ast.Name) else None
    if isinstance(e, (ast.Call, ast.BinOp)):
        if isinstance(e, ast.BinOp) and not isinstance(e.op, ast.Div):
            return None
        return ast.dump(e)
    return None


def script_writes(fn: ast.AST, target: ast.expr, before: tuple) -> list:
    """The data written, before ``before`` (line, col), into the file the argv
    operand ``target`` names: ``with open(P, "w") as f: f.write(d)``,
    ``open(P, "w").write(d)``, ``Path(P).write_text(d)`` / ``P.write_text(d)``
    for a path ``P`` (a name, ``self.attr``, ``os.path.join(...)``, ``d / "x"``, also
    written ``str(P)`` on either side: :func:`path_key`); ``f.write(d)`` for ``f.name`` of
    ``with tempfile.NamedTemporaryFile("w") as f``; through a local name given the file
    (``fname = f.name``) and with ``print(d, file=f)`` (scriptlater.py)."""
    out = _script_writes(fn, target, before)
    if not out:
        alias = file_alias(fn, target, before)
        if alias is not None:
            out = _script_writes(fn, alias, before)
    return out


def _script_writes(fn: ast.AST, target: ast.expr, before: tuple) -> list:
    if isinstance(target, ast.Attribute) and target.attr == "name" and isinstance(target.value, ast.Name):
        key, handle_of_name = None, target.value.id
    else:
        key, handle_of_name = path_key(target), None
        if key is None:
            return []
    path_id = key if target is not None and key is not None and key.isidentifier() else None
    handles = set() if handle_of_name is None else {handle_of_name}
    fds: set = set()  # fd, path = tempfile.mkstemp(): the descriptor of the path

    def same(e: ast.expr) -> bool:
        return key is not None and path_key(e) == key

    for node in walk(fn):
        if (
            path_id is not None
            and isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Tuple)
            and len(node.targets[0].elts) == 2
            and isinstance(node.value, ast.Call)
            and _last_ident(node.value.func) == "mkstemp"
        ):
            fd, pth = node.targets[0].elts
            if isinstance(fd, ast.Name) and isinstance(pth, ast.Name) and pth.id == path_id:
                fds.add(fd.id)
    for node in walk(fn):
        if fds and isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if _fdopen_of(node.value, fds):
                handles.add(node.targets[0].id)  # f = os.fdopen(fd, "w")
        if isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                c = item.context_expr
                if (
                    key is not None
                    and isinstance(c, ast.Call)
                    and c.args
                    and isinstance(item.optional_vars, ast.Name)
                    and (
                        (isinstance(c.func, ast.Name) and c.func.id == "open" and same(c.args[0]))
                        or (isinstance(c.func, ast.Attribute) and c.func.attr == "open" and same(c.func.value))
                    )
                ):
                    handles.add(item.optional_vars.id)  # with open(P, "w") as f / with P.open("w") as f
                elif fds and _fdopen_of(c, fds) and isinstance(item.optional_vars, ast.Name):
                    handles.add(item.optional_vars.id)  # with os.fdopen(fd, "w") as f
    out = []
    for node in walk(fn):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute) or not node.args:
            continue
        if (node.lineno, node.col_offset) >= before:
            continue
        recv, attr = node.func.value, node.func.attr
        if attr in ("write", "writelines") and isinstance(recv, ast.Name) and recv.id in handles:
            out.append(node.args[0])
        elif (
            attr == "write"
            and isinstance(recv, ast.Name)
            and recv.id == "os"
            and len(node.args) == 2
            and isinstance(node.args[0], ast.Name)
            and node.args[0].id in fds
        ):
            out.append(node.args[1])  # os.write(fd, data)
        elif attr == "write" and isinstance(recv, ast.Call) and isinstance(recv.func, ast.Name):
            if recv.func.id == "open" and recv.args and same(recv.args[0]):
                out.append(node.args[0])
        elif attr == "write_text" and key is not None:
            if same(recv):
                out.append(node.args[0])
            elif isinstance(recv, ast.Call) and len(recv.args) == 1 and same(recv.args[0]):
                out.append(node.args[0])  # Path(P).write_text(d)
    return out + print_writes(fn, handles, before) + helper_writes(fn, same, before)


def _fdopen_of(e, fds: set) -> bool:
    """``os.fdopen(fd, ...)`` (or ``open(fd, ...)``: open takes a descriptor too) of one of ``fds``."""
    return (
        isinstance(e, ast.Call)
        and _last_ident(e.func) in ("fdopen", "open")
        and bool(e.args)
        and isinstance(e.args[0], ast.Name)
        and e.args[0].id in fds
    )


def _is_pipe(e: ast.expr) -> bool:
    """``subprocess.PIPE`` (or ``PIPE`` imported from it): the parent writes the child's stdin."""
    return (isinstance(e, ast.Attribute) and e.attr == "PIPE") or (isinstance(e, ast.Name) and e.id == "PIPE")


def _process_handle(fn: ast.AST, call: ast.Call) -> tuple | None:
    """How the code keeps the process ``call`` starts: ``("name", p)`` for
    ``p = Popen(...)`` / ``with Popen(...) as p``, ``("self", attr)`` for
    ``self.proc = Popen(...)``."""
    for node in walk(fn):
        value = node.value.value if isinstance(node, ast.Assign) and isinstance(node.value, ast.Await) else None
        if isinstance(node, ast.Assign) and (node.value is call or value is call) and len(node.targets) == 1:
            t = node.targets[0]
            if isinstance(t, ast.Name):
                return ("name", t.id)
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                return ("self", t.attr)
            return None
        if isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                if item.context_expr is call and isinstance(item.optional_vars, ast.Name):
                    return ("name", item.optional_vars.id)
    return None


def _handle_writes(where: ast.AST, handle: tuple, after: tuple) -> list:
    """``[(call, data)]``: ``H.communicate(data)`` / ``H.communicate(input=data)``,
    ``H.stdin.write(data)`` / ``H.stdin.writelines(data)`` after ``after`` (line, col),
    for the handle ``H`` (a name, or ``self.attr``)."""

    def is_handle(e: ast.expr) -> bool:
        if handle[0] == "name":
            return isinstance(e, ast.Name) and e.id == handle[1]
        return (
            isinstance(e, ast.Attribute)
            and e.attr == handle[1]
            and isinstance(e.value, ast.Name)
            and e.value.id == "self"
        )

    out = []
    for node in walk(where):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        if (node.lineno, node.col_offset) < after:
            continue
        recv, attr = node.func.value, node.func.attr
        if attr == "communicate" and is_handle(recv):
            data = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "input"), None)
        elif attr in ("write", "writelines") and isinstance(recv, ast.Attribute) and recv.attr == "stdin":
            data = node.args[0] if node.args and is_handle(recv.value) else None
        else:
            continue
        if data is not None and not (isinstance(data, ast.Constant) and data.value is None):
            out.append((node, data))
    return out


def _shell_only_start(head: str | None) -> bool:
    """Does literal text start with a word only a shell runs (:data:`SHELL_ONLY_WORDS`)?"""
    text = head or ""
    words = text.split()
    return bool(words) and words[0] in SHELL_ONLY_WORDS and (len(words) > 1 or text[-1:].isspace())


def _own_yields(fn: ast.AST):
    """The ``yield`` / ``yield from`` expressions of ``fn``'s own body (not of functions inside it)."""
    todo = list(ast.iter_child_nodes(fn))
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(n, (ast.Yield, ast.YieldFrom)):
            yield n
        todo.extend(ast.iter_child_nodes(n))


def detect_sinks(model: ModuleModel, ev: Evaluator) -> list[Sink]:
    return Detector(model, ev).run()
