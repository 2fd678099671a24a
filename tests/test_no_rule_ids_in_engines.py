"""Engines state facts; rules own their ids (issue 13, target 1).

No string literal under linter/ names a rule (``"UL401"``, a message saying
"(see UL055)", an f-string ``f"UL{n}"``, a prefix such as ``"UL9"``), except in
the generated registry and the one plumbing module ``linter/ruleset/ids.py``.
Docstrings are documentation and may name rules.  And every fact an engine
states is reported by exactly one rule.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from utcp_lint.executor.facts import ProofKind
from utcp_lint.pyscan.facts import SinkKind
from utcp_lint.ruleset.rule import all_rules
from utcp_lint.template.declarations import DeclarationMismatch

ROOT = Path(__file__).resolve().parent.parent
LINTER = ROOT / "linter"
ALLOWED = {"registry.py", "ids.py"}  # generated registry, plumbing ids

ID_IN_TEXT = re.compile(r"UL\d{3}")
ID_PREFIX = re.compile(r"^UL\d{1,3}$")  # "UL9", "UL40": a prefix used as ids
ID_HEAD = re.compile(r"UL\d{0,2}$")  # f"UL{n}", f"see UL4{k:02d}"


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body:
            first = n.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                out.add(id(first.value))
    return out


def rule_id_literals(text: str) -> list[tuple[int, str]]:
    """(line, literal) of every string constant naming a rule, outside docstrings."""
    tree = ast.parse(text)
    docs = _docstrings(tree)
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            if ID_IN_TEXT.search(n.value) or ID_PREFIX.match(n.value):
                out.append((n.lineno, n.value))
        elif isinstance(n, ast.JoinedStr):
            for a, b in zip(n.values, n.values[1:]):
                if (
                    isinstance(a, ast.Constant)
                    and isinstance(a.value, str)
                    and ID_HEAD.search(a.value)
                    and isinstance(b, ast.FormattedValue)
                ):
                    out.append((n.lineno, a.value + "{...}"))
    return out


def test_the_check_sees_ids_in_literals_messages_and_fstrings():
    src = (
        '"""Docstrings may say UL401."""\n'
        'A = "UL401"\n'
        'B = f"runs code (see UL055) in {x}"\n'
        'C = f"UL{n:03d}"\n'
        'D = "UL9"\n'
        'E = "ULTRA"\n'
    )
    assert sorted({line for line, _ in rule_id_literals(src)}) == [2, 3, 4, 5]


def test_no_rule_id_literals_in_the_engines():
    files = sorted(p for p in LINTER.rglob("*.py") if p.name not in ALLOWED)
    assert len(files) > 50  # the package is there
    found = [
        f"{p.relative_to(ROOT)}:{line}: {lit[:80]!r}"
        for p in files
        for line, lit in rule_id_literals(p.read_text(encoding="utf-8"))
    ]
    assert not found, (
        "rule ids in engine code (state a fact and let the rule say it, or name the id in "
        "linter/ruleset/ids.py if it is plumbing):\n" + "\n".join(found)
    )


def test_every_python_sink_kind_has_one_reporting_rule():
    from utcp_lint.rules import _python

    owners: dict = {}
    for kind in SinkKind:
        rule, aliases = _python.reporting_rule(kind)
        owners.setdefault(kind, []).append(rule.id)
        assert set(aliases) <= set(rule.aliases), (kind, rule.id)
    assert set(owners) == set(SinkKind)
    reporting = [r for r in all_rules().values() if r.scope == "python" and hasattr(_module(r), "REPORTS")]
    claimed = [k for r in reporting for k in _module(r).REPORTS]
    assert sorted(claimed, key=lambda k: k.value) == sorted(SinkKind, key=lambda k: k.value)  # each once


def test_every_proof_kind_has_its_rule():
    from utcp_lint.rules._verify import proof_rules

    rules = proof_rules()
    assert list(rules) == list(ProofKind)
    assert all(r.name == f"verified-{k.value}" and r.scope == "template" for k, r in rules.items())


def test_every_declaration_mismatch_is_reported():
    kinds = set()
    for r in all_rules().values():
        if "declarations" in r.tags:
            src = (ROOT / "rules" / f"{r.module}.py").read_text(encoding="utf-8")
            kinds |= {k for k in DeclarationMismatch if f"DeclarationMismatch.{k.name}" in src}
    assert kinds == set(DeclarationMismatch)


def _module(rule):
    import importlib

    return importlib.import_module(f"utcp_lint.rules.{rule.module}")


def test_family_helpers_are_underscore_modules_that_discovery_skips():
    from utcp_lint.ruleset import index as rule_index
    from utcp_lint.ruleset.registry import RULES

    helpers = sorted(p.stem for p in (ROOT / "rules").glob("_*.py") if p.stem != "__init__")
    assert {"_bash", "_python", "_declarations", "_verify"} <= set(helpers)
    modules = {getattr(r, "module", "") for r in all_rules().values()}
    installed = rule_index._installed_modules()
    assert installed is not None
    for h in helpers:
        assert h not in modules and h not in installed and h not in {e[2] for e in RULES}
    # every module discovery sees defines a rule
    assert installed == {e[2] for e in RULES}
