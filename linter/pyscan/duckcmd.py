"""A command line sent through a method of an object the scan cannot type (issue 25).

Code that drives a remote host, a container, a sandbox or a terminal rarely names the
class of the object it talks to: a deploy helper takes the connection as a parameter
(``def install(conn, pkg): conn.run(f"apt-get install -y {pkg}")``), a test fixture
gets ``host`` injected by its framework (``host.run(f"systemctl status {svc}")``), an
agent keeps ``self.sandbox`` from its constructor (``self.sandbox.commands.run(f"pip
install {pkg}")``), a tmux driver holds a pane (``pane.send_keys(f"cd {path}")``).  The
receiver's class is a library's, or comes from a factory, so neither the evaluator nor
the project analysis knows what ``run`` does.  Two facts together say it:

* the method is one that the command-running libraries document as "run this command
  line" (:data:`SESSION_METHODS`, each with its sources): fabric/invoke
  ``Connection.run/sudo``, asyncssh ``SSHClientConnection.run``, testinfra
  ``Host.run/check_output``, e2b ``Sandbox.commands.run``, pexpect
  ``spawn.sendline``, libtmux ``Pane.send_keys``, paramiko ``exec_command`` ...;
* the text is a command line: its constant head (an f-string's, a ``+``/``%``
  concatenation's, a ``str.format`` template's, or that of every value a local name
  is assigned) starts with the name of a program of the shell engine's table
  (:mod:`linter.template.programs`, and the program facts table
  ``linter/data/program_facts.json``): ``apt-get``, ``git``, ``cd``, ``rm``, ``docker``.

A wrapper that only forwards its parameter (``def run(self, cmd): return self._shell.run(cmd)``)
gives the text no shape; there the receiver's name says what the object is: the last word of
its name (``self._shell`` -> ``shell``, ``ssh_conn`` -> ``conn``, ``self.sandbox``) is a role
that :data:`SESSION_ROLES` lists for that method (a pty or terminal types the line into a
shell, a sandbox or container runs it with ``sh -c``, an ssh connection hands it to the remote
login shell), and the call passes the text as its only positional argument (``session.run(
"pytest", *args)`` of a nox session is an argv) with no constant text of another shape
before its first value (``conn.run("SELECT ... {}".format(x))`` of a DB connection).  Roles that name DB or HTTP objects too
(``session.execute``, ``client.execute``, ``conn.execute``, ``executor``, ``runner``) are not
listed for those methods.

A DB cursor's ``execute(f"SELECT ... {x}")``, a thread's ``run()``, an HTTP client's
``send(data)`` do not start with a program's name; a receiver the evaluator knows (a
module, a library object, ``self`` whose class the tree defines) is left to the
analyses that know it.  What is reported is the string as the command line of a shell
(the libraries above run it with ``/bin/sh -c``, the remote login shell, or type it
into a terminal), at medium confidence: the class is inferred, not seen.
"""

from __future__ import annotations

import ast

__all__ = [
    "SESSION_METHODS",
    "SHELL_METHODS",
    "command_head_word",
    "duck_session_call",
    "receiver_typed",
]

#: method -> (position of the command text, keyword names of it).  Sources:
#: fabric 3 "Connection.run(command, **kwargs)", "Connection.sudo(command, ...)" and
#: invoke 2 "Context.run(command)" (docs.fabfile.org / docs.pyinvoke.org: run by the
#: remote login shell / ``/bin/bash -c``); asyncssh "SSHClientConnection.run(command)"
#: (asyncssh.readthedocs.io: executed by the remote shell); testinfra "Host.run(command,
#: *args)", "Host.check_output(command, *args)" (testinfra docs, modules: run through
#: ``sh -c`` on the target); e2b "Sandbox.commands.run(cmd)" (e2b.dev docs: ``/bin/bash
#: -l -c``); paramiko "SSHClient.exec_command(command)" (paramiko docs: the server's
#: shell); pexpect "spawn.sendline(s)" and "spawn.send(s)" (pexpect 4.9 docs) and
#: libtmux "Pane.send_keys(cmd)" (libtmux docs: typed into the pane's shell);
#: parallel-ssh "SSHClient.run_command(command)" (parallel-ssh docs); tmt
#: "Guest.execute(command)" and daytona "process.exec(command)" (their docs: a shell).
SESSION_METHODS: dict[str, tuple[int, tuple[str, ...]]] = {
    "run": (0, ("command", "cmd")),
    "sudo": (0, ("command", "cmd")),
    "check_output": (0, ("command", "cmd")),
    "exec_command": (0, ("command", "cmd")),
    "run_command": (0, ("command", "cmd")),
    "execute_command": (0, ("command", "cmd")),
    "exec_cmd": (0, ("command", "cmd")),
    "run_cmd": (0, ("command", "cmd")),
    "execute": (0, ("command", "cmd")),
    "exec": (0, ("command", "cmd")),
    "sendline": (0, ("s", "command", "cmd")),
    "send_line": (0, ("s", "command", "cmd", "line")),
    "send_keys": (0, ("cmd", "keys", "command")),
    "send_command": (0, ("command", "cmd", "command_string")),
    # netmiko 4.x ``BaseConnection`` (netmiko/base_connection.py): ``send_command_timing(
    # command_string)``, ``send_command_expect(*args)`` (= send_command), the private
    # ``_send_command_str``/``_send_command_timing_str`` its file-transfer helpers call
    # (netmiko/scp_handler.py: ``self.ssh_ctl_chan._send_command_str(f"dir {file_system}")``)
    # : the text is written to the device's CLI session over ssh/telnet, the device's
    # shell (IOS exec, a Unix shell after ``_enter_shell``) reads it (``write_channel``, the
    # channel layer under them, is left out: every prompt and mode switch of the library
    # goes through it)
    "send_command_timing": (0, ("command_string",)),
    "send_command_expect": (0, ("command_string",)),
    "_send_command_str": (0, ("command_string",)),
    "_send_command_timing_str": (0, ("command_string",)),
    "send": (0, ("s", "data", "text")),  # pexpect spawn.send(s); only on a shell/pty receiver (SESSION_ROLES)
    # IPython "InteractiveShell.system(cmd)" / "getoutput(cmd)" (IPython docs, core.interactiveshell:
    # system_raw runs the command "using the system shell", getoutput "with a shell"): the
    # ``!cmd`` machinery, reached as ``get_ipython().system(...)``, ``ip.system(...)``,
    # ``self.shell.system(...)`` in magics; only on a receiver of that role (SESSION_ROLES)
    "system": (0, ("cmd",)),
    "getoutput": (0, ("cmd",)),
    **{m: (0, ("cmd", "command", "cmdargs")) for m in ("shell", "shell_output", "shell_bool", "adb_shell")},
    **{m: (0, ("cmd", "command")) for m in ("shell_exec", "exec_shell", "execute_shell", "run_shell")},
    "run_shell_command": (0, ("cmd", "command")),
}
#: methods whose name says they run their text in a shell (issue 25, pyA34), each reported only
#: when the text is a command line (its constant head a program of the table, or of
#: :data:`DEVICE_SHELL_COMMANDS`), never for the receiver's name alone.  Sources of the names:
#: adb clients: uiautomator2 ``Device.shell(cmdargs)`` ("Run a shell command", the device's
#: ``adb shell``), adbutils ``AdbDevice.shell(cmdargs)`` (``shell:`` service: adbd runs it with
#: ``sh -c``, see adbshell.py), pure-python-adb ``Device.shell(cmd)``, adb_shell
#: ``AdbDeviceTcp.shell(command)``, AndroidViewClient ``AdbClient.shell(cmd)``, mozdevice
#: ``ADBDevice.shell(cmd)``/``shell_output(cmd)``/``shell_bool(cmd)`` ("Executes a shell command
#: on the device"), mobly ``AdbProxy.shell(args)`` (``adb shell <args>``), androidtv
#: ``adb_shell(cmd)``; remote and local helpers: the names ``run_shell``, ``run_shell_command``,
#: ``exec_shell``/``execute_shell``/``shell_exec`` (objection's agent ``android_shell_exec``,
#: hpc and deploy helpers found with the search tool's ``find_string`` over public code: every
#: sampled ``.run_shell_command(f"...`` and ``.adb_shell(f"...`` call ran a command line)
SHELL_METHODS = frozenset(
    {"shell", "shell_output", "shell_bool", "adb_shell", "shell_exec", "exec_shell", "execute_shell"}
    | {"run_shell", "run_shell_command"}
)
#: commands of a device's shell that the shell engine's program table (a table of desktop
#: programs) lacks; a head word counts as a command line for :data:`SHELL_METHODS` only (a
#: method named for a shell: ``device.shell("input keyevent %s" % k)``; ``start``/``input`` of
#: another method are plain words).  Sources: AOSP ``frameworks/base/cmds/`` (am, pm, input,
#: settings, wm, svc, content, appops, bmgr, ime, monkey, uiautomator, screencap, screenrecord,
#: telecom, locksettings, dpm), ``frameworks/native/cmds/`` (dumpsys, cmd, atrace, bugreport,
#: bugreportz, lshal, service), ``system/core/toolbox`` (getprop, setprop, start, stop, getevent,
#: sendevent), ``system/logging/logcat`` (logcat, logpersist), ``system/core/run-as``,
#: ``system/extras/simpleperf``, toybox's Android build (``external/toybox/Android.bp``: pkill,
#: killall, pidof, df, umount, ifconfig, netstat, ping, reboot, log, getenforce, setenforce,
#: toybox); network test tools run on devices by test benches (Debian packages iperf, iperf3)
DEVICE_SHELL_COMMANDS = frozenset(
    "am pm input settings wm svc content appops bmgr ime monkey uiautomator screencap screenrecord "
    "telecom locksettings dpm dumpsys cmd atrace bugreport bugreportz lshal service getprop setprop "
    "start stop getevent sendevent logcat logpersist run-as simpleperf pkill killall pidof df umount "
    "ifconfig netstat ping reboot log getenforce setenforce toybox iperf iperf3".split()
)
#: methods reported only on a receiver named for a session role, never for a text's shape alone
#: (``sock.send(b"ls ...")`` of a socket is no command line)
ROLE_ONLY = frozenset({"send"})
#: methods reported only on a receiver named for a session role, whatever the text's shape
#: (``platform.system()``, a model's ``system(prompt)``: only IPython's shell runs its text)
ROLE_ALWAYS = frozenset({"system", "getoutput"})
#: methods of device sessions (netmiko, above): a device's CLI commands (``show ...``, ``dir
#: flash:``) are no programs of the shell engine's table, so a constant head of another shape
#: does not clear them; the receiver's role must still say it
DEVICE_METHODS = frozenset({"send_command", "send_command_timing", "send_command_expect"})
DEVICE_METHODS |= {"_send_command_str", "_send_command_timing_str"}
#: ``send_command`` is also a serial/USB instrument's method (``self.device.send_command(msg)``):
#: on a receiver named only for a device session it counts in a module importing a library of
#: device sessions (netmiko; napalm and nornir-netmiko drive netmiko's; scrapli 2023
#: ``Driver.send_command(command)`` "Send a command" to the device's CLI)
DEVICE_LIBRARIES = frozenset({"netmiko", "napalm", "nornir_netmiko", "scrapli"})
#: methods whose call makes a file worth parsing (prefilter.py) only on a receiver named for a
#: session role: ``execute``/``exec`` are mostly DB-API cursors and connections (PEP 249
#: "Cursor.execute", sqlite3 "Connection.execute") in files with nothing else to report
PREFILTER_ROLE_ONLY = ROLE_ONLY | {"execute", "exec"}

_SHELLISH = ("shell", "terminal", "term", "pty", "sandbox", "container", "ssh", "remote")
#: the last words of the names netmiko's documentation and code give a connection to a device
#: (``net_connect = ConnectHandler(**device)``, ``self.ssh_ctl_chan``, ``self.device``, ``conn``)
_DEVICE = ("connect", "chan", "channel", "device", "conn", "connection")
#: method -> the last words of a receiver's name that make it a command session when the
#: text has no shape of its own (see the module doc; the sources are SESSION_METHODS'):
#: fabric/asyncssh connections (``conn.run``), testinfra hosts (``host.run``), pxssh
#: sessions (``session.sendline``; a pexpect ``child`` often answers a password prompt), libtmux panes (``pane.send_keys``),
#: tmt guests (``guest.execute``), agents' shell/terminal/sandbox objects.
SESSION_ROLES: dict[str, frozenset[str]] = {
    "run": frozenset(_SHELLISH + ("conn", "connection", "host", "session")),
    "sudo": frozenset(_SHELLISH + ("conn", "connection", "host")),
    "check_output": frozenset(("host",) + _SHELLISH),
    "run_command": frozenset(_SHELLISH + ("conn", "connection", "session")),
    "execute_command": frozenset(_SHELLISH),
    "exec_cmd": frozenset(_SHELLISH),
    "run_cmd": frozenset(_SHELLISH),
    "execute": frozenset(_SHELLISH + ("guest",)),
    "exec": frozenset(_SHELLISH),
    "sendline": frozenset(_SHELLISH + ("session",)),
    "send_line": frozenset(_SHELLISH + ("session",)),
    "send_keys": frozenset(("pane", "window") + _SHELLISH),
    "send_command": frozenset(_SHELLISH + _DEVICE),
    "send_command_timing": frozenset(_SHELLISH + _DEVICE),
    "send_command_expect": frozenset(_SHELLISH + _DEVICE),
    "_send_command_str": frozenset(_SHELLISH + _DEVICE),
    "_send_command_timing_str": frozenset(_SHELLISH + _DEVICE),
    "send": frozenset(("shell", "terminal", "term", "pty")),
    "system": frozenset(("shell", "ip", "ipython")),
    "getoutput": frozenset(("shell", "ip", "ipython")),
    **{m: frozenset() for m in SHELL_METHODS},  # the text's shape alone (SHELL_METHODS)
}

#: sub-objects of sandbox SDKs whose method runs a command line in the sandbox's shell, reached
#: as ``<sandbox>.<accessor>.<method>(cmd)``: (accessor, method) -> the SDKs' top modules.
#: Sources: e2b 2.63 ``e2b/sandbox_sync/commands/command.py`` ``Commands.run(cmd, ...)`` ->
#: ``_start`` runs ``cmd="/bin/bash", args=["-l", "-c", cmd]`` (``Sandbox.commands``; the async
#: ``e2b/sandbox_async/commands/command.py`` the same); daytona-sdk 0.226
#: ``daytona_sdk/_sync/process.py`` ``Process.exec(command, cwd, env, timeout)`` "Execute a shell
#: command in the Sandbox. The command is run by the first available of zsh, bash or sh"
#: (``Sandbox.process``; ``daytona`` is the same code under its new name)
SANDBOX_ACCESSORS: dict[tuple[str, str], tuple[str, ...]] = {
    ("commands", "run"): ("e2b", "e2b_code_interpreter", "e2b_desktop"),
    ("process", "exec"): ("daytona", "daytona_sdk"),
}
#: the last words of the name of an accessor's owner that make it a sandbox (``sbx``: the name
#: the e2b docs give it, ``sandbox = Sandbox.create()``)
_SANDBOX_OWNERS = frozenset(_SHELLISH + ("sbx", "sb", "box"))

#: the words a receiver's text ends with that make ``.M(`` worth parsing whatever its argument
#: (prefilter.py): the roles of the method and the sandbox SDKs' accessors (``sandbox.commands.run(``)
PREFILTER_ROLES: dict[str, tuple[str, ...]] = {
    m: tuple(sorted(SESSION_ROLES[m] | {a for (a, am) in SANDBOX_ACCESSORS if am == m})) for m in SESSION_ROLES
}

#: the calls that return IPython's running ``InteractiveShell`` (IPython docs, ``get_ipython``)
_IPYTHON_SHELL = frozenset({"IPython.get_ipython", "IPython.core.getipython.get_ipython"})

#: receivers that are the calling object itself (its class is the tree's: the project
#: analysis resolves its methods)
_SELF = frozenset({"self", "cls"})


def _format_head(e: ast.expr) -> str | None:
    """The constant text a string expression starts with: a constant, an f-string, a
    ``+``/``%`` whose left side has one, ``"...".format(...)``."""
    if isinstance(e, ast.Constant) and isinstance(e.value, str):
        return e.value
    if isinstance(e, ast.JoinedStr):
        if e.values and isinstance(e.values[0], ast.Constant):
            return str(e.values[0].value)
        return None
    if isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Add, ast.Mod)):
        return _format_head(e.left)
    return format_template(e)


def format_template(e: ast.expr) -> str | None:
    """The template of ``"...".format(...)`` (a constant string's ``format`` called), or None."""
    if (
        isinstance(e, ast.Call)
        and isinstance(e.func, ast.Attribute)
        and e.func.attr == "format"
        and isinstance(e.func.value, ast.Constant)
        and isinstance(e.func.value.value, str)
    ):
        return e.func.value.value
    return None


def _module_text(e: ast.expr, scope) -> str | None:
    """The text of a module constant the expression starts with (``_STOP_CMD.format(...)``,
    ``CMD % x``, ``CMD``): a name the function does not bind, assigned once at the module's
    top level to a string (mobly's ``_STOP_CMD = 'am instrument ...'``)."""
    while True:
        if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "format":
            e = e.func.value
        elif isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Add, ast.Mod)):
            e = e.left
        else:
            break
    if not isinstance(e, ast.Name) or scope is None or e.id in scope.bindings:
        return None
    mod = scope
    while mod.parent is not None:
        mod = mod.parent
    bs = mod.bindings.get(e.id, ())
    if len(bs) != 1 or bs[0].kind != "assign" or bs[0].index:
        return None
    v = bs[0].value
    return v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else None


def _heads(e: ast.expr, scope) -> list[str | None]:
    """The heads of the text: of the expression, of the module constant it formats, or of
    each value a local name is assigned in the function (a parameter or anything else: no
    head)."""
    h = _format_head(e)
    if h is None:
        h = _module_text(e, scope)
    if h is not None or not isinstance(e, ast.Name) or scope is None:
        return [h]
    bs = scope.bindings.get(e.id, ())
    if not bs or len(bs) > 4:
        return [None]
    out: list[str | None] = []
    for b in bs:
        if b.kind not in ("assign", "aug") or b.index or not isinstance(b.value, ast.expr):
            return [None]
        out.append(_format_head(b.value) if b.kind == "assign" else "")
    return out


def _is_program(word: str, device: bool = False) -> bool:
    from ..template.program_facts import facts
    from ..template.programs import lookup
    from .argvtable import NOT_PROGRAM_NAMES

    if device and word in DEVICE_SHELL_COMMANDS:
        return True
    if word in NOT_PROGRAM_NAMES:
        return False
    return lookup(word) is not None or facts(word) is not None


def command_head_word(head: str | None, device: bool = False) -> str | None:
    """The program a command line's constant head starts with (``"apt-get install "``
    -> ``apt-get``, ``"/usr/bin/git "`` -> ``git``), when it is one of the table's
    (``device``: or a device shell's command, :data:`DEVICE_SHELL_COMMANDS`).
    The word must be complete in the head (followed by a blank or an operator), so a
    head ``"ls"`` followed by a formatted value is no word of its own."""
    if not head:
        return None
    s = head.lstrip()
    i = 0
    while i < len(s) and not s[i].isspace() and s[i] not in ";&|<>()'\"$`":
        i += 1
    if i == len(s) or i == 0:
        return None  # the head ends inside the word (``f"ls{x}"``) or starts with an operator
    word = s[:i].rsplit("/", 1)[-1]
    if not word or not (word[0].isalpha() and word.replace("-", "").replace("_", "").replace(".", "").isalnum()):
        return None
    return word if _is_program(word, device) else None


def _receiver_root(e: ast.expr) -> ast.expr:
    while isinstance(e, (ast.Attribute, ast.Subscript, ast.Call)):
        e = e.func if isinstance(e, ast.Call) else e.value
    return e


def _tree_callable(name: str, scope) -> bool:
    """Is ``name`` (seen from ``scope``) a class of this module or a name imported from a
    module of the tree (a relative import)?"""
    sc = scope
    while sc is not None:
        bs = sc.bindings.get(name)
        if bs:
            return any(
                b.kind == "class" or (b.kind == "import" and isinstance(b.value, str) and b.value.startswith("."))
                for b in bs
            )
        sc = sc.parent
    return False


#: annotations that say nothing of the class
_VAGUE_TYPES = frozenset({"Any", "object", "Optional"})


def _annotated_param(name: str, scope) -> bool:
    """The receiver is a parameter annotated with a class (``container: OCIContainer``): its
    class is visible, and the project analysis follows its methods."""
    bs = scope.bindings.get(name, ()) if scope is not None else ()
    for b in bs:
        ann = getattr(b.node, "annotation", None) if b.kind == "param" else None
        if ann is None:
            continue
        if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
            words = ann.value.replace("|", " ").replace("[", " ").replace("]", " ").split()
            if words and not all(w.rsplit(".", 1)[-1] in _VAGUE_TYPES | {"None"} for w in words):
                return True
            continue
        for n in ast.walk(ann):
            ident = n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else None
            if ident is not None and ident not in _VAGUE_TYPES and ident not in ("typing", "t", "None"):
                if ident[:1].isupper():
                    return True
    return False


def _class_of(scope):
    sc = scope
    while sc is not None and sc.kind != "class":
        sc = sc.parent
    return sc


def _self_attr_typed(recv: ast.expr, scope) -> bool:
    """``self.X`` (or ``self.X.Y``) where the class stores into ``self.X`` a call of the tree's
    own class or factory (``self.mock_shell = MockShell(parent=self)``) or annotates it with a
    class: the project analysis types it."""
    e = recv
    while isinstance(e, ast.Attribute) and isinstance(e.value, ast.Attribute):
        e = e.value
    if not (isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) and e.value.id == "self"):
        return False
    cls = _class_of(scope)
    if cls is None or not isinstance(cls.node, ast.ClassDef):
        return False
    attr = e.attr
    for node in ast.walk(cls.node):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if not any(
                isinstance(t, ast.Attribute)
                and t.attr == attr
                and isinstance(t.value, ast.Name)
                and t.value.id == "self"
                for t in targets
            ):
                continue
            if _tree_call(node.value, scope):
                return True
    return False


def _tree_call(v, scope) -> bool:
    """``v`` calls the tree's own class or factory (``Runner()``, ``mod.Runner(...)``)."""
    if not isinstance(v, ast.Call):
        return False
    f = v.func
    while isinstance(f, ast.Attribute):
        f = f.value
    return isinstance(f, ast.Name) and _tree_callable(f.id, scope)


def _role_class_here(recv: ast.expr, method: str, scope) -> bool:
    """A class of this module whose CamelCase name ends in the receiver's role word defines the
    method (``class MockShell: def execute``, ``self.mock_shell.execute``): :mod:`.rolename`
    resolves the call to it in the project pass."""
    role = receiver_role(recv, method)
    if role is None:
        return False
    return any(c.name.lower().endswith(role) and _defines(c, method) for c in _module_classes(scope))


def _defines_here(cls_name: str, method: str, scope) -> bool:
    """A class ``cls_name`` of this module's top level defines ``method``."""
    c = next((c for c in _module_classes(scope) if c.name == cls_name), None)
    return c is not None and _defines(c, method)


def _module_classes(scope) -> list:
    """The classes of the top level of the module ``scope`` is in."""
    mod = scope
    while mod is not None and mod.parent is not None:
        mod = mod.parent
    if mod is None or not isinstance(mod.node, ast.Module):
        return []
    return [n for n in mod.node.body if isinstance(n, ast.ClassDef)]


def _defines(cls: ast.ClassDef, method: str) -> bool:
    return any(isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef)) and b.name == method for b in cls.body)


def _built_by_tree(name: str, scope) -> bool:
    """The receiver is a local name the function assigns from a call of the tree's own
    class or factory (``r = Runner()``): its class is the tree's, and the project analysis
    follows its methods."""
    bs = scope.bindings.get(name, ()) if scope is not None else ()
    return any(b.kind == "assign" and _tree_call(b.value, scope) for b in bs)


def duck_session_call(call: ast.Call, scope, evaluator) -> tuple[str, str, ast.expr] | None:
    """(callee label, program, the text) when ``call`` is ``R.M(text)`` with ``M`` a
    session method (:data:`SESSION_METHODS`), ``R`` an object the evaluator does not
    know, and ``text`` a command line starting with a program of the table."""
    f = call.func
    if not isinstance(f, ast.Attribute) or f.attr not in SESSION_METHODS:
        return None
    recv = f.value
    if isinstance(recv, ast.Name) and recv.id in _SELF:
        return None  # the class's own method: the project analysis follows it
    if isinstance(recv, ast.Call) and isinstance(recv.func, ast.Name) and recv.func.id == "super":
        return None
    pos, kws = SESSION_METHODS[f.attr]
    text: ast.expr | None = None
    if len(call.args) > pos and not isinstance(call.args[pos], ast.Starred):
        text = call.args[pos]
    else:
        for k in call.keywords:
            if k.arg in kws:
                text = k.value
                break
    if text is None:
        return None
    heads = _heads(text, scope)
    device = f.attr in SHELL_METHODS
    words = {command_head_word(h, device) for h in heads} if f.attr not in ROLE_ONLY else {None}
    role = None
    if f.attr in ROLE_ALWAYS:
        # the receiver alone says it: IPython's shell runs any text it is given
        role = receiver_role(recv, f.attr)
        if role is None:
            return None
    elif None in words or not words:
        if f.attr not in DEVICE_METHODS and any(h and h.strip() for h in heads):
            return None  # a text of another shape (``"SELECT ..."``, a URL): no command line
        role = receiver_role(recv, f.attr)
        if role is None or len(call.args) != pos + 1:
            return None
        if (
            f.attr == "send_command"
            and role in _DEVICE
            and role not in _SHELLISH
            and not (DEVICE_LIBRARIES & evaluator.m.imported)
        ):
            return None
    # the receiver: nothing the evaluator knows (a module, a library object, a class of the tree)
    root = _receiver_root(recv)
    if isinstance(root, ast.Name) and root.id in _SELF and recv is root:
        return None
    # a method named for a shell (SHELL_METHODS) with a command line: an object of a class the
    # evaluator names counts too (mobly's ``self.adb = adb.AdbProxy(serial)`` of another package
    # module, whose ``shell`` is made by ``__getattr__``), unless this module defines the method
    # there; where a summarised function of the tree is the callee, the project analysis drops
    # this finding for its own flow (project.py, ``in_tree``: one fact, one finding)
    named_shell = device and role is None
    for v in evaluator.values(recv, scope):
        if v.kind == "inst" and v.name in _IPYTHON_SHELL and f.attr in ROLE_ALWAYS:
            continue  # the running InteractiveShell (``ip = get_ipython()``)
        if named_shell and v.kind == "inst":
            if _defines_here(v.name.rsplit(".", 1)[-1], f.attr, scope):
                return None  # a class of this module with that method: its body says what it does
            continue
        if _sdk_value(v, recv, f.attr):
            role = role or "sandbox"
            continue  # ``sbx.commands`` of ``sbx = Sandbox.create()``: the SDK's command runner
        if v.kind != "unknown":
            return None
    if isinstance(root, ast.Name) and (
        _tree_callable(root.id, scope) or _built_by_tree(root.id, scope) or _annotated_param(root.id, scope)
    ):
        return None  # ``GitRunner(path).execute(...)``, ``r = Runner()``, ``c: Container``: a class it sees
    if _self_attr_typed(recv, scope) or _role_class_here(recv, f.attr, scope):
        return None
    if role is not None:
        article = "an" if role[0] in "aeiou" else "a"
        return f"{ast.unparse(recv)}.{f.attr}()", f"{article} {role} object's {f.attr}()", text
    word = sorted(w for w in words if w)[0]
    return f"{ast.unparse(recv)}.{f.attr}()", f"'{word} ...' command line sent through", text


def _sandbox_accessor(recv: ast.expr, method: str) -> bool:
    """``sandbox.commands`` for ``run``, ``self.sbx.process`` for ``exec``: a documented sub-object
    (:data:`SANDBOX_ACCESSORS`) of an owner named like a sandbox."""
    if not (isinstance(recv, ast.Attribute) and (recv.attr, method) in SANDBOX_ACCESSORS):
        return False
    owner = recv.value
    while isinstance(owner, ast.Call):
        owner = owner.func
    ident = owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute) else ""
    words = [w for w in ident.lower().split("_") if w]
    return bool(words) and words[-1] in _SANDBOX_OWNERS


def _sdk_value(v, recv: ast.expr, method: str) -> bool:
    """A value of the sandbox SDK whose accessor the receiver names (``sbx = Sandbox.create()``
    in a module importing e2b: the evaluator knows the library's object, no table of it did)."""
    if not (isinstance(recv, ast.Attribute) and (recv.attr, method) in SANDBOX_ACCESSORS):
        return False
    return v.kind in ("inst", "name") and v.name.split(".", 1)[0] in SANDBOX_ACCESSORS[(recv.attr, method)]


def receiver_role(recv: ast.expr, method: str) -> str | None:
    """The role word of the receiver's name (``self._shell`` -> ``shell``, ``ssh_conn`` ->
    ``conn``) when :data:`SESSION_ROLES` lists it for the method, else None; ``sandbox`` for a
    sandbox SDK's command sub-object (``sandbox.commands``: :data:`SANDBOX_ACCESSORS`)."""
    if _sandbox_accessor(recv, method):
        return "sandbox"
    while isinstance(recv, ast.Call):
        recv = recv.func
    if isinstance(recv, ast.Attribute):
        ident = recv.attr
    elif isinstance(recv, ast.Name):
        ident = recv.id
    else:
        return None
    words = [w for w in ident.lower().split("_") if w]
    if not words:
        return None
    w = words[-1]
    return w if w in SESSION_ROLES.get(method, ()) else None


def receiver_typed(recv: ast.expr, scope) -> bool:
    """The receiver's class shows in the code: ``self``/``super()``, a name of a parameter
    annotated with a class, a local built by the tree's own class or factory, a ``self.X``
    the class stores such an object into (the project analysis follows its methods)."""
    if isinstance(recv, ast.Name) and recv.id in _SELF:
        return True
    if isinstance(recv, ast.Call) and isinstance(recv.func, ast.Name) and recv.func.id == "super":
        return True
    root = _receiver_root(recv)
    if isinstance(root, ast.Name) and (
        _tree_callable(root.id, scope) or _built_by_tree(root.id, scope) or _annotated_param(root.id, scope)
    ):
        return True
    return _self_attr_typed(recv, scope)
