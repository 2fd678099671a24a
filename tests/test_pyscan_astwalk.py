"""linter/pyscan/astwalk.py gives what ast.walk / ast.iter_child_nodes give, in their order
(the scan's results depend on the order of its walks: findings must not change)."""

from __future__ import annotations

import ast
from pathlib import Path

from utcp_lint.pyscan.astwalk import children, parents, walk

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "fixtures").rglob("*.py")) + sorted((ROOT / "linter" / "pyscan").glob("*.py"))


def _trees():
    for p in SOURCES:
        try:
            yield p, ast.parse(p.read_text(encoding="utf-8", errors="replace"))
        except (SyntaxError, ValueError):
            continue


def test_sources_found():
    assert sum(1 for _ in _trees()) > 50


def test_walk_children_parents_match_the_standard_library():
    for p, tree in _trees():
        std = list(ast.walk(tree))
        mine = walk(tree)
        assert [id(n) for n in mine] == [id(n) for n in std], p
        want: dict = {}
        for n in std:
            kids = list(ast.iter_child_nodes(n))
            assert [id(c) for c in children(n)] == [id(c) for c in kids], (p, type(n).__name__)
            for c in kids:
                want[id(c)] = n
        got = parents(tree)
        assert got.keys() == want.keys(), p
        assert all(got[k] is want[k] for k in want), p


def test_missing_and_none_fields_are_skipped():
    # a hand-built node without its optional fields, and one holding None and a mixed list
    call = ast.Call(func=ast.Name(id="f", ctx=ast.Load()), args=[ast.Constant(1)], keywords=[])
    assert [type(c).__name__ for c in children(call)] == ["Name", "Constant"]
    ret = ast.Return(value=None)
    assert children(ret) == [] and walk(ret) == [ret]
    partial = ast.Call(func=ast.Name(id="g"))  # no args/keywords attributes set, no ctx
    assert children(partial) == list(ast.iter_child_nodes(partial))
    assert [type(n).__name__ for n in walk(partial)] == [type(n).__name__ for n in ast.walk(partial)]


def test_built_arguments_are_one_node_per_call_and_parameter():
    """The project pass asks the evaluator about the arguments it builds for a call (the
    tuple of a callee's ``*args``, an item of a forwarded ``*args``) in every round; the
    memo of its answers is keyed by the node, so the same argument must be the same node
    (issue 25, CPU: scons asked two such questions 27 times)."""
    from utcp_lint.pyscan.project import _arg

    rest = ast.parse("run(env['CC'], '-dumpversion', flag)").body[0].value
    t1 = _arg(rest, ["*cmd"], "cmd", False)
    t2 = _arg(rest, ["*cmd"], "cmd", False)
    assert isinstance(t1, ast.Tuple) and t1 is t2
    assert ast.unparse(t1) == "(env['CC'], '-dumpversion', flag)"
    assert (t1.lineno, t1.col_offset, t1.end_col_offset) == (1, 4, 35)
    later = _arg(rest, ["first", "*cmd"], "cmd", False)  # another place: another tuple
    assert later is not t1 and ast.unparse(later) == "('-dumpversion', flag)"

    fwd = ast.parse("helper(*args, **kwargs)").body[0].value
    s1 = _arg(fwd, ["expected", "command"], "command", False)
    s2 = _arg(fwd, ["expected", "command"], "command", False)
    assert isinstance(s1, ast.Subscript) and s1 is s2 and ast.unparse(s1) == "args[1]"
    other = ast.parse("helper(*args, **kwargs)").body[0].value  # another call: its own node
    assert _arg(other, ["expected", "command"], "command", False) is not s1
