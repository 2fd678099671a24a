"""No module of ``linter/`` reaches a private name of another module (issue 26).

A private name (``_x``, not a dunder) belongs to the module that defines it:
as a module-level name, a function or class, a class attribute, an
attribute it assigns (``self._x = ...``, ``obj._x = ...``) or a ``__slots__``
entry.  Another module reading or writing ``obj._x`` (``obj`` not
``self``/``cls``) or importing ``from .m import _x`` couples itself to that
module's insides: the name can change under it, and the module cannot be read
on its own.  The check is static (``ast``, nothing imported): an attribute
``_x`` used in module M is a reach when M does not define ``_x`` itself but
another module of ``linter/`` does (``sys._getframe`` and the like, defined
nowhere in the package, are the standard library's business).

Every module is checked, the bash engine's passes (``linter/template/bash/``) included.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINTER = ROOT / "linter"
EXCLUDED: tuple[str, ...] = ()
# private names of the standard library set on purpose, each with its reason
STDLIB_HOOKS = {
    # http.client's connection factory: the only way to bound the connect by the fetch deadline
    ("supplychain/follow.py", "_create_connection"),
}
BASH_PENDING: set[tuple[str, str]] = set()  # none left: the bash engine's passes share public names


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _on_self(node: ast.Attribute) -> bool:
    """``self._x`` / ``cls._x``: the object's own attribute (writing ``obj._x``
    onto another object defines nothing: it reaches into that object)."""
    return isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")


def _modules() -> dict[str, ast.Module]:
    out = {}
    for p in sorted(LINTER.rglob("*.py")):
        rel = p.relative_to(LINTER).as_posix()
        if "__pycache__" in rel:
            continue
        out[rel] = ast.parse(p.read_text(encoding="utf-8"), rel)
    return out


def defined_names(tree: ast.Module) -> set[str]:
    """The private names a module defines (see the module docstring)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store, ast.Del)) and _on_self(node):
            names.add(node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets
        ):
            for c in ast.walk(node.value):
                if isinstance(c, ast.Constant) and isinstance(c.value, str):
                    names.add(c.value)
        elif isinstance(node, ast.alias) and node.asname:
            names.add(node.asname)
        elif isinstance(node, ast.keyword) and node.arg:
            names.add(node.arg)  # dataclass(...)/namedtuple fields passed by keyword are the caller's own
    return {n for n in names if _private(n)}


def _attribute_defs(tree: ast.Module) -> set[str]:
    """Private names a module defines that another module could reach as an attribute."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _on_self(node):
            names.add(node.attr)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for st in node.body:
                targets = (
                    st.targets if isinstance(st, ast.Assign) else [st.target] if isinstance(st, ast.AnnAssign) else []
                )
                for t in targets:
                    if isinstance(t, ast.Name):
                        names.add(t.id)
                    if isinstance(t, ast.Name) and t.id == "__slots__" and isinstance(st, ast.Assign):
                        for c in ast.walk(st.value):
                            if isinstance(c, ast.Constant) and isinstance(c.value, str):
                                names.add(c.value)
        elif isinstance(node, ast.Module):
            for st in node.body:
                targets = (
                    st.targets if isinstance(st, ast.Assign) else [st.target] if isinstance(st, ast.AnnAssign) else []
                )
                names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return {n for n in names if _private(n)}


def reaches(modules: dict[str, ast.Module]) -> list[str]:
    """``path:line: what`` for every reach into another module's private name."""
    own = {m: defined_names(t) for m, t in modules.items()}
    declared = {m: _attribute_defs(t) for m, t in modules.items()}
    owners: dict[str, set[str]] = {}
    for m, t in modules.items():
        for n in _attribute_defs(t):
            owners.setdefault(n, set()).add(m)
    out: list[str] = []
    for m, tree in modules.items():
        if m.startswith(EXCLUDED):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level + (node.module or "").count("utcp_lint"):
                for a in node.names:
                    if _private(a.name):
                        out.append(f"{m}:{node.lineno}: from {'.' * node.level}{node.module or ''} import {a.name}")
            elif isinstance(node, ast.Attribute) and _private(node.attr):
                base = node.value
                if isinstance(base, ast.Name) and base.id in ("self", "cls"):
                    continue
                if isinstance(node.ctx, (ast.Store, ast.Del)) and node.attr not in declared[m]:
                    if (m, node.attr) in STDLIB_HOOKS:
                        continue
                    out.append(f"{m}:{node.lineno}: .{node.attr} written onto another object")
                    continue
                if node.attr in own[m] or not owners.get(node.attr, set()) - {m} or (m, node.attr) in BASH_PENDING:
                    continue
                out.append(f"{m}:{node.lineno}: .{node.attr} (defined in {', '.join(sorted(owners[node.attr]))})")
    return out


def test_the_check_finds_a_reach():
    mods = {
        "a.py": ast.parse("class A:\n    def __init__(self):\n        self._x = 1\n"),
        "b.py": ast.parse("from .a import _y\ndef f(a):\n    return a._x\n"),
        "c.py": ast.parse("class C:\n    __slots__ = ('_x',)\ndef g(c):\n    return c._x\n"),
        "d.py": ast.parse("def h(a):\n    a._x = 2\n    a._new = 3\n"),
    }
    found = reaches(mods)
    assert any(r.startswith("b.py:3: ._x") for r in found), found
    assert any(r.startswith("b.py:1: from .a import _y") for r in found), found
    assert any(r.startswith("d.py:2: ._x") for r in found), found  # writing onto another module's object
    assert any(r.startswith("d.py:3: ._new") for r in found), found  # a private name of its own, onto another object
    assert not any(r.startswith(("a.py", "c.py")) for r in found), found


def test_no_module_reaches_a_private_name_of_another():
    found = reaches(_modules())
    assert not found, "private names reached across modules:\n" + "\n".join(found)
