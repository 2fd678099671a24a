"""Wrappers of the project's own code runners, for the project pass (issue 25, pyA28).

:mod:`.codereach` states which parameters of a function are the code an ``eval``/``exec``
runs, and :mod:`.filereach` which name a file whose content runs as code; the project pass
reports a caller in another module handing such a parameter a value from outside.  It
stopped there (one hop), so a runner reached through a second function of the project was
lost: robotframework's ``evaluate_expression(expression, ...)`` checks the text and calls
``_evaluate(expression, ...)`` which ``eval``\\ s it, and the keywords, ``IF``/``WHILE``
conditions and inline ``${{...}}`` expressions of other modules call
``evaluate_expression``; a REPL tool's ``run(query)`` calls ``self.repl.run(query)`` which
``exec``\\ s it; a loader's ``load_version_info(path)`` calls ``load_data(path)`` which
``eval``\\ s the file's content.

A function handing its *own* parameter on *whole* (the argument is the parameter itself,
not text built from it) to a code parameter of a runner runs that parameter as code too:
its summary gains the parameter, so its callers are judged as the runner's are -- also
when the runner is in the same module (the per-file scan reports the sink, and no call
between two functions of one module; that call is followed only to grow the summary).
Each hop is the fact of its own call: the caller hands on the value it was given.  A
parameter pasted into a larger text (``exec("import %s" % name)``) is the per-file scan's
finding at the sink, not a contract of the caller (as in :mod:`.codereach`).
"""

from __future__ import annotations

import ast

from .evaluate import RAW

__all__ = ["code_wrapper"]


def _whole_param(expr, name: str) -> bool:
    """Is ``expr`` exactly the parameter ``name`` (``*name``: the ``*args``)?"""
    if isinstance(expr, ast.Starred):
        expr = expr.value
    return isinstance(expr, ast.Name) and expr.id == name.lstrip("*")


#: checks that let only a name or a number through: ``str.isidentifier()`` ("Return True if
#: the string is a valid identifier"), ``isalnum``/``isdigit``/``isdecimal``/``isnumeric``
#: (Python library reference, "String Methods"), and a regular expression's ``match`` /
#: ``fullmatch`` (``re``: the pattern decides what passes; an identifier pattern is the idiom)
_CHECKS = {"isidentifier", "isalnum", "isdigit", "isdecimal", "isnumeric", "match", "fullmatch"}


def _checked(fn: ast.AST, name: str, before: int) -> bool:
    """Is the parameter ``name`` tested by one of :data:`_CHECKS` in an ``if`` or ``assert``
    of ``fn`` on a line before ``before`` (``if not _IDENT.match(name): raise ...``)?  The
    text that reaches the runner then is what the check let through: the function is a
    validating evaluator (a variable lookup), not a wrapper handing on any text."""
    for node in ast.walk(fn):
        if not isinstance(node, (ast.If, ast.Assert)) or node.lineno >= before:
            continue
        for c in ast.walk(node.test):
            if not isinstance(c, ast.Call) or not isinstance(c.func, ast.Attribute) or c.func.attr not in _CHECKS:
                continue
            on = [c.func.value, *c.args]
            if any(isinstance(a, ast.Name) and a.id == name for a in on):
                return True
    return False


def code_wrapper(summ: dict, ensure, u, fs, fkey: str | None, expr, own_p: dict, code: bool, chain, ref) -> bool:
    """Grow the summary of ``fs`` (key ``fkey``, made by ``ensure(summ, fkey, u, fs)``) with
    each of its own parameters ``expr`` is, whole and raw, where the callee runs it as code
    (``code``) or as the path of a file whose content runs (else).  True when it grew."""
    grown = [
        n
        for n, x in own_p.items()
        if x == RAW
        and _whole_param(expr, n)
        and n.lstrip("*") != "self"
        and not (code and _checked(fs.node, n.lstrip("*"), expr.lineno))
    ]
    if not grown:
        return False
    s = ensure(summ, fkey, u, fs)
    box = s.code if code else s.pathcode
    changed = False
    for n in grown:
        if n not in box:
            box[n] = (RAW, (fkey, *chain), ref)
            changed = True
    return changed
