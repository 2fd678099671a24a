"""utcp_lint.core.record: written-out records behave as the dataclasses they replace."""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError

import pytest

from utcp_lint.core.record import FrozenRecord, Record
from utcp_lint.template.declarations import DeclarationMismatch, Entry, Mismatch


class _Point(FrozenRecord):
    _FIELDS = ("x", "y")
    __slots__ = _FIELDS
    x: int
    y: int

    def __init__(self, x: int, y: int = 0) -> None:
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)


class _Box(Record):
    _FIELDS = ("items",)
    items: list

    def __init__(self, items: list | None = None) -> None:
        self.items = [] if items is None else items


def test_record_is_mutable_field_equal_and_unhashable() -> None:
    a, b = _Box([1]), _Box([1])
    assert a == b and a != _Box([2]) and a != [1]
    with pytest.raises(TypeError):
        hash(a)
    a.items = [2]
    assert a == _Box([2]) and repr(a) == "_Box(items=[2])"
    assert _Box().items == [] and _Box().items is not _Box().items  # a fresh default each time


def test_frozen_record_hashes_refuses_assignment_and_pickles() -> None:
    p = _Point(1, 2)
    assert p == _Point(1, 2) and hash(p) == hash(_Point(1, 2)) and p != _Point(2, 1)
    assert repr(p) == "_Point(x=1, y=2)"
    with pytest.raises(FrozenInstanceError):
        p.x = 3  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del p.y
    assert copy.copy(p) == p and copy.deepcopy(p) == p


def test_declaration_records_keep_dataclass_defaults() -> None:
    e = Entry("ls", ["dir"], ["-la"])
    assert e.command is None and e.argv_refs == [] and e == Entry("ls", ["dir"], ["-la"])
    m = Mismatch(DeclarationMismatch.BINARY, None)  # type: ignore[arg-type]
    assert (m.names, m.placeholder, m.ran, m.in_step, m.missing, m.extra, m.passed, m.sink) == (
        [],
        "",
        [],
        True,
        [],
        [],
        [],
        None,
    )
    assert repr(m).startswith("Mismatch(kind=<DeclarationMismatch.BINARY: ")
    assert pickle.loads(pickle.dumps(e)) == e


def test_bash_model_structs_compare_by_identity() -> None:
    from utcp_lint.template.bash.model import Ref, Word

    w = Word(0, 0, 2, "ls", "ls", "ls", "word")
    assert w != Word(0, 0, 2, "ls", "ls", "ls", "word") and w == w and len({w, w}) == 1
    assert not hasattr(w, "__dict__") and w.placeholder_ids == ()
    assert repr(w).startswith("Word(index=0, start=0, end=2, text='ls'")
    r = Ref("placeholder", "dir", 0, 0, 1, 0, 1, 0)
    assert r.sinks == [] and r.split_uses == [] and r.sinks is not Ref("variable", "x", 0, 0, 1, 0, 1, 0).sinks
    assert (r.quoting, r.context, r.whole_word) == ("unknown", "other", False)


def test_config_and_option_spec_records() -> None:
    from utcp_lint.run.config import Config
    from utcp_lint.template.option_table import ProgramSpec

    a, b = Config(), Config()
    assert a == b and a.select == [] and a.select is not b.select and a.per_file_ignores == {}
    a.select.append("UL1")
    assert a != b
    s = ProgramSpec("x", "o")
    assert s == ProgramSpec("x", "o") and s.subcommands == {} and s.end_of_options == "--"
    with pytest.raises(FrozenInstanceError):
        s.name = "y"  # type: ignore[misc]


def test_every_record_lists_its_fields_once_in_the_same_order() -> None:
    """A written-out record names its fields three times (``_FIELDS``, the class
    annotations, ``__init__``'s parameters); a field added to one and not the
    others would silently drop out of ``==``, ``hash`` or ``repr``."""
    import importlib
    import inspect
    import pkgutil

    import utcp_lint
    from utcp_lint.core.record import Struct

    for m in pkgutil.walk_packages(utcp_lint.__path__, "utcp_lint."):
        importlib.import_module(m.name)

    def subclasses(c: type) -> list[type]:
        out = []
        for s in c.__subclasses__():
            out += [s, *subclasses(s)]
        return out

    checked = 0
    for cls in set(subclasses(Struct)):
        if not cls.__module__.startswith("utcp_lint.") or cls.__module__ == "utcp_lint.core.record":
            continue
        fields = cls._FIELDS  # type: ignore[attr-defined]
        annotated = tuple(cls.__dict__.get("__annotations__", {}))
        params = tuple(p for p in inspect.signature(cls.__init__).parameters if p != "self")
        assert annotated == fields == params, f"{cls.__module__}.{cls.__qualname__}"
        checked += 1
    assert checked >= 25  # the records of programs, declarations, the bash model, injection, …
