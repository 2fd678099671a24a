"""Calls on an object typed with a ``typing.Protocol``: its implementations (issue 25).

``def __init__(self, env: Environment): self.env = env`` then ``self.env.execute(action)``,
where ``class Environment(Protocol)`` only declares ``def execute(self, action): ...``: the
object is one of the tree's classes that implement the protocol, and those classes need
not name it among their bases (PEP 544, "structural subtyping": "a class is considered a
subtype of a protocol if it defines all the protocol's members with compatible types",
and typing docs for ``typing.Protocol``).  :mod:`.project` already follows an abstract
method of a base class into the subclasses that override it (``overrides``); this module
says which classes count as implementations of a protocol:

* the base class derives from ``typing.Protocol`` or ``typing_extensions.Protocol``
  (:func:`is_protocol`);
* the candidate class is not itself a protocol, and defines (itself or through its bases
  in the tree) every public method the protocol declares (:func:`conforms`): a class
  with an ``execute`` method but without the protocol's other methods is some other
  object that happens to share the name.
"""

import ast

from ..core.lazyre import compile_pattern

__all__ = ["conforms", "is_protocol", "protocol_keys", "protocol_methods"]

# ``class Name(Protocol)``, ``class Name(typing.Protocol[T])``, ``class Name(Base, Protocol)``
_PROTOCOL_CLASS = compile_pattern(r"(?m)^class[ \t]+(\w+)[ \t]*\([^)]*\bProtocol\b")


def protocol_keys(units) -> list:
    """``module.Name`` of each module-level class whose bases mention ``Protocol`` (read from the
    texts of ``units``: objects with ``.module`` and ``.text``; :func:`is_protocol` decides)."""
    out = []
    for u in units:
        if "Protocol" not in u.text:
            continue
        for m in _PROTOCOL_CLASS.finditer(u.text):
            out.append(f"{u.module}.{m.group(1)}" if u.module else m.group(1))
    return out


def is_protocol(node) -> bool:
    """A class statement with ``Protocol`` among its bases (``Protocol``, ``typing.Protocol``,
    ``typing_extensions.Protocol``, subscripted or not)."""
    if not isinstance(node, ast.ClassDef):
        return False
    for b in node.bases:
        if isinstance(b, ast.Subscript):
            b = b.value
        name = b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else None
        if name == "Protocol":
            return True
    return False


def protocol_methods(cls_scope) -> set:
    """The public methods a class body declares (``def name`` not starting with ``_``)."""
    return {
        name
        for name, bs in cls_scope.bindings.items()
        if not name.startswith("_")
        and any(b.kind == "def" and isinstance(b.node, (ast.FunctionDef, ast.AsyncFunctionDef)) for b in bs)
    }


def conforms(own: set, required: set) -> bool:
    """A class whose methods (``own``: its own and its tree bases') include every one the
    protocol declares (``required``)."""
    return bool(required) and required <= own
