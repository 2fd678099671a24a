"""The one load path: a JSON text -> :class:`DocumentContext` (issue 26).

``check`` (:mod:`.document`), ``verify``/``run``/``declare``
(:mod:`utcp_lint.executor.load`), ``lock`` (:mod:`utcp_lint.cli.lock`) and
``migrate`` all load a document here; each says in its own words what it does
with a text that is not JSON (:class:`JsonError`) or not UTCP (``doc.kind`` is
None).  The tree is built with the collector paused (:func:`~utcp_lint.document.jsonpos.no_gc`:
it creates no cycles) and the context with recursion headroom for deep documents.
"""

from __future__ import annotations

from typing import Any

from ..core.fieldwise import frozen_delattr, frozen_setattr, record, record_eq, record_hash, record_repr
from ..core.findings import SourceFile
from ..core.options import LintOptions
from ..document.jsonpos import JSONPosError, no_gc, parse
from ..ruleset.context import DocumentContext
from .rules import recursion_headroom


@record
class JsonError:
    """The text is not JSON: the parser's message and its 1-based position."""

    message: str
    line: int
    column: int

    def __init__(self, message: str, line: int, column: int) -> None:
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = record_hash
    __setattr__ = frozen_setattr
    __delattr__ = frozen_delattr


class ContextFailed(Exception):
    """Building the context from a parsed tree raised (a bug, never the input's
    fault): the caller reports it as an internal error (``__cause__``)."""


def load_document(
    text: str, path: str, options: LintOptions | None = None, memo: Any = None
) -> DocumentContext | JsonError:
    """``text`` (the file ``path``) as a :class:`DocumentContext`, or where it
    is not JSON.  Raises :class:`ContextFailed` when building the context fails.
    ``memo``: the language server's document memo (re-reads only what changed)."""
    source = SourceFile(path, text)
    try:
        root = parse(text) if memo is None else memo.parse(text)  # collector paused inside
    except JSONPosError as e:
        line, col = source.lines.position(min(e.offset, len(text)))
        return JsonError(e.message, line, col)
    try:
        with recursion_headroom(), no_gc():
            data = memo.data(root) if memo is not None else None
            doc = DocumentContext(source, root, options or LintOptions(), data=data)
            if memo is not None:
                doc.validation_cache = memo.validation_cache
            return doc
    except Exception as e:  # containment: the caller reports it
        raise ContextFailed(str(e)) from e


__all__ = ["load_document", "JsonError", "ContextFailed"]
