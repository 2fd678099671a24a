"""Shared helpers of the declaration rules UL301-UL305 (not a rule).

:func:`utcp_lint.template.declarations.report` compares each step's subprocess
declaration with what the step runs and states the differences as
:class:`~utcp_lint.template.declarations.Mismatch` facts; each rule reports one
:class:`~utcp_lint.template.declarations.DeclarationMismatch` kind in its own words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.declarations import DeclarationMismatch, report


def mismatch_findings(rule: Rule, tpl, kind: DeclarationMismatch, message: Callable[..., str]) -> Iterator[Finding]:
    """One finding of ``rule`` per mismatch of ``kind`` in the template; ``message(m)`` is the text."""
    rep = report(tpl)
    if rep is None:
        return
    for m in rep.mismatches_of(kind):
        yield rule.finding(tpl.source, m.node.start, m.node.end, message(m), pointer=m.node.pointer, tool=tpl.tool)


def names(names: list) -> str:
    """'placeholder 'a'' / 'placeholders 'a', 'b'' / 'no placeholder'."""
    if not names:
        return "no placeholder"
    return ("placeholder " if len(names) == 1 else "placeholders ") + ", ".join(f"'{n}'" for n in names)
