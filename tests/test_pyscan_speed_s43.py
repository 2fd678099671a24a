"""Issue 25, session 43: cheaper cold runs of the Python scan, the same answers.

* ``project._relevant`` asks its text questions (a default's end, a deferred reference, a
  plain call) once per file (``project._text_memo``), not in every round of ``analyse``:
  the memo's answer is the direct answer, and a second ask reads no text.
* ``project._plain_call`` searches its pattern only in a text holding ``name(``: the same
  answer as the pattern on shapes where they could part.
* ``project.returned_shell_argv`` asks a function's returned values before its body's text:
  the same summaries of returned shell argvs (UL411 at the caller, end to end).
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from pathlib import Path

from utcp_lint.pyscan import project
from utcp_lint.pyscan.project import FileUnit, _deferred_ref, _plain_call, _text_memo, words_of

ROOT = Path(__file__).resolve().parent.parent


def _plain_call_by_regex(text: str, name: str, module: str) -> bool:
    last = re.escape(module.rsplit(".", 1)[-1]) if module else ""
    n = re.escape(name)
    pat = rf"(?<![\w.]){n}\(" + (rf"|(?<![\w.]){last}\.{n}\(" if last else "")
    return re.search(pat, text) is not None


def test_plain_call_answers_as_its_pattern() -> None:
    names = ["run", "lex", "évalue", "r"]
    modules = ["", "util", "pkg.util", "pkg.évalue"]
    befores = ["", " ", ".", "x", "_", "é", "util.", "pkg.util.", "(", "\n", "self."]
    afters = ["(", " (", "", "x(", ")", "(\n"]
    hits = 0
    for name, module, b, a in itertools.product(names, modules, befores, afters):
        for text in (b + name + a, f"x = 1\n{b}{name}{a}\ny = {name}\n"):
            want = _plain_call_by_regex(text, name, module)
            hits += want
            assert _plain_call(text, name, module) is want, (text, name, module)
    assert 20 < hits  # both answers are exercised


def test_text_questions_are_answered_once_per_file(monkeypatch) -> None:
    text = "from concurrent.futures import ThreadPoolExecutor\npool.submit(run, cmd)\nf(a, run_=run)\n"
    words = words_of(text)
    u = FileUnit("a.py", text, {})
    direct = {
        "=ends": "run," in text or "run)" in text,
        "=deferred": _deferred_ref(text, "run", words),
        "=plain": _plain_call(text, "run", "util"),
    }
    assert direct["=ends"] and direct["=deferred"]
    for q, want in direct.items():
        assert _text_memo(u, q, "run", words, "util" if q == "=plain" else "") is want, q
    asked: list = []

    def counting(*a):
        asked.append(a)
        return True

    monkeypatch.setattr(project, "_deferred_ref", counting)
    monkeypatch.setattr(project, "_plain_call", counting)
    for q, want in direct.items():
        assert _text_memo(u, q, "run", words, "util" if q == "=plain" else "") is want, q
    assert asked == []  # replayed from the file's memo
    assert _text_memo(u, "=deferred", "other", words) is True and len(asked) == 1  # a new question is asked


def test_returned_shell_argv_reaches_the_caller_end_to_end(tmp_path) -> None:
    """A function returning ``["bash", "-c", script]`` built from its parameter, run by a caller
    in another module with an outside value (UL411); a function returning a constant argv, or
    returning nothing, is no such summary."""
    (tmp_path / "argvs.py").write_text(
        "def shell_argv(script):\n"
        "    x = 1\n"
        '    return ["bash", "-c", script]\n\n'
        "def fixed(script):\n"
        '    return ["bash", "-c", "ls"]\n\n'
        "def nothing(script):\n"
        '    print("bash", script)\n'
    )
    (tmp_path / "cli.py").write_text(
        "import subprocess, sys\n"
        "from argvs import shell_argv, fixed, nothing\n\n"
        "subprocess.run(shell_argv(sys.argv[1]))\n"
        "subprocess.run(fixed(sys.argv[1]))\n"
        "nothing(sys.argv[1])\n"
    )
    out = subprocess.run(
        [sys.executable, "-m", "utcp_lint", "--select", "UL4", "--no-config", "--no-cache", "--format", "json", "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    findings = json.loads(out.stdout)["findings"]
    cli = [(f["rule"], f["line"]) for f in findings if f["path"].endswith("cli.py")]
    assert ("UL411", 4) in cli, findings
    assert not any(line in (5, 6) for _r, line in cli), findings


def _name_uses(model):
    """(scope, name, position) of every name the model's scopes read, with the function scopes."""
    import ast

    out = []
    for sc in model.scopes:
        for n in ast.walk(sc.node):
            if isinstance(n, ast.Name):
                out.append((sc, n.id, (n.lineno, n.col_offset)))
                out.append((sc, n.id, None))
    return out


def test_lookup_answers_once_as_the_scope_walk_on_every_fixture() -> None:
    """``scopes.lookup`` keeps its answers on the model: the same scope and bindings as the walk
    (``_lookup``) for every name read in the fixtures' modules, asked twice; the list handed
    out is the caller's own (changing it changes no later answer)."""
    import ast

    from utcp_lint.pyscan.scopes import ModuleModel, _lookup, lookup

    asked = 0
    used = None  # the last model asked anything (the 120th file may be an empty ``__init__.py``)
    for p in sorted((ROOT / "fixtures" / "pyscan").rglob("*.py"))[:120]:
        text = p.read_text(encoding="utf-8", errors="replace")
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        model = ModuleModel(tree, text)
        for sc, name, at in _name_uses(model):
            want = _lookup(model, sc, name, at)
            for _ in range(2):
                got = lookup(model, sc, name, at)
                assert got[0] is want[0] and got[1] == want[1], (p, name, at)
                got[1].append(None)  # the caller's own list
            asked += 1
            used = model
    assert asked > 1000 and used is not None
    assert used.lookups
    used.release()
    assert used.lookups == {}


def test_role_calls_method_names_test_as_before() -> None:
    """``role_calls`` asks the file's words first, then whether every character of the method's
    name is ``\\w`` (``_`` made a letter, then ``str.isalnum``): the per-character test's
    answers, and the same role-call answers as the scan of every call."""
    from utcp_lint.pyscan.rolename import _word_char, role_calls, role_calls_by_regex

    names = ["run", "run_cmd", "_", "__call__", "r2", "ｒｕｎ", "exécute", "run-x", "run.x", "a b", "run١", "x²"]
    for m in names:
        assert m.replace("_", "a").isalnum() is all(_word_char(c) for c in m), m
    methods = {m: [("runner", f"pkg.Runner.{m}")] for m in names}
    hits = 0
    for m in names:
        for text in (f"self.runner.{m}(cmd)\n", f"the_runner.{m}(x)\n", f"obj.{m}(x)\n", f"runner.{m}\n"):
            want = role_calls_by_regex(text, methods)
            hits += want
            assert role_calls(text, methods, words_of(text)) is want, (m, text)
            assert role_calls(text, methods) is want, (m, text)
    assert hits > 5


def test_the_parent_claims_the_files_naming_subprocess_first() -> None:
    """``_claim_queues``: with the project pass keeping the parent's trees, the files naming
    ``subprocess`` are the parent's queue (biggest first), the others the workers'; every file
    in exactly one chunk; without it, one queue (the workers' first: either process takes any)."""
    from utcp_lint.pyscan import CHUNK_FILES, _claim_queues

    todo = [(f"f{i}.py", ("import subprocess\n" if i % 3 == 0 else "import os\n") + "x\n" * i, None) for i in range(40)]
    chunks, near, rest = _claim_queues(todo, True)
    flat = [i for c in chunks for i in c]
    assert sorted(flat) == list(range(40))
    mine = [i for k in near for i in chunks[k]]
    assert mine == sorted((i for i in range(40) if i % 3 == 0), key=lambda i: -len(todo[i][1]))
    assert all(i % 3 for k in rest for i in chunks[k])
    assert all(len(c) <= CHUNK_FILES for c in chunks)
    chunks, near, rest = _claim_queues(todo, False)
    assert near == [] and sorted(i for k in rest for i in chunks[k]) == list(range(40))
