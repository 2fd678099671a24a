"""Written-out record bases, kept for the bash engine's classes only (issue 26).

The other records became ``typing.NamedTuple`` (table types) and
``@dataclass(slots=True)`` (issue 26; ``tests/test_record.py``).  The bash model's
classes (``utcp_lint.template.bash``: Word, Ref, Redirect, Heredoc, Breakage,
PathEscape, Guard and valueflow's bindings) still derive from these two bases; they
go with the bash engine's restructuring (issue 26), and this module with them.

A class that derives from one of these bases lists its fields in ``_FIELDS`` and
writes its ``__init__``; the base gives what the decorator gave (issue 15: the
dataclass decorator compiles code at every start, ≈0.3-1 ms per class):

- :class:`Struct` (``@dataclass(eq=False)``): identity ``==`` and ``hash``,
  ``Name(field=value, ...)`` repr;
- :class:`Record` (``@dataclass``): field-wise ``==`` between instances of the
  same class, unhashable, ``Name(field=value, ...)`` repr.
"""

from __future__ import annotations


class Struct:
    __slots__ = ()
    _FIELDS: tuple[str, ...] = ()

    def __repr__(self) -> str:
        body = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._FIELDS)
        return f"{self.__class__.__qualname__}({body})"


class Record(Struct):
    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]  # as @dataclass(eq=True): mutable, unhashable

    def _values(self) -> tuple:
        return tuple(getattr(self, f) for f in self._FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()
