"""Is a value a list (or tuple) of argv words, whatever its items?  (issue 25, pyA27)

A runner that turns the shell off for lists (``shell = isinstance(cmd, str)``,
``if isinstance(cmd, list): shell = False``: :mod:`.textflag`, the summaries'
``listsafe``) runs a list as an argv.  The call handing it a list must then not be
reported, also when the list is not written out at the call but built by the
caller from a helper returning the program's base argv, the most common way
command-line clients are written::

    def _docker_cmd(self) -> list[str]:
        return [self.docker, "--host", self.host]

    def inspect(self, name):
        cmd = self._docker_cmd()
        cmd += ["inspect", name]
        return run(cmd)              # run(): shell=True unless cmd is a list

:func:`sequence_value` answers for

* a list or tuple display, ``list(x)``/``tuple(x)``, a ``+`` with such an operand
  (``["git"] + args``, ``self._base_cmd() + list(args)``);
* a call of a function or method of the module (``self._docker_cmd()``,
  ``base_cmd()``) whose return annotation is a sequence type (``list[str]``,
  ``List[str]``, ``Sequence[str]``, ``tuple``) or every ``return`` of which is
  itself a sequence value;
* a name every assignment of which is one of these, or a parameter annotated
  with a sequence type (``def _run(self, cmd: list[str])``); ``cmd += [...]``
  keeps a list a list (Python reference, "Augmented assignment statements":
  ``+=`` on a list extends it in place), as do ``cmd.append``/``extend`` (no
  binding).

A value of unknown type (a parameter, an attribute, a call the module does not
define) is never a sequence here: the caller keeps its finding.
"""

from __future__ import annotations

import ast

from .sinks import list_display

__all__ = ["sequence_value", "list_turns_shell_off", "plain_alias", "written_constant", "SEQUENCE_TYPES"]

# typing and builtin names of sequence types (Python documentation, "typing" and
# "Generic Alias Type"); a str is a sequence too, so it is never listed
SEQUENCE_TYPES = frozenset({"list", "List", "tuple", "Tuple", "Sequence", "MutableSequence"})


def _annotation_is_sequence(a) -> bool:
    if isinstance(a, ast.Constant) and isinstance(a.value, str):
        try:
            a = ast.parse(a.value, mode="eval").body
        except SyntaxError:
            return False
    if isinstance(a, ast.Subscript):
        a = a.value
    name = a.attr if isinstance(a, ast.Attribute) else a.id if isinstance(a, ast.Name) else None
    return name in SEQUENCE_TYPES


def _returns_sequence(ev_, fn_scope, depth: int) -> bool:
    node = getattr(fn_scope, "node", None)
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    if node.returns is not None:
        return _annotation_is_sequence(node.returns)
    rets = list(getattr(fn_scope, "returns", ()) or ())
    return bool(rets) and all(isinstance(r, ast.expr) and sequence_value(ev_, r, fn_scope, depth + 1) for r in rets)


def sequence_value(ev_, e, scope, depth: int = 0) -> bool:
    """``e`` (read in ``scope``) is a list or tuple on every path the module shows."""
    if depth > 3 or e is None:
        return False
    if list_display(e):
        return True
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
        return sequence_value(ev_, e.left, scope, depth + 1) or sequence_value(ev_, e.right, scope, depth + 1)
    if isinstance(e, ast.Call):
        vals = ev_.values(e.func, scope)
        return bool(vals) and all(v.kind == "func" and _returns_sequence(ev_, v.data, depth) for v in vals)
    if isinstance(e, ast.Name):
        from .scopes import lookup

        sc_, bl = lookup(ev_.m, scope, e.id, (e.lineno, e.col_offset))
        if bl and sc_ is not None and all(b.kind == "aug" for b in bl):
            bl = sc_.bindings.get(e.id, bl)  # ``cmd += [...]`` last: all the name's bindings
        firm = [b for b in bl if b.kind in ("assign", "param")]
        return bool(firm) and all(
            (
                b.kind == "assign"
                and not b.index
                and isinstance(b.value, ast.expr)
                and sequence_value(ev_, b.value, b.scope or scope, depth + 1)
            )
            or (b.kind == "aug" and isinstance(b.extra, ast.Add))
            or (
                # ``def _run(self, cmd: list[str])``: the parameter is declared an argv
                b.kind == "param"
                and isinstance(b.node, ast.arg)
                and b.node.annotation is not None
                and _annotation_is_sequence(b.node.annotation)
            )
            for b in bl
        )
    return False


def _is_seq_test(t, name: str) -> bool:
    """``isinstance(name, list)`` / ``(list, tuple)`` / ``type(name) in (list, tuple)``
    / ``not isinstance(name, str)``."""
    if isinstance(t, ast.UnaryOp) and isinstance(t.op, ast.Not):
        return _is_text_test(t.operand, name)
    if isinstance(t, ast.Call) and isinstance(t.func, ast.Name) and t.func.id == "isinstance" and len(t.args) == 2:
        a = t.args[0]
        return isinstance(a, ast.Name) and a.id == name and _names_all(t.args[1], SEQUENCE_TYPES)
    return False


def _is_text_test(t, name: str) -> bool:
    if isinstance(t, ast.Call) and isinstance(t.func, ast.Name) and t.func.id == "isinstance" and len(t.args) == 2:
        a = t.args[0]
        return isinstance(a, ast.Name) and a.id == name and _names_all(t.args[1], _TEXT)
    return False


_TEXT = frozenset({"str", "bytes", "basestring", "unicode", "string_types", "text_type"})


def _names_all(t, allowed: frozenset) -> bool:
    xs = t.elts if isinstance(t, ast.Tuple) else [t]
    names = [x.id if isinstance(x, ast.Name) else x.attr if isinstance(x, ast.Attribute) else None for x in xs]
    return bool(names) and all(n in allowed for n in names)


def _false_const(e, fs_scope, ev_m) -> bool:
    """``False``/``0``/``None``, or a module constant bound to one (minified code: ``_C=False``)."""
    if isinstance(e, ast.Constant):
        return not e.value
    if isinstance(e, ast.Name) and ev_m is not None:
        from .scopes import lookup

        _sc, bl = lookup(ev_m, fs_scope, e.id, (e.lineno, e.col_offset))
        return (
            len(bl) == 1
            and bl[0].kind == "assign"
            and not bl[0].index
            and isinstance(bl[0].value, ast.Constant)
            and not bl[0].value.value
        )
    return False


def _stores(st, flag: str) -> bool:
    for n in ast.walk(st):
        if isinstance(n, ast.Name) and n.id == flag and isinstance(n.ctx, ast.Store):
            return True
    return False


def list_turns_shell_off(call, fs, name: str, model=None) -> bool:
    """The sink ``call`` runs ``shell=<flag>`` where the function, before it and on
    its straight-line body, sets the flag false whenever the command ``name`` is a
    list (``if isinstance(cmd, list): shell = False``, with or without an ``else:
    shell = True``; localstack's ``run``, many ``run(cmd, shell=True)`` helpers): a
    list given as ``name`` never reaches a shell, whatever the flag's default or what
    callers pass (the ``else`` branch runs only for a command that is not a list)."""
    if not isinstance(call, ast.Call):
        return False
    kw = next((k for k in call.keywords if k.arg == "shell"), None)
    if kw is None or not isinstance(kw.value, ast.Name):
        return False
    flag = kw.value.id
    node = getattr(fs, "node", None)
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    at = (call.lineno, call.col_offset)
    names = {name}
    for st in node.body:  # ``A = cmd`` aliases on the straight-line body (also minified code)
        if (st.lineno, st.col_offset) > at:
            break
        if (
            isinstance(st, ast.Assign)
            and len(st.targets) == 1
            and isinstance(st.targets[0], ast.Name)
            and isinstance(st.value, ast.Name)
            and st.value.id in names
        ):
            names.add(st.targets[0].id)
    guard = None
    for i, st in enumerate(node.body):
        if (st.lineno, st.col_offset) > at:
            break
        end = (getattr(st, "end_lineno", st.lineno) or st.lineno, getattr(st, "end_col_offset", 0) or 0)
        if end >= at:
            break  # the statement holding the sink
        if (
            isinstance(st, ast.If)
            and any(_is_seq_test(st.test, x) for x in names)
            and any(
                isinstance(b, ast.Assign)
                and len(b.targets) == 1
                and isinstance(b.targets[0], ast.Name)
                and b.targets[0].id == flag
                and _false_const(b.value, fs, model)
                for b in st.body
            )
        ):
            guard = i
        elif guard is not None and any(_stores(st, x) for x in (flag, *names)):
            guard = None  # the flag or the command set again after the test
    if guard is None:
        return False
    # nothing after the guard, inside the statement holding the sink, sets the flag or the command
    for st in node.body[guard + 1 :]:
        if (st.lineno, st.col_offset) > at:
            break
        for n in ast.walk(st):
            if (
                isinstance(n, ast.Name)
                and (n.id == flag or n.id in names)
                and isinstance(n.ctx, ast.Store)
                and (n.lineno, n.col_offset) < at
            ):
                return False
    return True


def plain_alias(model, scope, e, name: str) -> bool:
    """``e`` is a local every binding of which is ``e = name`` (``A = cmd``, minified code's
    renames, ``command = cmd``): the parameter ``name`` itself, whole."""
    if model is None or scope is None or not isinstance(e, ast.Name) or e.id == name:
        return False
    from .scopes import lookup

    _sc, bl = lookup(model, scope, e.id, (e.lineno, e.col_offset))
    return bool(bl) and all(
        b.kind == "assign" and not b.index and isinstance(b.value, ast.Name) and b.value.id == name for b in bl
    )


def written_constant(e, depth: int = 0) -> bool:
    """``e`` is written out as a constant: a literal, an f-string without a placeholder, a
    list/tuple/set of constants, ``+``/``%`` of constants (``getstatusoutput("sw_vers
    --productVersion")``, ``check_output(["git", "ls-files"])``).  Syntax alone decides:
    the answer holds where the value analysis of a long function ran out of its budget
    and called the literal a value not known statically."""
    if depth > 8:
        return False
    if isinstance(e, ast.Constant):
        return True
    if isinstance(e, ast.JoinedStr):
        return all(isinstance(v, ast.Constant) for v in e.values)
    if isinstance(e, (ast.List, ast.Tuple, ast.Set)):
        return all(not isinstance(x, ast.Starred) and written_constant(x, depth + 1) for x in e.elts)
    if isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Add, ast.Mod)):
        return written_constant(e.left, depth + 1) and written_constant(e.right, depth + 1)
    return False
