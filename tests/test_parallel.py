"""Parallel linting of JSON documents (linter/parallel.py) gives exactly the
serial result, in the same order: one large document split across workers,
many files across workers, internal errors merged like the serial run."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from utcp_lint.engine import Linter
from utcp_lint.ruleset.rule import Rule
from utcp_lint.run import parallel

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

pytestmark = pytest.mark.skipif(parallel._fork_context() is None, reason="needs fork")


def _manual(n_tools: int, seed: int = 3) -> str:
    from test_bash_corpus import CORPUS  # realistic commands, many with findings

    rnd = random.Random(seed)
    tools = []
    for i in range(n_tools):
        cmds = [rnd.choice(CORPUS) for _ in range(rnd.choice((1, 2, 3)))]
        props = {}
        for c in cmds:
            for part in c.split("UTCP_ARG_")[1:]:
                props[part.split("_UTCP_END")[0]] = {"type": "string"}
        tools.append(
            {
                "name": f"tool_{i % (n_tools - 3)}",
                "inputs": {"type": "object", "properties": props},
                "tool_call_template": {"call_template_type": "cli", "commands": [{"command": c} for c in cmds]},
            }
        )
    return json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}, indent=1)


def _full(result) -> list:
    out = []
    for f in result.findings:
        d = f.to_json()
        d.update(snippet=f.snippet, start=f.start, end=f.end, name=f.name, fix=repr(f.fix), related=repr(f.related))
        out.append(d)
    return out + [e.text() for e in result.errors] + result.notes + [result.files]


def _lint(paths, jobs, rules=None):
    linter = Linter(rules)
    linter.jobs = jobs
    return linter.lint_paths([str(p) for p in paths])


def test_large_document_split_across_workers_is_identical(tmp_path, monkeypatch):
    m = tmp_path / "big.json"
    m.write_text(_manual(parallel.MIN_TEMPLATES + 60))
    calls = []
    real = parallel.run_templates
    monkeypatch.setattr(parallel, "run_templates", lambda *a: calls.append(1) or real(*a))
    serial = _lint([m], 1)
    assert not calls
    before = _split_folders()
    par = _lint([m], 2)
    assert calls  # the split really ran
    assert len(serial.findings) > 100
    assert _full(par) == _full(serial)
    assert _split_folders() == before  # the workers' result files are removed


def _split_folders() -> set:
    import tempfile

    return {p.name for p in Path(tempfile.gettempdir()).glob("utcp-lint-split-*")}


def test_many_files_across_workers_is_identical(tmp_path, monkeypatch):
    for i in range(6):
        (tmp_path / f"m{i}.json").write_text(_manual(40 + i, seed=i))
    (tmp_path / "bad.json").write_text('{"tools": [')
    (tmp_path / "other.json").write_text('{"x": 1}')
    monkeypatch.setattr(parallel, "MIN_BYTES", 1)
    calls = []
    real = parallel.lint_files
    monkeypatch.setattr(parallel, "lint_files", lambda *a: calls.append(1) or real(*a))
    serial = _lint([tmp_path], 1)
    par = _lint([tmp_path], 2)
    assert calls
    assert serial.errors and serial.notes and len(serial.findings) > 50
    assert _full(par) == _full(serial)


def test_internal_errors_are_merged_like_the_serial_run(tmp_path, monkeypatch):
    m = tmp_path / "big.json"
    m.write_text(_manual(parallel.MIN_TEMPLATES + 10))
    boom = []
    for rid in ("UL998", "UL999"):
        r = Rule(id=rid, name="boom", severity="error", confidence="high", scope="template")

        @r.check
        def check(tpl):
            raise ValueError("shared analysis failed")

        boom.append(r)
    from utcp_lint.ruleset.rule import all_rules

    rules = [r for r in all_rules().values() if r.default_enabled and r.id in ("UL101", "UL031")] + boom
    serial = _lint([m], 1, rules)
    par = _lint([m], 2, rules)
    assert len(serial.errors) == 1 and "UL998, UL999" in serial.errors[0].message
    assert _full(par) == _full(serial)


def test_cli_jobs_option_output_is_byte_identical(tmp_path, cli):
    m = tmp_path / "big.json"
    m.write_text(_manual(parallel.MIN_TEMPLATES + 20, seed=9))
    a = cli("--format", "json", "--no-config", "--no-cache", "--jobs", "1", m)
    b = cli("--format", "json", "--no-config", "--no-cache", "--jobs", "2", m)
    c = cli("--format", "json", "--no-config", "--no-cache", m)  # default: one per CPU
    assert a.returncode == b.returncode == c.returncode == 1
    assert a.stdout == b.stdout == c.stdout
    assert "Traceback" not in b.stderr


def test_a_dying_worker_falls_back_to_the_serial_run(tmp_path):
    import os

    m = tmp_path / "big.json"
    m.write_text(_manual(parallel.MIN_TEMPLATES + 10))
    parent = os.getpid()
    crash = Rule(id="UL997", name="crash-in-worker", severity="note", confidence="high", scope="template")

    @crash.check
    def check(tpl):
        if os.getpid() != parent:
            os._exit(3)  # a native crash in a worker
        return []

    from utcp_lint.ruleset.rule import all_rules

    rules = [r for r in all_rules().values() if r.id in ("UL101", "UL031")] + [crash]
    serial = _lint([m], 1, rules)
    par = _lint([m], 2, rules)  # must not hang
    assert serial.findings and _full(par) == _full(serial)


def test_budget_holds_in_workers(tmp_path, monkeypatch):
    """A document split across workers still stops at the time budget with one
    UL011 finding, as the serial loop does, instead of running unbounded: here
    the budget runs out in the template loop of every process (the workers
    and the parent, which takes its share of the slices)."""
    from utcp_lint.run.budget import Budget

    m = tmp_path / "big.json"
    m.write_text(_manual(parallel.MIN_TEMPLATES + 60))
    # spent where the template loop checks it (budget.check, called by the loop)
    monkeypatch.setattr(Budget, "exceeded", lambda self: sys._getframe(2).f_code.co_name == "_template_loop")
    calls = []
    real = parallel.run_templates
    monkeypatch.setattr(parallel, "run_templates", lambda *a: calls.append(1) or real(*a))
    res = _lint([m], 2)
    assert calls  # the split really ran
    ul011 = [f for f in res.findings if f.rule == "UL011"]
    assert len(ul011) == 1
    assert "analysis stopped" in ul011[0].message and "0 of " in ul011[0].message
    assert all(f.rule != "UL101" for f in res.findings)  # no template was analysed


def test_budget_spent_in_document_rules_drops_the_started_split(tmp_path, monkeypatch):
    """The workers start on the templates while the parent runs the document
    rules; when the budget runs out there, the result is the serial run's:
    no template analysed, one UL011 naming the document rule."""
    from utcp_lint.run.budget import Budget

    m = tmp_path / "big.json"
    m.write_text(_manual(parallel.MIN_TEMPLATES + 60))
    # spent where the document rule loop checks it (budget.check, called by the loop)
    monkeypatch.setattr(Budget, "exceeded", lambda self: sys._getframe(2).f_code.co_name == "run_document")
    calls = []
    real = parallel.run_templates
    monkeypatch.setattr(parallel, "run_templates", lambda *a: calls.append(1) or real(*a))
    serial = _lint([m], 1)
    assert not calls
    par = _lint([m], 2)
    assert calls
    ul011 = [f for f in par.findings if f.rule == "UL011"]
    assert len(ul011) == 1 and "on the document" in ul011[0].message
    assert _full(par) == _full(serial)


def test_slices_are_contiguous_and_balanced_by_cost():
    from types import SimpleNamespace

    def tpl(n_steps: int, length: int) -> SimpleNamespace:
        return SimpleNamespace(steps=[SimpleNamespace(command="x" * length)] * n_steps)

    # one heavy template first, then many light ones
    templates = [tpl(40, 400)] + [tpl(1, 10) for _ in range(300)]
    bounds = parallel.chunk_bounds(templates, 8)
    assert bounds[0][0] == 0 and bounds[-1][1] == len(templates)
    assert all(a[1] == b[0] and a[0] < a[1] for a, b in zip(bounds, bounds[1:]))
    assert len(bounds) <= 8
    assert bounds[0] == (0, 1)  # the heavy template is a slice of its own
    costs = [sum(parallel._cost(t) for t in templates[a:b]) for a, b in bounds[1:]]
    assert max(costs) <= 2 * min(costs)
    assert parallel.chunk_bounds(templates[:3], 8) == [(0, 1), (1, 2), (2, 3)]


def test_slice_claims_workers_from_the_first_parent_from_the_last():
    import mmap
    import multiprocessing

    table = mmap.mmap(-1, 4)
    split = parallel._Split(None, [], None, None, [(0, 1)] * 4, multiprocessing.get_context("fork").Lock(), table, "")
    assert split.claim(parallel.WORKER) == 0
    assert split.claim(parallel.PARENT) == 3
    assert split.claim(parallel.WORKER) == 1
    split.done(1)
    assert split.state(1) == parallel.DONE and split.state(3) == parallel.PARENT
    assert split.claim(parallel.PARENT) == 2
    assert split.claim(parallel.WORKER) is None and split.claim(parallel.PARENT) is None
    table.close()


def test_findings_cross_the_process_boundary_unchanged(tmp_path):
    """A worker sends findings as tuples of their fields; the parent rebuilds
    them: every field (fixes and related locations included) survives."""
    import pickle

    m = tmp_path / "big.json"
    m.write_text(_manual(60))
    findings = _lint([m], 1).findings
    assert any(f.fix for f in findings) and any(f.related for f in findings)
    back = parallel._expand(pickle.loads(pickle.dumps(parallel._compact(findings))))
    assert back == findings
    assert [repr(f) for f in back] == [repr(f) for f in findings]
