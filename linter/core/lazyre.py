"""Regular expressions compiled on first use, not at import.

``re.compile`` at module level costs every run that imports the module, even one whose
input never reaches the pattern (most runs never see a malformed placeholder, awk code,
an ANSI escape...).  ``lazy_compile(pattern, flags)`` returns an object that compiles on
the first attribute access and from then on answers ``search``, ``match``, ``finditer``,
``sub``... from its own ``__dict__``: the bound methods of the compiled pattern, so a call
costs what it costs on a ``re.Pattern``.

It is not a ``re.Pattern`` (``isinstance`` is False, and ``re.sub(p, ...)`` does not
accept it): use it only where the module calls the pattern's own methods.

Measured (s33perfB, callgrind Ir, ``python bench/diverse.py M.json --tools 200`` then
``python bench/bench_run_ir.py M.json --before ROOT``): 200-tool run 3,736.9M -> 3,711.4M
(main 1ffc59c); one-tool run (bench/one_tool_manual.json) 580.5M -> 562.6M.
"""

from __future__ import annotations

import re
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


class _LazyPattern:
    def __init__(self, pattern: str, flags: int) -> None:
        self._source = (pattern, flags)

    def __getattr__(self, name: str) -> Any:  # only while not yet compiled
        if name.startswith("__"):
            raise AttributeError(name)
        compiled = re.compile(*self._source)
        d = self.__dict__
        for attr in _ATTRS:
            d[attr] = getattr(compiled, attr)
        d["compiled"] = compiled
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy_compile({self._source[0]!r}, {self._source[1]})"


def lazy_compile(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, run when the pattern is first used."""
    return cast("re.Pattern[str]", _LazyPattern(pattern, int(flags)))
