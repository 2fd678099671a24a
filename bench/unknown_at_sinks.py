"""Which shapes of code does the evaluator leave unknown where a sink needs a value? (issue 25, pyA35)

Runs the Python scan (``--select UL4``) on cached bench trees with :class:`Evaluator`'s
``argv`` and ``truth`` entry points wrapped, and counts, by the AST shape of the
expression, the argv heads that come out neither a constant string nor text of a
parameter / program input (a value the code may make constant that the evaluator
did not read), and the ``shell=`` values that come out "maybe" without a parameter.

usage: python bench/unknown_at_sinks.py SPLIT [SPLIT...]      (development splits only)
       python bench/unknown_at_sinks.py --one TREE             (one tree, JSON counts)
"""

from __future__ import annotations

import ast
import collections
import json
import os
import subprocess
import sys
from pathlib import Path


def _shape(e, m, scope, depth=0) -> str:
    from utcp_lint.pyscan.scopes import lookup

    t = type(e).__name__
    if isinstance(e, ast.Name) and depth < 2:
        _s, bl = lookup(m, scope, e.id, (e.lineno, e.col_offset))
        if not bl:
            return "Name(unbound)"
        kinds = []
        for b in bl[:3]:
            v = b.value if isinstance(b.value, ast.AST) else None
            sub = _shape(v, m, b.scope, depth + 1) if v is not None else "-"
            kinds.append(f"{b.kind}{'[i]' if getattr(b, 'index', None) else ''}:{sub}")
        return f"Name<{'|'.join(sorted(set(kinds)))}>"
    if isinstance(e, ast.Call):
        f = e.func
        name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", type(f).__name__)
        return f"Call({name})"
    if isinstance(e, ast.Attribute):
        base = e.value
        b = base.id if isinstance(base, ast.Name) and base.id in ("self", "cls") else type(base).__name__
        return f"Attr({b}.{'UPPER' if e.attr.isupper() else 'lower'})"
    if isinstance(e, ast.Subscript):
        return f"Subscript({type(e.value).__name__}[{type(e.slice).__name__}])"
    return t


def _one(tree: str) -> None:
    from utcp_lint.pyscan import evaluate as E

    counts: collections.Counter = collections.Counter()
    examples: dict = {}
    orig_argv, orig_truth = E.Evaluator.argv, E.Evaluator.truth
    seen: set = set()

    def argv(self, e, scope, env=None, depth=0):
        alts = orig_argv(self, e, scope, env, depth)
        if isinstance(e, (ast.List, ast.Tuple)) and e.elts and not isinstance(e.elts[0], ast.Starred):
            key = ("argv", id(self.m), e.elts[0].lineno, e.elts[0].col_offset)
            if key in seen:
                return alts
            seen.add(key)
            for a in alts or [[None]]:
                h = a[0] if a else None
                if h is None or not ((h.const and isinstance(h.value, str)) or h.params):
                    k = f"argv-head {_shape(e.elts[0], self.m, scope)}"
                    counts[k] += 1
                    examples.setdefault(k, []).append(
                        f"{getattr(self.m, 'path', '?')}:{e.lineno}: {ast.unparse(e)[:90]}"
                    )
                    break
        return alts

    def truth(self, e, scope, depth=0):
        r = orig_truth(self, e, scope, depth)
        if r[0] == "maybe" and "parameter" not in r[1] and "pass-through" not in r[1]:
            key = ("truth", id(self.m), e.lineno, e.col_offset)
            if key not in seen:
                seen.add(key)
                k = f"shell= {_shape(e, self.m, scope)}"
                counts[k] += 1
                examples.setdefault(k, []).append(f"{getattr(self.m, 'path', '?')}:{e.lineno}: {ast.unparse(e)[:90]}")
        return r

    E.Evaluator.argv, E.Evaluator.truth = argv, truth
    from utcp_lint.cli import fast

    os.chdir(tree)
    out, sys.stdout = sys.stdout, open(os.devnull, "w")
    try:
        fast.run(["--select", "UL4", "--no-config", "--no-cache", "-j", "1", "."])
    except SystemExit:
        pass
    finally:
        sys.stdout = out
    if os.environ.get("SHOW_EXAMPLES"):
        for k, xs in sorted(examples.items()):
            for x in xs[:3]:
                print(f"# {k}  {x}", file=sys.stderr)
    print(json.dumps(counts))


def main() -> None:
    if sys.argv[1:2] == ["--one"]:
        _one(sys.argv[2])
        return
    sys.path.insert(0, str(Path(__file__).parent))
    import bench_pyscan_real as B

    cache = Path.home() / ".cache/utcp-lint-bench/pyscan-real"
    total: collections.Counter = collections.Counter()
    projects: dict = collections.defaultdict(set)
    for dist, ver, sp in B.PROJECTS:
        if sp not in sys.argv[1:]:
            continue
        tree = B.fetch(cache, dist, ver)
        if tree is None:
            continue
        r = subprocess.run([sys.executable, __file__, "--one", str(tree)], capture_output=True, text=True)
        try:
            c = json.loads(r.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            continue
        for k, v in c.items():
            total[k] += v
            projects[k].add(dist)
    for k, v in sorted(total.items(), key=lambda kv: (-len(projects[kv[0]]), -kv[1])):
        print(f"{v:5d} calls {len(projects[k]):4d} projects  {k}")


if __name__ == "__main__":
    main()
