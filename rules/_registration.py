"""One fact, one finding: grouping repeated registration issues.

* UL005 (0.x document): every 0.x key of one document is one fact -- "this is
  a 0.x document" -- so the document gets one finding at its first 0.x key,
  listing each key with how often it occurs and what utcp 1.x expects instead.
  Every individual key stays attached as a related location (SARIF
  ``relatedLocations``) with its detailed message.  The finding carries the
  mechanical migration (:mod:`utcp_lint.document.migrate`) as its fix.
* UL002 (unknown key dropped): the same unknown key on the same model
  repeated across many tools (a generator's ``metadata`` on 240 providers) is
  one finding at the first place, with the count in the message and the other
  places as related locations.

The validation issues themselves (:mod:`utcp_lint.models`) stay one per key;
only the findings are grouped.  See docs/design/noise.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..core.findings import Related
from ..models import issue_span

if TYPE_CHECKING:
    from ..core.findings import Finding
    from ..ruleset.context import DocumentContext
    from ..ruleset.rule import Rule

# what utcp 1.x expects instead of each 0.x key
EXPECTS = {
    "provider_type": "'call_template_type'",
    "tool_provider": "'tool_call_template'",
    "command_name": "'commands': [{\"command\": ...}] with UTCP_ARG_<name>_UTCP_END placeholders",
    "version": "'utcp_version' + 'manual_version'",
    "providers": "'manual_call_templates'",
    "providers_file_path": "'manual_call_templates' (a \"file\" call template per manual)",
    "type": "'variable_loader_type'",
    "param_style": "nothing (never implemented; delete it)",
    "output_format": "nothing (never implemented; delete it)",
}
_RANK = {"note": 0, "warning": 1, "error": 2}
MAX_LISTED = 6  # keys named in one message


def _related(doc, iss) -> Related:
    s, e = issue_span(doc, iss)
    return Related(iss.message, doc.source.path, doc.source.region(s, e), iss.pointer)


def legacy_findings(rule: Rule, doc: DocumentContext) -> Iterator[Finding]:
    """One UL005 finding per document (see the module docstring)."""
    issues = [i for i in doc.validation if i.code == "legacy"]
    if not issues:
        return
    first = issues[0]
    sev = max((i.severity for i in issues), key=lambda s: _RANK[s])
    counts: dict = {}
    for i in issues:
        k = i.key or "?"
        # a tool_provider next to a tool_call_template is merely dropped: delete it
        label = k
        if k == "tool_provider" and i.severity == "warning":
            label = "tool_provider (beside tool_call_template)"
        counts[label] = counts.get(label, 0) + 1
    parts = []
    for label, n in list(counts.items())[:MAX_LISTED]:
        key = label.split(" ", 1)[0]
        want = EXPECTS.get(key, "see the related locations")
        if label != key:
            want = "nothing (delete it)"
        parts.append(f"'{key}'{f' x{n}' if n > 1 else ''} -> {want}")
    if len(counts) > MAX_LISTED:
        parts.append(f"{len(counts) - MAX_LISTED} more key(s)")
    effect = (
        "utcp 1.x rejects or ignores what these keys configure"
        if sev == "error"
        else "utcp 1.x drops these keys silently"
    )
    fix = None
    try:
        from ..document.migrate import migration_fix

        fix = migration_fix(doc)
    except Exception:  # containment: the finding matters more than its fix
        fix = None
    how = ""
    if fix is not None:
        how = (
            "; 'utcp-lint --fix' migrates it"
            if getattr(fix, "safe", True)
            else "; 'utcp-lint --fix --unsafe-fixes' migrates it (review the converted commands: 1.x "
            "passes arguments only where a placeholder says so)"
        )
    n = len(issues)
    msg = f"UTCP 0.x document ({n} 0.x key{'s' if n != 1 else ''}): {'; '.join(parts)}. {effect}{how}"
    s, e = issue_span(doc, first)
    related = [_related(doc, i) for i in issues]
    yield rule.finding(
        doc.source, s, e, msg, pointer=first.pointer, tool=first.tool, severity=sev, related=related, fix=fix
    )


def grouped_issue_findings(rule, doc, codes: tuple, severity: str | None = None):
    """Findings for issues with ``codes``; identical messages in one document
    are one finding at the first place (count in the message, the rest as
    related locations)."""
    groups: dict = {}
    order = []
    for iss in doc.validation:
        if iss.code not in codes or (severity is not None and iss.severity != severity):
            continue
        k = (iss.message, iss.severity)
        if k not in groups:
            groups[k] = []
            order.append(k)
        groups[k].append(iss)
    for k in order:
        items = groups[k]
        first = items[0]
        s, e = issue_span(doc, first)
        msg = first.message
        related = []
        fix = first.fix
        if len(items) > 1:
            tools = {i.tool for i in items if i.tool}
            where = f" in {len(tools)} tools" if len(tools) > 1 else ""
            msg = f"{msg} ({len(items)} occurrences{where}; first here, the others are related locations)"
            related = [_related(doc, i) for i in items[1:]]
            fix = None
        yield rule.finding(
            doc.source,
            s,
            e,
            msg,
            pointer=first.pointer,
            tool=first.tool,
            severity=first.severity,
            related=related,
            fix=fix,
        )
