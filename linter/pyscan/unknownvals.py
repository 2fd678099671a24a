"""Values the code makes one of a few constants, where the evaluator's answer was
"a constant, which one not known" or "not known statically" (issue 25, pyA35).

A sink is decided from values: the program an argv starts, the shell flag, the code
option.  The evaluator's union of several constants is constant without a value, and
some shapes it does not read at all; :meth:`.evaluate.Evaluator._const_choices` lists
the constants such an item may be (each then an argv alternative, read by the
shell-in-argv check like a written ``["node", "-e", code]``).  This module adds the
shapes that make a value one of a few constants written in the code:

* a loop variable over a sequence the code writes out: ``for n in ("nodejs", "node"):``,
  ``for shell in SHELLS:`` over a module (or class) constant, ``for exe, flag in
  [("bash", "-c"), ...]``, a comprehension over such a sequence, ``sorted(...)`` /
  ``reversed(...)`` / ``list(...)`` / ``tuple(...)`` of one, the keys of a dict display;
* ``TABLE.get(key, default)`` on a dict the module writes out and never changes (the
  values and the default);
* ``Lang.PY.value`` / ``Tools.SHELL``: an attribute a class of this module assigns a
  literal in its body (an enum member's value, a class constant).

A value that can really be anything stays unknown: a parameter, the environment, a
call's result, a sequence that is appended to, a dict that is stored into.  Python
semantics (library reference): a ``for`` target is bound to each item of the iterable
in turn; ``dict.get(key, default)`` returns the value for key if key is in the
dictionary, else default; an ``Enum`` member's ``value`` is the value assigned in the
class body.
"""

from __future__ import annotations

import ast

from .loginshell import mapping_values
from .scopes import lookup, method_class

#: at most this many distinct constants (each one argv alternative)
MAX_CHOICES = 6

#: builtins whose result holds the items of their one argument (Python library
#: reference, "Built-in Functions": sorted, reversed, list, tuple, set, frozenset)
_SAME_ITEMS = frozenset({"sorted", "reversed", "list", "tuple", "set", "frozenset"})

_SEQ = (ast.List, ast.Tuple, ast.Set)


def _pick(node, index):
    for i in index:
        if type(node) not in (ast.List, ast.Tuple) or i >= len(node.elts):
            return None
        node = node.elts[i]
        if type(node) is ast.Starred:
            return None
    return node


def _unchanged_name(ev, e: ast.Name, scope):
    """The one value expression (and its scope) a name is assigned, when it is assigned
    once and never mutated (``append``, ``d[k] = v``, ``+=``); else None."""
    s, bl = lookup(ev.m, scope, e.id, (e.lineno, e.col_offset))
    if s is None or len(bl) != 1 or bl[0].kind != "assign" or bl[0].index or s.mutations.get(e.id):
        return None
    return bl[0].value, bl[0].scope


def _class_attr(ev, e: ast.Attribute, scope):
    """``Cls.ATTR`` of a class statement of this module whose body assigns ``ATTR`` once,
    a literal (or a tuple/list of literals): that value expression, else None."""
    base = e.value
    if type(base) is not ast.Name:
        return None
    _s, bl = lookup(ev.m, scope, base.id, (base.lineno, base.col_offset))
    if len(bl) != 1 or bl[0].kind != "class" or not isinstance(bl[0].node, ast.ClassDef):
        return None
    if e.attr in ev.stored_attrs_of():
        return None  # stored into somewhere (``Cls.ATTR = x``, ``self.ATTR = x``)
    found = None
    for st in bl[0].node.body:
        if type(st) is ast.Assign:
            tgts, v = st.targets, st.value
        elif type(st) is ast.AnnAssign and st.value is not None:
            tgts, v = [st.target], st.value
        else:
            continue
        if any(type(t) is ast.Name and t.id == e.attr for t in tgts):
            if found is not None or len(tgts) != 1:
                return None
            found = v
    if found is None or not all(type(x) in _LITERAL_NODES for x in ast.walk(found)):
        return None
    return found


_LITERAL_NODES = (ast.Constant, ast.Tuple, ast.List, ast.Load)


def value_choices(ev, e, scope, env, depth: int) -> list | None:
    """The evidence of each constant ``e`` may be (see the module docstring), or None."""
    if depth > 12:
        return None
    t = type(e)
    if t is ast.Call:
        f = e.func
        if type(f) is not ast.Attribute or f.attr != "get" or e.keywords or not 1 <= len(e.args) <= 2:
            return _returned_choices(ev, e, scope, env, depth)
        m = f.value
        if type(m) is ast.Name:
            got = _unchanged_name(ev, m, scope)
            if got is None:
                return None
            m, scope_m = got
        else:
            scope_m = scope
        values = mapping_values(ev.m, m, scope_m)
        if not values:
            return None
        out = [ev.evidence_within(v, scope_m, env, depth + 1) for v in values]
        if len(e.args) == 2:
            out.append(ev.evidence_within(e.args[1], scope, env, depth + 1))
        return out
    if t is ast.Attribute and type(e.value) is ast.Name and e.value.id in ("self", "cls"):
        return _self_attr_choices(ev, e.attr, scope, env, depth)
    if t is ast.Attribute:
        member = e.value if e.attr == "value" and type(e.value) is ast.Attribute else e
        found = _class_attr(ev, member, scope)
        if found is None or type(found) is not ast.Constant:
            return None
        return [ev.evidence_within(found, scope, env, depth + 1)]
    return None


def self_attr_values(ev, attr: str, scope) -> list | None:
    """The value expressions (with their scopes) ``self.attr`` may hold in a method of a
    class of this module: what any class body of the module assigns ``attr`` (a subclass
    here may override it) and every ``self.attr = ...`` / ``cls.attr = ...`` of the module.
    None when another object's ``x.attr`` is stored into, or unpacked, or ``+=``-ed
    (:meth:`.evaluate.Evaluator.stored_attrs_of`), or when no value is written."""
    if method_class(scope) is None:
        return None
    stores = ev.stored_attrs_of().get(attr, [])
    if None in stores:
        return None
    values = list(stores)
    for sc in ev.m.scopes:
        if sc.kind == "class":
            for b in sc.bindings.get(attr, ()):
                if b.kind != "assign" or b.index or type(b.node) is ast.AnnAssign:
                    # ``shell: bool = False``: a field (dataclass, attrs, pydantic) the
                    # constructor's caller sets; the written value is only its default
                    return None
                values.append((b.value, sc))
    return values if 0 < len(values) <= MAX_CHOICES else None


def _self_attr_choices(ev, attr: str, scope, env, depth: int) -> list | None:
    """``self.interp`` where every value it may hold is one of a few constants
    (``self.interp = "bash" if login else "sh"``, ``for exe in ("node", "nodejs"):
    self.js = exe``): each of them."""
    values = self_attr_values(ev, attr, scope)
    if values is None:
        return None
    out: list = []
    for v, sc in values:
        sub = ev.const_choices(v, sc, env, depth + 1) if type(v) in _NAMED else None
        out.extend(sub if sub is not None else [ev.evidence_within(v, sc, env, depth + 1)])
    return out


def _returned_choices(ev, e: ast.Call, scope, env, depth: int) -> list | None:
    """``[_node(), "-e", js]`` where ``def _node()`` returns one of a few constants on every
    ``return`` (``for exe in ("node", "nodejs"): ... return exe``, ``return "bash" if posix
    else "sh"``): each of them.  A return of anything else (a parameter, a lookup on
    ``$PATH``) leaves the call unknown."""
    funcs = [v for v in ev.values(e.func, scope, depth + 1) if v.kind == "func"]
    if len(funcs) != 1 or not getattr(funcs[0].data, "returns", None):
        return None
    fs = funcs[0].data
    out: list = []
    for r in fs.returns:
        sub = ev.const_choices(r, fs, env, depth + 1) if type(r) in _NAMED else None
        out.extend(sub if sub is not None else [ev.evidence_within(r, fs, env, depth + 1)])
        if len(out) > MAX_CHOICES:
            return None
    return out


_NAMED = (ast.Name, ast.IfExp, ast.Subscript, ast.Attribute, ast.Call)


def iter_choices(ev, it, scope, env, depth: int, index=()) -> list | None:
    """The evidence of each item (item part ``index`` of a tuple target) a ``for`` over
    ``it`` binds, when ``it`` is a sequence the code writes out; else None."""
    if depth > 12:
        return None
    t = type(it)
    if t in _SEQ:
        if len(it.elts) > MAX_CHOICES:
            return None
        out = []
        for el in it.elts:
            el = _pick(el, index) if index else el
            if el is None or type(el) is ast.Starred:
                return None
            out.append(ev.evidence_within(el, scope, env, depth + 1))
        return out
    if t is ast.Dict:
        if index or None in it.keys or len(it.keys) > MAX_CHOICES:
            return None
        return [ev.evidence_within(k, scope, env, depth + 1) for k in it.keys]
    if t is ast.Name:
        got = _unchanged_name(ev, it, scope)
        return None if got is None else iter_choices(ev, got[0], got[1], env, depth + 1, index)
    if t is ast.Attribute:
        found = _class_attr(ev, it, scope)
        return None if found is None else iter_choices(ev, found, scope, env, depth + 1, index)
    if t is ast.Call:
        f = it.func
        if type(f) is ast.Name and f.id in _SAME_ITEMS and len(it.args) == 1 and not it.keywords:
            _s, bl = lookup(ev.m, scope, f.id, (f.lineno, f.col_offset))
            if not bl:  # the builtin, not a name of the module
                return iter_choices(ev, it.args[0], scope, env, depth + 1, index)
        return None
    if t in (ast.ListComp, ast.GeneratorExp, ast.SetComp) and len(it.generators) == 1 and not index:
        cs = ev.m.node_scope(it)  # a filter (``if``) keeps some of the items: still among them
        if cs is not None and type(it.elt) is ast.Name:
            return ev.const_choices(it.elt, cs, env, depth + 1)
        return None
    return None
