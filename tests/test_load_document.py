"""One load path (issue 26): ``check``, ``verify``/``run``/``declare`` and ``lock``
load a document through :func:`utcp_lint.run.load.load_document`, so a text that
is not JSON is reported at the same position by each, and a context that cannot
be built is one internal-error line for that file while the others go on."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

from utcp_lint.ruleset.context import DocumentContext, LintOptions
from utcp_lint.run import load
from utcp_lint.run.linter import Linter
from utcp_lint.run.result import exit_code
from utcp_lint.supplychain.lockfile import LockComparison, LockFile, compare

BROKEN = '{\n  "manual_version": "1.0.0",\n  "tools": [\n    {"name": "t",, "description": "d"}\n  ]\n}\n'
GOOD = {
    "manual_version": "1.0.0",
    "utcp_version": "1.0.1",
    "tools": [
        {
            "name": "echo_it",
            "description": "Print the text.",
            "inputs": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
            "tool_call_template": {
                "call_template_type": "cli",
                "name": "echo_it",
                "commands": [{"command": 'echo "UTCP_ARG_text_UTCP_END"'}],
            },
        }
    ],
}


def test_load_document_gives_the_context_or_where_the_text_is_not_json():
    doc = load.load_document(json.dumps(GOOD), "m.json", LintOptions(shell="bash"))
    assert isinstance(doc, DocumentContext) and doc.kind == "manual" and doc.options.shell == "bash"
    err = load.load_document(BROKEN, "b.json")
    assert isinstance(err, load.JsonError) and (err.line, err.column) == (4, 18), err
    not_utcp = load.load_document('{"a": 1}', "x.json")
    assert isinstance(not_utcp, DocumentContext) and not_utcp.kind is None


def test_every_command_reports_the_broken_text_at_the_same_position(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(BROKEN)
    where = f"{bad}:4:18: invalid JSON"
    check = run_cli("--no-config", "--no-cache", bad)
    lock = run_cli("lock", bad, "--lock-file", tmp_path / "l.lock", "--no-config")
    verify = run_cli("verify", bad)
    for r in (check, lock, verify):
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        assert where in r.stdout + r.stderr, (r.args, r.stdout, r.stderr)
    assert not (tmp_path / "l.lock").exists()


def test_a_context_that_cannot_be_built_is_one_error_and_the_run_goes_on(tmp_path, monkeypatch):
    (tmp_path / "a.json").write_text(json.dumps(GOOD))
    (tmp_path / "b.json").write_text(json.dumps(GOOD))
    real = load.DocumentContext

    def flaky(source, root, options, **kw):
        if source.path.endswith("a.json"):
            raise RuntimeError("boom")
        return real(source, root, options, **kw)

    monkeypatch.setattr(load, "DocumentContext", flaky)
    result = Linter().lint_paths([str(tmp_path / "a.json"), str(tmp_path / "b.json")])
    errors = [e.text() for e in result.errors]
    assert len(errors) == 1 and "a.json" in errors[0] and "internal error while loading the document" in errors[0]
    assert "RuntimeError" in errors[0] and result.files == 1  # b.json was linted
    assert exit_code(result) == 2
    with pytest.raises(load.ContextFailed):
        load.load_document(json.dumps(GOOD), str(tmp_path / "a.json"))


def test_the_lock_comparison_is_a_typed_fact(tmp_path):
    doc = load.load_document(json.dumps(GOOD), str(tmp_path / "m.json"))
    assert isinstance(doc, DocumentContext)
    lock = LockFile(str(tmp_path / "utcp-lint.lock"))
    tools = {"echo_it": {"description": "Print something else."}, "gone": {"description": "x"}}
    lock.add_manual(str(tmp_path / "m.json"), tools)
    from utcp_lint.supplychain.lockfile import manual_tools

    current = manual_tools((t.name, t.node) for t in doc.tools)
    c = compare(lock, str(tmp_path / "m.json"), current)
    assert isinstance(c, LockComparison) and c.manual_was_locked
    assert c.new == [] and [n for n, _ in c.changed] == ["echo_it"] and [n for n, _ in c.removed] == ["gone"]
    assert c.changed[0][1][0][0] == "/description"  # the diff names the changed leaf
    assert lock.seen == {"m.json"}
    # the context's analysis is the same comparison, through the table
    doc.options.lock = lock
    assert doc.applies("lock") and doc.lock_comparison == c
    unlocked = compare(LockFile(str(tmp_path / "other.lock")), str(tmp_path / "m.json"), current)
    assert unlocked == LockComparison(["echo_it"], [], [], False)
