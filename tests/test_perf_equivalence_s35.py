"""The issue-23 speed steps keep their answers: each faster path is compared with
the path it replaced (findings identity on fixtures, corpus and sets A-J is
checked outside the suite, see the commit messages).

* ``Tree.string_span`` (read from the tree's arrays) == ``Node.source_span``;
* a JSON step's ``pointer`` / ``step_pointer`` (joined from the template's
  pointer) == the pointers walked up the tree;
* the PowerShell patterns rewritten with their '-' first == the textbook forms;
* ``core.cached.cached_property`` behaves as ``functools.cached_property``.
"""

from __future__ import annotations

import functools
import json
import random
import re
from pathlib import Path

from hypothesis import given, settings, strategies as st

from utcp_lint.core.cached import cached_property
from utcp_lint.core.findings import SourceFile
from utcp_lint.document.jsonpos import parse
from utcp_lint.ruleset.context import DocumentContext, LintOptions
from utcp_lint.template import detect

ROOT = Path(__file__).resolve().parent.parent

# characters JSON escapes or that need escaping, astral ones (surrogate pairs), plain ones
_CHARS = ['"', "\\", "/", "\b", "\f", "\n", "\r", "\t", "\u0001", "é", "\u2028", "😀", "a", " ", "-", "$"]


def _encode(s: str, rnd: random.Random) -> str:
    """``s`` as a JSON string literal, each character escaped at random (\\uXXXX, short escape or raw)."""
    out = ['"']
    for ch in s:
        cp = ord(ch)
        short = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
        must = ch in short or cp < 0x20
        r = rnd.random()
        if cp > 0xFFFF and r < 0.5:
            v = cp - 0x10000
            out.append(f"\\u{0xD800 + (v >> 10):04x}\\u{0xDC00 + (v & 0x3FF):04X}")
        elif r < 0.3 or (must and ch not in short):
            out.append(f"\\u{cp:04x}" if cp <= 0xFFFF else ch)
        elif must:
            out.append(short[ch])
        elif ch == "/" and r < 0.6:
            out.append("\\/")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_CHARS), max_size=14), st.integers(0, 2**32))
def test_string_span_is_source_span(chars, seed):
    s = "".join(chars)
    rnd = random.Random(seed)
    text = '{"k": [1, ' + _encode(s, rnd) + "]}"
    root = parse(text)
    assert json.loads(text)["k"][1] == s
    t = root.tree
    node = root.get("k").children[1]
    i = node.index
    n = len(s)
    for a in range(-1, n + 2):
        for b in range(-1, n + 2):
            assert t.string_span(i, a, b) == node.source_span(a, b), (text, a, b)
    # not a string: the node's own answer
    num = root.get("k").children[0]
    assert t.string_span(num.index, 0, 1) == num.source_span(0, 1)


def test_step_pointers_are_the_tree_pointers():
    manual = {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.2",
        "tools": [
            {
                "name": name,
                "description": "d",
                "inputs": {"type": "object", "properties": {}},
                "tool_call_template": {
                    "name": name,
                    "call_template_type": "cli",
                    "commands": [
                        {"command": "echo a"},
                        "not a step",
                        {"nothing": 1},
                        {"command": 'echo "b" \u00e9 \\ tab\t'},
                    ],
                },
            }
            for name in ("plain", "with/slash", "with~tilde")
        ],
    }
    text = json.dumps(manual, indent=1)
    # a duplicate "commands" key: the last one is the template's (as json.loads keeps)
    text = text.replace('"call_template_type": "cli",', '"call_template_type": "cli", "commands": [],', 1)
    doc = DocumentContext(SourceFile("m.json", text), parse(text), LintOptions())
    templates = doc.templates
    assert len(templates) == 3
    for tpl in templates:
        assert [s.index for s in tpl.steps] == [0, 3]
        for st_ in tpl.steps:
            assert st_.pointer == st_.ref.node.pointer
            assert st_.step_pointer == st_.node.pointer
            assert st_.pointer.startswith(tpl.pointer + "/commands/")


_TEXTBOOK = {
    "ps-operator": re.compile(
        r"\s-(?:like|notlike|match|notmatch|contains|notcontains|replace|creplace|join|split|"
        r"in|notin|is|isnot|as|band|bor|f)\s",
        re.IGNORECASE,
    ),
    "pascal-parameter": re.compile(r"(?<![\w-])-[A-Z][a-z]+(?:[A-Z][a-z]+)*\b"),
}
_PIECES = [" ", "\t", "\n", "\u00a0", "\u2003", "-", "--", "x-", "_", "a", "A", "é", "\u212a", "K"]
_PIECES += ["like", "Like", "IN", "in", "f", "F", "is", "isnot", "Path", "PathName", "-Foo", "Bar", "9"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=12))
def test_rewritten_powershell_patterns_match_where_the_textbook_ones_do(pieces):
    text = "".join(pieces)
    medium = dict(detect._MEDIUM)
    for name, rx in _TEXTBOOK.items():
        assert (medium[name].search(text) is None) == (rx.search(text) is None), (name, text)


def test_rewritten_powershell_patterns_on_every_fixture_command():
    medium = dict(detect._MEDIUM)
    n = 0
    for p in sorted((ROOT / "fixtures").rglob("*.json")):
        text = p.read_text(encoding="utf-8", errors="replace")
        for line in text.splitlines():
            n += 1
            for name, rx in _TEXTBOOK.items():
                assert (medium[name].search(line) is None) == (rx.search(line) is None), (name, p, line)
    assert n > 1000


def test_cached_property_as_functools():
    calls = []

    class A:
        @cached_property
        def x(self) -> int:
            """the doc"""
            calls.append(1)
            return len(calls)

        @functools.cached_property
        def y(self) -> int:
            return 7

    a, b = A(), A()
    assert (a.x, a.x, b.x) == (1, 1, 2)  # once per instance, then the instance's value
    assert a.__dict__["x"] == 1 and calls == [1, 1]
    assert isinstance(A.x, cached_property) and A.x.__doc__ == "the doc"
    del a.x  # a release: computed again on the next access
    assert a.x == 3
    a.x = 10  # assignable, like the standard one (a non-data descriptor)
    assert a.x == 10 and a.y == 7
