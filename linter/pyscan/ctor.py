"""Constructor arguments kept in ``self`` and run by another method (issue 25).

``class Command: def __init__(self, cmd): self.cmd = cmd`` ... ``def run(self):
Popen(self.cmd, shell=True)`` (delegator.py, kas's ``ShellCommand``, dotdrop's
actions): inside the module the sink reads ``self.cmd``, a value not known
statically; the value comes from whoever constructs the object.  This module
states which ``__init__`` parameters reach a shell sink of a method of the same
class through an attribute ``__init__`` assigns them to (``self.cmd = cmd``,
directly or through a property or method returning ``self.cmd``, or a local
bound once to it), so that the project summaries (:func:`.project.summarize`)
report the call ``Command(value)`` that feeds it, as for a function's
parameter.  Only attributes no other method assigns are followed.
"""

from __future__ import annotations

import ast

from .anyflag import ANY_FLAG
from .evaluate import RAW
from .facts import SHELL_KINDS, SinkKind
from .runnerlibs import LIB_STRING_COMMAND
from .scopes import Scope, lookup
from .selfattrs import init_param_attrs as _init_attrs, self_attr as _self_attr

__all__ = ["ctor_reach", "attrs_of", "dataclass_fields", "running_methods"]

_MAX_DEPTH = 10


def _attrs_of(e, scope, model, cls: Scope, depth: int = 0, quoted=None, params: bool = False) -> tuple[set, bool]:
    """(the ``self`` attributes the expression reads, whether it IS one of them) through
    locals (bound once, or on several paths) and methods/properties of the class that
    return one; ``quoted(call, scope)`` says a call shell-quotes what it gets (not followed);
    ``params``: also through a parameter of a method that every ``self.<method>(...)``
    call of the class feeds from such attributes (or a constant)."""
    if depth > _MAX_DEPTH or e is None:
        return set(), False
    if quoted is not None and isinstance(e, ast.Call) and quoted(e, scope):
        return set(), False
    a = _self_attr(e)
    if a is not None:
        meth = next((b.value for b in cls.bindings.get(a, ()) if b.kind == "def"), None)
        if isinstance(meth, Scope) and len(meth.returns) == 1:
            got, whole = _attrs_of(meth.returns[0], meth, model, cls, depth + 1, quoted, params)
            return got, whole
        return {a}, True
    if isinstance(e, ast.Call) and not e.args and not e.keywords and _self_attr(e.func) is not None:
        return _attrs_of(e.func, scope, model, cls, depth + 1, quoted, params)  # ``self.command()``
    if isinstance(e, ast.Name):
        sc, bl = lookup(model, scope, e.id, (e.lineno, e.col_offset))
        if len(bl) == 1 and bl[0].kind == "assign" and not bl[0].index and isinstance(bl[0].value, ast.expr):
            got, whole = _attrs_of(bl[0].value, bl[0].scope, model, cls, depth + 1, quoted, params)
            # a list filled after its assignment (``argv = []; for a in self.cmd: argv.append(a)``)
            muts = sc.mutations.get(e.id, ()) if sc is not None else ()
            for kind, mcall, _node in muts:
                if kind in ("append", "extend", "insert") and isinstance(mcall, ast.Call):
                    for x in mcall.args:
                        more, _w = _attrs_of(x, bl[0].scope, model, cls, depth + 1, quoted, params)
                        got = got | more
                    whole = False
            return got, whole
        if len(bl) > 1 and all(b.kind == "assign" and not b.index and isinstance(b.value, ast.expr) for b in bl):
            # ``if self.cmd is None: command = "echo ..."`` / ``else: command = self.cmd``: a
            # local bound on several paths holds, on some path, what each definition reads
            merged: set = set()
            for b in bl:
                merged |= _attrs_of(b.value, b.scope, model, cls, depth + 1, quoted, params)[0]
            return merged, False
        if len(bl) == 1 and bl[0].kind == "for" and isinstance(bl[0].value, ast.expr):
            got, _w = _attrs_of(bl[0].value, bl[0].scope, model, cls, depth + 1, quoted, params)  # an item of self.cmd
            return got, False
        if params and len(bl) == 1 and bl[0].kind == "param" and sc is not None:
            return _param_attrs(bl[0], sc, model, cls, depth, params)
        return set(), False
    out: set = set()
    for n in ast.iter_child_nodes(e):
        if isinstance(n, ast.keyword):
            n = n.value  # ``Template(cmd).substitute(path=self.path)``: what a keyword passes
        if isinstance(n, ast.expr):
            # the parts of one expression (finite): only the hops through names and methods count
            got, _w = _attrs_of(n, scope, model, cls, depth, quoted, params)
            out |= got
    return out, False


def _param_attrs(b, fs: Scope, model, cls: Scope, depth: int, params: bool) -> tuple[set, bool]:
    """The attributes every ``self.<method>(...)`` call of the class passes as the
    method's parameter ``b`` (nothing when a call passes anything else)."""
    if fs.kind != "function" or fs.cls is not cls or fs.name == "__init__" or not b.extra or b.extra[0] != "pos":
        return set(), False
    i = b.extra[1] - 1  # ``self`` is not passed
    got: set = set()
    seen = False
    for call, sc in model.calls:
        f = call.func
        if not (_self_attr(f) == fs.name):
            continue
        caller = sc
        while caller is not None and caller.kind != "function":
            caller = caller.parent
        if caller is None or caller.cls is not cls:
            continue
        arg = next((k.value for k in call.keywords if k.arg == b.name), None)
        if arg is None and 0 <= i < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[: i + 1]):
            arg = call.args[i]
        if arg is None:
            return set(), False
        more, _w = _attrs_of(arg, sc, model, cls, depth + 1, None, params)
        if not more and not isinstance(arg, ast.Constant):
            return set(), False
        got |= more
        seen = True
    return (got, False) if seen else (set(), False)


def attrs_of(e, scope, model, cls: Scope) -> tuple[set, bool]:
    """(the ``self`` attributes the expression ``e`` reads, whether it IS one of them),
    also through parameters of methods the class calls with them (:func:`_attrs_of`)."""
    return _attrs_of(e, scope, model, cls, params=True)


#: the kinds whose first argument (or ``command=``/``cmd=``) is a command string for a
#: (local, remote or library) shell: paramiko's ``exec_command``, invoke/fabric's
#: ``c.run``/``c.sudo``/``conn.local``, pexpect's one-string spawn
_STRING_KINDS = frozenset(
    {
        SinkKind.SHELL_TRUE,
        SinkKind.SHELL_FUNCTION,
        SinkKind.ASYNC_SHELL,
        SinkKind.PARAMIKO_COMMAND,
        SinkKind.RUNNER_COMMAND,
        SinkKind.PEXPECT_STRING,
    }
)
#: the kinds that run an argv starting a shell (or an interpreter given code)
_ARGV_KINDS = frozenset({SinkKind.SUBPROCESS_ARGV_SHELL, SinkKind.EXEC_ARGV_SHELL})
_MAX_ALTS = 4


def _command(s):
    call = s.node
    if s.kind in _STRING_KINDS:
        if s.kind is SinkKind.RUNNER_COMMAND and s.callee.endswith("Protocol.run_command"):
            # pywinrm's Protocol.run_command(shell_id, command, arguments) (sinks.RUNNER_COMMAND_AT)
            return (
                call.args[1]
                if len(call.args) > 1
                else next((k.value for k in call.keywords if k.arg == "command"), None)
            )
        if call.args:
            return call.args[0]
        return next((k.value for k in call.keywords if k.arg in ("args", "cmd", "command")), None)
    return None


def _argv_expr(s):
    """The argv expression (or the list of its items) of an argv sink: ``Popen(argv)``,
    ``os.execv(path, argv)``, ``os.spawnv(mode, path, argv)``, ``os.posix_spawn(path, argv,
    env)``, ``pty.spawn(argv)``; ``os.execl(path, *items)`` / ``create_subprocess_exec(*items)``
    give their items (None: a layout not read here)."""
    call = s.node
    name = s.callee.rsplit(".", 1)[-1]
    args = call.args
    if any(isinstance(a, ast.Starred) for a in args):
        return None
    if s.kind is SinkKind.SUBPROCESS_ARGV_SHELL:
        return args[0] if args else next((k.value for k in call.keywords if k.arg == "args"), None)
    if name in ("execv", "execve", "execvp", "execvpe", "posix_spawn", "posix_spawnp"):
        return args[1] if len(args) > 1 else None
    if name in ("spawnv", "spawnve", "spawnvp", "spawnvpe"):
        return args[2] if len(args) > 2 else None
    if name == "spawn":  # pty.spawn(argv)
        return args[0] if args else None
    if name in ("execl", "execlp"):
        return list(args[1:])
    if name in ("execle", "execlpe"):
        return list(args[1:-1])
    if name in ("create_subprocess_exec", "subprocess_exec"):
        return list(args[1:] if name == "subprocess_exec" else args)
    return None


def _argv_alts(e, scope, model, cls: Scope, depth: int = 0) -> list | None:
    """The alternatives of the argv ``e`` as lists of (item expression, its scope): list/tuple
    literals, sums of them, locals bound once, and properties/methods of the class
    whose returns are such lists (``self.shell_executable + self.shell_args``, each
    return one alternative); None when a part is not such a list."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(e, (ast.List, ast.Tuple)):
        if any(isinstance(x, ast.Starred) for x in e.elts):
            return None
        return [[(x, scope) for x in e.elts]]
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
        left = _argv_alts(e.left, scope, model, cls, depth + 1)
        right = _argv_alts(e.right, scope, model, cls, depth + 1) if left is not None else None
        if left is None or right is None:
            return None
        return [a + b for a in left for b in right][:_MAX_ALTS]
    if isinstance(e, ast.Call) and not e.args and not e.keywords and _self_attr(e.func) is not None:
        e = e.func  # ``self.argv()``
    a = _self_attr(e)
    if a is not None:
        meth = next((b.value for b in cls.bindings.get(a, ()) if b.kind == "def"), None)
        if not isinstance(meth, Scope) or not meth.returns:
            return None
        out: list = []
        for r in meth.returns:
            got = _argv_alts(r, meth, model, cls, depth + 1)
            if got is None:
                return None
            out.extend(got)
        return out[:_MAX_ALTS]
    if isinstance(e, ast.Name):
        _sc, bl = lookup(model, scope, e.id, (e.lineno, e.col_offset))
        if len(bl) == 1 and bl[0].kind == "assign" and not bl[0].index and isinstance(bl[0].value, ast.expr):
            if _sc is not None and _sc.mutations.get(e.id):
                return None
            return _argv_alts(bl[0].value, bl[0].scope, model, cls, depth + 1)
    return None


def _argv_code(s, model, cls: Scope) -> list:
    """The code items of an argv sink's argv: for each alternative, the item the shell
    (or interpreter) at a constant program word runs as code by the shell engine's
    grammar (:func:`.sinks.shell_code_scan`: ``["/bin/bash", "-c", CODE, "$0", "$1"]``);
    the operands after it are ``$0``, ``$1`` ... and not code); (item, its scope)."""
    from .sinks import shell_code_scan

    e = _argv_expr(s)
    if e is None:
        return []
    alts = [[(x, s.scope) for x in e]] if isinstance(e, list) else _argv_alts(e, s.scope, model, cls)
    out: list = []
    for items in alts or ():
        vals = [_const_word(x, sc, model) for x, sc in items]
        at = None
        for i, v in enumerate(vals):
            if v is None or v.startswith(("-", "+")):
                continue
            j, has_c = shell_code_scan(vals, i)
            if has_c and j < len(items):
                at = j
                break
        if at is None and vals[:1] == [None] and "-c" in vals[1:-1]:
            # ``[self.shell, "-c", self.command]``: a program not known statically that the
            # sink's evaluator found to be a shell; the item after its ``-c`` is the code
            at = vals.index("-c", 1) + 1
        if at is not None and items[at] not in out:
            out.append(items[at])
    return out


def _const_word(x, scope, model) -> str | None:
    """The constant text of an argv item: a literal, or a local bound once to one
    (``cmd = "/bin/bash"; args = [cmd, "-c", self.command]``)."""
    if isinstance(x, ast.Name):
        _sc, bl = lookup(model, scope, x.id, (x.lineno, x.col_offset))
        if len(bl) == 1 and bl[0].kind == "assign" and not bl[0].index and isinstance(bl[0].value, ast.Constant):
            x = bl[0].value
    return x.value if isinstance(x, ast.Constant) and isinstance(x.value, str) else None


def dataclass_fields(cls: Scope) -> list:
    """The ``__init__`` parameters ``@dataclass`` (``dataclasses.dataclass``, also called,
    ``@dataclass(frozen=True)``; pydantic's ``@dataclass`` has the same signature) writes
    for a class without its own ``__init__``: its annotated fields in order, without
    ``ClassVar``/``InitVar`` ones and ``field(init=False)`` (the dataclasses docs);
    the class's own fields only (a base class's fields come first and are not read)."""
    node = cls.node
    if not isinstance(node, ast.ClassDef):
        return []
    deco = False
    for d in node.decorator_list:
        f = d.func if isinstance(d, ast.Call) else d
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        if name == "dataclass":
            deco = not (
                isinstance(d, ast.Call)
                and any(
                    k.arg == "init" and isinstance(k.value, ast.Constant) and k.value.value is False for k in d.keywords
                )
            )
    if not deco or any(
        isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef)) and b.name == "__init__" for b in node.body
    ):
        return []
    out = []
    for b in node.body:
        if not isinstance(b, ast.AnnAssign) or not isinstance(b.target, ast.Name):
            continue
        if "ClassVar" in ast.unparse(b.annotation) or "InitVar" in ast.unparse(b.annotation):
            continue
        v = b.value
        if isinstance(v, ast.Call) and any(
            k.arg == "init" and isinstance(k.value, ast.Constant) and k.value.value is False for k in v.keywords
        ):
            continue
        out.append(b.target.id)
    return out


def _dataclass_attrs(cls: Scope) -> dict:
    """{field: field} for the fields of a dataclass no method assigns (``__post_init__``
    quoting or replacing one drops it)."""
    from .selfattrs import self_attr, walk

    out = {f: f for f in dataclass_fields(cls)}
    for bl in cls.bindings.values():
        for b in bl:
            if b.kind != "def" or not isinstance(b.value, Scope):
                continue
            for n in walk(b.value.node):
                tgts = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, ast.AugAssign) else []
                for t in tgts:
                    out.pop(self_attr(t) or "", None)
    return out


def running_methods(cls: Scope, fs: Scope, memo: dict | None = None) -> frozenset | None:
    """The methods of ``cls`` whose call runs the sink of the method ``fs``: ``fs`` and every
    method (or property) naming one of them on ``self``/``cls`` (``def run(self):
    self._exec()``), to a fixpoint.  None when the construction itself may run it: a special
    method is among them (``__init__``/``__post_init__`` calling it, ``__del__``, ``__enter__``
    and the other protocol methods Python calls without the method's name in the code)."""
    key = (id(cls), fs.name)
    if memo is not None and key in memo:
        return memo[key]
    from .selfattrs import walk

    methods = {
        b.name: b.value
        for bl in cls.bindings.values()
        for b in bl
        if b.kind == "def" and isinstance(b.value, Scope) and b.value.kind == "function"
    }
    refs: dict = {}
    for name, m in methods.items():
        refs[name] = {
            n.attr
            for n in walk(m.node)
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in ("self", "cls")
        }
    got = {fs.name}
    grew = True
    while grew:
        grew = False
        for name, rs in refs.items():
            if name not in got and rs & got:
                got.add(name)
                grew = True
    out = None if any(n.startswith("__") and n.endswith("__") for n in got) else frozenset(got)
    if memo is not None:
        memo[key] = out
    return out


def ctor_reach(ctx) -> list:
    """``[(__init__ scope, {param: mode}, sink, whole, running methods)]``: constructor
    parameters kept in an attribute that a shell sink of another method of the class runs;
    for a ``@dataclass`` without its own ``__init__``, the class scope and its fields
    (:func:`dataclass_fields`); the methods whose call runs the sink (:func:`running_methods`;
    None: the construction may run it)."""
    from .evaluate import QUOTE_FUNCS

    out = []
    cache: dict = {}
    runs: dict = {}

    def quoted(call, scope) -> bool:
        return any(v.kind == "name" and v.name in QUOTE_FUNCS for v in ctx.evaluator.values(call.func, scope))

    for s in ctx.sinks:
        if s.kind not in SHELL_KINDS or s.certainty == "low" or ANY_FLAG in s.via:
            continue
        if s.kind is SinkKind.SHELL_TRUE and (s.shell != "yes" or "pass-through" in s.how):
            continue
        fs = s.function
        if fs is None or fs.cls is None or fs.name == "__init__":
            continue
        cls = fs.cls
        if id(cls) not in cache:
            cache[id(cls)] = _init_attrs(cls)
            if cache[id(cls)][0] is None and dataclass_fields(cls):
                cache[id(cls)] = (cls, _dataclass_attrs(cls))
        init, attrs = cache[id(cls)]
        if not attrs:
            continue
        cmd = _command(s)
        if cmd is not None:
            got, whole = _attrs_of(cmd, s.scope, ctx.model, cls, 0, quoted)
            if s.how == LIB_STRING_COMMAND and not whole:
                # anyio's open_process / trio's run_process: a list is an argv, no shell; only
                # the attribute taken whole (a caller's string) is the command (runnerlibs.py)
                continue
        elif s.kind in _ARGV_KINDS:
            got, whole = set(), False
            for code, csc in _argv_code(s, ctx.model, cls):
                more, w = _attrs_of(code, csc, ctx.model, cls, 0, quoted)
                got |= more
                whole = whole or w
        else:
            continue
        own = {attrs[a]: RAW for a in sorted(got) if a in attrs}
        if own:
            out.append((init, own, s, whole, running_methods(cls, fs, runs)))
    return out
