"""Code sinks given a value the scan cannot trace (issue 25, pyA24).

``eval``/``exec``/``compile`` and the library code runners (:mod:`.coderun`) are
reported by :meth:`.sinks.Detector._code` when the code is built from parameters, is a
file's content (:mod:`.execfile`), an attribute set from parameters (:mod:`.selfcode`)
or received text (:mod:`.codeinput`).  Any other value that is not constant was
silently dropped.  Under the bench's criteria a code string the scan cannot trace is
usually outside text: a database column (``eval(row.memory)``), a helper's result
(``exec(compile(src, ...))`` with ``src = load(...)``), a configuration value
(``eval(config.getstring(key))``), a subprocess's output, code parsed out of a file
(``eval(stmt.children[2].get_code())``), docstrings or notebook cells.  For shell
strings the engine already reports "a value not known statically" (UL401 on
``subprocess.run(x, shell=True)``); this module does the same for code: the sink is
reported as a warning of medium confidence naming what the scan saw, unless the value
is provably internal -- built only from:

* constants and containers of constants (``table[key]`` of a dict display, a loop
  over a tuple of constant names), through names whose every reaching binding is such
  a value (the evaluator already folds plain constant expressions);
* ``repr()`` / ``!r`` / ``%r`` of any value: a Python literal of a value the program
  holds (``eval(repr(x))``, the ``"f(%r)" % arg`` shape);
* the program's own source: ``inspect.getsource``/``getsourcelines`` (Python library
  reference, :mod:`inspect`: "Return the text of the source code for an object"),
  a function's ``__code__``, and the names and annotations of its own objects
  (``__name__``, ``__qualname__``, ``__annotations__``, ``dir()``/``vars()`` keys);
* ``self.X``/``cls.X`` of a class-body table of such values (``X = {}``, ``X["k"] = v``);
* ``self.X`` whose last assignment before the use in the same method, or else every
  assignment in the class, is such a value, and nothing changes it in place;
* ``json.load`` (``tomllib``, ``yaml``, ``pickle``) of a file opened beside ``__file__``;
* an AST the program constructs (``ast.Module(...)``, ``ast.Expression(...)``,
  ``ast.fix_missing_locations`` of one: node classes of the :mod:`ast` module) from nodes
  it builds or is handed (a template compiler's statements), not from ``ast.parse`` of a
  text that is not internal (``ast.Module(tree.body[:-1])`` of a parsed query), and
  ``ast.unparse``/``compile`` of such a tree;
* the content of a file read from a constant path or one built from ``__file__`` (the
  program's own file; :mod:`.execfile` reports the other paths);
* an AST whose every node was checked against a whitelist before the sink: a
  ``for node in ast.walk(tree)`` loop in the same function that raises (the
  "validated expression" idiom of safe evaluators).

A name narrowed to constants by an ``if x in (...)`` around the use is handled by
:mod:`.narrow` before this module is asked; a guard clause before the use (``if x not in
(...): raise``) narrows it here.
"""

from __future__ import annotations

import ast

from .scopes import function_of, lookup

__all__ = ["untraced_code"]

_DEPTH = 8
# calls whose result is one of their arguments' text (or a tree of it) unchanged in
# provenance (Python library reference: ``compile``, ``ast.parse``, ``ast.unparse``,
# ``ast.fix_missing_locations``, ``textwrap.dedent``, ``str``)
_KEEPERS = frozenset(
    {
        "builtins.compile",
        "builtins.str",
        "ast.parse",
        "ast.unparse",
        "ast.fix_missing_locations",
        "ast.copy_location",
        "textwrap.dedent",
        "textwrap.indent",
        "re.compile",
        "base64.b64decode",
        "base64.b32decode",
        "base64.b16decode",
        "base64.a85decode",
        "base64.b85decode",
        "base64.decodebytes",
        "binascii.a2b_base64",
        "binascii.unhexlify",
        "codecs.decode",
        "zlib.decompress",
        "bz2.decompress",
        "lzma.decompress",
        "gzip.decompress",
    }
)
# calls whose result is program text the program itself holds (inspect module docs)
_OWN_SOURCE = frozenset(
    {
        "builtins.repr",
        "inspect.getsource",
        "inspect.getsourcelines",
        "builtins.dir",
        "builtins.vars",
        "builtins.type",
        "builtins.len",
        "builtins.int",
        "builtins.float",
        "builtins.bool",
    }
)
# readers of a data file (Python library reference: ``json.load``, ``tomllib.load``,
# ``pickle.load``, ``marshal.load``; PyYAML ``safe_load``/``load``): internal when the file is
# opened from a path beside ``__file__`` (the program's own data; a relative constant path is
# a file of the working directory)
_LOADERS = frozenset(
    {"json.load", "tomllib.load", "tomli.load", "yaml.safe_load", "yaml.load", "pickle.load", "marshal.load"}
)
# modules whose functions describe the program's own objects (Python library reference:
# :mod:`inspect` "get information about live objects", ``typing.get_type_hints``)
_INTROSPECTION = ("inspect.", "typing.get_type_hints", "typing.get_args", "typing.get_origin")
# attributes of the program's own objects that are code or names, not data
_OWN_ATTRS = frozenset({"__code__", "__name__", "__qualname__", "__annotations__", "__module__", "__class__"})
# string methods whose result is built from the receiver and the arguments only
_STR_METHODS = frozenset(
    {
        "format",
        "join",
        "replace",
        "strip",
        "lstrip",
        "rstrip",
        "lower",
        "upper",
        "title",
        "capitalize",
        "split",
        "rsplit",
        "splitlines",
        "partition",
        "rpartition",
        "removeprefix",
        "removesuffix",
        "encode",
        "decode",
        "items",
        "keys",
        "values",
        "get",
        "copy",
    }
)


class _Walk:
    def __init__(self, ev_, model) -> None:
        self.e = ev_
        self.m = model
        self.seen: set = set()

    def qual(self, func: ast.expr, scope) -> set:
        got = {v.name for v in self.e.values(func, scope) if v.kind == "name" and v.name}
        if isinstance(func, ast.Name) and got == {func.id} and lookup(self.m, scope, func.id)[0] is None:
            got = {f"builtins.{func.id}"}  # a builtin the evaluator does not list (``dir``, ``vars``)
        return got

    def imported(self, e: ast.expr, scope) -> bool:
        """Is ``e`` a module or a name imported from one (``config``, ``pkg.settings``)?
        Its attributes and functions are not values this code made."""
        while isinstance(e, ast.Attribute):
            e = e.value
        if not isinstance(e, ast.Name):
            return False
        _sc, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
        return any(b.kind == "import" for b in bl)

    def internal(self, e: ast.expr, scope, depth: int = 0) -> bool:
        """Is ``e`` provably a value the program itself made (module docstring)?"""
        if depth > _DEPTH:
            return False
        if isinstance(e, ast.Constant):
            return True
        if isinstance(e, ast.JoinedStr):
            return all(self.internal(v, scope, depth + 1) for v in e.values)
        if isinstance(e, ast.FormattedValue):
            return e.conversion == ord("r") or self.internal(e.value, scope, depth + 1)
        if isinstance(e, ast.BinOp):
            if (
                isinstance(e.op, ast.Mod)
                and isinstance(e.left, ast.Constant)
                and isinstance(e.left.value, str)
                and _only_repr_specs(e.left.value)
            ):
                return True
            return self.internal(e.left, scope, depth + 1) and self.internal(e.right, scope, depth + 1)
        if isinstance(e, (ast.List, ast.Tuple, ast.Set)):
            # the written structure is finite: only names and calls count against the depth
            return all(self.internal(x, scope, depth) for x in e.elts)
        if isinstance(e, ast.Dict):
            return all(x is None or self.internal(x, scope, depth + 1) for x in e.keys) and all(
                self.internal(x, scope, depth + 1) for x in e.values
            )
        if isinstance(e, ast.IfExp):
            return self.internal(e.body, scope, depth + 1) and self.internal(e.orelse, scope, depth + 1)
        if isinstance(e, ast.Subscript):
            return self.internal(e.value, scope, depth + 1)
        if isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) and e.value.id in ("self", "cls"):
            if e.attr in _OWN_ATTRS:
                return True
            return self._self_attr(e, scope, depth)
        if isinstance(e, ast.Attribute):
            # a name of the program's own objects, or an attribute of a value it made
            # (``inspect.signature(f).return_annotation``)
            return e.attr in _OWN_ATTRS or (
                not self.imported(e.value, scope) and self.internal(e.value, scope, depth + 1)
            )
        if isinstance(e, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
            cs = self.m.node_scope(e) or scope
            return self.internal(e.elt, cs, depth + 1) and all(
                self.internal(g.iter, scope if i == 0 else cs, depth + 1) for i, g in enumerate(e.generators)
            )
        if isinstance(e, ast.Call):
            return self._call(e, scope, depth)
        if isinstance(e, ast.Name):
            return self._name(e, scope, depth)
        return False

    def _call(self, e: ast.Call, scope, depth: int) -> bool:
        f = e.func
        names = self.qual(f, scope)
        node_class = (
            isinstance(f, ast.Attribute)
            and isinstance(f.value, ast.Name)
            and f.value.id == "ast"
            and _node_class(f.attr)
        ) or any(n.startswith("ast.") and _node_class(n.rsplit(".", 1)[1]) for n in names)
        if node_class:
            # ``ast.Module(body=[...])``: a node the program constructs, from nodes it constructs
            # (``ast.Module(tree.body[:-1])`` of a parsed outside text is that text); a
            # ``Constant``'s value is a literal whatever it holds
            if (isinstance(f, ast.Attribute) and f.attr == "Constant") or any(n.endswith(".Constant") for n in names):
                return True
            return not any(self._parsed_text(x, scope, depth) for x in [*e.args, *(k.value for k in e.keywords)])
        if names & _LOADERS and e.args:
            # ``json.load(f)`` of a file the program ships (opened beside ``__file__``)
            return self._own_file(e.args[0], scope)
        if names & _OWN_SOURCE or any(n.startswith(_INTROSPECTION) for n in names):
            return True
        if names & _KEEPERS:
            return bool(e.args) and self.internal(e.args[0], scope, depth + 1)
        if isinstance(f, ast.Attribute) and not self.imported(f.value, scope):
            # a method of a value the program made, given values it made (``src.split("\n")``,
            # ``pattern.sub("pass", line)``); not a module's function (``config.getstring(k)``)
            parts = [f.value, *e.args, *(k.value for k in e.keywords)]
            return all(self.internal(x, scope, depth + 1) for x in parts)
        return False

    def _parsed_text(self, e: ast.expr, scope, depth: int) -> bool:
        """Is ``e`` (a part handed to an ast node class) taken from ``ast.parse`` of a text that
        is not internal (``ast.Module(tree.body[:-1])`` with ``tree = ast.parse(query)``)?  Nodes
        the program builds and nodes its callers hand it (a template compiler's statements)
        are its own tree."""
        if depth > _DEPTH:
            return False
        if isinstance(e, (ast.Subscript, ast.Attribute, ast.Starred)):
            return self._parsed_text(e.value, scope, depth + 1)
        if isinstance(e, (ast.List, ast.Tuple)):
            return any(self._parsed_text(x, scope, depth) for x in e.elts)
        if isinstance(e, ast.Call):
            if self.qual(e.func, scope) & {"ast.parse", "builtins.compile"}:
                return bool(e.args) and not self.internal(e.args[0], scope, depth + 1)
            return any(self._parsed_text(x, scope, depth + 1) for x in [*e.args, *(k.value for k in e.keywords)])
        if isinstance(e, ast.Name):
            _sc, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
            return any(
                b.kind in ("assign", "for")
                and isinstance(b.value, ast.expr)
                and self._parsed_text(b.value, b.scope, depth + 1)
                for b in bl
            )
        return False

    def _own_file(self, handle: ast.expr, scope) -> bool:
        from .execfile import mentions_file, opened_path

        got = opened_path(self.e, self.m, handle, scope)
        return got is not None and mentions_file(self.m, got[0], got[1])

    def _self_attr(self, e: ast.Attribute, scope, depth: int) -> bool:
        """``self.X``: the last plain assignment to it before the use in the same method when
        there is one at the method's top level (``self.path = "root."`` ... ``eval(...)``),
        else every assignment in the class; no in-place change (``self.X.append(v)``)."""
        fs = function_of(scope)
        cls = getattr(fs, "cls", None) if fs is not None else None
        if fs is None or cls is None or fs.node is None:
            return False
        line = getattr(e, "lineno", 0)
        last = None
        for st in getattr(fs.node, "body", ()):
            if st.lineno >= line:
                break
            if _assigns(st, e.attr):
                last = st
        if last is not None and isinstance(last, ast.Assign):
            return self.internal(last.value, fs, depth + 1)
        found = False
        for st in cls.node.body:
            # the class body's own ``X = {...}`` and ``X["k"] = v`` (a table of the class)
            value = None
            if isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id == e.attr for t in st.targets):
                value = st.value
            elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name) and st.target.id == e.attr:
                value = st.value
            elif isinstance(st, ast.Assign) and any(
                isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id == e.attr
                for t in st.targets
            ):
                value = st.value
            else:
                continue
            if value is None or not self.internal(value, cls, depth + 1):
                return False
            found = True
        for fn in ast.walk(cls.node):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            fsc = self.m.node_scope(fn) or fs
            for n in ast.walk(fn):
                if _mutates(n, e.attr):
                    return False
                if isinstance(n, (ast.AugAssign, ast.AnnAssign)) and _is_self_attr(n.target, e.attr):
                    if n.value is None or not self.internal(n.value, fsc, depth + 1):
                        return False
                    found = True
                if isinstance(n, ast.Assign) and any(_is_self_attr(t, e.attr) for t in n.targets):
                    if not all(isinstance(t, ast.Attribute) for t in n.targets):
                        return False  # ``self.a, b = ...``: an unpacked value
                    if not self.internal(n.value, fsc, depth + 1):
                        return False
                    found = True
        return found

    def _name(self, e: ast.Name, scope, depth: int) -> bool:
        key = (id(scope), e.id, e.lineno, e.col_offset)
        if key in self.seen:
            return False
        self.seen.add(key)
        _sc, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
        if not bl:
            return False
        for b in bl:
            if b.kind in ("def", "class", "import"):
                continue  # a function, class or module of the program (its code is its own:
                # ``gateway.remote_exec(module)`` sends the module's source)
            if b.kind == "assign" and isinstance(b.value, ast.expr):
                if not self.internal(b.value, b.scope, depth + 1):
                    return False
            elif b.kind == "for" and isinstance(b.value, ast.expr):
                if not self.internal(b.value, b.scope, depth + 1):
                    return False
            else:
                return False
        return True


# the node classes of the ast module whose names are not capitalised (Python library
# reference, :mod:`ast` "Node classes": ``arguments``, ``arg``, ``keyword``, ``alias``...)
_LOWER_NODES = frozenset({"arguments", "arg", "keyword", "alias", "comprehension", "withitem", "match_case"})


def _node_class(name: str) -> bool:
    return name[:1].isupper() or name in _LOWER_NODES


def _is_self_attr(t: ast.expr, attr: str) -> bool:
    return isinstance(t, ast.Attribute) and t.attr == attr and isinstance(t.value, ast.Name) and t.value.id == "self"


def _assigns(st: ast.stmt, attr: str) -> bool:
    return isinstance(st, ast.Assign) and any(_is_self_attr(t, attr) for t in st.targets)


_MUTATORS = frozenset({"append", "extend", "insert", "update", "setdefault", "add"})


def _mutates(n: ast.AST, attr: str) -> bool:
    """``self.X.append(v)`` / ``self.X[k] = v``: the attribute's value changed in place."""
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _MUTATORS:
        return _is_self_attr(n.func.value, attr)
    if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store):
        return _is_self_attr(n.value, attr)
    return False


def _only_repr_specs(fmt: str) -> bool:
    """``"f(%r, %r)"``: every conversion of a ``%`` format is ``%r`` (or ``%%``)."""
    i = fmt.find("%")
    seen = False
    while i >= 0:
        rest = fmt[i + 1 :]
        if rest.startswith("%"):
            i = fmt.find("%", i + 2)
            continue
        j = 0
        while j < len(rest) and rest[j] in "0123456789.-+ #(*)abcdefghijklmnopqstuvwxyz_ABCDEFGHIJKLMNOPQSTUVWXYZ":
            if rest[j] == "(":
                k = rest.find(")", j)
                if k < 0:
                    return False
                j = k + 1
                continue
            if rest[j].isalpha() and rest[j] != "r":
                return False
            j += 1
        if j >= len(rest) or rest[j] != "r":
            return False
        seen = True
        i = fmt.find("%", i + 1 + j + 1)
    return seen


def _guarded(fn: ast.AST, use: ast.Name) -> bool:
    """``if t not in ["int", "str"]: raise ...`` (or ``continue``/``return``) in the block
    holding the use, before it, with no store to the name between: past the guard the
    name is one of the listed constants (the narrowing of :mod:`.narrow`, as a guard clause)."""
    from .narrow import literal_items

    for node in ast.walk(fn):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            guard = False
            for st in block:
                if st.lineno > use.lineno:
                    break
                end = getattr(st, "end_lineno", st.lineno) or st.lineno
                if st.lineno <= use.lineno <= end:
                    if guard:
                        return True
                    break
                if (
                    isinstance(st, ast.If)
                    and not st.orelse
                    and isinstance(st.test, ast.Compare)
                    and len(st.test.ops) == 1
                    and isinstance(st.test.ops[0], ast.NotIn)
                    and isinstance(st.test.left, ast.Name)
                    and st.test.left.id == use.id
                    and literal_items(st.test.comparators[0])
                    and isinstance(st.body[-1], (ast.Raise, ast.Return, ast.Continue, ast.Break))
                ):
                    guard = True
                elif any(
                    isinstance(n, ast.Name) and n.id == use.id and isinstance(n.ctx, ast.Store) for n in ast.walk(st)
                ):
                    guard = False
    return False


def _validated(fn: ast.AST | None, call: ast.Call) -> bool:
    """A ``for node in ast.walk(X)`` loop before ``call`` in ``fn`` that raises (the
    whitelist idiom: every node of the parsed code checked before it runs)."""
    if fn is None:
        return False
    for node in ast.walk(fn):
        if not isinstance(node, ast.For) or node.lineno >= call.lineno:
            continue
        it = node.iter
        if not (
            isinstance(it, ast.Call)
            and isinstance(it.func, ast.Attribute)
            and it.func.attr == "walk"
            and isinstance(it.func.value, ast.Name)
            and it.func.value.id == "ast"
            and it.args
        ):
            continue
        if any(isinstance(x, ast.Raise) for x in ast.walk(node)):
            return True
    return False


def _seen(model, e: ast.expr, scope) -> str:
    """What the scan saw: the expression, and for a name the value bound to it."""
    text = _short(e)
    if isinstance(e, ast.Name):
        _sc, bl = lookup(model, scope, e.id, (e.lineno, e.col_offset))
        vals = [b.value for b in bl if b.kind in ("assign", "for", "with") and isinstance(b.value, ast.expr)]
        if len(vals) == 1:
            v = vals[0]
            if isinstance(v, ast.Call) and v.args and isinstance(v.func, ast.Name) and v.func.id == "compile":
                v = v.args[0]  # ``code = compile(source_text, ...)``: the scan saw ``source_text``
                return f"'{e.id}', compiled from {_short(v)}"
            return f"'{e.id}', bound to {_short(v)}"
        if any(b.kind == "param" for b in bl):
            return f"'{e.id}'"
    return text


def _short(e: ast.expr) -> str:
    try:
        s = ast.unparse(e)
    except Exception:  # noqa: BLE001 - an odd tree: say less
        return "an expression"
    s = " ".join(s.split())
    return s if len(s) <= 70 else s[:67] + "..."


def untraced_code(ev_, model, code: ast.expr, scope, call: ast.Call) -> str | None:
    """What the scan saw of ``code`` (handed to a code sink at ``call``, not constant and
    traced to no parameter or input) when it is not provably internal; None when it is."""
    from .execfile import code_source

    if isinstance(code, ast.Name) and code.id in ("self", "cls"):
        return None  # ``Base.runcode(self, ...)``: an unbound call's instance, not the code

    if code_source(ev_, model, code, scope) is not None:
        return None  # a file's content: reported by execfile.py unless its path is fixed or beside __file__
    w = _Walk(ev_, model)
    if w.internal(code, scope):
        return None
    fn = scope.node if scope is not None and scope.node is not None else None
    if isinstance(code, ast.Name) and fn is not None and _guarded(fn, code):
        return None
    if _validated(fn, call):
        return None
    for _ in range(3):  # ``compile(src, ...)``: what the scan saw is ``src``
        if isinstance(code, ast.Call) and code.args and w.qual(code.func, scope) & _KEEPERS:
            code = code.args[0]
    return _seen(model, code, scope)
