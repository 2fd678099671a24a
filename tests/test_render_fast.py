"""The jumping quote tracker (executor/render.substitute) is identical to the
runtime's character-by-character loop (tests/render_reference.py) on
generated commands, for both shells, with and without arguments; shared
argument-less results are never mutated by a caller."""

from __future__ import annotations

import glob
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st
from render_reference import substitute_reference

from utcp_lint.executor import render as R

ROOT = Path(__file__).resolve().parent.parent
PIECES = [
    "'",
    '"',
    "\\",
    "`",
    "''",
    '\\"',
    "\\'",
    "`'",
    "$",
    "\n",
    " ",
    "x",
    "UTCP_ARG_a_UTCP_END",
    "UTCP_ARG_b_c_UTCP_END",
    "UTCP_ARG_",
    "_UTCP_END",
    "UTCP_ARG__UTCP_END",
    "UTCP_ARG_x_UTCP_END_UTCP_END",
    "\\UTCP_ARG_a_UTCP_END",
    "é",
    "$(",
    ")",
    "{",
]


def _outcome(fn, command, args, nonce, shell):
    try:
        s = fn(command, args, nonce, shell)
        return ("ok", s.text, s.env, s.placeholders)
    except R.SingleQuotePlaceholderError as e:
        return ("err", str(e), e.name, e.start, e.end)


@settings(max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=3)), max_size=14),
    st.sampled_from(["bash", "powershell"]),
    st.sampled_from([None, {}, {"a": "v'al\"ue", "b_c": 7}]),
    st.sampled_from([R.FIXED_NONCE, "abc123"]),
)
def test_fast_tracker_equals_the_character_loop(parts, shell, args, nonce):
    command = "".join(parts)
    want = _outcome(substitute_reference, command, args, nonce, shell)
    assert _outcome(R.substitute, command, args, nonce, shell) == want
    assert _outcome(R.substitute, command, args, nonce, shell) == want  # cached path, second call


def test_fast_tracker_on_every_fixture_and_corpus_command():
    import json

    n = 0
    files = glob.glob(str(ROOT / "fixtures" / "**" / "*.json"), recursive=True) + glob.glob(
        str(ROOT.parent / "shared" / "corpus" / "**" / "*.json"), recursive=True
    )
    for f in files:
        try:
            data = json.loads(open(f, encoding="utf-8-sig").read())
        except Exception:
            continue
        stack = [data]
        while stack:
            v = stack.pop()
            if isinstance(v, dict):
                c = v.get("command")
                if isinstance(c, str):
                    n += 1
                    for shell in ("bash", "powershell"):
                        assert _outcome(R.substitute, c, None, R.FIXED_NONCE, shell) == _outcome(
                            substitute_reference, c, None, R.FIXED_NONCE, shell
                        ), c
                stack.extend(v.values())
            elif isinstance(v, list):
                stack.extend(v)
    assert n > 300


def test_render_and_placeholder_listing_share_one_tracking():
    cmd = 'git -C "UTCP_ARG_dir_UTCP_END" log -n UTCP_ARG_n_UTCP_END'
    a = R.substitute(cmd, None)
    b = R.substitute(cmd, {})
    assert a is b  # one result per command for the analyses
    rendered = R.render([{"command": cmd}])
    assert [(p.name, p.template_start) for p in rendered.spans] == [("dir", 8), ("n", 38)]
    assert a.placeholders[0][0] == "dir" and len(a.placeholders) == 2  # render did not mutate it
    c = R.substitute(cmd, {"dir": "x"})  # real arguments: never shared
    assert c is not a and c.env != a.env
