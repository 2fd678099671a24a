"""The Python scan's text prefilter (linter/pyscan/prefilter.py) skips a file only
when it cannot hold anything the scanner reports.  Issue 25 (CPU of a cold scan):
the word ``system`` in prose (``the file system``, ``operating system``) no longer
makes a file a candidate, while every way code can name ``os.system`` still does;
and every library the duck-typed connection model trusts (libmodels) is an import
the prefilter knows, so a ``c.sudo(...)`` of a patchwork/fabric2 helper is scanned
although no other needle is in the file (patchwork's packages module was scanned
before only because its docstring said "system package manager")."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from utcp_lint.pyscan.libmodels import CONNECTION_LIBRARIES
from utcp_lint.pyscan.prefilter import is_candidate

CODE_SYSTEM = [
    "import os\nos.system(cmd)\n",
    "from os import system\nsystem(cmd)\n",
    "from os import (\n    path,\n    system,\n)\n",
    "from os import *\nif x: system(cmd)\n",
    "import os\nrun = getattr(os, 'system')\n",
    "import sys\nsys.modules['os'].system(cmd)\n",
    "import os\nf = os . system\n",
    "x = not system\n",
    "print system\n",  # Python 2: still parsed (and reported as a syntax error)
    "import" + " " * 36 + "system\n",  # the keyword is further back than the window
    "a_name_longer_than_the_forty_characters_looked_at system\n",  # cut: read as code
]
PROSE_SYSTEM = [
    "# Uses the file system.\n",
    '"""Installs packages using the system package manager."""\n',
    "MSG = 'not an operating system we know'\n",
]


@pytest.mark.parametrize("text", CODE_SYSTEM)
def test_code_naming_system_is_a_candidate(text: str) -> None:
    assert is_candidate(text)


@pytest.mark.parametrize("text", PROSE_SYSTEM)
def test_system_in_prose_only_is_not_a_candidate(text: str) -> None:
    assert not is_candidate(text)


@pytest.mark.parametrize("lib", sorted(CONNECTION_LIBRARIES))
def test_every_connection_library_import_is_a_candidate(lib: str) -> None:
    text = f"from {lib}.info import distro_family\n\n\ndef rubygem(c, gem):\n    return c.sudo('gem install ' + gem)\n"
    assert is_candidate(text)
    assert is_candidate(text.replace(f"from {lib}.info import distro_family", f"import {lib}"))


def test_duck_connection_sink_in_a_prose_free_file_is_reported_end_to_end(tmp_path) -> None:
    """The CLI reports the ``c.sudo`` of a patchwork helper whose file names no
    other needle (and no ``system`` in prose either)."""
    pkg = tmp_path / "helpers"
    pkg.mkdir()
    (pkg / "gems.py").write_text(
        "from patchwork.info import distro_family\n\n\n"
        "def rubygem(c, gem):\n"
        '    return c.sudo("gem install -b {}".format(gem))\n',
        encoding="utf-8",
    )
    p = subprocess.run(
        [sys.executable, "-m", "utcp_lint", "--select", "UL4", "--no-config", "--no-cache", "--format", "json", "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert p.returncode == 1, p.stderr
    found = json.loads(p.stdout)["findings"]
    assert [(f["path"], f["line"]) for f in found] == [("helpers/gems.py", 5)]
    assert "invoke.Context.sudo" in found[0]["message"]


def _tmux_by_find(text: str) -> bool:
    """The tmux needles as they were tested before (one str.find scan per word): a word
    of the list starting a word and followed by a quote."""
    from utcp_lint.pyscan.prefilter import _TMUX

    for n in _TMUX:
        i = text.find(n)
        while i != -1:
            if (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")) and text[i + len(n) : i + len(n) + 1] in (
                "'",
                '"',
            ):
                return True
            i = text.find(n, i + 1)
    return False


def test_tmux_words_found_in_one_search_as_by_one_scan_each() -> None:
    """The ten tmux sub-commands are found by their "-word" half in one regex search
    (issue 25, CPU): the same answer as ten str.find scans on every shape around them --
    a word before (Unicode letters and digits too), a quote or not after, at the start."""
    import itertools

    from utcp_lint.pyscan.prefilter import _TMUX, _tmux_command

    before = ["", " ", "x", "_", "é", "٣", "(", "-", "new", "re", "'"]
    after = ["", "'", '"', " ", "x", "-"]
    for n, b, a in itertools.product(_TMUX, before, after):
        for text in (b + n + a, b + n[: n.index("-")] + a, b + n[n.index("-") :] + a, n + a + b + n + a):
            assert _tmux_command(text) == _tmux_by_find(text), text
    assert is_candidate('server.cmd("new-window", "-d", command)\n')
    assert not is_candidate("x = 'renew-window'\n")  # not a word start
    assert not is_candidate("# new-window\n")  # no quote after it


def test_project_word_sets_are_the_identifiers_of_the_regex() -> None:
    """The project pass's word set of a file (issue 25, CPU: bytes translated and split
    instead of a regex over every file) is ``set(_WORD.findall(text))`` on every shape:
    digits before a name, non-ASCII letters and lone surrogates between, the ASCII edges
    of the word characters."""
    import random

    from utcp_lint.pyscan.project import _WORD, words_of

    alphabet = list("azAZ09_ \t\n.-@[`{/:\x7f") + ["é", "ß", "٣", "\udcff", "日", "\x00", "\u2028"]
    rng = random.Random(25)
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 24)))
        assert words_of(text) == set(_WORD.findall(text)), repr(text)
    text = "import os\n9lives = x2y + é_b + _a9; run(cmd)  # 12abc\n"
    assert (
        words_of(text) == set(_WORD.findall(text)) == {"import", "os", "lives", "x2y", "_b", "_a9", "run", "cmd", "abc"}
    )


def test_statement_walk_yields_the_stores_of_ast_walk_in_its_order() -> None:
    """The project pass reads a class's ``self.attr`` stores with a walk that does not
    enter expressions (issue 25, CPU): the same Assign/AnnAssign nodes as ``ast.walk``,
    in the same order (the first store found decides), through nested blocks, handlers,
    match cases, nested functions and classes."""
    import ast

    from utcp_lint.pyscan.project import _statements

    src = (
        "def f(self, p: int):\n"
        "    self.a: T = p\n"
        "    if p:\n"
        "        self.b = Runner(p)\n"
        "        for x in y:\n"
        "            self.a = x\n"
        "    else:\n"
        "        self.c = [lambda: 1]\n"
        "    try:\n"
        "        self.d = g()\n"
        "    except E as e:\n"
        "        self.e = e\n"
        "    finally:\n"
        "        self.f = 1\n"
        "    match p:\n"
        "        case 1:\n"
        "            self.g = 2\n"
        "    def inner():\n"
        "        self.h = 3\n"
        "    class K:\n"
        "        x: int = 1\n"
        "    with o as w:\n"
        "        self.i = w\n"
        "    while w:\n"
        "        self.j: int\n"
    )
    fn = ast.parse(src).body[0]
    stores = (ast.Assign, ast.AnnAssign)
    walked = [n for n in ast.walk(fn) if isinstance(n, stores)]
    assert len(walked) == 12
    assert [n for n in _statements(fn) if isinstance(n, stores)] == walked


def _imports_as_before(text: str) -> bool:
    """The library-import test as it was: the thirteen needles, then _IMPORTS."""
    from utcp_lint.pyscan.prefilter import _IMPORT_NEEDLES, _IMPORTS

    return any(n in text for n in _IMPORT_NEEDLES) and _IMPORTS.search(text) is not None


def test_library_imports_checked_at_each_import_as_by_the_needles() -> None:
    """``_names_a_library`` (each ``import``/``from`` of the text, issue 25 CPU) in front
    of the needles and _IMPORTS gives their answer on every shape of an import line: blanks
    and tabs, a library name as a prefix of another word, a comment or a word before,
    several lines; and on every Python fixture of the repository."""
    import itertools

    from conftest import FIXTURES

    from utcp_lint.pyscan.prefilter import _names_a_library

    libs = ["sh", "ssh", "ssh2", "shx", "pexpect", "plumbum", "invoke", "fabric", "fabric2", "paramiko", "sarge"]
    libs += ["pssh", "patchwork", "libtmux", "os", "sh.contrib", "subprocess"]
    heads = ["import", "from", "#import", "ximport", "import_", "fromage"]
    blanks = ["", " ", "  ", "\t", " \t"]
    lead = ["", "  ", "\t", "x = 1; ", "# "]
    tails = ["", "\n", " import run\n", ".x", "_x", "(\n"]
    n = 0
    for h, b, lib, ld, t in itertools.product(heads, blanks, libs, lead, tails):
        for text in (ld + h + b + lib + t, "x = 1\n" + ld + h + b + lib + t, ld + h + b + lib + t + "\nimport os\n"):
            both = _names_a_library(text) and _imports_as_before(text)
            assert both == _imports_as_before(text), text
            n += both
    assert n > 100  # the shapes include real imports of the libraries
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in FIXTURES.rglob("*.py")]
    assert len(texts) > 100
    for text in texts:
        assert (_names_a_library(text) and _imports_as_before(text)) == _imports_as_before(text)


def test_every_library_of_the_import_patterns_has_a_needle() -> None:
    """The needles are a hand list beside ``_LIBRARIES`` (short names need ``import``/``from``
    before them): a library added to the patterns but not to the needles made its imports
    invisible to the prefilter (winrm, merged in session 39).  Each library's plain import
    and from-import lines must hold a needle and make the file a candidate."""
    from utcp_lint.pyscan.prefilter import _IMPORT_NEEDLES, _LIBRARIES, is_candidate, is_candidate_words
    from utcp_lint.pyscan.project import words_of

    for lib in _LIBRARIES:
        for name in (lib[:-2], lib[:-2] + "2") if lib.endswith("2?") else (lib,):
            for line in (f"import {name}\n", f"from {name} import client\n"):
                assert any(n in line for n in _IMPORT_NEEDLES), line
                assert is_candidate(line) and is_candidate_words(line, words_of(line)), line
