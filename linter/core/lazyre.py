"""Regular expressions compiled on first use, not at import.

``re.compile`` at module level costs every run that imports the module, even one whose
input never reaches the pattern (most runs never see a malformed placeholder, awk code,
an ANSI escape...).  ``lazy_compile(pattern, flags)`` returns an object that compiles on
the first attribute access and from then on answers ``search``, ``match``, ``finditer``,
``sub``... from its own ``__dict__``: the bound methods of the compiled pattern, so a call
costs what it costs on a ``re.Pattern``.

It is not a ``re.Pattern`` (``isinstance`` is False, and ``re.sub(p, ...)`` does not
accept it): use it only where the module calls the pattern's own methods.

Compiling a pattern (parsing it, generating its matcher code) costs ~0.75M instructions
on average, ~60M a 200-tool run; the matcher code depends only on the pattern, its flags
and the interpreter's regex engine.  ``compile_pattern(pattern, flags)`` (which
``lazy_compile`` calls) takes that code from ``linter/data/regex_compiled.marshal``
(written by ``scripts/gen_regex_compiled.py`` with ``re``'s own parser and code
generator) and hands it to the engine's constructor, ``_sre.compile``, as ``re.compile``
does; a pattern not in the table, or a table made for another interpreter (its key: the
Python version and the engine's ``MAGIC``/``CODESIZE``), is compiled by ``re.compile``.
tests/test_regex_table.py checks that every entry is the code ``re`` generates.

Measured (s33perfB, callgrind Ir, ``python bench/diverse.py M.json --tools 200`` then
``python bench/bench_run_ir.py M.json --before ROOT``): 200-tool run 3,736.9M -> 3,711.4M
(main 1ffc59c); one-tool run (bench/one_tool_manual.json) 580.5M -> 562.6M.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]  # the regex engine re.compile hands its code to
import os
import re
import sys
from typing import Any, cast

# what a compiled pattern answers (re.Pattern's public attributes)
_ATTRS = (
    "search",
    "match",
    "fullmatch",
    "finditer",
    "findall",
    "sub",
    "subn",
    "split",
    "scanner",
    "pattern",
    "flags",
    "groups",
    "groupindex",
)


# linter/data/regex_compiled.marshal: (key, {(pattern, flags): marshalled (flags, code,
# groups, groupindex, indexgroup)}), the arguments re.compile passes to _sre.compile, each
# entry decoded when its pattern is compiled (a run compiles a fraction of them)
TABLE_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "regex_compiled.marshal")
_table: dict | None = None
_recorded: set | None = None  # scripts/gen_regex_compiled.py: the patterns compiled, while recording


def table_key() -> tuple:
    """What the table's code is valid for: the interpreter's version and regex engine."""
    return (sys.version_info[:2], _sre.MAGIC, _sre.CODESIZE)


def _entries() -> dict:
    global _table
    if _table is None:
        import marshal

        try:
            # marshal.loads of the bytes, not marshal.load(f): load asks the file object for
            # every string of the table on its own (a readinto call each), 8.3M -> 1.4M
            # instructions a process (callgrind; every run reads the table; issue 25)
            with open(TABLE_PATH, "rb") as f:
                key, entries = marshal.loads(f.read())
        except (OSError, EOFError, ValueError, TypeError):
            key, entries = None, {}
        _table = entries if key == table_key() and isinstance(entries, dict) else {}
    return _table


def compile_pattern(pattern: Any, flags: int | re.RegexFlag = 0) -> re.Pattern:
    """``re.compile(pattern, flags)``: the same pattern object, its matcher code read from
    the precompiled table when the table holds it for this interpreter."""
    flags = int(flags)
    entry = _entries().get((pattern, flags))
    if entry is not None:
        import marshal

        return cast("re.Pattern", _sre.compile(pattern, *marshal.loads(entry)))
    if _recorded is not None:
        _recorded.add((pattern, flags))
    return re.compile(pattern, flags)


def record_patterns(into: set | None) -> None:
    """Collect every pattern :func:`compile_pattern` compiles into ``into`` (None: stop);
    the table is not read while recording."""
    global _recorded, _table
    _recorded = into
    _table = {} if into is not None else None


class _LazyPattern:
    def __init__(self, pattern: str, flags: int) -> None:
        self._source = (pattern, flags)

    def __getattr__(self, name: str) -> Any:  # only while not yet compiled
        if name.startswith("__"):
            raise AttributeError(name)
        compiled = compile_pattern(*self._source)
        d = self.__dict__
        for attr in _ATTRS:
            d[attr] = getattr(compiled, attr)
        d["compiled"] = compiled
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy_compile({self._source[0]!r}, {self._source[1]})"


def lazy_source(obj: object) -> tuple[Any, int] | None:
    """``(pattern, flags)`` of a :func:`lazy_compile` object, else None."""
    return obj._source if isinstance(obj, _LazyPattern) else None


def lazy_compile(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, run when the pattern is first used."""
    return cast("re.Pattern[str]", _LazyPattern(pattern, int(flags)))
