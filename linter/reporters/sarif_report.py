"""``--format sarif``: SARIF 2.1.0 for GitHub code scanning and other viewers.

Built with the ``sarif-om`` object model (imported only here, so only SARIF
runs pay for it) and serialised by :func:`to_json`, which keeps the schema's
property names.  The log validates against the OASIS SARIF 2.1.0 schema and
carries every field GitHub code scanning reads:

* ``tool.driver``: name, version, semanticVersion, informationUri and every
  known rule (id, name, short/full description, help text + Markdown from the
  rule docs, helpUri, defaultConfiguration.level, properties.tags with the
  rule's category first -- security, correctness or hygiene -- precision,
  problem.severity, and security-severity for security rules only).
* results: ruleId, ruleIndex, level, message, one location (URI relative to
  ``%SRCROOT%`` = the repository root: ``--project-root``, else the git top
  level above the working directory, else the working directory; region in ``unicodeCodePoints``
  columns, end exclusive), a logical location (the JSON pointer),
  ``partialFingerprints.primaryLocationLineHash`` (independent of line
  numbers: see :mod:`utcp_lint.run.baseline`), relatedLocations (the finding's own,
  or for a placeholder finding the tool's ``inputs.properties.<name>``), and the
  finding's fix as a SARIF ``fix`` with ``artifactChanges``.
* ``invocations[0]``: executionSuccessful, and each file error (exit-2 input)
  as a ``toolExecutionNotification``.
* ``automationDetails.id`` = ``utcp-lint/`` (the category).
"""

from __future__ import annotations

import json
import os
from pathlib import Path, PurePosixPath
from urllib.parse import quote

import attr
import sarif_om as om

from .. import __version__
from ..core.findings import SourceFile
from ..core.lazyre import compile_pattern
from ..ruleset.docs import REPO_URL, category, full_description, help_uri, rule_markdown, rule_text, tags
from ..run.baseline import content_hash, source_text

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"
_LEVEL = {"error": "error", "warning": "warning", "note": "note"}
_PROBLEM = {"error": "error", "warning": "warning", "note": "recommendation"}
_PLACEHOLDER = compile_pattern(r"UTCP_ARG_([a-zA-Z0-9_]+?)_UTCP_END")
_TOOL_PREFIX = compile_pattern(r"^(/tools/\d+)(?=/|$)")
_RULE_IN_ERROR = compile_pattern(r"internal error in rule (UL\d+)")
_MAX_SNIPPET = 400
_MAX_LINKS = 5  # related locations linked from a message (all are listed in relatedLocations)

# fields whose default value is still worth writing out (SARIF's default level
# is "warning"; write it so every consumer sees the level without defaults)
_ALWAYS = {"level"}


# ----------------------------------------------------------------------------
# serialisation of sarif-om objects
# ----------------------------------------------------------------------------


def to_json(obj):
    """sarif-om object tree -> plain JSON data, schema property names, no
    unset (None / default) values; ``PropertyBag`` extra attributes kept."""
    if isinstance(obj, (list, tuple)):
        return [to_json(x) for x in obj]
    if isinstance(obj, dict):
        return {k: to_json(v) for k, v in obj.items()}
    if attr.has(type(obj)):
        out = {}
        for a in attr.fields(type(obj)):
            v = getattr(obj, a.name)
            if v is None:
                continue
            d = a.default
            # attrs' stubs declare Factory a function; at run time it is the class of a factory default
            if isinstance(d, attr.Factory):  # type: ignore[arg-type]
                d = d.factory()
            if a.name not in _ALWAYS and d is not attr.NOTHING and d is not None and v == d:
                continue
            out[a.metadata.get("schema_property_name", a.name)] = to_json(v)
        if isinstance(obj, om.PropertyBag):
            names = {a.name for a in attr.fields(type(obj))}
            for k, v in vars(obj).items():
                if k not in names and v is not None:
                    out[k] = to_json(v)
        return out
    return obj


def _bag(tags_=None, extra: dict | None = None) -> om.PropertyBag:
    """A property bag; SARIF allows any extra keys beside ``tags``."""
    pb = om.PropertyBag(tags=tags_)
    for k, v in (extra or {}).items():
        setattr(pb, k, v)
    return pb


# ----------------------------------------------------------------------------
# locations
# ----------------------------------------------------------------------------


class _Artifacts:
    """URIs relative to the source root, one ``artifacts[]`` entry per file."""

    def __init__(self, root: str, base: str | None = None):
        self.root = os.path.abspath(root or os.getcwd())
        self.base = os.path.abspath(base) if base else self.root
        self.index: dict[str, int] = {}
        self.items: list = []

    def uri(self, path: str) -> tuple[str, str | None]:
        if path.startswith("<"):  # <stdin>
            return quote(path, safe=""), None
        if path.startswith(("https://", "http://")):  # a fetched manual (--fetch): its URL
            return path, None
        # display paths are relative to the working directory (``base``), which
        # may be a subdirectory of the root (a git top level or --project-root)
        absp = os.path.abspath(os.path.join(self.base, path))
        try:
            rel = os.path.relpath(absp, self.root)
        except ValueError:
            rel = None
        if rel is None or rel == ".." or rel.startswith(".." + os.sep) or os.path.isabs(rel):
            return Path(absp).as_uri(), None
        return quote(PurePosixPath(*Path(rel).parts).as_posix(), safe="/"), SRCROOT

    def location(self, path: str) -> om.ArtifactLocation:
        uri, base = self.uri(path)
        if path not in self.index:
            self.index[path] = len(self.items)
            low = path.lower()
            lang = "json" if low.endswith(".json") else "python" if low.endswith(".py") else None
            mime = {"json": "application/json", "python": "text/x-python"}.get(lang or "")
            self.items.append(
                om.Artifact(
                    location=om.ArtifactLocation(uri=uri, uri_base_id=base),
                    source_language=lang,
                    mime_type=mime,
                    encoding="utf-8",
                )
            )
        return om.ArtifactLocation(uri=uri, uri_base_id=base, index=self.index[path])

    def root_uri(self) -> str:
        u = Path(self.root).as_uri()
        return u if u.endswith("/") else u + "/"

    def base_uri(self) -> str:
        u = Path(self.base).as_uri()
        return u if u.endswith("/") else u + "/"


def _region(line, col, end_line, end_col, snippet: str | None = None) -> om.Region:
    line, col = max(1, line or 1), max(1, col or 1)
    end_line = max(line, end_line or line)
    end_col = max(1, end_col or col)
    if end_line == line and end_col < col:
        end_col = col
    reg = om.Region(start_line=line, start_column=col, end_line=end_line, end_column=end_col)
    if snippet:
        reg.snippet = om.ArtifactContent(text=snippet)
    return reg


def _escape_msg(s: str) -> str:
    """Brackets and backslashes escaped, for messages that embed links."""
    return s.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


# ----------------------------------------------------------------------------
# related locations derived from the document
# ----------------------------------------------------------------------------


class _Docs:
    """Parsed JSON documents by path, parsed at most once, only when needed."""

    def __init__(self, result):
        self.result = result
        self.cache: dict = {}

    def text(self, path: str) -> str | None:
        if path not in self.cache:
            self.cache[path] = [source_text(self.result, path), None, False]
        return self.cache[path][0]

    def root(self, path: str):
        self.text(path)
        ent = self.cache[path]
        if not ent[2]:
            ent[2] = True
            if ent[0] is not None and path.lower().endswith(".json"):
                from ..document.jsonpos import JSONPosError, parse

                try:
                    ent[1] = parse(ent[0])
                except (JSONPosError, RecursionError, ValueError):
                    ent[1] = None
        return ent[1]


def _input_related(f, docs: _Docs) -> list:
    """For a finding on placeholders: the tool's ``inputs.properties.<name>`` keys."""
    if not f.pointer or "/tool_call_template" not in f.pointer:
        return []
    text = docs.text(f.path)
    if text is None or not (0 <= f.start < f.end <= len(text)):
        return []
    names = []
    for m in _PLACEHOLDER.finditer(text[f.start : f.end]):
        if m.group(1) not in names:
            names.append(m.group(1))
    if not names:
        return []
    tm = _TOOL_PREFIX.match(f.pointer)
    tool_ptr = tm.group(1) if tm else ("" if f.pointer.startswith("/tool_call_template") else None)
    if tool_ptr is None:
        return []
    root = docs.root(f.path)
    if root is None:
        return []
    from ..document.jsonpos import resolve_pointer

    props = resolve_pointer(root, tool_ptr + "/inputs/properties")
    if props is None or props.kind != "object":
        return []
    src = SourceFile(f.path, text)
    out = []
    for name in names:
        kn = props.key_node(name)
        if kn is None:
            continue
        r = src.region(kn.start, kn.end)
        out.append((f"input '{name}' declared here", r, f"{props.pointer}/{name}"))
    return out


# ----------------------------------------------------------------------------
# rules
# ----------------------------------------------------------------------------


# A finding's own security severity: the rule's value (its worst case) scaled by
# the finding's severity and confidence, so a low-confidence note-level guess is
# not filed like a proven injection (issue 12).  GitHub code scanning ranks by
# the rule's value; other consumers can read the result's.
_SEV_FACTOR = {"error": 1.0, "warning": 0.8, "note": 0.4}
_CONF_FACTOR = {"high": 1.0, "medium": 0.85, "low": 0.6}


def finding_security_severity(rule, f) -> str:
    v = float(rule.sec_severity) * _SEV_FACTOR.get(f.severity, 1.0) * _CONF_FACTOR.get(f.confidence, 1.0)
    return f"{min(10.0, max(0.1, v)):.1f}"


def _descriptor(rule) -> om.ReportingDescriptor:
    return om.ReportingDescriptor(
        id=rule.id,
        name=rule.name,
        short_description=om.MultiformatMessageString(text=rule.short_description),
        full_description=om.MultiformatMessageString(text=full_description(rule)),
        help=om.MultiformatMessageString(text=rule_text(rule), markdown=rule_markdown(rule)),
        help_uri=help_uri(rule.id),
        default_configuration=om.ReportingConfiguration(
            level=_LEVEL[rule.severity], enabled=bool(rule.default_enabled)
        ),
        properties=_bag(
            tags(rule),
            {
                "precision": rule.confidence,
                "problem.severity": _PROBLEM[rule.severity],
                "scope": rule.scope,
                **(
                    {"security-severity": f"{min(10.0, max(0.1, float(rule.sec_severity))):.1f}"}
                    if category(rule) == "security"
                    else {}
                ),
            },
        ),
    )


def _adhoc_descriptor(rule_id: str, finding) -> om.ReportingDescriptor:
    """A rule id that is not in the registry (should not happen; never crash)."""
    name = finding.name or rule_id
    return om.ReportingDescriptor(
        id=rule_id,
        name=name,
        short_description=om.MultiformatMessageString(text=name),
        default_configuration=om.ReportingConfiguration(level=_LEVEL.get(finding.severity, "warning")),
        properties=_bag(["security"], {"precision": finding.confidence}),
    )


# ----------------------------------------------------------------------------
# render
# ----------------------------------------------------------------------------


def build(result, ctx) -> om.SarifLog:
    rules = dict(sorted((ctx.rules or {}).items()))
    descriptors = [_descriptor(r) for r in rules.values()]
    rule_index = {rid: i for i, rid in enumerate(rules)}
    for f in result.findings:
        if f.rule not in rule_index:
            rule_index[f.rule] = len(descriptors)
            descriptors.append(_adhoc_descriptor(f.rule, f))

    arts = _Artifacts(ctx.root or os.getcwd(), getattr(ctx, "cwd", None))
    docs = _Docs(result)
    occurrences: dict = {}
    results = []
    for f in result.findings:
        text = docs.text(f.path)
        h = content_hash(f, text)
        occ_key = (f.path, h)
        occurrences[occ_key] = occurrences.get(occ_key, 0) + 1
        snippet = None
        if text is not None and 0 <= f.start < f.end <= len(text) and f.line == f.end_line:
            s = text[f.start : f.end]
            if len(s) <= _MAX_SNIPPET:
                snippet = s
        loc = om.Location(
            physical_location=om.PhysicalLocation(
                artifact_location=arts.location(f.path),
                region=_region(f.line, f.column, f.end_line, f.end_column, snippet),
            ),
        )
        if f.pointer or f.tool:
            loc.logical_locations = [
                om.LogicalLocation(name=f.tool or None, fully_qualified_name=f.pointer or None, kind="value")
            ]

        related = [(r.message, r.region, r.pointer, r.path) for r in (f.related or [])]
        if not related:
            related = [(m, r, p, f.path) for m, r, p in _input_related(f, docs)]
        message = f.message + (f" (tool {f.tool})" if f.tool else "")
        rel_locs = None
        if related:
            rel_locs = []
            links = []
            for i, (msg, reg, ptr, path) in enumerate(related, start=1):
                rl = om.Location(
                    id=i,
                    physical_location=om.PhysicalLocation(
                        artifact_location=arts.location(path),
                        region=_region(reg.line, reg.column, reg.end_line, reg.end_column),
                    ),
                    message=om.Message(text=msg),
                )
                if ptr:
                    rl.logical_locations = [om.LogicalLocation(fully_qualified_name=ptr, kind="value")]
                rel_locs.append(rl)
                if i <= _MAX_LINKS:
                    links.append(f"[{_escape_msg(msg)}]({i})")
            if len(related) > _MAX_LINKS:  # a grouped finding: every place stays a related location
                links.append(f"{len(related) - _MAX_LINKS} more related locations")
            message = _escape_msg(message.rstrip(".")) + ". See " + "; ".join(links) + "."

        fixes = None
        if f.fix is not None and f.fix.edits and text is not None:
            src = SourceFile(f.path, text)
            reps: list[om.Replacement] = []
            for e in sorted(f.fix.edits, key=lambda e: (e.start, e.end)):
                if not (0 <= e.start <= e.end <= len(text)):
                    reps = []
                    break
                r = src.region(e.start, e.end)
                reps.append(
                    om.Replacement(
                        deleted_region=_region(r.line, r.column, r.end_line, r.end_column),
                        inserted_content=om.ArtifactContent(text=e.replacement),
                    )
                )
            if reps:
                fixes = [
                    om.Fix(
                        description=om.Message(text=f.fix.description),
                        artifact_changes=[
                            om.ArtifactChange(artifact_location=arts.location(f.path), replacements=reps)
                        ],
                    )
                ]

        props = {"confidence": f.confidence}
        rule_obj = rules.get(f.rule)
        if rule_obj is not None and category(rule_obj) == "security":
            props["security-severity"] = finding_security_severity(rule_obj, f)
        if f.pointer:
            props["pointer"] = f.pointer
        if f.tool:
            props["tool"] = f.tool
        results.append(
            om.Result(
                rule_id=f.rule,
                rule_index=rule_index[f.rule],
                level=_LEVEL.get(f.severity, "warning"),
                message=om.Message(text=message),
                locations=[loc],
                partial_fingerprints={"primaryLocationLineHash": f"{h}:{occurrences[occ_key]}"},
                related_locations=rel_locs,
                fixes=fixes,
                properties=_bag(None, props),
            )
        )

    notifications = []
    for e in result.errors:
        n = om.Notification(message=om.Message(text=e.message), level="error")
        loc = om.Location(physical_location=om.PhysicalLocation(artifact_location=arts.location(e.path)))
        if e.line is not None:
            loc.physical_location.region = om.Region(start_line=max(1, e.line), start_column=max(1, e.column or 1))
        n.locations = [loc]
        m = _RULE_IN_ERROR.search(e.message)
        if m:
            rid = m.group(1)
            n.associated_rule = om.ReportingDescriptorReference(id=rid, index=rule_index.get(rid, -1))
        notifications.append(n)

    driver = om.ToolComponent(
        name="utcp-lint",
        version=__version__,
        semantic_version=__version__,
        information_uri=REPO_URL,
        rules=descriptors,
        full_name=f"utcp-lint {__version__}",
    )
    run = om.Run(
        tool=om.Tool(driver=driver),
        results=results,
        invocations=[
            om.Invocation(
                execution_successful=not result.errors,
                tool_execution_notifications=notifications or None,
                working_directory=om.ArtifactLocation(uri=arts.base_uri()),
            )
        ],
        artifacts=arts.items or None,
        original_uri_base_ids={SRCROOT: om.ArtifactLocation(uri=arts.root_uri())},
        automation_details=om.RunAutomationDetails(id="utcp-lint/"),
        column_kind="unicodeCodePoints",
    )
    return om.SarifLog(version="2.1.0", schema_uri=SCHEMA_URI, runs=[run])


def render(result, ctx) -> str:
    data = to_json(build(result, ctx))
    ordered = {"$schema": data.pop("$schema"), "version": data.pop("version"), **data}
    return json.dumps(ordered, indent=2, ensure_ascii=False) + "\n"
