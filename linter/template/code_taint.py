"""Program text that hands its own arguments to a shell or to ``eval`` (issue 23, item 1).

``python3 -c 'import os, sys; os.system("ls -l " + sys.argv[1])' VALUE`` passes VALUE as
an argument, the shape the linter recommends, but the program then runs it as a shell
command line: ``VALUE='x; touch CANARY'`` runs touch (measured).  This module reads a
static program text (Python's ``-c``, node's ``-e``) for calls that run a string
(Python: ``os.system``, ``os.popen``, ``subprocess.*(…, shell=True)``,
``subprocess.getoutput``, ``eval``/``exec`` — Python library reference, "os",
"subprocess": "If shell is True, the specified command will be executed through the
shell"; node: ``child_process.exec``/``execSync`` "spawns a shell then executes the
command within that shell", ``eval``) and says which of the program's arguments reach
them, directly or through assignments.  A list argument without ``shell=True``
(``subprocess.run(["ls", sys.argv[1]])``, ``execFileSync("ls", [process.argv[1]])``)
runs no shell: no fact.
"""

from __future__ import annotations

import re
from typing import NamedTuple


class Lang(NamedTuple):
    needles: tuple  # cheap precondition: the text holds one of these
    sinks: re.Pattern  # a call whose first argument runs; group "fn" names it
    shell_when: re.Pattern | None  # for these sinks, only with this in the call (shell=True)
    conditional: re.Pattern  # the sinks that need shell_when
    code_sinks: frozenset  # sinks whose argument becomes program text (eval), not shell text
    argv: re.Pattern  # an argument reference; group "n" the index (None: all arguments)
    first: int  # the index of the first argument after the program text


_PY_STRING = re.compile(r"""(?<![A-Za-z0-9_])[rRbBuU]?("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')""")
_QUOTE_CALL = re.compile(r"\b(?:shlex|pipes)\.quote\s*\(|\bquote\s*\(")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ASSIGN = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)([^;\n]*)")

PYTHON = Lang(
    needles=("system", "popen", "shell", "getoutput", "eval", "exec"),
    sinks=re.compile(
        r"\b(?P<fn>os\.system|os\.popen|system|popen|subprocess\.(?:run|call|check_call|check_output|Popen)"
        r"|(?:subprocess|commands)\.getoutput|(?:subprocess|commands)\.getstatusoutput|eval|exec)\s*\("
    ),
    shell_when=re.compile(r"\bshell\s*=\s*True\b"),
    conditional=re.compile(r"subprocess\.(?:run|call|check_call|check_output|Popen)$"),
    code_sinks=frozenset({"eval", "exec"}),
    argv=re.compile(r"\bsys\.argv\b(?:\s*\[\s*(?P<n>\d+)\s*\])?"),
    first=1,
)
NODE = Lang(
    needles=("exec", "eval", "shell"),
    sinks=re.compile(r"(?<![A-Za-z0-9_$])(?P<fn>(?:[A-Za-z_$][\w$]*\.)?(?:execSync|exec|spawnSync|spawn)|eval)\s*\("),
    shell_when=re.compile(r"\bshell\s*:\s*true\b"),
    conditional=re.compile(r"(?:^|\.)(?:spawnSync|spawn)$"),
    code_sinks=frozenset({"eval"}),
    argv=re.compile(r"\bprocess\.argv\b(?:\s*\[\s*(?P<n>\d+)\s*\])?"),
    first=1,
)


def _call_args(code: str, start: int) -> str:
    depth, k = 1, start
    while k < len(code) and depth:
        depth += {"(": 1, ")": -1}.get(code[k], 0)
        k += 1
    return code[start:k]


def run_arguments(code: str, lang: Lang) -> dict:
    """{argument index (None: every argument): "shell" | "code"} for the program's
    arguments that reach a call running a string (see the module docstring)."""
    if not any(n in code for n in lang.needles) or lang.argv.search(code) is None:
        return {}
    text = _PY_STRING.sub(lambda m: m.group(0) if m.group(0)[:1] in "fF" else '""', code)
    # shlex.quote(s) "Return a shell-escaped version of the string s" (Python library
    # reference, shlex): what it returns is one shell word, not code
    m = _QUOTE_CALL.search(text)
    while m is not None:
        text = text[: m.start()] + '""' + text[m.end() + len(_call_args(text, m.end())) :]
        m = _QUOTE_CALL.search(text)
    held: dict = {}  # variable -> argument indexes its value holds
    for _ in range(4):
        changed = False
        for m in _ASSIGN.finditer(text):
            got = _refs(m.group(2), lang, held)
            if got - held.get(m.group(1), set()):
                held.setdefault(m.group(1), set()).update(got)
                changed = True
        if not changed:
            break
    out: dict = {}
    for m in lang.sinks.finditer(text):
        fn = m.group("fn")
        args = _call_args(text, m.end())
        if lang.shell_when is not None and lang.conditional.search(fn) and not lang.shell_when.search(args):
            continue
        kind = "code" if fn in lang.code_sinks else "shell"
        # the first argument only (the command string): up to a comma outside brackets
        first, depth = [], 0
        for ch in args:
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
                if depth < 0:
                    break
            elif ch == "," and depth == 0:
                break
            first.append(ch)
        for idx in _refs("".join(first), lang, held):
            out.setdefault(idx, kind)
    return out


def _refs(expr: str, lang: Lang, held: dict) -> set:
    got: set = set()
    for m in lang.argv.finditer(expr):
        n = m.group("n")
        got.add(int(n) if n is not None else None)
    for name in _NAME.findall(expr):
        got |= held.get(name, set())
    return got


__all__ = ["Lang", "PYTHON", "NODE", "run_arguments"]
