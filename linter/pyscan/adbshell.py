"""Command strings sent to the adb server's ``shell:`` service (issue 25).

An adb client does not start a process: it writes a *service request* to the adb server
(a socket, ``localhost:5037``), and the request names what the device runs.  AOSP
``packages/modules/adb/SERVICES.TXT``: "shell:command arg1 arg2 ...  Run 'command arg1
arg2 ...' in a shell on the device"; adbd's ``daemon/services.cpp`` hands the text after
``shell:`` (also ``shell,v2,raw:``-style requests with protocol options, and ``exec:``,
the raw variant) to ``StartSubprocess``, which runs it as ``/system/bin/sh -c <command>``
(``daemon/shell_service.cpp``, ``execle(_PATH_BSHELL, ..., "-c", command)``).  So a client
that sends ``"shell:" + cmd`` (adbutils ``open_shell``/``_shell_v2``, pure-python-adb's
``"shell:{}".format(cmd)``, AndroidViewClient's ``'shell:%s' % cmd``) runs ``cmd`` in the
device's ``sh``: a value in it is shell code, like ``os.system``'s string.

:func:`service_command` recognises the request where it is built, in the argument of the
call that sends it (whatever the transport's method is called); the detector (sinks.py)
reports it as a command run by a remote shell, and the project summaries turn the methods
that forward their parameter there (``device.shell(cmd)``) into wrappers of that shell.
"""

from __future__ import annotations

import ast

from ..core.lazyre import compile_pattern

#: a service request that runs its text in the device's ``sh -c`` (SERVICES.TXT; adbd
#: services.cpp): ``shell:``, ``shell,v2:``/``shell,raw:``..., ``exec:``
_SERVICE = compile_pattern(r"(?:shell(?:,[\w,-]*)?|exec):(?!\s)")
#: the verbs of a call that writes a request to the server's socket (adbutils
#: ``send_command``, pure-python-adb ``connection.send``, AndroidViewClient ``__send``, a
#: raw ``sock.sendall``/``write``): a text built elsewhere (a message ``f"exec: {cmd}"``
#: logged, an object of a project's own ``"shell:"`` convention) is not a request
_SEND_VERBS = ("send", "write", "request", "service")


def _sends(name: str) -> bool:
    n = name.strip("_").lower()
    return any(v in n for v in _SEND_VERBS)


def names_a_request(text: str) -> bool:
    """Does a string literal of ``text`` start with a shell service request (``"shell:``,
    ``'shell,v2:``, ``"exec:``)?  Found with ``str.find``, each hit matched in place (the
    module's cheap test)."""
    for needle in ("shell", "exec:"):
        i = text.find(needle)
        while i != -1:
            if i and text[i - 1] in "\"'" and _SERVICE.match(text, i):
                return True
            i = text.find(needle, i + 1)
    return False


def _const_head(e: ast.expr) -> ast.Constant | None:
    """The constant string the expression ``e`` starts with, when its first piece is
    written out: ``"shell:" + cmd``, ``f"shell:{cmd}"``, ``"shell:{}".format(cmd)``,
    ``"shell:%s" % cmd``, the same ``.encode()``-d."""
    while True:
        if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr in ("encode", "format"):
            e = e.func.value
        elif isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Add, ast.Mod)):
            e = e.left
        elif isinstance(e, ast.JoinedStr) and e.values:
            e = e.values[0]
        else:
            break
    if isinstance(e, ast.Constant) and isinstance(e.value, (str, bytes)):
        return e
    return None


def service_command(call: ast.Call) -> bool:
    """Is the first argument of ``call`` an adb service request that runs a shell command
    (its written head is ``shell:``, ``shell,<options>:`` or ``exec:``, the command right
    after the colon as adb reads it) and something more than that head, given to a call
    that sends it (:data:`_SEND_VERBS`)?"""
    e = call.args[0]
    f = call.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    if isinstance(e, ast.Constant) or not _sends(name):
        return False  # a constant request: nothing of the data
    head = _const_head(e)
    if head is None:
        return False
    v = head.value
    text = v.decode("latin-1") if isinstance(v, bytes) else v
    return _SERVICE.match(text) is not None


__all__ = ["names_a_request", "service_command"]
