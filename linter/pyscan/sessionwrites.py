"""Text typed into an interactive shell session an object keeps (issue 25).

A remote-execution server, an agent's terminal tool or a REPL bridge starts one shell and
keeps it: ``self._shell = pexpect.spawn("/usr/bin/env bash")`` in ``start()`` (``None``
until then), a ``@property`` ``shell`` returning ``self._shell``, and ``run(action)``
doing ``self.shell.sendline(action.command)``.  The text sent is the shell's next command
line: pexpect's ``spawn.send(s)``/``sendline(s)``/``write(s)``/``writelines(seq)`` write to
the child's terminal (pexpect 4.9 docs, "spawn class": "sendline(s='') Wraps send(),
sending string s to child process, with os.linesep automatically appended"), and bash(1)
reads its commands from its terminal when started with no operand ("An interactive shell
is one started without non-option arguments").  The per-file scan follows a handle held
in a local name (``child = pexpect.spawn("bash"); child.sendline(cmd)``); this module
finds the writes to a handle kept on ``self``, through every method of the class and its
properties that return the handle.  Which programs read their commands from their input is
:func:`.stdinscript.stdin_program`'s (shells, interpreters, ``env``-style wrappers).
"""

import ast

from .astwalk import walk

__all__ = ["SESSION_WRITES", "handle_names", "session_writes"]

#: pexpect ``spawn``/``PopenSpawn`` methods that write text to the child (pexpect 4.9 docs)
SESSION_WRITES = {"send": ("s",), "sendline": ("s",), "write": ("s",), "writelines": ("sequence",)}


def _is_self_attr(e, attrs: set) -> bool:
    return isinstance(e, ast.Attribute) and e.attr in attrs and isinstance(e.value, ast.Name) and e.value.id == "self"


def handle_names(cls_node: ast.ClassDef, attr: str) -> set:
    """``{attr}`` and the names of the class's properties that return ``self.attr``
    (``@property def shell(self): ...; return self._shell``)."""
    out = {attr}
    for node in cls_node.body:
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if not any(
            (isinstance(d, ast.Name) and d.id in ("property", "cached_property"))
            or (isinstance(d, ast.Attribute) and d.attr == "cached_property")
            for d in node.decorator_list
        ):
            continue
        rets = [n for n in walk(node) if isinstance(n, ast.Return) and n.value is not None]
        if rets and all(_is_self_attr(r.value, {attr}) for r in rets):
            out.add(node.name)
    return out


def session_writes(cls_node: ast.ClassDef, names: set) -> list:
    """``[(call, data)]``: ``self.N.sendline(data)`` (and ``send``/``write``/``writelines``)
    in the class's methods, ``N`` one of ``names``."""
    out = []
    for node in walk(cls_node):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        kws = SESSION_WRITES.get(node.func.attr)
        if kws is None or not _is_self_attr(node.func.value, names):
            continue
        data = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg in kws), None)
        if data is not None and not isinstance(data, ast.Constant):
            out.append((node, data))
    return out
