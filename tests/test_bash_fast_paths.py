"""The bash analysis's shortcuts (issue 15) give what the general code gives.

* word texts of an ASCII script are slices of the script, of other scripts decoded
  from the parsed bytes: the same values either way;
* a one-part command name's value is its part's value;
* the once-per-script prefilters (a ``|`` in the step, a ``<(`` in the script) keep
  the pipeline and process-substitution facts.
"""

from __future__ import annotations

from utcp_lint.template.bash import analyze_commands


def test_word_values_are_the_same_in_an_ascii_and_a_non_ascii_script() -> None:
    ascii_ = analyze_commands(['cp -- "a b" c\\ d UTCP_ARG_x_UTCP_END /tmp/out'])
    other = analyze_commands(['cp -- "a b" c\\ d UTCP_ARG_x_UTCP_END /tmp/\u00e9t\u00e9'])
    assert ascii_.source.ascii and not other.source.ascii
    va = [w.value for w in ascii_.commands[0].words]
    vo = [w.value for w in other.commands[0].words]
    assert va[:-1] == vo[:-1] == ["cp", "--", "a b", "c d", None]
    assert (va[-1], vo[-1]) == ("/tmp/out", "/tmp/\u00e9t\u00e9")
    assert [w.text for w in other.commands[0].words][-1] == "/tmp/\u00e9t\u00e9"


def test_command_name_values() -> None:
    a = analyze_commands(['"/usr/bin/env" python3 -c UTCP_ARG_code_UTCP_END', "e'ch'o hi", "$UTCP_ARG_x_UTCP_END y"])
    names = [(c.values[0], c.name) for c in a.commands]
    assert names[0] == ("/usr/bin/env", "python3")
    assert names[1] == ("echo", "echo")
    assert names[2][0] is None and names[2][1] is None


def test_prefilters_keep_pipeline_and_process_substitution_facts() -> None:
    piped = analyze_commands(["echo UTCP_ARG_x_UTCP_END | bash", "echo UTCP_ARG_y_UTCP_END"])
    kinds = [[s.kind for s in r.sinks] for r in piped.placeholders]
    assert kinds[0] == ["stdin-code"] and kinds[1] == []
    assert piped.source.pipe_steps == frozenset({0})
    procsub = analyze_commands(['read -r n < <(echo "UTCP_ARG_x_UTCP_END"); echo $(( n + 1 ))'])
    assert procsub.source.may_have_procsub
    assert any(s.kind == "arithmetic" for s in procsub.placeholders[0].sinks)
    plain = analyze_commands(["echo UTCP_ARG_x_UTCP_END"])
    assert not plain.source.may_have_procsub and plain.source.pipe_steps == frozenset()


def _bash_n_ok(script: str) -> bool:
    import subprocess

    return subprocess.run(["bash", "-n"], input=script, text=True, capture_output=True).returncode == 0


def test_misplaced_reserved_words_found_without_the_whole_script_regex_first() -> None:
    """The command-name words are read first and the script regex runs only when one of
    them is a reserved word: bash -n (the real parser) rejects exactly the scripts with
    a finding, and a reserved word as an argument or a coproc body's `}` is none."""
    cases = {
        ("echo a; fi", "ls"): (0, "fi"),
        ("if true; then echo x; fi; done",): (0, "done"),
        ("echo x }", "}"): (1, "}"),
        ("coproc { cat; }", "ls"): None,
        ("grep -e in file; echo done",): None,
        ("for u in a b; do echo $u; done", "ls"): None,
    }
    for steps, want in cases.items():
        a = analyze_commands(list(steps))
        got = [(b.step, b.message) for b in a.breakages if b.kind == "parse-error"]
        if want is None:
            assert got == [], steps
            assert _bash_n_ok(a.script), steps
        else:
            step, word = want
            assert got == [
                (
                    step,
                    f"`{word}` is a reserved word where bash expects a command "
                    f"(syntax error near unexpected token `{word}`)",
                )
            ], steps
            assert not _bash_n_ok(a.script), steps


def test_for_loops_and_arrays_come_from_the_index_query() -> None:
    """`for NAME in VALUE` and `NAME=(VALUE)` are read from the one index query (@l, @a)."""
    a = analyze_commands(
        ["a=(1 2); for i in UTCP_ARG_y_UTCP_END; do echo; done", "b=(UTCP_ARG_z_UTCP_END); echo ${b[0]}"]
    )
    assert [n.type for n in a.source.nodes["l"]] == ["for_statement"]
    assert [n.type for n in a.source.nodes["a"]] == ["array", "array"]
    got = [
        (b.kind, b.step, a.placeholders[[p.script_start for p in a.placeholders].index(b.script_start)].name)
        for b in a.breakages
    ]
    assert got == [("loop-over-one-value", 0, "y"), ("loop-over-one-value", 1, "z")]
