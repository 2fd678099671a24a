"""``ast.walk`` and ``ast.iter_child_nodes`` without their generators (issue 25).

The standard functions nest two generators per node (``iter_child_nodes`` over
``iter_fields``); the scan's whole-tree walks (the parent map of the argv fix,
the attribute stores of the evaluator, the statement ranges of suppressions)
spent more CPU in those generators than in their own work.  These give the same
nodes in the same order (tests/test_pyscan_astwalk.py compares them on every
fixture), as lists: use them where the whole walk is consumed.
"""

from __future__ import annotations

import ast

_AST = ast.AST


def children(node: ast.AST) -> list:
    """``list(ast.iter_child_nodes(node))``."""
    out = []
    for name in node._fields:
        v = getattr(node, name, None)
        if isinstance(v, _AST):
            out.append(v)
        elif isinstance(v, list):
            for x in v:
                if isinstance(x, _AST):
                    out.append(x)
    return out


def walk(node: ast.AST) -> list:
    """``list(ast.walk(node))``: breadth first, each node's children in field order."""
    out = [node]
    add = out.append
    for n in out:  # the list grows as it is read: a breadth-first queue
        for name in n._fields:
            v = getattr(n, name, None)
            if isinstance(v, _AST):
                add(v)
            elif isinstance(v, list):
                for x in v:
                    if isinstance(x, _AST):
                        add(x)
    return out


#: the fields where statements, exception handlers and match cases are held (lists, in
#: every node type that has them; a statement is never inside an expression, a lambda's
#: body is an expression)
_STATEMENT_FIELDS = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})
_STATEMENT_FIELDS_OF: dict = {}  # node type -> its fields of _STATEMENT_FIELDS, in ``_fields`` order
_STMT, _HANDLER, _CASE = ast.stmt, ast.excepthandler, ast.match_case


def _statement_fields(t: type[ast.AST]) -> tuple:
    """The fields of ``t`` that can hold statements (every node class's are made at import:
    :func:`statements` calls this only for a class made since, never for the parser's)."""
    fields = []
    for f in t._fields:
        if f in _STATEMENT_FIELDS:
            fields.append(f)
    out = _STATEMENT_FIELDS_OF[t] = tuple(fields)
    return out


for _t in list(vars(ast).values()):  # every node class, made at import (see statements)
    if isinstance(_t, type) and issubclass(_t, ast.AST):
        _statement_fields(_t)


def statements(node: ast.AST) -> list:
    """``node``, then the statements, exception handlers and match cases inside it, in the
    order :func:`walk` gives them: the same breadth-first walk, restricted to the nodes
    that can hold a statement (a subtree without one is left out whole, which keeps the
    order of the others).  For walks that look for statements only (a method's
    ``self.attr = value``: issue 25, a walk of every node of every method of a class).

    Called inside the evaluator, which can run at the recursion limit: like :func:`walk`,
    it makes no call that counts towards it (no frame of its own beyond this one, no
    ``isinstance`` against a tuple, no comparison), so where a RecursionError is raised
    does not move."""
    out = [node]
    add = out.append
    fields_of = _STATEMENT_FIELDS_OF
    for n in out:
        t = type(n)
        fields = fields_of.get(t)
        if fields is None:
            fields = _statement_fields(t)
        for name in fields:
            v = getattr(n, name, None)
            if isinstance(v, list):
                for x in v:
                    if isinstance(x, _STMT) or isinstance(x, _HANDLER) or isinstance(x, _CASE):
                        add(x)
    return out


def parents(tree: ast.AST) -> dict:
    """``{id(child): parent}`` as ``for n in ast.walk(tree): for c in ast.iter_child_nodes(n):
    m[id(c)] = n`` makes it (a node shared by several parents, such as the ``Load`` context,
    maps to the last one walked)."""
    m: dict = {}
    out = [tree]
    add = out.append
    for n in out:
        for name in n._fields:
            v = getattr(n, name, None)
            if isinstance(v, _AST):
                m[id(v)] = n
                add(v)
            elif isinstance(v, list):
                for x in v:
                    if isinstance(x, _AST):
                        m[id(x)] = n
                        add(x)
    return m


__all__ = ["children", "parents", "same_ref", "statements", "walk"]


def last_ident(e: ast.AST, through: tuple = ()) -> str:
    """The last name of a name or an attribute chain (``self.ui.popen`` -> ``popen``), after
    unwrapping the node types of ``through`` (a call's callee, a subscript's value); ``""``
    for anything else.  One helper for what sinks, libmodels, anyflag, named and project
    each wrote (duplicates, session 44)."""
    while isinstance(e, through):
        e = e.func if isinstance(e, ast.Call) else e.value
    if isinstance(e, ast.Attribute):
        return e.attr
    return e.id if isinstance(e, ast.Name) else ""


def same_ref(a: ast.expr, b: ast.expr) -> bool:
    """``a`` and ``b`` are the same name or attribute chain (``chan``, ``self.proc.chan``)."""
    if isinstance(a, ast.Name) and isinstance(b, ast.Name):
        return a.id == b.id
    if isinstance(a, ast.Attribute) and isinstance(b, ast.Attribute):
        return a.attr == b.attr and same_ref(a.value, b.value)
    return False
