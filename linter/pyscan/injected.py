"""Runners injected as a parameter's default (issue 25: dependency injection).

``def record(path, command=None, record_=pty.record): ... record_(["sh", "-c",
command])`` (asciinema's recorder): the function calls whatever its caller hands
it, and the default (a function of the tree) when the caller hands nothing.
Tests pass a fake there; the program itself runs the default.  The project pass
(:mod:`.project`) resolves such a call to the default's function, so its
summary (a shell, an argv runner, a script runner) is applied at the call like
at a direct call of the default.

Only a parameter the function never rebinds counts (every binding of the name
at the call is that parameter), and only a default that names something
(``pty.record``, ``run``), never a call or a literal.
"""

from __future__ import annotations

import ast

from ..core.lazyre import compile_pattern
from .scopes import ModuleModel, Scope, function_of, lookup

__all__ = ["injected_default", "default_names"]


def _default_expr(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    a = fn.args
    pos = a.posonlyargs + a.args
    for x, d in zip(pos[len(pos) - len(a.defaults) :], a.defaults):
        if x.arg == name:
            return d
    for x, kd in zip(a.kwonlyargs, a.kw_defaults):
        if x.arg == name:
            return kd
    return None


def injected_default(func: ast.expr, scope: Scope, model: ModuleModel) -> ast.expr | None:
    """The default of the parameter that ``func`` (a plain name being called) is,
    when it names a function (``pty.record``, ``run``); else None."""
    if not isinstance(func, ast.Name):
        return None
    fs = function_of(scope)
    if fs is None or not isinstance(fs.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    d = _default_expr(fs.node, func.id)  # a positional or keyword-only parameter's
    if not isinstance(d, (ast.Name, ast.Attribute)):
        return None
    _sc, bl = lookup(model, scope, func.id, (func.lineno, func.col_offset))
    if not bl or any(b.kind != "param" or b.scope is not fs for b in bl):
        return None
    return d


_DEFAULT = compile_pattern(r"=[ \t]*((?:\w+\.)*\w+)[ \t]*(?=[,)])")  # ``= pty.record,`` / ``=run)``
_MAX_HEADER = 2000  # characters from ``def`` to a default: longer headers are not read (linear time)
_HEADER_END = compile_pattern(r"\)[ \t]*(?:->[^:\n]*)?:")


def default_names(text: str) -> frozenset:
    """The last names of the functions the text gives as a parameter's default
    (``record_: Callable = pty.record,`` -> ``record``): read on the text, one pass,
    before any parse; a keyword argument of a call (``f(x=run)``) is not a default
    (no ``def`` header is open there)."""
    out = set()
    for m in _DEFAULT.finditer(text):
        name = m.group(1).rsplit(".", 1)[-1]
        if name in out:
            continue
        head = text.rfind("def ", max(0, m.start() - _MAX_HEADER), m.start())
        if head == -1 or _HEADER_END.search(text, head, m.start()):
            continue  # not inside an open ``def`` header
        out.add(name)
    return frozenset(out)
