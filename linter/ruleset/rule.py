"""The rule contract and the registry.

A rule is one module in ``rules/`` (importable as ``utcp_lint.rules.<module>``)
that defines ``RULE = Rule(...)`` and decorates its check with ``@RULE.check``.
The module docstring is the rule's documentation: the first line is the short
description, the rest is Markdown with the sections *What it does*, *Why is
this dangerous*, *Example* and *Fix*.  ``docs/rules/*.md``, ``utcp-lint rule ID``
and the SARIF rule help are all generated from it.

A check reads its analyses from the context (``tpl.bash``, ``tpl.declarations``,
``doc.lock_comparison``...; see :mod:`utcp_lint.ruleset.context`) and names the one it
cannot work without in ``needs`` (``Rule(..., needs="bash")``): the engine then
runs it only where that analysis applies.

Scopes (what the check receives):

* ``document`` -- a :class:`utcp_lint.ruleset.context.DocumentContext` (one JSON file).
* ``template`` -- a :class:`utcp_lint.ruleset.context.CliTemplate` (one CLI call
  template, from a JSON document or from Python source).
* ``python``   -- a :class:`utcp_lint.pyscan.PythonContext` (one .py file).

A check yields :class:`utcp_lint.core.findings.Finding` objects, built with the
helpers below so that every finding carries the exact position.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..core.fieldwise import field, record, record_eq, record_repr
from ..core.findings import Finding, Fix, Related, SourceFile
from .analyses import NEEDS  # the analyses a rule may name in ``needs``, by scope: from the table

if TYPE_CHECKING:
    from ..document.jsonpos import Node
    from .context import CliTemplate, DocumentContext, Step

# a check receives the context of its scope and yields findings (or returns None)
Check = Callable[[Any], Iterable[Finding] | None]

SCOPES = ("document", "template", "python")


@record
class Rule:
    """A rule's metadata and its check (one module per rule in ``rules/``)."""

    id: str
    name: str
    severity: str  # error | warning | note
    confidence: str  # high | medium | low
    scope: str
    doc: str = ""
    tags: tuple[str, ...] = ("security",)
    # 0.1 .. 10 for GitHub code scanning; derived from severity when None
    security_severity: float | None = None
    # rules that only make sense when asked for (e.g. dynamic ones)
    default_enabled: bool = True
    # other tools' ids for the same check (bandit / ruff: "B602", "S602"); a
    # bandit ``nosec`` or ruff ``noqa`` comment naming one suppresses the finding
    aliases: tuple[str, ...] = ()
    # the context analysis the check reads (``CliTemplate.applies`` /
    # ``DocumentContext.applies``): the engine skips the rule where it does not
    # apply or failed, without importing the rule's module
    needs: str | None = None
    # what the rule reports about a tool of a manual depends on that tool's text
    # alone (and what it reports outside the tools on the text outside them):
    # the language server reuses its findings per unchanged tool (run/memo.DocumentMemo)
    tool_local: bool = False
    _check: Callable[..., Any] | None = field(default=None, repr=False)
    # the module under utcp_lint.rules that defines the rule ("" until discovery or the
    # registry sets it); not part of the rule's identity
    module: str = field(default="", repr=False, compare=False)

    def __init__(
        self,
        id: str,
        name: str,
        severity: str,
        confidence: str,
        scope: str,
        doc: str = "",
        tags: tuple[str, ...] = ("security",),
        security_severity: float | None = None,
        default_enabled: bool = True,
        aliases: tuple[str, ...] = (),
        needs: str | None = None,
        tool_local: bool = False,
        _check: Callable[..., Any] | None = None,
        module: str = "",
    ) -> None:
        self.id = id
        self.name = name
        self.severity = severity
        self.confidence = confidence
        self.scope = scope
        self.doc = doc
        self.tags = tags
        self.security_severity = security_severity
        self.default_enabled = default_enabled
        self.aliases = aliases
        self.needs = needs
        self.tool_local = tool_local
        self._check = _check
        self.module = module
        self.__post_init__()

    __repr__ = record_repr
    __eq__ = record_eq

    def __post_init__(self) -> None:
        assert self.severity in ("error", "warning", "note"), self.severity
        assert self.confidence in ("high", "medium", "low"), self.confidence
        assert self.scope in SCOPES, self.scope
        assert self.needs is None or self.needs in NEEDS.get(self.scope, ()), (self.scope, self.needs)

    # ---- decorator ------------------------------------------------------
    def check(self, fn: Check) -> Check:
        self._check = fn
        return fn

    @property
    def check_function(self) -> Check | None:
        """The decorated check (None before ``@RULE.check``): what :meth:`run` calls."""
        return self._check

    def run(self, ctx: Any) -> Iterable[Finding]:
        if self._check is None:
            return []
        return self._check(ctx) or []

    # ---- documentation --------------------------------------------------
    @property
    def short_description(self) -> str:
        import textwrap  # documentation only: not on a check's start

        d = textwrap.dedent(self.doc or "").strip()
        return d.splitlines()[0].strip() if d else self.name

    @property
    def full_doc(self) -> str:
        d = (self.doc or "").strip("\n")
        lines = d.splitlines()
        if not lines:
            return ""
        import textwrap

        first, rest = lines[0].strip(), textwrap.dedent("\n".join(lines[1:])).strip()
        return first + ("\n\n" + rest if rest else "")

    @property
    def category(self) -> str:
        """security | correctness | hygiene (see :func:`utcp_lint.ruleset.docs.category`)."""
        from .docs import category

        return category(self)

    @property
    def sec_severity(self) -> float:
        if self.security_severity is not None:
            return self.security_severity
        return {"error": 8.0, "warning": 5.0, "note": 2.0}[self.severity]

    # ---- finding helpers ------------------------------------------------
    def finding(
        self,
        source: SourceFile,
        start: int,
        end: int,
        message: str,
        *,
        pointer: str = "",
        tool: str | None = None,
        severity: str | None = None,
        confidence: str | None = None,
        related: list[Related] | None = None,
        fix: Fix | None = None,
        snippet: str = "",
    ) -> Finding:
        """A finding at source offsets ``[start, end)`` of ``source``."""
        position = source.lines.position  # source.region(start, end), without the Region object
        line, column = position(start)
        end_line, end_column = position(end if end > start else start)
        return Finding(
            rule=self.id,
            name=self.name,
            severity=severity or self.severity,
            confidence=confidence or self.confidence,
            path=source.path,
            line=line,
            column=column,
            end_line=end_line,
            end_column=end_column,
            pointer=pointer,
            tool=tool,
            message=message,
            related=related or [],
            fix=fix,
            snippet=snippet,
            start=start,
            end=end,
        )

    def at_node(
        self, doc: DocumentContext, node: Node, message: str, *, tool: str | None = None, key: bool = False, **kw: Any
    ) -> Finding:
        """A finding on a JSON node (``key=True``: on its key in the parent)."""
        target = node
        if key:
            kn = getattr(doc, "key_node_for", lambda n: None)(node)
            if kn is not None:
                target = kn
        return self.finding(doc.source, target.start, target.end, message, pointer=node.pointer, tool=tool, **kw)

    def at_template(
        self, tpl: CliTemplate, step_index: int | Step, start: int, end: int, message: str, **kw: Any
    ) -> Finding:
        """A finding on characters ``[start, end)`` of a step's command.

        ``step_index`` is the step's position in ``tpl.steps`` (what the bash
        and PowerShell analyses number), or the :class:`Step` itself.  Never
        ``Step.index``: that is the index in the JSON ``commands`` array, which
        differs once an entry without a ``command`` string is skipped."""
        step = step_index if not isinstance(step_index, int) else tpl.steps[step_index]
        s, e = step.ref.span(start, end)
        kw.setdefault("snippet", step.command)
        return self.finding(tpl.source, s, e, message, pointer=step.pointer, tool=tpl.tool, **kw)


def source_may_spell(text: str, *literals: str) -> bool:
    """False only when no JSON string or key of the document ``text`` can
    contain any of ``literals``: none occurs in the text and the text has no
    ``\\u`` escape (the only JSON escape that spells a letter, a digit, ``:``
    or ``-``).  A cheap necessary condition a document rule tests before
    walking the tree; ``literals`` hold no ``\\``, ``/`` or control characters
    (which other escapes spell), and ``"`` only as the quotes of a whole
    token (``'"env"'``: a key or value exactly ``env``)."""
    return "\\u" in text or any(lit in text for lit in literals)


_REGISTRY: dict[str, Rule] | None = None


def loaded_rules() -> dict[str, Rule] | None:
    """Every rule by id when :func:`all_rules` imported them all (or a test
    installed its own registry), else None."""
    return _REGISTRY


def all_rules() -> dict[str, Rule]:
    """Every rule, discovered from the ``utcp_lint.rules`` package, by id."""
    global _REGISTRY
    if _REGISTRY is None:
        import pkgutil  # a plain check imports the selected rules from the registry instead

        from .. import rules as pkg  # noqa: F401  (utcp_lint.rules)

        reg: dict[str, Rule] = {}
        for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
            if mod.name.startswith("_"):
                continue
            m = importlib.import_module(f"{pkg.__name__}.{mod.name}")
            r = getattr(m, "RULE", None)
            if isinstance(r, Rule):
                if r.id in reg:
                    raise RuntimeError(f"duplicate rule id {r.id} in {mod.name}")
                if not r.doc:
                    r.doc = m.__doc__ or ""
                r.module = mod.name
                reg[r.id] = r
        _REGISTRY = dict(sorted(reg.items()))
    return _REGISTRY


def get_rule(rule_id: str) -> Rule:
    return all_rules()[rule_id]
