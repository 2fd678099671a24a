"""Cold-run CPU of the Python scan (issue 25, session 39): the mechanisms, not timings.

* A file's identifiers (``project.words_of``) are made once: the prefilter reads them
  (:func:`~utcp_lint.pyscan.prefilter.is_candidate_words`, the same answers as
  :func:`~utcp_lint.pyscan.prefilter.is_candidate`) and the project pass takes them.
* The project pass's :func:`_relevant` visits only the summaries a word of the file
  names (the same answers as visiting them all).
* The Python scan's records generate no code when imported (written-out records,
  core/fieldwise.py), so a run's start compiles none.
"""

from __future__ import annotations

import dataclasses
import importlib
import itertools
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

from utcp_lint.pyscan.prefilter import _ANYWHERE, _NEEDLES, _TMUX, is_candidate, is_candidate_words
from utcp_lint.pyscan.project import words_of

ROOT = Path(__file__).resolve().parent.parent
PY_FILES = sorted((ROOT / "fixtures").rglob("*.py")) + sorted((ROOT / "tests").rglob("*.py"))


def test_prefilter_with_words_answers_as_the_prefilter_on_every_fixture_and_test_file() -> None:
    texts = [p.read_bytes().decode("utf-8", "surrogateescape") for p in PY_FILES]
    assert len(texts) > 300
    hits = 0
    for p, text in zip(PY_FILES, texts):
        expected = is_candidate(text)
        hits += expected
        assert is_candidate_words(text, words_of(text)) is expected, p
    assert 50 < hits < len(texts)  # both answers are exercised


def _shapes() -> list[str]:
    """Every needle of the prefilter, and the library imports, tmux commands and pyinfra
    operation it knows, in the shapes that decide a word start: what stands before (a
    letter, a digit, an underscore, a non-ASCII letter or digit, a non-ASCII mark,
    punctuation, prose) and after (the pattern's tail or not)."""
    before = ["", " ", "x", "9", "_", "é", "٣", "—", ".", "(", "os.", "the file ", "import ", "\n"]
    after = ["", "(", " ", "x", "_", "l", "lp", "e", "ve", "_command", "2", "'", '"', "=", " =", "é", "\n"]
    words = [n for n, _p in _NEEDLES] + sorted(_ANYWHERE)
    out = [b + w + a for w, b, a in itertools.product(words, before, after)]
    for lib in ("pexpect", "plumbum", "invoke", "fabric", "fabric2", "paramiko", "sh", "libtmux", "ssh2", "sarge"):
        for lead, tail in itertools.product(["", "  ", "\t", "x"], ["", ".x", "é", "_x", " as y"]):
            out += [f"{lead}import {lib}{tail}\n", f"{lead}from {lib}{tail} import z\n", f"x = '{lib}'\nimport os\n"]
    out += [f"c.cmd('{n}', cmd)\n" for n in _TMUX] + [f"# {n} here\n" for n in _TMUX]
    # the Ansible and salt words (prefilter._ansible_task_words reads them in the joined words)
    ansible = ["module_args", "ansible", "shell", "raw", "cmd.run", "cmd.shell", "cmd", "cmd .run", "cmd_run"]
    # quoted shells before a quoted -c cluster (prefilter._shell_code_flag, asked only when a word ends in sh)
    for sh, sep, opt in itertools.product(
        ["sh", "/bin/bash", "zsh", "9sh", "s_h", "éh", "shé", "sh9", "shx", "s.h", "sh-"],
        [", ", ",", " ", "\n, ", ",\t", "; "],
        ["-c", "-lc", "-ec", "-l", "c", "-9c", "--c"],
    ):
        for q in ("'", '"'):
            out.append(f"run([{q}{sh}{q}{sep}{q}{opt}{q}, cmd])\n")
            out.append(f"{q}{sh}{q}{sep}{q}{opt}{q}")
    for a, b in itertools.product(ansible, ansible):
        for sep, lead in itertools.product([" ", "é", "9", "_", "."], ["", "x", "2", "é"]):
            out.append(lead + a + sep + b + "\n")
    out += [
        "from pyinfra.api import operation\n@operation\ndef op(x):\n    yield 'echo ' + x\n",
        "import pyinfra\n@pyinfra.api.operation()\ndef op(x):\n    yield x\n",
        "# pyinfra yields\n@operationé\ndef op(x):\n    yield x\n",
        "pyinfra_x = 1\n@deco.operation\ndef f():\n    yielded = 1\n",
    ]
    return out


def test_prefilter_with_words_answers_as_the_prefilter_on_every_shape() -> None:
    shapes = _shapes()
    assert sum(is_candidate(s) for s in shapes) > 100
    for s in shapes:
        assert is_candidate_words(s, words_of(s)) is is_candidate(s), s


def test_a_files_words_are_made_once_for_the_prefilter_and_the_project_pass(tmp_path, monkeypatch) -> None:
    """A tree whose project pass runs (a wrapper in one module, its caller in another): every
    file's identifiers are made once, by the prefilter, and the cross-module flow is found."""
    from utcp_lint.pyscan import project

    (tmp_path / "util.py").write_text("import subprocess\n\ndef run(cmd):\n    subprocess.call(cmd, shell=True)\n")
    (tmp_path / "cli.py").write_text("import sys\nfrom util import run\n\nrun('ls ' + sys.argv[1])\n")
    (tmp_path / "other.py").write_text("def helper(x):\n    return run_twice(x)\n")
    made: list = []
    real = project.words_of

    def counting(text: str) -> set:
        made.append(text)
        return real(text)

    monkeypatch.setattr(project, "words_of", counting)
    from utcp_lint.pyscan import prefilter

    gated: list = []
    real_gate = prefilter.is_candidate_words

    def gate(text: str, words) -> bool:
        gated.append(text)
        return real_gate(text, words)

    monkeypatch.setattr(prefilter, "is_candidate_words", gate)
    from utcp_lint.ruleset.index import selectable_rules
    from utcp_lint.run.linter import Linter

    rules = [r for i, r in selectable_rules().items() if i.startswith("UL4")]
    result = Linter(rules, use_cache=False).lint_paths([str(tmp_path)])
    texts = sorted(p.read_text() for p in tmp_path.glob("*.py"))
    assert sorted(made) == texts  # each file's words made once
    assert sorted(gated) == texts  # by the prefilter, which read them
    assert any(f.rule == "UL411" for f in result.findings), [f.rule for f in result.findings]


def test_pyscan_records_are_written_out() -> None:
    """No record of the Python scan has its methods generated by ``@dataclass`` on import
    (each cost ~0.45 ms on the start of every run): each is declared
    ``@record`` (``@dataclass(init=False, repr=False, eq=False)`` as ``dataclasses`` sees it)
    with the shared methods."""
    import utcp_lint.pyscan as pkg
    from utcp_lint.core.fieldwise import record_eq, record_repr

    found = []
    for info in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + "."):
        mod = importlib.import_module(info.name)
        for obj in list(vars(mod).values()) + [vars(pkg).get("ScanSettings"), vars(pkg).get("ProjectResult")]:
            if (
                isinstance(obj, type)
                and obj.__module__.startswith("utcp_lint.pyscan")
                and dataclasses.is_dataclass(obj)
            ):
                params = obj.__dataclass_params__  # type: ignore[attr-defined]
                assert not params.init and not params.repr and not params.eq, obj
                assert vars(obj)["__repr__"] is record_repr and vars(obj)["__eq__"] is record_eq, obj
                found.append(obj)
    assert len(set(found)) >= 17


@pytest.mark.parametrize("tree", ["crossmod/bad", "crossmod_argv", "crosshops"])
def test_project_fixture_findings_unchanged_end_to_end(tree: str) -> None:
    """The project pass on the fixtures' cross-module trees (words made by the prefilter,
    the indexed _relevant): the CLI finds the flows across modules."""
    p = subprocess.run(
        [sys.executable, "-m", "utcp_lint", "--select", "UL4", "--no-config", "--no-cache", "--format", "json", "."],
        cwd=ROOT / "fixtures" / "pyscan" / tree,
        capture_output=True,
        text=True,
    )
    assert p.returncode in (0, 1), p.stderr
    found = json.loads(p.stdout)["findings"]
    assert any(f["rule"] == "UL411" for f in found), [f["rule"] for f in found]
