"""Issue 25, session 40: cheaper cold runs of the Python scan, the same answers.

* ``SinkScan._kept_callables`` walks the whole module (``Evaluator.stored_attrs_of``) only
  when a call ``self.name(...)`` names an attribute of ``ModuleModel.named_self_stores``
  (the attributes some assignment stores a name or an attribute into through ``self.`` /
  ``cls.``, made by the binder): that set holds every attribute ``_kept_callables``
  answers, checked here on every fixture and test file and on the shapes a store can take.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from utcp_lint.pyscan import evaluate, sinks
from utcp_lint.pyscan.evaluate import Evaluator
from utcp_lint.pyscan.scopes import ModuleModel

ROOT = Path(__file__).resolve().parent.parent


def _kept_by_walk(model: ModuleModel) -> set:
    """``_kept_callables``' answer from the whole-module walk."""
    stores = Evaluator(model).stored_attrs_of()
    return {
        a
        for a, st in stores.items()
        if st and all(x is not None and isinstance(x[0], (ast.Name, ast.Attribute)) for x in st)
    }


def _models(paths):
    for p in paths:
        try:
            text = p.read_text(encoding="utf-8")
            tree = ast.parse(text)
            yield p, ModuleModel(tree, text)
        except (SyntaxError, ValueError, UnicodeDecodeError, RecursionError):
            continue


SHAPES = [
    "class A:\n    def __init__(self, r):\n        self.run = r\n    def go(self):\n        self.run()\n",
    "class A:\n    def __init__(self):\n        self.run = subprocess.Popen\n",
    "class A:\n    @classmethod\n    def k(cls):\n        cls.run = os.system\n",
    "class A:\n    def f(self, r):\n        self.run: T = r\n",
    "class A:\n    def f(self, r):\n        self.run = self.other = r\n",
    "class A:\n    def f(self, r):\n        if r:\n            with x:\n                self.run = r.go\n",
    "f = lambda self: [self.run for _ in ()]\nclass A:\n    def f(self, r):\n        try:\n            self.run = r\n        finally:\n            pass\n",
    "async def f(self, r):\n    async with r:\n        self.run = r\n",
    "def f(self, r):\n    match r:\n        case 1:\n            self.run = r\n",
    # stores that make an attribute not kept (a call, unpacking, augmented, another object)
    "class A:\n    def f(self, r):\n        self.run = r()\n        self.a, self.b = r, r\n        self.c += r\n",
    "class A:\n    def f(self, r):\n        self.run = r\n        other.run = 1\n        del self.x\n",
    "for self.run in r:\n    pass\nwith r as self.w:\n    pass\nx = [1 for self.c in r]\n",
]


@pytest.mark.parametrize("src", SHAPES)
def test_named_self_stores_hold_every_kept_attribute_of_a_shape(src: str) -> None:
    m = ModuleModel(ast.parse(src), src)
    assert _kept_by_walk(m) <= m.named_self_stores


def test_named_self_stores_hold_every_kept_attribute_of_every_fixture_and_test_file() -> None:
    files = sorted((ROOT / "fixtures").rglob("*.py")) + sorted((ROOT / "tests").rglob("*.py"))
    seen = kept = 0
    for p, m in _models(files):
        k = _kept_by_walk(m)
        assert k <= m.named_self_stores, (p, k - m.named_self_stores)
        seen += 1
        kept += bool(k)
    assert seen > 500 and kept > 20, (seen, kept)


def test_a_shape_with_a_name_store_is_in_the_set_and_a_call_store_is_not() -> None:
    src = SHAPES[0] + "class B:\n    def f(self):\n        self.made = make()\n        self.made()\n"
    m = ModuleModel(ast.parse(src), src)
    assert "run" in m.named_self_stores and "made" not in m.named_self_stores
    assert _kept_by_walk(m) == {"run"}


def _sink_scan_walks(monkeypatch, src: str) -> int:
    walks = [0]
    real = Evaluator.stored_attrs_of

    def counting(self):
        if self.m.stored_attrs is None:
            walks[0] += 1
        return real(self)

    monkeypatch.setattr(evaluate.Evaluator, "stored_attrs_of", counting)
    m = ModuleModel(ast.parse(src), src)
    sinks.detect_sinks(m, Evaluator(m))
    return walks[0]


def test_the_module_is_walked_only_for_a_call_of_a_named_store(monkeypatch) -> None:
    plain = (
        "import subprocess\n\nclass A:\n    def __init__(self, name):\n        self.name = name\n"
        "    def go(self, cmd):\n        self.log(cmd)\n        return self.helper(cmd)\n"
    )
    assert _sink_scan_walks(monkeypatch, plain) == 0
    kept = (
        "import subprocess\n\nclass A:\n    def __init__(self):\n        self._popen = subprocess.Popen\n"
        "    def go(self, cmd):\n        return self._popen(cmd, shell=True)\n"
    )
    assert _sink_scan_walks(monkeypatch, kept) == 1


def test_a_kept_popen_is_still_a_sink() -> None:
    src = (
        "import subprocess\n\nclass A:\n    def __init__(self):\n        self._popen = subprocess.Popen\n"
        "    def go(self, cmd):\n        return self._popen(cmd, shell=True)\n"
    )
    m = ModuleModel(ast.parse(src), src)
    found = sinks.detect_sinks(m, Evaluator(m))
    assert [s.node.lineno for s in found] == [7]


# ---- project._indented_from_imports: the indented ``from M import`` lines without a regex
# tried at every line

FROM_SHAPES = [
    "",
    "from a import b\n",
    "if x:\n    from a import b\nelse:\n\tfrom .c import (d,\n  e)\n",
    "try:\n  from a import (b,\n    from_x)\n  from c import d\nexcept ImportError:\n  pass\n",
    "x = 1  # from a import b\n    from   a.b   import  c as d ; y\n",
    "def f():\n    fromage = 1\n    from\n    from a import\n    from . import x\n",
    "s = '''\n   from a import (b\n   from c import d\n   )'''\n",
    "\n \n\t from x import y\n \t\tfrom  z  import *\n",
    "class A:\n    x = 'from'\n        from a import b#c\n",
]


def _indented_by_regex(t: str) -> list:
    from utcp_lint.pyscan.project import _FROM_IMPORT_INDENTED

    return [(m.span(), m.groups()) for m in _FROM_IMPORT_INDENTED.finditer(t)]


def _indented_by_find(t: str) -> list:
    from utcp_lint.pyscan.project import _indented_from_imports

    return [(m.span(), m.groups()) for m in _indented_from_imports(t)]


@pytest.mark.parametrize("src", FROM_SHAPES)
def test_indented_from_imports_as_the_regex_on_a_shape(src: str) -> None:
    t = "\n" + src
    assert _indented_by_find(t) == _indented_by_regex(t)


def test_indented_from_imports_as_the_regex_on_every_fixture_and_test_file() -> None:
    files = sorted((ROOT / "fixtures").rglob("*.py")) + sorted((ROOT / "tests").rglob("*.py"))
    found = 0
    for p in files:
        t = "\n" + p.read_text(encoding="utf-8", errors="replace")
        want = _indented_by_regex(t)
        assert _indented_by_find(t) == want, p
        found += len(want)
    assert found > 50, found


# ---- the project pass of a command-line run leaves what it made to the process exit


def _scan_crossmod(leave: bool):
    from utcp_lint.ruleset.index import selectable_rules
    from utcp_lint.run.linter import Linter

    rules = [r for i, r in selectable_rules().items() if i.startswith("UL4")]
    linter = Linter(rules, use_cache=False)
    linter.leave_to_exit = leave
    result = linter.lint_paths([str(ROOT / "fixtures" / "pyscan" / "crossmod" / "bad")])
    return sorted((f.path, f.line, f.column, f.rule, f.message) for f in result.findings)


def test_an_embedders_project_pass_releases_its_models(monkeypatch) -> None:
    import utcp_lint.pyscan as ps

    left = []
    monkeypatch.setattr(ps, "leave_to_exit", lambda *objs: left.append(objs))
    released = []
    real = ModuleModel.release

    def counting(self):
        released.append(self)
        return real(self)

    monkeypatch.setattr(ModuleModel, "release", counting)
    found = _scan_crossmod(False)
    assert found and not left and released


def test_a_command_line_project_pass_leaves_its_models_to_the_exit(monkeypatch) -> None:
    import utcp_lint.pyscan as ps

    before = _scan_crossmod(False)
    released = []
    real = ModuleModel.release

    def counting(self):
        released.append(self)
        return real(self)

    monkeypatch.setattr(ModuleModel, "release", counting)
    after = _scan_crossmod(True)
    assert after == before
    # the models the pass read are held, not released: a list that holds itself
    held = ps._LEFT
    assert held and held[-1] is held
    trees, models, made = held[:3]
    assert models and made and all(m.scopes for m in models)
    assert not any(m in released for m in models)
    assert all(fu.ctx is None for fu in made)  # the contexts go, as an embedder's


def test_a_second_run_drops_the_first_runs_list() -> None:
    import gc
    import weakref

    import utcp_lint.pyscan as ps

    _scan_crossmod(True)
    first = ps._LEFT
    units = weakref.ref(first[2][0])
    del first
    _scan_crossmod(True)
    gc.collect()
    assert units() is None  # the first run's units went with its list (a cycle the collector frees)


def test_the_command_line_sets_leave_to_exit(monkeypatch) -> None:
    from click.testing import CliRunner

    import utcp_lint.pyscan as ps
    from utcp_lint.cli.app import main

    left = []
    real = ps.leave_to_exit
    monkeypatch.setattr(ps, "leave_to_exit", lambda *objs: (left.append(len(objs)), real(*objs)))
    tree = ROOT / "fixtures" / "pyscan" / "crossmod" / "bad"
    r = CliRunner().invoke(
        main, ["check", "--no-config", "--no-cache", "--format", "json", "--select", "UL4", str(tree)]
    )
    assert "Traceback" not in r.output
    assert left == [5]


# ---- run/read.py: a file is read by its size, not by the size cap


def _target(p):
    from utcp_lint.run.discover import Target

    return Target(str(p), p.name, True)


def test_a_file_is_read_by_its_size_not_the_cap(tmp_path, monkeypatch) -> None:
    import io
    import os

    import utcp_lint.run.read as engine

    p = tmp_path / "m.py"
    p.write_text("import os\nos.system(x)\n", encoding="utf-8")
    asked = []
    real = os.fdopen

    class Recording(io.BufferedReader):
        def read(self, n=-1):
            asked.append(n)
            return super().read(n)

    monkeypatch.setattr(engine.os, "fdopen", lambda fd, mode: Recording(real(fd, "rb", buffering=0)))
    text, err = engine.read_text(_target(p))
    assert err is None and text == "import os\nos.system(x)\n"
    assert asked and max(asked) <= p.stat().st_size + 1, asked


def test_a_file_that_grew_after_its_size_was_read_is_read_whole(tmp_path, monkeypatch) -> None:
    import os

    import utcp_lint.run.read as engine

    p = tmp_path / "grown.py"
    body = "x = 1\n" * 500
    p.write_text(body, encoding="utf-8")
    real = os.fstat

    def small(fd):
        st = real(fd)
        return os.stat_result((st.st_mode, st.st_ino, st.st_dev, st.st_nlink, st.st_uid, st.st_gid, 7, 0, 0, 0))

    monkeypatch.setattr(engine.os, "fstat", small)
    text, err = engine.read_text(_target(p))
    assert err is None and text == body
    monkeypatch.setattr(engine, "MAX_FILE_BYTES", 100)
    text, err = engine.read_text(_target(p))
    assert text is None and "larger than" in err.message


# ---- Evaluator._kept_instances walks a class's methods only for an attribute some
# assignment stores into (ModuleModel.attr_stores)


def _stored_by_walk(m: ModuleModel) -> set:
    """The attributes ``_self_stores`` finds a valued assignment of, over every class."""
    ev = Evaluator(m)
    out: set = set()
    for sc in m.scopes:
        if sc.kind == "class":
            for attr, stores in ev._self_stores(sc).items():
                if any(n.value is not None for _fs, n, _t in stores):
                    out.add(attr)
    return out


@pytest.mark.parametrize("src", SHAPES)
def test_attr_stores_hold_every_attribute_a_class_assigns_in_a_shape(src: str) -> None:
    m = ModuleModel(ast.parse(src), src)
    assert _stored_by_walk(m) <= m.attr_stores


def test_attr_stores_hold_every_attribute_a_class_assigns_in_every_fixture_and_test_file() -> None:
    files = sorted((ROOT / "fixtures").rglob("*.py")) + sorted((ROOT / "tests").rglob("*.py"))
    seen = stored = 0
    for p, m in _models(files):
        s = _stored_by_walk(m)
        assert s <= m.attr_stores, (p, s - m.attr_stores)
        seen += 1
        stored += bool(s)
    assert seen > 500 and stored > 50, (seen, stored)


def test_an_attribute_no_assignment_stores_walks_no_method(monkeypatch) -> None:
    src = (
        "import subprocess\n\nclass A:\n    def __init__(self, me):\n        self.me = me\n"
        "    def go(self, cmd):\n        return self.runner.run(cmd, shell=True)\n"
    )
    m = ModuleModel(ast.parse(src), src)
    ev = Evaluator(m)
    walked = []
    real = Evaluator._self_stores
    monkeypatch.setattr(Evaluator, "_self_stores", lambda self, cls: (walked.append(cls), real(self, cls))[1])
    cls = next(sc for sc in m.scopes if sc.kind == "class")
    assert ev._kept_instances(cls, "runner") == [] and walked == []
    assert ev._kept_instances(cls, "me") == [] and len(walked) == 1
