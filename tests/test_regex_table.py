"""The precompiled regular expressions (utcp_lint.core.lazyre, linter/data/regex_compiled.marshal):
a pattern read from the table is the pattern ``re.compile`` makes (``re.Pattern``'s ``==``
compares the flags and the engine code), a table made for another interpreter is never
read, and the table holds every literal pattern the package compiles through it."""

from __future__ import annotations

import importlib.util
import marshal
import re
from pathlib import Path
from typing import Any

import pytest

from utcp_lint.core import lazyre

ROOT = Path(__file__).resolve().parent.parent


def _load_generator() -> Any:
    spec = importlib.util.spec_from_file_location(
        "gen_regex_compiled_under_test", ROOT / "scripts" / "gen_regex_compiled.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)  # not registered in sys.modules
    spec.loader.exec_module(mod)
    return mod


GEN = _load_generator()  # scripts/gen_regex_compiled.py: table_entry, literal_calls


def _table() -> tuple:
    with open(lazyre.TABLE_PATH, "rb") as f:
        return marshal.load(f)  # type: ignore[no-any-return]


def test_every_entry_is_the_code_re_compile_generates() -> None:
    key, entries = _table()
    assert key == lazyre.table_key() and len(entries) >= 200
    for (pattern, flags), blob in entries.items():
        assert marshal.loads(blob) == GEN.table_entry(pattern, flags), pattern
        got = lazyre.compile_pattern(pattern, flags)
        want = re.compile(pattern, flags)
        assert got == want and got is not want, pattern
        assert (got.pattern, got.flags, got.groups, got.groupindex) == (
            want.pattern,
            want.flags,
            want.groups,
            want.groupindex,
        )


def test_patterns_from_the_table_match_as_re_compile_does() -> None:
    # written patterns with groups, names, flags, lookarounds and bytes, on written texts
    cases = [
        (r"(?P<name>[A-Za-z_][A-Za-z0-9_]*)=(\S*)", 0, "a=1 b_2=x  =3 _=", "sub"),
        (r"(?<![\w-])--?[A-Za-z][\w-]*", 0, "git -C dir --work-tree=x a-b -", "findall"),
        (r"^\s*#.*$", re.MULTILINE, "x\n  # c\n#d\ne", "findall"),
        (r"ignore\s+(all|previous)", re.IGNORECASE, "IGNORE  Previous instructions", "search"),
        (rb"(?<=[ \t])-(?=[ \t]+[0-9]+[<>])", 0, b"cat - 2> x", "search"),
    ]
    table = lazyre._entries()  # noqa: SLF001  (the module's own cache, read by its own test)
    for pattern, flags, text, how in cases:
        table[(pattern, flags)] = marshal.dumps(GEN.table_entry(pattern, flags), 2)
        try:
            got, want = lazyre.compile_pattern(pattern, flags), re.compile(pattern, flags)
        finally:
            del table[(pattern, flags)]
        assert got == want
        if how == "sub":
            assert got.sub(r"<\1>", text) == want.sub(r"<\1>", text)  # type: ignore[arg-type]
            assert [m.groupdict() for m in got.finditer(text)] == [m.groupdict() for m in want.finditer(text)]  # type: ignore[arg-type]
        elif how == "findall":
            assert got.findall(text) == want.findall(text)  # type: ignore[arg-type]
        else:
            g, w = got.search(text), want.search(text)  # type: ignore[arg-type]
            assert g is not None and w is not None and g.span() == w.span() and g.groups() == w.groups()


def test_a_table_for_another_interpreter_is_never_read(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _key, entries = _table()
    (pattern, flags), blob = next(iter(entries.items()))
    bogus = marshal.loads(blob)
    bogus = (bogus[0], [0] * len(bogus[1]), *bogus[2:])  # code that would match nothing sensible
    other = tmp_path / "other.marshal"
    other.write_bytes(marshal.dumps((((2, 7), 0, 0), {(pattern, flags): marshal.dumps(bogus, 2)}), 2))
    monkeypatch.setattr(lazyre, "TABLE_PATH", str(other))
    monkeypatch.setattr(lazyre, "_table", None)
    assert lazyre.compile_pattern(pattern, flags) == re.compile(pattern, flags)
    missing = tmp_path / "absent.marshal"
    monkeypatch.setattr(lazyre, "TABLE_PATH", str(missing))
    monkeypatch.setattr(lazyre, "_table", None)
    assert lazyre.compile_pattern(pattern, flags) == re.compile(pattern, flags)
    lazy = lazyre.lazy_compile(r"a(b+)c", re.I)
    assert lazy.fullmatch("ABBC") is not None and lazy.pattern == "a(b+)c"


def test_the_table_holds_every_literal_pattern() -> None:
    """A pattern added or edited without rewriting the table is compiled by re.compile:
    correct but slower; this keeps the table current (python scripts/gen_regex_compiled.py)."""
    _key, entries = _table()
    calls = GEN.literal_calls()
    assert len(calls) >= 150
    missing = [where for where, pattern, flags in calls if (pattern, flags) not in entries]
    assert not missing, f"run python scripts/gen_regex_compiled.py: {missing}"
