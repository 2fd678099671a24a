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

__all__ = ["FIELD_PAIRS", "container_argv", "could_hold"]

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


def _flag_first(cmd: ast.expr) -> bool:
    """A command string whose constant beginning is the shell's ``-c`` flag (``f'-c "{x}"'``)."""
    e = cmd
    while isinstance(e, ast.BinOp):
        e = e.left
    if isinstance(e, ast.JoinedStr) and e.values and isinstance(e.values[0], ast.Constant):
        e = e.values[0]
    return isinstance(e, ast.Constant) and isinstance(e.value, str) and e.value.lstrip().startswith("-c ")
