"""One table of shells and interpreters (issue 11 item 3 / issue 13 item 4): every entry of
``linter/template/programs.py`` is what the sink analysis, the option analysis and UL054 use."""

from utcp_lint.rules import ul054_mcp_shell_server as ul054
from utcp_lint.template import bash_commands as bc, option_table as ot, programs as pg
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
    assert (hit.severity, hit.confidence) == ("warning", "low")


def test_option_injection_through_a_variable_holding_the_value():
    (hit,) = option_hits(analyze_commands([f'read -r h <<< {P}; ssh "${{h:-}}" uptime']))
    assert (hit.program, hit.severity, hit.via) == ("ssh", "error", "h")
    assert option_hits(analyze_commands([f'url={P}; git clone --end-of-options "${{url:-}}"'])) == []
    assert option_hits(analyze_commands([f'f={P}; cat "./${{f:-}}"'])) == []


# ---------------------------------------------------------------------------
# adding a program is one entry (issue 13 item 4)
# ---------------------------------------------------------------------------
import pytest  # noqa: E402


@pytest.fixture
def scratch_table():
    """Register entries for one test and restore the table afterwards."""
    by_name, ps_by_name, specs = dict(pg.BY_NAME), dict(pg.PS_BY_NAME), dict(ot.PROGRAMS)
    yield pg.register
    pg.BY_NAME.clear()
    pg.BY_NAME.update(by_name)
    pg.PS_BY_NAME.clear()
    pg.PS_BY_NAME.update(ps_by_name)
    ot.PROGRAMS.clear()
    ot.PROGRAMS.update(specs)
    pg.changed()  # the table was edited directly: cached argv analyses are stale


def test_one_wrapper_entry_drives_the_sink_option_and_declaration_analyses(scratch_table):
    from utcp_lint.template.declarations import infer_step

    class _Step:
        command, node = "", None

    run = f"retry -n 3 5 rm {P}"  # `retry [-n N] DELAY COMMAND…` (a made-up wrapper)
    code = f"retry 5 sh -c {P}"
    # unknown: retry itself gets the value (a low-confidence warning), no wrapper is looked through
    (hit,) = option_hits(analyze_commands([run]))
    assert (hit.program, hit.severity, hit.confidence) == ("retry", "warning", "low")
    assert bc.semantics(["retry", "-n", "3", "5", "rm", None]).name == "retry"
    assert [e.binary for e in infer_step(analyze_commands([run]), 0, _Step()).entries] == ["retry"]

    scratch_table(
        pg.Program(
            "retry",
            "wrapper",
            wrapper=pg.Wrapper(short_values="n", operands_before=1),
            options=pg.Options("n", "", operand_limit=1, impact="exec", example="-n N with a command word runs it"),
        )
    )
    # sink analysis: the wrapped command is found, and `sh -c` under it is a shell-code sink
    sem = bc.semantics(["retry", "-n", "3", "5", "rm", None])
    assert (sem.name, sem.name_index, sem.wrappers) == ("rm", 4, ("retry",))
    (sink,) = analyze_commands([code]).placeholders[0].sinks
    assert sink.kind == bc.SHELL_CODE and "retry" in sink.detail
    # option analysis: the value is now an operand of rm, an error with the fix `--`
    (hit,) = option_hits(analyze_commands([run]))
    assert (hit.program, hit.severity, hit.confidence) == ("rm", "error", "high")
    assert ot.lookup("retry").example == "-n N with a command word runs it"
    # declaration analysis: the subprocess is rm, looked through the wrapper
    (entry,) = infer_step(analyze_commands([run]), 0, _Step()).entries
    assert (entry.binary, entry.user_controlled_args) == ("rm", ["v"])


def test_one_option_entry_drives_the_option_analysis(scratch_table):
    cmd = f"fetchit --output out.txt {P}"
    (hit,) = option_hits(analyze_commands([cmd]))
    assert (hit.program, hit.severity, hit.confidence) == ("fetchit", "warning", "low")
    scratch_table(
        pg.Program(
            "fetchit", "options", options=pg.Options("o", "output", impact="write", example="-o FILE overwrites FILE")
        )
    )
    (hit,) = option_hits(analyze_commands([cmd]))
    assert (hit.program, hit.severity, hit.confidence) == ("fetchit", "error", "high")
    assert hit.spec.example == "-o FILE overwrites FILE" and hit.marker == "--"
    # the value of --output is not an option position
    assert option_hits(analyze_commands([f"fetchit --output {P} url"])) == []


def test_one_handler_entry_gives_its_words_sink_roles(scratch_table):
    cmd = f"myeval {P}"
    assert analyze_commands([cmd]).placeholders[0].sinks == []
    scratch_table(pg.Program("myeval", "builtin", handler="eval", builtin=True))
    (sink,) = analyze_commands([cmd]).placeholders[0].sinks
    assert sink.kind == bc.SHELL_CODE
    scratch_table(pg.Program("mysql2", "stdin", stdin_reads="{name} (runs what it reads)"))
    assert bc.semantics(["mysql2"]).stdin_code == "mysql2 (runs what it reads)"
    # a find-like program: the words after its exec primary up to `;` are a command line
    cmd = f"walker . --run sh -c {P} \\;"
    assert analyze_commands([cmd]).placeholders[0].sinks[0].confidence == "medium"  # a guess
    scratch_table(pg.Program("walker", "runner", exec_primaries=frozenset({"--run"})))
    (sink,) = analyze_commands([cmd]).placeholders[0].sinks
    assert (sink.kind, sink.confidence) == (bc.SHELL_CODE, "high") and "walker --run" in sink.detail


def test_wrappers_and_handlers_are_table_entries():
    # every wrapper the sink analysis looks through and every handler is an entry
    for p in pg.WRAPPER_PROGRAMS:
        for n in p.names:
            assert bc.wrapper_fn(n) is not None, n
    for p in pg.HANDLER_PROGRAMS:
        assert (p.handler in bc.HANDLERS) if p.handler else (p.stdin_reads or p.options or p.code_subcommand), p.name
    # option facets land in the option table under the entry's names
    for n in ("env", "xargs", "ssh", "rsync", "tar", "printf", "sed"):
        assert ot.lookup(n).example == pg.BY_NAME[n].options.example, n
    assert ot.lookup("autossh") is None  # no option facet: judged as an unknown program
    assert ot.lookup("sed").short_optional_attached == "i"  # -i[SUFFIX] never takes the next word
    assert bc.SEDS == {"sed", "gsed", "ssed"}


def test_one_subcommand_entry_drives_the_option_analysis(scratch_table):
    """A program with sub-commands (``git``-like) is one entry: its own options, one nested
    ``Options`` per sub-command, and the options of any other sub-command."""
    deploy = f"shipit -C dir push --target {P} {P}"
    (hit,) = option_hits(analyze_commands([f"shipit push {P}"]))
    assert (hit.program, hit.severity, hit.confidence) == ("shipit", "warning", "low")
    scratch_table(
        pg.Program(
            "shipit",
            "options",
            ("shipit2",),
            options=pg.Options(
                "C",
                "",
                impact="behavior",
                example="-C DIR works elsewhere",
                subcommands=(
                    (
                        "push",
                        pg.Options(
                            "t",
                            "target",
                            end_of_options="--end-of-options",
                            impact="exec",
                            example="--hook=CMD runs CMD",
                        ),
                    ),
                ),
                default_subcommand=pg.Options(impact="write", example="sub-command options write"),
            ),
        )
    )
    spec = ot.lookup("shipit")
    assert spec.has_subcommands and spec.subcommand("push").name == "shipit push"
    assert ot.lookup("shipit2") is spec  # an alias shares the entry's spec
    # the value of --target is not an option position; the operand after it is
    (hit,) = option_hits(analyze_commands([deploy]))
    assert (hit.program, hit.subcommand, hit.severity, hit.confidence) == ("shipit", "push", "error", "high")
    assert hit.spec.example == "--hook=CMD runs CMD" and hit.marker == "--end-of-options"
    # an unlisted sub-command is judged by default_subcommand
    (hit,) = option_hits(analyze_commands([f"shipit2 pull {P}"]))
    assert (hit.subcommand, hit.spec.example) == ("pull", "sub-command options write")


def test_one_entry_drives_the_powershell_interpreter_sinks(scratch_table):
    from utcp_lint.template.powershell import analyze_commands as ps_analyze
    from utcp_lint.template.ps_sinks import find_sinks

    def kinds(cmd):
        return [(h.kind, h.detail) for h in find_sinks(ps_analyze([{"command": cmd, "append_to_final_output": True}]))]

    cmd = f'lispy -x "{P}"'
    assert kinds(cmd) == [("native", "lispy")]
    scratch_table(pg.Program("lispy", "interpreter", code_short="x", ps_names=("lispy",), ps_code=("-x",)))
    assert kinds(cmd) == [("interpreter", "lispy -x")]
    assert pg.powershell_code_flags("lispy") == ("-x",)
    # a .cmd shim run by cmd.exe on Windows, and a program whose command line is code
    from utcp_lint.template.ps_sinks import command_kind

    assert command_kind("shimmy") == ("native", "shimmy")
    scratch_table(pg.Program("shimmy", "tool", ps_names=("shimmy",), ps_batch_shim=True))
    assert command_kind("shimmy") == ("batch", "shimmy")
    cmd = f'linuxer "{P}"'
    assert kinds(cmd) == [("native", "linuxer")]
    scratch_table(pg.Program("linuxer", "runner", ps_names=("linuxer",), ps_handler="wsl"))
    assert kinds(cmd) == [("interpreter", "wsl (its command line is run by the Linux shell)")]


def test_argv_semantics_are_shared_until_the_table_changes(scratch_table):
    """Commands with equal argvs share one Semantics; a registered entry is seen at once."""
    argv = (("zapit", None), ("zapit", ""))
    first = bc.shared_semantics(*argv)
    assert bc.shared_semantics(*argv) is first and first.roles == {}
    v = pg.version()
    scratch_table(pg.Program("zapit", "builtin", handler="eval", builtin=True))
    assert pg.version() == v + 1
    after = bc.shared_semantics(*argv)
    assert after.roles[1][0].kind == bc.SHELL_CODE
    assert bc.semantics(list(argv[0]), list(argv[1])).roles == after.roles


def test_restoring_the_table_directly_and_saying_so_drops_cached_analyses():
    """The cached argv semantics and option walks follow the table back when it is restored."""
    cmd = f"fetchit2 --output out.txt {P}"
    (hit,) = option_hits(analyze_commands([cmd]))
    assert hit.confidence == "low" and bc.shared_semantics(("myeval2", None), ("myeval2", "")).roles == {}
    by_name, specs = dict(pg.BY_NAME), dict(ot.PROGRAMS)
    try:
        pg.register(pg.Program("fetchit2", "options", options=pg.Options("o", "output", impact="write")))
        pg.register(pg.Program("myeval2", "builtin", handler="eval", builtin=True))
        (hit,) = option_hits(analyze_commands([cmd]))
        assert hit.confidence == "high"
        assert bc.shared_semantics(("myeval2", None), ("myeval2", "")).roles[1][0].kind == bc.SHELL_CODE
    finally:
        pg.BY_NAME.clear()
        pg.BY_NAME.update(by_name)
        ot.PROGRAMS.clear()
        ot.PROGRAMS.update(specs)
        pg.changed()
    (hit,) = option_hits(analyze_commands([cmd]))
    assert hit.confidence == "low" and bc.shared_semantics(("myeval2", None), ("myeval2", "")).roles == {}


def test_table_records_are_frozen_named_tuples():
    """Program/Options/Wrapper are ``typing.NamedTuple`` table types (issue 26): field-wise
    equality and hash, ``Name(field=value, ...)`` repr, assignment refused, pickle round trip."""
    import copy
    import pickle

    a = pg.Program("p", "tool", options=pg.Options("o", impact="write"), wrapper=pg.Wrapper(short_values="n"))
    b = pg.Program("p", "tool", options=pg.Options("o", impact="write"), wrapper=pg.Wrapper(short_values="n"))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != pg.Program("p", "tool") and a != ("p", "tool")
    assert repr(pg.Wrapper()) == (
        "Wrapper(short_values='', long_values=frozenset(), optional_attached='', assignments=False, "
        "operands_before=0, no_command=frozenset(), no_command_when_alone=False, split=frozenset(), grammar='')"
    )
    assert repr(a).startswith("Program(name='p', family='tool', aliases=(), ")
    with pytest.raises(AttributeError):
        a.name = "q"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a
