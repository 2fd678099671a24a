"""A shell with its code at the tail of an argv built piecewise (issue 25, pyA37).

Shapes (a sandbox or launcher argv built in steps, run by a caller elsewhere)::

    argv = [self.bwrap_path, "--unshare-all", ...]
    argv.extend(("--", "/bin/sh", "-c", command))      # a display handed to extend
    yield argv

    cmd += ["bash", "-lc", script]                     # an augmented assignment
    cmd.append("sh"); cmd.append("-c"); cmd.append(x)  # a run of appends (and extends)
    full = prefix + ["sh", "-c", x]                    # a concatenation
    argv = [*prefix, "sh", "-c", x]                    # a display after a starred prefix
    argv = ["nsjail", "-Mo", "--", "/bin/sh", "-c", x] # a shell after the argv's start

Whatever runs such a list later, ``sh -c X`` makes X shell code: a list is not built that way
to be printed.  The fragment holds a shell (:data:`.sinks.SH_FAMILY`, any path), its code flag
by the shell engine's grammar (:func:`.sinks.shell_code_scan`: ``-c`` among the shell's
options, the code its first operand) and the code.  This module only finds the fragments
(syntax, no evaluation); :meth:`.sinks.SinkDetector._argv_fragments` judges the code and drops
a fragment when a sink of the module already speaks for the same value (one fact, one
finding: ``subprocess.run([*container_cmd, "sh", "-c", cmd])`` is the run call's finding).

Not read here: a display starting with the shell (``["sh", "-c", x]``) outside ``extend``,
``+=`` and ``+`` (the argv's own start: the sinks and :mod:`.anyargv` read it where it runs).
"""

from __future__ import annotations

import ast
from bisect import bisect_left
from collections import deque
from collections.abc import Iterator

from ..core.lazyre import compile_pattern
from .scopes import Scope

_DISPLAYS = (ast.List, ast.Tuple)
_ADDERS = frozenset({"append", "extend"})


def _shell_code(elts: list, tail: bool) -> tuple[int, int] | None:
    """(index of the shell, index of its code) in ``elts``; ``tail``: the items continue a
    list (so a shell at index 0 is not the argv's start)."""
    from .sinks import SH_FAMILY, prog_name, shell_code_scan

    for i, x in enumerate(elts):
        if isinstance(x, ast.Constant) and isinstance(x.value, str) and prog_name(x.value) in SH_FAMILY:
            if i == 0 and not tail:
                return None
            rest = elts[i:]
            vals = [e.value if isinstance(e, ast.Constant) and isinstance(e.value, str) else None for e in rest]
            j, has_c = shell_code_scan(vals, 0)
            if not has_c or j >= len(rest) or any(isinstance(e, ast.Starred) for e in rest[: j + 1]):
                return None
            return i, i + j
    return None


def _adder(stmt: ast.stmt) -> tuple[str, list] | None:
    """(target text, items added) of ``x.append(v)``, ``x.extend(display)``, ``x += display``."""
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        c = stmt.value
        f = c.func
        if isinstance(f, ast.Attribute) and f.attr in _ADDERS and len(c.args) == 1 and not c.keywords:
            if f.attr == "append":
                return ast.unparse(f.value), [c.args[0]]
            if isinstance(c.args[0], _DISPLAYS):
                return ast.unparse(f.value), list(c.args[0].elts)
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.Add) and isinstance(stmt.value, _DISPLAYS):
        return ast.unparse(stmt.target), list(stmt.value.elts)
    return None


def _bodies(node: ast.AST) -> Iterator[list]:
    for field in ("body", "orelse", "finalbody"):
        b = getattr(node, field, None)
        if isinstance(b, list) and b and isinstance(b[0], ast.stmt):
            yield b
    for h in getattr(node, "handlers", ()) or ():
        yield h.body
    for c in getattr(node, "cases", ()) or ():
        yield c.body


# a shell's name written as a whole string literal followed by a comma, as an item of a display
# or an ``append`` argument (:data:`.sinks.SH_FAMILY`, any path): a module without one holds
# no fragment and is not walked
_SHELL_ITEM = compile_pattern(r"""["'](?:[^"'\s]*/)?(?:(?:ba|z|da|k|mk|a|c|tc|ya|rba)?sh|fish)["']\s*[,)]""")


def could_hold_fragment(text: str) -> bool:
    return _SHELL_ITEM.search(text) is not None


def fragments(model) -> Iterator[tuple[ast.expr, Scope, list, int, int, str]]:
    """(node to report at, scope, items, index of the shell, index of the code, the name
    the list is bound to or "") of each fragment of the module: one walk of the tree,
    parents before children (a statement run is read before the displays inside it)."""
    text = model.text
    lines = {text.count("\n", 0, m.start()) + 1 for m in _SHELL_ITEM.finditer(text)}
    if not lines:
        return
    seen: set = set()
    for node in _near(model.tree, sorted(lines)):
        if isinstance(node, (ast.List, ast.Tuple, ast.BinOp)):
            frag = _expr_fragment(node)
            if frag is not None and id(frag[0][frag[2]]) not in seen:
                seen.add(id(frag[0][frag[2]]))
                yield node, _scope_at(model, node), frag[0], frag[1], frag[2], ""
            continue
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.value, (ast.List, ast.Tuple, ast.BinOp))
        ):
            frag = _expr_fragment(node.value)
            if frag is not None:
                seen.add(id(frag[0][frag[2]]))
                held = ast.unparse(node.targets[0])
                if not _only_shown(_holder(model, node), held):
                    yield node.value, _scope_at(model, node), frag[0], frag[1], frag[2], held
            continue
        for body in _bodies(node):
            k = 0
            while k < len(body):
                got = _adder(body[k])
                if got is None:
                    k += 1
                    continue
                target, items, first = got[0], list(got[1]), k
                k += 1
                while k < len(body) and (nxt := _adder(body[k])) is not None and nxt[0] == target:
                    items += nxt[1]
                    k += 1
                hit = _shell_code(items, True)
                if hit is None:
                    continue
                code = items[hit[1]]
                seen.add(id(code))
                stmt = next(s for s in body[first:k] if code in ast.walk(s))
                if _only_shown(_holder(model, stmt), target):
                    continue
                anchor = stmt.target if isinstance(stmt, ast.AugAssign) else stmt.value
                yield anchor, _scope_at(model, stmt), items, hit[0], hit[1], target


def _near(tree: ast.AST, lines: list) -> Iterator[ast.AST]:
    """The nodes of ``tree`` whose lines hold one of ``lines`` (a shell item), parents before
    children; the subtrees around no such line are not entered."""
    todo = deque([tree])
    while todo:
        node = todo.popleft()
        yield node
        for child in ast.iter_child_nodes(node):
            lo = getattr(child, "lineno", None)
            if lo is None:
                todo.append(child)
                continue
            hi = getattr(child, "end_lineno", None) or lo
            i = bisect_left(lines, lo)
            if i < len(lines) and lines[i] <= hi:
                todo.append(child)


def _enclosing(model, node: ast.AST) -> ast.AST | None:
    """The innermost function (or lambda) node of the module holding ``node``."""
    best = None
    line = node.lineno  # type: ignore[attr-defined]
    for sc in model.scopes:
        fn = sc.node
        if isinstance(fn, _FUNCS) and fn is not node and fn.lineno <= line <= (fn.end_lineno or fn.lineno):
            if best is None or fn.lineno >= best.lineno:
                best = fn
    return best


def _scope_at(model, node: ast.AST) -> Scope:
    fn = _enclosing(model, node)
    return model.module if fn is None else model.scope_of_node.get(id(fn), model.module)


def _holder(model, node: ast.AST) -> ast.AST:
    fn = _enclosing(model, node)
    return model.tree if fn is None else fn


_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
#: calls that only show a list (Python library reference: print, pprint, logging; click.echo
#: and secho): a list read nowhere else is not run.  Joining (``shlex.join``) is not showing:
#: the joined line goes on to whoever runs it
_SHOWN = frozenset(
    {"print", "pprint", "debug", "info", "warning", "warn", "error", "exception", "critical", "log", "echo", "secho"}
)


def _only_shown(holder: ast.AST, target: str) -> bool:
    """No read of the list ``target`` in ``holder`` (its function, or the module) but as the
    receiver of ``append``/``extend`` or inside the arguments of a call that only shows it
    (:data:`_SHOWN`: printing, logging): the list is not run (nor returned, yielded, joined
    or kept)."""
    from .anyargv import callee_name

    skip: set = set()
    for n in ast.walk(holder):
        if not isinstance(n, ast.Call):
            continue
        last = callee_name(n)
        if last in _ADDERS and isinstance(n.func, ast.Attribute):
            skip.add(id(n.func.value))
        elif last in _SHOWN:
            skip.update(id(x) for a in [*n.args, *(k.value for k in n.keywords)] for x in ast.walk(a))
    return not any(
        isinstance(n, (ast.Name, ast.Attribute))
        and isinstance(n.ctx, ast.Load)
        and id(n) not in skip
        and ast.unparse(n) == target
        for n in ast.walk(holder)
    )


def _expr_fragment(node: ast.AST) -> tuple[list, int, int] | None:
    if isinstance(node, ast.BinOp):
        if isinstance(node.op, ast.Add) and isinstance(node.right, _DISPLAYS):
            elts = list(node.right.elts)
            hit = _shell_code(elts, True)
            return None if hit is None else (elts, *hit)
        return None
    elts = list(node.elts)  # type: ignore[attr-defined]
    hit = _shell_code(elts, bool(elts) and isinstance(elts[0], ast.Starred))
    return None if hit is None else (elts, *hit)
