"""``__repr__``, ``__eq__``, ``__hash__`` and the frozen ``__setattr__``/``__delattr__`` of
the written-out records, shared.

The records created on the start of every run are declared ``@record`` (below; ``@record(slots=True)``
for slotted ones): it notes their fields (the class's annotations and ``field(...)`` flags) without
importing ``dataclasses``, generates no code (``@dataclass`` compiled ~2M instructions a plain
record, ~4M a frozen one, on every start), and ``dataclasses.fields``, ``replace`` and
``is_dataclass`` still see what ``@dataclass(init=False, repr=False, eq=False)`` made of them.
Their methods come from here, one function each, reading the class's fields on the first
call for that class (the names kept per class), so a field added to the annotations is in
``==`` and the repr without another edit:

    @record
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
from typing import Any, TypeVar, overload

_T = TypeVar("_T", bound=type)

# ``@record``: the fields of a written-out record without importing ``dataclasses``
#
# ``@dataclass`` on the start of every run of the Python scan cost ~9.5 ms of CPU a process
# (the import of ``dataclasses`` with ``inspect``, ``dis``, ``tokenize``, ``copy``: ~6 ms;
# processing the 39 records' fields: ~3.4 ms; measured with the CPU clock, session 46), a
# few % of a cold run on the held-out trees (14 processes).  ``@record`` notes the fields
# (the class's own annotations, as ``@dataclass`` reads them, and their ``field(...)``
# flags) and nothing else; the shared methods below read that note.  ``dataclasses``'s own
# view (``fields``, ``replace``, ``is_dataclass``, ``__dataclass_params__``) is made on its
# first use: ``__dataclass_fields__`` is a class attribute that, read, runs
# ``@dataclass(init=False, repr=False, eq=False)`` on the class (it generates no code) and
# gives its fields, so every reader of dataclass fields (the cache, tests, ``replace``) sees
# what it saw before.

_MISSING: Any = object()
_SPECS = "__record_specs__"  # the class's own fields: name -> _Spec (None: every flag default)


class _Spec:
    """A field's ``field(...)`` arguments (as ``dataclasses.field`` takes them)."""

    __slots__ = ("default", "default_factory", "init", "repr", "compare", "hash", "plain")

    def __init__(
        self, default: Any, default_factory: Any, init: bool, repr: bool, compare: bool, hash: Any, plain: bool = False
    ) -> None:
        self.plain = plain  # a plain default (``x: int = 0``), not ``field(...)``
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare
        self.hash = hash


def field(
    *,
    default: Any = _MISSING,
    default_factory: Any = _MISSING,
    init: bool = True,
    repr: bool = True,
    compare: bool = True,
    hash: bool | None = None,
) -> Any:
    """``dataclasses.field`` for a :func:`record`'s field (its ``__init__`` applies the
    default; this records it and the field's flags)."""
    if default is not _MISSING and default_factory is not _MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return _Spec(default, default_factory, init, repr, compare, hash)


class _DataclassFields:
    """``__dataclass_fields__`` of a :func:`record`, made by ``@dataclass`` on first read."""

    __slots__ = ("cls",)

    def __init__(self, cls: type) -> None:
        self.cls = cls

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        import dataclasses

        cls = self.cls
        # @dataclass on a stand-in class holding the fields as the record's body declared them
        # (through its record bases): the Field objects it makes are those it made of the
        # record (a slotted record's class no longer holds its defaults; the record is not
        # touched but for the three attributes below)
        ns: dict[str, Any] = {"__module__": cls.__module__, "__qualname__": cls.__qualname__, "__doc__": cls.__doc__}
        annotations: dict[str, Any] = {}
        for b in reversed(cls.__mro__):
            specs = b.__dict__.get(_SPECS)
            if specs is None:
                continue
            for name, spec in specs.items():
                annotations[name] = b.__dict__["__annotations__"][name]
                if spec is None:
                    continue
                if spec.plain:
                    ns[name] = spec.default
                    continue
                kw: dict[str, Any] = {"init": spec.init, "repr": spec.repr, "compare": spec.compare, "hash": spec.hash}
                if spec.default is not _MISSING:
                    kw["default"] = spec.default
                if spec.default_factory is not _MISSING:
                    kw["default_factory"] = spec.default_factory
                ns[name] = dataclasses.field(**kw)
        ns["__annotations__"] = annotations
        made: Any = dataclasses.dataclass(init=False, repr=False, eq=False)(type(cls.__name__, (), ns))
        fields = made.__dict__["__dataclass_fields__"]
        type.__setattr__(cls, "__dataclass_fields__", fields)
        type.__setattr__(cls, "__dataclass_params__", made.__dict__["__dataclass_params__"])
        if "__match_args__" not in cls.__dict__:
            type.__setattr__(cls, "__match_args__", made.__dict__["__match_args__"])
        return fields


@overload
def record(cls: _T, /) -> _T: ...


@overload
def record(*, slots: bool = False) -> Callable[[_T], _T]: ...


def record(cls: Any = None, /, *, slots: bool = False) -> Any:
    """``@dataclass(init=False, repr=False, eq=False)`` (``slots=True``: its ``slots=True``)
    without ``dataclasses`` on the start: the record writes its ``__init__`` and takes
    ``__repr__``/``__eq__``/... from here.  A field is an annotation of the class body
    (``ClassVar`` ones are not fields); a ``field(...)`` value is replaced on the class by
    its default (removed where none); ``slots``: the class made again with ``__slots__``
    of its fields (none of their defaults on it), as ``@dataclass(slots=True)`` makes it."""
    if cls is None:
        return lambda c: _record(c, slots)
    return _record(cls, slots)


def _record(cls: Any, slots: bool) -> Any:
    for b in cls.__mro__[1:-1]:
        if "__dataclass_fields__" in b.__dict__ and _SPECS not in b.__dict__:
            raise TypeError(f"{cls.__qualname__}: a @record cannot extend the @dataclass {b.__qualname__}")
    specs: dict[str, _Spec | None] = {}
    for name, ann in cls.__dict__.get("__annotations__", {}).items():
        if isinstance(ann, str) and "ClassVar" in ann and _is_classvar(ann, cls):
            continue
        value = cls.__dict__.get(name, _MISSING)
        if isinstance(value, _Spec):
            specs[name] = value
            if value.default is _MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, value.default)
        elif value is _MISSING:
            specs[name] = None
        else:
            specs[name] = _Spec(value, _MISSING, True, True, True, None, plain=True)
    setattr(cls, _SPECS, specs)
    if slots:
        if "__slots__" in cls.__dict__:
            raise TypeError(f"{cls.__name__} already specifies __slots__")
        names = tuple(_flags(cls))
        inherited: set[str] = set()
        for b in cls.__mro__[1:-1]:
            own = b.__dict__.get("__slots__", ())
            inherited.update((own,) if isinstance(own, str) else own)
        body = dict(cls.__dict__)
        body["__slots__"] = tuple(n for n in names if n not in inherited)
        for name in names:
            body.pop(name, None)
        body.pop("__dict__", None)
        body.pop("__weakref__", None)
        qualname = cls.__qualname__
        cls = type(cls)(cls.__name__, cls.__bases__, body)
        cls.__qualname__ = qualname
    cls.__dataclass_fields__ = _DataclassFields(cls)
    return cls


def _is_classvar(ann: str, cls: Any) -> bool:
    """``ann`` names ``typing.ClassVar`` in the class's module, as ``@dataclass`` reads a text
    annotation (``ClassVar[...]`` where the module has ``ClassVar`` from typing, or
    ``M.ClassVar[...]`` where ``M`` is the module typing)."""
    import sys
    import typing

    head = [p.strip() for p in ann.split("[", 1)[0].split(".")]
    if head[-1] != "ClassVar" or len(head) > 2:
        return False
    mod = sys.modules.get(cls.__module__)
    ns = vars(mod) if mod is not None else {}
    if len(head) == 1:
        return ns.get("ClassVar") is typing.ClassVar
    return ns.get(head[0]) is typing


def _flags(cls: Any) -> dict[str, tuple[bool, bool, bool]]:
    """name -> (repr, compare, hash) of every field of ``cls`` in ``@dataclass``'s order
    (the bases' first, a field declared again keeping its place)."""
    out: dict[str, tuple[bool, bool, bool]] = {}
    for b in reversed(cls.__mro__):
        specs = b.__dict__.get(_SPECS)
        if specs is not None:
            for name, s in specs.items():
                out[name] = (
                    (True, True, True) if s is None else (s.repr, s.compare, s.compare if s.hash is None else s.hash)
                )
        elif "__dataclass_fields__" in b.__dict__:  # a dataclass made by @dataclass
            from dataclasses import fields

            for f in fields(b):
                out[f.name] = (f.repr, f.compare, f.compare if f.hash is None else f.hash)
    return out


def is_record(cls: Any) -> bool:
    """``cls`` is a :func:`record` class (or a subclass of one)."""
    return isinstance(cls, type) and any(_SPECS in b.__dict__ for b in cls.__mro__)


def field_names(cls: Any) -> tuple[str, ...]:
    """Every field of a record (or dataclass) ``cls``, in order (``dataclasses.fields``'s names)."""
    names = _ALL.get(cls)
    if names is None:
        names = _ALL[cls] = tuple(_flags(cls))
    return names


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
        names = _REPR[cls] = tuple(n for n, (r, _c, _h) in _flags(cls).items() if r)
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
        get = _COMPARE[cls] = _getter(tuple(n for n, (_r, c, _h) in _flags(cls).items() if c))
    return get(self) == get(other)


def record_hash(self: Any) -> int:
    cls = self.__class__
    get = _HASH.get(cls)
    if get is None:
        names = tuple(n for n, (_r, _c, h) in _flags(cls).items() if h)
        get = _HASH[cls] = _getter(names)
    return hash(get(self))


def frozen_setattr(self: Any, name: str, value: object) -> None:
    from dataclasses import FrozenInstanceError

    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def frozen_delattr(self: Any, name: str) -> None:
    from dataclasses import FrozenInstanceError

    raise FrozenInstanceError(f"cannot delete field {name!r}")


_all_names = field_names


def frozen_getstate(self: Any) -> list[Any]:
    """The state a frozen ``__slots__`` record pickles: its fields' values in order."""
    return [getattr(self, name) for name in _all_names(self.__class__)]


def frozen_setstate(self: Any, state: list[Any]) -> None:
    """Restores :func:`frozen_getstate`'s state past the frozen ``__setattr__``."""
    for name, value in zip(_all_names(self.__class__), state):
        object.__setattr__(self, name, value)
