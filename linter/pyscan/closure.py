"""Shell sinks of nested functions fed by the enclosing function's parameters (issue 25).

``def sh(command): def runpipe(): Popen(command, shell=True) ...; return dry(command, runpipe)``
(paver's ``sh``): the ``Popen`` is in ``runpipe``, but the command is ``sh``'s
parameter, read through the closure.  Whoever calls ``sh`` feeds that shell, so
the parameter belongs to ``sh``'s project summary (:func:`.project.summarize`),
as it would if the call were written in ``sh`` itself.  Only sinks that are a
shell for certain (not a ``**kwargs`` pass-through, not ``shell=<parameter>``,
not weak) are lifted, as for a function's own parameters.
"""

from __future__ import annotations

import ast
import weakref
from collections.abc import Iterator

from .anyflag import ANY_FLAG
from .context import worse_mode
from .evaluate import QUOTED, param_order
from .facts import SHELL_KINDS, SinkKind

__all__ = ["closure_reach", "enclosing_runners"]


def _enclosing(fs) -> Iterator:
    """The function scopes enclosing ``fs`` that run it, innermost first: each must name
    the function inside it (call it, or hand it on: ``dry(command, runpipe)``,
    ``Thread(target=work)``); a nested function nobody names is dead code.  A class body
    stops the walk: a method does not read its class's enclosing function's locals by
    closure."""
    inner = fs
    s = fs.parent
    while s is not None and s.kind in ("function", "lambda", "comprehension"):
        if s.kind == "function":
            if not _names(s.node, inner.name):
                return
            yield s
            inner = s
        s = s.parent


# function node -> {name: does its body load it}: the project pass asks again for every call
# inside a nested function (project._enclosing_reach; conan: 57 asks of 7 questions, each a
# walk of the enclosing function's body, 22 of 23 ms; issue 25).  Weak: an answer goes with
# its tree, and a node's id is never reused for another tree's question.
_ANSWERS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _names(fn: ast.AST, name: str) -> bool:
    """Does the body of ``fn`` load ``name`` (a call of it, or the function handed on)?"""
    known = _ANSWERS.get(fn)
    if known is None:
        known = _ANSWERS[fn] = {}
    hit = known.get(name)
    if hit is None:
        body = getattr(fn, "body", [])
        hit = known[name] = any(
            isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
            for st in body
            for n in ast.walk(st)
        )
    return hit


def closure_reach(ctx) -> list:
    """``[(enclosing function scope, {param: mode}, sink)]`` for every certain shell sink of a
    nested function whose command holds a parameter of a function enclosing it."""
    out = []
    for s in ctx.sinks:
        if s.kind not in SHELL_KINDS or s.weak or ANY_FLAG in s.via:
            continue
        fs = s.function
        if fs is None:
            continue
        if s.kind is SinkKind.SHELL_TRUE and (s.shell != "yes" or "pass-through" in s.how):
            continue
        outer = {g.id: g for g in _enclosing(fs)}
        if not outer:
            continue
        by: dict = {}
        for sid, _q, name, mode in sorted(s.ev.params, key=param_order):  # a set: see param_order
            g = outer.get(sid)
            if g is None or mode == QUOTED or name in fs.params:
                continue
            own = by.setdefault(sid, {})
            own[name] = worse_mode(own.get(name), mode)
        for sid in sorted(by, key=lambda i: outer[i].qualname):  # ids are addresses: order by name
            out.append((outer[sid], by[sid], s))
    return out


#: the enclosing functions that run a nested function (for :mod:`.codereach`)
enclosing_runners = _enclosing
