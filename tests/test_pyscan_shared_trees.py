"""The Python scan's CPU (issue 25): the project pass reads the syntax trees the
per-file scan made in the same process, and the parent process scans files
beside its forked worker.  Both must leave the findings exactly as they were:
the trees are never changed by an analysis, and a file is scanned the same
way in either process (or again in the parent when a worker dies)."""

import ast
import os

import pytest
from conftest import FIXTURES

from utcp_lint.engine import Linter, RunResult, Target
from utcp_lint.pyscan.scopes import ModuleModel
from utcp_lint.ruleset.rule import all_rules

PY_FIXTURES = sorted(p for p in (FIXTURES / "pyscan").rglob("*.py"))


def _dump(tree) -> str:
    return ast.dump(tree, include_attributes=True)


def _extra_attrs(tree) -> list:
    """Attributes some analysis set on a node (an AST node holds its fields and positions only)."""
    out = []
    for n in ast.walk(tree):
        extra = set(vars(n)) - set(n._fields) - set(n._attributes)
        if extra:
            out.append((type(n).__name__, sorted(extra)))
    return out


def _model_facts(model) -> list:
    """What a scope model holds, by position and name (not by object identity)."""

    def pos(n):
        return (type(n).__name__, getattr(n, "lineno", None), getattr(n, "col_offset", None))

    out = [
        (s.kind, s.qualname, pos(s.node), s.params, s.vararg, s.kwarg, sorted(s.globals), sorted(s.nonlocals))
        for s in model.scopes
    ]
    for s in model.scopes:
        for name, bs in sorted(s.bindings.items()):
            out.append((s.qualname, name, [(b.kind, b.pos, b.index, b.path, b.scope.qualname) for b in bs]))
        out.append((s.qualname, sorted((k, len(v)) for k, v in s.mutations.items()), [pos(r) for r in s.returns]))
    out.append([(pos(c), s.qualname) for c, s in model.calls])
    out.append([(pos(d), s.qualname) for d, s in model.dicts])
    out.append((model.string_spans, sorted(model.imported), sorted(model.funcs_by_name)))
    return out


def test_fixtures_exist():
    assert len(PY_FIXTURES) > 100


@pytest.mark.parametrize("path", PY_FIXTURES, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_the_scan_leaves_the_tree_as_parsed(path):
    """Every Python fixture: the tree the per-file scan hands on is the tree a new
    parse gives, with no attribute added (what the project pass then reads)."""
    from utcp_lint.pyscan import scan_text_summary

    text = path.read_text(encoding="utf-8")
    linter = Linter([r for rid, r in all_rules().items() if rid.startswith("UL4")])
    trees: dict = {}
    scan_text_summary(linter, text, path.name, trees=trees)
    try:
        fresh = ast.parse(text, filename=path.name)
    except SyntaxError:
        assert trees == {}  # nothing parsed, nothing kept
        return
    assert list(trees) == [path.name]
    tree, model = trees[path.name]
    assert _dump(tree) == _dump(fresh)
    assert _extra_attrs(tree) == []
    # the scope model kept for the project pass: the model the pass would build of this tree
    assert model is not None and model.tree is tree
    assert _model_facts(model) == _model_facts(ModuleModel(tree, text))
    model.release()


def _tree(tmp_path, n=30):
    d = tmp_path / "src"
    d.mkdir()
    (d / "runner.py").write_text("import subprocess\n\ndef run(cmd):\n    subprocess.call(cmd, shell=True)\n")
    for i in range(n):
        (d / f"m{i}.py").write_text(
            f"import os\nfrom runner import run\n\ndef f{i}(cmd):\n    os.system(cmd + '{i}')\n"
            f"def g{i}(arg):\n    run('echo ' + arg)\n" + "x = 1\n" * 4000  # enough work to fork
        )
    return d


def _scan(d, jobs):
    from utcp_lint.pyscan import scan_many

    targets = [Target(str(p), p.name, False) for p in sorted(d.glob("*.py"))]
    linter = Linter([r for rid, r in all_rules().items() if rid.startswith("UL4")])
    linter.use_cache = False
    res = RunResult()
    scan_many(linter, targets, res, jobs=jobs)
    return [(f.path, f.line, f.column, f.rule, f.message) for f in res.findings], res.errors


def _counting_forks(monkeypatch) -> list:
    forks: list = []
    real = os.fork

    def fork():
        forks.append(1)
        return real()

    monkeypatch.setattr(os, "fork", fork)
    return forks


def test_forked_scan_equals_serial_with_project_flows(tmp_path, monkeypatch):
    d = _tree(tmp_path)
    serial = _scan(d, 1)
    forks = _counting_forks(monkeypatch)
    assert serial == _scan(d, 2)
    assert forks == [1]  # one worker beside this process
    rules = {f[3] for f in serial[0]}
    assert {"UL400", "UL411"} <= rules, rules  # per-file findings and flows across modules


def test_files_of_a_dead_worker_are_scanned_by_the_parent(tmp_path, monkeypatch):
    import utcp_lint.pyscan as ps

    d = _tree(tmp_path)
    serial = _scan(d, 1)
    parent = os.getpid()
    real = ps._scan_one_contained
    scanned_here: list = []

    def dying(linter, text, display, trees=None):
        if os.getpid() != parent:
            os._exit(3)  # the worker dies on its first file: none of its results come back
        scanned_here.append(display)
        return real(linter, text, display, trees)

    monkeypatch.setattr(ps, "_scan_one_contained", dying)
    forks = _counting_forks(monkeypatch)
    assert _scan(d, 2) == serial
    assert forks == [1]
    assert sorted(scanned_here) == sorted(p.name for p in d.glob("*.py"))  # each once, all here
