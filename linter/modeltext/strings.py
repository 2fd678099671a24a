"""Every string of a UTCP document that a *model* reads, with its position.

A manual is read by two consumers: the runtime runs its call templates, the
model reads its names and descriptions as instructions.  The description
rules (UL600-UL649) look only at what the model is shown, which utcp 1.2.0
hands to the agent as the tool definition:

* the tool's ``name``, ``description`` and ``tags``;
* inside the ``inputs`` and ``outputs`` JSON schemas, at any depth:
  ``description``, ``title``, string ``enum`` values, ``default`` and
  ``examples`` (strings at any depth), and property names (the keys of
  ``properties``), which the model echoes back as argument names;
* manual-level text: top-level ``name``/``title``/``description`` and an
  ``info`` object's strings (not part of the 1.x model, but shown by
  registries and copied into prompts by some agents).

Each string comes back as a :class:`ModelString` whose node maps decoded
characters to source offsets (``Node.source_span``, escape-aware), so a rule
positions a finding on the exact character inside the JSON string.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from ..document.jsonpos import KeyNode, Node, Tree


class ToolLike(Protocol):
    """One tool of a document (the context's ``ToolRef``): its name, node and index."""

    @property
    def name(self) -> str | None: ...

    @property
    def node(self) -> Node: ...

    @property
    def index(self) -> int: ...


SCHEMA_TEXT_KEYS = {"description": "description", "title": "title"}
SCHEMA_VALUE_KEYS = {
    "enum": "enum value",
    "default": "default value",
    "examples": "example",
    "example": "example",
    "const": "const value",
}
# Schema keywords whose values are schemas (or maps/lists of schemas).
_SUBSCHEMA_MAP = ("properties", "patternProperties", "definitions", "$defs", "dependentSchemas")
_SUBSCHEMA_ONE = (
    "items",
    "additionalProperties",
    "additionalItems",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedItems",
    "unevaluatedProperties",
)
_SUBSCHEMA_LIST = ("allOf", "anyOf", "oneOf", "prefixItems")
_MAX_STRINGS = 200_000  # a pathological document cannot make the walk unbounded


class ModelString:
    """One model-visible string: a view of a string node of the loaded tree
    (a value, or an object key) plus what it is.  Compact (issue 15): a big
    manual has ~10 per tool, so the node view and the JSON pointer are made
    on access from the tree index instead of being stored (about 130 bytes
    less per string); ``role`` is one shared string per role."""

    __slots__ = ("_tree", "_ix", "tool", "role", "tool_index")

    def __init__(self, node: Node, tool: str | None, role: str, tool_index: int | None = None):
        self._tree: Tree = node.tree
        # the value's number, or its bitwise complement for a key (a property name)
        self._ix: int = ~node.index if node.__class__ is KeyNode else node.index
        self.tool = tool
        self.role = role  # "tool name", "description", "tag", "input description", "property name", ...
        self.tool_index = tool_index

    @property
    def schema(self) -> str:
        """The schema the string is in: "inputs", "outputs" or "" (tool/manual level),
        implied by the role ("input description", "output property name", ...)."""
        return _schema_of(self.role)

    @property
    def node(self) -> Node:
        """The string node (a :class:`~.jsonpos.KeyNode` for a property name)."""
        i = self._ix
        return self._tree.key_node(~i) if i < 0 else self._tree.node(i)

    @property
    def value(self) -> str:
        i = self._ix
        v: str = self._tree.keys[~i] if i < 0 else self._tree.vals[i]
        return v

    @property
    def start(self) -> int:
        """Source offset of the string (its opening quote)."""
        i = self._ix
        return self._tree.key_span(~i)[0] if i < 0 else self._tree.starts[i]

    @property
    def pointer(self) -> str:
        """The JSON pointer of the string (a property name's is its value's)."""
        i = self._ix
        return self._tree.pointer(~i if i < 0 else i)

    def span(self, start: int, end: int) -> tuple[int, int]:
        return self.node.source_span(start, end)

    def __repr__(self) -> str:
        return f"ModelString({self.role!r}, {self.pointer!r}, {self.value!r:.40})"


def _schema_of(role: str) -> str:
    return "inputs" if role.startswith("input ") else "outputs" if role.startswith("output ") else ""


def _roles(prefix: str, names: dict[str, str]) -> dict[str, str]:
    return {k: f"{prefix} {v}" for k, v in names.items()}


# role strings, one object each (not one per model string)
_TEXT_ROLES = {"inputs": _roles("input", SCHEMA_TEXT_KEYS), "outputs": _roles("output", SCHEMA_TEXT_KEYS)}
_VALUE_ROLES = {"inputs": _roles("input", SCHEMA_VALUE_KEYS), "outputs": _roles("output", SCHEMA_VALUE_KEYS)}
_PROPERTY_ROLES = {"inputs": "input property name", "outputs": "output property name"}


def _strings_below(node: Node, out: list, tool, role, ti, budget):
    """Every string value at any depth below ``node`` (defaults, examples)."""
    stack = [node]
    while stack and budget[0] > 0:
        n = stack.pop()
        if n.kind == "string":
            budget[0] -= 1
            out.append(ModelString(n, tool, role, ti))
        elif n.kind == "object":
            stack.extend(vn for _k, vn in reversed(n.members()))
        elif n.kind == "array":
            stack.extend(reversed(n.children))


def _schema_strings(node: Node, out: list, tool, ti, schema: str, budget):
    stack = [node]
    key = "inputs" if schema == "inputs" else "outputs"
    text_roles, value_roles, prop_role = _TEXT_ROLES[key], _VALUE_ROLES[key], _PROPERTY_ROLES[key]
    while stack and budget[0] > 0:
        n = stack.pop()
        if n.kind != "object":
            continue
        for k, vn in n.members():
            if k in SCHEMA_TEXT_KEYS and vn.kind == "string":
                budget[0] -= 1
                out.append(ModelString(vn, tool, text_roles[k], ti))
            elif k in SCHEMA_VALUE_KEYS:
                _strings_below(vn, out, tool, value_roles[k], ti, budget)
            elif k in _SUBSCHEMA_MAP and vn.kind == "object":
                for _pk, pvn in vn.members():
                    if k == "properties":
                        budget[0] -= 1
                        out.append(ModelString(pvn.key_view(), tool, prop_role, ti))
                    stack.append(pvn)
            elif k in _SUBSCHEMA_ONE:
                if vn.kind == "array":
                    stack.extend(vn.children)
                else:
                    stack.append(vn)
            elif k in _SUBSCHEMA_LIST and vn.kind == "array":
                stack.extend(vn.children)


def model_strings(doc) -> list[ModelString]:
    """The strings of ``doc`` (a DocumentContext) shown to the model, in source
    order: ``doc.model_strings``, computed once."""
    return doc.model_strings


def build_model_strings(root: Node, kind: str | None, tools: Iterable[ToolLike]) -> list[ModelString]:
    """:func:`model_strings` of the document ``root`` of ``kind`` with its
    ``tools`` (each with ``name``, ``node``, ``index``), computed (the context caches it)."""
    out: list[ModelString] = []
    budget = [_MAX_STRINGS]
    if kind in ("manual", "legacy") and root.kind == "object":
        for k, vn in root.members():
            if k in ("name", "title", "description") and vn.kind == "string":
                out.append(ModelString(vn, None, f"manual {k}"))
            elif k == "info" and vn.kind == "object":
                _strings_below(vn, out, None, "manual info", None, budget)
    for t in tools:
        tn = t.node
        if tn.kind != "object":
            continue
        for k, vn in tn.members():
            if k == "name" and vn.kind == "string":
                out.append(ModelString(vn, t.name, "tool name", t.index))
            elif k == "description" and vn.kind == "string":
                out.append(ModelString(vn, t.name, "tool description", t.index))
            elif k == "tags" and vn.kind == "array":
                for c in vn.children:
                    if c.kind == "string":
                        out.append(ModelString(c, t.name, "tag", t.index))
            elif k in ("inputs", "outputs"):
                _schema_strings(vn, out, t.name, t.index, k, budget)
    out.sort(key=lambda m: m.start)
    return out


def tool_text(doc, tool_index: int, exclude: Node | None = None) -> str:
    """All model-visible text of one tool (name, description, tags, schema text) joined,
    optionally without one string (to ask "does the rest of the tool mention X?")."""
    return "\n".join(m.value for m in model_strings(doc) if m.tool_index == tool_index and m.node != exclude)


__all__ = ["ModelString", "model_strings", "tool_text"]


def hidden_findings(rule, doc, detector, noun: str):
    """Findings of one hidden-text detector over every model-visible string:
    error when the hidden content decodes to text, warning otherwise."""
    from .hidden import show

    for ms in model_strings(doc):
        for h in detector(ms.value):
            s, e = ms.span(h.start, h.end)
            if h.decoded is not None:
                msg = (
                    f"{h.what} in the {ms.role} hide text from the reader: '{show(h.decoded, 80)}' "
                    f"({h.effect}); the model reads it, a reviewer does not see it"
                )
                sev = "error"
            else:
                msg = f"{h.what} in the {ms.role} ({h.effect}): remove {noun}"
                sev = "warning"
            yield rule.finding(doc.source, s, e, msg, pointer=ms.pointer, tool=ms.tool, severity=sev)
