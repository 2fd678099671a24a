"""jsonpos.member_string_values reads the string members of every object below a node from
the tree's arrays: the same values iter_members yields (UL626's contract hosts read them)."""

from __future__ import annotations

from conftest import FIXTURES, SHARED

from utcp_lint.document.jsonpos import JSONPosError, iter_members, member_string_values, parse


def test_member_string_values_are_iter_members_strings():
    paths = sorted(FIXTURES.rglob("*.json")) + sorted((SHARED / "corpus").rglob("*.json"))
    checked = 0
    for path in paths:
        try:
            root = parse(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, JSONPosError):
            continue
        nodes = [root] + [vn for _p, _k, _kn, vn in iter_members(root) if vn.kind in ("object", "array")][:50]
        for node in nodes:
            want = [vn.value for _p, _k, _kn, vn in iter_members(node) if vn.kind == "string"]
            assert sorted(member_string_values(node)) == sorted(want), (path, node.pointer)
        checked += 1
    assert checked > 200
    # strings directly in arrays are not object members; duplicates are all kept
    root = parse('{"a": ["x", {"b": "y", "b": "z"}], "c": "w"}')
    assert member_string_values(root) == ["y", "z", "w"]
