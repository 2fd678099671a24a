"""Configuration-management tasks that a tool runs through a shell (issue 25, pyA18).

A project that drives Ansible does not call ``subprocess``: it puts a command into a
task or module invocation, and Ansible's ``shell``/``raw`` modules hand that text to
``/bin/sh`` on the target (``win_shell``: PowerShell).  The value is code there as
much as in ``os.system``.  The shapes, each a way the Ansible docs or its Python
users write an invocation:

* a call naming the module and passing its arguments: ``ansible_runner.run(module=
  "shell", module_args=cmd)``, a backend's ``self.run_ansible("shell",
  module_args=cmd)``, an action plugin's ``self._execute_module(module_name="shell",
  module_args={"_raw_params": cmd})``;
* the Python API's task dict: ``dict(action=dict(module="shell", args=cmd))``
  (``{"module": "shell", "args": cmd}``);
* a task written as a mapping: ``{"ansible.builtin.shell": cmd}`` (a fully
  qualified module name says it alone), ``{"name": ..., "shell": cmd,
  "register": ...}`` (the short name only beside a task keyword, since ``"shell"``
  is also the usual key of a shell *program* or flag).

The module's argument is the command line, or a mapping whose free-form
``_raw_params`` / ``cmd`` is.  Each fact is in :data:`SHELL_MODULES` with its
source.  Nothing here names a rule: the sinks are ``RUNNER_COMMAND`` sinks of a
remote shell.
"""

from __future__ import annotations

import ast

__all__ = [
    "SHELL_MODULES",
    "SALT_SHELL_FUNCS",
    "SSM_SHELL_DOCUMENTS",
    "TASK_KEYWORDS",
    "task_commands",
    "could_hold_tasks",
]

_SHELL_DOC = (
    "Ansible docs ansible.builtin.shell: 'The shell module takes the command name followed by a "
    "list of space-delimited arguments ... runs the command through a shell (/bin/sh) on the remote node'"
)
_RAW_DOC = (
    "Ansible docs ansible.builtin.raw: 'Executes a low-down and dirty SSH command, not going through "
    "the module subsystem'; 'the command is run through the remote user's shell' (executable: /bin/sh)"
)
_WIN_DOC = "Ansible docs ansible.windows.win_shell: 'runs the command through a shell (defaults to PowerShell)'"

#: Ansible module name -> the documentation saying it runs its argument through a shell
#: (``ansible.builtin.command`` is not here: it runs an argv without a shell)
SHELL_MODULES: dict[str, str] = {
    **{f"{p}shell": _SHELL_DOC for p in ("", "ansible.builtin.", "ansible.legacy.")},
    **{f"{p}raw": _RAW_DOC for p in ("", "ansible.builtin.", "ansible.legacy.")},
    **{f"{p}win_shell": _WIN_DOC for p in ("", "ansible.windows.", "ansible.legacy.")},
}

#: Ansible playbook keywords of a task (docs "Playbook Keywords", section Task): a mapping
#: holding one of them beside a short module name (``shell``) is a task
TASK_KEYWORDS = frozenset(
    {
        "name",
        "register",
        "become",
        "become_user",
        "become_method",
        "when",
        "args",
        "changed_when",
        "failed_when",
        "ignore_errors",
        "delegate_to",
        "notify",
        "loop",
        "with_items",
        "environment",
        "tags",
        "no_log",
        "run_once",
        "until",
        "retries",
        "async",
        "poll",
        "check_mode",
        "vars",
        "listen",
    }
)

#: keywords naming the module of an invocation, and those carrying its arguments
#: (ansible-runner docs ``run(module=..., module_args=...)``; ActionBase._execute_module
#: (module_name=..., module_args=...); the Python API example's ``dict(module=..., args=...)``)
_MODULE_KEYS = ("module", "module_name")
_ARGS_KEYS = ("module_args", "args")
#: the free-form parameter of the shell/raw modules in an argument mapping (Ansible docs
#: ansible.builtin.shell: "cmd: The command to run followed by optional arguments";
#: ``_raw_params`` is the free form's internal name, lib/ansible/parsing/mod_args.py)
_RAW_KEYS = ("_raw_params", "cmd")


_SALT_DOC = (
    "salt 3006 salt/modules/cmdmod.py: _python_shell_default(): 'Default to python_shell=True when "
    "run directly from remote execution system' (a job sent by salt.client.LocalClient.cmd(tgt, fun, "
    "arg)); cmd.shell: 'Execute the passed command and return the output as a string ... python_shell=True'"
)
#: salt execution functions that run their first argument through the minion's shell when
#: a master's client sends them as a job (the ``__salt__`` loader calls, with python_shell
#: False by default there, are sinks.LOADER_SHELL's)
SALT_SHELL_FUNCS: dict[str, str] = {
    f: _SALT_DOC
    for f in ("cmd.run", "cmd.run_all", "cmd.run_stdout", "cmd.run_stderr", "cmd.shell", "cmd.retcode", "cmd.run_bg")
}
#: salt.client.LocalClient methods sending a job: ``(tgt, fun, arg=(), ...)`` (salt docs
#: "Python client API": LocalClient.cmd/cmd_async/cmd_iter/cmd_iter_no_block/cmd_batch/cmd_subset)
_SALT_CLIENT_METHODS = frozenset({"cmd", "cmd_async", "cmd_iter", "cmd_iter_no_block", "cmd_batch", "cmd_subset"})


_SSM_DOC = (
    "AWS Systems Manager User Guide, 'AWS-RunShellScript' / 'AWS-RunPowerShellScript' (Run Command): "
    "'commands: Specify a shell script or a command to run' (the document's aws:runShellScript step "
    "writes them into a script the instance's sh runs; aws:runPowerShellScript: PowerShell); boto3 "
    "SSM.Client.send_command(InstanceIds=..., DocumentName=..., Parameters={'commands': [...]})"
)
#: SSM Run Command documents whose ``commands`` parameter is shell code on the instance:
#: document name -> what runs it (a ``send_command`` job)
SSM_SHELL_DOCUMENTS: dict[str, str] = {"AWS-RunShellScript": "sh", "AWS-RunPowerShellScript": "PowerShell"}


def could_hold_tasks(text: str) -> bool:
    """The text test before any walk: an Ansible task or invocation names it, a salt
    client's job runs ``cmd.*``, or an SSM Run Command job names a shell document."""
    return "module_args" in text or "ansible" in text or "cmd.run" in text or "cmd.shell" in text or "AWS-Run" in text


def _ssm_job(call: ast.Call) -> tuple | None:
    """``ssm.send_command(DocumentName="AWS-RunShellScript", Parameters={"commands": [cmd]})``:
    (document, [the command expressions]): the items of the list written there, or the list's
    expression itself."""
    f = call.func
    if not isinstance(f, ast.Attribute) or f.attr != "send_command":
        return None
    kws = {k.arg: k.value for k in call.keywords if k.arg is not None}
    doc = _const_str(kws.get("DocumentName"))
    params = kws.get("Parameters")
    if doc not in SSM_SHELL_DOCUMENTS or not isinstance(params, ast.Dict):
        return None
    for k, v in zip(params.keys, params.values):
        if _const_str(k) == "commands":
            if isinstance(v, (ast.List, ast.Tuple)):
                return doc, [e for e in v.elts if not isinstance(e, ast.Starred)]
            return doc, [v]
    return None


def _salt_job(call: ast.Call) -> tuple | None:
    """``client.cmd(tgt, "cmd.run", [command])``: (function, the command expression)."""
    f = call.func
    if not isinstance(f, ast.Attribute) or f.attr not in _SALT_CLIENT_METHODS:
        return None
    kws = {k.arg: k.value for k in call.keywords if k.arg is not None}
    fun = kws.get("fun", call.args[1] if len(call.args) > 1 else None)
    name = _const_str(fun)
    if name not in SALT_SHELL_FUNCS:
        return None
    arg = kws.get("arg", call.args[2] if len(call.args) > 2 else None)
    if isinstance(arg, (ast.List, ast.Tuple)) and arg.elts and not isinstance(arg.elts[0], ast.Starred):
        return name, arg.elts[0]
    return None


def _const_str(e) -> str | None:
    return e.value if isinstance(e, ast.Constant) and isinstance(e.value, str) else None


def _command_of(value: ast.expr) -> ast.expr | None:
    """The command line in a module's argument: the value itself, or the free form of an
    argument mapping (``{"_raw_params": cmd}``, ``dict(cmd=cmd)``); None for a list."""
    if isinstance(value, ast.Dict):
        for k, v in zip(value.keys, value.values):
            if _const_str(k) in _RAW_KEYS:
                return v
        return None
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict":
        for kw in value.keywords:
            if kw.arg in _RAW_KEYS:
                return kw.value
        return None
    if isinstance(value, (ast.List, ast.Tuple, ast.Set)):
        return None
    return value


def _from_pairs(pairs: list) -> tuple | None:
    """(module name, its argument expression) of one mapping or keyword list written as
    ``[(key, value node), ...]``, or None when it is no shell-module invocation."""
    keys = {k: v for k, v in pairs if k is not None}
    for mk in _MODULE_KEYS:
        mod = _const_str(keys.get(mk))
        if mod in SHELL_MODULES:
            for ak in _ARGS_KEYS:
                if ak in keys:
                    return mod, keys[ak]
            return None
    for k, v in pairs:
        if k not in SHELL_MODULES:
            continue
        if "." in k:
            return k, v
        # the short name: every other key a task keyword (``{"name": n, "shell": sh,
        # "home": h}`` is a user account), and the value no shell program held by name
        others = [o for o in keys if o != k]
        if others and len(others) == len(pairs) - 1 and all(o in TASK_KEYWORDS for o in others):
            if not _names_a_shell(v):
                return k, v
    return None


def _names_a_shell(e: ast.expr) -> bool:
    """``login_shell``, ``self.shell``, ``user.shell_path``: a program, not a command line."""
    while isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "get" and e.args:
        e = e.args[0]  # ``cfg.get("shell")``
    if isinstance(e, ast.Constant):
        return isinstance(e.value, str) and "shell" in e.value.lower()
    name = e.id if isinstance(e, ast.Name) else e.attr if isinstance(e, ast.Attribute) else ""
    return "shell" in name.lower() or name.lower().endswith(("_path", "_exe", "executable", "interpreter"))


def task_commands(calls, dicts) -> list:
    """``[(anchor node, scope, module, command expression)]`` for every shell-module
    invocation among the module's ``calls`` and ``dicts`` (``[(node, scope)]``); the anchor
    is where the finding goes (the call, or the key of the mapping)."""
    out = []
    for call, scope in calls:
        if (job := _salt_job(call)) is not None:
            out.append((call, scope, job[0], job[1]))
            continue
        if (ssm := _ssm_job(call)) is not None:
            out.extend((call, scope, ssm[0], cmd) for cmd in ssm[1])
            continue
        kws = [(kw.arg, kw.value) for kw in call.keywords if kw.arg is not None]
        if not kws:
            continue
        names = {k for k, _v in kws}
        if "module_args" in names:
            # the module by keyword, or as a positional constant (``run_ansible("shell", module_args=c)``)
            mod = next((_const_str(v) for k, v in kws if k in _MODULE_KEYS and _const_str(v) in SHELL_MODULES), None)
            if mod is None:
                mod = next((_const_str(a) for a in call.args if _const_str(a) in SHELL_MODULES), None)
            if mod is not None:
                cmd = _command_of(dict(kws)["module_args"])
                if cmd is not None:
                    out.append((call, scope, mod, cmd))
            continue
        if isinstance(call.func, ast.Name) and call.func.id == "dict":
            hit = _from_pairs(kws)
            if hit is not None and (cmd := _command_of(hit[1])) is not None:
                out.append((call, scope, hit[0], cmd))
    for d, scope in dicts:
        pairs = [(_const_str(k), v) for k, v in zip(d.keys, d.values)]
        hit = _from_pairs(pairs)
        if hit is None:
            continue
        cmd = _command_of(hit[1])
        if cmd is None:
            continue
        key = next((k for k, (name, _v) in zip(d.keys, pairs) if name == hit[0] and k is not None), d)
        out.append((key, scope, hit[0], cmd))
    return out
