"""Differential test: utcp_lint.executor.render against the real utcp-cli 1.1.5.

Both sides get the same nonce; the runtime is made to believe it runs on
Windows (``os.name == 'nt'``) for the PowerShell comparison.  Script text, the
``__UTCP_ARG_*`` environment and the PowerShell ValueError message are
compared byte for byte.  Inputs: every CLI template under fixtures/ and
../shared/corpus (with hostile values and with no values), and hypothesis
generated templates (see MAX_TEMPLATES).
"""

from __future__ import annotations

import pytest
from executor_oracle import corpus_templates, runtime_build, runtime_env, runtime_parse
from hypothesis import HealthCheck, given, settings, strategies as st

from utcp_lint.executor.render import (
    DEFAULT_INHERITED_KEYS_UNIX,
    DEFAULT_INHERITED_KEYS_WINDOWS,
    PLACEHOLDER_RE,
    compose_env,
    parse_output,
    render,
)

MAX_TEMPLATES = 10_000  # hypothesis examples of generated templates (each: bash + PowerShell)

HOSTILE = [
    "'; touch /tmp/x #",
    '"; touch /tmp/x; "',
    "$(touch /tmp/x)",
    "`id`",
    "-rf",
    "a b *",
    "x\ny",
    "\x00",
    "\ud800",
    "${HOME}",
    "'\"'\"'",
]


def compare(commands, args):
    for shell in ("bash", "powershell"):
        ours = render(commands, args, shell=shell)
        theirs = runtime_build(commands, args, shell)
        if theirs[0] == "error":
            assert ours.error == theirs[1], (shell, commands)
            assert ours.script == "" and ours.env == {}
            # the error position names the offending placeholder
            cmd = commands[ours.error_step]
            cmd = cmd if isinstance(cmd, str) else cmd["command"]
            m = PLACEHOLDER_RE.match(cmd, ours.error_template_start)
            assert m is not None and m.end() == ours.error_template_end
            assert f"UTCP_ARG_{m.group(1)}_UTCP_END" in ours.error.splitlines()[0]
        else:
            assert ours.error is None, (shell, commands, ours.error)
            assert ours.script == theirs[1], (shell, commands)
            assert ours.env == theirs[2], (shell, commands)
            check_spans(ours, commands)


def check_spans(r, commands):
    """Spans point at the emitted references and at the placeholders."""
    cmds = [c if isinstance(c, str) else c["command"] for c in commands]
    assert len(r.step_spans) == len(cmds)
    for s in r.spans:
        assert cmds[s.step][s.template_start : s.template_end] == f"UTCP_ARG_{s.name}_UTCP_END"
        emitted = r.script[s.script_start : s.script_end]
        a, b = r.step_spans[s.step]
        assert a <= s.script_start <= s.script_end <= b
        if r.shell == "powershell":
            assert emitted == "${env:" + s.env_var + "}"
        else:
            assert (
                emitted
                == {"normal": f'"${s.env_var}"', "dq": "${" + s.env_var + "}", "sq": f"'\"${s.env_var}\"'"}[s.state]
            )
    for i, (a, _b) in enumerate(r.step_spans):
        line_start = r.script.rfind("\n", 0, a) + 1
        prefix = f"$CMD_{i}_OUTPUT = " if r.shell == "powershell" else f"CMD_{i}_OUTPUT=$("
        assert r.script[line_start:a] == prefix


CORPUS = corpus_templates()


def test_corpus_is_not_empty():
    # the fixtures and the shared corpus hold dozens of CLI templates; an empty
    # list would make the parametrised test below vacuous
    assert len(CORPUS) >= 20


@pytest.mark.parametrize("label,commands", CORPUS, ids=[c[0] for c in CORPUS])
def test_corpus_template_matches_runtime(label, commands):
    names = sorted({m.group(1) for c in commands for m in PLACEHOLDER_RE.finditer(c["command"])})
    compare(commands, {})
    for value in HOSTILE:
        compare(commands, {n: value for n in names})
    compare(commands, {n: v for n, v in zip(names, [1, True, None, 2.5, [1, "a"], {"k": "v"}] * 9)})


# ----------------------------------------------------------------------------
# generated templates
# ----------------------------------------------------------------------------

NAMES = ["a", "b", "x_1", "file", "A", "a_UTCP_END", "UTCP_ARG_a", "_", "9"]
FRAGMENTS = [
    "'",
    '"',
    "\\",
    "\\\\",
    "\\'",
    '\\"',
    "\\\n",
    "`",
    "``",
    "''",
    '""',
    "$",
    "$(",
    ")",
    "${",
    "}",
    "$((",
    "))",
    "$'",
    "#",
    " # it's ",
    "<<EOF\n",
    "<<'EOF'\n",
    "\nEOF\n",
    "\n",
    "\r\n",
    "\t",
    " ",
    ";",
    "|",
    "&&",
    "echo ",
    "grep -e ",
    "--",
    "-",
    "=",
    "a[",
    "]",
    "$CMD_0_OUTPUT",
    "UTCP_ARG_",
    "_UTCP_END",
    "UTCP_ARG_a",
    "utcp_arg_a_utcp_end",
    "é",
    "ß",
    "\u202e",
    "\U0001f600",
    "\ud800",
    "\udfff",
    "\x00",
    "\x7f",
    "`$",
    "`'",
    '`"',
    "'''",
    "@'\n",
    "\n'@",
    '@"\n',
    '\n"@',
]
placeholder = st.sampled_from(NAMES).map(lambda n: f"UTCP_ARG_{n}_UTCP_END")
piece = st.one_of(placeholder, placeholder, st.sampled_from(FRAGMENTS), st.sampled_from(FRAGMENTS), st.text(max_size=4))
command = st.lists(piece, max_size=14).map("".join)
step = st.one_of(
    command, st.fixed_dictionaries({"command": command, "append_to_final_output": st.sampled_from([None, True, False])})
)
value = st.one_of(
    st.text(max_size=6),
    st.integers(),
    st.booleans(),
    st.none(),
    st.lists(st.integers(), max_size=2),
    st.sampled_from(HOSTILE),
)
args = st.dictionaries(st.sampled_from(NAMES + ["unused"]), value, max_size=5)

GENERATED = {"count": 0}
# the 10,000 examples run as CHUNKS tests, so pytest-xdist spreads them over the workers
CHUNKS = 8


@settings(max_examples=MAX_TEMPLATES // CHUNKS, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(st.lists(step, min_size=1, max_size=3), args)
def _generated_templates_match_runtime(commands, tool_args):
    GENERATED["count"] += 1
    compare(commands, tool_args)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_generated_templates_match_runtime(chunk):
    before = GENERATED["count"]
    _generated_templates_match_runtime()
    # in the same test (and so the same xdist worker): hypothesis really produced the examples
    assert GENERATED["count"] - before >= MAX_TEMPLATES // CHUNKS * 0.95, GENERATED["count"] - before


# ----------------------------------------------------------------------------
# environment composition and output parsing
# ----------------------------------------------------------------------------

KEYS = list(DEFAULT_INHERITED_KEYS_UNIX[:4]) + list(DEFAULT_INHERITED_KEYS_WINDOWS[1:4]) + ["SECRET", "X"]
host_env = st.dictionaries(st.sampled_from(KEYS), st.text(max_size=3), max_size=8)


@settings(max_examples=500, deadline=None, database=None)
@given(
    st.one_of(st.none(), st.lists(st.sampled_from(KEYS), max_size=4)),
    st.one_of(st.none(), st.dictionaries(st.sampled_from(KEYS), st.text(max_size=3), max_size=3)),
    host_env,
    st.sampled_from(["posix", "nt"]),
)
def test_compose_env_matches_runtime(inherit, env_vars, host, os_name):
    assert compose_env(inherit, env_vars, host, os_name) == runtime_env(inherit, env_vars, host, os_name)


out_text = st.one_of(
    st.text(max_size=12),
    st.sampled_from(['{"a": 1}', "[1, 2]\n", "  {bad", "[", " \n", "NaN", '{"a": NaN}', "\u2003[1]\u2003", "\x1c{}"]),
)


@settings(max_examples=1000, deadline=None, database=None)
@given(out_text, out_text, st.sampled_from([0, 1, 2, 127, -9]), st.sampled_from(["posix", "nt"]))
def test_parse_output_matches_runtime(stdout, stderr, code, os_name):
    ours = parse_output(stdout, stderr, code, os_name=os_name)
    theirs = runtime_parse(stdout, stderr, code, os_name)
    assert type(ours) is type(theirs)
    assert repr(ours) == repr(theirs)  # repr: NaN != NaN
