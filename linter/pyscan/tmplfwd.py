"""Wrappers that hand a quoting runner's template and its arguments on (issue 25).

:mod:`.pctemplate` finds a runner that ``%``-formats its ``*args``, each shell-quoted,
into a template parameter (``run_local(command, *args)``); a caller's constant template
decides whether that quoting holds.  Most callers do not call that runner but a wrapper
that passes both on unchanged, often through several layers (a host object's
``run(command, *args)`` -> the backend's ``run_local(command, *args)``; a module's
``check_output(cls, *args)`` -> ``host.check_output(*args)``).  Such a wrapper is a
template runner too: this module maps the callee's template and ``*args`` onto the
caller's own parameters, so the constant template of the caller's callers is read
where it is written.

Two shapes of forwarding are mapped:

* ``f(command, *args)``: the caller's own parameter is the template and its own
  ``*args`` fill the callee's ``*args`` (from the same place);
* ``f(*args)`` (``f(expected, *args)`` after fixed arguments): the caller's ``*args``
  fill both, so the template is its item k and the values follow at item k + n.

Anything else (a template built in the wrapper, values not forwarded as they came)
is left alone: the wrapper then is a caller with its own template, read by
:func:`.project._template_wants`.  Nothing here names a rule.
"""

from __future__ import annotations

import ast

from .evaluate import QUOTED, RAW

__all__ = ["forwarded_template", "opaque_template_call", "quoting_template_of"]


def _star_of(call: ast.Call, name: str) -> int | None:
    """The index of the only starred positional argument of ``call`` when it is
    ``*name``, with no positional argument after it; else None."""
    stars = [i for i, a in enumerate(call.args) if isinstance(a, ast.Starred)]
    if len(stars) != 1 or stars[0] != len(call.args) - 1:
        return None
    a = call.args[stars[0]]
    if isinstance(a, ast.Starred) and isinstance(a.value, ast.Name) and a.value.id == name:
        return stars[0]
    return None


def forwarded_template(call: ast.Call, params: list, p: str, va: str, fs) -> tuple | None:
    """``(caller template param, caller "*args" spec)`` when ``call`` passes the callee's
    template ``p`` and its ``*args`` (``va``, ``"*name"`` or ``"*name#k"``) on from the
    caller ``fs``'s own parameters unchanged, else None.  The specs use the names of
    :func:`.project._arg`: ``"*args#k"`` is item k of the caller's ``*args``."""
    own_va = getattr(fs, "vararg", None)
    if own_va is None or "#" in p or p not in params:
        return None
    base, _, k = va.partition("#")
    if base not in params:
        return None
    vi = params.index(base) + (int(k) if k else 0)  # the callee's first value position
    pi = params.index(p)
    if any(kw.arg in (p, base.lstrip("*")) for kw in call.keywords):
        return None
    j = _star_of(call, own_va)
    if j is None:
        return None
    if pi < j:
        # ``f(command, *args)``: the template by position, the values from the star on
        tpl = call.args[pi]
        if vi != j or not isinstance(tpl, ast.Name) or tpl.id not in fs.params:
            return None
        return tpl.id, "*" + own_va
    # ``f(*args)``: item pi - j of the caller's *args is the template, values follow
    if vi <= pi:
        return None
    return f"*{own_va}#{pi - j}", f"*{own_va}#{vi - j}"


def quoting_template_of(ev, fs) -> list:
    """The parameters of ``fs`` that the evidence ``ev`` of a command shows ``%``-formatted
    raw with ``fs``'s own ``*args`` quoted each (``self.get_command(command, *args)``, a
    helper returning ``command % tuple(shlex.quote(a) for a in args)``): ``fs`` is then a
    template runner whose callers' templates decide the quoting, as
    :func:`.pctemplate.quoted_template_params` finds for a sink in the function itself."""
    va = getattr(fs, "vararg", None)
    if va is None or "%" not in ev.ops:
        return []
    mine = [(n, m) for sid, _q, n, m in ev.params if sid == fs.id]
    vmodes = {m for n, m in mine if n == va}
    if vmodes != {QUOTED}:
        return []
    return sorted({n for n, m in mine if m == RAW and n != va and n in fs.params})


def opaque_template_call(expr, fs) -> str | None:
    """``self.get_command(command, *args)``: a helper the caller hands its own template
    parameter and its own ``*args`` unchanged, whose result the evaluator cannot read (a
    method of a base class in another file).  Its result is that template filled with
    those values; the template parameter's name, else None.  Where a caller's constant
    template puts a value inside hand-written quotes or as a shell's ``-c`` code, the
    value is shell code whether the helper quotes it or not."""
    va = getattr(fs, "vararg", None)
    if va is None or not isinstance(expr, ast.Call) or expr.keywords or len(expr.args) != 2:
        return None
    t, s = expr.args
    if not (isinstance(t, ast.Name) and t.id in fs.params and t.id != va):
        return None
    if not (isinstance(s, ast.Starred) and isinstance(s.value, ast.Name) and s.value.id == va):
        return None
    return t.id
