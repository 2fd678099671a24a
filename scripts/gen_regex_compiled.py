#!/usr/bin/env python3
"""Write linter/data/regex_compiled.marshal: the matcher code of the regular expressions a
run compiles, so a run does not parse and compile them again (see utcp_lint.core.lazyre).

    python scripts/gen_regex_compiled.py          # (re)write it
    python scripts/gen_regex_compiled.py --check  # exit 1 when it is stale

The patterns: every ``lazy_compile``/``compile_pattern`` call of the package with a literal
pattern, and every pattern compiled through them while importing each module and linting
fixtures/ (the patterns built at run time are recorded as that lint meets them).  Each entry is what
``re.compile`` hands to the regex engine for that pattern on the interpreter running this
script (its parser and code generator); the file's key names the interpreter, and a run on
another one compiles as before.  A pattern added or edited since the last write is
compiled by ``re.compile`` until the file is written again: only slower.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import importlib
import io
import marshal
import pkgutil
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def table_entry(pattern: object, flags: int) -> tuple:
    """The table entry of one pattern: what ``re.compile`` passes to ``_sre.compile``
    after its parser and code generator ran (``re._compiler.compile`` of this Python)."""
    try:
        from re import _compiler as sre_compile, _parser as sre_parse  # 3.11+
    except ImportError:  # 3.10
        import sre_compile  # type: ignore[no-redef]
        import sre_parse  # type: ignore[no-redef]

    p = sre_parse.parse(pattern, flags)
    code = sre_compile._code(p, flags)
    groupindex = dict(p.state.groupdict)
    indexgroup: list = [None] * p.state.groups
    for k, i in groupindex.items():
        indexgroup[i] = k
    # the code as plain ints (re keeps its opcodes as int subclasses with names)
    return (int(flags | p.state.flags), [int(c) for c in code], p.state.groups - 1, groupindex, tuple(indexgroup))


def literal_calls() -> list[tuple[str, object, int]]:
    """Every ``compile_pattern(...)``/``lazy_compile(...)`` of the package whose pattern and
    flags are literals (or ``re`` flag names)."""
    out = []
    for path in sorted([*(ROOT / "linter").rglob("*.py"), *(ROOT / "rules").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in ("compile_pattern", "lazy_compile") or not node.args:
                continue
            try:
                pattern = ast.literal_eval(node.args[0])
            except ValueError:
                continue  # built at run time
            flags = 0
            if len(node.args) > 1:
                try:
                    flags = int(eval(compile(ast.Expression(node.args[1]), "<flags>", "eval"), {"re": re}))  # noqa: S307
                except NameError:
                    continue
            out.append((f"{path.relative_to(ROOT)}:{node.lineno}", pattern, flags))
    return out


def collect() -> set[tuple[object, int]]:
    import utcp_lint
    from utcp_lint.core import lazyre

    seen: set[tuple[object, int]] = set()
    lazyre.record_patterns(seen)
    try:
        names = [m.name for m in pkgutil.walk_packages(utcp_lint.__path__, "utcp_lint.")]
        for name in names:
            if ".lsp" in name:  # the language server's modules need its optional packages
                continue
            try:
                mod = importlib.import_module(name)
            except ImportError:
                continue
            for obj in list(vars(mod).values()):
                src = lazyre.lazy_source(obj)
                if src is not None:
                    seen.add(src)
        from utcp_lint.__main__ import main

        argv = sys.argv
        sys.argv = ["utcp-lint", "--no-config", "--no-cache", "--format", "json", "--jobs", "1", str(ROOT / "fixtures")]
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
                main()
        finally:
            sys.argv = argv
    finally:
        lazyre.record_patterns(None)
    seen.update((pattern, flags) for _where, pattern, flags in literal_calls())  # the ones no run above met
    return seen


def build() -> bytes:
    from utcp_lint.core import lazyre

    pats = sorted(collect(), key=lambda pf: (isinstance(pf[0], bytes), pf[0], pf[1]))
    entries = {(p, f): marshal.dumps(table_entry(p, f), 2) for p, f in pats}
    return marshal.dumps((lazyre.table_key(), entries), 2)  # format 2: no references, same input same bytes


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true", help="exit 1 when the file is stale, write nothing")
    args = ap.parse_args()
    from utcp_lint.core.lazyre import TABLE_PATH

    want = build()
    path = Path(TABLE_PATH)
    have = path.read_bytes() if path.exists() else b""
    if args.check:
        if have != want:
            print(f"{path} is stale: run python scripts/gen_regex_compiled.py", file=sys.stderr)
            return 1
        return 0
    if have != want:
        path.write_bytes(want)
        print(f"wrote {path} ({len(marshal.loads(want)[1])} patterns)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
