"""The analyses rules read, declared in one table (issue 26).

An analysis is an expensive stage computed on the context it describes, at most
once, on first access, and only when a selected rule reads it: ``tpl.bash``,
``doc.validation``, ``step.substituted``.  Each is one :class:`Analysis` below:

* ``name`` -- the context attribute (``tpl.bash``);
* ``scope`` -- the context class it lives on: ``template``
  (:class:`~utcp_lint.ruleset.context.CliTemplate`), ``document``
  (:class:`~utcp_lint.ruleset.context.DocumentContext`) or ``step``
  (:class:`~utcp_lint.ruleset.context.Step`);
* ``build`` -- the function computing it from the context: the one place that
  imports its engine (on first access: a run that selects no template rule never
  pays for tree-sitter) and hands the engine what it reads;
* ``need`` and ``applies`` -- the name a rule gives in ``Rule(needs=...)`` and
  where the analysis does not apply or failed (the runner then skips the rule
  without importing its module); ``rule.NEEDS`` is made from this table;
* ``release`` -- whether :meth:`CliTemplate.release_analyses` /
  :meth:`DocumentContext.release_analyses` drop it once the rules have read it
  (memory on big manuals, issue 15), and ``close`` whether its ``close()``
  breaks its reference cycles first.

The context classes carry one typed attribute per entry (``bash =
analyses.BASH``), checked against this table when the context module is
imported (:func:`bind`): adding an analysis is one entry here and one line on
its context class.  This module imports no engine at module level (cold start)
and never imports the context at run time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

if TYPE_CHECKING:
    from ..document.placeholder_scan import PlaceholderScan
    from ..executor.verify import ToolReport
    from ..models import Issue
    from ..modeltext.directives import Directive
    from ..modeltext.instructions import ToolContexts
    from ..modeltext.strings import ModelString
    from ..supplychain.lockfile import LockComparison
    from ..template.bash import BashAnalysis
    from ..template.declarations import TemplateReport
    from ..template.option_scan import CodeOptionHit, OptionHit, ValueFactHit
    from ..template.powershell import PsAnalysis
    from ..template.var_findings import VarContext
    from .context import CliTemplate, DocumentContext, Step, ToolRef

Ctx = TypeVar("Ctx")
T = TypeVar("T")

SCOPES = ("template", "document", "step")


class Analysis(Generic[Ctx, T]):
    """One analysis: a typed attribute of its context, computed on first
    access and kept in the instance's ``__dict__`` (like ``cached_property``:
    a later read is a plain attribute read; a release pops it, and a later
    reader computes it again)."""

    def __init__(
        self,
        name: str,
        scope: str,
        build: Callable[[Ctx], T],
        *,
        need: str | None = None,
        applies: Callable[[Ctx], bool] | None = None,
        release: bool = True,
        close: bool = False,
    ) -> None:
        assert scope in SCOPES, scope
        assert (need is None) == (applies is None), (name, "a need says where it applies")
        self.name = name
        self.scope = scope
        self.build = build
        self.need = need
        self.applies = applies
        self.release = release
        self.close = close
        self.__doc__ = build.__doc__

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Analysis[Ctx, T]: ...

    @overload
    def __get__(self, obj: Ctx, owner: type | None = None) -> T: ...

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = self.build(obj)
        obj.__dict__[self.name] = value
        return value

    def put(self, obj: Ctx, value: T) -> None:
        """Set the analysis on ``obj`` from outside (``verify`` computes the
        verification of every tool first, then the rules read it)."""
        obj.__dict__[self.name] = value

    def __repr__(self) -> str:
        return f"Analysis({self.name!r}, {self.scope!r})"


# ----------------------------------------------------------------------------
# builders: each imports its engine on first access
# ----------------------------------------------------------------------------


def _bash(tpl: CliTemplate) -> BashAnalysis:
    """Bash analysis: see :mod:`utcp_lint.template.bash`."""
    from ..template.bash import analyze_commands

    return analyze_commands(tpl.step_dicts())


def _bash_applies(tpl: CliTemplate) -> bool:
    if "bash" not in tpl.shells or not tpl.steps:
        return False
    a = tpl.bash
    return a is not None and not getattr(a, "error", None)


def _powershell(tpl: CliTemplate) -> PsAnalysis:
    """PowerShell analysis: see :mod:`utcp_lint.template.powershell`."""
    from ..template.powershell import analyze_commands

    return analyze_commands(tpl.step_dicts())


def _powershell_applies(tpl: CliTemplate) -> bool:
    return "powershell" in tpl.shells and bool(tpl.steps)


def _option_hits(tpl: CliTemplate) -> list[OptionHit]:
    """Placeholders in option positions (UL150): :mod:`utcp_lint.template.option_scan`."""
    from ..template.option_scan import option_hits

    return option_hits(tpl.bash)


def _code_option_hits(tpl: CliTemplate) -> list[CodeOptionHit]:
    """Placeholders in the argument of an option that runs it (UL151):
    :func:`utcp_lint.template.option_scan.code_option_hits`."""
    from ..template.option_scan import code_option_hits

    return code_option_hits(tpl.bash)


def _value_fact_hits(tpl: CliTemplate) -> list[ValueFactHit]:
    """Placeholders in an option argument the program splits or reads a file from (UL166):
    :func:`utcp_lint.template.option_scan.value_fact_hits`."""
    from ..template.option_scan import value_fact_hits

    return value_fact_hits(tpl.bash)


def _placeholder_scans(tpl: CliTemplate) -> list[PlaceholderScan]:
    """Per step, the runtime pattern's matches over its command text
    (:class:`utcp_lint.document.placeholder_scan.PlaceholderScan`; UL030, UL037)."""
    from ..document.placeholder_scan import PlaceholderScan

    return [PlaceholderScan(s.command) for s in tpl.steps]


def _declarations(tpl: CliTemplate) -> TemplateReport | None:
    """Inferred and declared subprocess declarations and their mismatches
    (:class:`utcp_lint.template.declarations.TemplateReport`), or None where they do
    not apply (not bash, no steps, a discovery template)."""
    from ..template.declarations import build_report

    return build_report(tpl)


def _declarations_apply(tpl: CliTemplate) -> bool:
    return tpl.declarations is not None


def _client_refs(tpl: CliTemplate) -> list[tuple[int, Any, VarContext]]:
    """(step list index, ClientVarRef, VarContext) for every ``$VAR`` the
    client substitutes (:mod:`utcp_lint.template.var_findings`, UL160/UL161)."""
    from ..template.var_findings import build_client_refs

    return build_client_refs(tpl)


def _client_refs_apply(tpl: CliTemplate) -> bool:
    return bool(tpl.client_refs)


def _verification(tpl: CliTemplate) -> ToolReport:
    """The sandbox verification of this template (UL501-UL504):
    :func:`utcp_lint.executor.verify.verify_template`."""
    from ..executor.verify import verify_template

    return verify_template(tpl)


def _verification_applies(tpl: CliTemplate) -> bool:
    return tpl.runs_as_bash


def _shells(tpl: CliTemplate) -> tuple[str, ...]:
    """Which shells to analyse, from ``options.shell``."""
    mode = tpl.options.shell
    if mode == "bash":
        return ("bash",)
    if mode == "powershell":
        return ("powershell",)
    if mode == "both":
        return ("bash", "powershell")
    from ..template.detect import reads_as_powershell_text

    text = "\n".join(s.command for s in tpl.steps)
    return ("bash", "powershell") if reads_as_powershell_text(text) else ("bash",)


def _substituted(step: Step) -> list[tuple[str, int, int]]:
    """(name, start, end) of each placeholder the runtime substitutes in the
    step (bash), from the bundled executor: :meth:`Step.placeholders`."""
    from ..executor.render import substitute

    sub = substitute(step.command, None, shell="bash")
    return [(p[0], p[1], p[2]) for p in sub.placeholders]


def _validation(doc: DocumentContext) -> list[Issue]:
    """Registration issues from the pydantic models (see utcp_lint.models).

    The validation is the last reader of the whole ``doc.data`` in a run:
    once its issues are known the plain values are released (the CLI
    templates convert their own parts from the tree, a later reader of
    ``doc.data`` converts again), so the rules that follow do not hold
    ~3.6x the file on top of the tree (memory, issue 15).  A document judged
    against a ``base`` (the language server's per-tool re-lint) reads the base's."""
    base = doc.base
    if base is not None:
        base_issues: list[Issue] = base.validation
        return base_issues
    from ..models import validate_document

    issues = validate_document(doc)
    doc.release_data()
    return issues


def _model_strings(doc: DocumentContext) -> list[ModelString]:
    """The strings shown to the model, in source order (:mod:`utcp_lint.modeltext.strings`)."""
    from ..modeltext.strings import build_model_strings

    return build_model_strings(doc.root, doc.kind, doc.tools)


def _tool_contexts(doc: DocumentContext) -> ToolContexts:
    """Tool index -> the words that say what the tool is about, computed
    per tool on first request (:class:`utcp_lint.modeltext.instructions.ToolContexts`)."""
    from ..modeltext.instructions import build_tool_contexts

    return build_tool_contexts(doc)


def _directives(doc: DocumentContext) -> list[Directive]:
    """Directives to the model whose target is outside their tool's contract
    (:func:`utcp_lint.modeltext.directives.analyse`)."""
    from ..modeltext.directives import analyse

    return analyse(doc)


def _lock_comparison(doc: DocumentContext) -> LockComparison:
    """The manual's tools against ``options.lock``
    (:class:`utcp_lint.supplychain.lockfile.LockComparison`; UL650-UL652)."""
    from ..supplychain import lockfile

    lock = doc.options.lock
    assert lock is not None  # read only where it applies (--locked)
    current = lockfile.manual_tools((t.name, t.node) for t in doc.tools)
    return lockfile.compare(lock, doc.source.path, current)


def _lock_applies(doc: DocumentContext) -> bool:
    return doc.options.lock is not None and doc.kind in ("manual", "tool", "legacy") and doc.source.path != "<stdin>"


def _tools_by_pointer(doc: DocumentContext) -> dict[str, ToolRef]:
    """The first tool at each pointer (:meth:`DocumentContext.tool_for_pointer`)."""
    by_ptr: dict[str, ToolRef] = {}
    for t in doc.tools:
        by_ptr.setdefault(t.pointer, t)
    return by_ptr


# ----------------------------------------------------------------------------
# the table
# ----------------------------------------------------------------------------

BASH = Analysis("bash", "template", _bash, need="bash", applies=_bash_applies, close=True)
POWERSHELL = Analysis("powershell", "template", _powershell, need="powershell", applies=_powershell_applies, close=True)
OPTION_HITS = Analysis("option_hits", "template", _option_hits)
CODE_OPTION_HITS = Analysis("code_option_hits", "template", _code_option_hits)
VALUE_FACT_HITS = Analysis("value_fact_hits", "template", _value_fact_hits)
PLACEHOLDER_SCANS = Analysis("placeholder_scans", "template", _placeholder_scans)
DECLARATIONS = Analysis("declarations", "template", _declarations, need="declarations", applies=_declarations_apply)
CLIENT_REFS = Analysis("client_refs", "template", _client_refs, need="client_refs", applies=_client_refs_apply)
VERIFICATION = Analysis("verification", "template", _verification, need="verification", applies=_verification_applies)
SHELLS = Analysis("shells", "template", _shells)
SUBSTITUTED = Analysis("substituted", "step", _substituted)
VALIDATION = Analysis("validation", "document", _validation)
MODEL_STRINGS = Analysis("model_strings", "document", _model_strings)
TOOL_CONTEXTS = Analysis("tool_contexts", "document", _tool_contexts)
DIRECTIVES = Analysis("directives", "document", _directives)
LOCK_COMPARISON = Analysis("lock_comparison", "document", _lock_comparison, need="lock", applies=_lock_applies)
TOOLS_BY_POINTER = Analysis("tools_by_pointer", "document", _tools_by_pointer)

TABLE: tuple[Analysis[Any, Any], ...] = (
    BASH,
    POWERSHELL,
    OPTION_HITS,
    CODE_OPTION_HITS,
    VALUE_FACT_HITS,
    PLACEHOLDER_SCANS,
    DECLARATIONS,
    CLIENT_REFS,
    VERIFICATION,
    SHELLS,
    SUBSTITUTED,
    VALIDATION,
    MODEL_STRINGS,
    TOOL_CONTEXTS,
    DIRECTIVES,
    LOCK_COMPARISON,
    TOOLS_BY_POINTER,
)

# the analyses a rule may name in ``needs``, by scope (``Rule(needs=...)``)
NEEDS: dict[str, tuple[str, ...]] = {
    scope: tuple(a.need for a in TABLE if a.scope == scope and a.need is not None) for scope in ("template", "document")
}
# per scope: the names a release drops, and those whose value is closed first
_RELEASED = {s: tuple(a.name for a in TABLE if a.scope == s and a.release and not a.close) for s in SCOPES}
_CLOSED = {s: tuple(a.name for a in TABLE if a.scope == s and a.release and a.close) for s in SCOPES}
_NAMES = frozenset(a.name for a in TABLE)


def of_scope(scope: str) -> tuple[Analysis[Any, Any], ...]:
    return tuple(a for a in TABLE if a.scope == scope)


def appliers(scope: str) -> dict[str, Callable[[Any], bool]]:
    """need -> the function saying where it applies, for the contexts of ``scope``
    (their ``applies(need)``: one dictionary lookup per rule and context)."""
    return {a.need: a.applies for a in TABLE if a.scope == scope and a.need is not None and a.applies is not None}


def release(ctx: Any, scope: str) -> None:
    """Drop every released analysis of ``scope`` computed on ``ctx`` (closing
    those that hold reference cycles first); a later reader recomputes it."""
    d = ctx.__dict__
    for name in _CLOSED[scope]:
        if name in d:  # (a test per name: most steps computed none)
            value = d.pop(name)
            if value is not None and hasattr(value, "close"):
                value.close()  # break its reference cycles: freed by reference counting
    for name in _RELEASED[scope]:
        if name in d:
            del d[name]


def bind(cls: type, scope: str) -> None:
    """Check that ``cls`` carries exactly the table's analyses of ``scope``,
    each under its own name (run once when the context module is imported)."""
    declared = {k: v for k, v in vars(cls).items() if isinstance(v, Analysis)}
    want = {a.name: a for a in of_scope(scope)}
    assert declared == want, (cls.__name__, sorted(declared), sorted(want))


__all__ = ["Analysis", "TABLE", "NEEDS", "SCOPES", "of_scope", "appliers", "release", "bind"]
