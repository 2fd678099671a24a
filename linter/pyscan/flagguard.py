"""A shell flag that is false where the call runs: the branch of its own test (issue 25, pyP2).

``if self._shell: return subprocess.run(command, **opts)`` followed by
``return subprocess.run(shlex.split(command), **opts)`` with ``opts = {"shell":
self._shell, ...}`` (a command-object class of a project scaffolder), or
``if use_shell: ... else: Popen(argv, shell=use_shell)``: the second call runs only when
the flag is false, so it starts no shell whatever the flag's default.  (Python reference,
"The if statement": the ``else`` suite runs only when the expression is false; a suite
that ends in ``return``/``raise`` leaves the function, so the statements after the ``if``
run only when its test was false.)  :func:`flag_false_here` recognises such a call, for
UL401 not to report it; the flag is compared as written (``self._shell`` with
``self._shell``), read from the call's ``shell=`` or its ``**opts`` dict
(:func:`.textflag.flag_exprs`; a ``**kwargs`` of the function's caller in that dict is the
caller's choice, judged where it passes ``shell=``).
"""

from __future__ import annotations

import ast

from .astwalk import parents
from .textflag import flag_exprs

__all__ = ["flag_false_here"]


def _exits(body: list) -> bool:
    return bool(body) and isinstance(body[-1], (ast.Return, ast.Raise))


def _negated(test, key: str) -> bool | None:
    """True when ``test`` is the flag, False when it is ``not flag``, None otherwise."""
    if ast.dump(test) == key:
        return True
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and ast.dump(test.operand) == key:
        return False
    return None


def _false_at(call: ast.Call, fn, key: str, up: dict) -> bool:
    node = call
    while node is not None and node is not fn:
        parent = up.get(id(node))
        if parent is None:
            return False
        if isinstance(parent, ast.If):
            pos = _negated(parent.test, key)
            if pos is not None:
                if node in parent.orelse and pos:
                    return True  # ``if flag: ... else: <call>``
                if node in parent.body and not pos:
                    return True  # ``if not flag: <call>``
        for field in ("body", "orelse", "finalbody"):
            stmts = getattr(parent, field, None)
            if isinstance(stmts, list) and node in stmts:
                for st in stmts[: stmts.index(node)]:
                    # ``if flag: return ...`` earlier in the same suite
                    if isinstance(st, ast.If) and _negated(st.test, key) is True and _exits(st.body):
                        return True
        node = parent
    return False


def flag_false_here(s, ctx) -> bool:
    """The shell flag of sink ``s`` is false on every path to the call."""
    call, fs = s.node, s.function
    if not isinstance(call, ast.Call) or fs is None or not isinstance(fs.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    flags = flag_exprs(call, s.scope, ctx.model, own_kwargs=True)
    if not flags or any(f is None for f in flags):
        return False
    cache = ctx.__dict__.setdefault("_flagguard_parents", {})
    up = cache.get(id(fs.node))
    if up is None:
        up = cache[id(fs.node)] = parents(fs.node)
    for e, _sc in flags:
        if isinstance(e, ast.Constant) and not e.value:
            continue
        if not isinstance(e, (ast.Name, ast.Attribute)) or not _false_at(call, fs.node, ast.dump(e), up):
            return False
    return True
