"""The few constant strings a command prefix may be (issue 25).

Code that runs a command line through "the platform's shell" often keeps the
shell and its code flag as one string chosen by platform, then splits it into
the argv: ``bash_c().split() + [cmd]`` with ``def bash_c(): return "bash -c" if
not windows else "cmd /c"`` (the agent of a CI/ML service), ``SHELL = "sh -c" if
os.name == "posix" else "cmd.exe /c"; SHELL.split() + [line]``.  The value is
one of a few constants, not one: the evaluator's union of them is constant
without a value.  :func:`const_string_choices` lists those constants (each then
an argv alternative, read by the shell-in-argv check like any written
``["bash", "-c", cmd]``): the branches of a conditional expression, a name
assigned a constant on each path, or what a function of the module returns on
each ``return``.
"""

from __future__ import annotations

import ast

#: at most this many alternatives (one argv alternative each)
MAX_CHOICES = 4


def const_string_choices(ev, e, scope, env, depth: int) -> list | None:
    """The constant strings ``e`` may be, or None when any path gives something else
    (or more than :data:`MAX_CHOICES`)."""
    out: list = []
    if not _collect(ev, e, scope, env, depth, out) or not out or len(out) > MAX_CHOICES:
        return None
    return out


def _add(out: list, value) -> bool:
    if not isinstance(value, str):
        return False
    if value not in out:
        out.append(value)
    return len(out) <= MAX_CHOICES


def _collect(ev, e, scope, env, depth: int, out: list) -> bool:
    if depth > 10:
        return False
    if isinstance(e, ast.IfExp):
        return _collect(ev, e.body, scope, env, depth + 1, out) and _collect(ev, e.orelse, scope, env, depth + 1, out)
    if isinstance(e, ast.Call) and not e.args and not e.keywords:
        funcs = [v for v in ev.values(e.func, scope, depth + 1) if v.kind == "func"]
        if len(funcs) != 1 or not getattr(funcs[0].data, "returns", None):
            return False
        fs = funcs[0].data
        return all(_collect(ev, r, fs, env, depth + 1, out) for r in fs.returns)
    if isinstance(e, ast.Name):
        choices = ev.const_choices(e, scope, env, depth + 1)
        if not choices:
            return False
        return all(_add(out, c.value) for c in choices)
    p = ev.evidence_within(e, scope, env, depth + 1)
    return p.const and _add(out, p.value)
