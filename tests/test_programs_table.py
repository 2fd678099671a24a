"""One table of shells and interpreters (issue 11 item 3 / issue 13 item 4): every entry of
``linter/template/programs.py`` is what the sink analysis, the option analysis and UL054 use."""
from utcp_lint.rules import ul054_mcp_shell_server as ul054
from utcp_lint.template import bash_commands as bc
from utcp_lint.template import option_table as ot
from utcp_lint.template import programs as pg
from utcp_lint.template.bash import analyze_commands
from utcp_lint.template.option_scan import option_hits

P = "UTCP_ARG_v_UTCP_END"


def test_every_entry_reaches_every_analysis():
    for p in pg.PROGRAMS:
        for n in p.names:
            spec = ot.lookup(n)
            assert spec is not None and spec.impact == ot.EXEC, n
            assert spec.example == p.option_example
            if p.family == "shell":
                assert n in bc.SHELLS and n in ul054.SHELLS
            elif p.family == "awk":
                assert n in bc.AWKS
            elif bc.is_python(n):
                assert bc.semantics(bc.Argv([n, "-c", None], [n, "-c", ""])).roles[2][0].kind == bc.INTERP_CODE
            else:
                assert n in bc.INTERPRETERS, n


def test_code_flag_of_the_entry_is_the_sink_and_options_end_at_the_script():
    for p in pg.PROGRAMS:
        if p.family != "interpreter" or not p.code_short or p.name.startswith("python"):
            continue
        flag = "-" + p.code_short[0]
        a = analyze_commands([f"{p.name} {flag} {P}"])
        assert [s.kind for s in a.placeholders[0].sinks] == [bc.INTERP_CODE], p.name
        # the words after a script file are the program's, never options
        assert option_hits(analyze_commands([f"{p.name} script.x {P}"])) == [], p.name
    # a value before the script is an option, and the message names the option that runs code
    (hit,) = option_hits(analyze_commands([f"node {P}"]))
    assert hit.severity == "error" and "--eval" in hit.spec.example


def test_python_c_ends_options_but_node_and_perl_keep_reading_them():
    assert option_hits(analyze_commands([f"python3 -c 'import sys' {P}"])) == []
    assert option_hits(analyze_commands([f"python3 -m json.tool {P}"])) == []
    for cmd in (f"node -e 'x' {P}", f"perl -e 'x' {P}", f"ruby -e 'x' {P}"):
        (hit,) = option_hits(analyze_commands([cmd]))
        assert (hit.severity, hit.confidence) == ("error", "high"), cmd
    assert option_hits(analyze_commands([f"bash -c 'echo \"${{1:-}}\"' _ {P}"])) == []
    assert option_hits(analyze_commands([f"node -e 'x' -- {P}"])) == []


def test_guarded_value_and_shell_function_are_not_option_injection():
    assert option_hits(analyze_commands([f"[[ {P} =~ ^[a-z0-9]+$ ]] || exit 2; git clone {P}"])) == []
    # a class that allows '-' first is unclear: still reported, lower confidence
    (hit,) = option_hits(analyze_commands([f"[[ {P} =~ ^[a-z0-9-]+$ ]] || exit 2; git clone {P}"]))
    assert hit.confidence == "medium"
    assert option_hits(analyze_commands([f"f() {{ :; }}; f {P}"])) == []
    (hit,) = option_hits(analyze_commands([f"mytool {P}"]))
    assert (hit.severity, hit.confidence) == ("note", "low")


def test_option_injection_through_a_variable_holding_the_value():
    (hit,) = option_hits(analyze_commands([f"read -r h <<< {P}; ssh \"${{h:-}}\" uptime"]))
    assert (hit.program, hit.severity, hit.via) == ("ssh", "error", "h")
    assert option_hits(analyze_commands([f"url={P}; git clone --end-of-options \"${{url:-}}\""])) == []
    assert option_hits(analyze_commands([f"f={P}; cat \"./${{f:-}}\""])) == []
