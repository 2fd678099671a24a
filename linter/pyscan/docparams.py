"""Parameters that are documents, not command text (issue 25, pyA33).

A function whose parameter reaches a shell only through a *lookup* into it
(``activity["provider"]["path"]``, ``spec.get("cmd")``, ``job.command``,
``args.script``) is handed a document, a record or an object: the text the shell
runs is one of its fields, chosen where the lookup is made.  A call handing such a
parameter on unchanged (``run_activity(activity)``, ``execute(job)``, a dispatcher
loop ``for activity in experiment["method"]: run_activity(activity)``) adds no shell
text: the flow is named where the field is read and run (the sink's own finding, the
function holding the sink being public API), not at each dispatcher hop above it.
On the labelled bench trees these hops were the largest class of false UL411 findings
(experiment runners, tool-call dispatch loops, task schedulers handing a task object).

:func:`classify` answers, for one function, which parameters are used only as such a
document (``DOC``: at least one lookup, otherwise handed on whole or tested) and which
only handed on whole or tested (``PASS``: a document when every callee it is handed to
reads it as one; the project pass decides, :mod:`.project`).  Any other use (text
operations, formatting, concatenation, iteration, an argument of a sink call) makes the
parameter text; a rebinding (``activity = lookup_activity(ref)``) is neutral: the uses
after it are judged as uses of the parameter.  A lookup is a subscript with a string key or a
``.get(...)`` (a mapping: a JSON/YAML document, a request); another attribute that is
not a method or property of ``str``, ``bytes``, ``list``, ``tuple`` or ``pathlib.Path``
is neutral (an object of the project, such as an ssh connection holding its command
prefix, may keep text it was built with: the bench's pyznap ``ssh_dest.cmd``), one of
those makes the parameter text.
"""

from __future__ import annotations

import ast
import pathlib

__all__ = ["DOC", "PASS", "classify"]

DOC, PASS = "doc", "pass"

# attributes of values that are text, or a path (their result is text about the value):
# read on a parameter, the parameter is no document (the Python data model: dir() of each)
_TEXT_ATTRS = frozenset(
    n
    for t in (str, bytes, list, tuple, pathlib.PurePath, pathlib.Path)
    for n in dir(t)
    if not (n.startswith("__") and n.endswith("__")) and n != "copy"  # dict.copy() too
)
# calls whose argument becomes text or a sequence of words (the builtins and the
# methods that join, format, quote or split a value)
_TEXT_FUNCS = frozenset(
    {"str", "repr", "format", "bytes", "list", "tuple", "sorted", "reversed", "iter", "map", "filter", "ascii"}
    | {"Path", "PurePath", "PosixPath", "WindowsPath", "open", "print", "zip", "enumerate", "set", "frozenset"}
)
_TEXT_METHODS = frozenset(
    {"join", "format", "format_map", "quote", "split", "extend", "append", "insert", "add", "render"}
    | {"substitute", "safe_substitute", "expanduser", "expandvars", "abspath", "realpath", "normpath"}
    | {"basename", "dirname", "fspath", "write", "writelines", "encode", "decode"}
)
_TESTS = frozenset({"isinstance", "len", "bool", "callable", "hasattr", "id", "type"})


def _parents(fn: ast.AST) -> dict:
    out: dict = {}
    for node in ast.walk(fn):
        for ch in ast.iter_child_nodes(node):
            out[id(ch)] = node
    return out


def _use(name: ast.Name, par: dict, sink_calls: set) -> str:
    """``lookup``, ``hand`` (whole argument of a call), ``test`` or ``text``."""
    up = par.get(id(name))
    if isinstance(up, ast.Subscript) and up.value is name:
        sl = up.slice
        return "lookup" if isinstance(sl, ast.Constant) and isinstance(sl.value, str) else "text"
    if isinstance(up, ast.Attribute) and up.value is name:
        if up.attr in _TEXT_ATTRS:
            return "text"
        # ``.get(key)`` reads a mapping; another attribute of an object (``ssh.cmd``, a
        # project class holding a command prefix) may be text it was built with: neutral
        return "lookup" if up.attr == "get" else "test"
    if isinstance(up, ast.keyword):
        up = par.get(id(up))
        if not isinstance(up, ast.Call):
            return "text"
    if isinstance(up, ast.Call) and up.func is not name:
        if id(up) in sink_calls:
            return "text"
        f = up.func
        if isinstance(f, ast.Name):
            if f.id in _TESTS:
                return "test"
            if f.id in _TEXT_FUNCS or f.id == "getattr":
                return "lookup" if f.id == "getattr" and up.args and up.args[0] is name else "text"
            return "hand"
        if isinstance(f, ast.Attribute):
            if f.attr in _TEXT_METHODS or isinstance(f.value, ast.Constant):
                return "text"
            return "hand"
        return "text"
    if isinstance(up, ast.Compare) and (
        all(isinstance(o, (ast.Is, ast.IsNot)) for o in up.ops)
        or (name is not up.left and all(isinstance(o, (ast.In, ast.NotIn)) for o in up.ops))
    ):
        return "test"  # ``p is None``, ``"key" in p``
    if isinstance(up, (ast.If, ast.While, ast.IfExp, ast.BoolOp, ast.Assert)) or (
        isinstance(up, ast.UnaryOp) and isinstance(up.op, ast.Not)
    ):
        if isinstance(up, ast.BoolOp):
            # ``x = p or {}``: the value itself, not a test
            top = par.get(id(up))
            if not isinstance(top, (ast.If, ast.While, ast.IfExp, ast.Assert, ast.UnaryOp, ast.BoolOp)):
                return "text"
        if isinstance(up, ast.IfExp) and up.test is not name:
            return "text"
        return "test"
    return "text"


def classify(fn: ast.AST, params, sink_calls: set) -> dict:
    """``{param: DOC | PASS}`` for the parameters of ``fn`` used only as documents
    (see the module docstring); ``sink_calls`` holds the ids of the function's sink calls."""
    names = set(params)
    if not names:
        return {}
    par = _parents(fn)
    uses: dict = {n: set() for n in names}
    body = fn.body if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) else [fn]
    for st in body:
        for node in ast.walk(st):
            if isinstance(node, ast.Name) and node.id in uses:
                if isinstance(node.ctx, ast.Load):
                    uses[node.id].add(_use(node, par, sink_calls))
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                for n in node.names:
                    if n in uses:
                        uses[n].add("text")
    out: dict = {}
    for n, u in uses.items():
        if not u or "text" in u:
            continue
        if "lookup" in u:
            out[n] = DOC
        elif "hand" in u:
            out[n] = PASS
    return out
