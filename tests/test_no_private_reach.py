"""No module of the bash engine reaches a private name of another module (issue 26).

Every module under ``linter/template/bash/`` is parsed with ``ast``.  A *private name*
is one with a single leading underscore (``_x``, not ``__x__``) that a module defines:
a module-level function, class or assignment, a method or class attribute, an
attribute assigned on ``self``/``cls``, or a ``__slots__`` entry.  A module fails when

* it reads ``obj._name`` where ``obj`` is not ``self``/``cls``, ``_name`` is defined in
  another module of the package and not in this one; or
* it imports ``_name`` from another module of the package (``from .tree import _x``).

What a module shares is public (``Script.path_at_byte``, ``SimpleCommand.statics``);
its private names are its own.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "linter" / "template" / "bash"


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _defined(tree: ast.Module) -> set:
    """The private names ``tree`` defines (see the module docstring)."""
    out: set = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                for x in ast.walk(t):
                    if isinstance(x, ast.Name):
                        out.add(x.id)
                    elif (
                        isinstance(x, ast.Attribute) and isinstance(x.value, ast.Name) and x.value.id in ("self", "cls")
                    ):
                        out.add(x.attr)
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in targets):
                for c in ast.walk(node.value):
                    if isinstance(c, ast.Constant) and isinstance(c.value, str):
                        out.add(c.value)
    return {n for n in out if _private(n)}


def reaches(modules: dict) -> list:
    """``modules``: module name -> source.  The private reaches, as
    ``(module, line, name, defining modules)``."""
    trees = {m: ast.parse(src) for m, src in modules.items()}
    defined = {m: _defined(t) for m, t in trees.items()}
    out = []
    for m, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _private(node.attr):
                if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                    continue
                if node.attr in defined[m]:
                    continue
                owners = sorted(o for o, names in defined.items() if o != m and node.attr in names)
                if owners:
                    out.append((m, node.lineno, node.attr, owners))
            elif isinstance(node, ast.ImportFrom) and node.level >= 1:
                src = (node.module or "").split(".")[-1]
                for alias in node.names:
                    if _private(alias.name) and src in trees and src != m:
                        out.append((m, node.lineno, alias.name, [src]))
    return out


def test_no_module_of_the_bash_engine_reaches_another_modules_private_names() -> None:
    modules = {p.stem: p.read_text(encoding="utf-8") for p in sorted(PACKAGE.glob("*.py"))}
    assert len(modules) >= 10  # the package is where the test looks
    assert reaches(modules) == []


def test_the_check_finds_a_reach_an_import_and_leaves_own_names_alone() -> None:
    mods = {
        "a": "class A:\n    def __init__(self):\n        self._memo = {}\n\n    def _walk(self):\n        return self._memo\n",
        "b": (
            "from .a import _helper\n"
            "def f(x, cmd):\n"
            "    cmd._memo.clear()\n"  # another module's attribute: a reach
            "    return x._walk()\n"  # another module's method: a reach
        ),
        "c": "_own = 1\ndef g(y):\n    y._own = 2\n    return y.__dict__, y.public\n",  # its own name, a dunder
    }
    mods["a"] += "def _helper():\n    pass\n"
    got = {(m, name) for m, _line, name, _owners in reaches(mods)}
    assert got == {("b", "_helper"), ("b", "_memo"), ("b", "_walk")}
