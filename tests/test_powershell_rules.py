"""UL200-UL221 beyond the fixtures: gating by shell, fixes (checked against the
real utcp-cli 1.1.5 substitution), sink positives/negatives, robustness.

Why the claims hold without running PowerShell (none is installable here):

* UL200/UL202 "raises on every call": asserted directly with the runtime's own
  ``_substitute_powershell`` (the ValueError is deterministic: it depends only
  on the template text, never on the arguments).
* UL201 "never substituted": the runtime does *not* raise, and the reference it
  writes lands inside a construct PowerShell reads verbatim -- '...' with any of
  the single-quote characters ' ‘ ’ ‚ ‛ (PowerShell language spec §2.3.5.2:
  single-quote-character), an @'...'@ body, a --% tail (about_Parsing) -- so the
  program receives the text ``${env:__UTCP_ARG_...}``.
* Sinks: Invoke-Expression, cmd /c, powershell -Command, [scriptblock]::Create,
  Add-Type -TypeDefinition, python -c... all take a *string of code*; the value
  is inside that string after PowerShell expanded ``${env:...}``.
"""

import json
import shutil

import pytest
import utcp_cli.cli_communication_protocol as rt
from conftest import FIXTURES, lint_json
from hypothesis import HealthCheck, given, settings, strategies as st

from utcp_lint.core.findings import SourceFile
from utcp_lint.document.jsonpos import parse
from utcp_lint.ruleset.context import CliTemplate, DocumentContext, LintOptions, OffsetStringRef, Step
from utcp_lint.ruleset.rule import all_rules
from utcp_lint.template.powershell import NONCE, analyze_commands, static_value
from utcp_lint.template.ps_fix import sq_to_dq_fix

PROTO = rt.CliCommunicationProtocol()
P = "UTCP_ARG_{}_UTCP_END".format
PS_RULES = sorted(r for r in all_rules() if r.startswith("UL2"))


def manual(commands, names=()):
    return {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.2",
        "tools": [
            {
                "name": "t",
                "description": "d",
                "inputs": {"type": "object", "properties": {n: {"type": "string"} for n in names}},
                "outputs": {"type": "string"},
                "tool_call_template": {
                    "name": "t",
                    "call_template_type": "cli",
                    "commands": [{"command": c} for c in commands],
                },
            }
        ],
    }


def template(commands, shell="powershell"):
    text = json.dumps(manual(commands), indent=1, ensure_ascii=False)
    ctx = DocumentContext(SourceFile("m.json", text), parse(text), LintOptions(shell=shell))
    return ctx.templates[0], text


def run_rules(tpl, rules=PS_RULES):
    out = []
    for rid in rules:
        out += [(rid, f) for f in all_rules()[rid].run(tpl)]
    return out


def raises(command):
    try:
        PROTO._substitute_powershell(command, {}, NONCE)
        return False
    except ValueError:
        return True


# ---------------------------------------------------------------------------
# gating
# ---------------------------------------------------------------------------


def test_auto_mode_skips_bash_templates_and_checks_powershell_ones(tmp_path):
    bash = tmp_path / "bash.json"
    bash.write_text(json.dumps(manual(["grep -r 'UTCP_ARG_p_UTCP_END' ."], ["p"])))
    ps = tmp_path / "ps.json"
    ps.write_text(json.dumps(manual(["Get-ChildItem -Filter 'UTCP_ARG_p_UTCP_END'"], ["p"])))
    _c, out = lint_json("--select", "UL200", bash, ps)
    assert {f["path"].rsplit("/", 1)[-1] for f in out["findings"]} == {"ps.json"}
    _c, out = lint_json("--select", "UL200", "--shell", "powershell", bash)
    assert [f["rule"] for f in out["findings"]] == ["UL200"]
    _c, out = lint_json("--select", "UL200", "--shell", "bash", ps)
    assert out["findings"] == []
    _c, out = lint_json("--select", "UL200", "--shell", "both", bash)
    assert [f["rule"] for f in out["findings"]] == ["UL200"]


# ---------------------------------------------------------------------------
# fixes
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rule,name",
    [
        ("UL200", "bad_single_quotes.json"),
        ("UL200", "bad_here_string.json"),
        ("UL200", "bad_two_in_one_string.json"),
        ("UL201", "bad_curly_quotes.json"),
        ("UL201", "bad_nested_subexpr.json"),
        ("UL201", "bad_here_apostrophe.json"),
        ("UL202", "bad_comment_apostrophe.json"),
        ("UL202", "bad_block_comment.json"),
    ],
)
def test_fix_removes_the_problem_and_the_runtime_agrees(tmp_path, rule, name):
    src = FIXTURES / "rules" / rule / name
    dst = tmp_path / name
    shutil.copy(src, dst)
    before = json.loads(dst.read_text())
    code, out = lint_json("--select", rule, "--shell", "powershell", "--fix", dst)
    after_text = dst.read_text()
    assert after_text != src.read_text()
    after = json.loads(after_text)  # still valid JSON
    assert out["findings"] == []
    cmds_before = [c["command"] for c in before["tools"][0]["tool_call_template"]["commands"]]
    cmds_after = [c["command"] for c in after["tools"][0]["tool_call_template"]["commands"]]
    for cb, ca in zip(cmds_before, cmds_after):
        assert not raises(ca), ca  # the real runtime now substitutes every placeholder
        a = analyze_commands([{"command": ca}])
        assert all(o.expands for o in a.occurrences if o.context != "comment"), ca
        if rule == "UL202":
            assert ca.replace("`", "") == cb  # only backticks were inserted
    # the rest of the file is untouched
    assert after["tools"][0]["name"] == before["tools"][0]["name"]


def test_fix_escapes_and_preserves_the_literal_text():
    cmd = f"Write-Output 'say \"hi\" $HOME `n \u201cq\u201d it''s {P('x')}'"
    tpl, text = template([cmd])
    a = tpl.powershell
    [o] = a.occurrences
    fix = sq_to_dq_fix(tpl, a, o)
    assert fix is not None
    [e] = fix.edits
    new_text = text[: e.start] + e.replacement + text[e.end :]
    new_cmd = json.loads(new_text)["tools"][0]["tool_call_template"]["commands"][0]["command"]
    assert new_cmd == (f'Write-Output "say `"hi`" `$HOME ``n `\u201cq`\u201d it\'s {P("x")}"')
    assert not raises(new_cmd)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.sampled_from(["a", " ", '"', "$", "`", "''", "\u2019\u2019", "$(x)", "#", "\n", "\u201c", "@", "{", P("v")]),
        max_size=10,
    ).map("".join)
)
def test_fix_preserves_the_string_value(body):
    """Whatever a '...' string holds, the "..." the fix writes stands for the
    same text (placeholders aside), and the runtime then accepts it."""
    cmd = f"Write-Output '{body}{P('x')}' done"
    tpl, text = template([cmd])
    a = tpl.powershell
    o = [o for o in a.occurrences if o.name == "x"][0]
    fix = sq_to_dq_fix(tpl, a, o)
    assert fix is not None
    [e] = fix.edits
    new_cmd = json.loads(text[: e.start] + e.replacement + text[e.end :])["tools"][0]["tool_call_template"]["commands"][
        0
    ]["command"]
    assert not raises(new_cmd)
    from utcp_lint.template.ps_lexer import tokenize

    old_node = tokenize(cmd).commands[0].attrs["args"][0].nodes[0]
    new_node = tokenize(new_cmd).commands[0].attrs["args"][0].nodes[0]
    assert (old_node.kind, new_node.kind) == ("sq", "dq")
    assert static_value(old_node, cmd) == static_value(new_node, new_cmd)
    assert new_cmd.endswith(" done")


def test_no_fix_for_templates_from_python_source():
    cmd = f"Get-Item '{P('p')}'"
    src = SourceFile("plugin.py", "x = " + json.dumps(cmd))
    step = Step(index=0, command=cmd, ref=OffsetStringRef(cmd, 5), pointer="", step_pointer="")
    tpl = CliTemplate(
        source=src,
        pointer="",
        tool=None,
        origin="python",
        steps=[step],
        raw={},
        options=LintOptions(shell="powershell"),
    )
    found = run_rules(tpl, ["UL200"])
    assert [rid for rid, _ in found] == ["UL200"]
    assert found[0][1].fix is None
    assert (found[0][1].start, found[0][1].end) == (5 + cmd.index("UTCP"), 5 + len(cmd) - 1)


# ---------------------------------------------------------------------------
# the runtime's verdict for the non-expanding rules
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("rule,expect_raise", [("UL200", True), ("UL202", True), ("UL201", False)])
def test_fixture_commands_and_runtime_verdict(rule, expect_raise):
    bad = sorted((FIXTURES / "rules" / rule).glob("bad_*.json"))
    assert bad, f"no bad_*.json fixtures for {rule}"
    for f in bad:
        doc = json.loads(f.read_text())
        cmds = [c["command"] for c in doc["tools"][0]["tool_call_template"]["commands"]]
        assert any(raises(c) for c in cmds) == expect_raise, (f.name, cmds)


# ---------------------------------------------------------------------------
# sinks
# ---------------------------------------------------------------------------

SINK_POSITIVE = [
    ("UL210", f'Invoke-Expression -Command "Get-Item {P("p")}"'),
    ("UL210", f'Write-Output "ls {P("p")}" | Invoke-Expression'),
    ("UL210", f'iex "$({P("p")})"'),
    ("UL211", f'cmd.exe /k "echo {P("p")}"'),
    ("UL211", f"cmd /C type {P('p')}"),
    ("UL212", f'powershell.exe -NoProfile -ExecutionPolicy Bypass "{P("p")}"'),
    ("UL212", f"pwsh -EncodedCommand {P('p')}"),
    ("UL212", f"pwsh {P('p')}"),
    ("UL213", f'[System.Management.Automation.ScriptBlock]::Create("{P("p")}").Invoke()'),
    ("UL213", f'$s = $ExecutionContext.InvokeCommand.NewScriptBlock("{P("p")}"); & $s'),
    ("UL214", f'icm -Session $s -ScriptBlock {{ Remove-Item "{P("p")}" }}'),
    ("UL215", f'Start-Process cmd -ArgumentList "/c", "{P("p")}"'),
    ("UL215", f'saps tool.exe -Args "{P("p")}"'),
    ("UL216", f'Add-Type -MemberDefinition "{P("p")}" -Name N -Namespace X'),
    ("UL216", f'Add-Type -Path "{P("p")}"'),
    ("UL217", f'. "{P("p")}"'),
    ("UL217", f"tool-{P('p')}.exe --help"),
    ("UL218", f'node -e "console.log({P("p")})"'),
    ("UL218", f'bash -c "ls {P("p")}"'),
    ("UL220", f"C:\\bin\\tool.exe {P('p')}"),
    ("UL220", f'docker run --rm alpine echo "{P("p")}"'),
    ("UL221", f"npx create-app {P('p')}"),
    ("UL221", f'& "C:\\x\\run.bat" {P("p")}'),
]

SINK_NEGATIVE = [
    f'Invoke-Expression "Get-Date"; Get-Item "{P("p")}"',
    f"iex {{ Get-Item {P('p')} }}",  # the block's *text* ($env:...) is run, not the value
    f"Invoke-Expression 'Get-Item {P('q')}'",  # verbatim: UL200 territory, not a sink
    f'Get-Item "{P("p")}" | Out-String',
    f'cmd /c ver & Write-Output "{P("p")}"',
    f'Invoke-Command -ScriptBlock {{ Get-Item "{P("p")}" }}',
    f'Start-Process -FilePath tool.exe -Wait; Write-Output "{P("p")}"',
    # (the 5.1 native-argument warning UL220 still applies to python's argv)
    (f'python -c "import sys; print(sys.argv[1])" "{P("p")}"', {"UL220"}),
    f'Write-Output "{P("p")}"; Get-ChildItem -Filter {P("q")}',
    f"curl {P('p')}; wget {P('q')}; sc out.txt {P('r')}",  # 5.1 aliases, not programs
    f'& {{ param($x) Get-Item $x }} "{P("p")}"',
]


@pytest.mark.parametrize("rule,cmd", SINK_POSITIVE)
def test_sink_positive(rule, cmd):
    tpl, _ = template([cmd])
    got = {rid for rid, _ in run_rules(tpl)}
    assert rule in got, (cmd, got)


@pytest.mark.parametrize("cmd", SINK_NEGATIVE)
def test_sink_negative(cmd):
    cmd, expected = cmd if isinstance(cmd, tuple) else (cmd, set())
    tpl, _ = template([cmd])
    sink_rules = [r for r in PS_RULES if r >= "UL210"]
    got = {rid for rid, _ in run_rules(tpl, sink_rules)}
    assert got == expected, (cmd, got)


def test_one_finding_per_rule_and_placeholder():
    tpl, _ = template([f'iex "iex {P("p")}" | iex'])
    found = [rid for rid, _ in run_rules(tpl)]
    assert found.count("UL210") == 1


# ---------------------------------------------------------------------------
# robustness
# ---------------------------------------------------------------------------


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.lists(
            st.sampled_from(
                [
                    "'",
                    '"',
                    "`",
                    "$(",
                    ")",
                    "{",
                    "}",
                    " ",
                    "\n",
                    "#",
                    "<#",
                    "#>",
                    "|",
                    "&",
                    ";",
                    "--% ",
                    "@'\n",
                    "\n'@",
                    '@"\n',
                    '\n"@',
                    "\u2018",
                    "\u201c",
                    "iex ",
                    "cmd /c ",
                    "pwsh -c ",
                    "Start-Process x ",
                    "[scriptblock]::Create(",
                    "& ",
                    ". ",
                    "npm ",
                    "git ",
                    "-ArgumentList ",
                    "\x00",
                    "\ud800",
                    P("a"),
                    P("b"),
                ]
            ),
            max_size=16,
        ).map("".join),
        min_size=1,
        max_size=3,
    )
)
def test_rules_never_crash_and_point_inside_the_command(cmds):
    tpl, text = template(cmds)
    for rid, f in run_rules(tpl):
        step = next(s for s in tpl.steps if s.pointer == f.pointer)
        lo, hi = step.ref.span(0, len(step.command))
        assert lo <= f.start <= f.end <= hi, (rid, f)
        assert text[f.start : f.end].startswith("UTCP_ARG_"), (rid, text[f.start : f.end])
        if f.fix is not None:
            for e in f.fix.edits:
                assert lo <= e.start <= e.end <= hi
