"""A name narrowed to constants by the ``if`` around a use (issue 25, fresh7).

``if head in ["''", '""', "[]", "{}", "()"]: obj = eval(head)``: inside that branch
``head`` is one of the listed constants, whatever it held before, so the code evaluated is
one of them (Python language reference, membership test ``in``: true only for an item
equal to one of the collection's items).  Only a plain name, a collection literal of
string/number constants, the test itself or one of its ``and`` conjuncts, and no store to
the name inside the branch before the use.
"""

from __future__ import annotations

import ast

__all__ = ["literal_items", "narrowed_to_constants"]


def literal_items(e: ast.expr) -> bool:
    return (
        isinstance(e, (ast.List, ast.Tuple, ast.Set))
        and bool(e.elts)
        and all(isinstance(x, ast.Constant) and isinstance(x.value, (str, int, float)) for x in e.elts)
    )


def _tests_name(test: ast.expr, name: str) -> bool:
    parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    return any(
        isinstance(p, ast.Compare)
        and len(p.ops) == 1
        and isinstance(p.ops[0], ast.In)
        and isinstance(p.left, ast.Name)
        and p.left.id == name
        and literal_items(p.comparators[0])
        for p in parts
    )


def _stores(stmts: list, name: str, before: int) -> bool:
    for st in stmts:
        for n in ast.walk(st):
            if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) and n.lineno < before:
                return True
    return False


def narrowed_to_constants(root: ast.AST, use: ast.Name) -> bool:
    """Is ``use`` inside the body of an ``if`` (in ``root``, a function or module) whose test
    says ``use.id in [constants]``, with no store to it in that body before the use?"""
    line = use.lineno
    todo = [root]
    while todo:
        node = todo.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                continue
            if not isinstance(child, ast.stmt):
                continue
            end = getattr(child, "end_lineno", None) or child.lineno
            if not (child.lineno <= line <= end):
                continue
            if isinstance(child, ast.If) and child.body:
                b0, b1 = child.body[0].lineno, child.body[-1].end_lineno or child.body[-1].lineno
                if b0 <= line <= b1 and _tests_name(child.test, use.id) and not _stores(child.body, use.id, line):
                    return True
            todo.append(child)
    return False
