"""The Python scan's findings do not depend on the caller's stack depth (s47pyD2, issue 25).

A value-analysis question that recursed past Python's recursion limit is answered
"unknown"; the limit was the caller's (``sys.getrecursionlimit()`` less the depth at the
call), so a file's findings depended on whether the command line's serial loop, the parent
of a parallel scan, its forked worker (which of the two scans a file is decided by the
clock), a test or an embedder scanned it: inspect-ai 0.3.285's ``_bridge/bridge.py`` gave
"158", "159" or "160 later questions" from run to run.  ``pyscan/headroom.py`` gives every
analysis entry the same room above itself.

``fixtures/pyscan/headroom/bad``: a headers-narrowing loop (``headers[name] = ...
headers[name] ...``) whose analysis reached the recursion limit hundreds of times and then
ran out of its step budget until s47pyPerf14 carried the depth through a subscript key's
question (it now gets the good twin's finding); ``good``: the same program without it.
"""

from __future__ import annotations

import json
import re
import shutil
import sys

import pytest
from conftest import FIXTURES, run_cli

from utcp_lint.engine import Linter
from utcp_lint.pyscan import headroom, scan_text_summary
from utcp_lint.ruleset.rule import all_rules

HERE = FIXTURES / "pyscan" / "headroom"
BAD = HERE / "bad" / "forward_headers.py"
GOOD = HERE / "good" / "forward_headers.py"


def _linter() -> Linter:
    return Linter([r for rid, r in all_rules().items() if rid.startswith("UL4") and r.default_enabled])


def _nested(k: int, fn):
    """``fn()`` called ``k`` Python frames deeper than here."""
    return fn() if k == 0 else _nested(k - 1, fn)


def _facts(path, linter, depth: int = 0, limit: int | None = None) -> list:
    text = path.read_text()
    old = sys.getrecursionlimit()
    if limit is not None:
        sys.setrecursionlimit(limit)
    try:
        fs, es, _summary = _nested(depth, lambda: scan_text_summary(linter, text, path.name))
    finally:
        sys.setrecursionlimit(old)
    assert not es
    return [(f.rule, f.line, f.column, f.severity, f.message) for f in fs]


def test_stack_depth_counts_one_per_frame_and_both_ways_agree(monkeypatch):
    here = headroom.stack_depth()
    assert here > 0
    assert _nested(1, headroom.stack_depth) == _nested(0, headroom.stack_depth) + 1
    assert _nested(30, headroom.stack_depth) == _nested(0, headroom.stack_depth) + 30
    # an interpreter that words its refusal otherwise: the limit found by halving is the same
    monkeypatch.setattr(headroom, "_DEPTH_SAID", re.compile(r"(?!)"))
    assert headroom.stack_depth() == here
    assert _nested(30, headroom.stack_depth) == here + 31  # + _nested(0)'s own frame


def test_fixed_headroom_is_the_same_room_at_any_depth_and_gives_the_limit_back():
    def room() -> int:
        with headroom.fixed_headroom(500):
            return sys.getrecursionlimit() - headroom.stack_depth()

    old = sys.getrecursionlimit()
    rooms = {_nested(k, room) for k in (0, 7, 60)}
    sys.setrecursionlimit(4000)  # a caller that raised the limit
    try:
        rooms.add(room())
        assert sys.getrecursionlimit() == 4000  # put back
    finally:
        sys.setrecursionlimit(old)
    assert len(rooms) == 1, rooms
    assert 490 < rooms.pop() <= 500
    assert sys.getrecursionlimit() == old


def test_bad_fixtures_name_cycle_ends_at_the_depth_bound_not_the_recursion_limit(monkeypatch):
    """s47pyPerf14: the subscript key's question (``headers[name]``) goes on at the asker's
    depth, so the loop's cycle of names ends at MAX_DEPTH as "unknown" for the key alone:
    no question meets Python's recursion limit, the step budget is not spent, and the
    shell call gets its finding as in the good twin."""
    from utcp_lint.pyscan import evaluate

    cut: list = []
    real = evaluate.Evaluator._cut

    def count(self, x, e):
        cut.append(type(x).__name__)
        return real(self, x, e)

    monkeypatch.setattr(evaluate.Evaluator, "_cut", count)
    facts = _facts(BAD, _linter())
    assert cut == []
    assert [(f[0], f[1], f[3]) for f in facts] == [("UL400", 27, "error")]
    assert "parameters 'headers', 'url'" in facts[0][4]


@pytest.mark.parametrize("path", [BAD, GOOD], ids=["bad", "good"])
def test_a_file_has_the_same_findings_at_any_caller_depth_and_limit(path):
    linter = _linter()
    first = _facts(path, linter)
    assert first  # the budget note (bad) or the shell finding on ``url`` (good)
    for depth, limit in ((1, None), (2, None), (45, None), (0, 3000), (120, 5000)):
        assert _facts(path, linter, depth, limit) == first, (depth, limit)


def test_good_fixture_reports_the_shell_call():
    facts = _facts(GOOD, _linter())
    assert [(f[0], f[1], f[3]) for f in facts] == [("UL400", 14, "error")]
    assert "parameter 'url'" in facts[0][4]


def test_parallel_scan_gives_every_copy_the_serial_runs_answer(tmp_path):
    """Twenty-four files (the parallel scan's threshold), a copy of the bad fixture in every
    chunk the two processes claim: each copy's note says what the serial scan of the
    file alone says, whichever process scanned it."""
    single = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", str(BAD))
    assert "Traceback" not in single.stderr, single.stderr
    (want,) = [f["message"] for f in json.loads(single.stdout)["findings"]]
    assert "os.system runs a command built from parameters 'headers', 'url'" in want
    tree = tmp_path / "t"
    tree.mkdir()
    text = BAD.read_text()
    pad = "# " + "x" * 78 + "\n"
    copies = []
    for i in range(24):
        # sizes fall with i (the scan claims the biggest first, four files a chunk): a copy
        # of the bad file at the head of every chunk, small good files between
        body = text if i % 4 == 0 else GOOD.read_text()
        name = f"m{i:02d}.py"
        (tree / name).write_text(body + pad * (700 - 20 * i))
        if i % 4 == 0:
            copies.append(name)
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", "-j", "2", ".", cwd=tree)
    assert "Traceback" not in r.stderr, r.stderr
    notes = {f["path"]: f["message"] for f in json.loads(r.stdout)["findings"] if f["line"] == 27}
    assert sorted(notes) == copies
    assert set(notes.values()) == {want}
    shutil.rmtree(tree)
