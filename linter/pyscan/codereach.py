"""Parameters a function hands to ``eval``/``exec`` as code, for the project pass (issue 25).

The per-file scan reports an ``eval``/``exec`` where it happens (its code built from a
parameter of the function holding it).  A project helper that compiles and evaluates an
expression it is given (``compile_expression(expr)`` returning
``functools.partial(eval, compile(expr, ...))``, or a closure evaluating the compiled
code later) is also a sink for its callers in other modules: a formatter handing it a
configured expression runs that text as Python code.  This module states, per function,
which of its parameters (or its enclosing functions' parameters, read by a nested
function) are in the code an ``eval``/``exec`` runs: raw text, not a value derived
through other calls (``exec(open(path).read())`` runs a file's content, not the path).
"""

from __future__ import annotations

import ast

from .closure import enclosing_runners
from .context import worse_mode
from .evaluate import DERIVED, QUOTED, param_order
from .facts import CODE_KINDS

__all__ = ["code_reach", "function_aliases"]


def code_reach(ctx) -> list:
    """``[(function scope, {param: mode}, sink)]``: each ``eval``/``exec`` sink whose code
    is a parameter of the function holding it or of a function enclosing that one (the
    whole code: the parameter, or ``compile(param, ...)``).  Module functions only: a method
    is reached through its object, whose class a caller in another module rarely names."""
    out = []
    for s in ctx.sinks:
        if s.kind not in CODE_KINDS or s.weak:
            continue
        fs = s.function
        if fs is None:
            continue
        # a method running its own parameter (``Runtime.exec_code(self, code)``: an object
        # a tool keeps to run code) is reached where the project pass knows its class or
        # the tree defines its name once (uniquename.py) (pyA19)
        scopes = {g.id: g for g in (fs, *enclosing_runners(fs)) if g.cls is None or g is fs}
        whole = _whole_params(s.node, list(scopes.values()))
        by: dict = {}
        for sid, _q, name, mode in sorted(s.ev.params, key=param_order):  # a set: see param_order
            g = scopes.get(sid)
            if g is None or mode in (QUOTED, DERIVED) or name not in whole:
                continue
            if (g is not fs and name in fs.params) or (g.cls is not None and name == "self"):
                continue
            own = by.setdefault(sid, {})
            own[name] = worse_mode(own.get(name), mode)
        for sid in sorted(by, key=lambda i: scopes[i].qualname):  # ids are addresses: order by name
            out.append((scopes[sid], by[sid], s))
    return out


def function_aliases(tree: ast.Module) -> list:
    """``[(alias qualname, function qualname)]`` of the names a module or a class body
    binds, once, to a function defined beside them (``compile_expression =
    compile_expression_tryexcept``; ``system = system_piped`` in a class): a call through
    the alias is a call of that function; ``system = ProcessHandler().system`` (a method
    bound to an instance made there, no arguments) is that method.  A name bound more than once (a platform
    branch choosing between two) is left alone."""
    out = []

    def body(stmts: list, prefix: str) -> None:
        defs = {st.name for st in stmts if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef))}
        methods = {
            (st.name, m.name)
            for st in stmts
            if isinstance(st, ast.ClassDef)
            for m in st.body
            if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))
        }
        bound: dict = {}
        for st in stmts:
            if isinstance(st, ast.ClassDef) and not prefix:
                body(st.body, st.name + ".")
            for t in st.targets if isinstance(st, ast.Assign) else ():
                if isinstance(t, ast.Name):
                    bound.setdefault(t.id, []).append(st.value)
            if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)):
                names = [st.name] if hasattr(st, "name") else [a.asname or a.name for a in st.names]
                for n in names:
                    bound.setdefault(n, []).append(None)
        for name, values in bound.items():
            if len(values) != 1 or name in defs:
                continue
            v = values[0]
            if isinstance(v, ast.Name) and v.id in defs:
                out.append((prefix + name, prefix + v.id))
            elif (
                not prefix
                and isinstance(v, ast.Attribute)
                and isinstance(v.value, ast.Call)
                and isinstance(v.value.func, ast.Name)
                and not v.value.args
                and not v.value.keywords
                and (v.value.func.id, v.attr) in methods
            ):
                # ``system = ProcessHandler().system``: the method bound to a fresh instance
                out.append((name, f"{v.value.func.id}.{v.attr}"))

    body(tree.body, "")
    return out


def _whole_params(call, funcs: list) -> set:
    """The parameters (of ``funcs``) that are the whole code ``call`` evaluates: its first
    argument itself, or a name assigned ``compile(param, ...)`` in one of those functions.
    A parameter only pasted into code (``exec("import %s" % tabmodule)``) is the file's
    own finding, not a helper's contract."""
    args = getattr(call, "args", None)
    if not args:
        return set()
    a = args[0]
    params = {p for f in funcs for p in f.params}
    if isinstance(a, ast.Name) and a.id in params:
        return {a.id}
    if not isinstance(a, ast.Name):
        return set()
    out = set()
    for f in funcs:
        for n in ast.walk(f.node):
            if (
                isinstance(n, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == a.id for t in n.targets)
                and isinstance(n.value, ast.Call)
                and isinstance(n.value.func, ast.Name)
                and n.value.func.id == "compile"
                and n.value.args
                and isinstance(n.value.args[0], ast.Name)
                and n.value.args[0].id in params
            ):
                out.add(n.value.args[0].id)
    return out
