"""``__repr__``, ``__eq__``, ``__hash__`` and the frozen ``__setattr__``/``__delattr__`` of
the written-out records, shared.

The records created on the start of every run are declared
``@dataclass(init=False, repr=False, eq=False)``: ``@dataclass`` still records their fields
(``dataclasses.fields``, ``replace``, the cache's encoding read them) but generates no code,
which would be compiled on every start (~2M instructions a plain record, ~4M a frozen one).
Their methods come from here instead, one function each, reading the class's
fields (``dataclasses.fields``) on the first call for that class (the names kept per class), so a
field added to the annotations is in ``==`` and the repr without another edit:

    @dataclass(init=False, repr=False, eq=False)
    class Region:
        line: int
        ...
        __repr__ = record_repr
        __eq__ = record_eq
        __hash__ = record_hash  # frozen ones
        __setattr__ = frozen_setattr
        __delattr__ = frozen_delattr
        __getstate__ = frozen_getstate  # frozen ones with __slots__
        __setstate__ = frozen_setstate

Each behaves as the method ``@dataclass`` generates (tests/test_record.py compares them):
the repr lists the fields declared ``repr`` as ``Qualname(name=value, ...)`` (``...`` for a
record met again while its own repr is being built), ``==`` compares the tuples of the
``compare`` fields of two records of the same class (``NotImplemented`` otherwise), the
hash is the tuple's hash over the fields ``hash`` (or, unset, ``compare``) selects, and a
frozen record refuses every assignment and deletion and pickles as ``@dataclass``'s frozen
``__slots__`` records do (the list of its fields' values).
"""

from __future__ import annotations

from _thread import get_ident
from collections.abc import Callable
from dataclasses import FrozenInstanceError, fields
from typing import Any

# per class: the repr field names, the compare getter, the hash getter
_REPR: dict[type, tuple[str, ...]] = {}
_COMPARE: dict[type, Callable[[Any], tuple[Any, ...]]] = {}
_HASH: dict[type, Callable[[Any], tuple[Any, ...]]] = {}
_ALL: dict[type, tuple[str, ...]] = {}  # every field (a frozen slotted record's pickled state)
# (id, thread) of the records whose repr is being built: a record reached again shows '...'
_IN_REPR: set[tuple[int, int]] = set()


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the tuple of these attributes (always a tuple, as ``@dataclass``
    compares and hashes ``(self.a,)`` for one field and ``()`` for none)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        (name,) = names
        return lambda obj: (getattr(obj, name),)
    from operator import attrgetter

    return attrgetter(*names)


def _repr_names(cls: Any) -> tuple[str, ...]:
    names = _REPR.get(cls)
    if names is None:
        names = _REPR[cls] = tuple(f.name for f in fields(cls) if f.repr)
    return names


def record_repr(self: Any) -> str:
    key = (id(self), get_ident())
    if key in _IN_REPR:
        return "..."
    _IN_REPR.add(key)
    try:
        cls = self.__class__
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _repr_names(cls))
        return f"{cls.__qualname__}({shown})"
    finally:
        _IN_REPR.discard(key)


def record_eq(self: Any, other: object) -> bool:
    cls = self.__class__
    if other.__class__ is not cls:
        return NotImplemented
    get = _COMPARE.get(cls)
    if get is None:
        get = _COMPARE[cls] = _getter(tuple(f.name for f in fields(self) if f.compare))
    return get(self) == get(other)


def record_hash(self: Any) -> int:
    cls = self.__class__
    get = _HASH.get(cls)
    if get is None:
        names = tuple(f.name for f in fields(cls) if (f.compare if f.hash is None else f.hash))
        get = _HASH[cls] = _getter(names)
    return hash(get(self))


def frozen_setattr(self: Any, name: str, value: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def frozen_delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _all_names(cls: Any) -> tuple[str, ...]:
    names = _ALL.get(cls)
    if names is None:
        names = _ALL[cls] = tuple(f.name for f in fields(cls))
    return names


def frozen_getstate(self: Any) -> list[Any]:
    """The state a frozen ``__slots__`` record pickles: its fields' values in order."""
    return [getattr(self, name) for name in _all_names(self.__class__)]


def frozen_setstate(self: Any, state: list[Any]) -> None:
    """Restores :func:`frozen_getstate`'s state past the frozen ``__setattr__``."""
    for name, value in zip(_all_names(self.__class__), state):
        object.__setattr__(self, name, value)
