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


__all__ = ["children", "parents", "walk"]
