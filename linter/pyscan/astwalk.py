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


#: the nodes that hold statements, and are held only by statements or the module (a
#: statement is never inside an expression, a lambda's body is an expression)
_STATEMENT_LIKE = (ast.stmt, ast.excepthandler, ast.match_case)
#: the fields where they are held (lists, in every node type that has them)
_STATEMENT_FIELDS = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})
_STATEMENT_FIELDS_OF: dict = {}  # node type -> its fields of _STATEMENT_FIELDS, in ``_fields`` order


def statements(node: ast.AST) -> list:
    """``node``, then the statements, exception handlers and match cases inside it, in the
    order :func:`walk` gives them: the same breadth-first walk, restricted to the nodes
    that can hold a statement (a subtree without one is left out whole, which keeps the
    order of the others).  For walks that look for statements only (a method's
    ``self.attr = value``: issue 25, a walk of every node of every method of a class)."""
    out = [node]
    add = out.append
    fields_of = _STATEMENT_FIELDS_OF
    like = _STATEMENT_LIKE
    for n in out:
        t = type(n)
        fields = fields_of.get(t)
        if fields is None:
            fields = fields_of[t] = tuple(f for f in t._fields if f in _STATEMENT_FIELDS)
        for name in fields:
            v = getattr(n, name, None)
            if isinstance(v, list):
                for x in v:
                    if isinstance(x, like):
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


__all__ = ["children", "parents", "statements", "walk"]
