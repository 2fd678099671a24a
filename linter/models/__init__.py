"""Pydantic v2 models mirroring utcp 1.2.0 and its plugins (registration validation).

``validate_document(doc) -> list[Issue]`` is the entry point used by
:attr:`utcp_lint.ruleset.context.DocumentContext.validation`.  It reports *every*
problem the runtime would trip over (the runtime stops at the first), each
with a JSON pointer into the document; :func:`issue_span` turns an issue into
exact source offsets.  The rules UL001-UL010 only read these issues (filtered
by :attr:`Issue.code`), they never validate anything themselves.

Codes (-> rule):

===================  ====  =====================================================
invalid, missing,    UL001 the runtime rejects the document (wrong type, missing
unknown-type               required field, unregistered type)
unknown-key          UL002 the runtime drops the key silently (warning)
extra                UL003 extra top-level manual key: fatal TypeError
empty-commands       UL004 ``commands: []`` passes the model, fails at use
legacy               UL005 a 0.x key (error when it makes the runtime reject)
websocket-url        UL006 utcp-websocket's URL validator rejects it
text-file-path       UL007 utcp-text no longer accepts ``file_path``
plugin-not-registered UL008 utcp-gql has no entry point (warning)
not-a-list           UL009 ``{}``/``""`` where an array belongs (warning)
url-refused          UL010 the HTTP-family plugins refuse the URL at use
===================  ====  =====================================================
"""

from __future__ import annotations

from typing import Any

from ..core.fieldwise import record, record_eq, record_repr


@record(slots=True)
class Issue:
    """One registration problem of a document, at a JSON pointer (see the module docstring for the codes)."""

    pointer: str  # JSON pointer of the offending value (or its parent for missing fields)
    message: str
    severity: str = "error"  # error: the runtime rejects it; warning: silently dropped/ignored
    code: str = "invalid"  # see the module docstring
    key: str | None = None  # for missing/unknown keys: the key name
    on_key: bool = False  # point at the key rather than the value
    tool: str | None = None  # name of the tool the pointer is inside (manuals)
    fix: Any = None  # utcp_lint.core.findings.Fix for pure key renames

    def __init__(
        self,
        pointer: str,
        message: str,
        severity: str = "error",
        code: str = "invalid",
        key: str | None = None,
        on_key: bool = False,
        tool: str | None = None,
        fix: Any = None,
    ) -> None:
        self.pointer = pointer
        self.message = message
        self.severity = severity
        self.code = code
        self.key = key
        self.on_key = on_key
        self.tool = tool
        self.fix = fix

    __repr__ = record_repr
    __eq__ = record_eq


def validate_document(doc) -> list[Issue]:
    """Every registration issue in ``doc`` (a DocumentContext), sorted by position."""
    if doc.kind is None:
        return []
    # plain-Python proof of validity first: pydantic is imported only when
    # the pre-check cannot prove the document valid (cold start; precheck.py)
    from .precheck import proves_valid

    if proves_valid(doc.kind, doc.data, getattr(doc.source, "text", None)):
        return []
    from .validate import Validator

    def make(**kw):
        iss = Issue(**kw)
        iss.tool = doc.tool_for_pointer(iss.pointer)
        return iss

    v = Validator(doc, make, getattr(doc, "validation_cache", None))
    v.run()
    out = []
    seen = set()
    for iss in v.issues:
        k = (iss.pointer, iss.code, iss.key, iss.message)
        if k not in seen:
            seen.add(k)
            out.append(iss)
    out.sort(key=lambda i: issue_span(doc, i)[0])
    return out


def issue_span(doc, issue: Issue) -> tuple[int, int]:
    """Source offsets ``[start, end)`` an issue points at.

    * value issues: the value itself;
    * key issues (unknown key, legacy key, missing field): the key string, or,
      when the object has no key (the document root or an array item), its
      opening brace.
    """
    node = doc.node(issue.pointer)
    if node is None:
        node = doc.nearest_node(issue.pointer)
    if issue.on_key:
        kn = doc.key_node_for(node)
        if kn is not None:
            return kn.start, kn.end
        if node.kind in ("object", "array"):
            return node.start, node.start + 1
    return node.start, node.end


def findings_for(rule, doc, codes: tuple, severity: str | None = None):
    """Findings of ``rule`` for the validation issues with the given codes."""
    for iss in doc.validation:
        if iss.code not in codes:
            continue
        if severity is not None and iss.severity != severity:
            continue
        s, e = issue_span(doc, iss)
        yield rule.finding(
            doc.source, s, e, iss.message, pointer=iss.pointer, tool=iss.tool, severity=iss.severity, fix=iss.fix
        )


__all__ = ["Issue", "validate_document", "issue_span", "findings_for"]
