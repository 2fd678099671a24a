"""Helpers shared by the UL2xx (PowerShell) rules: gating and finding builders.

Rules read ``tpl.powershell`` (one analysis per template, cached); nothing
here parses anything.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from utcp_lint.ruleset.context import CliTemplate


def analysis_for(tpl: CliTemplate):
    """The PowerShell analysis, or None when PowerShell is not analysed for
    this template (``--shell bash`` or ``auto`` on a template that does not
    read as PowerShell)."""
    if "powershell" not in tpl.shells or not tpl.steps:
        return None
    return tpl.powershell


def placeholder_finding(rule, tpl, occ, message: str, **kw):
    return rule.at_template(tpl, occ.step, occ.template_start, occ.template_end, message, **kw)


def sink_findings(rule, tpl, kind: str, message: Callable) -> Iterator:
    """One finding per occurrence that reaches a sink of ``kind``."""
    a = analysis_for(tpl)
    if a is None:
        return
    seen = set()
    for hit in a.sinks:
        if hit.kind != kind:
            continue
        occ = hit.occurrence
        key = (occ.step, occ.template_start)
        if key in seen:
            continue
        seen.add(key)
        kw = {}
        if hit.confidence:
            kw["confidence"] = hit.confidence
        yield placeholder_finding(rule, tpl, occ, message(occ, hit), **kw)


def quote_col(tpl, step: int, offset: int | None) -> str:
    """' (line L, column C)' of a template offset, for messages."""
    if offset is None or not (0 <= step < len(tpl.steps)):
        return ""
    s, _e = tpl.steps[step].ref.span(offset, offset + 1)
    r = tpl.source.region(s, s + 1)
    return " (line %d, column %d)" % (r.line, r.column)
