"""Text run by a REPL wrapper around a shell or an interpreter (pexpect's ``replwrap``; issue 25).

A Jupyter kernel, an agent's terminal tool or a test harness wraps an interactive shell in
pexpect's ``REPLWrapper`` and sends it command lines: ``self.bashwrapper =
replwrap.bash()`` then ``self.bashwrapper.run_command(code)``.  pexpect 4.9
``replwrap.py``: ``bash(command="bash")`` and ``zsh(command="zsh", ...)`` start that shell
and return a ``REPLWrapper``; ``python(command=sys.executable)`` starts a Python REPL;
``REPLWrapper(cmd_or_spawn, orig_prompt, prompt_change, ...)`` spawns ``cmd_or_spawn``
when it is a string, else wraps the ``spawn`` it is given; ``run_command(command,
timeout=-1, async_=False)`` sends each line of ``command`` with ``sendline`` and waits for
the prompt, so the text is the shell's (or the interpreter's) next input.  This module holds
that table and finds the ``run_command`` calls on a kept wrapper; which programs read their
commands from their input is :func:`.stdinscript.stdin_program`'s.
"""

from __future__ import annotations

import ast

from .astwalk import walk

__all__ = ["REPL_FACTORIES", "REPL_CLASS", "REPL_CALL_NAMES", "REPL_SEND", "is_repl_subclass", "repl_sends"]

#: factory function -> (the parameter naming the program, its default) (pexpect 4.9 replwrap.py)
REPL_FACTORIES = {
    "pexpect.replwrap.bash": ("command", "bash"),
    "pexpect.replwrap.zsh": ("command", "zsh"),
    "pexpect.replwrap.python": ("command", "python3"),
}
#: the wrapper class: its first parameter is the program (a string) or a ``spawn``
REPL_CLASS = "pexpect.replwrap.REPLWrapper"
#: the last name of every call above (``replwrap.bash()``, ``REPLWrapper(...)``): the calls worth resolving
REPL_CALL_NAMES = frozenset(q.rsplit(".", 1)[1] for q in (*REPL_FACTORIES, REPL_CLASS))
#: the method that sends its text to the wrapped program, and the parameter holding it
REPL_SEND = ("run_command", "command")


def is_repl_subclass(cls_node: ast.ClassDef) -> bool:
    """A class written ``class K(replwrap.REPLWrapper)`` / ``(REPLWrapper)`` (the name is checked
    against the evaluator's resolution by the caller)."""
    for b in cls_node.bases:
        name = b.attr if isinstance(b, ast.Attribute) else b.id if isinstance(b, ast.Name) else None
        if name == "REPLWrapper":
            return True
    return False


def repl_sends(where: ast.AST, handle: tuple, after: tuple, names: set | None = None) -> list:
    """``[(call, data)]``: ``H.run_command(data)`` in ``where`` after ``after`` (line, col), for
    the handle ``H`` (``("name", n)``, or ``("self", attr)`` with ``names`` the attribute and the
    properties returning it); constant text is left out."""
    meth, kw = REPL_SEND
    attrs = names if names is not None else {handle[1]}
    out = []
    for node in walk(where):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute) or node.func.attr != meth:
            continue
        if (node.lineno, node.col_offset) < after:
            continue
        recv = node.func.value
        if handle[0] == "name":
            ok = isinstance(recv, ast.Name) and recv.id == handle[1]
        else:
            ok = (
                isinstance(recv, ast.Attribute)
                and recv.attr in attrs
                and isinstance(recv.value, ast.Name)
                and recv.value.id == "self"
            )
        if not ok:
            continue
        data = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == kw), None)
        if data is not None and not isinstance(data, ast.Constant):
            out.append((node, data))
    return out
