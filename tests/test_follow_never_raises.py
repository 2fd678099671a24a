"""Following a client configuration never raises (issue 28): a 600-deep value,
non-string variable values, and any other shape become a note (a clean skip)
or a positioned finding, never "internal error while following"."""

from __future__ import annotations

import json

from conftest import run_cli
from hypothesis import HealthCheck, given, settings, strategies as st

from utcp_lint.ruleset.context import LintOptions
from utcp_lint.run.linter import Linter
from utcp_lint.run.result import RunResult
from utcp_lint.supplychain.follow import Follower, Variables


def _follow(tmp_path, config) -> RunResult:
    linter = Linter([], LintOptions(kind="config"), follow=Follower(root_dir=str(tmp_path), environ={}))
    result = RunResult()
    linter.lint_json_text(json.dumps(config), "utcp_config.json", True, result)
    return result


def _internal(result: RunResult) -> list[str]:
    return [e.message for e in result.errors if "internal error" in e.message]


def _deep(n: int, leaf):
    """``leaf`` nested ``n`` levels deep (objects and arrays alternating)."""
    v = leaf
    for i in range(n):
        v = {"a": v} if i % 2 else [v]
    return v


def test_a_600_deep_value_is_followed_without_recursion_error(tmp_path):
    (tmp_path / "m.json").write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": []}))
    cfg = {
        "variables": {"m_deep": "x"},
        "manual_call_templates": [
            {"name": "m", "call_template_type": "file", "file_path": "m.json", "extra": _deep(600, "${deep}")}
        ],
    }
    result = _follow(tmp_path, cfg)
    assert not _internal(result), result.errors
    assert any(": followed " in n and "m.json" in n for n in result.notes), result.notes


def test_substitution_of_a_600_deep_value_keeps_order_and_values():
    v = Variables({"variables": {"m_A": "1", "m_B": "2"}}, environ={})
    out = v.substitute({"x": _deep(600, "$A-${B}"), "y": ["$B"]}, "m")
    for i in reversed(range(600)):
        out["x"] = out["x"]["a"] if i % 2 else out["x"][0]
    assert out == {"x": "1-2", "y": ["2"]}


def test_a_non_string_variable_is_a_note_not_an_internal_error(tmp_path):
    cfg = {
        "variables": {"m_K": 5, "plain": ["x"]},
        "manual_call_templates": [{"name": "m", "call_template_type": "file", "file_path": "${K}"}],
    }
    result = _follow(tmp_path, cfg)
    assert not _internal(result), result.errors
    assert any("variable 'm_K' is not a string" in n and "not followed" in n for n in result.notes), result.notes


def test_odd_shapes_end_to_end(tmp_path):
    cfg = {
        "load_variables_from": 5,
        "variables": _deep(600, 1),
        "manual_call_templates": [
            {"name": "c", "call_template_type": "cli", "commands": 5},
            {"call_template_type": "mcp", "config": {"mcpServers": {"a": {"command": "x", "args": 5}}}},
            {"name": "t", "call_template_type": "text", "content": json.dumps(_deep(600, 1))},
        ],
    }
    p = tmp_path / "utcp_config.json"
    p.write_text(json.dumps(cfg))
    r = run_cli("--no-config", "--no-cache", "--format", "json", p, cwd=tmp_path)
    assert "internal error" not in r.stdout + r.stderr and "Traceback" not in r.stderr, r.stdout + r.stderr
    out = json.loads(r.stdout)
    assert r.returncode in (1, 2) and any(f["rule"] == "UL001" for f in out["findings"])  # positioned findings


_TEXT = st.text(alphabet=st.sampled_from(list("ab_K${}/.:")), max_size=8) | st.text(max_size=6)
_SCALAR = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | _TEXT
_JSON = st.recursive(_SCALAR, lambda c: st.lists(c, max_size=4) | st.dictionaries(_TEXT, c, max_size=4), max_leaves=25)
_ENTRY = st.fixed_dictionaries(
    {"call_template_type": st.sampled_from(["file", "text", "http", "sse", "cli", "mcp", "other"]) | _JSON},
    optional={
        k: _JSON | _TEXT
        for k in ("name", "file_path", "content", "url", "commands", "config", "headers", "auth", "working_dir")
    },
)
_CONFIG = st.fixed_dictionaries(
    {"manual_call_templates": st.lists(_ENTRY | _JSON, max_size=3) | _JSON},
    optional={"variables": st.dictionaries(_TEXT, _JSON, max_size=4) | _JSON, "load_variables_from": _JSON},
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(cfg=_CONFIG | _JSON)
def test_follow_never_raises_on_arbitrary_json(tmp_path_factory, cfg):
    tmp = tmp_path_factory.mktemp("follow")
    result = _follow(tmp, cfg)
    assert not _internal(result), (cfg, result.errors)
