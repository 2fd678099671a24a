"""The report of ``utcp-lint verify``: the proofs of each tool
(:mod:`utcp_lint.executor.verify`) and the findings the rules make of them
(:mod:`utcp_lint.rules._verify`), as JSON or as a table."""

from __future__ import annotations

from ..core.findings import Finding
from ..core.textsafe import line_start, one_line
from ..executor.facts import ProofKind
from ..executor.verify import VerifyReport
from ..rules._verify import proof_rules


def report_json(report: VerifyReport, findings: list[Finding]) -> dict:
    rules = proof_rules()
    tools = []
    for t in report.tools:
        tools.append(
            {
                "tool": t.name,
                "status": t.status,
                "message": t.message,
                "runs": t.runs,
                "notes": t.notes,
                "inconclusive": t.inconclusive,
                "placeholders": [
                    {
                        "name": o.name,
                        "occurrence": o.k,
                        "step": o.step,
                        "state": o.state,
                        "proven": {
                            rule.id: [p.evidence for p in t.proven(kind, o.k)]
                            for kind, rule in rules.items()
                            if t.proven(kind, o.k)
                        },
                    }
                    for o in t.occurrences
                ],
            }
        )
    return {
        "version": 1,
        "path": report.path,
        "sandbox": report.isolation,
        "findings": [f.to_json() for f in findings],
        "errors": [],
        "tools": tools,
    }


_COLUMN = {
    ProofKind.CODE_EXECUTION: "code",
    ProofKind.WORD_SPLITTING: "split",
    ProofKind.OPTION_INJECTION: "option",
    ProofKind.VALUE_NEVER_REACHES: "unused",
}


def report_text(report: VerifyReport, findings: list[Finding]) -> str:
    # every manual-controlled text (tool and placeholder names, paths, messages) goes through
    # the helper check's text report uses: no forged lines, no terminal escapes, no "::" commands
    lines = [f"verify {one_line(report.path)}", f"sandbox: {report.isolation}", ""]
    rules = proof_rules()
    header = ("tool", "placeholder", "step", *(f"{rule.id} {_COLUMN[kind]}" for kind, rule in rules.items()))
    rows: list[tuple[str, ...]] = []
    for t in report.tools:
        name = line_start(t.name)
        if t.status not in ("verified", "inconclusive"):
            rows.append((name, "-", "-", one_line(t.message), "", "", ""))
            continue
        if not t.occurrences:
            rows.append((name, "-", "-", one_line(t.message or "nothing to inject"), "", "", ""))
            continue
        for o in t.occurrences:
            marks = ["PROVEN" if t.proven(kind, o.k) else "no" for kind in rules]
            rows.append((name, f"{one_line(o.name)} #{o.k}", str(o.step), *marks))
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    fmt = "  ".join("{:<%d}" % w for w in widths)
    lines.append(fmt.format(*header).rstrip())
    lines.append(fmt.format(*("-" * w for w in widths)).rstrip())
    for r in rows:
        lines.append(fmt.format(*r).rstrip())
    for t in report.tools:
        for note in t.notes:
            lines.append(one_line(f"note: {t.name}: {note}"))
        for why in t.inconclusive:
            lines.append(one_line(f"INCONCLUSIVE: {t.name}: {why}"))
    lines.append("")
    for f in findings:
        lines.append(line_start(f"{f.path}:{f.line}:{f.column}: {f.rule} [{f.severity}] {f.message}"))
    n = len(findings)
    runs = sum(t.runs for t in report.tools)
    undecided = sum(1 for t in report.tools if t.status == "inconclusive")
    lines.append(
        f"{n} proven problem(s) in {len(report.tools)} tool(s); {runs} sandboxed run(s)"
        + (
            f"; {undecided} tool(s) inconclusive"
            + (
                " (accepted: --accept-inconclusive)"
                if report.accept_inconclusive
                else " (exit 2; --accept-inconclusive)"
            )
            if undecided
            else ""
        )
    )
    return "\n".join(lines) + "\n"


__all__ = ["report_json", "report_text"]
