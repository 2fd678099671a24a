"""Library runners reached through a duck-typed receiver (issue 25).

A project written against a command-running library often never names the
library's class where it calls it: fabric/invoke helpers take the connection
as a plain parameter (``def directory(c, path): c.run(...)``), and ssh client
wrappers call methods of a channel object they made elsewhere.  This table
says when such a receiver counts as the library's object, from the library's
documented signatures; the detector (sinks.py) then checks the call as the
library's runner.  Modelled:

* invoke ``Context.run/sudo`` and fabric ``Connection.run/sudo/local`` (a shell
  command string, run by ``/bin/bash -c`` locally or by the remote login shell;
  invoke 2.x docs "invoke.runners.Runner.run", fabric 3.x "Connection.run"):
  the receiver is the function's first parameter (after ``self``/``cls``), named
  like a connection/context, and either the module imports invoke/fabric or the
  call passes a keyword only invoke's runners take (``hide=``, ``warn=``,
  ``pty=``, ``echo=``, ``watchers=``...: ``Runner.run`` options,
  invoke/runners.py).
* ssh2-python ``Channel.execute(command)`` (libssh2 ``libssh2_channel_exec``:
  the string is run by the remote user's shell, libssh2 docs) and ssh-python
  ``Channel.request_exec(cmd)`` (libssh ``ssh_channel_request_exec``, same)
  in a module that imports ``ssh2`` / ``ssh``, on a receiver named like a
  channel (``channel``, ``chan``, ``self.channel``); also when the bound method is
  handed with its arguments to a helper that calls it
  (``self.eagain(channel.execute, cmd)``).

* patchwork's ``@set_runner`` (patchwork 1.0 ``patchwork/util.py``: "Set 2nd
  posarg of decorated function to some callable ``runner``", by default
  ``getattr(c, "run")``, ``c.sudo`` with ``sudo=True``): in a decorated
  function whose first parameter is named like a connection and whose second
  is ``runner``, ``runner(cmd, ...)`` is the connection's ``run``, in a module
  that imports invoke/fabric/patchwork.

Sarge's ``run``/``capture_*`` (its own parser of ``;``, ``&&``, ``|``) are
sinks.py's ``REMOTE_OR_SHELL_RUNNERS``, ``sarge.Command(shell=True)`` and
delegator's ``run`` are in runnerlibs.py.  Windows-only shells are in
windows.py; parallel-ssh's abstract ``self._execute`` is resolved in the
subclasses by the project analysis (project.py ``overrides``).
"""

from __future__ import annotations

import ast
import re

from ..core.lazyre import compile_pattern
from .astwalk import last_ident

#: names a parameter holding an invoke Context / fabric Connection goes by
CONNECTION_PARAMS = frozenset({"c", "ctx", "cxn", "conn", "connection", "context"})
#: the runner methods of invoke.Context / fabric.Connection -> the qualname the sink table knows
CONNECTION_METHODS = {
    "run": "invoke.Context.run",
    "sudo": "invoke.Context.sudo",
    "local": "fabric.Connection.local",
}
#: keywords only invoke's Runner.run takes (subprocess, plumbum, sh take none of them)
INVOKE_ONLY_KEYWORDS = frozenset(
    {"hide", "warn", "pty", "echo", "watchers", "in_stream", "asynchronous", "disown", "echo_stdin", "replace_env"}
)
CONNECTION_LIBRARIES = frozenset({"invoke", "fabric", "fabric2", "patchwork"})

#: method of a remote channel -> (top-level module that provides it, keyword name of the command)
CHANNEL_METHODS = {
    "execute": ("ssh2", "command"),  # ssh2-python ssh2.channel.Channel.execute
    "request_exec": ("ssh", "cmd"),  # ssh-python ssh.channel.Channel.request_exec
}


#: the receiver of a channel method is named like a channel (``channel``, ``chan``, ``ssh_channel``):
#: ``cursor.execute(sql)`` of a DB-API cursor in the same module is not one
CHANNEL_RECEIVER = compile_pattern(r"^_*(?:ssh_?)?(?:chan|channel)$", re.I)


def _last_ident(e: ast.expr) -> str:
    return last_ident(e, (ast.Call,))


def _first_param(scope) -> str | None:
    if scope is None or scope.kind != "function" or not scope.params:
        return None
    ps = scope.params
    if scope.cls is not None and ps[0] in ("self", "cls"):
        ps = ps[1:]
    return ps[0] if ps else None


def _is_param(scope, name: str) -> bool:
    bs = scope.bindings.get(name, ())
    return bool(bs) and all(b.kind == "param" for b in bs)


def duck_connection_runner(call: ast.Call, scope, imported) -> tuple[str, str] | None:
    """(sink qualname, how) when ``call`` is ``c.run/sudo/local(...)`` on a
    duck-typed connection parameter (see the module doc), else None."""
    f = call.func
    if not isinstance(f, ast.Attribute) or f.attr not in CONNECTION_METHODS or not isinstance(f.value, ast.Name):
        return None
    name = f.value.id
    if name not in CONNECTION_PARAMS or _first_param(scope) != name or not _is_param(scope, name):
        return None
    if not (CONNECTION_LIBRARIES & imported) and not any(k.arg in INVOKE_ONLY_KEYWORDS for k in call.keywords):
        return None
    return CONNECTION_METHODS[f.attr], f"parameter '{name}' used as an invoke/fabric connection"


def channel_runner(func: ast.expr, imported) -> tuple[str, str] | None:
    """(library, command keyword) when ``func`` is ``<x>.execute`` / ``<x>.request_exec``
    of a channel library the module imports, else None."""
    if not isinstance(func, ast.Attribute):
        return None
    lib = CHANNEL_METHODS.get(func.attr)
    if lib is None or lib[0] not in imported or not CHANNEL_RECEIVER.match(_last_ident(func.value)):
        return None
    return lib


#: the parameter patchwork's ``@set_runner`` fills with the connection's runner method
RUNNER_PARAMS = frozenset({"runner"})


def decorated_runner(call: ast.Call, scope, imported) -> tuple[str, str] | None:
    """(sink qualname, how) when ``call`` is ``runner(...)`` of a ``@set_runner``-style
    function (see the module doc), else None."""
    f = call.func
    if not isinstance(f, ast.Name) or f.id not in RUNNER_PARAMS or not (CONNECTION_LIBRARIES & imported):
        return None
    if scope is None or scope.kind != "function" or not getattr(scope.node, "decorator_list", None):
        return None
    ps = scope.params
    if scope.cls is not None and ps and ps[0] in ("self", "cls"):
        ps = ps[1:]
    if len(ps) < 2 or ps[0] not in CONNECTION_PARAMS or ps[1] != f.id or not _is_param(scope, f.id):
        return None
    return "invoke.Context.run", f"parameter '{f.id}' set to {ps[0]}.run by a @set_runner-style decorator"
