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
from collections.abc import Iterator

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


def fragments(model) -> Iterator[tuple[ast.expr, Scope, list, int, int, str]]:
    """(node to report at, scope, items, index of the shell, index of the code, the name
    the list is bound to or "") of each fragment of the module."""
    seen: set = set()

    stack: list = []

    def holder(node: ast.AST) -> ast.AST:
        if isinstance(node, _FUNCS):
            return node
        return next((s for s in reversed(stack) if isinstance(s, _FUNCS)), model.tree)

    def walk(node: ast.AST, scope: Scope) -> Iterator[tuple[ast.expr, Scope, list, int, int, str]]:
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
                if hit is not None and not _only_shown(holder(node), target):
                    code = items[hit[1]]
                    stmt = next(s for s in body[first:k] if code in ast.walk(s))
                    anchor = stmt.target if isinstance(stmt, ast.AugAssign) else stmt.value
                    seen.add(id(code))
                    yield anchor, scope, items, hit[0], hit[1], target
        for child in ast.iter_child_nodes(node):
            inner = model.scope_of_node.get(id(child), scope)
            if isinstance(child, (ast.List, ast.Tuple, ast.BinOp)):
                frag = _expr_fragment(child)
                if frag is not None and isinstance(node, ast.Assign) and len(node.targets) == 1:
                    if _only_shown(holder(node), ast.unparse(node.targets[0])):
                        frag = None
                if frag is not None and id(frag[0][frag[2]]) not in seen:
                    seen.add(id(frag[0][frag[2]]))
                    held = (
                        ast.unparse(node.targets[0]) if isinstance(node, ast.Assign) and len(node.targets) == 1 else ""
                    )
                    yield child, scope, frag[0], frag[1], frag[2], held
            stack.append(child)
            yield from walk(child, inner)
            stack.pop()

    yield from walk(model.tree, model.module)


_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _only_shown(holder: ast.AST, target: str) -> bool:
    """No read of the list ``target`` in ``holder`` (its function, or the module) but as the
    receiver of ``append``/``extend`` or inside the arguments of a call that takes an argv
    without running it (:data:`.anyargv.NOT_RUNNING`: logging, printing, joining): the list
    is not run (nor returned, yielded or kept)."""
    from .anyargv import NOT_RUNNING, callee_name

    skip: set = set()
    for n in ast.walk(holder):
        if not isinstance(n, ast.Call):
            continue
        last = callee_name(n)
        if last in _ADDERS and isinstance(n.func, ast.Attribute):
            skip.add(id(n.func.value))
        elif last in NOT_RUNNING:
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
