"""Load a UTCP document and find its CLI tools (shared by ``run``, ``verify`` and ``declare``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.options import LintOptions
from ..run.discover import Target, display_path
from ..run.load import ContextFailed, JsonError, load_document
from ..run.read import read_text

if TYPE_CHECKING:
    from ..ruleset.context import CliTemplate, DocumentContext


class LoadError(Exception):
    pass


def load_file(path: str, options: LintOptions | None = None) -> DocumentContext:
    """The document at ``path`` (``-``: standard input), or :class:`LoadError`
    with one line saying why not."""
    target = Target(path, "<stdin>" if path == "-" else display_path(path), True)
    text, err = read_text(target)
    if err is not None:
        raise LoadError(err.text())
    assert text is not None  # read_text gives the text or the error
    try:
        doc = load_document(text, target.display, options)
    except ContextFailed as e:
        raise LoadError(f"{target.display}: internal error while loading the document ({e}); please report it") from e
    if isinstance(doc, JsonError):
        raise LoadError(f"{target.display}:{doc.line}:{doc.column}: invalid JSON: {doc.message}")
    if doc.kind is None:
        raise LoadError(f"{target.display}: not a UTCP document (no manual, config or call template shape)")
    return doc


def template_name(tpl: CliTemplate) -> str:
    return tpl.display_name


def cli_templates(doc: DocumentContext) -> list[CliTemplate]:
    return list(doc.templates)


def find_tool(doc: DocumentContext, name: str) -> CliTemplate:
    templates = cli_templates(doc)
    for tpl in templates:
        if template_name(tpl) == name:
            return tpl
    known = sorted({template_name(t) for t in templates})
    other = [t.name for t in doc.tools if t.name == name]
    if other:
        raise LoadError(f"tool '{name}' is not a CLI tool (its call template is not of type 'cli')")
    hint = f"; CLI tools here: {', '.join(known)}" if known else "; this document has no CLI tools"
    raise LoadError(f"no CLI tool named '{name}'{hint}")
