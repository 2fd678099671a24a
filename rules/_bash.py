"""Shared helpers of the bash template rules UL101-UL149 (not a rule: no ``RULE``).

Every rule here reads :class:`utcp_lint.template.bash.BashAnalysis` (``tpl.bash``);
none parses anything itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from utcp_lint.template.bash_commands import BashSinkKind

if TYPE_CHECKING:
    from utcp_lint.core.findings import Finding
    from utcp_lint.ruleset.context import CliTemplate
    from utcp_lint.ruleset.rule import Rule

STATE_WORDS = {
    "normal": 'outside quotes (it emitted "$VAR")',
    "dq": "inside double quotes (it emitted ${VAR})",
    "sq": "inside single quotes (it emitted '\"$VAR\"')",
}

_LOWER = {"high": "medium", "medium": "low", "low": "low"}


def bash_analysis(tpl: CliTemplate):
    """``tpl.bash`` when the template is linted as bash and has steps, else None."""
    if "bash" not in tpl.shells or not tpl.steps:
        return None
    a = tpl.bash
    if a is None or getattr(a, "error", None):
        return None
    return a


def breakage_findings(rule: Rule, tpl: CliTemplate, kinds: tuple[str, ...]) -> Iterator[Finding]:
    """Findings of ``rule`` for each script breakage whose kind is in ``kinds``."""
    a = bash_analysis(tpl)
    if a is None:
        return
    for b in a.breakages:
        if b.kind in kinds:
            yield rule.at_template(tpl, b.step, b.template_start, b.template_end, b.message)


def confidence(ref, sink_confidence: str = "high") -> str:
    """A sink's confidence, lowered when the reference sits in a region
    tree-sitter could not parse."""
    return _LOWER[sink_confidence] if ref.in_error else sink_confidence


def tracker(ref) -> str:
    return STATE_WORDS.get(ref.state or "", "")


def command_label(ref) -> str:
    cmd = ref.command
    if cmd is None:
        return ""
    if cmd.name:
        return f" of `{cmd.name}`"
    return ""


def sink_findings(rule, tpl, kind: BashSinkKind, message, skip=None, severity: str | None = None) -> Iterator:
    """One finding per placeholder occurrence having a sink of ``kind``;
    ``message(ref, sink, others)`` builds the text; ``skip(ref, sink)`` drops a sink
    another rule reports (or reports at its own ``severity``)."""
    a = bash_analysis(tpl)
    if a is None:
        return
    for ref in a.placeholders:
        if not ref.sinks:
            continue  # most references reach no sink
        sinks = [s for s in ref.sinks if s.kind == kind and not (skip is not None and skip(ref, s))]
        if not sinks:
            continue
        best = _best(sinks)
        others = [s for s in sinks if s is not best]
        sev = severity or rule.severity
        if sev == "error" and all(s.guarded for s in sinks):
            sev = "warning"  # only past a check the analysis cannot read: not certain (issue 23)
        yield rule.at_template(
            tpl,
            ref.step,
            ref.template_start,
            ref.template_end,
            message(ref, best, others),
            confidence=confidence(ref, best.confidence),
            related=chain_related(tpl, a, ref.step, best.chain),
            **({"severity": sev} if sev != rule.severity else {}),
        )


def chain_related(tpl, a, step: int, chain) -> list:
    """SARIF relatedLocations for a value-flow chain (``Sink.chain``): each hop after the
    placeholder itself (the binding, e.g. ``read n``, then the sink)."""
    if not chain or len(chain) < 2:
        return []
    from utcp_lint.core.findings import Related

    st = tpl.steps[step]
    out = []
    for k, (label, s, e) in enumerate(chain[1:], start=1):
        try:
            ts, te = a.to_template_span(step, s, e)
            fs, fe = st.ref.span(ts, te)
        except Exception:  # a hop outside the step text: no location rather than a wrong one
            continue
        out.append(
            Related(f"step {k} of the value flow: {label}", tpl.source.path, tpl.source.region(fs, fe), st.pointer)
        )
    return out


def _best(sinks):
    order = {"high": 0, "medium": 1, "low": 2}
    return sorted(sinks, key=lambda s: order.get(s.confidence, 3))[0]


def also(others) -> str:
    if not others:
        return ""
    return " (also: " + "; ".join(s.detail for s in others) + ")"


def first_placeholder(a, step: int) -> object | None:
    for r in a.placeholders:
        if r.step == step:
            return r
    return None
