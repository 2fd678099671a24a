"""Strings whose characters map back into a source file (:class:`StringRef`).

A CLI template's command may come from a JSON string (:class:`JsonStringRef`:
escape-aware, through the positioned tree of :mod:`.jsonpos`) or from Python
source (:class:`OffsetStringRef`: an offset, or a table per character); the
engines read both through :meth:`StringRef.span`.  Plain data, importable by
every engine (the context, :mod:`utcp_lint.ruleset.context`, re-exports them).
"""

from __future__ import annotations

from typing import Protocol

from ..core.fieldwise import record, record_eq, record_repr
from .jsonpos import Node


class StringRef(Protocol):
    @property
    def value(self) -> str:
        """The decoded string."""

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Source offsets of decoded characters ``[start, end)``."""


class JsonStringRef:
    """A string value of the loaded JSON tree as a :class:`StringRef`.
    Compact (issue 15: one per step of every CLI template): it keeps the
    tree and the value's number, and makes the node view on access."""

    __slots__ = ("_tree", "_ix")

    def __init__(self, node: Node) -> None:
        assert node.__class__ is Node  # a value (a key's text is not a StringRef here)
        self._tree = node.tree
        self._ix = node.index

    @property
    def node(self) -> Node:
        return self._tree.node(self._ix)

    @property
    def value(self) -> str:
        v: str = self._tree.vals[self._ix]  # a string node's value is its decoded text
        return v

    def span(self, start: int, end: int) -> tuple[int, int]:
        return self._tree.string_span(self._ix, start, end)

    def __repr__(self) -> str:
        return f"JsonStringRef({self.node!r})"


@record
class OffsetStringRef:
    """A string whose characters map 1:1 from ``base`` (or via ``table``)."""

    value: str
    base: int
    table: list[int] | None = None  # table[i] = source offset of char i; len = len(value)+1

    def __init__(self, value: str, base: int, table: list[int] | None = None) -> None:
        self.value = value
        self.base = base
        self.table = table

    __repr__ = record_repr
    __eq__ = record_eq

    def span(self, start: int, end: int) -> tuple[int, int]:
        if self.table is not None:
            n = len(self.table) - 1
            s = self.table[min(max(start, 0), n)]
            e = self.table[min(max(end, start), n)]
            return s, e
        return self.base + start, self.base + max(end, start)


__all__ = ["StringRef", "JsonStringRef", "OffsetStringRef"]
