"""The user's login shell as a program (issue 25): ``[pw.pw_shell, "-c", cmd]``.

Code that mimics ssh or a terminal runs a command the way the user's own shell
would: the program is not a constant but the login shell, read from the
password database (``pwd.getpwuid(uid).pw_shell``; ssh does the same:
sshd(8), "LOGIN PROCESS": "runs the user's shell ... with -c"), from the
``SHELL`` environment variable (POSIX "Environment Variables": ``SHELL``, "the
pathname of the user's preferred command language interpreter"), or detected
from the parent process (``shellingham.detect_shell()`` returns
``(name, path)`` of the shell running the program; shellingham's README).
Every such program is a command language interpreter that runs the string
after ``-c``, so an argv starting with one is a shell with code, whatever its
name is on the machine.

:func:`login_shell` tells whether an argv item is such a value; the evaluator
(:meth:`.evaluate.Evaluator._argv`) then stands :data:`LOGIN_SHELL` for it, a
program name the shell-in-argv reading (:func:`.sinks.shell_in_argv`) counts
among the POSIX shells.
"""

from __future__ import annotations

import ast

from .scopes import lookup

#: the program an argv item holding the user's login shell stands for
LOGIN_SHELL = "$SHELL"

#: calls whose result is the login shell: ``(name, path)`` tuples (index 0 or 1)
_DETECTORS = frozenset({"shellingham.detect_shell"})
#: environment readers taking the variable name first
_ENV_GET = frozenset({"os.getenv", "os.environ.get", "os.environ.setdefault"})
_ENV_MAPS = frozenset({"os.environ"})
#: the environment variable naming the login shell
_SHELL_VAR = "SHELL"


def _names(ev, e, scope, depth) -> set:
    return {v.name for v in ev.values(e, scope, depth + 1) if v.kind == "name"}


def _is_detector_call(ev, e, scope, depth) -> bool:
    return isinstance(e, ast.Call) and bool(_names(ev, e.func, scope, depth) & _DETECTORS)


def login_shell(ev, e, scope, depth: int = 0) -> bool:
    """``e`` holds the user's login shell on some path (the other paths being
    constants or other login-shell reads): ``pwd.getpwuid(uid).pw_shell``,
    ``os.environ["SHELL"]``, ``os.getenv("SHELL", "/bin/sh")``,
    ``shellingham.detect_shell()[0]``, ``x or "/bin/sh"`` of one of them, a name
    assigned one of them, or a call of a function of this module returning one."""
    if depth > 6:
        return False
    t = type(e)
    if t is ast.Attribute:
        return e.attr == "pw_shell"
    if t is ast.BoolOp or t is ast.IfExp:
        parts = e.values if t is ast.BoolOp else [e.body, e.orelse]
        return any(login_shell(ev, p, scope, depth + 1) for p in parts)
    if t is ast.Subscript:
        key = e.slice
        if isinstance(key, ast.Constant) and key.value == _SHELL_VAR:
            return bool(_names(ev, e.value, scope, depth) & _ENV_MAPS)
        if isinstance(key, ast.Constant) and key.value in (0, 1):
            return _is_detector_call(ev, e.value, scope, depth)
        return False
    if t is ast.Call:
        names = _names(ev, e.func, scope, depth)
        if names & _ENV_GET:
            return bool(e.args) and isinstance(e.args[0], ast.Constant) and e.args[0].value == _SHELL_VAR
        for v in ev.values(e.func, scope, depth + 1):
            if v.kind == "func" and getattr(v.data, "returns", None):
                if any(login_shell(ev, r, v.data, depth + 1) for r in v.data.returns):
                    return True
        return False
    if t is ast.Name:
        # a name assigned a login-shell read on some path; never one a caller may give
        # (``def record(command=None): if command is None: command = os.environ["SHELL"]``)
        _s, bl = lookup(ev.m, scope, e.id, (e.lineno, e.col_offset))
        found = False
        for b in bl or ():
            if b.kind not in ("assign", "with") or not isinstance(b.value, ast.expr):
                return False
            if b.index:
                # ``shell, _ = shellingham.detect_shell()``
                if len(b.index) == 1 and b.index[0] in (0, 1) and _is_detector_call(ev, b.value, b.scope, depth):
                    found = True
                continue
            if login_shell(ev, b.value, b.scope, depth + 1):
                found = True
        return found
    return False


def mapping_values(model, e, scope) -> list:
    """The value expressions of the mapping ``e`` names when it is a local name
    assigned once a dict display, ``dict(...)`` of keywords, or
    ``collections.defaultdict(lambda: d, {...})`` (the default counts as a value):
    ``flag = flags[shell]`` is one of them.  ``[]`` when not known."""
    if isinstance(e, ast.Dict):
        return [v for k, v in zip(e.keys, e.values) if k is not None]
    if not isinstance(e, ast.Name):
        return []
    _s, bl = lookup(model, scope, e.id, (e.lineno, e.col_offset))
    if not bl or len(bl) != 1 or bl[0].kind != "assign" or bl[0].index:
        return []
    v = bl[0].value
    if isinstance(v, ast.Dict):
        return mapping_values(model, v, scope)
    if not isinstance(v, ast.Call):
        return []
    f = v.func
    fname = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    out: list = []
    args = list(v.args)
    if fname == "defaultdict":
        first = args.pop(0) if args else None
        if not isinstance(first, ast.Lambda):
            return []
        out.append(first.body)
    elif fname != "dict":
        return []
    for a in args:
        if not isinstance(a, ast.Dict) or None in a.keys:
            return []
        out.extend(a.values)
    out.extend(k.value for k in v.keywords if k.arg is not None)
    return out
