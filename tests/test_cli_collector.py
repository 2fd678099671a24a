"""The CLI's check runs with the cyclic garbage collector off (its cycles are
few: tests/test_analysis_cycles.py) and gives it back when the command ends;
the library API leaves the collector alone (cli/app.py ``_pause_collector``)."""

from __future__ import annotations

import gc
import json

from click.testing import CliRunner

import utcp_lint.ruleset.index as index
import utcp_lint.run.document as document
from utcp_lint.cli.app import main
from utcp_lint.run.linter import Linter

MANUAL = {
    "manual_version": "1.0.0",
    "utcp_version": "1.0.2",
    "tools": [
        {
            "name": "show",
            "description": "Show a git revision.",
            "inputs": {"type": "object", "properties": {"rev": {"type": "string"}}, "required": ["rev"]},
            "tool_call_template": {
                "call_template_type": "cli",
                "commands": [{"command": "git show -- UTCP_ARG_rev_UTCP_END"}],
            },
        }
    ],
}


def _seen_during(monkeypatch) -> list[bool]:
    """gc.isenabled() at each rule-selection and each document the run lints."""
    seen: list[bool] = []
    real_rules = index.selectable_rules
    real_doc = document.run_document

    def rules_spy():
        seen.append(gc.isenabled())
        return real_rules()

    def doc_spy(linter, doc, result):
        seen.append(gc.isenabled())
        return real_doc(linter, doc, result)

    monkeypatch.setattr(index, "selectable_rules", rules_spy)
    monkeypatch.setattr(document, "run_document", doc_spy)
    return seen


def test_check_pauses_the_collector_and_gives_it_back(tmp_path, monkeypatch):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(MANUAL))
    seen = _seen_during(monkeypatch)
    assert gc.isenabled()
    r = CliRunner().invoke(main, ["check", "--no-config", "--no-cache", "--format", "json", str(path)])
    assert r.exit_code in (0, 1), r.output
    assert len(seen) >= 2 and not any(seen)  # off while the command ran (rules chosen, document linted)
    assert gc.isenabled()  # on again once it ended


def test_a_failing_check_gives_the_collector_back(tmp_path, monkeypatch):
    seen = _seen_during(monkeypatch)
    r = CliRunner().invoke(main, ["check", "--no-config", "--select", "NOPE999", str(tmp_path)])
    assert r.exit_code == 2
    assert seen == [False]
    assert gc.isenabled()


def test_the_library_leaves_the_collector_on(tmp_path, monkeypatch):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(MANUAL))
    seen = _seen_during(monkeypatch)
    Linter().lint_paths([str(path)])
    assert seen == [True] and gc.isenabled()


def test_objects_frozen_by_the_embedding_program_stay_frozen(tmp_path, monkeypatch):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(MANUAL))
    seen = _seen_during(monkeypatch)
    keep = [object() for _ in range(3)] + [[] for _ in range(100)]  # tracked by the collector
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        r = CliRunner().invoke(main, ["check", "--no-config", "--no-cache", "--format", "json", str(path)])
        assert r.exit_code in (0, 1), r.output
        assert seen and not any(seen)
        assert gc.get_freeze_count() >= frozen  # not unfrozen by the check
        assert gc.isenabled()
    finally:
        gc.unfreeze()
    assert keep


def test_the_click_free_check_pauses_the_collector_too(tmp_path, monkeypatch, capsys):
    from utcp_lint.cli import fast

    path = tmp_path / "m.json"
    path.write_text(json.dumps(MANUAL))
    seen = _seen_during(monkeypatch)
    try:
        fast.run(["--no-config", "--no-cache", "--format", "json", str(path)])
    except SystemExit as e:
        assert e.code in (0, 1)
    else:
        raise AssertionError("the click-free path did not run the check")
    assert len(seen) >= 2 and not any(seen)
    assert gc.isenabled()
    assert json.loads(capsys.readouterr().out) is not None
