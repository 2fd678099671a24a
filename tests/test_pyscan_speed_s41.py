"""Issue 25, session 41: cheaper cold runs of the Python scan, the same answers.

* ``rolename.role_calls`` (asked of every file of a tree in every round of the project
  pass) finds each ``.M(`` of the asked methods instead of scanning every call of the text
  with ``(\\w+)\\.(\\w+)\\(``, and skips a method whose ASCII name is none of the file's
  words: the same answer as the scan (``role_calls_by_regex``) on the shapes where they
  could part and on every fixture and test file.
* ``astwalk.statements``: the statements of a node in ``walk``'s order, without entering
  expressions; ``Evaluator._self_stores`` (a walk of every method of a class) uses it.
* ``project._has_argv_opt``: ``_ARGV_OPT.search(text)``, tried only one character after each
  quote-dash or quote-slash pair (its lookbehind needs one), the same answer.
"""

from __future__ import annotations

import ast
import collections
import re
import sys
from pathlib import Path

import pytest

from utcp_lint.pyscan.astwalk import statements, walk
from utcp_lint.pyscan.evaluate import Evaluator
from utcp_lint.pyscan.project import words_of
from utcp_lint.pyscan.rolename import _word_char, role_calls, role_calls_by_regex
from utcp_lint.pyscan.scopes import ModuleModel

ROOT = Path(__file__).resolve().parent.parent


def _texts():
    for p in sorted((ROOT / "fixtures").rglob("*.py")) + sorted((ROOT / "tests").rglob("*.py")):
        try:
            yield p, p.read_text(encoding="utf-8")
        except (UnicodeDecodeError, ValueError):
            continue


# ---- role_calls


def test_word_char_is_the_regex_word_class_on_every_code_point() -> None:
    w = re.compile(r"\w")
    differ = [c for c in map(chr, range(sys.maxunicode + 1)) if bool(w.match(c)) != _word_char(c)]
    assert differ == []


ENV = {"run": [("environment", "m.LocalEnvironment.run")], "execute": [("backend", "m.SSHBackend.execute")]}

ROLE_SHAPES = [
    ("env.run(cmd)", True),
    ("self.env.run(cmd)", True),
    ("self._backend.execute(a)", True),
    ("docker_env.run(x)", True),
    ("_env_.run(x)", True),
    ("x = (env).run(cmd)", False),  # no word before the dot: no match of the scan either
    (".run(x)", False),  # the text's start
    ("env.run (x)", False),
    ("env.runner(x)", False),
    ("env.xrun(x)", False),
    ("cursor.execute(q)", False),
    ("self.run(x)", False),  # a vague receiver
    ("ev.run(x)", False),  # too short
    ("a.b.c.env.run(x)", True),
    ("f(g.h(i.env.run(x)))", True),
    ("ñenv.run(x)", False),  # the receiver's last word is "ñenv", no role
    ("é_env.run(x)", True),  # a non-ASCII word: "é_env" -> "env"
    ("environment.run(", True),
    ("env.run(" * 3 + "conn.execute(", True),
    ("#env.run(x) in a comment", True),  # text, as the scan reads it
    ("environments.run(x)", False),
    ("env\u0301.run(x)", False),  # a combining mark is no word character: no word before the dot
]


@pytest.mark.parametrize("text,expected", ROLE_SHAPES)
def test_role_calls_answers_as_the_scan_of_every_call(text: str, expected: bool) -> None:
    assert role_calls_by_regex(text, ENV) is expected
    assert role_calls(text, ENV) is expected
    assert role_calls(text, ENV, words_of(text)) is expected


def test_a_method_name_with_a_character_the_scan_cannot_match_is_never_found() -> None:
    methods = {"ru\u0301n": [("environment", "m.E.run")]}  # a combining mark: \w does not match it
    text = "env.ru\u0301n(x)"
    assert role_calls_by_regex(text, methods) is False
    assert role_calls(text, methods) is False
    assert role_calls(text, methods, words_of(text)) is False


def test_the_words_skip_only_methods_the_text_cannot_call() -> None:
    assert role_calls("env.run(x)", ENV, {"env", "x"}) is False  # "run" is none of the words given
    assert role_calls("env.run(x)", ENV, {"env", "run", "x"}) is True
    methods = {"rün": [("environment", "m.E.rün")]}  # non-ASCII: words_of encodes it as "?"
    assert role_calls("env.rün(x)", methods, words_of("env.rün(x)")) is True


def test_role_calls_answers_as_the_scan_on_every_fixture_and_test_file() -> None:
    texts = list(_texts())
    calls = collections.Counter()
    receivers = collections.Counter()
    by_method: dict = collections.defaultdict(collections.Counter)
    for _p, t in texts:
        for m in re.finditer(r"(\w+)\.(\w+)\(", t):
            calls[m.group(2)] += 1
            role = m.group(1).strip("_").rsplit("_", 1)[-1].lower()
            receivers[role] += 1
            by_method[m.group(2)][role] += 1
    roles = [r for r, _n in receivers.most_common(40) if len(r) >= 3]
    # methods of the texts' commonest calls, each with roles some receivers name and some none does
    tables = []
    common = [m for m, _n in calls.most_common(60)]
    for i in range(0, 60, 6):
        tables.append(
            {
                m: [(roles[(i + j) % len(roles)], f"k.{m}"), ("zzznone", f"z.{m}")]
                for j, m in enumerate(common[i : i + 6])
            }
        )
    tables.append({m: [] for m in common[:5]})  # no candidates: never a hit
    # each method with the role its commonest receiver names: hits whatever the texts hold
    tables.append(
        {
            m: [(by_method[m].most_common(1)[0][0], f"k.{m}")]
            for m in common[:30]
            if len(by_method[m].most_common(1)[0][0]) >= 3
        }
    )
    yes = no = 0
    for p, t in texts:
        w = words_of(t)
        for methods in tables:
            want = role_calls_by_regex(t, methods)
            assert role_calls(t, methods) is want, p
            assert role_calls(t, methods, w) is want, p
            yes += want
            no += not want
    assert len(texts) > 500 and yes > 50 and no > 1000, (len(texts), yes, no)


# ---- astwalk.statements and Evaluator._self_stores

_LIKE = (ast.stmt, ast.excepthandler, ast.match_case)

STMT_SHAPES = [
    "def f(self):\n    self.a = 1\n    if x:\n        self.b = 2\n    else:\n        self.c: int = 3\n",
    "def f(self):\n    try:\n        self.a = 1\n    except E as e:\n        self.b = e\n    else:\n        self.c = 2\n"
    "    finally:\n        self.d = 3\n",
    "def f(self):\n    for i in x:\n        self.a = i\n    else:\n        self.b = 1\n    while y:\n        self.c = 2\n",
    "def f(self):\n    with x as y:\n        self.a = y\n    def g():\n        self.b = 1\n    class C:\n        z = 1\n",
    "def f(self):\n    match r:\n        case 1:\n            self.a = r\n        case _:\n            self.b = [lambda: 1]\n",
    "async def f(self):\n    async with x:\n        async for y in z:\n            self.a = (lambda q: q)(y)\n",
    "def f(self):\n    try:\n        pass\n    except* E:\n        self.a = 1\n",
]


def _by_walk(node: ast.AST) -> list:
    return [node] + [n for n in walk(node)[1:] if isinstance(n, _LIKE)]


@pytest.mark.parametrize("src", STMT_SHAPES)
def test_statements_are_the_walks_statements_in_its_order_on_a_shape(src: str) -> None:
    tree = ast.parse(src)
    for node in walk(tree):
        if isinstance(node, (ast.Module, *_LIKE)):
            assert statements(node) == _by_walk(node)


def test_statements_are_the_walks_statements_in_its_order_on_every_fixture_and_test_file() -> None:
    seen = 0
    for p, t in _texts():
        try:
            tree = ast.parse(t)
        except (SyntaxError, ValueError, RecursionError):
            continue
        assert statements(tree) == _by_walk(tree), p
        for node in walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                assert statements(node) == _by_walk(node), (p, node.lineno)
                seen += 1
    assert seen > 3000, seen


def _self_stores_by_walk(cls) -> dict:
    """``Evaluator._self_stores`` as written before (a walk of every node of each method)."""
    got: dict = {}
    for bs in list(cls.bindings.values()):
        for bb in bs:
            fs = bb.value if bb.kind == "def" else None
            # async methods too (session 49: ``self.conn = await asyncssh.connect(...)``)
            if (
                fs is None
                or not getattr(fs, "params", None)
                or not isinstance(fs.node, (ast.FunctionDef, ast.AsyncFunctionDef))
            ):
                continue
            me = fs.params[0]
            for n in walk(fs.node):
                if not isinstance(n, (ast.Assign, ast.AnnAssign)):
                    continue
                targets = n.targets if isinstance(n, ast.Assign) else [n.target]
                seen = set()
                for t in targets:
                    if (
                        isinstance(t, ast.Attribute)
                        and isinstance(t.value, ast.Name)
                        and t.value.id == me
                        and t.attr not in seen
                    ):
                        seen.add(t.attr)
                        got.setdefault(t.attr, []).append((fs, n, targets))
    return got


def test_self_stores_are_those_of_the_whole_walk_on_every_fixture_and_test_file() -> None:
    classes = stored = 0
    for p, t in _texts():
        try:
            m = ModuleModel(ast.parse(t), t)
        except (SyntaxError, ValueError, RecursionError):
            continue
        ev = Evaluator(m)
        for sc in m.scopes:
            if sc.kind == "class":
                want = _self_stores_by_walk(sc)
                assert ev._self_stores(sc) == want, (p, sc.qualname)
                classes += 1
                stored += bool(want)
    assert classes > 150 and stored > 80, (classes, stored)


# ---- project._has_argv_opt: _ARGV_OPT tried only where a match can start


ARGV_SHAPES = [
    'run(["sh", "-c", cmd])',
    "run(['bash', '-lc', cmd])",
    'run(["cmd", "/c", x])',
    'run(["cmd", "/C", x])',
    'run(["python", "-e", x])',
    'run(["node", "--eval", x])',
    'run(["x", "-command", y])',
    'run(["x", "-Command", y])',
    "x = '-'  # ------------------------------ no option",
    "# -c 'x' in a comment, no quote before the dash",
    '"--c" "-" "/" \'/\'',
    "'-c\"",  # a quote of either kind after
    "-c'",  # at the text's start: nothing before the dash
    "'--eval'",
    "a = '/usr/bin/c'",
    "'/'c'",
    "",
]


@pytest.mark.parametrize("text", ARGV_SHAPES)
def test_has_argv_opt_answers_as_the_search_on_a_shape(text: str) -> None:
    from utcp_lint.pyscan.project import _ARGV_OPT, _has_argv_opt

    assert _has_argv_opt(text) is (_ARGV_OPT.search(text) is not None)


def test_argv_mark_answers_as_before_on_the_shapes() -> None:
    from utcp_lint.pyscan.project import _ARGV_OPT, _argv_mark

    hits = 0
    for text in ARGV_SHAPES + ["ssh host", "plink x", "'-c'"]:
        want = bool("ssh" in text or "plink" in text or _ARGV_OPT.search(text))
        assert _argv_mark(text) is want, text
        hits += want
    assert hits >= 10


def test_has_argv_opt_answers_as_the_search_on_every_fixture_and_test_file() -> None:
    from utcp_lint.pyscan.project import _ARGV_OPT, _has_argv_opt

    texts = [t for _p, t in _texts()]
    opts = 0
    for t in texts:
        want = _ARGV_OPT.search(t) is not None
        assert _has_argv_opt(t) is want
        opts += want
    assert opts > 50 and len(texts) - opts > 200, opts


def test_statements_opens_no_frame_of_its_own_inside_the_evaluator() -> None:
    """The evaluator can run at the recursion limit (xonsh's parser: hundreds of
    RecursionErrors a scan); ``statements`` replaced ``walk`` there and, like it, calls no
    Python function (a frame counts towards the limit) whatever the node types it meets."""
    src = "".join(STMT_SHAPES) + "class K:\n    def m(self):\n        async def g():\n            pass\n"
    tree = ast.parse(src)
    calls: list = []

    def prof(frame, event, arg):
        if event == "call":
            calls.append(frame.f_code.co_name)

    nodes = [n for n in walk(tree) if isinstance(n, (ast.Module, *_LIKE))]
    sys.setprofile(prof)
    try:
        for n in nodes:
            statements(n)
    finally:
        sys.setprofile(None)
    assert calls and set(calls) == {"statements"}, calls
