"""Shared generators and invariant checks for the fuzz and hardening tests.

(Named test_fuzz_*.py so it belongs to the hardening test files; it defines no
tests itself.)  The invariants are those of issue 7: no uncaught exception,
every finding's position inside the file with a sane span, one-line messages,
reports that can always be written as UTF-8.
"""

from __future__ import annotations

import json
import os

from hypothesis import strategies as st

from utcp_lint.core.findings import CONFIDENCES, SEVERITIES, FileError, Finding
from utcp_lint.document.jsonpos import LineIndex
from utcp_lint.engine import Linter, RunResult
from utcp_lint.reporters import ReportContext, render
from utcp_lint.ruleset.context import LintOptions
from utcp_lint.ruleset.rule import all_rules


def examples(n: int) -> int:
    """Modest example counts in the suite; UTCP_LINT_FUZZ_SCALE=20 for a deep run."""
    return max(1, int(n * float(os.environ.get("UTCP_LINT_FUZZ_SCALE", "1"))))


# ----------------------------------------------------------------------------
# Hostile text pieces
# ----------------------------------------------------------------------------

# Characters that break naive code: quotes, escapes, NUL, bidi controls, BOM,
# lone surrogates (only reachable through JSON \ud800 escapes), astral chars.
NASTY_CHARS = [
    '"',
    "'",
    "\\",
    "`",
    "$",
    "\x00",
    "\x1b",
    "\n",
    "\r",
    "\t",
    "\u202e",
    "\u2066",
    "\u200f",
    "\ufeff",
    "\ud800",
    "\udfff",
    "\U0001d11e",
    "é",
    "\u2028",
    "\u0085",
    "~",
    "/",
    "{",
    "}",
    "[",
    "]",
    "#",
    ";",
    "|",
    "&",
    "<",
    ">",
    "(",
    ")",
    "%",
    "-",
    " ",
]

# Bash fragments: the constructs the runtime's quote tracker misreads.
BASH_PIECES = [
    "echo ",
    "cat ",
    "ls -la ",
    "grep -r ",
    " -- ",
    "-",
    "--",
    '"',
    "'",
    "\\",
    "\\'",
    '\\"',
    "$(",
    ")",
    "`",
    "${",
    "}",
    "$((",
    "))",
    "[[ ",
    " -eq ",
    " ]]",
    "eval ",
    "bash -c ",
    "sh -c ",
    "python -c ",
    "awk '{print $1}' ",
    "sed -e ",
    "ssh host ",
    "xargs ",
    "find . -exec ",
    " {} \\;",
    "#",
    " # it's a comment",
    "<<EOF\n",
    "<<'EOF'\n",
    "<<-EOF\n",
    "\nEOF\n",
    "$'",
    "\\n",
    ";",
    " | ",
    " && ",
    " || ",
    " > ",
    " 2>&1",
    "&",
    "\n",
    " ",
    "\t",
    "$CMD_0_OUTPUT",
    "${CMD_1_OUTPUT}",
    "$HOME",
    "$@",
    "$1",
    "~",
    "*",
    "?",
    "!",
    "(",
    "((",
    "{a,b}",
    "$'\\x41'",
    "UTCP_ARG_x_UTCP_END",
    "UTCP_ARG_y_UTCP_END",
    "UTCP_ARG_long_name_1_UTCP_END",
    "UTCP_ARG_",
    "_UTCP_END",
    "UTCP_ARG_a_UTCP_END_UTCP_END",
    "UTCP_ARG__UTCP_END",
]

# PowerShell fragments: here-strings, backtick escapes, stop-parsing, iex.
PS_PIECES = [
    "Get-ChildItem ",
    "Write-Output ",
    "Invoke-Expression ",
    "iex ",
    "& ",
    "cmd /c ",
    "pwsh -c ",
    "$env:",
    "${env:PATH}",
    "$(",
    ")",
    "@(",
    "@{",
    "}",
    '"',
    "'",
    "''",
    '""',
    "`",
    "`n",
    '`"',
    "`$",
    '@"\n',
    '\n"@',
    "@'\n",
    "\n'@",
    "#",
    "<#",
    "#>",
    "--%",
    " -Path ",
    " -Command ",
    ";",
    " | ",
    "\n",
    " ",
    "$CMD_0_OUTPUT",
    "[scriptblock]::Create(",
    "\u2018",
    "\u2019",
    "\u201c",
    "\u201d",
    "UTCP_ARG_x_UTCP_END",
    "UTCP_ARG_y_UTCP_END",
    "Start-Process ",
    "-ArgumentList ",
]

pieces = st.sampled_from(BASH_PIECES + PS_PIECES + NASTY_CHARS)
command_text = st.lists(st.one_of(pieces, st.text(max_size=4)), max_size=25).map("".join)

PYTHON_PIECES = [
    "import subprocess\n",
    "import os\n",
    "from utcp_cli.cli_call_template import CliCallTemplate\n",
    "subprocess.run(",
    "subprocess.Popen(",
    "os.system(",
    "shell=True",
    ", ",
    ")",
    "(",
    "[",
    "]",
    "{",
    "}",
    "'",
    '"',
    '"""',
    "'''",
    "f'",
    "{x}",
    "\\",
    "\n",
    "    ",
    "def f(x):\n",
    "class A:\n",
    "CliCallTemplate(",
    "commands=[",
    '{"command": "echo UTCP_ARG_x_UTCP_END"}',
    "call_template_type='cli'",
    "# comment\n",
    "x = ",
    "lambda: ",
    "await ",
    "async def g():\n",
    "@decorator\n",
    "\x00",
    "\u202e",
    "\ud800",
    "é",
    "if True:\n",
    "else:\n",
    "return ",
    "yield ",
    "'cli'",
    "'echo $(rm -rf /)'",
]
python_text = st.lists(st.one_of(st.sampled_from(PYTHON_PIECES), st.text(max_size=3)), max_size=40).map("".join)

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(st.one_of(st.characters(), st.sampled_from(NASTY_CHARS)), max_size=12),
)
json_values = st.recursive(
    json_scalars,
    lambda kids: st.one_of(
        st.lists(kids, max_size=4),
        st.dictionaries(
            st.text(st.one_of(st.characters(), st.sampled_from(NASTY_CHARS)), max_size=6), kids, max_size=4
        ),
    ),
    max_leaves=25,
)


@st.composite
def dump_styles(draw):
    return {"ensure_ascii": draw(st.booleans()), "indent": draw(st.sampled_from([None, 0, 1, 2, "\t", "\r\n "]))}


@st.composite
def manuals(draw):
    """A UTCP manual dict with CLI tools whose commands are hostile fragments."""
    tools = []
    for ti in range(draw(st.integers(1, 3))):
        names = draw(st.lists(st.sampled_from(["x", "y", "long_name_1", "a", "é", "x y"]), max_size=3))
        props = {
            n: draw(
                st.sampled_from(
                    [
                        {"type": "string"},
                        {"type": "integer"},
                        {"type": "string", "enum": ["a"]},
                        {"type": "string", "pattern": "^[a-z]+$"},
                        {},
                        "bad",
                        None,
                    ]
                )
            )
            for n in names
        }
        steps = [{"command": draw(command_text)} for _ in range(draw(st.integers(0, 3)))]
        for s in steps:
            if draw(st.booleans()):
                s["append_to_final_output"] = draw(st.sampled_from([True, False, "yes", None]))
        tpl = {
            "call_template_type": draw(st.sampled_from(["cli", "cli", "cli", "http", 5])),
            "commands": steps if draw(st.integers(0, 9)) else draw(json_values),
        }
        if draw(st.booleans()):
            tpl["env_vars"] = draw(
                st.dictionaries(
                    st.sampled_from(["API_KEY", "PATH", "TOKEN", "X"]),
                    st.one_of(st.text(max_size=8), json_scalars),
                    max_size=3,
                )
            )
        if draw(st.booleans()):
            tpl["inherit_env_vars"] = draw(st.sampled_from([None, [], ["PATH"], ["AWS_SECRET_ACCESS_KEY"], "PATH"]))
        if draw(st.booleans()):
            tpl["working_dir"] = draw(st.sampled_from(["/tmp", "", "UTCP_ARG_x_UTCP_END", 3]))
        tool = {
            "name": draw(
                st.one_of(st.sampled_from([f"tool{ti}", "dup", "\ud800", "a\u202eb", "x\ny"]), st.text(max_size=5))
            ),
            "description": draw(st.text(max_size=10)),
            "inputs": {
                "type": "object",
                "properties": props,
                "required": draw(st.lists(st.sampled_from(names or ["x"]), max_size=2)),
            },
            "outputs": {"type": "string"},
            "tags": [],
            "tool_call_template": tpl,
        }
        if draw(st.integers(0, 9)) == 0:
            del tool[draw(st.sampled_from(["inputs", "tool_call_template", "name"]))]
        tools.append(tool)
    man = {
        "manual_version": "1.0.0",
        "utcp_version": draw(st.sampled_from(["1.0.2", "1.2.0", "0.1", 1])),
        "tools": tools,
    }
    if draw(st.integers(0, 9)) == 0:
        man[draw(st.sampled_from(["variables", "extra", "tools"]))] = draw(json_values)
    return man


@st.composite
def mutated(draw, base: str):
    """``base`` with a few random edits drawn from the hostile alphabet."""
    text = base
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            break
        pos = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["insert", "delete", "replace", "dup"]))
        piece = draw(
            st.one_of(
                st.sampled_from(
                    NASTY_CHARS + ["\\u", "\\ud800", "\\udc00", '\\"', "1e999", "-0", "00", ",", ":", "null", "tru"]
                ),
                st.text(max_size=3),
            )
        )
        if op == "insert":
            text = text[:pos] + piece + text[pos:]
        elif op == "delete":
            text = text[:pos] + text[pos + draw(st.integers(1, 5)) :]
        elif op == "replace":
            text = text[:pos] + piece + text[pos + len(piece) :]
        else:
            end = min(len(text), pos + draw(st.integers(1, 40)))
            text = text[:end] + text[pos:end] + text[end:]
    return text


# ----------------------------------------------------------------------------
# Invariants
# ----------------------------------------------------------------------------

ALL_SHELLS = ("auto", "bash", "powershell", "both")


def lint_text(text: str, shell: str = "auto", name: str = "fuzz.json", rules=None) -> RunResult:
    last = os.environ.get("UTCP_LINT_FUZZ_LAST")
    if last:  # keep the input a hard crash (segfault in a C extension) would lose
        with open(last, "w", encoding="utf-8", errors="surrogatepass") as fh:
            fh.write(json.dumps({"text": text, "shell": shell}))
    linter = Linter(rules=rules, options=LintOptions(shell=shell))
    result = RunResult()
    linter.lint_json_text(text, name, True, result)
    result.findings = linter.postprocess(result.findings)
    return result


def check_position(text: str, f: Finding) -> None:
    li = LineIndex(text)
    nlines = len(li.starts)
    assert 1 <= f.line <= f.end_line <= nlines, (f, nlines)
    for line, col in ((f.line, f.column), (f.end_line, f.end_column)):
        start = li.starts[line - 1]
        stop = li.starts[line] if line < nlines else len(text) + 1
        assert 1 <= col <= stop - start, (f, line, col, stop - start)
    assert (f.line, f.column) <= (f.end_line, f.end_column), f
    if f.start or f.end:
        assert 0 <= f.start <= f.end <= len(text), f
        assert li.position(f.start) == (f.line, f.column), f
        assert li.position(f.end) == (f.end_line, f.end_column), f


def check_result(text: str, result: RunResult, allow_internal: bool = False) -> None:
    """The invariants every lint of any input must satisfy."""
    for f in result.findings:
        assert isinstance(f, Finding)
        assert f.severity in SEVERITIES and f.confidence in CONFIDENCES, f
        assert f.rule and isinstance(f.message, str) and f.message, f
        check_position(text, f)
    for e in result.errors:
        assert isinstance(e, FileError)
        assert "\n" not in e.text() and "\r" not in e.text(), e
        if not allow_internal:
            assert "internal error" not in e.message, e.message
        if e.line is not None:
            assert 1 <= e.line <= text.count("\n") + 1, e
    check_reports(result)


def check_reports(result: RunResult) -> None:
    """Every reporter renders; the output is writable as UTF-8 and parseable."""
    ctx = ReportContext(rules=all_rules(), sources=result.sources)
    out = render("json", result, ctx)
    out.encode("utf-8")  # raises on a lone surrogate
    doc = json.loads(out)
    assert len(doc["findings"]) == len(result.findings)
    assert len(doc["errors"]) == len(result.errors)
    text = render("text", result, ctx)
    text.encode("utf-8")
    lines = text.split("\n")
    for f in result.findings:
        # one line per finding head: the head line starts at the column, never broken by the message
        assert any(ln.startswith(f"{f.path}:{f.line}:{f.column}: {f.rule} ") for ln in lines), f
    assert "\x1b" not in text  # no colour, no smuggled escape sequences
    for fmt in ("sarif", "github"):
        try:
            import importlib

            importlib.import_module(f"utcp_lint.reporters.{fmt}_report")
        except ImportError:
            continue
        other = render(fmt, result, ctx)
        other.encode("utf-8")
        if fmt == "sarif":
            json.loads(other)


def dumps(value, style=None) -> str:
    style = style or {}
    return json.dumps(value, **style)
