"""Argv lists and argv prefixes an object keeps in its state (issue 25).

A command prefix kept on the object is read by another method, or by another class,
and extended there with the words to run::

    class Remote:
        def __init__(self, host):
            self.command_prefix = ["ssh", host, "--"]        # or a class attribute
        @property
        def ssh_prefix(self):                              # or a property
            return ["ssh", "-x", self.host]
        def check(self, filename):
            subprocess.call(self.command_prefix + ["test", "-r", filename])

    class Driver:                                          # another class of the module
        def get(self, path):
            subprocess.run(self.res.command_prefix + ["cat", path])

ssh(1) joins the words after the host into one command line for the remote user's
shell, so ``filename`` is parsed by a shell there, exactly as in ``["ssh", host,
"test", "-r", filename]`` written out.  :meth:`Evaluator._argv` asks this module for
``<receiver>.attr``; the answer is the argv alternatives of every value the attribute
gets in the module:

* ``self.attr`` / ``cls.attr`` in a method: the property ``attr`` (what it returns),
  the class body's ``attr = [...]`` and the ``self.attr = [...]`` stores of the class
  and of its base classes of the module (method resolution order of single-module
  hierarchies); when neither defines it, of any class of the module (a subclass sets
  what its base class's method reads);
* ``obj.attr`` on another receiver (``self.res``, a parameter): the same values
  from every class of the module that defines ``attr`` (the receiver's type is not
  known statically; an attribute name defined by one family of classes is theirs).

Only list, tuple, property-returned and concatenated values are argv values: a store
of anything else (``None``, a call) is one more alternative of unknown items, which
starts no program.  Parameters of the method that made the store stay parameters
(``self.command_prefix = ["ssh", host]``: ``host`` of ``__init__``, an outside value
where the object is made).
"""

from __future__ import annotations

import ast

from .scopes import Scope, module_mro

__all__ = ["attr_argv"]

#: decorators making a method read as an attribute (Python docs, "Built-in Functions:
#: property"; "functools.cached_property")
_PROPERTY = frozenset({"property", "cached_property", "functools.cached_property"})

#: the most classes and values one attribute name is evaluated for (CPU bound)
_MAX_VALUES = 8


def _is_property(fs: Scope) -> bool:
    for d in fs.decorators:
        if isinstance(d, ast.Name) and d.id in _PROPERTY:
            return True
        if isinstance(d, ast.Attribute) and d.attr == "cached_property":
            return True
    return False


def _method_class(scope: Scope) -> tuple[Scope | None, str | None]:
    """The class of the method ``scope`` is in and the name of its first parameter."""
    fs = scope
    while fs is not None and fs.kind != "function":
        if fs.kind in ("module", "class"):
            return None, None
        fs = fs.parent
    if fs is None or fs.cls is None or not fs.params:
        return None, None
    return fs.cls, fs.params[0]


def _definitions(ev, cls: Scope, attr: str) -> list[tuple]:
    """``[("prop", method scope) | ("value", expr, scope it is read in)]``: what the class
    itself defines ``attr`` as (property, class-body assignment, ``self.attr =`` stores,
    from the evaluator's index of each class's stores)."""
    out: list[tuple] = []
    for b in cls.bindings.get(attr, ()):
        if b.kind == "def" and isinstance(b.value, Scope) and _is_property(b.value):
            out.append(("prop", b.value))
        elif b.kind == "assign" and not b.index and b.value is not None:
            out.append(("value", b.value, cls))
    for fs, n, _targets in ev.self_stores(cls).get(attr, ()):
        if n.value is not None:
            out.append(("value", n.value, fs))
    return out


def _module_definitions(ev, attr: str, cache: dict) -> list[tuple]:
    got = cache.get(attr)
    if got is None:
        got = []
        for s in ev.m.scopes:
            if s.kind == "class":
                got.extend(_definitions(ev, s, attr))
        cache[attr] = got
    return got


def attr_argv(ev, e: ast.Attribute, scope: Scope, env: dict, depth: int) -> list | None:
    """Argv alternatives of the attribute read ``e`` (see the module docstring), or None
    when the module gives it no list value."""
    cache = ev.__dict__.setdefault("_selfargv_defs", {})
    active = ev.__dict__.setdefault("_selfargv_active", set())
    attr = e.attr
    if attr in active:
        return None  # ``self.args = self.args + [x]``: the value read inside its own definition
    active.add(attr)
    try:
        return _attr_argv(ev, e, scope, env, depth, cache)
    finally:
        active.discard(attr)


def _attr_argv(ev, e: ast.Attribute, scope: Scope, env: dict, depth: int, cache: dict) -> list | None:
    attr = e.attr
    defs: list[tuple] = []
    base = e.value
    cls, me = _method_class(scope)
    if isinstance(base, ast.Name) and cls is not None and base.id == me:
        for c in module_mro(cls):
            defs = _definitions(ev, c, attr)
            if defs:
                break
    if not defs:
        defs = _module_definitions(ev, attr, cache)
    if not defs:
        return _named(e, scope, ev, None)
    alts: list = []
    listy = False
    for d in defs[:_MAX_VALUES]:
        if d[0] == "prop":
            sub = ev.returned_argv_within(d[1], None, scope, env, depth + 1, bound_self=True)
        else:
            value, sc = d[1], d[2]
            if not isinstance(value, (ast.List, ast.Tuple, ast.BinOp, ast.Call, ast.Name, ast.Attribute)):
                alts.append([None])
                continue
            sub = ev.argv_within(value, sc, env, depth + 1)
        if sub and any(a and a[0] is not None for a in sub):
            listy = True
        alts.extend(sub or [[None]])
    return _named(e, scope, ev, alts[:16] if listy else None)


def _known_head(alt) -> bool:
    return bool(alt) and alt[0] is not None and alt[0].const and isinstance(alt[0].value, str)


def _named(e: ast.Attribute, scope: Scope, ev, alts: list | None) -> list | None:
    """``self._ssh_bin`` (a constructor's parameter, a setting) named after a program of the
    shell engine's table (named.py): the list starts that program; its own options, if
    any, are skipped by the program's grammar like any other option.  Alternatives whose
    head is known stay as they are."""
    if alts and all(_known_head(a) for a in alts):
        return alts
    from .evaluate import const
    from .named import named_program

    prog = named_program(e, scope, ev.m)
    if prog is None:
        return alts
    if not alts:
        return [[const(prog)]]
    return [a if _known_head(a) else [const(prog)] for a in alts]
