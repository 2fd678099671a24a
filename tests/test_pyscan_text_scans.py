"""Whole-text scans of the Python scan made cheaper (issue 25, session 39, second pass):
the mechanisms, not timings.

* :func:`~utcp_lint.pyscan.suppress.has_mark` (is there a suppression marker in the
  text?) answers as the case-insensitive regex ``MARK`` it replaces, on every fixture and
  test file and on the shapes where lower-casing and Python's case folding could part
  (non-ASCII letters that fold to ``s``, ``k``, ``i``).
* :func:`~utcp_lint.pyscan.project._argv_near_text` (a code option or a remote shell
  anywhere in a file) answers as the alternation ``_ARGV_NEAR`` searched over the text.
* :class:`~utcp_lint.pyscan.scopes.PosMap`'s line starts, found with ``str.find`` when
  only ``\\n`` ends lines, are the starts of the regex ``\\r\\n|\\r|\\n``.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

from utcp_lint.pyscan.project import _ARGV_NEAR, _argv_near_text
from utcp_lint.pyscan.scopes import _NL, PosMap
from utcp_lint.pyscan.suppress import MARK, has_mark

ROOT = Path(__file__).resolve().parent.parent
PY_FILES = sorted((ROOT / "fixtures").rglob("*.py")) + sorted((ROOT / "tests").rglob("*.py"))


def _texts() -> list[str]:
    return [p.read_bytes().decode("utf-8", "surrogateescape") for p in PY_FILES]


def _mark_shapes() -> list[str]:
    words = ["nosec", "noqa", "utcp-lint", "NOSEC", "NoQa", "UTCP-LINT", "Utcp-Lint"]
    # letters Python's re folds to an ASCII letter of a marker: long s, Kelvin sign,
    # dotless i, dotted capital I; and near misses
    odd = ["no\u017fec", "\u017fnosec", "utcp-l\u0131nt", "UTCP-L\u0130NT", "noq", "nose c", "utcp_lint", "utcplint"]
    around = ["", "# ", "x", "é", "\n", "#\t"]
    out = [a + w + b for w, a, b in itertools.product(words + odd, around, around)]
    return out + ["", "é", "plain text", "# nothing here\n"]


def test_has_mark_answers_as_the_regex_on_every_fixture_and_test_file() -> None:
    texts = _texts()
    assert len(texts) > 300
    hits = 0
    for p, text in zip(PY_FILES, texts):
        expected = MARK.search(text) is not None
        hits += expected
        assert has_mark(text) is expected, p
    assert 5 < hits < len(texts)  # both answers are exercised


def test_has_mark_answers_as_the_regex_on_every_shape() -> None:
    shapes = _mark_shapes()
    answers = [MARK.search(s) is not None for s in shapes]
    assert any(answers) and not all(answers)
    assert MARK.search("no\u017fec") is not None  # the regex folds the long s: so must has_mark
    for s, expected in zip(shapes, answers):
        assert has_mark(s) is expected, repr(s)


def _regex_starts(text: str) -> list[int]:
    return [0] + [m.end() for m in _NL.finditer(text)]


def test_line_starts_answer_as_the_regex_on_every_fixture_and_test_file() -> None:
    texts = _texts()
    for p, text in zip(PY_FILES, texts):
        assert PosMap(text).starts == _regex_starts(text), p


def test_line_starts_answer_as_the_regex_on_every_line_ending_shape() -> None:
    pieces = ["", "a", "é", "\n", "\r", "\r\n", "\n\r", "xy"]
    n = 0
    for k in range(1, 5):
        for combo in itertools.product(pieces, repeat=k):
            text = "".join(combo)
            assert PosMap(text).starts == _regex_starts(text), repr(text)
            n += 1
    assert n > 4000


def _scan(tree: Path) -> list:
    out = subprocess.run(
        [sys.executable, "-m", "utcp_lint", "--select", "UL4", "--no-config", "--no-cache", "--format", "json", "."],
        capture_output=True,
        text=True,
        cwd=tree,
        check=False,
    )
    assert out.stdout, out.stderr
    return [(f["path"], f["line"], f["rule"]) for f in json.loads(out.stdout)["findings"]]


def test_suppression_markers_in_any_case_still_hide_findings_end_to_end(tmp_path: Path) -> None:
    body = "import os\n\n\ndef run(cmd):\n    os.system(cmd){}\n"
    (tmp_path / "plain.py").write_text(body.format(""), encoding="utf-8")
    (tmp_path / "upper.py").write_text(body.format("  # UTCP-LINT: IGNORE[UL400] reviewed"), encoding="utf-8")
    (tmp_path / "nonascii.py").write_text("# é\n" + body.format("  # Utcp-Lint: ignore[UL400] vu"), encoding="utf-8")
    found = _scan(tmp_path)
    assert ("plain.py", 5, "UL400") in found  # the finding the comments hide
    assert not [f for f in found if f[0] in ("upper.py", "nonascii.py") and f[2] == "UL400"], found


def test_argv_near_text_answers_as_the_alternation_on_every_fixture_and_test_file() -> None:
    hits = 0
    for p, text in zip(PY_FILES, _texts()):
        expected = _ARGV_NEAR.search(text) is not None
        hits += expected
        assert _argv_near_text(text) is expected, p
    assert 20 < hits < len(PY_FILES)


def test_argv_near_text_answers_as_the_alternation_on_every_shape() -> None:
    cores = ["ssh", "plink", "sh -c", "sh -cx", "'-c'", '"-c"', "'/c'", "'-ec'", "'--eval'", "'-Command'", "'-k'"]
    cores += ["'-x'", "-c", "sh  -c", "shc", "sshd", "plinks", "ssh_", "'-C'", "'command'", "'/k'"]
    around = ["", " ", "x", "_", "é", "(", "'", '"', "\n", "9", "-"]
    shapes = [a + c + b for c, a, b in itertools.product(cores, around, around)]
    answers = [_ARGV_NEAR.search(s) is not None for s in shapes]
    assert any(answers) and not all(answers)
    for s, expected in zip(shapes, answers):
        assert _argv_near_text(s) is expected, repr(s)


def test_program_table_records_are_made_from_types_not_text() -> None:
    import typing

    from utcp_lint.template import programs

    classes = [
        v
        for v in vars(programs).values()
        if isinstance(v, type) and issubclass(v, tuple) and hasattr(v, "_fields") and v.__module__ == programs.__name__
    ]
    assert len(classes) >= 10
    texts = []
    for cls in classes:
        for field, ann in cls.__annotations__.items():
            if isinstance(ann, (str, typing.ForwardRef)):
                texts.append((cls.__name__, field))
    assert texts == [("Options", "default_subcommand")]  # names its own class: text is the only way
    assert (
        programs.Options(default_subcommand=programs.Options(short_values="b")).default_subcommand.short_values == "b"
    )
