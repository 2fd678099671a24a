"""Records (issue 26): table types are ``typing.NamedTuple``, the other records
``@dataclass(slots=True)``; they keep what the written-out classes of
the removed utcp_lint.core.record gave (field-wise ``==``, ``hash`` only where frozen, no
assignment to a frozen one, ``Name(field=value, ...)`` repr, pickle and copy, a fresh
default list per instance).  The bash model's hot nodes are ``__slots__`` classes
(``template.bash.model.Node``)."""

from __future__ import annotations

import copy
import dataclasses
import importlib
import inspect
import json
import pickle
import pkgutil
import subprocess
import sys
import typing  # noqa: F401  # read by @dataclass and @record: a text annotation typing.ClassVar[...]
from pathlib import Path
from typing import Any

import pytest

import utcp_lint
from utcp_lint.core.fieldwise import (
    frozen_delattr,
    frozen_getstate,
    frozen_setattr,
    frozen_setstate,
    record_eq,
    record_hash,
    record_repr,
)
from utcp_lint.template.declarations import DeclarationMismatch, Entry, Mismatch

# the table types: immutable, hashable where their fields are
TABLES = (
    "utcp_lint.template.programs:Wrapper",
    "utcp_lint.template.programs:CodeValue",
    "utcp_lint.template.programs:Options",
    "utcp_lint.template.programs:Program",
    "utcp_lint.template.programs:PathWrite",
    "utcp_lint.template.option_table:ProgramSpec",
    "utcp_lint.template.client_vars:ClientVarRef",
    "utcp_lint.modeltext.instructions:Pattern",
    "utcp_lint.modeltext.instructions:Target",
)
# the mutable records: field-wise ==, unhashable, no __dict__
RECORDS = (
    "utcp_lint.cli.lock:CheckExtras",
    "utcp_lint.executor.render:PlaceholderSpan",
    "utcp_lint.executor.render:Rendered",
    "utcp_lint.executor.render:Substitution",
    "utcp_lint.models:Issue",
    "utcp_lint.modeltext.hidden:Hidden",
    "utcp_lint.modeltext.instructions:Match",
    "utcp_lint.run.config:Config",
    "utcp_lint.run.discover:Target",
    "utcp_lint.template.declarations:Entry",
    "utcp_lint.template.declarations:StepInference",
    "utcp_lint.template.declarations:DeclaredEntry",
    "utcp_lint.template.declarations:ShapeProblem",
    "utcp_lint.template.declarations:Declared",
    "utcp_lint.template.declarations:Mismatch",
    "utcp_lint.template.declarations:TemplateReport",
)


def _cls(spec: str) -> Any:
    mod, name = spec.split(":")
    return getattr(importlib.import_module(mod), name)


def _sample(cls: Any) -> Any:
    """An instance with every required field set to a distinct small value."""
    if dataclasses.is_dataclass(cls):
        params = [f.name for f in dataclasses.fields(cls) if f.init]
    else:
        params = list(cls._fields)
    sig = inspect.signature(cls)
    args = {p: f"v{i}" for i, p in enumerate(params) if sig.parameters[p].default is inspect.Parameter.empty}
    return cls(**args)


@pytest.mark.parametrize("spec", TABLES)
def test_table_types_are_named_tuples_equal_hashable_frozen_picklable(spec: str) -> None:
    cls = _cls(spec)
    assert issubclass(cls, tuple) and hasattr(cls, "_fields"), spec
    a, b = _sample(cls), _sample(cls)
    assert a == b and a is not b
    if spec.endswith(":ProgramSpec"):  # holds mappings (sub-commands): never a dict key
        with pytest.raises(TypeError):
            hash(a)
    else:
        assert hash(a) == hash(b) and len({a, b}) == 1
    first = cls._fields[0]
    with pytest.raises(AttributeError):
        setattr(a, first, "other")
    assert a._replace(**{first: "other"}) != a
    assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a and copy.copy(a) == a
    assert repr(a).startswith(f"{cls.__name__}({first}=")


@pytest.mark.parametrize("spec", RECORDS)
def test_records_are_slotted_dataclasses_field_equal_unhashable_picklable(spec: str) -> None:
    cls = _cls(spec)
    assert dataclasses.is_dataclass(cls) and "__slots__" in cls.__dict__, spec
    a, b = _sample(cls), _sample(cls)
    assert a == b and a is not b and not hasattr(a, "__dict__")
    with pytest.raises(TypeError):
        hash(a)
    first = dataclasses.fields(cls)[0].name
    setattr(b, first, "other")
    assert a != b
    assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a
    assert repr(a).startswith(f"{cls.__qualname__}({first}=")


def test_declaration_records_keep_their_defaults() -> None:
    e = Entry("ls", ["dir"], ["-la"])
    assert e.command is None and e.argv_refs == [] and e == Entry("ls", ["dir"], ["-la"])
    assert e.argv_refs is not Entry("ls", [], []).argv_refs  # a fresh default each time
    m = Mismatch(DeclarationMismatch.BINARY, None)
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


def test_config_and_option_spec_records() -> None:
    from utcp_lint.run.config import Config
    from utcp_lint.template.option_table import ProgramSpec

    a, b = Config(), Config()
    assert a == b and a.select == [] and a.select is not b.select and a.per_file_ignores == {}
    a.used.add(("per-file-ignores", "*.json", "UL001"))
    assert a == b and "used" not in repr(a)  # bookkeeping of a run, not a setting
    a.select.append("UL1")
    assert a != b
    s = ProgramSpec("x", "o")
    assert s == ProgramSpec("x", "o") and s.subcommands == {} and s.end_of_options == "--"
    with pytest.raises(AttributeError):
        s.name = "y"  # type: ignore[misc]  # the point: a table entry cannot change


def test_program_table_entries_compare_and_hash_by_value() -> None:
    from utcp_lint.template.programs import BY_NAME, Program

    bash = BY_NAME["bash"]
    assert bash == Program(**bash._asdict()) and hash(bash) == hash(Program(**bash._asdict()))
    assert bash.names[0] == "bash" and "sh" in bash.names
    assert pickle.loads(pickle.dumps(BY_NAME["git"])) == BY_NAME["git"]


def test_bash_model_structs_compare_by_identity() -> None:
    from utcp_lint.template.bash.model import Ref, Word

    w = Word(0, 0, 2, "ls", "ls", "ls", "word")
    assert w != Word(0, 0, 2, "ls", "ls", "ls", "word") and w == w and len({w, w}) == 1
    assert not hasattr(w, "__dict__") and w.placeholder_ids == ()
    assert repr(w).startswith("Word(index=0, start=0, end=2, text='ls'")
    r = Ref("placeholder", "dir", 0, 0, 1, 0, 1, 0)
    assert r.sinks == [] and r.split_uses == [] and r.sinks is not Ref("variable", "x", 0, 0, 1, 0, 1, 0).sinks
    assert (r.quoting, r.context, r.whole_word) == ("unknown", "other", False)


def _package_modules() -> list[str]:
    names = []
    for m in pkgutil.walk_packages(utcp_lint.__path__, "utcp_lint."):
        importlib.import_module(m.name)
        names.append(m.name)
    return names


def test_hand_written_records_are_only_the_bash_model_nodes() -> None:
    """core.record is gone (issue 26); the only classes written without a decorator are
    the bash model's hot ``__slots__`` nodes (``template.bash.model.Node``), and each
    names its fields consistently: ``_FIELDS`` (== and repr), the annotations and
    ``__init__``'s parameters, so a field added to one and not the others cannot drop
    out of ``==`` or the repr."""
    import importlib.util

    from utcp_lint.template.bash.model import Node, ValueNode

    assert importlib.util.find_spec("utcp_lint.core.record") is None
    _package_modules()

    def subclasses(c: type) -> list[type]:
        out = []
        for s in c.__subclasses__():
            out += [s, *subclasses(s)]
        return out

    ours = [c for c in subclasses(Node) if c is not ValueNode]
    assert {c.__name__ for c in ours} >= {"Word", "Ref", "Redirect", "Heredoc", "Breakage", "Guard", "PathEscape"}
    assert all(c.__module__.startswith("utcp_lint.template.bash.") for c in ours)
    for cls in ours:
        assert "__slots__" in vars(cls), cls  # no per-instance __dict__
        fields = cls._FIELDS  # type: ignore[attr-defined]
        annotated = tuple(cls.__dict__.get("__annotations__", {}))
        params = tuple(p for p in inspect.signature(cls.__init__).parameters if p != "self")
        assert annotated == fields == params, f"{cls.__module__}.{cls.__qualname__}"


def _written_out_dataclasses() -> list[type]:
    """The records declared ``@dataclass(init=False, repr=False, eq=False)`` whose
    ``__init__``, ``__repr__`` and ``__eq__`` are written in the class body (no code is
    generated at import: ~2M instructions a class, ~4M a frozen one, on the start of
    every run)."""
    out = []
    for name in _package_modules():
        mod = importlib.import_module(name)
        for obj in vars(mod).values():
            if (
                isinstance(obj, type)
                and obj.__module__ == name
                and dataclasses.is_dataclass(obj)
                and not obj.__dataclass_params__.init  # type: ignore[attr-defined]
            ):
                out.append(obj)
    return out


# fields a __post_init__ checks
_VALID: dict[str, dict[str, Any]] = {
    "Rule": {"severity": "error", "confidence": "high", "scope": "template", "needs": None}
}


def test_written_out_dataclasses_match_what_dataclass_would_generate() -> None:
    """Each written-out record behaves as ``@dataclass`` made it: ``__init__`` takes the
    fields in order (a fresh default from each factory), ``repr`` lists every repr field
    as ``Qualname(name=value, ...)``, ``==`` compares every compare field and no other,
    ``hash`` (frozen ones) follows ``==`` (identity where the record had ``eq=False``); a field added to the annotations and not to a
    method fails here."""
    classes = _written_out_dataclasses()
    assert len(classes) >= 25, [c.__name__ for c in classes]
    for cls in classes:
        fields = dataclasses.fields(cls)
        params = [p for p in inspect.signature(cls.__init__).parameters if p != "self"]
        assert params == [f.name for f in fields if f.init], cls
        args = {p: f"v{i}" for i, p in enumerate(params)} | _VALID.get(cls.__qualname__, {})
        a, b = (cls(**args) for _ in range(2))
        shown = ", ".join(f"{f.name}={getattr(a, f.name)!r}" for f in fields if f.repr)
        assert repr(a) == f"{cls.__qualname__}({shown})", cls
        for f in fields:
            if f.default_factory is not dataclasses.MISSING and f.init and "__post_init__" not in vars(cls):
                required = {p: "v" for p, q in inspect.signature(cls).parameters.items() if q.default is q.empty}
                x, y = cls(**required), cls(**required)
                new = f.default_factory()  # type: ignore[misc]
                assert getattr(x, f.name) == new
                if isinstance(new, (list, dict, set)):  # a fresh one each time
                    assert getattr(x, f.name) is not getattr(y, f.name)
        if "__eq__" not in vars(cls):  # declared eq=False before: identity
            assert a != b and a == a and hash(a) != hash(b), cls
            continue
        assert a == b and a is not b and not (a != b), cls
        hashable = cls.__hash__ is not None
        if hashable:
            assert hash(a) == hash(b), cls
        for f in fields:
            c = copy.copy(b)
            object.__setattr__(c, f.name, "other")
            assert (a == c) is (not f.compare), (cls, f.name)
            if hashable and not f.compare:
                assert hash(a) == hash(c), (cls, f.name)
        if "__setattr__" in vars(cls):  # frozen
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(a, fields[0].name, "other")
            assert hashable and pickle.loads(pickle.dumps(a)) == a, cls


def test_written_out_records_share_one_repr_eq_hash() -> None:
    """The written-out records take ``__repr__``/``__eq__``/``__hash__`` and the frozen
    ``__setattr__``/``__delattr__``/pickle state from core/fieldwise.py: one function each,
    built from the class's fields, not one copy per class."""
    from utcp_lint.core import fieldwise

    shared = {
        "__repr__": fieldwise.record_repr,
        "__eq__": fieldwise.record_eq,
        "__hash__": fieldwise.record_hash,
        "__setattr__": fieldwise.frozen_setattr,
        "__delattr__": fieldwise.frozen_delattr,
        "__getstate__": fieldwise.frozen_getstate,
        "__setstate__": fieldwise.frozen_setstate,
    }
    for cls in _written_out_dataclasses():
        for name, fn in shared.items():
            own = vars(cls).get(name)
            if own is not None:
                assert own is fn, (cls, name)
        assert vars(cls)["__repr__"] is fieldwise.record_repr, cls


@dataclasses.dataclass(frozen=True, slots=True)
class _Gen:
    a: Any
    b: Any = dataclasses.field(default=0, repr=False)
    c: Any = dataclasses.field(default=0, compare=False)
    d: Any = dataclasses.field(default=0, hash=False)


@dataclasses.dataclass(init=False, repr=False, eq=False, slots=True)
class _Own:
    a: Any
    b: Any = dataclasses.field(default=0, repr=False)
    c: Any = dataclasses.field(default=0, compare=False)
    d: Any = dataclasses.field(default=0, hash=False)

    def __init__(self, a: Any, b: Any = 0, c: Any = 0, d: Any = 0) -> None:
        for k, v in (("a", a), ("b", b), ("c", c), ("d", d)):
            object.__setattr__(self, k, v)

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = record_hash
    __setattr__ = frozen_setattr
    __delattr__ = frozen_delattr
    __getstate__ = frozen_getstate
    __setstate__ = frozen_setstate


def test_fieldwise_methods_equal_what_dataclass_generates() -> None:
    """Side by side with ``@dataclass``'s generated methods on the same fields (a field out
    of the repr, one out of ==, one out of the hash, a record holding itself)."""
    Gen, Own = _Gen, _Own
    nan = float("nan")
    rows = [(1, 2, 3, 4), (1, 2, 9, 4), (1, 5, 3, 4), (1, 2, 3, 7), (nan, 0, 0, 0), ("x", [1], {}, None)]
    for x in rows:
        for y in rows:
            g1, g2, o1, o2 = Gen(*x), Gen(*y), Own(*x), Own(*y)
            assert repr(o1).replace("Own", "Gen", 1) == repr(g1)
            assert (o1 == o2) is (g1 == g2) and (o1 != o2) is (g1 != g2), (x, y)
            assert (o1 == x) is (g1 == x) is False
            try:
                gh: int | None = hash(g1)
            except TypeError:
                gh = None
            if gh is None:
                with pytest.raises(TypeError):
                    hash(o1)
            else:
                assert hash(o1) == gh
    o = Own([])
    o.a.append(o)  # a record inside its own field: '...' as dataclass's repr shows it
    g = Gen([])
    g.a.append(g)
    assert repr(o).replace("Own", "Gen") == repr(g) == "_Gen(a=[...], c=0, d=0)"
    for bad in (lambda: setattr(o, "a", 1), lambda: delattr(o, "a"), lambda: setattr(o, "zz", 1)):
        with pytest.raises(dataclasses.FrozenInstanceError):
            bad()
    p = Own("v", 1, 2, 3)
    q = pickle.loads(pickle.dumps(p))
    assert q == p and (q.b, q.c, q.d) == (1, 2, 3) and copy.deepcopy(p) == p
    assert p.__getstate__() == Gen("v", 1, 2, 3).__getstate__()  # type: ignore[attr-defined]


def test_record_gives_dataclasses_the_fields_dataclass_made() -> None:
    """``@record`` (core/fieldwise.py) notes the fields without importing ``dataclasses``;
    ``dataclasses.fields``/``replace``/``is_dataclass`` then see what ``@dataclass(init=False,
    repr=False, eq=False)`` (``slots=True``) made of the same body: names, order (a base's
    first, a field declared again keeping its place), defaults, factories and flags; the
    shared methods read the same flags."""
    from utcp_lint.core.fieldwise import field, field_names, record

    def body(fld: Any) -> dict[str, Any]:
        return {
            "__annotations__": {
                "a": "int",
                "b": "list",
                "c": "str",
                "d": "int",
                "k": "typing.ClassVar[int]",
                "m": "ClassVar[int]",
            },
            "b": fld(default_factory=list, repr=False),
            "c": "x",
            "d": fld(default=3, compare=False),
            "k": 7,  # not a field: typing is typing here
            "m": 8,  # a field: this module has no ClassVar (as dataclasses reads it)
            "__init__": lambda self, a, b=None, c="x", d=3, m=8: (
                [
                    setattr(self, n, v)
                    for n, v in (("a", a), ("b", [] if b is None else b), ("c", c), ("d", d), ("m", m))
                ]
                and None
            ),
            "__repr__": record_repr,
            "__eq__": record_eq,
        }

    def sub(base: type) -> type:
        return type("Sub", (base,), {"__annotations__": {"e": "int", "a": "int"}, "e": 5})

    def view(cls: type) -> list:
        return [
            (f.name, f.type, f.default, f.default_factory, f.init, f.repr, f.compare, f.hash)
            for f in dataclasses.fields(cls)
        ]

    gen = dataclasses.dataclass(init=False, repr=False, eq=False)
    for slots in (False, True):
        deco = record(slots=True) if slots else record
        ref = dataclasses.dataclass(init=False, repr=False, eq=False, slots=slots)(
            type("R", (), body(dataclasses.field))
        )
        own = deco(type("R", (), body(field)))
        assert ("__slots__" in vars(own)) is slots and (not hasattr(own(1), "__dict__")) is slots
        assert dataclasses.is_dataclass(own) and view(own) == view(ref)
        assert field_names(own) == ("a", "b", "c", "d", "m")
        assert repr(own.__dataclass_params__) == repr(ref.__dataclass_params__)  # type: ignore[attr-defined]
        assert own.__match_args__ == ref.__match_args__  # type: ignore[attr-defined]
        x = own(1, [2], "y", 4)
        assert repr(x) == "R(a=1, c='y', d=4, m=8)" and x == own(1, [2], "y", 9) and x != own(1, [3], "y", 4)
        assert dataclasses.replace(x, c="z").c == "z" and own.k == 7  # type: ignore[attr-defined]
        if not slots:  # the class keeps a default, not the field(...) object, as @dataclass leaves it
            assert own.d == 3 and own.c == "x" and "b" not in vars(own)  # type: ignore[attr-defined]
            s_own, s_ref = record(sub(own)), gen(sub(ref))
            assert view(s_own) == view(s_ref) and field_names(s_own) == ("a", "b", "c", "d", "m", "e")
    with pytest.raises(TypeError):  # a record on a dataclass base: its fields are not noted
        record(type("S", (dataclasses.dataclass(type("B", (), {"__annotations__": {"z": "int"}})),), {}))


def test_python_scan_run_imports_no_dataclasses(tmp_path: Path) -> None:
    """The Python scan's run (the CLI, ``--select UL4``, a tree with cross-module findings)
    imports neither ``dataclasses`` nor ``inspect`` (~9.5 ms of CPU a process, measured in
    session 46): its records are ``@record``s; the findings are still made."""
    driver = (
        "import runpy, sys\n"
        "sys.argv = ['utcp-lint', '--select', 'UL4', '--no-config', '--no-cache', '--format', 'json', '.']\n"
        "try:\n    runpy.run_module('utcp_lint', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "sys.stderr.write(repr(sorted(m for m in ('dataclasses', 'inspect') if m in sys.modules)))\n"
    )
    import shutil

    # a copy: no .gitignore above it (pathspec, which reads one, imports dataclasses)
    shutil.copytree(Path(__file__).resolve().parent.parent / "fixtures/pyscan/crossmod/bad", tmp_path / "t")
    p = subprocess.run([sys.executable, "-c", driver], cwd=tmp_path / "t", capture_output=True, text=True)
    assert p.stderr.strip().endswith("[]"), p.stderr[-2000:]
    assert any(f["rule"] == "UL411" for f in json.loads(p.stdout)["findings"])
