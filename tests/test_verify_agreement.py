"""Agreement: every injection that ``verify`` proves is also reported statically.

Over the bash fixtures (fixtures/executor, fixtures/example and every rule
fixture of UL1xx and UL50x), each proof of UL501/UL502/UL503 (and UL504) must
be matched by a finding of a static bash rule (UL100-UL199) on the same
template that either covers the placeholder's characters or sits in a later
step (where an earlier output holding the value, ``$CMD_<n>_OUTPUT``, is used).
The static rules are whatever exists in rules/ul1*.py at test time.
"""

from __future__ import annotations

import glob
import os

import pytest
from conftest import FIXTURES

from utcp_lint.engine import Linter, RunResult
from utcp_lint.executor.load import load_file
from utcp_lint.executor.sandbox import SandboxUnavailable, probe
from utcp_lint.executor.verify import VerifyOptions, is_bash_tool, verify_document
from utcp_lint.rules._verify import proof_rules
from utcp_lint.ruleset.rule import all_rules

try:
    probe(False)
    WEAK = False
except SandboxUnavailable:  # no user namespaces here: the weak sandbox still proves shell payloads
    WEAK = True


RULE_OF = {kind: rule.id for kind, rule in proof_rules().items()}


def bash_fixture_files() -> list[str]:
    files = [str(FIXTURES / "executor" / "verify_cases.json"), str(FIXTURES / "example" / "manual.json")]
    for pattern in ("UL1*", "UL50*"):
        files += sorted(glob.glob(str(FIXTURES / "rules" / pattern / "*.json")))
    return files


def static_rules():
    return [r for rid, r in all_rules().items() if rid.startswith("UL1") and len(rid) == 5 and r.default_enabled]


def _static_findings(doc):
    result = RunResult()
    Linter(static_rules(), doc.options).run_document(doc, result)
    assert not result.errors, [e.text() for e in result.errors]
    return result.findings


def _agree(tpl, proof, findings) -> bool:
    """A static finding on the placeholder, or on a $CMD_<n>_OUTPUT use in a later step."""
    pos = proof.occurrence.step
    s, e = tpl.steps[pos].ref.span(proof.occurrence.start, proof.occurrence.end)
    later = [st.pointer for st in tpl.steps[pos + 1 :]]
    for f in findings:
        if f.start < e and s < f.end and f.pointer == tpl.steps[pos].pointer:
            return True
        if f.pointer in later and "CMD_" in tpl.source.text[f.start : f.end]:
            return True
    return False


@pytest.fixture(scope="module")
def agreement():
    assert static_rules(), "no static bash rules (UL1xx) found"
    rows = []
    for path in bash_fixture_files():
        try:
            doc = load_file(path)
        except Exception:
            continue
        templates = [t for t in doc.templates if is_bash_tool(t)]
        if not templates:
            continue
        report = verify_document(doc, options=VerifyOptions(weak=WEAK))
        findings = _static_findings(doc)
        for tr in report.tools:
            for proof in tr.proofs:
                rows.append((os.path.relpath(path, FIXTURES), tr.name, proof, _agree(tr.tpl, proof, findings)))
    return rows


def test_verify_proved_something(agreement):
    # guards against a vacuous pass: the fixtures hold many proven injections
    rules = {RULE_OF[p.kind] for _f, _t, p, _ok in agreement}
    assert {"UL501", "UL502", "UL503", "UL504"} <= rules
    assert len(agreement) >= 30


@pytest.mark.parametrize("rule", ["UL501", "UL502", "UL503", "UL504"])
def test_every_proof_is_reported_statically(agreement, rule):
    missing = [
        f"{f} {t} '{p.occurrence.name}': {p.evidence}"
        for f, t, p, ok in agreement
        if RULE_OF[p.kind] == rule and not ok
    ]
    total = sum(1 for _f, _t, p, _ok in agreement if RULE_OF[p.kind] == rule)
    print(f"\n{rule}: {total - len(missing)}/{total} proofs matched by a static finding")
    assert not missing, "proven dynamically but not reported by any UL1xx rule:\n" + "\n".join(missing)
