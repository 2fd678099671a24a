"""The project pass leaves its parsed files to reference counting (issue 25).

Its analysis's nested functions refer to each other, cycles that only the
cyclic collector frees; they held the file units, and through them every
parsed context and tree, so the collection that ends the pass walked them all
(conan: 185,000 objects, 66 ms of a 0.6 s run).  With the units' contexts and
call edges dropped (and the list of parsed contexts emptied), the
contexts are gone before that collection.  Checked on the
cross-module fixture, whose pass parses its ten modules."""

from __future__ import annotations

import gc
import os

from conftest import FIXTURES

from utcp_lint.engine import Linter
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.ruleset.rule import all_rules

CROSS = FIXTURES / "pyscan" / "crossmod" / "bad"


def test_no_parsed_context_is_left_for_the_collector(monkeypatch):
    seen: list[int] = []
    real = gc.collect

    def counting(*args):
        if args == (0,):  # the young-generation collection that ends a file's scan and the pass
            seen.append(sum(1 for o in gc.get_objects() if type(o) is PythonContext))
        return real(*args)

    monkeypatch.setattr(gc, "collect", counting)
    monkeypatch.chdir(CROSS)
    rules = [r for r in all_rules().values() if r.id.startswith("UL4")]
    linter = Linter(rules, use_cache=False, jobs=1)
    paths = sorted(os.path.relpath(p, CROSS) for p in CROSS.rglob("*.py"))
    assert len(paths) >= 10
    result = linter.lint_paths(["."])
    assert any(f.rule == "UL411" for f in result.findings)  # the pass ran and found its flows
    assert seen, "no collection ran"
    # before: the pass's ten contexts; now at most one (the file UL411 judged last: not traced)
    assert max(seen) <= 1, seen
