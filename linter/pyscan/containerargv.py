"""A container whose argv is split between its entrypoint and its command (issue 25).

A container runs one argv made of two fields: Docker's ``ENTRYPOINT`` followed by its
``CMD`` (Docker reference, "Understand how CMD and ENTRYPOINT interact": the command
is appended to the entrypoint as its arguments), Kubernetes' ``command`` followed by its
``args`` (Kubernetes API, Container v1: "command: Entrypoint array ... args: Arguments to
the entrypoint").  Code that starts one with a shell as entrypoint hands the shell its
script in the other field:

* docker SDK: ``client.containers.run(image, command=["-c", script], entrypoint="/bin/sh")``,
  ``containers.create(..., entrypoint=["/bin/sh", "-c"], command=cmd)``, also through
  ``asyncio.to_thread(client.containers.create, image, entrypoint=..., command=...)``
  (docker-py 7 ``ContainerCollection.run/create``: "command (str or list)", "entrypoint
  (str or list)"; a string is split with ``shlex.split``, docker/utils/utils.py
  ``split_command``); testcontainers' ``DockerContainer(image, entrypoint=..., command=...)``
  passes both on to it;
* kubernetes: ``V1Container(command=["/bin/sh", "-c"], args=[script])``;
* a command string that starts with the shell's ``-c`` flag, the entrypoint set elsewhere
  (testcontainers: ``kwargs["entrypoint"] = "/bin/sh"`` in ``__init__``, then
  ``self.with_command(f'-c "{command}"')``): only a shell or an interpreter reads ``-c`` and
  a script as its first arguments.

:func:`container_argv` joins the two fields into the argv alternatives the container runs;
the detector judges them as any argv (:func:`.sinks.shell_in_argv`).  Neither field a shell,
or a constant script, and nothing is reported; an entrypoint that is not constant is not
guessed.
"""

from __future__ import annotations

import ast
import shlex

__all__ = ["FIELD_PAIRS", "SPLIT_COMMANDS", "container_argv", "could_hold", "could_split", "split_command_argv"]

#: (entrypoint keyword, command keyword) pairs naming the two fields of a container's argv
#: (docker-py ``entrypoint``/``command``; Kubernetes ``command``/``args``)
FIELD_PAIRS = (("entrypoint", "command"), ("command", "args"))


#: methods that set a container's command (testcontainers ``DockerContainer.with_command(command)``:
#: "the command to run in the container", passed to docker-py's ``containers.run(command=...)``)
COMMAND_SETTERS = frozenset({"with_command"})


def could_hold(text: str) -> bool:
    """The cheap test of a module's text: it names an entrypoint, or a Kubernetes container."""
    return "entrypoint" in text or "V1Container" in text or "with_command" in text


def _words(ev, expr, scope) -> list | None:
    """The constant words of an entrypoint: a string (split as docker-py splits it) or a
    list display / name of constant strings; None otherwise."""
    v = ev.evidence(expr, scope)
    if v.const and isinstance(v.value, str):
        try:
            return shlex.split(v.value)
        except ValueError:
            return None
    alts = ev.argv(expr, scope)
    if not alts or len(alts) != 1:
        return None
    out = []
    for el in alts[0]:
        if el is None or not el.const or not isinstance(el.value, str):
            return None
        out.append(el.value)
    return out


def container_argv(ev, call: ast.Call, scope) -> tuple | None:
    """``(alts, anchor)``: the argv alternatives the container started by ``call`` runs
    (entrypoint words, then the command's items), and the command expression to report at;
    None when the call names no entrypoint that is a program of constant words."""
    from .evaluate import const

    kws = {k.arg: k.value for k in call.keywords if k.arg is not None}
    f = call.func
    setter = isinstance(f, ast.Attribute) and f.attr in COMMAND_SETTERS and len(call.args) == 1
    lone = call.args[0] if setter else kws.get("command") if "entrypoint" not in kws else None
    if lone is not None and _flag_first(lone):
        # ``with_command(f'-c "{cmd}"')``, ``command=f"-c '{cmd}'"`` with the entrypoint set
        # elsewhere: only a shell (or an interpreter) takes ``-c`` and a script as its first words
        return [[const("sh"), const("-c"), ev.evidence(lone, scope)]], lone
    for first, second in FIELD_PAIRS:
        if first not in kws or second not in kws:
            continue
        head = _words(ev, kws[first], scope)
        if not head:
            continue
        cmd = kws[second]
        if isinstance(cmd, ast.Constant) and cmd.value is None:
            continue
        v = ev.evidence(cmd, scope)
        if v.const and v.value is None:
            continue
        if isinstance(cmd, (ast.JoinedStr, ast.BinOp)) or (v.const and isinstance(v.value, str)):
            # a command string: docker-py splits it into words; a script in it is one of them
            if v.const:
                try:
                    tail = [[const(w) for w in shlex.split(v.value)]]
                except ValueError:
                    continue
            elif head[-1] in ("-c", "-lc", "-ec"):
                tail = [[v]]  # entrypoint ["/bin/sh", "-c"]: the command string is the script
            elif _flag_first(cmd):
                tail = [[const("-c"), v]]  # '-c "' + script + '"': hand-written quotes split away
            else:
                continue
        else:
            tail = ev.argv(cmd, scope)
            if not tail:
                continue
        return [[const(w) for w in head] + list(alt) for alt in tail], cmd
    return None


#: docker-py methods whose command, given as a string, is split into the container's argv with
#: ``shlex.split`` (docker-py 7.2 docker/utils/utils.py ``split_command``): ``Container.exec_run(cmd)``
#: and ``APIClient.exec_create(container, cmd)`` (docker/api/exec_api.py: ``if isinstance(cmd, str):
#: cmd = utils.split_command(cmd)``), ``ContainerCollection.run/create(image, command)``
#: (docker/types/containers.py ContainerConfig: ``if isinstance(command, str): command =
#: split_command(command)``): method -> (position, keyword) of the command
SPLIT_COMMANDS = {"exec_run": (0, "cmd"), "exec_create": (1, "cmd"), "run": (1, "command"), "create": (1, "command")}


def could_split(text: str) -> bool:
    """The cheap test of a module's text: it may call one of :data:`SPLIT_COMMANDS`."""
    return "exec_run" in text or "exec_create" in text or "containers." in text


def split_command_argv(ev, call: ast.Call, scope) -> tuple | None:
    """``(alts, command)`` for ``container.exec_run(f"sh -c '{cmd}'")`` (a docker-py command
    string, :data:`SPLIT_COMMANDS`): the argv alternatives docker-py splits it into, judged as
    any argv (a shell given ``-c`` and a script with a value in it: the value is shell code,
    the hand-written quotes split away); None for a list (an argv the argv analyses read), a
    ``run``/``create`` not of a ``containers`` collection, or one with an entrypoint
    (:func:`container_argv`'s)."""
    f = call.func
    if not isinstance(f, ast.Attribute) or f.attr not in SPLIT_COMMANDS:
        return None
    if f.attr in ("run", "create"):
        recv = f.value
        if not (
            (isinstance(recv, ast.Attribute) and recv.attr == "containers")
            or (isinstance(recv, ast.Name) and recv.id == "containers")
        ):
            return None
    pos, kw = SPLIT_COMMANDS[f.attr]
    kws = {k.arg: k.value for k in call.keywords if k.arg is not None}
    if "entrypoint" in kws:
        return None
    cmd = kws.get(kw)
    if cmd is None and len(call.args) > pos and not any(isinstance(a, ast.Starred) for a in call.args[: pos + 1]):
        cmd = call.args[pos]
    if cmd is None or isinstance(cmd, (ast.List, ast.Tuple, ast.ListComp)):
        return None
    if not isinstance(cmd, (ast.JoinedStr, ast.BinOp, ast.Name, ast.Call)):
        return None
    if isinstance(cmd, ast.Call) and not (isinstance(cmd.func, ast.Attribute) and cmd.func.attr == "format"):
        return None
    alts = ev.shlex_argv(cmd, scope)
    return (alts, cmd) if alts else None


def _flag_first(cmd: ast.expr) -> bool:
    """A command string whose constant beginning is the shell's ``-c`` flag (``f'-c "{x}"'``)."""
    e = cmd
    while isinstance(e, ast.BinOp):
        e = e.left
    if isinstance(e, ast.JoinedStr) and e.values and isinstance(e.values[0], ast.Constant):
        e = e.values[0]
    return isinstance(e, ast.Constant) and isinstance(e.value, str) and e.value.lstrip().startswith("-c ")
