"""Scopes and bindings of one Python module, from the stdlib ``ast``.

One pass over the tree records, per scope (module, class, function, lambda,
comprehension), every name binding with the expression it was bound to, the
imports (``import os as o``, ``from subprocess import Popen as P``, star
imports), ``global``/``nonlocal`` declarations, the mutations of local
containers (``lst.append(x)``, ``d["k"] = v``, ``s += x``) and every call.
The evaluator (:mod:`.evaluate`) answers questions by reading this model:
nothing is parsed twice.

Python's rule applies: a name bound anywhere in a function body is local to
the whole function (so a parameter or local named ``os`` is never the
module), class bodies are skipped by nested functions, comprehensions have
their own scope.
"""

from __future__ import annotations

import ast
import bisect
from typing import Literal

from ..core.lazyre import compile_pattern
from ..run.budget import check
from .astwalk import children

_NL = compile_pattern(r"\r\n|\r|\n")


class PosMap:
    """(lineno, UTF-8 column) from ``ast`` -> code-point offset in the text."""

    def __init__(self, text: str):
        self.text = text
        self._starts: list[int] | None = None
        self.ascii = text.isascii()
        self._enc: dict[int, bytes | Literal[False]] = {}  # a line's UTF-8, False when it is ASCII

    @property
    def starts(self) -> list:
        if self._starts is None:
            text = self.text
            if "\r" in text:
                self._starts = [0] + [m.end() for m in _NL.finditer(text)]
            else:
                # only "\n" ends a line: the same starts, found with str.find (half the CPU of
                # the alternation's matches; issue 25, tests/test_pyscan_cold_cpu.py)
                starts = [0]
                add, find = starts.append, text.find
                i = find("\n")
                while i != -1:
                    i += 1
                    add(i)
                    i = find("\n", i)
                self._starts = starts
        return self._starts

    def off(self, lineno: int, col: int) -> int:
        if lineno < 1:
            return 0
        if lineno > len(self.starts):
            return len(self.text)
        s = self.starts[lineno - 1]
        if self.ascii or col <= 0:
            return s + max(col, 0)
        b = self._enc.get(lineno)
        if b is None:
            e = self.starts[lineno] if lineno < len(self.starts) else len(self.text)
            line = self.text[s:e]
            if line.isascii():
                b = self._enc[lineno] = False
            else:
                b = self._enc[lineno] = line.encode("utf-8", "surrogatepass")
        if b is False:
            return s + col
        return s + len(b[:col].decode("utf-8", "replace"))

    def span(self, node) -> tuple[int, int]:
        return (
            self.off(node.lineno, node.col_offset),
            self.off(node.end_lineno or node.lineno, node.end_col_offset or node.col_offset),
        )

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)


class Binding:
    __slots__ = ("name", "kind", "node", "value", "index", "pos", "scope", "extra", "path")

    def __init__(self, name, kind, node, value, scope, index=(), extra=None):
        self.name = name
        self.kind = kind  # import | assign | aug | param | def | class | for | with | other
        self.node = node
        self.value = value  # an ast expr, a dotted module name (import), or a Scope (def)
        self.index = index  # tuple-unpacking path, e.g. (0,) for ``a, b = ...``
        self.pos = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
        self.scope = scope
        self.extra = extra
        self.path = _CURRENT_PATH[-1]


_CURRENT_PATH: list = [()]


class Scope:
    __slots__ = (
        "kind",
        "node",
        "parent",
        "bindings",
        "globals",
        "nonlocals",
        "star",
        "name",
        "params",
        "vararg",
        "kwarg",
        "mutations",
        "returns",
        "id",
        "cls",
        "decorators",
        "qualname",
        "_serial",
    )

    def __init__(self, kind, node, parent, name=""):
        self.kind = kind  # module | class | function | lambda | comprehension
        self.node = node
        self.parent = parent
        self.bindings: dict[str, list[Binding]] = {}
        self.globals: set = set()
        self.nonlocals: set = set()
        self.star: list[str] = []
        self.name = name
        self.params: list[str] = []  # positional-or-keyword order
        self.vararg: str | None = None
        self.kwarg: str | None = None
        self.mutations: dict[str, list] = {}  # name -> [(kind, expr, node)]
        self.returns: list = []  # return value exprs (functions)
        # a number, in creation order, of the scopes of one module (the binder walks the tree in
        # source order): the same on every run, unlike ``id(self)`` (a memory address, which
        # address-space randomisation changes per run).  Provenance parameters carry it, and
        # a set of them (or a sort with it as a tie-break) iterates in its order, which picks
        # the order of the evaluator's questions and so where its step budget runs out
        self._serial: list[int] = parent._serial if parent is not None else [0]
        self._serial[0] += 1
        self.id = self._serial[0]  # never 0: a Provenance parameter of scope 0 is a program input
        self.cls: Scope | None = None  # enclosing class scope of a method
        self.decorators: list = []
        qual = (parent.qualname + "." if parent is not None and parent.kind != "module" else "") + name
        self.qualname = qual

    def bind(self, b: Binding):
        target = self
        if b.name in self.globals and b.kind != "param":
            while target.parent is not None:
                target = target.parent
        elif b.name in self.nonlocals and b.kind != "param":
            t = self.parent
            while t is not None and (t.kind == "class" or b.name not in t.bindings) and t.parent is not None:
                t = t.parent
            target = t or self
        if target is not self:
            b.scope = target
        target.bindings.setdefault(b.name, []).append(b)

    def __repr__(self):
        return f"<Scope {self.kind} {self.qualname}>"


class ModuleModel:
    """Scopes, bindings, calls and literals of one module."""

    def __init__(self, tree: ast.Module, text: str):
        self.tree = tree
        self.text = text
        self.pos = PosMap(text)
        self.module = Scope("module", tree, None, "")
        self.scopes: list[Scope] = [self.module]
        self.calls: list[tuple[ast.Call, Scope]] = []
        self.dicts: list[tuple[ast.Dict, Scope]] = []
        self.string_spans: list[tuple[int, int]] = []  # (start line, end line) of multi-line strings
        self.scope_of_node: dict[int, Scope] = {}  # id(function/lambda node) -> its scope
        self.imported: set = set()  # top-level module names imported anywhere
        self.funcs_by_name: dict[str, list[Scope]] = {}
        # attribute -> the values the module stores into it (Evaluator.stored_attrs_of, made when first asked)
        self.stored_attrs: dict | None = None
        # attributes some assignment stores a name or an attribute into through ``self.name`` /
        # ``cls.name`` (made by the binder): a superset of what ``SinkScan._kept_callables``
        # answers, which walks the whole module only for a call ``self.name(...)`` of one of them
        self.named_self_stores: set = set()
        # attributes some binding target stores into through a name (``obj.name = ...``, ``for
        # obj.name in``...): a superset of those ``Evaluator._kept_instances`` can answer for,
        # which walks every method of the class only for one of them
        self.attr_stores: set = set()
        # (scope, name, position) -> :func:`lookup`'s answer (the model never changes once built)
        self.lookups: dict = {}
        # every statement's start, and its (end, block path) at the same index, in source order
        # (the binder's pre-order walk): the block a use sits in, for :func:`_reaching`
        self.stmt_starts: list = []
        self.stmt_spans: list = []
        _Binder(self).run()

    def node_scope(self, node) -> Scope | None:
        return self.scope_of_node.get(id(node))

    def release(self) -> None:
        """Break the scope graph's reference cycles (a scope's bindings hold
        its child scopes, which point back at it) once the file is analysed:
        reference counting then frees the model and the whole AST at once.
        Left to the cyclic collector, that garbage (~50,000 objects for a
        3,000-line module) cost a fifth of the scan's CPU (issue 25).  The
        model is unusable afterwards."""
        for sc in self.scopes:
            sc.bindings = {}
            sc.parent = None
            sc.cls = None
        self.scopes = []
        self.scope_of_node = {}
        self.funcs_by_name = {}
        self.stored_attrs = None
        self.named_self_stores = set()
        self.attr_stores = set()
        self.lookups = {}
        self.stmt_starts = []
        self.stmt_spans = []


class _Binder:
    def __init__(self, model: ModuleModel):
        self.m = model

    def run(self):
        _CURRENT_PATH[:] = [()]
        self.stmts(self.m.tree.body, self.m.module)

    # ---- statements -----------------------------------------------------
    def stmts(self, body, scope, branch=None):
        if branch is not None:
            _CURRENT_PATH.append(_CURRENT_PATH[-1] + (branch,))
        try:
            for s in body:
                self.stmt(s, scope)
        finally:
            if branch is not None:
                _CURRENT_PATH.pop()

    def stmt(self, s, scope):
        check()  # the CPU budget (linter/run/budget.py): once per statement
        self.m.stmt_starts.append((s.lineno, s.col_offset))
        self.m.stmt_spans.append(((s.end_lineno or 0, s.end_col_offset or 0), _CURRENT_PATH[-1]))
        t = type(s)
        if t is ast.Expr:
            self.expr(s.value, scope)
        elif t is ast.Assign:
            self.expr(s.value, scope)
            for tgt in s.targets:
                self.target(tgt, scope, "assign", s.value, s)
        elif t is ast.AnnAssign:
            if s.value is not None:
                self.expr(s.value, scope)
                self.target(s.target, scope, "assign", s.value, s)
            else:
                self.expr(s.annotation, scope)
        elif t is ast.AugAssign:
            self.expr(s.value, scope)
            if isinstance(s.target, ast.Name):
                scope.bind(Binding(s.target.id, "aug", s, s.value, scope, extra=s.op))
                scope.mutations.setdefault(s.target.id, []).append(("aug", s.value, s))
            else:
                self.expr(s.target, scope)
        elif t in (ast.FunctionDef, ast.AsyncFunctionDef):
            self.funcdef(s, scope)
        elif t is ast.ClassDef:
            for d in s.decorator_list:
                self.expr(d, scope)
            for b in s.bases:
                self.expr(b, scope)
            for k in s.keywords:
                self.expr(k.value, scope)
            cs = Scope("class", s, scope, s.name)
            self.m.scopes.append(cs)
            self.m.scope_of_node[id(s)] = cs
            scope.bind(Binding(s.name, "class", s, cs, scope))
            self.stmts(s.body, cs)
        elif t is ast.Return:
            if s.value is not None:
                self.expr(s.value, scope)
                scope.returns.append(s.value)
        elif t in (ast.For, ast.AsyncFor):
            self.expr(s.iter, scope)
            self.target(s.target, scope, "for", s.iter, s)
            self.stmts(s.body, scope, (id(s), 0))
            self.stmts(s.orelse, scope, (id(s), 1))
        elif t in (ast.With, ast.AsyncWith):
            for it in s.items:
                self.expr(it.context_expr, scope)
                if it.optional_vars is not None:
                    self.target(it.optional_vars, scope, "with", it.context_expr, s)
            self.stmts(s.body, scope)
        elif t in (ast.If, ast.While):
            self.expr(s.test, scope)
            self.stmts(s.body, scope, (id(s), 0))
            self.stmts(s.orelse, scope, (id(s), 1))
        elif t in (ast.Try, getattr(ast, "TryStar", ast.Try)):
            self.stmts(s.body, scope, (id(s), 0))
            for i, h in enumerate(s.handlers):
                if h.type is not None:
                    self.expr(h.type, scope)
                if h.name:
                    scope.bind(Binding(h.name, "other", h, None, scope))
                self.stmts(h.body, scope, (id(s), 2 + i))
            self.stmts(s.orelse, scope, (id(s), 1))
            self.stmts(s.finalbody, scope)
        elif t is ast.Import:
            for a in s.names:
                top = a.name.split(".")[0]
                self.m.imported.add(top)
                if a.asname:
                    scope.bind(Binding(a.asname, "import", s, a.name, scope))
                else:
                    scope.bind(Binding(top, "import", s, top, scope))
        elif t is ast.ImportFrom:
            mod = ("." * (s.level or 0)) + (s.module or "")
            if not s.level and s.module:
                self.m.imported.add(s.module.split(".")[0])
            for a in s.names:
                if a.name == "*":
                    scope.star.append(mod)
                    continue
                scope.bind(Binding(a.asname or a.name, "import", s, f"{mod}.{a.name}", scope))
        elif t is ast.Global:
            scope.globals.update(s.names)
        elif t is ast.Nonlocal:
            scope.nonlocals.update(s.names)
        elif t is ast.Delete:
            for tg in s.targets:
                self.expr(tg, scope)
        elif t is ast.Raise:
            if s.exc is not None:
                self.expr(s.exc, scope)
            if s.cause is not None:
                self.expr(s.cause, scope)
        elif t is ast.Assert:
            self.expr(s.test, scope)
            if s.msg is not None:
                self.expr(s.msg, scope)
        elif t is getattr(ast, "Match", None):
            self.expr(s.subject, scope)
            for case in s.cases:
                for n in ast.walk(case.pattern):
                    nm = getattr(n, "name", None) or getattr(n, "rest", None)
                    if isinstance(nm, str):
                        scope.bind(Binding(nm, "other", n, None, scope))
                if case.guard is not None:
                    self.expr(case.guard, scope)
                self.stmts(case.body, scope, (id(case), 0))
        else:
            for child in ast.iter_child_nodes(s):
                if isinstance(child, ast.stmt):
                    self.stmt(child, scope)
                elif isinstance(child, ast.expr):
                    self.expr(child, scope)

    def funcdef(self, s, scope):
        for d in s.decorator_list:
            self.expr(d, scope)
        self.args_defaults(s.args, scope)
        if s.returns is not None:
            self.expr(s.returns, scope)
        fs = Scope("function", s, scope, s.name)
        fs.decorators = list(s.decorator_list)
        if scope.kind == "class":
            fs.cls = scope
        self.m.scopes.append(fs)
        self.m.scope_of_node[id(s)] = fs
        if not _is_overload(s):
            # a ``@typing.overload`` stub is never run (PEP 484 "Function/method overloading":
            # "the @overload-decorated definitions are for the benefit of the type checker
            # only"): the name is the undecorated implementation's
            self.m.funcs_by_name.setdefault(s.name, []).append(fs)
            scope.bind(Binding(s.name, "def", s, fs, scope))
        self.params(s.args, fs)
        self.stmts(s.body, fs)

    def args_defaults(self, a: ast.arguments, scope):
        for d in a.defaults:
            self.expr(d, scope)
        for kd in a.kw_defaults:  # None where a keyword-only parameter has no default
            if kd is not None:
                self.expr(kd, scope)
        for arg in a.posonlyargs + a.args + a.kwonlyargs:
            if arg.annotation is not None:
                self.expr(arg.annotation, scope)

    def params(self, a: ast.arguments, fs: Scope):
        pos = a.posonlyargs + a.args
        defaults = [None] * (len(pos) - len(a.defaults)) + list(a.defaults)
        for arg, d in zip(pos, defaults):
            fs.params.append(arg.arg)
            fs.bind(Binding(arg.arg, "param", arg, d, fs, extra=("pos", len(fs.params) - 1)))
        for arg, d in zip(a.kwonlyargs, a.kw_defaults):
            fs.bind(Binding(arg.arg, "param", arg, d, fs, extra=("kwonly", None)))
        if a.vararg is not None:
            fs.vararg = a.vararg.arg
            fs.bind(Binding(a.vararg.arg, "param", a.vararg, None, fs, extra=("vararg", None)))
        if a.kwarg is not None:
            fs.kwarg = a.kwarg.arg
            fs.bind(Binding(a.kwarg.arg, "param", a.kwarg, None, fs, extra=("kwarg", None)))

    # ---- binding targets --------------------------------------------------
    def target(self, tgt, scope, kind, value, stmt, index=()):
        t = type(tgt)
        if t is ast.Name:
            scope.bind(Binding(tgt.id, kind, stmt, value, scope, index))
        elif t in (ast.Tuple, ast.List):
            for i, el in enumerate(tgt.elts):
                if isinstance(el, ast.Starred):
                    self.target(el.value, scope, "other", None, stmt)
                else:
                    self.target(el, scope, kind, value, stmt, index + (i,))
        elif t is ast.Subscript:
            self.expr(tgt.value, scope)
            self.expr(tgt.slice, scope)
            if isinstance(tgt.value, ast.Name):
                scope.mutations.setdefault(tgt.value.id, []).append(
                    ("setitem", (tgt.slice, value if not index else None), stmt)
                )
        elif t is ast.Attribute:
            v = tgt.value
            if type(v) is ast.Name:
                self.m.attr_stores.add(tgt.attr)
                if v.id in ("self", "cls") and isinstance(value, (ast.Name, ast.Attribute)):
                    self.m.named_self_stores.add(tgt.attr)
            self.expr(v, scope)
        elif t is ast.Starred:
            self.target(tgt.value, scope, "other", None, stmt)

    # ---- expressions ------------------------------------------------------
    def expr(self, e, scope):
        stack = [e]
        m = self.m
        Name, Attribute = ast.Name, ast.Attribute
        while stack:
            n = stack.pop()
            t = type(n)
            # the commonest nodes first (names, then attribute chains, walked
            # in place: the order of the walk is the one of the stack's)
            if t is Name:
                continue
            while t is Attribute:
                n = n.value
                t = type(n)
            if t is Name:
                continue
            if t is ast.Constant:
                if isinstance(n.value, (str, bytes)) and n.end_lineno and n.end_lineno > n.lineno:
                    m.string_spans.append((n.lineno, n.end_lineno))
            elif t is ast.Call:
                m.calls.append((n, scope))
                f = n.func
                if (
                    type(f) is ast.Attribute
                    and type(f.value) is ast.Name
                    and f.attr in ("append", "extend", "insert", "update", "setdefault")
                ):
                    scope.mutations.setdefault(f.value.id, []).append((f.attr, n, n))
                stack.append(f)
                stack.extend(n.args)
                for k in n.keywords:
                    stack.append(k.value)
            elif t is ast.Lambda:
                self.args_defaults(n.args, scope)
                ls = Scope("lambda", n, scope, "<lambda>")
                m.scopes.append(ls)
                m.scope_of_node[id(n)] = ls
                self.params(n.args, ls)
                ls.returns.append(n.body)
                self.expr(n.body, ls)
            elif t in (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp):
                cs = Scope("comprehension", n, scope, "<comp>")
                m.scopes.append(cs)
                m.scope_of_node[id(n)] = cs
                for i, g in enumerate(n.generators):
                    self.expr(g.iter, scope if i == 0 else cs)
                    self.target(g.target, cs, "for", g.iter, g)
                    for c in g.ifs:
                        self.expr(c, cs)
                if t is ast.DictComp:
                    self.expr(n.key, cs)
                    self.expr(n.value, cs)
                else:
                    self.expr(n.elt, cs)
            elif t is ast.NamedExpr:
                s = scope
                while s.kind == "comprehension" and s.parent is not None:
                    s = s.parent
                s.bind(Binding(n.target.id, "assign", n, n.value, s))
                stack.append(n.value)
            elif t is ast.Dict:
                m.dicts.append((n, scope))
                stack.extend(k for k in n.keys if k is not None)
                stack.extend(n.values)
            elif t is ast.JoinedStr:
                if n.end_lineno and n.end_lineno > n.lineno:
                    m.string_spans.append((n.lineno, n.end_lineno))
                stack.extend(n.values)
            elif t is ast.Starred or t is ast.Await or t is ast.FormattedValue:
                stack.append(n.value)
            elif t is ast.BinOp:
                stack.append(n.left)
                stack.append(n.right)
            elif t is ast.Compare:
                stack.append(n.left)
                stack.extend(n.comparators)
            elif t is ast.Subscript:
                stack.append(n.value)
                stack.append(n.slice)
            elif t is ast.BoolOp:
                stack.extend(n.values)
            elif t is ast.UnaryOp:
                stack.append(n.operand)
            elif t is ast.Tuple or t is ast.List or t is ast.Set:
                stack.extend(n.elts)
            elif t is ast.IfExp:
                stack.append(n.test)
                stack.append(n.body)
                stack.append(n.orelse)
            else:
                stack.extend(children(n))


def module_mro(cls: Scope) -> list[Scope]:
    """``cls`` and its base classes defined in the same module (named plainly in its
    ``class`` line), depth-first, left to right, at most eight."""
    out: list[Scope] = []
    todo = [cls]
    while todo and len(out) < 8:
        c = todo.pop(0)
        if c in out:
            continue
        out.append(c)
        if c.parent is None or not isinstance(c.node, ast.ClassDef):
            continue
        todo[:0] = [
            bb.value
            for base in c.node.bases
            if isinstance(base, ast.Name)
            for bb in c.parent.bindings.get(base.id, ())
            if bb.kind == "class" and isinstance(bb.value, Scope)
        ]
    return out


def function_of(scope: Scope | None) -> Scope | None:
    """The nearest function scope enclosing ``scope`` (itself if it is one); None at module level."""
    s = scope
    while s is not None and s.kind != "function":
        if s.kind == "module":
            return None
        s = s.parent
    return s


def method_class(scope: Scope | None) -> Scope | None:
    """The class whose method encloses ``scope`` (the nearest function scope's class;
    None at module level or in a plain function)."""
    fs = function_of(scope)
    return fs.cls if fs is not None else None


def lookup(model: ModuleModel, scope: Scope, name: str, at=None) -> tuple[Scope | None, list[Binding]]:
    """The scope that binds ``name`` as seen from ``scope`` and the bindings
    that can reach a use at position ``at`` ((lineno, col)).

    In the use's own scope: the last binding textually before the use (a
    rebinding in a branch before it counts too); if none precedes it (loops,
    functions called later), every binding.  In an enclosing scope: every
    binding.  Returns (None, []) for an unbound name (builtins, star imports).

    Answered once per (scope, name, position) of the model (a copy of the list each time):
    the value analysis asks the same names again and again (held-out trees: 60 % of the
    asks are repeats, scons's intelc.py 21,466 of 21,589) and the reaching bindings of a
    name bound many times are found in quadratic time (issue 25).
    """
    memo = model.lookups
    key = (scope, name, at)
    got = memo.get(key)
    if got is None:
        got = memo[key] = _lookup(model, scope, name, at)
    return got[0], list(got[1])


def _lookup(model: ModuleModel, scope: Scope, name: str, at=None) -> tuple[Scope | None, list[Binding]]:
    """:func:`lookup`, asked of the model."""
    s = scope
    first = True
    while s is not None:
        if name in s.globals and s is not model.module:
            s = model.module
            first = False
            continue
        if name in s.nonlocals:
            s = s.parent
            first = False
            continue
        if s.kind == "class" and not first:
            s = s.parent
            continue
        bl = s.bindings.get(name)
        if bl:
            if first and at is not None and s.kind != "class":
                before = [b for b in bl if b.pos < at and not _inside(b, at)]
                if before:
                    # the last binding at the deepest position plus any other
                    # bindings after the last unconditional one
                    return s, _reaching(before, _use_path(model, at) if len(before) > 1 else None)
            return s, list(bl)
        s = s.parent
        first = False
    return None, []


def _inside(b: Binding, at) -> bool:
    """A binding statement that contains the use (``x = f(x)``) does not reach it."""
    n = b.node
    end = (getattr(n, "end_lineno", None) or 0, getattr(n, "end_col_offset", None) or 0)
    return b.kind in ("assign", "aug") and b.pos <= at < end


def _use_path(model: ModuleModel, at) -> tuple | None:
    """The block path of the innermost statement holding position ``at`` (None: none
    does). Statements come in source order, so the innermost is the last one that starts
    at or before ``at`` and still ends after it."""
    starts, spans = model.stmt_starts, model.stmt_spans
    i = bisect.bisect_right(starts, at) - 1
    while i >= 0:
        end, path = spans[i]
        if at < end:
            return path
        i -= 1
    return None


def _reaching(before: list[Binding], use_path: tuple | None = None) -> list[Binding]:
    """Bindings not killed by a later one: a later plain binding kills an
    earlier one when it sits in the same block or an enclosing one (its block
    path is a prefix of the earlier's), or in the block of the use or one
    enclosing it (``if x: cmd = "git add ."; run(cmd)``: on every path to the use
    it ran after the earlier one).  Augmented assignments never kill.
    Branches therefore union (``if``/``else`` both reach), which only ever
    adds possible values."""
    out = []
    for i, b in enumerate(before):
        killed = False
        for b2 in before[i + 1 :]:
            if b2.kind != "aug" and (
                b.path[: len(b2.path)] == b2.path or (use_path is not None and use_path[: len(b2.path)] == b2.path)
            ):
                killed = True
                break
        if not killed:
            out.append(b)
    return out


def _is_overload(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """``@overload`` / ``@typing.overload`` / ``@typing_extensions.overload``."""
    for d in fn.decorator_list:
        if isinstance(d, ast.Name) and d.id == "overload":
            return True
        if isinstance(d, ast.Attribute) and d.attr == "overload" and isinstance(d.value, ast.Name):
            return True
    return False
