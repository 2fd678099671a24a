"""A shell flag computed from the command's own type (issue 25, pyP2).

Runner helpers and runner classes of many projects accept both shapes of a command and
choose the shell from it: a string runs through ``/bin/sh -c``, a list runs as an argv::

    shell = isinstance(cmd, str)                              # a local
    Popen(cmd, shell=True if isinstance(cmd, str) else False)
    Popen(cmd, shell=not isinstance(cmd, (list, tuple)))
    Popen(cmd, shell=type(cmd) is str)
    kwargs = {**self.popen_kwargs, **dict(bufsize=0, shell=isinstance(self.cmd, str))}
    Popen(self.cmd, **kwargs)                                 # a kwargs dict, the command in self

(``subprocess.Popen``: "If shell is True, the specified command will be executed through
the shell"; with ``shell=False`` a sequence is the argv and no shell parses it.)  Whoever
hands such a runner a list starts no shell, whatever the list holds; only a string given
to it is shell code.  :func:`shell_iff_text` recognises the flag: the project summaries
(:mod:`.project`, ``ls``) then mark the command parameter as one a list is safe in, and
the callers passing a list are not reported, those passing a string are.
"""

from __future__ import annotations

import ast

from .scopes import Scope, function_of, lookup
from .selfattrs import init_param_attrs, self_attr

__all__ = ["shell_iff_text", "flag_exprs"]

#: type names whose instances are text (a command string): builtins, Python 2 and six
_TEXT_TYPES = frozenset({"str", "bytes", "basestring", "unicode", "string_types", "text_type", "binary_type"})
#: type names whose instances are sequences (an argv): builtins and typing/collections.abc
_SEQ_TYPES = frozenset({"list", "tuple", "List", "Tuple", "Sequence", "MutableSequence"})
_MAX_DEPTH = 6


def _type_names(t) -> list | None:
    """The last names of a type or a tuple of types (``str``, ``six.string_types``), or None."""
    types = t.elts if isinstance(t, ast.Tuple) else [t]
    out = []
    for x in types:
        if isinstance(x, ast.Name):
            out.append(x.id)
        elif isinstance(x, ast.Attribute):
            out.append(x.attr)
        else:
            return None
    return out or None


def _kind(names: list | None) -> str | None:
    if names and all(n in _TEXT_TYPES for n in names):
        return "text"
    if names and all(n in _SEQ_TYPES for n in names):
        return "seq"
    return None


class _Judge:
    def __init__(self, model, scope: Scope, cmd) -> None:
        self.model = model
        self.scope = scope
        self.keys = self._keys(cmd, scope)

    def _keys(self, e, scope) -> set:
        """What the expression names, comparable across methods: a local/parameter
        (``n:cmd``), an attribute of ``self`` (``a:cmd``) and, for an attribute ``__init__``
        sets from its parameter or for that parameter in ``__init__``, the parameter (``i:cmd``)."""
        out: set = set()
        fs = function_of(scope)
        a = self_attr(e)
        if a is not None:
            out.add("a:" + a)
            if fs is not None and fs.cls is not None:
                _init, attrs = init_param_attrs(fs.cls)
                if a in attrs:
                    out.add("i:" + attrs[a])
        elif isinstance(e, ast.Name):
            out.add("n:" + e.id)
            if fs is not None and fs.name == "__init__" and e.id in fs.params:
                out.add("i:" + e.id)
        return out

    def same(self, e, scope) -> bool:
        return bool(self.keys & self._keys(e, scope))

    def test(self, e, scope, want: str, depth: int = 0) -> bool:
        """Is ``e`` true only when the command is text (``want="text"``), or only when it
        is a sequence (``want="seq"``)?"""
        if depth > _MAX_DEPTH or e is None:
            return False
        other = "seq" if want == "text" else "text"
        if isinstance(e, ast.Constant):
            return want == "text" and not e.value  # ``shell=False``: never a shell
        if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not):
            return self.test(e.operand, scope, other, depth + 1)
        if isinstance(e, ast.BoolOp):
            vals = [self.test(v, scope, want, depth + 1) for v in e.values]
            return any(vals) if isinstance(e.op, ast.And) else all(vals)
        if isinstance(e, ast.IfExp):
            # ``True if isinstance(cmd, str) else False``
            if isinstance(e.body, ast.Constant) and isinstance(e.orelse, ast.Constant):
                if e.body.value and not e.orelse.value:
                    return self.test(e.test, scope, want, depth + 1)
                if not e.body.value and e.orelse.value:
                    return self.test(e.test, scope, other, depth + 1)
            return self.test(e.body, scope, want, depth + 1) and self.test(e.orelse, scope, want, depth + 1)
        if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "isinstance" and len(e.args) == 2:
            return _kind(_type_names(e.args[1])) == want and self.same(e.args[0], scope)
        if isinstance(e, ast.Compare) and len(e.ops) == 1:
            # ``type(cmd) is str`` / ``type(cmd) == str`` / ``type(cmd) in (list, tuple)``
            left, op, right = e.left, e.ops[0], e.comparators[0]
            if not (
                isinstance(left, ast.Call)
                and isinstance(left.func, ast.Name)
                and left.func.id == "type"
                and len(left.args) == 1
                and self.same(left.args[0], scope)
            ):
                return False
            k = _kind(_type_names(right))
            if isinstance(op, (ast.Is, ast.Eq, ast.In)):
                return k == want
            return False  # ``type(cmd) is not list``: a tuple is neither
        if isinstance(e, ast.Name):
            sc, bl = lookup(self.model, scope, e.id, (e.lineno, e.col_offset))
            return bool(bl) and all(
                b.kind == "assign"
                and not b.index
                and isinstance(b.value, ast.expr)
                and self.test(b.value, b.scope, want, depth + 1)
                for b in bl
            )
        return False


def flag_exprs(call: ast.Call, scope, model, depth: int = 0, own_kwargs: bool = False) -> list | None:
    """The expressions the call's ``shell=`` can take: the keyword, or the ``"shell"``
    entries of a ``**kwargs`` dict (a display or ``dict(...)``, nested ``**`` ones, a local
    bound to one); None when a splat is not such a dict.  ``own_kwargs``: a splat of the
    function's own ``**kwargs`` (a ``shell=`` its caller passes, judged at that caller) adds
    nothing."""
    out = []
    for k in call.keywords:
        if k.arg == "shell":
            out.append((k.value, scope))
        elif k.arg is None:
            got = _dict_flags(k.value, scope, model, depth, own_kwargs)
            if got is None:
                return None
            out.extend(got)
    return out


def _own_kwargs(e, scope, model) -> bool:
    if not isinstance(e, ast.Name):
        return False
    _sc, bl = lookup(model, scope, e.id, (e.lineno, e.col_offset))
    return bool(bl) and all(b.kind == "param" and b.extra is not None and b.extra[0] == "kwarg" for b in bl)


def _dict_flags(e, scope, model, depth: int, own_kwargs: bool = False) -> list | None:
    if depth > _MAX_DEPTH:
        return None
    if own_kwargs and _own_kwargs(e, scope, model):
        return []
    if isinstance(e, ast.Dict):
        out: list = []
        for key, val in zip(e.keys, e.values):
            if key is None:
                got = _dict_flags(val, scope, model, depth + 1, own_kwargs)
                if got is None:
                    # ``**self.popen_kwargs``: a caller's options; a later ``shell`` entry wins
                    # (a dict display keeps the last value of a key), so only the entries
                    # after it decide
                    out = [None]
                    continue
                if got:
                    out = [x for x in out if x is not None] + got
            elif isinstance(key, ast.Constant) and key.value == "shell":
                out = [x for x in out if x is not None]
                out.append((val, scope))
        return out
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "dict" and not e.args:
        return [(k.value, scope) for k in e.keywords if k.arg == "shell"] if all(k.arg for k in e.keywords) else None
    if isinstance(e, ast.Name):
        _sc, bl = lookup(model, scope, e.id, (e.lineno, e.col_offset))
        if len(bl) == 1 and bl[0].kind == "assign" and not bl[0].index and isinstance(bl[0].value, ast.expr):
            return _dict_flags(bl[0].value, bl[0].scope, model, depth + 1, own_kwargs)
    return None


def shell_iff_text(call, scope, model, cmd) -> bool:
    """Does ``call`` (a ``subprocess`` call running ``cmd``) start a shell only when the
    command ``cmd`` is text?  Its ``shell=`` (written, or an entry of its ``**kwargs`` dict)
    is a test of ``cmd``'s type that is true only for a string, on every path."""
    if not isinstance(call, ast.Call) or cmd is None:
        return False
    flags = flag_exprs(call, scope, model)
    if not flags or any(f is None for f in flags):
        return False
    judge = _Judge(model, scope, cmd)
    if not judge.keys:
        return False
    return all(judge.test(e, sc, "text") for e, sc in flags)
