"""The JSON document handler: text -> :class:`DocumentContext` -> rules.

Garbage collection and big documents (docs/design/hardening.md): the
positioned tree of a big manual holds millions of objects that every cyclic
collection would traverse again.  Loading runs with the collector paused (it
creates no cycles); the rules run with it on (analyses do create cycles) but
with the loaded tree frozen out of its reach.  10 MB manual: 22 s -> 6 s.
"""

from __future__ import annotations

from typing import Any

from ..core.findings import FileError, Finding, SourceFile
from ..document.jsonpos import no_gc
from ..ruleset.context import DocumentContext
from . import parallel
from .budget import Budget, BudgetExceeded, check, stopped_message
from .load import ContextFailed, JsonError, load_document
from .result import RunResult, internal_error, safe_path
from .rules import budget_finding, gc_frozen, recursion_headroom, run_rule, run_template_rules

NOT_UTCP = "not a UTCP document (no manual, config, call template or 0.x provider shape found); use --kind to force one"


def lint_json_text(linter: Any, text: str, display: str, explicit: bool, result: RunResult) -> None:
    """Load one JSON text and lint it into ``result`` (``linter``: a
    :class:`utcp_lint.run.linter.Linter`)."""
    result.sources[display] = text
    memo = getattr(linter, "document_memo", None)  # the language server's: re-read only what changed
    try:
        doc = load_document(text, display, linter.options, memo)
    except ContextFailed as e:  # containment (kind detection, conversion)
        assert e.__cause__ is not None  # raised from the failure
        result.errors.append(internal_error(display, "while loading the document", e.__cause__))
        return
    if isinstance(doc, JsonError):
        if not explicit:  # walked / --skip-non-utcp: skip what is not meant to be UTCP (sniff.py)
            from ..document.sniff import looks_like_utcp

            if not looks_like_utcp(text):
                result.notes.append(f"{safe_path(display)}: skipped, not a UTCP document (not valid JSON)")
                return
        result.errors.append(FileError(safe_path(display), f"invalid JSON: {doc.message}", doc.line, doc.column))
        return
    if doc.kind is None:
        if explicit:
            result.errors.append(FileError(safe_path(display), NOT_UTCP))
        else:
            result.notes.append(f"{safe_path(display)}: skipped, not a UTCP document")
        return
    result.files += 1
    run_document(linter, doc, result)
    if linter.follow is not None and doc.kind == "config":
        linter.follow.visit(linter, doc, result)


def run_document(linter: Any, doc: DocumentContext, result: RunResult) -> None:
    """The document rules, then the template rules on every CLI template
    (split across workers when ``linter.jobs`` > 1 and it pays)."""
    rules = linter.rules
    with recursion_headroom():
        budget = Budget(len(doc.source.text), doc.options.time_budget)
        with gc_frozen() as frozen:
            split = None
            templates: list | None = None
            if linter.jobs > 1:
                # both cores: the templates are built first and a split forks
                # its workers now, so they run the template rules while this
                # process runs the document rules, then takes its own share
                templates = _build_templates(doc, result)
                split = _split_templates(linter, templates, doc.source, budget)
            ran = False
            try:
                # the language server's memo (serial runs): rules judging one tool at a
                # time reuse the findings of unchanged tools (memo.DocumentMemo)
                doc_memo = getattr(linter, "document_memo", None) if split is None else None
                local: list = []
                with budget.armed():
                    for rule in rules:
                        if rule.scope == "document":
                            if doc_memo is not None and getattr(rule, "tool_local", False):
                                local.append(rule)
                                continue
                            try:
                                check()  # the cheap check (reads the CPU clock now and then)
                                run_rule(rule, doc, doc.source, result)
                            except BudgetExceeded:  # before or inside the rule
                                budget.spent_at = (f"rule {rule.id} on the document", None)
                                break
                    if local and budget.spent_at is None:
                        _run_tool_local(doc_memo, doc, local, result, budget)
                ran = True
            finally:
                if split is not None and (not ran or budget.spent_at is not None):
                    split.abandon()  # the serial run analyses no template then
                    split = None
            # memory (issue 15): the document analyses and plain values are
            # released now (the template rules read neither); serially the
            # templates are built only now and each is freed once its rules ran
            doc.release_analyses()
            memo = getattr(linter, "template_memo", None)
            if templates is None:
                if memo is not None and doc.kind == "manual":
                    memo.begin(doc)
                    templates = _memo_templates(doc, memo, result)
                else:
                    templates = _build_templates(doc, result)
            doc.release_templates()
            frozen.refreeze()
            done = 0
            if budget.spent_at is None:
                parallel_done = split.finish(result, budget) if split is not None else None
                if parallel_done is not None:
                    done = parallel_done
                else:
                    if memo is not None and doc.kind != "manual":
                        memo.begin(doc)
                    done, spent = run_template_rules(
                        rules, templates, doc.source, result, budget, release=True, memo=memo
                    )
                    if spent is not None:
                        rule, i = spent
                        budget.spent_at = (f"rule {rule.id} on this CLI template", templates[i])
        if budget.spent_at is not None:
            result.findings.append(_budget_finding(doc, budget, done, len(templates)))


def _run_tool_local(memo: Any, doc: DocumentContext, rules: list, result: RunResult, budget: Budget) -> None:
    """The tool-local document rules through the language server's memo
    (:class:`.memo.DocumentMemo`), under the same budget and containment."""
    current = [rules[0]]

    def run_one(rule: Any, ctx: Any, source: SourceFile, res: RunResult) -> None:
        current[0] = rule
        check()
        run_rule(rule, ctx, source, res)

    try:
        memo.run(doc, rules, result, run_one)
    except BudgetExceeded:
        budget.spent_at = (f"rule {current[0].id} on the document", None)


def _build_templates(doc: DocumentContext, result: RunResult) -> list:
    """``doc.templates``, or none when building them failed (reported as an
    internal error: a model bug is not a crash)."""
    try:
        with no_gc():  # builds many small objects from a big tree; see jsonpos.no_gc
            return doc.templates
    except Exception as e:  # containment
        result.errors.append(internal_error(doc.source.path, "while building the CLI templates", e))
        return []


def _memo_templates(doc: DocumentContext, memo: Any, result: RunResult) -> list:
    """``doc.templates`` for the language server's serial re-lint: a tool whose
    template's findings the memo holds (its text, place and surroundings
    unchanged) gets a stand-in naming the template's pointer, which the memo
    answers; only the other tools' templates are built."""
    try:
        with no_gc():
            out: list = []
            for t in doc.tools:
                reused = memo.reused(t)
                if reused is not None:
                    out.append(reused)
                else:
                    doc.add_tool_templates(out, t)
            return out
    except Exception as e:  # containment, as _build_templates
        result.errors.append(internal_error(doc.source.path, "while building the CLI templates", e))
        return []


def _split_templates(linter: Any, templates: list, source: SourceFile, budget: Budget) -> parallel.TemplateSplit | None:
    """One large document: its templates split across forked workers
    (:mod:`.parallel`), or None when the serial loop should run."""
    if linter.jobs <= 1 or len(templates) < 2:
        return None
    if len(templates) < parallel.MIN_TEMPLATES or not any(r.scope == "template" for r in linter.rules):
        return None
    if len(source.text) > parallel.MAX_SPLIT_CHARS:
        return None
    return parallel.run_templates(linter, templates, source, budget, linter.jobs)


def _budget_finding(doc: DocumentContext, budget: Budget, done: int, total: int) -> Finding:
    assert budget.spent_at is not None  # called once the budget ran out
    what, tpl = budget.spent_at
    node = tpl.node if tpl is not None and tpl.node is not None else doc.root
    msg = stopped_message(budget, "document", what, done, total)
    return budget_finding(
        doc.source,
        node.start,
        min(node.end, node.start + 1),
        msg,
        pointer=node.pointer,
        tool=tpl.tool if tpl is not None else None,
    )


__all__ = ["lint_json_text", "run_document", "NOT_UTCP"]
