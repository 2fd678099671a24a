"""Fuzzing the positioned JSON loader (linter/document/jsonpos.py) against Python's json.

Properties: the loader accepts exactly what ``json.loads`` accepts (minus
NaN/Infinity, which are not JSON, and numbers json itself rejects), yields the
same value, only ever raises JSONPosError with an offset inside the text, and
every string node maps each decoded character back to the exact source text
that encodes it (escapes and surrogate pairs included).
"""

from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, example, given, settings, strategies as st
from test_fuzz_support import NASTY_CHARS, dump_styles, examples, json_values, mutated

from utcp_lint.document.jsonpos import JSONPosError, LineIndex, Node, parse, resolve_pointer, to_python

FUZZ = settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def walk(node: Node):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        if n.kind == "object":
            for _k, kn, vn in n.children:
                yield kn
                stack.append(vn)
        elif n.kind == "array":
            stack.extend(n.children)


def decode_fragment(frag: str) -> str:
    """The character(s) a piece of JSON string source encodes."""
    return json.loads('"' + frag + '"')


def check_tree(text: str, root: Node, value) -> None:
    assert to_python(root) == value
    assert 0 <= root.start < root.end <= len(text)
    for n in walk(root):
        assert 0 <= n.start < n.end <= len(text), n
        src = text[n.start : n.end]
        if n.kind == "string":
            assert src[0] == '"' and src[-1] == '"'
            assert decode_fragment(src[1:-1]) == n.value
            for i, ch in enumerate(n.value):
                s, e = n.source_span(i, i + 1)
                assert n.start < s < e < n.end, (n, i)
                assert decode_fragment(text[s:e]) == ch, (text[s:e], ch)
            assert n.source_offset(len(n.value)) == n.end - 1
        elif n.kind in ("number", "true", "false", "null"):
            assert json.loads(src) == n.value
        else:
            assert json.loads(src) == to_python(n)


def check_pointers(root: Node) -> None:
    for n in walk(root):
        if n.kind == "string" and n.pointer and resolve_pointer(root, n.pointer) != n:
            # a key node shares its value's pointer
            continue
        assert resolve_pointer(root, n.pointer) == n, n.pointer


@FUZZ
@given(json_values, dump_styles())
@example({"a/b": [1, {"x~": "q\n\u00e9z"}], "s": "\ud800"}, {"ensure_ascii": True, "indent": None})
@example('\U0001d11e\\"', {"ensure_ascii": True, "indent": 2})
def test_loader_matches_json_and_maps_every_character(value, style):
    text = json.dumps(value, **style)
    root = parse(text)
    check_tree(text, root, json.loads(text))
    check_pointers(root)


@FUZZ
@given(st.data())
def test_mutated_documents_either_parse_like_json_or_fail_cleanly(data):
    base = json.dumps(data.draw(json_values), **data.draw(dump_styles()))
    text = data.draw(mutated(base))
    try:
        expected = json.loads(text)
        json_ok = True
    except (ValueError, RecursionError):
        json_ok = False
    try:
        root = parse(text)
    except JSONPosError as e:
        assert 0 <= e.offset <= len(text)
        assert e.message and "\n" not in e.message
        line, col = LineIndex(text).position(min(e.offset, len(text)))
        assert line >= 1 and col >= 1
        # json accepts NaN/Infinity; we do not (they are not JSON)
        assert not json_ok or re.search(r"NaN|Infinity", text), (text, e.message)
        return
    assert json_ok, text
    check_tree(text, root, expected)


@FUZZ
@given(
    st.lists(
        st.one_of(
            st.characters(),
            st.sampled_from(NASTY_CHARS + ["\\u", "\\ud800", "1", "e", ".", ",", ":", "true", "null", '"a"']),
        ),
        max_size=40,
    ).map("".join)
)
def test_arbitrary_text_never_raises_anything_but_jsonposerror(text):
    try:
        root = parse(text)
    except JSONPosError as e:
        assert 0 <= e.offset <= len(text)
        return
    assert to_python(root) == json.loads(text)


def test_duplicate_keys_keep_the_last_like_python_json():
    text = '{"command": "ls", "command": "rm -rf /"}'
    root = parse(text)
    assert to_python(root) == json.loads(text) == {"command": "rm -rf /"}
    node = root.get("command")
    assert text[node.start : node.end] == '"rm -rf /"'
    # both occurrences stay in the tree, in source order, for rules that want them
    assert [k for k, _kn, _vn in root.children] == ["command", "command"]


def test_numbers_python_json_rejects_are_clear_errors():
    text = '{"n": ' + "9" * 5000 + "}"
    try:
        parse(text)
    except JSONPosError as e:
        assert e.offset == 6 and "5000 digits" in e.message
    else:
        raise AssertionError("accepted an integer Python's json rejects")


def test_deep_nesting_is_an_error_at_the_exact_position():
    for opener in ("[", '{"a":'):
        text = opener * 100_000
        try:
            parse(text)
        except JSONPosError as e:
            assert "nesting deeper than 1000 levels" in e.message
            assert e.offset == 1000 * len(opener)
        else:
            raise AssertionError("accepted 100,000 levels")


def test_pointer_memory_is_linear_in_depth_and_key_length():
    # 1,000 nested 1,000-character keys: storing every node's full pointer
    # used to cost ~500 MB (quadratic); pointers are now computed on access.
    import tracemalloc

    key = "k" * 1000
    text = "".join('{"%s":' % key for _ in range(999)) + "1" + "}" * 999
    tracemalloc.start()
    root = parse(text)
    _cur, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 20 * len(text), peak
    node = root
    for _ in range(999):
        node = node.get(key)
    assert node.value == 1 and node.pointer == ("/" + key) * 999
