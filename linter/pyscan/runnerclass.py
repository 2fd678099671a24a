"""A runner class: the constructor keeps the command, another method runs it (issue 25).

``class Worker: def __init__(self, cmd): self.cmd = shlex.split(cmd)`` ...
``def execute(self): os.execve(self.cmd[0], list(self.cmd), env)``: constructing the
object hands ``cmd`` to the runner, as ``Popen(cmd)`` does (a class that keeps a
command exists to run it; ``subprocess.Popen`` itself starts in its constructor).  A
method running ``self.<attr>`` as the argv runs the constructor's parameter when every
assignment of ``self.<attr>`` in the class is in ``__init__`` and passes that parameter
on as a whole argv (:func:`.project._argv_param` decides what "as a whole argv" is).

:func:`init_param` maps such an attribute to ``(__init__ scope, parameter)`` (:mod:`.selfattrs` maps only ``self.A = p``); the project
summaries (:mod:`.project`) then record ``__init__`` as the argv runner of the parameter,
so ``Worker(f"sh -c '... {v} ...'")`` in another module is a call site like any runner's.
"""

from __future__ import annotations

import ast


def _self_attr(e, fs) -> str | None:
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id in ("list", "tuple") and len(e.args) == 1:
        e = e.args[0]
    if (
        isinstance(e, ast.Attribute)
        and isinstance(e.value, ast.Name)
        and fs.params
        and e.value.id == fs.params[0]
        and fs.cls is not None
    ):
        return e.attr
    return None


def init_param(e, fs, model, argv_param) -> tuple | None:
    """``(__init__ scope, parameter)`` when ``e`` (``self.cmd``, ``list(self.cmd)``) in the
    method ``fs`` is the argv the class's ``__init__`` stored from one of its parameters;
    ``argv_param(expr, scope, model)`` names the parameter an expression passes on whole."""
    if fs is None:
        return None
    attr = _self_attr(e, fs)
    if attr is None:
        return None
    cls = fs.cls
    init = None
    found: set = set()
    for sc in model.scopes:
        if sc.kind != "function" or sc.cls is not cls or not sc.params:
            continue
        me = sc.params[0]
        for node in ast.walk(sc.node):
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, (ast.AnnAssign, ast.AugAssign))
                else ()
            )
            for t in targets:
                if (
                    isinstance(t, ast.Attribute)
                    and t.attr == attr
                    and isinstance(t.value, ast.Name)
                    and t.value.id == me
                ):
                    if sc.name != "__init__" or not isinstance(node, ast.Assign) or node.value is None:
                        return None  # set elsewhere too: not only the constructor's value
                    init = sc
                    found.add(argv_param(node.value, sc, model))
    if init is None or len(found) != 1:
        return None
    p = found.pop()
    return (init, p) if p is not None else None
