"""Python string literal -> decoded characters -> exact source offsets."""

import ast

from hypothesis import given, settings, strategies as st

from utcp_lint.pyscan.scopes import PosMap
from utcp_lint.pyscan.strings import map_literal, string_ref


def _ref(src: str):
    node = ast.parse(src).body[-1].value
    pos = PosMap(src)
    s, e = pos.span(node)
    return node, string_ref(src, s, e, node.value), s, e


def _slices(src, ref):
    return [src[a:b] for a, b in zip(ref.table, ref.ends)]


def test_escapes_map_to_their_source_characters():
    src = 'x = "a\\x41\\n\\N{BULLET}\\u00e9\\101\\\\b"'
    node, ref, _s, _e = _ref(src)
    assert ref.value == node.value == "aA\n\u2022\u00e9A\\b"
    assert _slices(src, ref) == ["a", "\\x41", "\\n", "\\N{BULLET}", "\\u00e9", "\\101", "\\\\", "b"]


def test_raw_string_keeps_backslashes_one_to_one():
    src = 'x = r"a\\d\\"q"'
    node, ref, _s, _e = _ref(src)
    assert ref.value == node.value == 'a\\d\\"q'
    assert _slices(src, ref) == ["a", "\\", "d", "\\", '"', "q"]


def test_implicit_concatenation_across_lines_and_comments():
    src = 'x = ("ab"  # one\n     \'c\\td\'\n     """e\nf""")\n'
    node, ref, _s, _e = _ref(src)
    assert ref.value == node.value == "abc\tde\nf"
    assert _slices(src, ref) == ["a", "b", "c", "\\t", "d", "e", "\n", "f"]
    # a span that ends at a piece boundary does not grow over the quote
    a, b = ref.span(0, 2)
    assert src[a:b] == "ab"


def test_line_continuation_inside_literal_produces_no_character():
    src = 'x = "ab\\\ncd"'
    node, ref, _s, _e = _ref(src)
    assert ref.value == node.value == "abcd"
    assert _slices(src, ref) == ["a", "b", "c", "d"]


def test_non_ascii_before_the_literal_uses_code_point_columns():
    src = 'é = 1; x = "ö UTCP_ARG_a_UTCP_END"'
    node, ref, _s, _e = _ref(src)
    i = ref.value.index("UTCP")
    a, b = ref.span(i, i + len("UTCP_ARG_a_UTCP_END"))
    assert src[a:b] == "UTCP_ARG_a_UTCP_END"


def test_bytes_literal_maps_like_latin1():
    src = 'x = b"\\x00A\\101z"'
    node, ref, _s, _e = _ref(src)
    assert ref.value == node.value.decode("latin-1")
    assert _slices(src, ref) == ["\\x00", "A", "\\101", "z"]


def test_fstring_is_not_mapped_and_falls_back_to_the_literal_start():
    src = 'x = f"a{b}c"'
    assert map_literal(src, 4, len(src)) is None
    ref = string_ref(src, 4, len(src), "abc")
    assert ref.span(1, 2) == (4, 4)


def test_mismatch_with_the_parser_value_is_refused():
    src = 'x = "abc"'
    assert map_literal(src, 4, len(src), expected="abd") is None


# NUL is excluded: a raw NUL byte in source is rejected by Python itself
# ("source code string cannot contain null bytes"), so no literal can hold one
# unescaped; the scanner reports such a file as a syntax error instead.
_chars = st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")


def _escaped(value: str) -> str:
    out = []
    for c in value:
        o = ord(c)
        out.append(f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}" if o < 0x10000 else f"\\U{o:08x}")
    return '"' + "".join(out) + '"'


def _literal(value: str, form: str) -> str:
    if form == "repr":
        return repr(value)
    if form == "split":
        h = len(value) // 2
        return "(" + repr(value[:h]) + "  # a comment\n    " + repr(value[h:]) + ")"
    if form == "escaped":
        return _escaped(value)
    if form == "raw" and value.isprintable() and not any(c in value for c in "\\'\""):
        return 'r"' + value + '"'
    if form == "triple" and not any(c in value for c in '\\"\r') and not value.endswith('"'):
        return '"""' + value + '"""'
    return repr(value)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=_chars, max_size=30), st.sampled_from(["repr", "split", "escaped", "raw", "triple"]))
def test_any_literal_maps_every_character_exactly(value, form):
    src = f"x = {_literal(value, form)}\n"
    node = ast.parse(src).body[0].value
    if not isinstance(node, ast.Constant):
        return
    pos = PosMap(src)
    s, e = pos.span(node)
    m = map_literal(src, s, e, node.value)
    assert m is not None, src
    v, starts, ends = m
    assert v == node.value
    for ch, a, b in zip(v, starts, ends):
        piece = src[a:b]
        if piece == ch or (ch == "\n" and piece in ("\n", "\r\n", "\r")):
            continue
        # an escape sequence: decoding it alone gives exactly that character
        assert ast.literal_eval('"' + piece + '"') == ch, (src, piece, ch)
