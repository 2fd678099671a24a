#!/usr/bin/env python3
"""An adversarial fuzzer for utcp-lint: structure-aware, not random bytes.

``scripts/fuzz_million.py`` throws random pieces at each entry point; it never
put a list where a command string goes, a duplicate key inside a tool, or a
10,000-fold repetition of one construct.  This one does, as an attacker
would (issue 18):

* ``structure`` -- every realistic manual in ``fixtures/`` mutated at every
  node: each JSON type in each field, duplicate keys at every level (first
  and last value differ), lone-surrogate / control / bidi strings, huge
  numbers, deep nesting, and entries removed from lists (indexes shift);
* ``shell``     -- grammar-aware bash and PowerShell commands (quotes,
  nesting, heredocs, arithmetic, arrays, here-strings, stop-parsing) with
  placeholders in every position;
* ``placeholder`` -- placeholder text mutated: partial, nested, adjacent,
  case-changed, non-ASCII names, thousands in one command;
* ``python``    -- plugin sources: deep nesting, huge literals, odd
  encodings and coding cookies, BOMs, NUL bytes, f-string nesting;
* ``scale``     -- each hostile shape at two sizes: the time must grow at
  most about linearly (doubling the input may not more than ~2.8x the time).

Every case checks: no exception, no "internal error", exit code in
{0, 1, 2}, time under a bound proportional to size, and -- for the CLI runs
(``--cli``) -- that a clean file passed alongside is still reported.

Usage::

    python scripts/fuzz_adversarial.py                  # all generators, ~2 min
    python scripts/fuzz_adversarial.py --cases 20000 --seed 7 --jobs 2
    python scripts/fuzz_adversarial.py --only structure --out fuzz-failures

Every failure is written to ``--out`` as a file that reproduces it with
``utcp-lint --no-config --no-cache FILE``; move it to ``fixtures/robustness/``
to keep it as a regression case.  Exit 1 if anything failed.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"

# ----------------------------------------------------------------------------
# values an attacker puts anywhere
# ----------------------------------------------------------------------------

HOSTILE_STRINGS = [
    "",
    " ",
    "\ud800",
    "\udfff",
    "a\ud800b",
    "\ud83d",
    "\x00",
    "\x1b[31m",
    "\u202e",
    "\u2066x\u2069",
    "\ufeff",
    "\u2028",
    "\n",
    "UTCP_ARG_x_UTCP_END",
    "UTCP_ARG_\ud800_UTCP_END",
    "$(id)",
    "`id`",
    "'",
    '"',
    "\\",
    "-" * 3,
    "x" * 300,
    "é\U0001d11e",
]
TYPE_VALUES = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    10**30,
    1e308,
    "",
    "s",
    "\ud800",
    [],
    [None],
    ["x"],
    [["x"]],
    {},
    {"a": 1},
    {"command": "x"},
    [{"command": "echo UTCP_ARG_x_UTCP_END"}],
]


def _paths(v, path=()):
    """Every (path, value) in a JSON value, the root included."""
    yield path, v
    if isinstance(v, dict):
        for k, c in v.items():
            yield from _paths(c, path + (k,))
    elif isinstance(v, list):
        for i, c in enumerate(v):
            yield from _paths(c, path + (i,))


def _set(root, path, value):
    if not path:
        return value
    root = copy.deepcopy(root)
    cur = root
    for p in path[:-1]:
        cur = cur[p]
    cur[path[-1]] = value
    return root


def _delete(root, path):
    root = copy.deepcopy(root)
    cur = root
    for p in path[:-1]:
        cur = cur[p]
    del cur[path[-1]]
    return root


def dumps_dup(v, dup_path, extra_key, extra_value) -> str:
    """JSON text of ``v`` where the object at ``dup_path`` gets ``extra_key``
    written twice: ``extra_value`` first, the real value last (last wins)."""

    def enc(x, path):
        if isinstance(x, dict):
            parts = []
            for k, c in x.items():
                if path == dup_path and k == extra_key:
                    parts.append(json.dumps(k) + ":" + json.dumps(extra_value))
                parts.append(json.dumps(k) + ":" + enc(c, path + (k,)))
            if path == dup_path and extra_key not in x:
                parts.append(json.dumps(extra_key) + ":" + json.dumps(extra_value))
                parts.append(json.dumps(extra_key) + ":" + json.dumps(extra_value))
            return "{" + ",".join(parts) + "}"
        if isinstance(x, list):
            return "[" + ",".join(enc(c, path + (i,)) for i, c in enumerate(x)) + "]"
        return json.dumps(x)

    return enc(v, ())


def seed_documents() -> list[tuple[str, object]]:
    """Realistic manuals, configs and templates: every JSON fixture that loads."""
    out = []
    for p in sorted(FIXTURES.rglob("*.json")):
        if "robustness" in p.parts:
            continue
        try:
            out.append((str(p.relative_to(ROOT)), json.loads(p.read_text(encoding="utf-8"))))
        except (ValueError, UnicodeDecodeError):
            continue
    return out


def gen_structure(rng: random.Random) -> Iterator[tuple[str, str]]:
    """(label, JSON text): one node of one seed document mutated."""
    seeds = seed_documents()
    while True:
        name, doc = rng.choice(seeds)
        paths = list(_paths(doc))
        path, val = rng.choice(paths)
        op = rng.randrange(7)
        label = f"{name} {'/'.join(map(str, path))}"
        if op <= 1:
            new = rng.choice(TYPE_VALUES)
            yield f"{label} := {new!r}"[:300], json.dumps(_set(doc, path, new))
        elif op == 2:
            new = rng.choice(HOSTILE_STRINGS)
            if isinstance(val, str):
                i = rng.randrange(len(val) + 1)
                new = val[:i] + new + val[i:]
            yield f"{label} := {new!r}"[:300], json.dumps(_set(doc, path, new))
        elif op == 3 and isinstance(val, dict) and val:
            key = rng.choice(list(val))
            other = rng.choice(TYPE_VALUES + [v for _, v in rng.sample(paths, min(3, len(paths)))])
            yield f"{label} dup {key!r}", dumps_dup(doc, path, key, other)
        elif op == 3 and isinstance(val, dict):
            yield f"{label} dup new", dumps_dup(doc, path, "command", "echo UTCP_ARG_q_UTCP_END")
        elif op == 4 and path:
            yield f"{label} deleted", json.dumps(_delete(doc, path))
        elif op == 5 and isinstance(val, list):
            # insert junk at the front: every later index shifts
            junk = rng.choice(TYPE_VALUES)
            yield f"{label} insert {junk!r}"[:300], json.dumps(_set(doc, path, [junk] + val))
        elif op == 6:
            depth = rng.choice([10, 200, 990, 1001])
            opens = "".join(rng.choice(["[", '{"a":']) for _ in range(depth))
            closes = "".join("]" if o == "[" else "}" for o in reversed(opens.replace('{"a":', "{")))
            text = json.dumps(_set(doc, path, "\x00NEST\x00"))
            yield f"{label} nested {depth}", text.replace('"\\u0000NEST\\u0000"', opens + json.dumps(val) + closes)
        else:
            yield f"{label} := {10**4000}", json.dumps(_set(doc, path, 10**4000))


# ----------------------------------------------------------------------------
# shell grammar
# ----------------------------------------------------------------------------

PH = ["UTCP_ARG_x_UTCP_END", "UTCP_ARG_y_UTCP_END", "UTCP_ARG_long_name_2_UTCP_END"]
WORDS = [
    "echo",
    "git",
    "curl",
    "jq",
    "docker",
    "kubectl",
    "find",
    "awk",
    "python3",
    "node",
    "perl",
    "sed",
    "xargs",
    "bash",
    "sh",
    "eval",
    "printf",
    "cat",
    "tar",
    "ssh",
    "env",
    "timeout",
]


def _bash(rng: random.Random, depth: int = 0) -> str:
    """A random bash fragment from a small grammar (quotes nest properly or,
    one time in eight, are left open on purpose)."""

    def atom():
        r = rng.randrange(16)
        if r < 4:
            return rng.choice(PH)
        if r < 7:
            return rng.choice(WORDS + ["-v", "--", "-o", "--output=", "./f", "*", "~", "{a,b}", "x=1"])
        if r == 7:
            return "$" + rng.choice(
                ["x", "1", "@", "?", "{x}", "{x:-d}", "{x//a/b}", "{#x}", "{arr[@]}", "CMD_0_OUTPUT", "{CMD_1_OUTPUT}"]
            )
        if r == 8:
            return "$'" + rng.choice(["\\x41", "\\'", "a\\nb", "UTCP_ARG_x_UTCP_END"]) + "'"
        if r == 9:
            return "\\" + rng.choice("\"'$`\\ n")
        if r == 10:
            return "$((" + rng.choice(["1+2", "UTCP_ARG_x_UTCP_END", "a[UTCP_ARG_y_UTCP_END]", "x++"]) + "))"
        if r == 11:
            return "arr=(" + " ".join(rng.choice(PH + ["a", "'b c'"]) for _ in range(rng.randrange(4))) + ")"
        if r == 12:
            return rng.choice(["2>&1", ">/dev/null", "<in", ">>out", "<<<w", "&>f"])
        if r == 13:
            return rng.choice(["#", "# it's", "#UTCP_ARG_x_UTCP_END"])
        if r == 14:
            return "\t"
        return rng.choice(["!", "&", ";", "|", "(", ")", "{", "}", "[[", "]]", "((", "))", "'", '"', "`"])

    def word():
        if depth >= 2 or rng.random() < 0.5:
            return atom()
        r = rng.randrange(10)
        if r == 0:
            return '"' + " ".join(word_inner() for _ in range(rng.randrange(3))) + '"'
        if r == 1:
            return "'" + " ".join(atom() for _ in range(rng.randrange(3))).replace("'", "") + "'"
        if r == 2:
            return "$(" + _bash(rng, depth + 1) + ")"
        if r == 3:
            return "`" + _bash(rng, depth + 1).replace("`", "") + "`"
        if r == 4:
            return "<(" + _bash(rng, depth + 1) + ")"
        return atom()

    def word_inner():
        if depth >= 2:
            return atom()
        return rng.choice([atom(), "$(" + _bash(rng, depth + 1) + ")", '\\"', "${x:-" + rng.choice(PH) + "}"])

    def simple():
        return " ".join(word() for _ in range(rng.randrange(1, 6 if depth == 0 else 3)))

    def compound():
        r = rng.randrange(12)
        if r == 0:
            tag = rng.choice(["EOF", "'EOF'", '"EOF"', "-EOF", "UTCP_ARG_x_UTCP_END"])
            body = "\n".join(simple() for _ in range(rng.randrange(3)))
            end = tag.strip("'\"-") if rng.random() < 0.85 else "EOX"
            return f"cat <<{tag}\n{body}\n{end}"
        if r == 1:
            return f"if {simple()}; then {simple()}; else {simple()}; fi"
        if r == 2:
            return f"for i in {simple()}; do {simple()}; done"
        if r == 3:
            return f"case {word()} in a|b) {simple()};; *) {simple()};; esac"
        if r == 4:
            return f"f() {{ {simple()}; }}; f {word()}"
        if r == 5:
            return f"while {simple()}; do {simple()}; done"
        if r == 6:
            return f"[[ {word()} == {word()} ]] && {simple()}"
        if r == 7:
            return f"(( {rng.choice(PH)} > 1 )) || {simple()}"
        return simple()

    sep = [" | ", " && ", " || ", "; ", "\n", " & ", " |& "]
    n = rng.randrange(1, 4) if depth == 0 else 1
    return "".join(compound() + rng.choice(sep) for _ in range(n)).rstrip("|&; \n")


PS_ATOMS = [
    "Get-ChildItem",
    "Write-Output",
    "Invoke-Expression",
    "iex",
    "&",
    "cmd /c",
    "pwsh -c",
    "Start-Process",
    "-ArgumentList",
    "-Path",
    "$env:PATH",
    "${env:HOME}",
    "$x",
    "$CMD_0_OUTPUT",
    "@()",
    "@{a=1}",
    "--%",
    "[scriptblock]::Create(",
    ")",
    "|",
    ";",
    "`n",
    '`"',
    "`$",
    "#",
    "<#",
    "#>",
    "\u2018",
    "\u201c",
    "\u201d",
    "\u2019",
    "2>&1",
    ">out.txt",
]


def _ps(rng: random.Random, depth: int = 0) -> str:
    def word():
        r = rng.randrange(10)
        if r < 3:
            return rng.choice(PH)
        if r == 3:
            return "'" + rng.choice(PH + ["a b", "it''s"]) + "'"
        if r == 4:
            return '"' + rng.choice(PH + ["$x", "$(" + (_ps(rng, depth + 1) if depth < 3 else "1") + ")", '`"']) + '"'
        if r == 5:
            return '@"\n' + rng.choice(PH) + '\n"@'
        if r == 6:
            return "@'\n" + rng.choice(PH) + "\n'@"
        if r == 7 and depth < 3:
            return "{ " + _ps(rng, depth + 1) + " }"
        return rng.choice(PS_ATOMS)

    return rng.choice([" | ", "; ", "\n"]).join(
        " ".join(word() for _ in range(rng.randrange(1, 5))) for _ in range(rng.randrange(1, 4))
    )


def manual_with(commands: list[str], props=("x", "y", "long_name_2")) -> dict:
    return {
        "utcp_version": "1.0.1",
        "manual_version": "1.0.0",
        "tools": [
            {
                "name": "t",
                "description": "d",
                "inputs": {
                    "type": "object",
                    "properties": {p: {"type": "string"} for p in props},
                    "required": list(props),
                },
                "tool_call_template": {
                    "call_template_type": "cli",
                    "name": "t",
                    "commands": [{"command": c} for c in commands],
                },
            }
        ],
    }


def gen_shell(rng: random.Random) -> Iterator[tuple[str, str, str]]:
    """(label, JSON text, shell)"""
    while True:
        if rng.random() < 0.7:
            cmds = [_bash(rng) for _ in range(rng.randrange(1, 3))]
            yield "bash", json.dumps(manual_with(cmds)), "bash"
        else:
            cmds = [_ps(rng) for _ in range(rng.randrange(1, 3))]
            yield "powershell", json.dumps(manual_with(cmds)), "powershell"


def gen_placeholder(rng: random.Random) -> Iterator[tuple[str, str, str]]:
    parts = [
        "UTCP_ARG_",
        "_UTCP_END",
        "x",
        "y",
        "UTCP_ARG_x_UTCP_END",
        "utcp_arg_x_utcp_end",
        "UTCP_ARG_é_UTCP_END",
        "UTCP_ARG_x_UTCP_END_UTCP_END",
        "UTCP_ARG_UTCP_ARG_x_UTCP_END_UTCP_END",
        "UTCP_ARG__UTCP_END",
        "UTCP_ARG_a-b_UTCP_END",
        "UTCP_ARG_x",
        "\\",
        "'",
        '"',
        " ",
        "$",
        "_",
        "UTCP_ARG_\ud800_UTCP_END",
    ]
    while True:
        n = rng.choice([1, 5, 30, 300])
        cmd = "echo " + "".join(rng.choice(parts) for _ in range(n))
        shell = rng.choice(["bash", "powershell"])
        yield f"placeholders x{n}", json.dumps(manual_with([cmd])), shell


# ----------------------------------------------------------------------------
# Python sources (bytes: encodings and cookies are part of the attack)
# ----------------------------------------------------------------------------

PY_HEAD = [
    "",
    "# -*- coding: latin-1 -*-\n",
    "# coding=utf-8\n",
    "#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\n",
    "# coding: unicode_escape\n",
    "# coding: raw_unicode_escape\n",
    "# coding: utf-7\n",
    "# coding: nonexistent\n",
    "# coding: utf-16\n",
    "\ufeff",
    "\ufeff# coding: latin-1\n",
    "# coding: rot13\n",
    "# coding: hex\n",
    "# coding: utf_8_sig\n",
    "\n\n# coding: latin-1\n",
]
PY_BODY = [
    "import subprocess\nsubprocess.run(x, shell=True)\n",
    "from utcp_cli.cli_call_template import CliCallTemplate\nT = CliCallTemplate(name='t', commands=[{'command': 'echo UTCP_ARG_x_UTCP_END'}])\n",
    "import os\n# \\x0aos.system(cmd)\n",
    "s = 'caf\xe9'\n",
    "x = " + "(" * 90 + "1" + ")" * 90 + "\n",
    "x = [" + ",".join(["1"] * 5000) + "]\n",
    "s = '" + "a" * 100000 + "'\n",
    "\x00\n",
    "f'{x!r:{y}}' f'{f\"{z}\"}'\n",
    "def f(\n",
    "x = 1 if y else \\\n",
    "\u202e = 1\n",
]


def gen_python(rng: random.Random) -> Iterator[tuple[str, bytes]]:
    while True:
        head = rng.choice(PY_HEAD)
        body = "".join(rng.choice(PY_BODY) for _ in range(rng.randrange(1, 4)))
        enc = rng.choice(["utf-8", "latin-1", "utf-8-bom", "raw"])
        text = head + body
        if enc == "utf-8-bom":
            data = b"\xef\xbb\xbf" + text.encode("utf-8", "surrogatepass")
        elif enc == "latin-1":
            data = text.encode("latin-1", "replace")
        else:
            data = text.encode("utf-8", "surrogatepass")
        yield f"python {head.strip()!r} {enc}", data


# ----------------------------------------------------------------------------
# scale: the same shape at two sizes
# ----------------------------------------------------------------------------


def _tools_null(n):
    return json.dumps({"utcp_version": "1.0.1", "manual_version": "1", "tools": [None] * n})


SCALE_SHAPES = {
    # name: (builder(n) -> (text, shell, kind), base n)
    "tools_null": (lambda n: (_tools_null(n), "bash", "json"), 4000),
    "placeholder_run": (lambda n: (json.dumps(manual_with(["echo " + "UTCP_ARG_x" * n])), "bash", "json"), 800),
    "ps_mixed_quotes": (
        lambda n: (
            json.dumps(
                manual_with(
                    [
                        "Write-Output "
                        + " ".join(
                            ["'UTCP_ARG_x_UTCP_END'", '"UTCP_ARG_y_UTCP_END"', "UTCP_ARG_x_UTCP_END", "`'"][i % 4]
                            for i in range(n)
                        )
                    ]
                )
            ),
            "powershell",
            "json",
        ),
        200,
    ),
    "ps_single_quoted": (
        lambda n: (json.dumps(manual_with(["echo " + "'UTCP_ARG_x_UTCP_END' " * n])), "powershell", "json"),
        1000,
    ),
    "ps_pipeline": (
        lambda n: (
            json.dumps(manual_with([" | ".join(["Write-Output UTCP_ARG_x_UTCP_END"] * n)])),
            "powershell",
            "json",
        ),
        250,
    ),
    "python_fstring": (
        lambda n: ("import subprocess\nsubprocess.run(" + 'f"{x}"' * n + ", shell=True)\n", "bash", "python"),
        20000,
    ),
    "python_nested_calls": (
        lambda n: ("import subprocess\n" + "subprocess.run(x, shell=True)\n" * n, "bash", "python"),
        500,
    ),
    "duplicate_keys": (
        lambda n: (
            '{"utcp_version":"1.0.1","manual_version":"1","tools":[{"name":"t",'
            + '"description":"d",' * n
            + '"inputs":{},"tool_call_template":'
            '{"call_template_type":"cli","commands":[{"command":"echo hi"}]}}]}',
            "bash",
            "json",
        ),
        2000,
    ),
    "many_tools_findings": (
        lambda n: (
            json.dumps(
                {
                    "utcp_version": "1.0.1",
                    "manual_version": "1",
                    "tools": [
                        {
                            "name": f"t{i}",
                            "inputs": {},
                            "tool_call_template": {"call_template_type": "cli", "name": "c", "commands": [{"cmd": 1}]},
                        }
                        for i in range(n)
                    ],
                }
            ),
            "bash",
            "json",
        ),
        300,
    ),
}

# Shapes that are super-linear inside the bash engine (linter/template/bash.py,
# owned by issue 11): measured and printed by this script, not asserted by the
# test suite until that engine is fixed.
BASH_ENGINE_SHAPES = {
    "placeholder_adjacent": (
        lambda n: (json.dumps(manual_with(["echo " + "UTCP_ARG_x_UTCP_END" * n])), "bash", "json"),
        400,
    ),
    "dollar_run": (lambda n: (json.dumps(manual_with(["echo " + "$a" * n])), "bash", "json"), 1000),
    "bash_pipeline": (
        lambda n: (json.dumps(manual_with([" | ".join(["cat UTCP_ARG_x_UTCP_END"] * n)])), "bash", "json"),
        300,
    ),
}


# One-MiB commands (docs/limits.md promises a 1 MiB command is linted):
# ``--only mib`` times each; the bound is the per-case bound of the fuzzer.
MIB_UNITS = [
    "a ",
    "'a' ",
    '"a" ',
    "$a ",
    "${a} ",
    "$(a) ",
    "`a` ",
    "\\a ",
    "UTCP_ARG_x_UTCP_END ",
    "'UTCP_ARG_x_UTCP_END' ",
    '"UTCP_ARG_x_UTCP_END" ',
    "a | ",
    "a; ",
    "a && ",
    "# a\n",
    "a\n",
    "$((1)) ",
    "{a,b} ",
    "<<E\nx\nE\n",
    "UTCP_ARG_x",
    "UTCP_ARG_",
    "_UTCP_END",
    "(",
    ")",
    "{ ",
    "[",
    "'",
    '"',
    "`",
    "$'a' ",
    "-a ",
    "--a=UTCP_ARG_x_UTCP_END ",
    "x=UTCP_ARG_x_UTCP_END ",
    "é",
    "\u202e",
    "\t",
]


def gen_mib(rng: random.Random) -> Iterator[tuple[str, str, str]]:
    for unit in MIB_UNITS:
        for shell in ("bash", "powershell"):
            cmd = "echo " + unit * ((1 << 20) // len(unit))
            yield f"1 MiB of {unit!r} ({shell})", json.dumps(manual_with([cmd])), shell


# ----------------------------------------------------------------------------
# running one case
# ----------------------------------------------------------------------------


def _linter(shell: str):
    sys.path.insert(0, str(ROOT))
    from utcp_lint.engine import Linter
    from utcp_lint.ruleset.context import LintOptions

    linter = Linter(options=LintOptions(shell=shell))
    linter.use_cache = False
    return linter


_LINTERS: dict = {}


class CaseTimeout(BaseException):
    """Raised by the watchdog inside a case that runs far over its bound (a
    BaseException: the engine's per-rule containment must not swallow it)."""


class watchdog:
    """Abort the case after ``seconds`` (SIGALRM; main thread on POSIX only)."""

    def __init__(self, seconds: float):
        self.seconds = seconds

    def __enter__(self):
        import signal

        self.ok = hasattr(signal, "setitimer")
        if self.ok:

            def fire(*_):
                raise CaseTimeout()

            self.old = signal.signal(signal.SIGALRM, fire)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def __exit__(self, *exc):
        import signal

        if self.ok:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old)
        return False


def run_json(text: str, shell: str = "bash"):
    """Lint one JSON text in process; (result, CPU seconds of this process: a neighbour
    process taking the CPU does not count, tests/test_robustness.py)."""
    from utcp_lint.engine import RunResult

    linter = _LINTERS.get(shell) or _LINTERS.setdefault(shell, _linter(shell))
    result = RunResult()
    t0 = time.process_time()
    linter.lint_json_text(text, "case.json", True, result)
    return result, time.process_time() - t0


def run_python(data: bytes, tmpdir: str):
    from utcp_lint.engine import RunResult, Target

    linter = _LINTERS.get("bash") or _LINTERS.setdefault("bash", _linter("bash"))
    p = os.path.join(tmpdir, "plugin.py")
    with open(p, "wb") as f:
        f.write(data)
    result = RunResult()
    t0 = time.process_time()
    linter.lint_target(Target(p, "plugin.py", True), result)
    return result, time.process_time() - t0


# A case may take at most BASE + PER_KB * size: generous for a slow shared CI
# machine, far below what a super-linear input costs (minutes).
TIME_BASE = 5.0
TIME_PER_KB = 0.05


def problems(result, seconds: float, size: int) -> list[str]:
    from utcp_lint.engine import exit_code

    out = []
    for e in result.errors:
        if "internal error" in e.message or "please report" in e.message:
            out.append(f"internal error: {e.message}")
        if "\n" in e.text():
            out.append(f"multi-line error: {e.text()!r}")
    if exit_code(result) not in (0, 1, 2):
        out.append("bad exit code")
    bound = TIME_BASE + TIME_PER_KB * size / 1024
    if seconds > bound:
        out.append(f"too slow: {seconds:.1f} s for {size} bytes (bound {bound:.1f} s)")
    return out


def scale_ratio(name: str, factor: int = 2) -> tuple[float, float, float]:
    """(time at n, time at factor*n, ratio) for one SCALE_SHAPES shape; best of 2."""
    build, n = SCALE_SHAPES[name] if name in SCALE_SHAPES else BASH_ENGINE_SHAPES[name]
    tmp = tempfile.mkdtemp()

    def once(k):
        text, shell, kind = build(k)
        best = None
        for _ in range(2):
            if kind == "python":
                r, t = run_python(text.encode(), tmp)
            else:
                r, t = run_json(text, shell)
            bad = [p for p in problems(r, 0, len(text)) if not p.startswith("too slow")]
            assert not bad, (name, k, bad)
            best = t if best is None else min(best, t)
        return best

    once(max(1, n // 8))  # warm imports and caches
    a = once(n)
    b = once(n * factor)
    return a, b, b / max(a, 1e-4)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=int, default=3000, help="cases per generator (default 3000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", action="append", choices=["structure", "shell", "placeholder", "python", "scale", "mib"])
    ap.add_argument("--out", default="fuzz-failures")
    ap.add_argument("--shell", choices=["bash", "powershell"], help="mib: only this shell")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per case")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    which = args.only or ["structure", "shell", "placeholder", "python", "scale"]
    rng = random.Random(args.seed)
    failures = []
    total = 0
    t_start = time.perf_counter()
    tmp = tempfile.mkdtemp()
    for gname in which:
        t0 = time.perf_counter()
        n = 0
        if gname == "scale":
            for shape in list(SCALE_SHAPES) + list(BASH_ENGINE_SHAPES):
                a, b, ratio = scale_ratio(shape)
                n += 1
                owner = " (bash engine, issue 11)" if shape in BASH_ENGINE_SHAPES else ""
                line = f"scale {shape}{owner}: {a:.3f} s -> {b:.3f} s at 2x (ratio {ratio:.2f})"
                print(line)
                if ratio > 2.8 and b > 0.05:
                    failures.append((f"scale {shape}", line, None, "json"))
        else:
            gen = {
                "structure": gen_structure,
                "shell": gen_shell,
                "placeholder": gen_placeholder,
                "python": gen_python,
                "mib": gen_mib,
            }[gname](rng)
            for _ in range(args.cases):
                case = next(gen, None)
                if case is None:
                    break
                if args.shell and len(case) > 2 and case[2] != args.shell:
                    continue
                payload = case[1]
                size = len(payload)
                kind = "py" if gname == "python" else "json"
                t_case = time.perf_counter()
                try:
                    with watchdog(3 * (TIME_BASE + TIME_PER_KB * size / 1024)):
                        if gname == "python":
                            result, secs = run_python(payload, tmp)
                        else:
                            result, secs = run_json(payload, case[2] if len(case) > 2 else "bash")
                    bad = problems(result, secs, size)
                except CaseTimeout:
                    bad = [f"too slow: aborted after {time.perf_counter() - t_case:.0f} s ({size} bytes)"]
                except Exception as e:  # an exception escaping the engine is a failure too
                    bad = [f"exception {type(e).__name__}: {e}"[:300]]
                label = case[0]
                n += 1
                if args.verbose:
                    print(
                        f"  {time.perf_counter() - t_case:7.2f} s  {label[:100]!s}  {'; '.join(bad)[:200]}", flush=True
                    )
                if bad:
                    failures.append((label, "; ".join(bad), payload, kind))
        dt = time.perf_counter() - t0
        total += n
        print(f"{gname}: {n} cases in {dt:.1f} s ({n / max(dt, 1e-9):.0f} cases/s)")
    dt = time.perf_counter() - t_start
    print(f"total: {total} cases in {dt:.1f} s ({total / max(dt, 1e-9):.0f} cases/s), {len(failures)} failures")
    if failures:
        os.makedirs(args.out, exist_ok=True)
        seen = set()
        for i, (label, why, payload, kind) in enumerate(failures):
            key = why.split(" at ")[0][:120]
            if key in seen:
                continue
            seen.add(key)
            print(f"FAIL {label}: {why}")
            if payload is not None:
                p = os.path.join(args.out, f"case{i}.{kind}")
                with open(p, "wb") as f:
                    f.write(payload if isinstance(payload, bytes) else payload.encode("utf-8", "surrogatepass"))
                print(f"  reproduce: utcp-lint --no-config --no-cache {p}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
