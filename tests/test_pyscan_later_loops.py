"""``evaluate._later_outside_loops`` answers as the definition it stands for: a mutation
``node`` that starts after the use at ``at`` and shares no loop with it (no loop of the scope
starts at or before the use and ends after the mutation starts).  It now reads a sorted
index of the scope's loops (a use of a name mutated a thousand times asked every loop for
each mutation: kcli's 5,000-line cli.py; issue 25); compared here with the definition on
every (statement, use) pair of a function of nested and sibling loops."""

import ast
import types

from utcp_lint.pyscan.evaluate import _later_outside_loops

SOURCE = """
def f(xs, ys):
    cmd = []
    for x in xs:
        cmd.append(x)
        while x:
            cmd.append(ys)
            x -= 1
        cmd += [x]
    cmd.extend(ys)
    for y in ys:
        for z in y:
            cmd.insert(0, z)
        else:
            cmd.append(y)
    async def g():
        async for a in ys:
            cmd.append(a)
    while ys:
        cmd.append(ys.pop())
    cmd.append(1)
    return cmd
"""


def _defined(func, node, at):
    pos = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
    if pos <= at:
        return False
    spans = [
        ((n.lineno, n.col_offset), (n.end_lineno or 0, n.end_col_offset or 0))
        for n in ast.walk(func)
        if isinstance(n, (ast.For, ast.AsyncFor, ast.While))
    ]
    return not any(a <= at and pos < b for a, b in spans)


def test_later_outside_loops_is_its_definition():
    func = ast.parse(SOURCE).body[0]
    scope = types.SimpleNamespace(id=1, node=func)
    stmts = [n for n in ast.walk(func) if isinstance(n, ast.stmt)]
    uses = sorted({(n.lineno, n.col_offset) for n in ast.walk(func) if isinstance(n, ast.Name)})
    cache: dict = {}
    answers = {True: 0, False: 0}
    for st in stmts:
        for at in uses:
            got = _later_outside_loops(cache, scope, st, at)
            assert got == _defined(func, st, at), (ast.dump(st)[:60], at)
            answers[got] += 1
    assert answers[True] > 20 and answers[False] > 20, answers  # both answers exercised
