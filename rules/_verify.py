"""Shared helper of the dynamic rules UL501-UL504 (not a rule).

``utcp-lint verify`` (:mod:`utcp_lint.executor.verify`) runs each bash tool in
the sandbox and states what it proved as :class:`~utcp_lint.executor.verify.Proof`
facts of a :class:`~utcp_lint.executor.facts.ProofKind`; each rule reports one
kind.  The rule reporting a kind is named ``verified-<kind value>`` (the verify
report names it in its columns and JSON keys).
"""

from __future__ import annotations

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.executor.facts import ProofKind
from utcp_lint.executor.verify import VerifyReport, is_bash_tool
from utcp_lint.ruleset import analyses
from utcp_lint.ruleset.rule import Rule, all_rules


def proof_rules() -> dict[ProofKind, Rule]:
    """The rule reporting each :class:`ProofKind`, in report order: the one named
    ``verified-<kind value>`` (rules/ul50x_verify_*.py)."""
    by_name = {r.name: r for r in all_rules().values()}
    return {kind: by_name[f"verified-{kind.value}"] for kind in ProofKind}


def verify_findings(report: VerifyReport) -> list[Finding]:
    """The findings of the rules UL501-UL504 on the proofs of ``report``
    (``utcp-lint verify``), sorted: each tool's verification is handed to its
    template (``tpl.verification``), whose rules then read it."""
    rules = proof_rules()
    findings: list[Finding] = []
    for rep in report.tools:
        analyses.VERIFICATION.put(rep.tpl, rep)  # verified already: the rules read this one
        for rule in rules.values():
            findings.extend(rule.run(rep.tpl))
    findings.sort(key=lambda f: f.sort_key())
    return findings


def proof_findings(rule: Rule, tpl, kind: ProofKind) -> Iterator[Finding]:
    """One finding of ``rule`` per proof of ``kind`` on a bash tool (the sandbox
    runs bash tools only); the verification is shared by the rules."""
    if not is_bash_tool(tpl):
        return
    for p in tpl.verification.proofs:  # utcp_lint.ruleset.context.CliTemplate: verified once, shared
        if p.kind is not kind:
            continue
        o = p.occurrence
        yield rule.at_template(
            tpl, o.step, o.start, o.end, f"proven in the sandbox: {p.evidence} (placeholder '{o.name}')"
        )
