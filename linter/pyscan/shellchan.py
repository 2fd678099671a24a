"""Text written into an interactive remote shell channel (issue 25).

``chan = client.invoke_shell()`` then ``chan.send(cmd + "\\n")``: paramiko starts the
remote user's login shell on a pseudo-terminal and every byte sent is read by that
shell as its commands -- the same as ``exec_command(cmd)``, without even a command
boundary.  Facts (paramiko 3.x documentation): ``SSHClient.invoke_shell`` "Start an
interactive shell session on the SSH server. A new Channel is opened and connected to
a pseudo-terminal"; ``Channel.invoke_shell`` "Request an interactive shell session on
this channel ... the shell will operate through the pty, and the channel will be
connected to the stdin and stdout of the pty"; ``Channel.send``/``sendall`` write data
to the channel.  Network-automation scripts, device drivers and devops helpers keep
such a channel in ``self`` and send each command through a method.

:func:`shell_channel` recognises the receiver of ``send``/``sendall``: a channel
returned by ``invoke_shell()`` (a local bound once, or ``self.attr`` assigned once in
the class), or a channel on which the function (or the class) calls
``.invoke_shell()``.  Only in a module that imports paramiko or names ``invoke_shell``
(paramiko's method: a wrapper handed a connected client, paramiko-expect's
``SSHClientInteraction(client)``, imports nothing of paramiko).
"""

from __future__ import annotations

import ast

from .astwalk import same_ref, walk
from .scopes import function_of

__all__ = ["CHANNEL_WRITES", "shell_channel"]

CHANNEL_WRITES = {"send": ("s",), "sendall": ("s",)}  # paramiko.Channel.send(s) / sendall(s)
_START = "invoke_shell"


def _is_start(e: ast.expr | None) -> bool:
    return isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == _START


def _started_in(where: ast.AST, recv: ast.expr) -> bool:
    """Does ``where`` call ``recv.invoke_shell()`` or assign ``recv = ....invoke_shell()``?"""
    for n in walk(where):
        if _is_start(n) and same_ref(n.func.value, recv):
            return True
        if isinstance(n, ast.Assign) and _is_start(n.value) and any(same_ref(t, recv) for t in n.targets):
            return True
        if isinstance(n, ast.AnnAssign) and _is_start(n.value) and same_ref(n.target, recv):
            return True
    return False


def shell_channel(ev_, model, recv: ast.expr, scope) -> str | None:
    """A label when ``recv`` is a paramiko channel connected to an interactive shell."""
    if "paramiko" not in model.imported and "invoke_shell" not in model.text:
        return None  # (a channel of a client handed in: its ``invoke_shell()`` is in the text)
    for v in ev_.values(recv, scope):
        if v.kind == "name" and v.name.startswith("paramiko.") and v.name.endswith("." + _START):
            return "paramiko invoke_shell() channel"
    fs = function_of(scope)
    if fs is None:
        return None
    if isinstance(recv, ast.Name) and _started_in(fs.node, recv):
        return "paramiko invoke_shell() channel"
    if isinstance(recv, ast.Attribute) and isinstance(recv.value, ast.Name) and recv.value.id == "self":
        cls = getattr(fs, "cls", None)
        if cls is not None and _started_in(cls.node, recv):
            return "paramiko invoke_shell() channel"
    return None
