"""``exec``/``eval`` of the content of a file the program is told to run (issue 25).

``with open(path) as f: code = f.read()`` ... ``exec(compile(code, path, "exec"))``
(paver's pavement file and ``activate_this.py``, pdm's ``setup.py``, tmuxp's
``$PYTHONSTARTUP``, pyinfra's deploy files): whoever chooses or writes that file
runs Python code in this process.  The code is only *derived* from the path (the
evaluator does not read files), so :meth:`.sinks.SinkDetector._eval` does not
report it as code built from a value; this module recognises the shape instead:
the code argument (through ``compile(...)``, names bound once and a cache dict
filled in the same function) is the result
of ``.read()`` on a file opened from a path (``open``, ``io.open``,
``codecs.open``, ``tokenize.open``, ``path.open()``) or of
``path.read_text()``/``read_bytes()``.  A constant path (the project's own file)
and a path built from ``__file__`` (a module beside this one, the
``exec(open(here / "_version.py").read())`` idiom) are not reported.
"""

from __future__ import annotations

import ast

from .scopes import lookup

__all__ = ["file_code_path", "mentions_file", "path_evidence"]

_READ = {"read", "read_text", "read_bytes"}
_OPENERS = {"builtins.open", "io.open", "codecs.open", "tokenize.open", "gzip.open", "bz2.open", "lzma.open"}
_MAX_DEPTH = 4
# calls whose result is the code of their first argument (Python library reference: ``compile``,
# ``ast.parse`` "Parse the source into an AST node", ``ast.fix_missing_locations``)
_CODE_KEEPERS = frozenset({"builtins.compile", "ast.parse", "ast.fix_missing_locations"})


def single_binding(model, scope, name: ast.Name):
    """The value expression of the one plain assignment or ``with`` binding of ``name``
    reaching this use, or None."""
    _sc, bl = lookup(model, scope, name.id, (name.lineno, name.col_offset))
    if len(bl) != 1:
        return None
    b = bl[0]
    if b.kind not in ("assign", "with") or b.index or not isinstance(b.value, ast.expr):
        return None
    return b.value, b.scope


def single_read(model, scope, name: ast.Name):
    """``code = ""`` ... ``code = f.read()`` ... ``if code: run(code)``: the one binding of
    ``name`` that is not a constant default (``""``, ``None``), when there is one and it
    is a plain assignment of a call; else None."""
    _sc, bl = lookup(model, scope, name.id, (name.lineno, name.col_offset))
    if len(bl) < 2:
        return None
    return _one_call([b for b in bl if not (b.kind == "assign" and isinstance(b.value, ast.Constant))])


def _one_call(rest: list):
    """(value, scope) of the one binding left in ``rest`` when it is a plain assignment of a
    call, else None (:func:`single_read`, :func:`extended_read`)."""
    if len(rest) != 1:
        return None
    b = rest[0]
    if b.kind != "assign" or b.index or not isinstance(b.value, ast.Call):
        return None
    return b.value, b.scope


def extended_read(model, scope, name: ast.Name):
    """``code = sys.stdin.read()`` ... ``if not code.startswith(h): code = h + code`` ...
    ``exec(code)``: the one binding of ``name`` reaching this use that is not an extension
    of the name's own earlier value (``code = header + code``, ``code += tail``,
    ``code = code.replace(...)``: each still holds that text) nor a constant default, when
    it is a plain assignment of a call; else None.  The text the first binding read is in
    whatever the extensions made of it (pyA19)."""
    _sc, bl = lookup(model, scope, name.id, (name.lineno, name.col_offset))
    if len(bl) < 2:
        return None
    rest = []
    for b in bl:
        if b.kind == "aug" or (b.kind == "assign" and isinstance(b.value, ast.Constant)):
            continue
        if (
            b.kind == "assign"
            and not b.index
            and isinstance(b.value, ast.expr)
            and any(isinstance(n, ast.Name) and n.id == name.id for n in ast.walk(b.value))
        ):
            continue  # re-bound from its own value
        rest.append(b)
    return _one_call(rest)


def opened_path(ev_, model, e, scope):
    """The path expression a file object ``e`` was opened from, or None."""
    if isinstance(e, ast.Name):
        got = single_binding(model, scope, e)
        if got is None:
            return None
        e, scope = got
    if not isinstance(e, ast.Call):
        return None
    f = e.func
    names = {v.name for v in ev_.values(f, scope) if v.kind == "name"}
    if names & _OPENERS:
        return (e.args[0], scope) if e.args else None
    if isinstance(f, ast.Attribute) and f.attr == "open" and not names:
        return f.value, scope  # ``pythonrc.open()``: a path object's own open()
    return None


def code_source(ev_, model, e, scope, depth: int = 0):
    """(path expression, its scope) when ``e`` is the content of a file read from a path."""
    if depth > 2 * _MAX_DEPTH:  # names and code keepers alternate: ``compile(fixed)``, ``fixed = ...``
        return None
    if isinstance(e, ast.Name):
        got = single_binding(model, scope, e) or single_read(model, scope, e)
        return code_source(ev_, model, got[0], got[1], depth + 1) if got is not None else None
    if isinstance(e, ast.Subscript) and isinstance(e.value, ast.Name):
        # ``CODES[name] = compile(f.read(), ...)`` ... ``exec(CODES[name])``: a cache
        # filled once in this function
        stores = [m[1][1] for m in scope.mutations.get(e.value.id, ()) if m[0] == "setitem" and m[1][1] is not None]
        return code_source(ev_, model, stores[0], scope, depth + 1) if len(stores) == 1 else None
    if not isinstance(e, ast.Call):
        return None
    f = e.func
    if any(v.kind == "name" and v.name in _CODE_KEEPERS for v in ev_.values(f, scope)):
        # ``compile(fixed, path, "exec")`` with ``fixed = ast.fix_missing_locations(ast.parse(
        # f.read()))`` (a setup.py spliced before it runs): still the file's code (pyA19)
        return code_source(ev_, model, e.args[0], scope, depth + 1) if e.args else None
    if isinstance(f, ast.Attribute) and f.attr in _READ:
        if f.attr == "read":
            return opened_path(ev_, model, f.value, scope)
        return f.value, scope  # Path(p).read_text()
    return None


def mentions_file(model, e, scope, depth: int = 0) -> bool:
    """Does the path expression derive from ``__file__`` (through names bound once)?"""
    if depth > _MAX_DEPTH:
        return False
    for n in ast.walk(e):
        if isinstance(n, ast.Attribute) and n.attr == "__file__":
            return True  # ``mod.__file__``: a module of the program itself (its tests reload it)
        if isinstance(n, ast.Name):
            if n.id == "__file__":
                return True
            got = single_binding(model, scope, n)
            if got is not None and mentions_file(model, got[0], got[1], depth + 1):
                return True
    return False


def file_code_path(ev_, model, code: ast.expr, scope):
    """The evidence of the path whose file content ``code`` is, when that path is not a
    constant nor beside this module (``__file__``); else None."""
    got = code_source(ev_, model, code, scope)
    if got is None:
        return None
    return path_evidence(ev_, model, got[0], got[1])


def path_evidence(ev_, model, path: ast.expr, psc):
    """The evidence of a path whose file's code runs, unless it is a constant or beside
    this module (built from ``__file__``); else None."""
    if mentions_file(model, path, psc):
        return None
    ev = ev_.evidence(path, psc)
    if ev.const:
        return None
    return ev
