"""Parse and offsets: tree-sitter-bash (one parser per process), the one query
that lists every node kind the analysis looks up, and code-point <-> byte offsets.

Byte offsets (tree-sitter) never leave the bash package: everything the
analysis hands out is a code-point offset into the rendered script.
"""

from __future__ import annotations

import bisect
import sys

from ...core.lazyre import lazy_compile

_PARSER = None
_BINDING = None
_QUERIES: dict = {}
_TS_SURROGATE = lazy_compile("[\ud800-\udfff]")
_TS_ASTRAL = lazy_compile("[\U00010000-\U0010ffff]")


def ts_safe(script: str) -> str:
    """The text tree-sitter parses, made safe for it with every offset kept.

    * A lone surrogate (a manual's ``"\\ud800"`` escape) becomes U+FFFD: same
      code-point length, same UTF-8 length (3 bytes), so tree-sitter never
      splits an invalid sequence (fuzz: UnicodeDecodeError in ``_text``).
    * Every astral code point becomes U+1F600 (also 1 code point, 4 bytes):
      tree-sitter-bash 0.25 reads out of bounds and segfaults on ``{``
      followed by some of them (e.g. U+CA185, U+2C6CF; scripts/fuzz_million.py
      found it).  Measured safe in 30,000 fuzzed contexts.
    See docs/design/hardening.md.
    """
    if script.isascii():
        return script
    return _TS_ASTRAL.sub("\U0001f600", _TS_SURROGATE.sub("\ufffd", script))


def _bash_binding():
    """tree-sitter-bash's compiled grammar module (``tree_sitter_bash._binding``).

    Its package ``__init__`` imports ``importlib.resources`` (for a highlighting
    query the analysis never reads), which pulls in tempfile, shutil, bz2, lzma and
    random: ~42M instructions, more than a tenth of a plain run's start-up.  The
    extension is loaded from its own spec instead, found where the package would
    look; any surprise in the package's layout falls back to the plain import."""
    global _BINDING
    if _BINDING is None:
        _BINDING = _load_binding()
    return _BINDING


def _load_binding():
    mod = sys.modules.get("tree_sitter_bash._binding")
    if mod is not None:
        return mod
    try:
        import importlib.util
        from importlib.machinery import ExtensionFileLoader, PathFinder

        pkg = PathFinder.find_spec("tree_sitter_bash")
        spec = None
        if pkg is not None and pkg.submodule_search_locations:
            spec = PathFinder.find_spec("tree_sitter_bash._binding", pkg.submodule_search_locations)
        if spec is not None and isinstance(spec.loader, ExtensionFileLoader):
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
            if callable(getattr(mod, "language", None)):
                return mod
    except (ImportError, OSError):
        pass
    import tree_sitter_bash

    return tree_sitter_bash


def get_parser():
    """The process-wide tree-sitter-bash parser (created on first use)."""
    global _PARSER
    if _PARSER is None:
        from tree_sitter import Language, Parser

        _PARSER = Parser(Language(_bash_binding().language()))
    return _PARSER


def _query(src: str):
    q = _QUERIES.get(src)
    if q is None:
        from tree_sitter import Query, QueryCursor

        get_parser()
        from tree_sitter import Language

        q = (Query(Language(_bash_binding().language()), src), QueryCursor)
        _QUERIES[src] = q
    return q


def captures(src: str, node) -> dict:
    query, cursor_cls = _query(src)
    return cursor_cls(query).captures(node)


# Every node kind the analysis looks up by kind, in ONE query run over the tree
# (BashAnalysis._nodes).  Measured on the 10,000-step bench manual: one query costs
# about what the commands query alone did, the five separate ones ~2.5 times more;
# and a cursor walk of every node from Python (flat arrays of kind/start/end/parent)
# costs ~2.5 times one query, because py-tree-sitter's cursor gives a node's kind only
# through a Node object.  A query's cost is mostly the walk of the tree: on the same
# manual one pattern alone costs ~75 % of the whole index, and the for loops and arrays
# (@l, @a) add ~2 % to it where their own queries cost ~75 % each time they ran.
INDEX_QUERY = (
    "[(command) (declaration_command) (unset_command) (test_command)] @c "
    "(heredoc_redirect) @h "
    "(function_definition) @f "
    "(redirected_statement) @r "
    "(command name: (command_name (word) @w)) "
    "[(ERROR) @e (MISSING) @e] "
    "(for_statement) @l "
    "(array) @a "
    "(case_statement) @k"
)


class Offsets:
    __slots__ = ("ascii", "c2b")

    def __init__(self, script: str, data: bytes):
        self.ascii = len(data) == len(script)
        self.c2b: list = []
        if not self.ascii:
            acc = 0
            c2b = [0] * (len(script) + 1)
            for i, ch in enumerate(script):
                o = ord(ch)
                acc += 1 if o < 0x80 else 2 if o < 0x800 else 3 if o < 0x10000 else 4
                c2b[i + 1] = acc
            self.c2b = c2b

    def b(self, c: int) -> int:
        return c if self.ascii else self.c2b[c]

    def c(self, b: int) -> int:
        if self.ascii:
            return b
        i = bisect.bisect_left(self.c2b, b)
        return i
