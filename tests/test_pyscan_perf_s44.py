"""Cold CPU of the Python scan, session 44 (issue 25): the mechanisms, not timings.

* The prefilter asks the word set whether a needle whose pattern ends the word can hit
  (``prefilter._NEEDLE_WORDS``) and finds the needles that may go on in one search of
  the joined words: the same needles as a search of the joined words for each.
"""

from __future__ import annotations

import itertools

from utcp_lint.pyscan import prefilter
from utcp_lint.pyscan.project import words_of

_BEFORE = ["", " ", "x", "9", "_", "é", "٣", ".", "os.", "import "]
_AFTER = ["", "(", " ", "x", "_", "l", "lp", "le", "lpe", "v", "vp", "ve", "vpe", "_command", "_run", "_create"]
_AFTER += ["2", "٣", "Spawn", "'", '"', "=", " =", "\t=", "é", ":x", ",a:b", ": x", "_shell", "_exec", "\n"]


def _old_needles(words) -> list:
    """The needles as the prefilter chose them before: a word starting with the needle."""
    joined = " " + " ".join(words)
    return [(n, pat) for n, pat, spaced in prefilter._SPACED_NEEDLES if spaced is None or spaced in joined]


def test_every_word_a_needles_pattern_can_end_is_listed() -> None:
    """Wherever a listed needle's pattern matches at a word start, the word there is one of
    its words (so the word set lacking them all means no hit)."""
    patterns = dict(prefilter._NEEDLES)
    assert set(prefilter._NEEDLE_WORDS) <= {n for n, p in prefilter._NEEDLES if p is not None}
    checked = 0
    for needle, words in prefilter._NEEDLE_WORDS.items():
        for before, after in itertools.product(_BEFORE, _AFTER):
            text = before + needle + after
            i = len(before)
            if not prefilter._word_start(text, i) or not patterns[needle].match(text, i):
                continue
            checked += 1
            assert not words.isdisjoint(words_of(text)), text
        for w in words:  # each listed word is one the pattern matches (none is listed for nothing)
            assert any(patterns[needle].match(w + tail) for tail in ("", "(", "'", "=", ":x", ",:x")), w
    assert checked > 60


def test_the_needles_looked_for_are_those_a_word_can_hit() -> None:
    """The new choice is the old one less needles whose words the text lacks, and the
    prefilter's answer is the same (shapes of every needle, before and after)."""
    shapes = [b + n + a for (n, _p), b, a in itertools.product(prefilter._NEEDLES, _BEFORE, _AFTER)]
    shapes += [" ".join(c) for c in itertools.combinations(["subprocess32", "exec_module", "run_cells", "x"], 2)]
    hits = 0
    for s in shapes:
        ws = words_of(s)
        new = prefilter._needles_in_words(ws, " " + " ".join(ws))
        old = _old_needles(ws)
        assert set(new) <= set(old), s
        for n, pat in set(old) - set(new):
            assert n in prefilter._NEEDLE_WORDS, (s, n)
            assert not prefilter._find_needles(s, [(n, pat)]), (s, n)
        hits += prefilter.is_candidate(s)
        assert prefilter.is_candidate_words(s, ws) is prefilter.is_candidate(s), s
    assert hits > 200


def test_open_needles_found_by_one_search_bring_their_prefixes() -> None:
    """A needle that may go on (``subprocess``) is found inside a longer word
    (``subprocess32``) by the one search, as by its own search."""
    for n in prefilter._OPEN_NEEDLES:
        ws = words_of(f"x = {n}more + 1")
        assert (n, None) in prefilter._needles_in_words(ws, " " + " ".join(ws)), n
        ws = words_of(f"x = a{n} + 1")
        assert all(m != n for m, _p in prefilter._needles_in_words(ws, " " + " ".join(ws))), n


def _walk_names(fn, name: str) -> bool:
    """``closure._names`` without its memo: does the body of ``fn`` load ``name``."""
    import ast

    return any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
        for st in getattr(fn, "body", [])
        for n in ast.walk(st)
    )


def test_closure_names_answers_as_the_walk_on_every_fixture_function() -> None:
    """``closure._names`` answers each (function, name) once and then from its memo: the same
    answers as walking the body every time, asked twice, on every function of the fixtures."""
    import ast
    from pathlib import Path

    from utcp_lint.pyscan import closure

    root = Path(__file__).resolve().parent.parent / "fixtures"
    asked = hits = 0
    for p in sorted(root.rglob("*.py")):
        try:
            tree = ast.parse(p.read_bytes())
        except (SyntaxError, ValueError):
            continue
        fns = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        names = sorted({n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | {f.name for f in fns})[:40]
        for fn in fns[:30]:
            for name in names:
                want = _walk_names(fn, name)
                assert closure._names(fn, name) is want and closure._names(fn, name) is want, (p, fn.name, name)
                asked += 1
                hits += want
    assert asked > 5000 and 100 < hits < asked


def test_tmux_and_session_gates_answer_as_the_searches() -> None:
    """The tmux commands and the session methods are searched only in a text whose words can
    hold a hit: the same answers as the searches, on their shapes (receivers, quotes, word
    starts before and after)."""
    from utcp_lint.pyscan.duckcmd import SESSION_METHODS

    shapes = []
    for n in prefilter._TMUX:
        for lead, tail in itertools.product(["", "x", "2", "é", " ", "("], ["'", '"', "", "x'", " '"]):
            shapes.append(f"server.cmd({lead}'{n}{tail}, target)\n")
            shapes.append(f"s.cmd({lead}{n}{tail}, t)\n")
    for m in SESSION_METHODS:
        for recv, arg in itertools.product(
            ["conn", "self", "self._shell", "x", "sock", "cursor", "2"], ["cmd", ")", "'ls'", "f'x {y}'"]
        ):
            shapes.append(f"{recv}.{m}({arg})\n")
    hits = 0
    for s in shapes:
        expected = prefilter.is_candidate(s)
        hits += expected
        assert prefilter.is_candidate_words(s, words_of(s)) is expected, s
        ws = words_of(s)
        assert (not prefilter._TMUX_WORDS.isdisjoint(ws) and prefilter._tmux_words(s, ws)) is prefilter._tmux_command(
            s
        ), s
    assert 20 < hits < len(shapes)
