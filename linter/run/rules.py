"""Running rules on a context: ``needs``, the CPU time budget, failure containment.

* a rule whose analysis does not apply to the context (``Rule.needs``,
  ``ctx.applies``) is skipped without importing its module;
* an exception inside a rule becomes one ``internal error`` FileError per
  file and failure, naming every rule it hit (a shared analysis that fails
  fails every rule reading it), never a crash of the run;
* the budget (:mod:`..budget`) is armed while template rules run: a rule
  or analysis that spends it is interrupted (``BudgetExceeded``), and the
  loop reports it like a budget spent between two rules;
* :func:`run_template_rules` is the one loop over CLI templates: the JSON
  document handler, the Python handler (templates written in Python) and
  the parallel workers all use it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.findings import Finding, SourceFile
from ..document.jsonpos import MAX_DEPTH
from ..ruleset.index import LazyRule
from ..ruleset.rule import Rule
from .budget import Budget, BudgetExceeded, check
from .result import RunResult, error_detail, internal_error

# Rules and analyses may walk the JSON tree recursively.  The loader refuses
# documents nested deeper than jsonpos.MAX_DEPTH (what Python's json, and so
# the runtime, can load at all), and this headroom lets a recursive walker
# with up to ~4 frames per level reach the bottom of such a document.
# Measured safe on the C stack (docs/design/hardening.md).
RECURSION_HEADROOM = 4 * MAX_DEPTH + 1000
_UNSET = object()


class recursion_headroom:
    def __enter__(self) -> None:
        import sys

        self.old = sys.getrecursionlimit()
        if self.old < RECURSION_HEADROOM:
            sys.setrecursionlimit(RECURSION_HEADROOM)

    def __exit__(self, *exc: object) -> None:
        import sys

        sys.setrecursionlimit(self.old)


# Young-generation threshold while rules run.  The analyses allocate many
# short-lived containers (most freed by reference counting); at the default
# 700 a young collection runs every few hundred allocations and re-walks the
# survivors.  5,000: 1.8 % less CPU on the 10,000-step manual (issue 15),
# and at most a few thousand extra young objects alive.
YOUNG_THRESHOLD = 5000


class gc_frozen:
    """Run with the collector on, but with every object that exists now (the
    loaded document) moved out of its reach (``gc.freeze``), and young
    collections less frequent (:data:`YOUNG_THRESHOLD`); both undone on exit.
    Skipped when the embedding program froze objects itself: we would
    unfreeze them."""

    def __enter__(self) -> gc_frozen:
        import gc

        self.frozen = gc.isenabled() and gc.get_freeze_count() == 0
        if self.frozen:
            gc.freeze()
            self.thresholds = gc.get_threshold()
            if self.thresholds[0] < YOUNG_THRESHOLD:
                gc.set_threshold(YOUNG_THRESHOLD, *self.thresholds[1:])
        return self

    def refreeze(self) -> None:
        """Move the objects made since (the document's analyses, which live
        as long as the document) out of the collector's reach too."""
        import gc

        if self.frozen:
            gc.freeze()

    def __exit__(self, *exc: object) -> None:
        import gc

        if self.frozen:
            gc.set_threshold(*self.thresholds)
            gc.unfreeze()


def budget_finding(source, start: int, end: int, message: str, pointer: str = "", tool=None):
    """The UL011 finding (reported whatever the rule selection: a partial
    analysis must never look complete)."""
    from ..ruleset.ids import ANALYSIS_BUDGET
    from ..ruleset.index import selectable_rules

    # its own module only: all_rules() imported every rule module (~0.15 s of
    # CPU in the worker or run that stopped; issue 25)
    rule = selectable_rules()[ANALYSIS_BUDGET]
    return rule.finding(source, start, end, message, pointer=pointer, tool=tool)


def evaluation_cut_finding(source, cut):
    """The UL011 note for a Python file whose value analysis ran out of its
    step budget (:class:`.pyscan.facts.EvaluationCut`); the rule module owns
    the message."""
    import importlib

    from .. import rules as pkg
    from ..ruleset.ids import ANALYSIS_BUDGET
    from ..ruleset.index import selectable_rules

    rule = selectable_rules()[ANALYSIS_BUDGET]  # metadata: no other rule module imported
    module = importlib.import_module(f"{pkg.__name__}.{rule.module}")
    return module.evaluation_cut_finding(source, cut)


def applies(rule: Any, ctx: Any) -> bool:
    """Whether ``rule`` has anything to read on ``ctx``: False where the
    analysis it ``needs`` does not apply or failed (``ctx.applies``).  An
    analysis that raises is left to the rule, which reports it (containment)."""
    need = rule.needs
    if need is None:
        return True
    try:
        return bool(ctx.applies(need))
    except Exception:
        return True


def run_rule(rule: Any, ctx: Any, source: SourceFile, result: RunResult) -> None:
    """Append ``rule``'s findings on ``ctx`` to ``result``; contain its failure."""
    if not applies(rule, ctx):
        return
    _run_applying(rule, ctx, source, result)


def _run_applying(rule: Any, ctx: Any, source: SourceFile, result: RunResult) -> None:
    """:func:`run_rule` once ``applies(rule, ctx)`` said True."""
    try:
        for f in rule.run(ctx):
            if not isinstance(f, Finding):  # would crash sorting/reporting later
                raise TypeError(f"rule yielded {type(f).__name__}, not a Finding")
            result.findings.append(f)
    except Exception as e:  # containment: one rule never crashes the run
        _contain(rule, source, result, e)


_LAZY_RUN = LazyRule.run
_RULE_RUN = Rule.run


def _check_of(rule: Any) -> Any:
    """The function ``rule.run(ctx)`` ends up calling (``Rule.check_function``), for a
    :class:`Rule` or a registry :class:`LazyRule` (whose module is imported
    now: the rule applies); None where the loop must call ``rule.run`` itself
    (another object, a replaced ``run``, no check, a module that fails to
    import: :func:`_run_applying` contains that).  The template loop calls it
    once per rule, not three frames per rule and template."""
    r = rule
    if type(r) is LazyRule:
        if LazyRule.run is not _LAZY_RUN:
            return None
        try:
            r = r.real()
        except Exception:
            return None
    if type(r) is not Rule or Rule.run is not _RULE_RUN:
        return None
    return r.check_function


def _contain(rule: Any, source: SourceFile, result: RunResult, e: Exception) -> None:
    """Containment: one rule never crashes the run."""
    # One failing shared analysis (tpl.bash, ...) fails every rule that
    # reads it: report it once per file, naming all those rules.
    detail, at = error_detail(e)
    seen = result.internal_seen
    key = (source.path, detail, at)
    if key in seen:
        err, ids = seen[key]
        if rule.id not in ids:
            ids.append(rule.id)
            err.message = f"internal error in rules {', '.join(ids)} ({detail}){at}; please report it"
        return
    err = internal_error(source.path, f"in rule {rule.id}", e)
    seen[key] = (err, [rule.id])
    result.errors.append(err)


def run_template_rules(
    rules: Iterable[Any],
    templates: list,
    source: SourceFile,
    result: RunResult,
    budget: Budget | None = None,
    start: int = 0,
    stop: int | None = None,
    release: bool = False,
    memo: Any = None,
) -> tuple[int, tuple[Any, int] | None]:
    """The template-scope ``rules`` on ``templates[start:stop]``, in order;
    each template's analyses are released once its rules have run (and with
    ``release``, the caller's list handed over, the template itself: its
    entry becomes None; memory, issue 15).  Returns
    (templates analysed, None) or, when ``budget`` ran out, (templates
    analysed, (the rule about to run, the template's index)).  ``memo`` (a
    :class:`.memo.TemplateMemo`, the language server's) serves the findings
    of a template whose tool did not change since it last ran."""
    rules = [r for r in rules if r.scope == "template"]
    if budget is None:
        return _template_loop(rules, templates, source, result, None, start, stop, release, memo)
    with budget.armed():  # a rule running out of it is interrupted (BudgetExceeded)
        return _template_loop(rules, templates, source, result, budget, start, stop, release, memo)


def _template_loop(
    rules: list,
    templates: list,
    source: SourceFile,
    result: RunResult,
    budget,
    start: int,
    stop,
    release: bool,
    memo: Any,
) -> tuple[int, tuple[Any, int] | None]:
    done = 0
    # per rule: [rule, its need, _check_of(rule) (asked the first time the rule applies)]
    plan = [[rule, rule.needs, _UNSET] for rule in rules]
    findings = result.findings
    for i in range(start, len(templates) if stop is None else stop):
        tpl = templates[i]
        if memo is not None:
            kept = memo.lookup(tpl)
            if kept is not None:
                result.findings.extend(kept)
                if release:
                    templates[i] = None
                done += 1
                continue
            n_findings, n_errors = len(result.findings), len(result.errors)
        # applies(rule, tpl) per analysis the rules need, asked once per template
        # (the same answer for every rule needing it: ~60 rules, a handful of needs)
        applying: dict = {}
        for entry in plan:
            rule, need, fn = entry
            try:
                if budget is not None:
                    # before the rule: the armed budget's cheap check (the CPU
                    # clock costs ~7 us a read: read before every rule on every
                    # template it was 20 % of a run)
                    check()
                ok = applying.get(need)
                if ok is None:
                    ok = applying[need] = applies(rule, tpl)
                if ok:
                    if fn is _UNSET:
                        fn = entry[2] = _check_of(rule)
                    if fn is None:
                        _run_applying(rule, tpl, source, result)
                    else:  # _run_applying inlined: the rule's check, its findings tested, failure contained
                        try:
                            out = fn(tpl)
                            if out:
                                for f in out:
                                    if not isinstance(f, Finding):  # would crash sorting/reporting later
                                        raise TypeError(f"rule yielded {type(f).__name__}, not a Finding")
                                    findings.append(f)
                        except Exception as e:
                            _contain(rule, source, result, e)
            except BudgetExceeded:  # before or inside the rule or an analysis it read
                tpl.release_analyses()
                return done, (rule, i)
        # (a template the budget interrupted returned above: its partial findings are never stored)
        if memo is not None and len(result.errors) == n_errors:
            memo.store(tpl, result.findings[n_findings:])
        tpl.release_analyses()
        if release:
            templates[i] = None
        done += 1
    return done, None


__all__ = [
    "RECURSION_HEADROOM",
    "recursion_headroom",
    "gc_frozen",
    "applies",
    "run_rule",
    "run_template_rules",
    "budget_finding",
    "evaluation_cut_finding",
]
