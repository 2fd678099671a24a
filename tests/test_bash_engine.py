"""Unit tests of the bash template engine's public model (docs/design/bash-engine.md)."""

from __future__ import annotations

import json

import pytest

from utcp_lint.template import bash as B
from utcp_lint.template.bash import analyze_commands

P = "UTCP_ARG_{}_UTCP_END".format


def one(cmd, **kw):
    a = analyze_commands([cmd], **kw)
    assert len(a.placeholders) == 1, a.placeholders
    return a, a.placeholders[0]


# ---------------------------------------------------------------------------
# placeholders: tracker state vs real quoting, spans
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cmd,state,quoting,whole",
    [
        (f"ls {P('x')}", "normal", B.DOUBLE, True),
        (f'echo "a {P("x")} b"', "dq", B.DOUBLE, False),
        (f"echo 'a {P('x')} b'", "sq", B.DOUBLE, False),
        (f"echo '{P('x')}'", "sq", B.DOUBLE, True),
        (f'echo "$(cat "{P("x")}")"', "normal", B.UNQUOTED, True),
        (f'echo "$(cat {P("x")})"', "dq", B.UNQUOTED, True),
        (f"echo $'it\\'s {P('x')}'", "normal", B.ANSI_C, False),
        (f"# it's\necho {P('x')}", "sq", B.SINGLE, False),
        (f'# say "hi\necho {P("x")}', "dq", B.UNQUOTED, True),
        (f"ls # {P('x')}\n", "normal", B.COMMENT, False),
        (f"cat <<'EOF'\n{P('x')}\nEOF\n", "normal", B.HEREDOC_QUOTED, False),
        (f"cat <<EOF\n{P('x')}\nEOF\n", "normal", B.HEREDOC_UNQUOTED, False),
        (f'echo "\\{P("x")}"', "dq", B.ESCAPED, False),
    ],
)
def test_quoting_classes(cmd, state, quoting, whole):
    a, r = one(cmd)
    assert r.state == state
    assert r.quoting == quoting
    assert r.whole_word == whole
    assert r.expands == (quoting in B.EXPANDING)
    assert cmd[r.template_start : r.template_end] == P("x")
    assert r.env_var == "__UTCP_ARG_0000000000000000_x"
    assert a.script[r.script_start : r.script_end] in (
        '"$' + r.env_var + '"',
        "${" + r.env_var + "}",
        "'\"$" + r.env_var + "\"'",
    )


def test_non_ascii_offsets_are_code_points():
    cmds = ["echo é😀", f"printf 'é😀 %s' {P('a')} && echo ü{P('b')}"]
    a = analyze_commands(cmds)
    assert [r.name for r in a.placeholders] == ["a", "b"]
    for r in a.placeholders:
        assert cmds[r.step][r.template_start : r.template_end] == P(r.name)
        assert r.command is not None and r.command.name in ("printf", "echo")
    printf = a.placeholders[0].command
    assert printf.words[1].value == "é😀 %s"
    assert a.script[printf.words[1].start : printf.words[1].end] == "'é😀 %s'"


def test_multi_step_mapping_and_to_template():
    cmds = ["echo one", f"grep -e {P('p')} -- file", f'echo "{P("q")}" {P("p")}']
    a = analyze_commands(cmds)
    assert [(r.step, r.name) for r in a.placeholders] == [(1, "p"), (2, "q"), (2, "p")]
    s0, _ = a.step_spans[2]
    # an offset after two emitted references maps back into the template text
    r = a.placeholders[2]
    assert a.to_template(2, r.script_end) == r.template_end
    assert a.to_template(2, s0) == 0


# ---------------------------------------------------------------------------
# simple-command model
# ---------------------------------------------------------------------------


def test_command_model_words_and_wrappers():
    a, r = one(f"A=1 sudo -u bob env B=2 timeout 5 git -C /repo log -- {P('path')} > out.txt")
    c = r.command
    assert c.kind == "command"
    assert c.name == "git" and c.wrappers == ("sudo", "env", "timeout")
    assert [w.value for w in c.words] == [
        "sudo",
        "-u",
        "bob",
        "env",
        "B=2",
        "timeout",
        "5",
        "git",
        "-C",
        "/repo",
        "log",
        "--",
        None,
    ]
    assert c.words[c.name_index].value == "git"
    assert c.dashdash == 11
    assert r.word_index == 12 and r.word is c.words[12]
    assert c.words[12].placeholder_ids == (0,)
    assert [w.text for w in c.assignments] == ["A=1"]
    assert [(x.op, x.target.value) for x in c.redirects] == [(">", "out.txt"), (">&", "1")]
    assert r.context == "argv" and r.whole_word


def test_words_after_a_redirection_are_arguments():
    a, r = one(f"ls 2>/dev/null -l {P('d')}")
    c = r.command
    assert [w.value for w in c.words] == ["ls", "-l", None]
    assert r.word_index == 2


def test_word_prefix_and_partial_words():
    a, r = one(f"dd if=/dev/zero of={P('o')} bs=1")
    w = r.word
    assert w.value is None and w.prefix == "of=" and not r.whole_word
    assert [s.kind for s in r.sinks] == [B.FILE_WRITE]


def test_commands_list_and_command_at():
    a = analyze_commands([f"echo a | grep {P('x')} && ls", "true"])
    names = [c.name for c in a.commands]
    assert names == ["echo", "grep", "ls", "true"]
    grep = a.commands[1]
    assert a.command_at(grep.words[1].start) is grep
    assert [c.name for c in grep.pipeline] == ["echo", "grep"]
    assert [c.name for c in a.commands_in_step(1)] == ["true"]


def test_heredoc_model():
    a = analyze_commands([f"cat <<-EOF | sh\n\techo {P('x')}\n\tEOF\n"])
    (h,) = a.heredocs
    assert h.delimiter == "EOF" and h.strip_tabs and not h.quoted and h.terminated and h.end_line_ok
    r = a.placeholders[0]
    assert r.heredoc is h and r.command.name == "cat"
    assert [s.kind for s in r.sinks] == [B.STDIN_CODE]


# ---------------------------------------------------------------------------
# contexts and sinks
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cmd,detail",
    [
        (f"echo $(( {P('n')} + 1 ))", B.ARITH_EXPANSION),
        (f"echo $[{P('n')}]", B.ARITH_EXPANSION),
        (f"(( {P('n')} ))", B.ARITH_COMMAND),
        (f"for ((i=0;i<{P('n')};i++)); do :; done", B.ARITH_FOR),
        (f"[[ {P('n')} -le 3 ]]", B.ARITH_TEST),
        (f"declare -i n={P('n')}", B.ARITH_DECLARE),
        (f"local -ri n={P('n')}", B.ARITH_DECLARE),
        (f"declare -i n; n={P('n')}", B.ARITH_INTVAR),
        (f"a[{P('n')}]=1", B.ARITH_SUBSCRIPT),
        (f'echo "${{a[{P("n")}]}}"', B.ARITH_SUBSCRIPT),
        (f"echo ${{s:{P('n')}}}", B.ARITH_SUBSTRING),
        (f'echo "${{s:1:{P("n")}}}"', B.ARITH_SUBSTRING),
        (f"let x={P('n')}", "let expression"),
    ],
)
def test_arithmetic_contexts(cmd, detail):
    a, r = one(cmd)
    assert r.arithmetic == detail or [s.detail for s in r.sinks] == [detail]
    assert [s.kind for s in r.sinks] == [B.ARITHMETIC]


@pytest.mark.parametrize(
    "cmd",
    [
        f"[ {P('n')} -eq 3 ]",  # test builtin: no arithmetic evaluation
        f"declare -A m; m[{P('n')}]=1",  # associative array key
        f"echo ${{s:-{P('n')}}}",  # default value, not an offset
        f"echo '$(( {P('n')} ))x'",
        f"[[ {P('n')} == 3 ]]",
    ],
)
def test_not_arithmetic(cmd):
    a, r = one(cmd)
    assert r.arithmetic is None and not r.sinks_of(B.ARITHMETIC)


@pytest.mark.parametrize(
    "cmd,kind,needle",
    [
        (f"eval echo {P('x')}", B.SHELL_CODE, "eval"),
        (f"bash -ec 'echo {P('x')}'", B.SHELL_CODE, "bash -c"),
        (f'nice -n 5 nohup sh -c "echo {P("x")}"', B.SHELL_CODE, "sh -c"),
        (f"su - app -c {P('x')}", B.SHELL_CODE, "su -c"),
        (f"ssh -p 22 -i key host ls {P('x')}", B.SHELL_CODE, "ssh"),
        (f"source {P('x')}", B.SHELL_CODE, "source"),
        (f"trap 'echo {P('x')}' INT", B.SHELL_CODE, "trap"),
        (f"find . -exec bash -c 'echo {P('x')}' \\;", B.SHELL_CODE, "find -exec"),
        (f"docker run --rm img sh -c 'ls {P('x')}'", B.SHELL_CODE, "docker"),
        (f"python3 -c 'print(\"{P('x')}\")'", B.INTERP_CODE, "python3 -c"),
        (f"perl -lane 'print if /{P('x')}/'", B.INTERP_CODE, "perl -e"),
        (f'node --eval "{P("x")}"', B.INTERP_CODE, "node --eval"),
        (f"gawk -F: '/{P('x')}/' f", B.INTERP_CODE, "gawk program"),
        (f"sed -n -e 's/a/{P('x')}/p' f", B.INTERP_CODE, "sed script"),
        (f'bash <<< "echo {P("x")}"', B.STDIN_CODE, "here-string read by bash"),
        (f"echo {P('x')} | tee log | sh", B.STDIN_CODE, "piped into sh"),
        (f"printf '%s\\n' {P('x')} | xargs -I% sh -c 'echo %'", B.STDIN_CODE, "xargs"),
        (f"{P('x')} --help", B.COMMAND_NAME, "command name"),
        (f"xargs {P('x')}", B.COMMAND_NAME, "command name"),
        (f"echo hi >> {P('x')}", B.FILE_WRITE, ">>"),
        (f"echo hi | tee -a {P('x')}", B.FILE_WRITE, "tee"),
        (f"curl -o {P('x')} https://e.x", B.FILE_WRITE, "curl -o"),
        (f"read -r {P('x')}", B.VARIABLE_NAME, "read"),
        (f"printf -v {P('x')} %s a", B.VARIABLE_NAME, "printf -v"),
        (f"[[ -v {P('x')} ]]", B.VARIABLE_NAME, "-v"),
        (f"declare {P('x')}=1", B.VARIABLE_NAME, "declare"),
    ],
)
def test_sinks(cmd, kind, needle):
    a, r = one(cmd)
    sinks = r.sinks_of(kind)
    assert sinks, (cmd, r.sinks)
    assert any(needle in s.detail for s in sinks), [s.detail for s in sinks]
    assert all(s.command is not None for s in sinks)


@pytest.mark.parametrize(
    "cmd",
    [
        f"sh -c 'echo \"$1\"' _ {P('x')}",
        f"bash -c 'printf %s \"$@\"' sh {P('x')}",
        f"python3 -c 'import sys; print(sys.argv[1])' {P('x')}",
        f"awk -v v={P('x')} 'BEGIN {{print v}}'",
        f"sed --sandbox 's/a/{P('x')}/'",
        f"echo {P('x')} | grep a",
        f"cat <<'EOF' | sh\n{P('x')}\nEOF\n",
        f"echo '{P('x')}' > /dev/null",
        f"command -v {P('x')}",
        f"export {P('x')}=1",
        f"git log --grep {P('x')}",
        f"echo sh -c {P('x')}",
        f"wc -l < {P('x')}",
    ],
)
def test_no_sinks(cmd):
    a, r = one(cmd)
    assert r.sinks == [], r.sinks


def test_sinks_only_for_expanding_references():
    a = analyze_commands([f'echo "$(( 1 ))" # eval {P("x")}\n'])
    (r,) = a.placeholders
    assert r.quoting == B.COMMENT and r.sinks == []


def test_outer_split_through_unquoted_substitution():
    a, r = one(f"ls $(basename {P('x')})")
    assert r.quoting == B.DOUBLE and r.nested and r.outer_split and not r.splits
    a, r = one(f'ls "$(basename {P("x")})"')
    assert r.nested and not r.outer_split


# ---------------------------------------------------------------------------
# variables and $CMD_N_OUTPUT
# ---------------------------------------------------------------------------


def test_variables_and_cmd_outputs():
    cmds = ["date", f"echo \"$CMD_0_OUTPUT\" ${{HOME}}/x '$USER' | sh; eval $CMD_0_OUTPUT {P('x')}"]
    a = analyze_commands(cmds)
    got = [(r.name, r.step, r.quoting, cmds[r.step][r.template_start : r.template_end]) for r in a.variables]
    assert got == [
        ("CMD_0_OUTPUT", 1, B.DOUBLE, "$CMD_0_OUTPUT"),
        ("HOME", 1, B.UNQUOTED, "${HOME}"),
        ("USER", 1, B.SINGLE, "$USER"),
        ("CMD_0_OUTPUT", 1, B.UNQUOTED, "$CMD_0_OUTPUT"),
    ]
    outs = a.cmd_outputs
    assert [r.cmd_output for r in outs] == [0, 0]
    assert [s.kind for s in outs[0].sinks] == [B.STDIN_CODE]
    assert [s.kind for s in outs[1].sinks] == [B.SHELL_CODE]


# ---------------------------------------------------------------------------
# breakages
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cmd,kind,text",
    [
        (f"ls {P('d')} # list it", "comment-swallows-suffix", "# list it"),
        (f"cat <<EOF\n{P('d')}\nEOF", "heredoc-terminator", "EOF"),
        (f"cat <<EOF\n{P('d')}\nEOF trailing\necho x", "heredoc-terminator-text", "EOF trailing"),
        (f"echo {P('d')})", "parse-error", ")"),
        (f"if true; then echo {P('d')}; fi; fi", "parse-error", "fi"),
        (f'echo "{P("d")}', "parse-error", None),
    ],
)
def test_breakages(cmd, kind, text):
    a = analyze_commands([cmd])
    kinds = [b.kind for b in a.breakages]
    assert kind in kinds, a.breakages
    b = next(b for b in a.breakages if b.kind == kind)
    if text is not None:
        assert cmd[b.template_start : b.template_end] == text
    assert b.step == 0 and b.message


@pytest.mark.parametrize(
    "cmd",
    [
        f"( cd /tmp && ls {P('d')} )",
        f"(( 1 )) && echo {P('d')}",
        f"echo {P('d')}; X=1",
        f"arr[{P('d')}]=1",
        f"s=abc; echo ${{s:{P('d')}:1}}",
        f"ls {P('d')} # ok\n",
        f"cat <<EOF\n{P('d')}\nEOF\n",
    ],
)
def test_no_breakage_for_valid_bash(cmd):
    a = analyze_commands([cmd])
    assert a.breakages == [] and a.parses, (a.breakages, a.parse_errors)


# ---------------------------------------------------------------------------
# one parse per template; lazy from the model
# ---------------------------------------------------------------------------


def test_one_parse_per_analysis(monkeypatch):
    parser = B.get_parser()
    calls = []

    class Counting:
        def parse(self, data):
            calls.append(len(data))
            return parser.parse(data)

    monkeypatch.setattr(B.script, "get_parser", lambda: Counting())  # where Script reads it
    a = analyze_commands([f"echo {P('a')}", f"ls {P('b')} | sh", "eval $CMD_0_OUTPUT"])
    _ = a.commands, a.variables, a.heredocs, a.breakages  # everything the rules read
    assert len(calls) == 1


def test_model_template_bash_is_lazy_and_cached(tmp_path):
    from utcp_lint.core.findings import SourceFile
    from utcp_lint.document.jsonpos import parse
    from utcp_lint.ruleset.context import DocumentContext

    doc = {
        "manual_version": "1",
        "utcp_version": "1.0.2",
        "tools": [
            {
                "name": "t",
                "inputs": {"type": "object", "properties": {"x": {"type": "string"}}},
                "tool_call_template": {"call_template_type": "cli", "commands": [{"command": f"echo $(( {P('x')} ))"}]},
            }
        ],
    }
    text = json.dumps(doc)
    ctx = DocumentContext(SourceFile("m.json", text), parse(text))
    (tpl,) = ctx.templates
    assert "bash" not in tpl.__dict__
    a = tpl.bash
    assert tpl.bash is a
    assert a.placeholders[0].sinks_of(B.ARITHMETIC)


def test_finding_points_at_the_placeholder_inside_escaped_json(tmp_path):
    from conftest import lint_json

    cmd = f'echo "é\\t" \n echo $(( {P("count")} + 1 ))'
    doc = {
        "manual_version": "1",
        "utcp_version": "1.0.2",
        "tools": [
            {
                "name": "t",
                "inputs": {"type": "object", "properties": {"count": {"type": "string"}}},
                "tool_call_template": {"call_template_type": "cli", "commands": [{"command": cmd}]},
            }
        ],
    }
    text = json.dumps(doc, ensure_ascii=True)  # é -> \u00e9, newline -> \n, quotes -> \"
    f = tmp_path / "m.json"
    f.write_text(text)
    _code, out = lint_json("--select", "UL101", f)
    (fd,) = out["findings"]
    start = text.index(P("count"))
    assert (fd["line"], fd["column"], fd["end_column"]) == (1, start + 1, start + 1 + len(P("count")))


# ---------------------------------------------------------------------------
# values kept in shell variables
# ---------------------------------------------------------------------------


def test_sinks_through_a_variable_assigned_from_a_placeholder():
    a = analyze_commands([f'n={P("n")}; echo $((n+1)); [[ $n -gt 2 ]]; a[n]=1; eval "$n"', "echo $((n))"])
    (r,) = a.placeholders
    assert r.tainted_name == "n"
    details = sorted(s.detail.split(" (value → ")[0] for s in r.sinks)
    assert details == sorted(
        [
            f"{B.ARITH_EXPANSION}, through variable n",
            f"{B.ARITH_TEST}, through $n",
            f"{B.ARITH_SUBSCRIPT}, through variable n",
            "eval, through $n",
        ]
    )
    # the chain names every hop, from the value to the sink
    assert all(s.detail.endswith(")") and "(value → n=… → " in s.detail for s in r.sinks)
    assert all(s.chain[0][1] == r.script_start and s.chain[1][0] == "n=…" for s in r.sinks)
    # the next step runs in another subshell: `n` there is not the value


def test_validation_before_use_stops_the_propagation():
    for check in (
        "case $n in ''|*[!0-9]*) exit 2;; esac",
        "[[ $n =~ ^[0-9]+$ ]] || exit 2",
        '[ "$n" -eq "$n" ] 2>/dev/null || exit 2',
    ):
        a, r = one(f"n={P('n')}; {check}; echo $(( n + 1 ))")
        assert r.sinks == [], (check, r.sinks)
    a, r = one(f"n={P('n')}; echo $(( n + 1 )); case $n in *) ;; esac")
    assert [s.kind for s in r.sinks] == [B.ARITHMETIC]


@pytest.mark.parametrize(
    ("command", "program", "values"),
    [
        ("cat UTCP_ARG_f_UTCP_END | diff a.txt -", "diff", ["diff", "a.txt", "-"]),
        ("tar -cf - UTCP_ARG_d_UTCP_END | gzip -c -", "gzip", ["gzip", "-c", "-"]),
        ("kubectl apply -f -", "kubectl", ["kubectl", "apply", "-f", "-"]),
        ("diff a.txt - 2>/dev/null; echo done", "diff", ["diff", "a.txt", "-"]),
    ],
)
def test_lone_dash_before_redirect_kept(command: str, program: str, values: list) -> None:
    """The runtime appends ` 2>&1` to every step; tree-sitter-bash drops a lone `-` word
    right before a numbered redirect, so the last operand `-` (stdin) must survive the parse."""
    cmds = [c for c in analyze_commands([command]).commands if c.name == program]
    assert [c.values for c in cmds] == [values]
