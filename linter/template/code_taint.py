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

from ..core.lazyre import lazy_compile


class Lang(NamedTuple):
    needles: tuple  # cheap precondition: the text holds one of these
    sinks: re.Pattern  # a call whose first argument runs; group "fn" names it
    shell_when: re.Pattern | None  # for these sinks, only with this in the call (shell=True)
    conditional: re.Pattern  # the sinks that need shell_when
    code_sinks: frozenset  # sinks whose argument becomes program text (eval), not shell text
    argv: re.Pattern  # an argument reference; group "n" the index (None: all arguments)
    first: int  # the index of the first argument after the program text
    env: re.Pattern  # an environment read; group "e" the variable's name


_PY_STRING = lazy_compile(r"""(?<![A-Za-z0-9_])[rRbBuU]?("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')""")
_QUOTE_CALL = lazy_compile(r"\b(?:shlex|pipes)\.quote\s*\(|\bquote\s*\(")
_ENV_TOKEN = lazy_compile(r"\b__env_(\w+)")
_NAME = lazy_compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ASSIGN = lazy_compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)([^;\n]*)")

PYTHON = Lang(
    needles=("system", "popen", "shell", "getoutput", "eval", "exec"),
    sinks=lazy_compile(
        r"\b(?P<fn>os\.system|os\.popen|system|popen|subprocess\.(?:run|call|check_call|check_output|Popen)"
        r"|(?:subprocess|commands)\.getoutput|(?:subprocess|commands)\.getstatusoutput|eval|exec)\s*\("
    ),
    shell_when=lazy_compile(r"\bshell\s*=\s*True\b"),
    conditional=lazy_compile(r"subprocess\.(?:run|call|check_call|check_output|Popen)$"),
    code_sinks=frozenset({"eval", "exec"}),
    argv=lazy_compile(r"\bsys\.argv\b(?:\s*\[\s*(?P<n>\d+)\s*\])?"),
    first=1,
    env=lazy_compile(
        r"""\b(?:os\.)?(?:environ\s*\[|environ\.get\s*\(|getenv\s*\()\s*["'](?P<e>\w+)["']|(?P<e2>(?!))"""
    ),
)
NODE = Lang(
    needles=("exec", "eval", "shell"),
    # `exec` only as child_process's (a RegExp's /re/.exec(s) runs nothing); execSync and
    # spawn are child_process names
    sinks=lazy_compile(
        r"(?<![\w$.])(?P<fn>(?:(?:cp|child_process|childProcess|child)\.|\)\.)?exec"
        r"|(?:(?:[A-Za-z_$][\w$]*)\.|\)\.)?(?:execSync|spawnSync|spawn)|eval)\s*\("
    ),
    shell_when=lazy_compile(r"\bshell\s*:\s*true\b"),
    conditional=lazy_compile(r"(?:^|\.)(?:spawnSync|spawn)$"),
    code_sinks=frozenset({"eval"}),
    argv=lazy_compile(r"\bprocess\.argv\b(?:\s*\[\s*(?P<n>\d+)\s*\])?"),
    first=1,
    env=lazy_compile(r"""\bprocess\.env(?:\.(?P<e>\w+)|\s*\[\s*["'](?P<e2>\w+)["'])"""),
)


def _call_args(code: str, start: int) -> str:
    depth, k = 1, start
    while k < len(code) and depth:
        depth += {"(": 1, ")": -1}.get(code[k], 0)
        k += 1
    return code[start:k]


def run_arguments(code: str, lang: Lang, env: frozenset = frozenset()) -> dict:
    """{argument index (None: every argument) or environment variable name: "shell" |
    "code"} for the program's arguments, and the variables of ``env`` it reads
    (``os.environ["F"]``, ``process.env.F``), that reach a call running a string (see the
    module docstring)."""
    if not any(n in code for n in lang.needles):
        return {}
    if lang.argv.search(code) is None and not (env and lang.env.search(code)):
        return {}
    # environment reads first (their names are in quotes): one token each
    text = lang.env.sub(_env_token, code)
    text = _PY_STRING.sub(lambda m: m.group(0) if m.group(0)[:1] in "fF" else '""', text)
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
            if not isinstance(idx, str) or idx in env:
                out.setdefault(idx, kind)
    return out


# a call that runs a program from an argument LIST, no shell (Python library reference:
# subprocess "args ... a sequence of program arguments", os.exec*/os.spawn*)
_ARGV_CALL = lazy_compile(
    r"\b(?:subprocess\.(?:run|call|check_call|check_output|Popen)|os\.(?:exec|spawn)[lv]p?e?)\s*\("
)
# str.split() with no separator "splits on runs of consecutive whitespace" (Python library
# reference, str.split); shlex.split splits like a POSIX shell
_ARGV_SPLIT = lazy_compile(
    r"sys\.argv\s*\[\s*(?P<n>\d+)\s*\]\s*\.split\s*\(\s*\)|shlex\.split\s*\(\s*sys\.argv\s*\[\s*(?P<s>\d+)\s*\]"
)


def split_arguments(code: str) -> set:
    """The indexes N of ``sys.argv[N]`` a Python program splits on blanks into several
    arguments of a program it runs without a shell: ``subprocess.run(["ls", *sys.argv[1].split()])``,
    ``a = shlex.split(sys.argv[1]); os.execvp("tar", ["tar", *a])`` (issue 23, set M).  A
    piece starting with ``-`` is an option of that program."""
    if "split" not in code or "argv" not in code or _ARGV_CALL.search(code) is None:
        return set()
    held: dict = {}  # variable -> argv indexes whose pieces it holds
    for m in _ASSIGN.finditer(code):
        for sm in _ARGV_SPLIT.finditer(m.group(2)):
            held.setdefault(m.group(1), set()).add(int(sm.group("n") or sm.group("s")))
    out: set = set()
    for m in _ARGV_CALL.finditer(code):
        args = _call_args(code, m.end())
        for sm in _ARGV_SPLIT.finditer(args):
            out.add(int(sm.group("n") or sm.group("s")))
        for name in _NAME.findall(args):
            out |= held.get(name, set())
    return out


_AWK_STRING = lazy_compile(r'"(?:[^"\\\n]|\\.)*"')
_AWK_ASSIGN = lazy_compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)([^;{}\n]*)")
_AWK_NAME = lazy_compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _awk_command_texts(code: str) -> list:
    """The parts of an awk program that are shell command lines (GNU awk manual: 4.10.3
    "Using getline from a Pipe" ``CMD | getline``, 5.6 "Piping Output" ``print … | CMD``,
    9.1.4 ``system(CMD)``), with string literals blanked (their words are not variables)."""
    code = _AWK_STRING.sub('""', code)
    out = []
    for m in re.finditer(r"\bsystem\s*\(", code):
        depth, k = 1, m.end()
        while k < len(code) and depth:
            depth += {"(": 1, ")": -1}.get(code[k], 0)
            k += 1
        out.append(code[m.end() : k])
    for m in re.finditer(r"(?<!\|)\|&?(?![|&])", code):
        start = max(code.rfind(c, 0, m.start()) for c in ";{}\n") + 1
        end = min((e for e in (code.find(c, m.end()) for c in ";{}\n") if e >= 0), default=len(code))
        left, right = code[start : m.start()], code[m.end() : end]
        if re.match(r"\s*getline\b", right):
            out.append(left)  # CMD | getline [VAR]
        elif re.search(r"\bprintf?\b", left):
            out.append(right)  # print … | CMD
    return out


_ENVIRON = lazy_compile(r'\bENVIRON\s*\[\s*"([A-Za-z_][A-Za-z0-9_]*)"\s*\]')


def awk_runs(prog: str, given: frozenset, env: frozenset = frozenset()) -> set:
    """The awk variables of ``given`` (``-v NAME=VALUE``) and the environment variables
    of ``env`` (read as ``ENVIRON["NAME"]``) whose values reach a command line the awk
    program runs (``system()``, ``CMD | getline``, ``print | CMD``), directly or through
    assignments (``cmd = "wc -l < " f``)."""
    text = _ENVIRON.sub(lambda m: "ENVIRON_" + m.group(1) if m.group(1) in env else '""', prog)
    commands = _awk_command_texts(text)
    if not commands:
        return set()
    stripped = _AWK_STRING.sub('""', text)
    sources = {v: {v} for v in given}
    sources.update({"ENVIRON_" + e: {e} for e in env})
    for _ in range(4):  # assignments chain values along
        changed = False
        for m in _AWK_ASSIGN.finditer(stripped):
            used = set(_AWK_NAME.findall(m.group(2)))
            held = set().union(*(sources.get(u, set()) for u in used)) if used else set()
            if held - sources.get(m.group(1), set()):
                sources.setdefault(m.group(1), set()).update(held)
                changed = True
        if not changed:
            break
    hit: set = set()
    for part in commands:
        for u in _AWK_NAME.findall(part):
            hit |= sources.get(u, set())
    return hit & (given | env)


def _env_token(m: re.Match) -> str:
    """``os.getenv("F"`` -> ``os.getenv( __env_F ``: the read's brackets stay (calls around
    it still balance), its quoted name becomes one token."""
    g = "e" if m.group("e") is not None else "e2"
    head = m.string[m.start() : m.start(g)].rstrip("\"'")
    return f"{head} __env_{m.group(g)} "


def _refs(expr: str, lang: Lang, held: dict) -> set:
    got: set = set()
    for m in lang.argv.finditer(expr):
        n = m.group("n")
        got.add(int(n) if n is not None else None)
    for m in _ENV_TOKEN.finditer(expr):
        got.add(m.group(1))
    for name in _NAME.findall(expr):
        got |= held.get(name, set())
    return got


# ---------------------------------------------------------------------------
# paths the program text writes, built from its own arguments (issue 23, set S)
# ---------------------------------------------------------------------------


class WriteLang:
    """One language's write calls (a plain class: a ``NamedTuple`` costs ~1M instructions
    at import, bench/bench_run_ir.py)."""

    __slots__ = ("needles", "argv", "first", "calls", "second", "mode", "moded")

    def __init__(self, needles: tuple, argv, first: int, calls, second, mode, moded) -> None:
        self.needles = needles  # cheap precondition: the text holds one of these
        self.argv = argv  # an argument reference; group "n" the index
        self.first = first  # the index of the first argument after the program text
        self.calls = calls  # a call writing a path; group "fn" names it, "recv" a receiver
        self.second = second  # the calls whose SECOND argument is the written path (copy SRC DST)
        self.mode = mode  # calls (``fn``) that write only with a mode argument like this
        self.moded = moded  # the calls that need ``mode``


# Python library reference: pathlib "Path.write_text / write_bytes / open(mode='w')",
# built-in open(file, mode) ("'w' open for writing, 'a' appending, 'x' exclusive creation"),
# shutil.copy/copy2/copyfile/copytree/move(src, dst), os.rename/replace(src, dst),
# os.mkdir/makedirs/remove/unlink(path)
PY_WRITES = WriteLang(
    # `open(` alone mostly reads (json.load(open(…))): its needles are the writing modes
    needles=("write", "shutil.", "os.rename", "os.replace", "mkdir", "remove", "unlink")
    + tuple(q + m + q for q in "\"'" for m in ("w", "a", "x", "wb", "ab", "w+", "a+")),
    argv=lazy_compile(r"\bsys\.argv\s*\[\s*(?P<n>\d+)\s*\]"),
    first=1,
    calls=lazy_compile(
        r"(?P<recv>\b[\w.]+(?:\((?:[^()]|\([^()]*\))*\))?)\.(?P<m>write_text|write_bytes|open|mkdir|touch)\s*\("
        r"|(?<![\w.])(?P<fn>open|shutil\.(?:copy|copy2|copyfile|copytree|move)|os\.(?:rename|replace|mkdir|makedirs"
        r"|remove|unlink))\s*\("
    ),
    second=lazy_compile(r"^(?:shutil\.\w+|os\.rename|os\.replace)$"),
    mode=lazy_compile(r"""["'][rbt]*[wax][+bt]*["']"""),
    moded=lazy_compile(r"^(?:open|\.open)$"),
)
# Node.js fs: writeFile(Sync)/appendFile(Sync)/createWriteStream/mkdir(Sync)/rm(Sync)/
# unlink(Sync)(path, …); copyFile(Sync)/rename(Sync)/cp(Sync)(src, dest)
NODE_WRITES = WriteLang(
    needles=("write", "append", "copy", "rename", "mkdir", "rm", "unlink", "cp"),
    argv=lazy_compile(r"\bprocess\.argv\s*\[\s*(?P<n>\d+)\s*\]"),
    first=1,
    calls=lazy_compile(
        r"(?<![\w$])(?:[\w$]+\.)?(?P<fn>writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream"
        r"|mkdirSync|rmSync|unlinkSync|copyFileSync|copyFile|renameSync|cpSync)\s*\(|(?P<recv>(?!))(?P<m>(?!))"
    ),
    second=lazy_compile(r"^(?:copyFileSync|copyFile|renameSync|cpSync)$"),
    mode=None,
    moded=None,
)
# perlfunc open: open(my $fh, '>', EXPR) / '>>' / '+<' (three-argument form); Ruby: File.write(path, …),
# File.open(path, 'w'|'a'), FileUtils.cp/mv/mkdir_p/touch/rm
PERL_WRITES = WriteLang(
    needles=("open",),
    argv=lazy_compile(r"\$ARGV\s*\[\s*(?P<n>\d+)\s*\]"),
    first=0,
    calls=lazy_compile(
        r"(?<![\w$])(?P<fn>open)\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*['\"](?:>|>>|\+<|\+>)['\"]\s*,"
        r"|(?P<recv>(?!))(?P<m>(?!))"
    ),
    second=lazy_compile(r"(?!)"),
    mode=None,
    moded=None,
)
RUBY_WRITES = WriteLang(
    needles=("File",),
    argv=lazy_compile(r"(?<![\w$])ARGV\s*\[\s*(?P<n>\d+)\s*\]"),
    first=0,
    calls=lazy_compile(
        r"(?<![\w.])(?P<fn>File\.(?:write|open|binwrite)|FileUtils\.(?:cp|mv|mkdir_p|touch|rm|rm_rf|cp_r))\s*[( ]"
        r"|(?P<recv>(?!))(?P<m>(?!))"
    ),
    second=lazy_compile(r"^FileUtils\.(?:cp|mv|cp_r)$"),
    mode=lazy_compile(r"""["'][rb]*[wa][+b]*["']"""),
    moded=lazy_compile(r"^File\.open$"),
)
WRITE_LANGS = {"python": PY_WRITES, "node": NODE_WRITES, "perl": PERL_WRITES, "ruby": RUBY_WRITES}

# what keeps a path in its directory: a base name (os.path.basename, Path.name, path.basename,
# File.basename, perl's basename), or a resolved path compared with its directory
_PATH_SAFE = lazy_compile(
    r"basename|\.name\b|secure_filename|relative_to|commonpath|startswith|startsWith|\.resolve\(|realpath"
    r"|abs_path|expand_path|\.\.|[\[]\s*[\"']/"
)
_STRING_LIT = lazy_compile(r"""f?(["'`])((?:\\.|(?!\1)[^\\\n])*)\1""")


def _args_split(args: str) -> list:
    """The top-level comma-separated arguments of a call's text (after its ``(``)."""
    out: list = []
    cur: list = []
    depth = 0
    for ch in args:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0:
                break
        elif ch == "," and depth == 0:
            out.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    out.append("".join(cur))
    return out


def written_paths(code: str, lang: WriteLang) -> dict:
    """{argument index: literal directory} for the program's arguments that follow a literal
    directory in a path the program text writes (``pathlib.Path("notes", sys.argv[1] +
    ".md").write_text(…)``, ``fs.writeFileSync("out/" + process.argv[1], …)``, ``open(my $fh,
    '>', "logs/$ARGV[0]")``): ``../`` in the argument climbs out of that directory.  A text that
    takes a base name, compares a resolved path or mentions ``..`` is left alone."""
    if not any(n in code for n in lang.needles) or lang.argv.search(code) is None:
        return {}
    if _PATH_SAFE.search(code):
        return {}
    held: dict = {}  # variable -> its assigned expression texts
    for m in _ASSIGN.finditer(code):
        held.setdefault(m.group(1), []).append(m.group(2))
    out: dict = {}
    for m in lang.calls.finditer(code):
        fn = m.group("fn")
        args = _args_split(_call_args(code, m.end()))
        if fn is None:
            meth = m.group("m")
            if meth == "open" and (lang.mode is None or not lang.mode.match(args[0].strip())):
                continue
            path = m.group("recv")
        else:
            if lang.moded is not None and lang.moded.search(fn):
                if len(args) < 2 or lang.mode is None or not lang.mode.match(args[1].strip()):
                    continue
            k = 1 if lang.second.search(fn) else 0
            if fn == "open" and lang is PERL_WRITES:
                path = _call_args(code, m.end()).split(")")[0]
            elif k < len(args):
                path = args[k]
            else:
                continue
        for _ in range(2):  # a variable holding the path (``p = Path("notes", …); p.write_text``)
            name = path.strip().lstrip("$")
            if _NAME.fullmatch(name) and name in held:
                path = held[name][0]
        for idx, d in _path_parts(path, lang, held).items():
            out.setdefault(idx, d)
    return out


def _path_parts(path: str, lang: WriteLang, held: dict) -> dict:
    """{argument index: the literal directory before it} in one path expression."""
    out: dict = {}
    refs = list(lang.argv.finditer(path))
    for name in _NAME.findall(path):
        for expr in held.get(name, ()):
            refs.extend(lang.argv.finditer(expr))
    if not refs:
        return out
    lit = _STRING_LIT.search(path)
    if lit is None or lit.start() > path.find(refs[0].group(0)) >= 0:
        return out  # no literal directory before the argument: the whole path is the caller's
    d = lit.group(2)
    if "{" in d:
        d = d.split("{", 1)[0].removesuffix("#").removesuffix("$")  # f"notes/{…}", "notes/#{…}", `notes/${…}`
    if "$" in d:
        d = d.split("$", 1)[0]  # "logs/$ARGV[0]"
    d = d.strip()
    if d in ("", "/") or d.startswith("."):
        return out
    if not d.endswith("/"):
        d += "/"
    for r in refs:
        out.setdefault(int(r.group("n")), d)
    return out


__all__ = [
    "Lang",
    "PYTHON",
    "NODE",
    "run_arguments",
    "awk_runs",
    "split_arguments",
    "WriteLang",
    "WRITE_LANGS",
    "written_paths",
]
