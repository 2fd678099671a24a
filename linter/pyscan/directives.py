"""Text of a reStructuredText document read by a directive class (issue 25, pyA19).

A documentation extension's directive (``class ManimDirective(Directive)``, a plot or
"exec"/"program-output" directive) reads what the document wrote under it:
``self.arguments`` (the words after ``.. name::``), ``self.options`` (its ``:opt:``
fields), ``self.content`` (its indented body) and ``self.block_text`` (the whole block).
docutils documentation, "Creating reStructuredText Directives" (the ``Directive`` class's
attributes ``arguments``, ``options``, ``content``, ``block_text``), and Sphinx's
``sphinx.util.docutils.SphinxDirective`` (a subclass of it).  Whoever writes the document
(a file the build reads) chooses that text: an outside value by the project's criteria,
evaluated like ``sys.argv`` (a program input).  The class must derive, in its module or
through a base defined beside it, from one of :data:`DIRECTIVE_BASES`.
"""

from __future__ import annotations

import ast

from .scopes import Scope, method_class, module_mro

__all__ = ["DIRECTIVE_ATTRS", "DIRECTIVE_BASES", "directive_input"]

#: the directive classes of docutils and Sphinx (qualified names the evaluator resolves)
DIRECTIVE_BASES = frozenset(
    {
        "docutils.parsers.rst.Directive",
        "docutils.parsers.rst.directives.Directive",
        "sphinx.util.docutils.SphinxDirective",
        "sphinx.directives.SphinxDirective",
        "sphinx.directives.code.CodeBlock",
        "sphinx.directives.ObjectDescription",
    }
)
#: the attributes holding the document's text (docutils ``Directive``)
DIRECTIVE_ATTRS = frozenset({"arguments", "options", "content", "block_text"})


def directive_input(ev_, model, e: ast.Attribute, scope: Scope) -> str | None:
    """``"the documentation directive's self.content"`` when ``e`` is ``self.X`` (X one of
    :data:`DIRECTIVE_ATTRS`) in a method of a directive class; else None."""
    if e.attr not in DIRECTIVE_ATTRS or not ({"docutils", "sphinx"} & model.imported):
        return None
    if not (isinstance(e.value, ast.Name) and e.value.id == "self"):
        return None
    cls = method_class(scope)
    if cls is None:
        return None
    for c in module_mro(cls):
        if e.attr in c.bindings:
            return None  # the class sets it itself: not the document's
        if not isinstance(c.node, ast.ClassDef) or c.parent is None:
            continue
        for b in c.node.bases:
            if any(v.kind == "name" and v.name in DIRECTIVE_BASES for v in ev_.values(b, c.parent)):
                return f"the documentation directive's self.{e.attr}"
    return None
