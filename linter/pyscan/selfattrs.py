"""Attributes a class keeps from its constructor's parameters (issue 25).

``def __init__(self, cmd, shell=False): self.cmd = cmd; self.shell = shell``: a
method reading ``self.cmd`` or ``self.shell`` reads what the caller of the
constructor passed, as a function reads its parameter.  Only attributes no other
method of the class assigns are mapped (another assignment is another value).
Shared by the constructor flows (:mod:`.ctor`) and the shell-flag truth of
``shell=self.shell`` (:mod:`.evaluate`).
"""

from __future__ import annotations

import ast

from .astwalk import walk
from .scopes import Scope

__all__ = ["init_param_attrs", "self_attr"]


def self_attr(e) -> str | None:
    """``A`` of ``self.A``, else None."""
    if isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) and e.value.id == "self":
        return e.attr
    return None


def init_param_attrs(cls: Scope, annotated: bool = False) -> tuple[Scope | None, dict]:
    """(``__init__``'s scope, {attribute: parameter}) for ``self.A = p`` in ``__init__``
    (``annotated``: ``self.A: T = p`` too, the same store with an annotation), dropping
    attributes another method of the class assigns too."""
    init = next((b.value for b in cls.bindings.get("__init__", ()) if b.kind == "def"), None)
    if not isinstance(init, Scope) or not isinstance(init.node, ast.FunctionDef):
        return None, {}
    params = set(init.params)
    out: dict = {}
    for n in walk(init.node):
        if isinstance(n, ast.Assign) and len(n.targets) == 1:
            a = self_attr(n.targets[0])
            if a is not None and isinstance(n.value, ast.Name) and n.value.id in params and n.value.id != "self":
                out[a] = n.value.id
        elif annotated and isinstance(n, ast.AnnAssign) and isinstance(n.value, ast.Name):
            a = self_attr(n.target)
            if a is not None and n.value.id in params and n.value.id != "self":
                out[a] = n.value.id
    if not out:
        return init, out
    for b in cls.bindings.values():
        for bb in b:
            if bb.kind != "def" or bb.value is init or not isinstance(bb.value, Scope):
                continue
            node = bb.value.node
            for n in walk(node):
                tgts = (
                    n.targets
                    if isinstance(n, ast.Assign)
                    else [n.target]
                    if isinstance(n, (ast.AugAssign, ast.AnnAssign)) and (annotated or isinstance(n, ast.AugAssign))
                    else []
                )
                for t in tgts:
                    a = self_attr(t)
                    if a in out:
                        del out[a]
    return init, out
