"""Issue 25 (pyA18): ``*args``/``**kwargs`` wrapper chains over any number of hops
(linter/pyscan/project.py, ``_vararg_item``): ``def execute(*args, **kw): return
_execute(*args, **kw)`` fills ``_execute``'s ``shell`` with an item of its own ``*args``
(or, by keyword, its ``**kw``), so the shell flag is the callers' to decide, hop after hop
to the fixpoint, instead of a "maybe" reported at the wrapper (a false alarm: the
wrapper forces no shell) and lost for the callers (the misses).

``fixtures/pyscan/starhops``: bad and good trees (a ``functools.wraps`` decorator and a
``functools.partial(run, shell=True)`` among the layers); the canary runs the bad tree's
own chain with a real sh."""

import sys

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "starhops"


def test_bad_tree_reports_every_marked_line():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    by_line = {f["line"]: f for f in found}
    assert "call chain deploy() -> call() -> run() -> execute() -> _execute()" in by_line[24]["message"]
    assert "shell=True passed" in by_line[11]["message"]
    assert all(f["rule"] == "UL411" and f["severity"] == "error" for f in found)


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []


def test_canary_through_the_chain(tmp_path, monkeypatch):
    canary = tmp_path / "CANARY"
    monkeypatch.chdir(tmp_path)
    sys.path.insert(0, str(TREE / "bad"))
    try:
        from buildtool.cli import clean

        clean(f"x; touch {canary}")
    finally:
        sys.path.remove(str(TREE / "bad"))
        for m in [m for m in sys.modules if m == "buildtool" or m.startswith("buildtool.")]:
            del sys.modules[m]
    assert canary.exists()
