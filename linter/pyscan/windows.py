"""Commands that reach ``cmd.exe`` (issue 25: Windows-only shells).

``subprocess`` runs a command with ``shell=True`` differently on the two
families of systems (CPython 3.11 ``Lib/subprocess.py``, ``Popen._execute_child``):

* POSIX (lines 1801-1814): a string becomes ``[args]``, a list stays a list,
  and the child is ``["/bin/sh", "-c"] + args``: only the **first** item is the
  script; the others become ``$0``, ``$1``... of that script and are never
  parsed as shell code unless the script expands them (proven with real bash in
  tests/test_pyscan_windows.py).
* Windows (lines 1462 and 1529): a list is first joined by
  ``subprocess.list2cmdline(args)`` (MS C runtime quoting: double quotes around
  items with blanks, backslashes before ``"``) and the line runs as
  ``{COMSPEC} /c "{args}"``.  ``cmd.exe`` does not know that quoting: ``&``,
  ``|``, ``<``, ``>``, ``^`` and ``%VAR%`` in an item without blanks are not
  quoted at all, and a ``"`` inside an item ends cmd.exe's quoted span.  So
  **every** item of the list reaches cmd.exe as code.

The engine therefore reports, for a ``subprocess`` call with a list and a
shell flag that is (or may be) true, the items after the first as a command
that reaches cmd.exe "on Windows", at the severity the same value would have
on POSIX; and a shell flag that is true only on Windows (``shell=windows``
with ``windows = sys.platform == "win32"``, ``shell=(os.name == "nt")``,
``platform.system() == "Windows"``) as a command run by cmd.exe on Windows
only.  This module holds the recognition of those platform tests; sinks.py
uses it.
"""

from __future__ import annotations

import ast

from .scopes import ModuleModel, Scope, lookup

#: ``sys.platform`` values of Windows (Python docs, "sys.platform": ``win32``;
#: ``cygwin`` is a POSIX shell, not cmd.exe, and is not counted)
_PLATFORM_PREFIXES = ("win",)
#: ``os.name`` of Windows (Python docs, "os.name": ``nt``)
_OS_NAMES = ("nt",)
#: ``platform.system()`` of Windows (Python docs, "platform.system": ``Windows``)
_SYSTEMS = ("windows",)


def _dotted(e: ast.expr) -> str:
    parts = []
    while isinstance(e, ast.Attribute):
        parts.append(e.attr)
        e = e.value
    if isinstance(e, ast.Name):
        parts.append(e.id)
        return ".".join(reversed(parts))
    return ""


def _platform_value(e: ast.expr) -> str | None:
    """Which platform fact ``e`` reads: "platform", "osname", "system" or None."""
    d = _dotted(e)
    if d in ("sys.platform", "platform"):
        return "platform"
    if d == "os.name":
        return "osname"
    if isinstance(e, ast.Call) and not e.args and _dotted(e.func) in ("platform.system", "system"):
        return "system"
    if isinstance(e, ast.Call) and _dotted(e.func).endswith(".lower") and isinstance(e.func, ast.Attribute):
        return _platform_value(e.func.value)
    return None


def _is_windows_literal(kind: str, value: object, prefix: bool) -> bool:
    if not isinstance(value, str):
        return False
    v = value.lower()
    if kind == "platform":
        return v.startswith(_PLATFORM_PREFIXES) if prefix else v == "win32"
    if kind == "osname":
        return v in _OS_NAMES
    return v in _SYSTEMS


def is_windows_test(e: ast.expr) -> bool:
    """``e`` is true exactly on Windows: ``sys.platform == "win32"``,
    ``sys.platform.startswith("win")``, ``os.name == "nt"``,
    ``platform.system() == "Windows"`` (either operand order), or ``a and b``
    where one of them is such a test."""
    if isinstance(e, ast.Compare) and len(e.ops) == 1 and isinstance(e.ops[0], (ast.Eq, ast.In)):
        left, right = e.left, e.comparators[0]
        for a, b in ((left, right), (right, left)):
            kind = _platform_value(a)
            if kind is None:
                continue
            if isinstance(e.ops[0], ast.Eq) and isinstance(b, ast.Constant):
                return _is_windows_literal(kind, b.value, False)
            if isinstance(e.ops[0], ast.In) and a is left and isinstance(b, (ast.Tuple, ast.List, ast.Set)):
                vals = [x.value for x in b.elts if isinstance(x, ast.Constant)]
                return (
                    bool(vals) and len(vals) == len(b.elts) and all(_is_windows_literal(kind, v, False) for v in vals)
                )
        return False
    if (
        isinstance(e, ast.Call)
        and isinstance(e.func, ast.Attribute)
        and e.func.attr == "startswith"
        and len(e.args) == 1
        and isinstance(e.args[0], ast.Constant)
    ):
        kind = _platform_value(e.func.value)
        return kind == "platform" and _is_windows_literal(kind, e.args[0].value, True)
    if isinstance(e, ast.BoolOp) and isinstance(e.op, ast.And):
        return any(is_windows_test(v) for v in e.values)
    return False


def windows_only_flag(e: ast.expr, scope: Scope, model: ModuleModel, depth: int = 0) -> bool:
    """The ``shell=`` expression ``e`` is a Windows test, directly or through
    names every binding of which (module constants, locals) is one."""
    if is_windows_test(e):
        return True
    if isinstance(e, ast.Name) and depth < 4:
        s, bl = lookup(model, scope, e.id, (e.lineno, e.col_offset))
        if s is None or not bl:
            return False
        for b in bl:
            if b.kind != "assign" or b.index or b.value is None:
                return False
            if not windows_only_flag(b.value, b.scope, model, depth + 1):
                return False
        return True
    return False


def posix_returns(fn: ast.AST, returns: list) -> list:
    """The return values of the function ``fn`` outside its Windows-only branches, when
    it has some: ``def shell_quote(s): if platform.system() == "Windows": ... return
    result`` / ``else: return shlex.quote(s)``.  A helper that quotes differently by
    platform is written for two shells; on the systems where ``/bin/sh`` parses the
    command (every platform but Windows) only the other branch runs, so that is what
    its callers' POSIX shell strings hold (the cmd.exe side is judged by the checks of
    this module).  ``returns`` unchanged when every return sits in such a branch, or
    none does."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or len(returns) < 2:
        return returns
    win: set[int] = set()
    for node in _statements(fn.body):
        if not isinstance(node, ast.If):
            continue
        if is_windows_test(node.test):
            branch = node.body
        elif (
            isinstance(node.test, ast.UnaryOp)
            and isinstance(node.test.op, ast.Not)
            and is_windows_test(node.test.operand)
        ):
            branch = node.orelse
        else:
            continue
        for sub in _statements(branch):
            if isinstance(sub, ast.Return) and sub.value is not None:
                win.add(id(sub.value))
    if not win:
        return returns
    kept = [r for r in returns if id(r) not in win]
    return kept or returns


def _statements(body: list):
    """Every statement of ``body`` and of the blocks nested in it (not into nested functions
    or classes, whose returns are their own; expressions are not entered: the walk of a
    long function's every node cost 2 % of the held-out CPU)."""
    stack = list(reversed(body))
    while stack:
        st = stack.pop()
        yield st
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            sub = getattr(st, field, None)
            if sub:
                stack.extend(reversed(sub))
