"""utcp_lint.template.powershell: rendering, mapping, contexts, and the
runtime's quote tracker checked against the real utcp-cli 1.1.5 code."""

import json
import logging

import pytest
import utcp_cli.cli_communication_protocol as rt
from hypothesis import HealthCheck, given, settings, strategies as st

from utcp_lint.core.findings import SourceFile
from utcp_lint.document.jsonpos import parse
from utcp_lint.executor.render import render
from utcp_lint.ruleset.context import DocumentContext, LintOptions
from utcp_lint.template.powershell import (
    NONCE,
    _whatif_render,
    analyze,
    analyze_commands,
    static_value,
    tracker_states,
)

logging.getLogger(rt.__name__).setLevel(logging.CRITICAL)
PROTO = rt.CliCommunicationProtocol()


def A(*cmds):
    return analyze_commands([{"command": c, "append_to_final_output": None} for c in cmds])


def occ(a, name):
    [o] = [o for o in a.occurrences if o.name == name]
    return o


def runtime_substitute(command):
    """('ok', text) or ('error', message) from the real runtime function."""
    try:
        text, _env = PROTO._substitute_powershell(command, {}, NONCE)
        return ("ok", text)
    except ValueError as e:
        return ("error", str(e))


P = "UTCP_ARG_{}_UTCP_END".format


# ---------------------------------------------------------------------------
# contexts
# ---------------------------------------------------------------------------

CASES = [
    # template, name, context, role, command, arg index, runtime state
    (f'Get-Item "{P("a")}"', "a", "expanding", "argument", "Get-Item", 0, "dq"),
    (f"Get-Item {P('a')}", "a", "value", "argument", "Get-Item", 0, "normal"),
    (f"git log --author={P('a')} -n 3", "a", "bare", "argument", "git", 1, "normal"),
    (f"Get-Item '{P('a')}'", "a", "verbatim", "argument", "Get-Item", 0, "sq"),
    (f"Get-Item \u2018{P('a')}\u2019", "a", "verbatim", "argument", "Get-Item", 0, "normal"),
    (f"Write-Output \"x $(Get-Item '{P('a')}')\"", "a", "verbatim", "argument", "Get-Item", 0, "dq"),
    (f"Write-Output @'\nit's {P('a')}\n'@", "a", "here_verbatim", "argument", "Write-Output", 0, "normal"),
    (f'Write-Output @"\n{P("a")}\n"@', "a", "here_expanding", "argument", "Write-Output", 0, "dq"),
    (f"Get-Item # {P('a')}", "a", "comment", None, "Get-Item", None, "normal"),
    (f"icacls --% {P('a')}", "a", "stop_parsing", "argument", "icacls", 0, "normal"),
    (f"& {P('a')} x", "a", "value", "name", None, None, "normal"),
    (f"{P('a')}", "a", "value", "expression", None, None, "normal"),
    (f"Write-Output ${P('a')}", "a", "mangled", "argument", "Write-Output", 0, "normal"),
    (f'# it\'s\nGet-Item "{P("a")}"', "a", "expanding", "argument", "Get-Item", 0, "sq"),
]


@pytest.mark.parametrize("tpl,name,ctx,role,cmd,idx,state", CASES)
def test_occurrence_context(tpl, name, ctx, role, cmd, idx, state):
    a = A(tpl)
    o = occ(a, name)
    assert (o.context, o.role, o.arg_index, o.runtime_state) == (ctx, role, idx, state)
    if cmd is not None:
        nm = o.command.attrs["name"]
        assert a.script[nm.start : nm.end] == cmd
    # the template span is the placeholder
    assert tpl[o.template_start : o.template_end] == P(name)
    # the script span is the reference the runtime writes
    assert a.script[o.script_start : o.script_end] == "${env:__UTCP_ARG_%s_%s}" % (NONCE, name)


def test_runtime_error_case_still_reports_every_placeholder():
    """When the runtime would raise, the analysis carries its message and
    still analyses every placeholder (what-if rendering of the template)."""
    a = A(f"Write-Output '{P('a')}' \"{P('b')}\"", f"git log {P('c')}")
    assert a.error is not None and a.error.startswith("Placeholder UTCP_ARG_a_UTCP_END")
    assert a.error_step == 0 and a.rendered_by == "whatif"
    assert [(o.name, o.context) for o in a.occurrences] == [("a", "verbatim"), ("b", "expanding"), ("c", "value")]


def test_executor_render_is_used_when_ok_and_equals_whatif():
    cmds = [
        {"command": f'Get-Item "{P("x")}"', "append_to_final_output": True},
        {"command": "Get-Date", "append_to_final_output": None},
    ]
    a = analyze_commands(cmds)
    assert a.rendered_by == "executor"
    r = render(cmds, None, shell="powershell", nonce=NONCE)
    assert a.script == r.script == _whatif_render(cmds)[0]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(list("ab '\"`$#\n") + [P("x"), P("y")]), max_size=12).map("".join),
        min_size=1,
        max_size=3,
    )
)
def test_whatif_equals_executor_whenever_the_executor_succeeds(cmds):
    steps = [{"command": c, "append_to_final_output": None} for c in cmds]
    r = render(steps, None, shell="powershell", nonce=NONCE)
    script, spans, step_spans = _whatif_render(steps)
    if r.error is None:
        assert script == r.script
        assert step_spans == list(r.step_spans)
        assert [(s[0], s[1], s[2], s[3], s[4], s[5]) for s in spans] == [
            (s.name, s.step, s.template_start, s.template_end, s.script_start, s.script_end) for s in r.spans
        ]
    else:
        assert any(s[7] == "sq" for s in spans)


# ---------------------------------------------------------------------------
# the runtime's tracker, against the real runtime
# ---------------------------------------------------------------------------


def _check_against_runtime(command):
    mine = tracker_states(command)
    verdict = runtime_substitute(command)
    first_sq = next((m for m in mine if m[3] == "sq"), None)
    if verdict[0] == "error":
        assert first_sq is not None, (command, verdict)
        assert verdict[1].startswith("Placeholder UTCP_ARG_%s_UTCP_END appears inside" % first_sq[0])
    else:
        assert first_sq is None, (command, mine)
        # and the text the runtime writes is exactly our what-if substitution
        script, _spans, spans = _whatif_render([{"command": command}])
        a, b = spans[0]
        assert verdict[1] == script[a:b]
    return verdict[0]


RUNTIME_CASES = [
    f"Get-Item '{P('a')}'",
    f'Get-Item "{P("a")}"',
    f'# don\'t\nGet-Item "{P("a")}"',
    f"Get-Item 'it''s {P('a')}'",
    f"Get-Item 'a''' {P('a')}",
    f"Get-Item `'{P('a')}",
    f'Get-Item "`"\'" {P("a")}',
    f"Get-Item \u2018{P('a')}\u2019",
    f"@'\nit's {P('a')}\n'@",
    f"@'\n{P('a')}\n'@",
    f"\"$('x')\" {P('a')}",
    f'"$("\'")" {P("a")}',
    f"`{P('a')}",
    f"{P('a')}`",
    f"'{P('a')}",
    "'",
    "`",
    "",
]


@pytest.mark.parametrize("command", RUNTIME_CASES)
def test_tracker_matches_runtime_on_known_cases(command):
    _check_against_runtime(command)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.sampled_from(
            [
                "'",
                '"',
                "`",
                "''",
                "a",
                " ",
                "\n",
                "#",
                "$(",
                ")",
                "@'\n",
                "\n'@",
                "\u2018",
                P("a"),
                P("b"),
                "UTCP_ARG_",
                "_UTCP_END",
            ]
        ),
        max_size=14,
    ).map("".join)
)
def test_tracker_matches_runtime_fuzz(command):
    """Differential: our non-raising tracker model vs the real
    ``_substitute_powershell`` of utcp-cli 1.1.5 (raise / no raise, the
    placeholder it raises at, and the substituted text)."""
    _check_against_runtime(command)


# ---------------------------------------------------------------------------
# offsets
# ---------------------------------------------------------------------------


def test_offset_mapping_roundtrip():
    cmd = f"Write-Output 'a' \"{P('long_name')}\" b{P('x')}c 'tail'"
    a = A(cmd)
    for t in range(len(cmd)):
        s = a.to_script(0, t)
        step, back = a.to_template(s)
        assert step == 0
        inside = [o for o in a.occurrences if o.template_start <= t < o.template_end]
        if inside:
            assert back == inside[0].template_start
        else:
            assert back == t and a.script[s] == cmd[t]
    # a span covering a placeholder maps back to the template span
    tail = a.parsed.node_at(a.to_script(0, cmd.index("'tail'")))
    assert tail.kind == "sq"
    assert a.to_template_span(tail.start, tail.end) == (0, cmd.index("'tail'"), len(cmd))
    dq = occ(a, "long_name").string
    s, t0, t1 = a.to_template_span(dq.start, dq.end)
    assert cmd[t0:t1] == f'"{P("long_name")}"'


def test_static_values():
    a = A("x 'it''s' \u2018a\u2019\u2019b\u2019 \"q`tz\" plain`x \"$v\" -Flag")
    args = a.parsed.commands[0].attrs["args"]
    vals = [static_value(arg.nodes[0], a.script) for arg in args]
    assert vals == ["it's", "a\u2019b", "q\tz", "plainx", None, "-Flag"]


# ---------------------------------------------------------------------------
# integration with the model
# ---------------------------------------------------------------------------


def _template(commands, shell="powershell"):
    doc = {
        "manual_version": "1",
        "utcp_version": "1.0.2",
        "tools": [
            {
                "name": "t",
                "description": "d",
                "inputs": {"type": "object", "properties": {}},
                "outputs": {},
                "tool_call_template": {
                    "name": "t",
                    "call_template_type": "cli",
                    "commands": [{"command": c} for c in commands],
                },
            }
        ],
    }
    text = json.dumps(doc, indent=1)
    ctx = DocumentContext(SourceFile("m.json", text), parse(text), LintOptions(shell=shell))
    return ctx.templates[0], text


def test_tpl_powershell_is_lazy_and_cached():
    tpl, _ = _template([f'Get-Item "{P("p")}"'])
    a1 = tpl.powershell
    assert a1 is tpl.powershell
    assert [o.name for o in a1.occurrences] == ["p"]
    assert analyze(tpl).script == a1.script


def test_skipped_step_objects_keep_positions_aligned():
    """Non-object steps are skipped by the model; occurrences index tpl.steps."""
    doc = {"call_template_type": "cli", "name": "t", "commands": ["oops", {"command": f"Get-Item '{P('a')}'"}]}
    text = json.dumps(doc)
    ctx = DocumentContext(SourceFile("t.json", text), parse(text), LintOptions(shell="powershell"))
    tpl = ctx.templates[0]
    o = tpl.powershell.occurrences[0]
    assert tpl.steps[o.step].command[o.template_start : o.template_end] == P("a")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(
            st.text(alphabet=st.characters(blacklist_categories=()), max_size=8),
            st.sampled_from([P("a"), P("b"), "'", '"', "`", "@'\n", "#", "$("]),
        ),
        max_size=12,
    ).map("".join)
)
def test_analysis_never_raises_on_any_text(cmd):
    """Any unicode (NUL, lone surrogates, RTL marks...) around placeholders:
    no exception, every occurrence maps back to its placeholder, and the
    sink pass completes."""
    a = A(cmd, cmd)
    for o in a.occurrences:
        assert cmd[o.template_start : o.template_end] == P(o.name)
        assert 0 <= o.script_start < o.script_end <= len(a.script)
        assert a.to_template(o.script_start) == (o.step, o.template_start)
    assert isinstance(a.sinks, list)
