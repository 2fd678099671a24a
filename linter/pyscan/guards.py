"""Shell sinks that run only when a flag parameter is true (issue 25).

``def _spawn(self, cmd, *, shell=False): if shell: create_subprocess_shell(cmd)
else: create_subprocess_exec(*cmd)``: the shell branch is taken only when the
caller passes a true ``shell``, exactly as ``Popen(cmd, shell=shell)`` would be.
The same holds for a flag the constructor keeps in ``self``
(``def __init__(self, cmd, is_shell=False): self.is_shell = is_shell`` ... ``if
self.is_shell: ...``).  This module finds such guards: the sink's verdict in its
own file is the flag's default (false: not a shell there), and the project
summaries (:func:`.project.summarize`) give the function (or the constructor) a
shell flag whose callers decide, as for ``shell=param``.

Only a guard that is a plain parameter (or such an attribute) bound nowhere else
in the function, with a constant false default (``False``, ``None``, ``0``,
``""``), is followed; for an attribute kept from the constructor, also a parameter the
constructor requires (no default: every ``Worker(cmd, shell)`` call passes it, so the
callers decide exactly as for a false default).  A plain parameter named for the shell
with a constant true default (``def run_cmd(cmd, shell=True): if shell: call(cmd,
shell=True) else: call(cmd)``) is followed too: the sink stays a sink of its own file
(its default), and the callers decide as for ``shell=param`` true by default.  A
``shell=True`` call under a guard counts only for such a parameter (``if return_stdout:``
picks how the output comes back; ``if self.key_command:`` tests the command itself).
The sink must sit in the branch where the flag is true (``if flag:`` body, or the
``else`` of ``if not flag:``).
"""

from __future__ import annotations

import ast

from .astwalk import walk
from .ctor import attrs_of
from .scopes import Scope, function_of
from .selfattrs import init_param_attrs, self_attr

__all__ = ["FlagGuard", "InstanceFlag", "flag_guard", "instance_flag"]


class FlagGuard:
    """The sink runs only when parameter ``param`` of ``owner`` (the function, or the
    class's ``__init__`` for ``self.<attr>``) is true; ``default``: ``"no"`` (a false
    default: not a shell in its own file) or ``"yes"`` (a plain parameter true by default,
    ``def run_cmd(cmd, shell=True): if shell: call(cmd, shell=True) else: call(cmd)``:
    a shell in its own file, and for the callers that leave it so; a caller passing a false
    value takes the other branch)."""

    __slots__ = ("owner", "param", "attr", "default")

    def __init__(self, owner: Scope, param: str, attr: str | None, default: str = "no"):
        self.owner = owner
        self.param = param
        self.attr = attr
        self.default = default


def _constant_default(fs: Scope, name: str) -> ast.Constant | None:
    """The constant default of ``name``, a parameter of ``fs`` bound nowhere else in it."""
    bl = fs.bindings.get(name, ())
    if len(bl) != 1 or bl[0].kind != "param":
        return None
    b = bl[0]
    if b.extra and b.extra[0] in ("vararg", "kwarg"):
        return None
    return b.value if isinstance(b.value, ast.Constant) else None


def _false_default(fs: Scope, name: str) -> bool:
    """``name`` is a parameter of ``fs`` bound nowhere else in it, default a false constant."""
    d = _constant_default(fs, name)
    return d is not None and not d.value


def _true_default(fs: Scope, name: str) -> bool:
    """``name`` is a parameter of ``fs`` bound nowhere else in it, default a true constant."""
    d = _constant_default(fs, name)
    return d is not None and bool(d.value)


def _required(fs: Scope, name: str) -> bool:
    """``name`` is a parameter of ``fs`` without a default, bound nowhere else in it: every
    caller passes it (rebench's ``_SubprocessThread(name, args, env, shell, cwd, ...)``)."""
    bl = fs.bindings.get(name, ())
    if len(bl) != 1 or bl[0].kind != "param":
        return False
    b = bl[0]
    return not (b.extra and b.extra[0] in ("vararg", "kwarg")) and b.value is None


def _class_attrs(cls: Scope, cache: dict, annotated: bool = False) -> tuple[Scope | None, dict]:
    """:func:`.selfattrs.init_param_attrs` of ``cls``, once per class (it walks every method)."""
    key = ("attrs", id(cls), annotated)
    if key not in cache:
        cache[key] = init_param_attrs(cls, annotated)
    return cache[key]


def _guard_of(test, fs: Scope, cache: dict, annotated: bool = False, true_default: bool = False) -> tuple | None:
    """(owner, parameter, attribute or None, default ``"no"``/``"yes"``) of a guard ``test``;
    ``true_default``: a plain parameter true by default counts too."""
    if isinstance(test, ast.Name):
        if _false_default(fs, test.id):
            return fs, test.id, None, "no"
        if true_default and "shell" in test.id.lower() and _true_default(fs, test.id):
            # (named for the shell: ``if block:`` around a ``**kwargs`` pass-through is how
            # the call waits, pipenv's ``subprocess_run``; a true default says nothing more)
            return fs, test.id, None, "yes"
        return None
    attr = self_attr(test)
    if attr is None or fs.cls is None or fs.name == "__init__":
        return None
    init, attrs = _class_attrs(fs.cls, cache, annotated)
    p = attrs.get(attr)
    if init is None or p is None or not (_false_default(init, p) or _required(init, p)):
        return None
    return init, p, attr, "no"


def _guarded_calls(fs: Scope, cache: dict, annotated: bool = False, true_default: bool = False) -> dict:
    """{id(call): (owner, param, attr, default)} for the calls of ``fs`` under a flag guard."""
    out: dict = {}

    def mark(stmts, g) -> None:
        for st in stmts:
            for n in walk(st):
                if isinstance(n, ast.Call):
                    out.setdefault(id(n), g)

    for n in walk(fs.node):
        if not isinstance(n, ast.If):
            continue
        t = n.test
        neg = isinstance(t, ast.UnaryOp) and isinstance(t.op, ast.Not)
        g = _guard_of(t.operand if isinstance(t, ast.UnaryOp) and neg else t, fs, cache, annotated, true_default)
        if g is not None:
            mark(n.orelse if neg else n.body, g)
    return out


def _tests_its_own_text(call: ast.Call, param: str) -> bool:
    """The guard's parameter is part of what the call runs (``def shell(self, cmd=None): if
    cmd: self._send("shell:%s" % cmd)``, an adb client's): ``if cmd:`` asks whether there is a
    command, not whether to use a shell, and every caller that passes one takes the branch."""
    for a in (*call.args, *(k.value for k in call.keywords if k.arg != "shell")):
        if any(isinstance(n, ast.Name) and n.id == param for n in ast.walk(a)):
            return True
    return False


def _command(call: ast.Call):
    if call.args:
        return call.args[0]
    return next((k.value for k in call.keywords if k.arg in ("args", "cmd", "command")), None)


def flag_guard(call: ast.Call, scope: Scope, model, cache: dict) -> FlagGuard | None:
    """The flag guarding ``call`` (in ``scope``), or None: an enclosing ``if flag:`` or, for a
    flag kept in ``self``, the call's own ``shell=self.<attr>``.  A flag kept in ``self``
    counts only when the command comes from the constructor too (``self.cmd``): the
    constructor's callers then decide both."""
    fs = function_of(scope)
    if fs is None or not isinstance(fs.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    kw = next((k for k in call.keywords if k.arg == "shell"), None)
    shell_true = kw is not None and isinstance(kw.value, ast.Constant) and kw.value.value is True
    if kw is not None and not shell_true:
        # the call's own ``shell=`` decides; only ``shell=self.<attr>`` is this module's (a
        # parameter's default is the evaluator's verdict, a false constant is no shell)
        g = _guard_of(kw.value, fs, cache) if self_attr(kw.value) is not None else None
    else:
        key = id(fs)
        if key not in cache:
            cache[key] = _guarded_calls(fs, cache, true_default=True)
        g = cache[key].get(id(call))
        if g is not None and shell_true and (g[2] is not None or "shell" not in g[1].lower()):
            # ``shell=True`` under ``if return_stdout:``: a branch of how the output comes
            # back (cgatcore's ``run``: every branch is a shell), not a shell flag; nor ``if
            # self.key_command:`` (the command itself).  Only a parameter named for the shell
            # (``if shell: call(cmd, shell=True)``) says so
            g = None
    if g is None:
        return None
    if g[2] is None and _tests_its_own_text(call, g[1]):
        return None
    if g[2] is not None:
        cmd = _command(call)
        if cmd is None or fs.cls is None:
            return None
        _init, attrs = _class_attrs(fs.cls, cache)
        got, _whole = attrs_of(cmd, scope, model, fs.cls)
        if not got or any(a not in attrs for a in got):
            return None
    return FlagGuard(*g)


class InstanceFlag:
    """The sink runs only when the object was constructed with a true ``param`` (the
    constructor keeps it in ``self.<attr>``): ``if self.environment: run(" ".join(cmd),
    shell=True) else: run(cmd)`` of a runner class built as ``Process(binary)`` or as
    ``Process(binary, environment=env)``.  ``optional``: the parameter has a false default
    (a construction without it leaves the flag false); else every construction passes it."""

    __slots__ = ("owner", "param", "optional")

    def __init__(self, owner: Scope, param: str, optional: bool):
        self.owner = owner  # the class's ``__init__``
        self.param = param
        self.optional = optional


def instance_flag(call: ast.Call, scope: Scope, cache: dict) -> InstanceFlag | None:
    """The constructor's flag guarding ``call``, a sink of a method whose command comes from
    the method's own parameters (not from the constructor: :func:`flag_guard` hands that case
    to the constructor's callers): an enclosing ``if self.<attr>:`` (or the ``else`` of ``if
    not self.<attr>:``) or the call's own ``shell=self.<attr>``, the attribute kept from a
    parameter of ``__init__`` with a false default (or without a default; ``self.<attr>: T =
    param`` is the same store) and assigned nowhere else in the class.  Each construction of the object decides whether the branch
    can run (Python reference, "The if statement": the suite runs only when the test is
    true); the project pass reads that at the call of the method on a constructed object."""
    fs = function_of(scope)
    if fs is None or fs.cls is None or not isinstance(fs.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    kw = next((k for k in call.keywords if k.arg == "shell"), None)
    if kw is not None and self_attr(kw.value) is not None:
        g = _guard_of(kw.value, fs, cache, True)
    else:  # ``shell=True`` (or none) in the flag's branch
        key = ("instance", id(fs))
        if key not in cache:
            cache[key] = _guarded_calls(fs, cache, True)
        g = cache[key].get(id(call))
    if g is None or g[2] is None:
        return None
    return InstanceFlag(g[0], g[1], _false_default(g[0], g[1]))
