"""Load a UTCP document and find its CLI tools (shared by ``run`` and ``verify``)."""

from __future__ import annotations

from ..core.findings import SourceFile
from ..document.jsonpos import JSONPosError, parse
from ..ruleset.context import CliTemplate, DocumentContext, LintOptions
from ..run.discover import Target, display_path
from ..run.read import read_text


class LoadError(Exception):
    pass


def load_document(path: str, options: LintOptions | None = None) -> DocumentContext:
    target = Target(path, "<stdin>" if path == "-" else display_path(path), True)
    text, err = read_text(target)
    if err is not None:
        raise LoadError(err.text())
    assert text is not None  # read_text gives the text or the error
    source = SourceFile(target.display, text)
    try:
        root = parse(text)
    except JSONPosError as e:
        line, col = source.lines.position(min(e.offset, len(text)))
        raise LoadError(f"{target.display}:{line}:{col}: invalid JSON: {e.message}") from e
    doc = DocumentContext(source, root, options or LintOptions())
    if doc.kind is None:
        raise LoadError(f"{target.display}: not a UTCP document (no manual, config or call template shape)")
    return doc


def template_name(tpl: CliTemplate) -> str:
    if tpl.tool:
        return tpl.tool
    name = tpl.raw.get("name") if isinstance(tpl.raw, dict) else None
    return name if isinstance(name, str) and name else tpl.pointer or "/"


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
