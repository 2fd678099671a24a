"""Code text built from ``self.X`` that the same method set from its parameters (issue 25).

``self.path = ".".join(txt.split(".")[:-1])`` ... ``eval(f"self.client.{self.path}commands()")``
(a completion widget evaluating the typed text): the evaluator reads ``self.path`` as an
attribute of an object, a value it cannot trace, so the code is not reported as built
from the parameter.  Within one function, an assignment ``self.X = e`` (or ``self.X += e``)
written before the code runs is the value the attribute holds there unless something else
changes it; :func:`self_attr_params` reads those assignments and returns the parameters
their values are built from.  Only for ``eval``/``exec`` (UL405): a shell string is judged
by the shell rules' own evidence.
"""

from __future__ import annotations

import ast

from .scopes import function_of

__all__ = ["self_attr_params"]

_MAX = 4


def _self_attrs(e: ast.expr) -> set[str]:
    return {
        n.attr
        for n in ast.walk(e)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"
    }


def _resolved(model, e: ast.expr, scope, depth: int = 0) -> list:
    """``e`` and, through names bound once, the expressions it is made of."""
    from .execfile import single_binding

    out = [e]
    if depth > _MAX:
        return out
    for n in ast.walk(e):
        if isinstance(n, ast.Name):
            got = single_binding(model, scope, n)
            if got is not None:
                out.extend(_resolved(model, got[0], got[1], depth + 1))
    return out


def self_attr_params(ev_, model, code: ast.expr, scope, call: ast.Call) -> frozenset:
    """Parameters (evidence tuples, not derived) of the assignments to the ``self.X`` that
    the code text ``code`` formats, made earlier in the same function; else empty."""
    from .evaluate import DERIVED

    fs = function_of(scope)
    if fs is None or fs.node is None:
        return frozenset()
    exprs = _resolved(model, code, scope)
    if not any(isinstance(x, (ast.JoinedStr, ast.BinOp)) or _is_format(x) for x in exprs):
        return frozenset()  # the attribute itself is the code, not text formatted into it
    attrs = set().union(*(_self_attrs(x) for x in exprs))
    if not attrs:
        return frozenset()
    before = (call.lineno, call.col_offset)
    out: set = set()
    for n in ast.walk(fs.node):
        if (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)) >= before:
            continue
        targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, ast.AugAssign) else []
        for t in targets:
            if (
                isinstance(t, ast.Attribute)
                and t.attr in attrs
                and isinstance(t.value, ast.Name)
                and t.value.id == "self"
                and isinstance(n, (ast.Assign, ast.AugAssign))
            ):
                ev = ev_.evidence(n.value, fs)
                out.update(p for p in ev.params if p[3] != DERIVED and p[0] == fs.id)
    return frozenset(out)


def _is_format(e: ast.expr) -> bool:
    return isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "format"


def init_attr_params(ev_, model, code: ast.expr, scope) -> frozenset:
    """Constructor parameters (evidence tuples of ``__init__``, not derived) in the code
    text ``code`` that a method other than ``__init__`` runs through ``self.X``, when
    ``__init__`` is the only method assigning ``self.X`` (pyA19).

    ``def __init__(self, stmt): ... self.src = template.format(stmt=stmt)`` ...
    ``def make_inner(self): exec(compile(self.src, ...), ns)`` (a timeit-style timer),
    ``def __init__(self, expr): self.expr = expr`` ... ``def check(self, x): return
    eval(self.expr, {"x": x})`` (a rule, a computed column, a filter object): the code
    is what whoever constructs the object passed, as a function's code is its caller's
    parameter.  An attribute another method assigns too is another value: not followed."""
    from .evaluate import DERIVED
    from .selfattrs import self_attr

    fs = function_of(scope)
    cls = getattr(fs, "cls", None) if fs is not None else None
    if fs is None or cls is None or fs.name == "__init__" or not isinstance(cls.node, ast.ClassDef):
        return frozenset()
    attrs = _text_attrs(model, code, scope, 0)
    if not attrs:
        return frozenset()
    init = next((b.value for b in cls.bindings.get("__init__", ()) if b.kind == "def"), None)
    if init is None or getattr(init, "node", None) is None:
        return frozenset()
    values: dict = {}
    for item in cls.node.body:
        if not isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for n in ast.walk(item):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, ast.AugAssign) else []
            for t in targets:
                a = self_attr(t)
                if a not in attrs:
                    continue
                if item is not init.node:
                    attrs.discard(a)  # another method sets it: another value
                    values.pop(a, None)
                elif isinstance(n, ast.Assign):
                    values.setdefault(a, []).append(n.value)
    out: set = set()
    for a in sorted(attrs):
        for v in values.get(a, ()):
            ev = ev_.evidence(v, init)
            out.update(p for p in ev.params if p[3] != DERIVED and p[0] == init.id and p[2] != "self")
    return frozenset(out)


# calls whose result holds the text of their receiver and arguments (str methods) or of their
# first argument (``compile``, ``str``, ``textwrap.dedent``)
_TEXT_METHODS = frozenset({"format", "join", "replace", "strip", "rstrip", "lstrip", "encode", "decode"})
_TEXT_FUNCS = frozenset({"compile", "str", "dedent"})


def _text_attrs(model, e, scope, depth: int) -> set:
    """The ``self`` attributes whose text is in the text ``e`` (through names bound once,
    f-strings, ``+``/``%``, str methods, ``compile``/``str``/``dedent``): not an attribute
    only handed to some other call (``get_file(self._context, path)``) (pyA19)."""
    from .execfile import single_binding

    if depth > _MAX or e is None:
        return set()
    if isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) and e.value.id == "self":
        return {e.attr}
    if isinstance(e, ast.Name):
        got = single_binding(model, scope, e)
        return _text_attrs(model, got[0], got[1], depth + 1) if got is not None else set()
    if isinstance(e, ast.JoinedStr):
        return set().union(
            *(_text_attrs(model, v.value, scope, depth + 1) for v in e.values if isinstance(v, ast.FormattedValue))
        )
    if isinstance(e, ast.BinOp):
        return _text_attrs(model, e.left, scope, depth + 1) | _text_attrs(model, e.right, scope, depth + 1)
    if isinstance(e, ast.IfExp):
        return _text_attrs(model, e.body, scope, depth + 1) | _text_attrs(model, e.orelse, scope, depth + 1)
    if isinstance(e, ast.Call):
        f = e.func
        if isinstance(f, ast.Attribute) and f.attr in _TEXT_METHODS:
            out = _text_attrs(model, f.value, scope, depth + 1)
            for a in [*e.args, *(k.value for k in e.keywords)]:
                out |= _text_attrs(model, a, scope, depth + 1)
            return out
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        if name in _TEXT_FUNCS and e.args:
            return _text_attrs(model, e.args[0], scope, depth + 1)
    return set()
