"""The document rules' source-text prefilters (``utcp_lint.ruleset.rule.source_may_spell``
and the rules' own) are necessary conditions: a finding spelled with JSON
escapes (``\\u0068``, ``\\/``) is still found, and the prefiltered rule gives
the same findings as the walk it guards."""

from __future__ import annotations

from pathlib import Path

import pytest

from utcp_lint.core.findings import SourceFile
from utcp_lint.document.jsonpos import parse
from utcp_lint.ruleset.context import DocumentContext, LintOptions
from utcp_lint.ruleset.rule import get_rule, source_may_spell

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "rules"


def _messages(rule_id: str, text: str) -> list[str]:
    doc = DocumentContext(SourceFile("m.json", text), parse(text), LintOptions())
    return [f.message for f in get_rule(rule_id).run(doc)]


# (rule, fixture, [(old, new)] respellings of the text the finding rests on)
CASES = [
    (
        "UL052",
        "UL052/bad_http.json",
        [("http://", "\\u0068ttp://"), ("http://", "http:\\/\\/"), ("http://", "HTTP:/\\/")],
    ),
    (
        "UL050",
        "UL050/bad_secrets.json",
        [
            ('"env_vars"', '"\\u0065nv_vars"'),
            ('"headers"', '"h\\u0065aders"'),
            ('"auth"', '"\\u0061uth"'),
            ("ghp_", "\\u0067hp_"),
        ],
    ),
    ("UL054", "UL054/bad_shell_server.json", [('"mcp"', '"\\u006dcp"'), ('"mcp"', '"m\\u0063p"')]),
]


@pytest.mark.parametrize("rule_id,fixture,edits", CASES, ids=[c[0] for c in CASES])
def test_escaped_spellings_are_still_found(rule_id, fixture, edits):
    text = (FIXTURES / fixture).read_text()
    want = _messages(rule_id, text)
    assert want  # the fixture has findings of the rule
    for old, new in edits:
        assert old in text
        variant = text.replace(old, new)
        assert _messages(rule_id, variant) == want, (old, new)


def test_token_without_key_or_escape_is_found():
    # no env/headers/auth key and no \u escape: the token search on the text decides
    text = (
        '{"manual_call_templates": [{"name": "x", "call_template_type": "cli", '
        '"commands": [{"command": "echo ghp_abcdefghijklmnopqrstuvwxyz0123456789"}]}]}'
    )
    assert len(_messages("UL050", text)) == 1
    assert _messages("UL050", text.replace("ghp_", "ghx_")) == []


def test_source_may_spell():
    assert source_may_spell('{"a": "mcp"}', '"mcp"')
    assert not source_may_spell('{"a": "mcpx"}', '"mcp"')
    assert source_may_spell('{"a": "\\u006dcp"}', '"mcp"')  # an escape may spell it
    assert not source_may_spell("{}")
