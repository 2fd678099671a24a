"""What bash commands do with their argument words.

Pure functions over an *argv view*: a list whose items are the static value of
each word (quotes removed) or ``None`` when the word holds an expansion.  No
tree-sitter here: :mod:`utcp_lint.template.bash` builds the argv from the parse
and calls :func:`semantics` once per simple command.

The tables answer, for one simple command:

* which word is the real command once wrappers (``env``, ``sudo``,
  ``timeout``, ``xargs`` ...) are looked through;
* which words another interpreter evaluates again as code (``eval``,
  ``bash -c``, ``python3 -c``, ``awk`` programs, ``sed`` scripts, ``ssh``
  remote commands ...), honouring the ``sh -c '... "$1"' _ VALUE`` idiom;
* whether the command reads code from its standard input (``bash``,
  ``python3`` without a script ...), for heredocs, here-strings and pipes;
* which words name variables (``read``, ``printf -v``, ``unset``: bash
  evaluates array subscripts in them), which are arithmetic (``let``) and
  which name files the command writes (``tee``, ``dd of=``, ``curl -o``).

Every role carries a short human-readable ``detail`` used in messages.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum
from functools import lru_cache

from ..core.fieldwise import field, frozen_delattr, frozen_setattr, record, record_eq, record_hash, record_repr
from ..run.budget import check

Vals = Sequence[str | None]


class Argv(list):
    """argv view: items are static word values or None (word holds an expansion);
    ``pre[k]`` is the static text before word k's first expansion (``of=`` in
    ``of="$V"``), ``""`` when it starts with one."""

    def __init__(self, vals, pre=None):
        super().__init__(vals)
        self.pre = list(pre) if pre is not None else [v if v is not None else "" for v in vals]

    def sub(self, a: int, b: int) -> Argv:
        return Argv(self[a:b], self.pre[a:b])


def _pre(vals, k: int) -> str:
    pre = getattr(vals, "pre", None)
    if pre is None or k >= len(pre):
        return vals[k] or ""
    return pre[k]


# ---------------------------------------------------------------------------
# role kinds (Sink kinds in the analysis)
# ---------------------------------------------------------------------------
class BashSinkKind(str, Enum):
    """What bash (or the program a role names) does again with a value: the kind of a
    role here and of a ``Sink`` in the bash analysis (as ``pyscan.facts.SinkKind`` is
    for Python).  Its members are their own string values (``== "shell-code"``, same
    hash, formatted as the value), so text and JSON output show the value."""

    #: evaluated again by a shell
    SHELL_CODE = "shell-code"
    #: program text of another language
    INTERP_CODE = "interpreter-code"
    #: reaches code through standard input
    STDIN_CODE = "stdin-code"
    #: names the program that runs (or chooses its lookup: PATH=, LD_PRELOAD=)
    COMMAND_NAME = "command-name"
    #: names a file the command writes
    FILE_WRITE = "file-write"
    #: names a shell variable (``declare``, ``[[ -v ]]``, ``${!name}``)
    VARIABLE_NAME = "variable-name"
    #: evaluated as an arithmetic expression
    ARITHMETIC = "arithmetic"
    #: written into a stream the program reads option lines from (``curl -K -``)
    STDIN_OPTIONS = "stdin-options"

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(self, spec)

    __hash__ = str.__hash__


SHELL_CODE = BashSinkKind.SHELL_CODE
INTERP_CODE = BashSinkKind.INTERP_CODE
STDIN_CODE = BashSinkKind.STDIN_CODE
COMMAND_NAME = BashSinkKind.COMMAND_NAME
FILE_WRITE = BashSinkKind.FILE_WRITE
VARIABLE_NAME = BashSinkKind.VARIABLE_NAME
ARITHMETIC = BashSinkKind.ARITHMETIC
STDIN_OPTIONS = BashSinkKind.STDIN_OPTIONS

# shells, awks and interpreters: one entry each in programs.py (shared with the option
# analysis and UL054)
from . import programs as _table  # noqa: E402
from .programs import AWK_NAMES as AWKS, PROGRAMS as _PROGRAMS, SHELL_NAMES as SHELLS  # noqa: E402

_BY_NAME = _table.BY_NAME
PYTHONS_PREFIX = ("python", "pypy")
SEDS = frozenset(n for p in _table.HANDLER_PROGRAMS if p.family == "sed" for n in p.names)

# program classes of the table (programs.py): printers, pass-through filters, programs whose
# arguments are never run, runners whose trailing words form another command line
PRINTERS = _table.PRINTERS
PASS_THROUGH = _table.PASS_THROUGH
NON_EXEC = _table.NON_EXEC
RUNNERS = _table.RUNNERS

ARITH_BUILTINS = frozenset({"let"})


def basename(v: str) -> str:
    return v[v.rfind("/") + 1 :]


def is_python(name: str) -> bool:
    if not name.startswith(PYTHONS_PREFIX):
        return False
    rest = name[6:] if name.startswith("python") else name[4:]
    return all(c.isdigit() or c in ".mwd" for c in rest)


# ---------------------------------------------------------------------------
# data
# ---------------------------------------------------------------------------


@record
class Role:
    """What one word means to the command (or to a command it runs)."""

    kind: BashSinkKind
    detail: str
    confidence: str = "high"

    def __init__(self, kind: BashSinkKind, detail: str, confidence: str = "high") -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "detail", detail)
        object.__setattr__(self, "confidence", confidence)

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = record_hash
    __setattr__ = frozen_setattr
    __delattr__ = frozen_delattr


@record(slots=True)
class Semantics:
    """Result of :func:`semantics` for one argv."""

    name: str | None  # resolved command basename (None: dynamic)
    name_index: int | None  # its word index (None: no command word at all)
    wrappers: tuple  # wrapper basenames looked through, outermost first
    roles: dict = field(default_factory=dict)  # word index -> list[Role]
    stdin_code: str | None = None  # detail when the command reads code from stdin
    stdin_confidence: str = "high"
    xargs_replace: str | None = None  # xargs -I string, when xargs runs a sub-command
    xargs_code: str | None = None  # detail when xargs feeds stdin items into code
    dashdash: int | None = None  # first literal `--` after the command name
    # (detail, programs.OptionFile) when the command reads option lines from standard input
    # (``curl -K -``, ``pip install -r -``)
    stdin_options: tuple | None = None
    # the index of each wrapper word looked through (``timeout 5 df``: (0,)), in the order of
    # ``wrappers``: the words from one to the next are that wrapper's own options and operands
    wrapper_at: tuple = ()

    def __init__(
        self,
        name: str | None,
        name_index: int | None,
        wrappers: tuple,
        roles: dict | None = None,
        stdin_code: str | None = None,
        stdin_confidence: str = "high",
        xargs_replace: str | None = None,
        xargs_code: str | None = None,
        dashdash: int | None = None,
        stdin_options: tuple | None = None,
        wrapper_at: tuple = (),
    ) -> None:
        self.name = name
        self.name_index = name_index
        self.wrappers = wrappers
        self.roles = dict() if roles is None else roles
        self.stdin_code = stdin_code
        self.stdin_confidence = stdin_confidence
        self.xargs_replace = xargs_replace
        self.xargs_code = xargs_code
        self.dashdash = dashdash
        self.stdin_options = stdin_options
        self.wrapper_at = wrapper_at

    __repr__ = record_repr
    __eq__ = record_eq

    def add(self, idx: int, role: Role) -> None:
        lst = self.roles.setdefault(idx, [])
        if role not in lst:
            lst.append(role)


# ---------------------------------------------------------------------------
# option scanning
# ---------------------------------------------------------------------------


def _skip_options(
    vals: Vals,
    j: int,
    short_val: str = "",
    long_val: frozenset = frozenset(),
    assignments: bool = False,
    optional_attached: str = "",
) -> tuple[int, dict]:
    """Skip GNU-style options from ``j``; return (first operand index, seen options).

    ``short_val``: short options taking a value (attached or next word).
    ``long_val``: long options taking a value when written without ``=``.
    ``optional_attached``: short options whose value may only be attached.
    A dynamic word (None) ends the scan: it is taken as the operand.
    """
    n = len(vals)
    seen: dict = {}
    while j < n:
        v = vals[j]
        if v is None:
            p = _pre(vals, j)
            if p.startswith("--") and "=" in p:
                seen[p.split("=", 1)[0]] = None
                j += 1
                continue
            if len(p) >= 2 and p[0] == "-" and p[1] in short_val:
                seen[p[:2]] = None
                j += 1
                continue
            if assignments and _is_assignment(p):
                # env "NAME=$VALUE": a static NAME= beginning makes the word an
                # assignment whatever the value holds (env(1): operands with `=`
                # before the command are assignments), never the command name
                j += 1
                continue
            break
        if v == "--":
            seen["--"] = j
            j += 1
            while assignments and j < n and _is_assignment(_pre(vals, j)):
                j += 1  # env -- NAME=VALUE CMD: assignments still come before the command
            break
        if v.startswith("--") and len(v) > 2:
            key, eq, val = v.partition("=")
            if not eq and key in long_val and j + 1 < n:
                seen[key] = vals[j + 1]
                j += 2
                continue
            seen[key] = val if eq else True
            j += 1
            continue
        if v.startswith("-") and len(v) > 1:
            k = 1
            consumed_next = False
            while k < len(v):
                ch = v[k]
                if ch in short_val:
                    rest = v[k + 1 :]
                    if rest:
                        seen["-" + ch] = rest
                    elif j + 1 < n:
                        seen["-" + ch] = vals[j + 1]
                        consumed_next = True
                    else:
                        seen["-" + ch] = ""
                    break
                if ch in optional_attached:
                    seen["-" + ch] = v[k + 1 :]
                    break
                seen["-" + ch] = True
                k += 1
            j += 2 if consumed_next else 1
            continue
        if assignments and _is_assignment(v):
            j += 1
            continue
        break
    return j, seen


def _is_assignment(word: str) -> bool:
    return "=" in word and _is_name(word.split("=", 1)[0])


def _is_name(s: str) -> bool:
    return bool(s) and (s[0].isalpha() or s[0] == "_") and all(c.isalnum() or c == "_" for c in s)


# ---------------------------------------------------------------------------
# wrappers: return the index of the wrapped command, or None (no command run)
# ---------------------------------------------------------------------------


def _w_table(w):
    """The wrapper grammar of a :class:`programs.Wrapper` entry."""

    def fn(vals, i):
        j, seen = _skip_options(
            vals,
            i + 1,
            short_val=w.short_values,
            long_val=w.long_values,
            assignments=w.assignments,
            optional_attached=w.optional_attached,
        )
        if w.split and any(k in seen for k in w.split):
            return ("split", j, seen)
        if w.no_command and any(k in seen for k in w.no_command) and (not w.no_command_when_alone or j >= len(vals)):
            return None
        return j + w.operands_before

    return fn


def _w_nice(vals, i):
    # nice -n 10 cmd | nice -10 cmd | nice --adjustment=5 cmd
    j = i + 1
    n = len(vals)
    while j < n and vals[j] is not None and vals[j].startswith("-") and vals[j] != "--":
        v = vals[j]
        if v in ("-n", "--adjustment") and j + 1 < n:
            j += 2
        else:
            j += 1
    if j < n and vals[j] == "--":
        j += 1
    return j


def _w_next(vals, i):
    return i + 1


def _w_flock(vals, i):
    # flock [options] FILE|DIR -c COMMAND | flock [options] FILE|DIR COMMAND [ARG...]
    w = _entry(vals, i).wrapper
    j, seen = _skip_options(vals, i + 1, short_val=w.short_values, long_val=w.long_values)
    if "-c" in seen or "--command" in seen:
        return None
    k = j + 1
    # after FILE, -c COMMAND takes a value too
    k2, seen2 = _skip_options(vals, k, short_val=w.short_values + "c", long_val=w.long_values | {"--command"})
    if "-c" in seen2 or "--command" in seen2:
        return None  # handled as a shell-code sink
    return k2


def _w_watch(vals, i):
    j, seen = _skip_options(
        vals,
        i + 1,
        short_val="ndq",
        optional_attached="",
        long_val=frozenset({"--interval", "--equexit", "--shotsdir"}),
    )
    if "-x" in seen or "--exec" in seen:
        return j
    return None  # joined and run by sh -c: handled as a shell-code sink


def _entry(vals, i: int):
    """The table entry of the command word at ``i`` (a grammar reads its option letters there)."""
    return _BY_NAME[basename(vals[i] or "")]


# wrappers whose argv grammar is not a plain option scan (``Wrapper.grammar``)
WRAPPER_GRAMMARS = {"next": _w_next, "nice": _w_nice, "flock": _w_flock, "watch": _w_watch}
_WRAPPER_FNS: dict = {}  # name -> (Wrapper, grammar function)


def wrapper_fn(name: str):
    """The wrapper grammar for a command basename (None: not a wrapper), from the table."""
    p = _BY_NAME.get(name)
    if p is None or p.wrapper is None:
        return None
    w = p.wrapper
    c = _WRAPPER_FNS.get(name)
    if c is None or c[0] is not w:  # first use, or an entry registered since
        c = _WRAPPER_FNS[name] = (w, WRAPPER_GRAMMARS[w.grammar] if w.grammar else _w_table(w))
    return c[1]


def xargs_replace(vals: Vals, i: int) -> str | None:
    """The replace string of ``xargs -I R`` / ``-i[R]`` / ``--replace[=R]``."""
    w = _table.wrapper_of("xargs")
    if w is None:
        return None
    _, seen = _skip_options(
        vals, i + 1, short_val=w.short_values, optional_attached=w.optional_attached, long_val=w.long_values
    )
    if isinstance(seen.get("-I"), str) and seen.get("-I"):
        return seen["-I"]
    if "-i" in seen:
        return seen["-i"] or "{}"
    if "--replace" in seen:
        r = seen["--replace"]
        return r if isinstance(r, str) and r else "{}"
    return None


# ---------------------------------------------------------------------------
# code-argument parsers: fill sem.roles for the command at index i
# ---------------------------------------------------------------------------


_SHELL = _table.BY_NAME["bash"]
_SHELL_LONG_VALUES = frozenset("--" + w for w in _SHELL.value_long.split())  # --rcfile FILE
_SHELL_CODE = _SHELL.code_short  # -c
_SHELL_VALUE_LETTERS = frozenset(_SHELL.value_short)  # -o OPTION, -O SHOPT
_PYTHON = _table.BY_NAME["python3"]
_PY_CODE, _PY_END, _PY_VALUE = _PYTHON.code_short, _PYTHON.terminating, _PYTHON.value_short


# names of the standard input as a file (bash opens /dev/stdin and /dev/fd/N itself)
STDIN_FILES = frozenset({"/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"})


def shell_code_index(vals, i: int) -> int | None:
    """``sh -c CODE NAME ARG…`` at argv ``i``: the index of CODE (the words after it are
    ``$0``, ``$1`` … of the code), or None without ``-c``."""
    j, has_c, _s = _shell_scan(vals, i)
    return j if has_c and j < len(vals) else None


def _shell(vals, i, sem: Semantics, conf: str, via: str):
    name = basename(vals[i] or "sh")
    n = len(vals)
    j, has_c, s_flag = _shell_scan(vals, i)
    if has_c:
        if j < n:
            sem.add(j, Role(SHELL_CODE, f"{via}{name} -c code string", conf))
    elif j >= n or s_flag or vals[j] in STDIN_FILES:
        sem.stdin_code = f"{via}{name} (reads its script from standard input)"
        sem.stdin_confidence = conf
    elif vals[j] is None and (vals[j - 1] in ("-", "--") or (_pre(vals, j) and _pre(vals, j)[0] not in "-+")):
        # `bash -- FILE`, `sh scripts/FILE.sh`: the first operand is the script the shell
        # runs (bash(1) "ARGUMENTS": the first argument after the options is the name of a
        # file containing shell commands), as `source FILE` runs it; a value starting the
        # word without `--` is an option word first (UL150 says so)
        sem.add(j, Role(SHELL_CODE, f"{via}{name} (runs the named file as shell code)", "medium"))


def shell_scan(vals, i: int) -> tuple:
    """(first operand index, -c seen, -s seen) of the shell at argv ``i``: the one grammar
    of the table's shell entry, for the Python scan too (pyscan/sinks.py)."""
    return _shell_scan(vals, i)


def _shell_scan(vals, i: int) -> tuple:
    """(first operand index, -c seen, -s seen) of the shell at argv ``i``."""
    name = basename(vals[i] or "sh")
    n = len(vals)
    j = i + 1
    has_c = False
    s_flag = False
    while j < n:
        v = vals[j]
        if v is None:
            break
        if v in ("-", "--"):
            j += 1
            break
        if v[:1] in ("-", "+") and len(v) > 1:
            if v.startswith("--"):
                if v in _SHELL_LONG_VALUES and j + 1 < n:
                    j += 2
                    continue
                if v == "--command" and name == "fish":
                    has_c = True
                j += 1
                continue
            letters = v[1:]
            if _SHELL_CODE in letters:
                has_c = True
            if "s" in letters:
                s_flag = True
            if not _SHELL_VALUE_LETTERS.isdisjoint(letters):  # -o OPTION, -O SHOPT
                j += 2
                continue
            j += 1
            continue
        break
    return j, has_c, s_flag


def _python(vals, i, sem, conf, via):
    name = basename(vals[i] or "python")
    n = len(vals)
    j = i + 1
    while j < n:
        v = vals[j]
        if v is None:
            break
        if v == "-":
            sem.stdin_code = f"{via}{name} - (reads its program from standard input)"
            sem.stdin_confidence = conf
            return
        if v == "--":
            j += 1
            break
        if v.startswith("--"):
            j += 1
            continue
        if v.startswith("-") and len(v) > 1:
            k = 1
            while k < len(v):
                ch = v[k]
                if ch in _PY_CODE:
                    if k + 1 < len(v):
                        sem.add(j, Role(INTERP_CODE, f"{via}{name} -c program", conf))
                    elif j + 1 < n:
                        sem.add(j + 1, Role(INTERP_CODE, f"{via}{name} -c program", conf))
                    return
                if ch in _PY_END:
                    return  # -m module: the rest are its arguments
                if ch in _PY_VALUE:
                    if k + 1 >= len(v):
                        j += 1
                    break
                k += 1
            j += 1
            continue
        return  # script file: the rest are its arguments
    if j >= n:
        sem.stdin_code = f"{via}{name} (reads its program from standard input)"
        sem.stdin_confidence = conf
    else:
        _program_file(vals, j, sem, name, via)


def _program_file(vals, j: int, sem, name: str, via: str) -> None:
    """``python3 -- FILE``, ``perl scripts/FILE.pl``: the first operand after the options is
    the file the interpreter runs as its program (python(1) "<script>", perlrun(1) "the
    first argument ... the name of the program"; a perl program whose ``#!`` line names
    another interpreter is run by that one, perlrun(1)); measured by bench_program_truth
    (``perl -- V``, ``python3 -- V``).  A value starting the word without ``--`` is an
    option word first (UL150 says so)."""
    if j < len(vals) and vals[j] is None and (vals[j - 1] == "--" or (_pre(vals, j) and _pre(vals, j)[0] not in "-+")):
        sem.add(j, Role(INTERP_CODE, f"{via}{name} (runs the named file as its program)", "medium"))


# interpreters whose module option's attached text is inserted into the program (perlrun(1))
_MODULE_CODE = {"perl": "Mm"}


def _perl_like(
    vals,
    i,
    sem,
    conf,
    via,
    code_letters: str,
    value_letters: str,
    long_code: frozenset = frozenset(),
    digit_letters: str = "",
    attached_letters: str = "",
    load: frozenset = frozenset(),
):
    """perl -e / ruby -e / node -e / php -r / lua -e style interpreters; ``load``: options
    whose argument names a module the interpreter loads and runs (node --require V)."""
    name = basename(vals[i] or "")
    n = len(vals)
    j = i + 1
    saw_code = False
    while j < n:
        v = vals[j]
        if v is None:
            p = _pre(vals, j)
            key = p.split("=", 1)[0]
            if load and (key if p.startswith("--") else p) in load and (p[:2] != "--" or "=" in p):
                # node --require=V, ruby -rV: V names the module loaded and run
                sem.add(j, Role(INTERP_CODE, f"{via}{name} {key} names the module it loads and runs", conf))
                j += 1
                continue
            if (p.startswith("--") and "=" in p and key in long_code) or (
                len(p) >= 2 and p[0] == "-" and p[1] in code_letters and p[1] != ""
            ):
                saw_code = True
                sem.add(j, Role(INTERP_CODE, f"{via}{name} {key if p.startswith('--') else p[:2]} program", conf))
                j += 1
                continue
            if (
                len(p) >= 2
                and p[0] == "-"
                and p[-1] in _MODULE_CODE.get(name, "")
                and (len(p) == 2 or p[1:-1].isalpha())
            ):
                # perlrun(1) -M/-m: "-M'module ...'" is run as `use module ...;` before the
                # program, so text after the module name is code (measured: -M'strict;system(…)')
                sem.add(j, Role(INTERP_CODE, f"{via}{name} {p[-2:]} module (inserted as `use MODULE;` code)", conf))
            break
        if v == "-":
            if not saw_code:
                sem.stdin_code = f"{via}{name} - (reads its program from standard input)"
                sem.stdin_confidence = conf
            return
        if v == "--":
            j += 1
            break
        if v.startswith("--") and len(v) > 2:
            key, eq, val = v.partition("=")
            if key in load and not eq and j + 1 < n:
                if vals[j + 1] is None and not _pre(vals, j + 1):
                    sem.add(j + 1, Role(INTERP_CODE, f"{via}{name} {key} names the module it loads and runs", conf))
                j += 2
                continue
            if key in long_code:
                saw_code = True
                if eq:
                    sem.add(j, Role(INTERP_CODE, f"{via}{name} {key} program", conf))
                    j += 1
                elif j + 1 < n:
                    sem.add(j + 1, Role(INTERP_CODE, f"{via}{name} {key} program", conf))
                    j += 2
                else:
                    j += 1
                continue
            j += 1
            continue
        if v.startswith("-") and len(v) > 1:
            k = 1
            took_next = False
            while k < len(v):
                ch = v[k]
                if ch in code_letters:
                    saw_code = True
                    if k + 1 < len(v):
                        sem.add(j, Role(INTERP_CODE, f"{via}{name} -{ch} program", conf))
                    elif j + 1 < n:
                        sem.add(j + 1, Role(INTERP_CODE, f"{via}{name} -{ch} program", conf))
                        took_next = True
                    break
                if ch in value_letters:
                    if k + 1 >= len(v):
                        took_next = True
                        if "-" + ch in load and j + 1 < n and vals[j + 1] is None and not _pre(vals, j + 1):
                            # node -r V, ruby -r V
                            sem.add(
                                j + 1, Role(INTERP_CODE, f"{via}{name} -{ch} names the module it loads and runs", conf)
                            )
                    break
                if ch in attached_letters:
                    break
                if ch in digit_letters:
                    k = _table.digits_end(v, k)
                    continue
                k += 1
            j += 2 if took_next else 1
            continue
        break
    if not saw_code and j >= n:
        sem.stdin_code = f"{via}{name} (reads its program from standard input)"
        sem.stdin_confidence = conf
    elif not saw_code and not any(v in _CHECK_ONLY.get(name, ()) for v in vals[i + 1 : j]):
        _program_file(vals, j, sem, name, via)


# switches after which the interpreter only checks the program's syntax and runs nothing
# (node --help: "-c, --check  syntax check script without executing"; ruby(1) -c "checks
# the syntax of the script and exits without executing"; php -l "syntax check only (lint)")
_CHECK_ONLY = {"node": ("-c", "--check"), "nodejs": ("-c", "--check"), "ruby": ("-c",), "php": ("-l", "--syntax-check")}


def _awk(vals, i, sem, conf, via):
    name = basename(vals[i] or "awk")
    j, seen = _skip_options(
        vals,
        i + 1,
        short_val="Fvfeil",
        optional_attached="",
        long_val=frozenset({"--field-separator", "--assign", "--file", "--source", "--include", "--load", "--exec"}),
    )
    # gawk -e/--source: program text given as an option value; find those words
    n = len(vals)
    k = i + 1
    has_prog_opt = False
    while k < j:
        v = vals[k]
        if v in ("-e", "--source") and k + 1 < n:
            sem.add(k + 1, Role(INTERP_CODE, f"{via}{name} {v} program", conf))
            has_prog_opt = True
            k += 2
            continue
        if (v if v is not None else _pre(vals, k)).startswith("--source="):
            sem.add(k, Role(INTERP_CODE, f"{via}{name} --source program", conf))
            has_prog_opt = True
        k += 1
    files = [seen.get(x) for x in ("-f", "--file", "-E", "--exec")]
    if any(isinstance(f, str) for f in files):
        if any(f in ("-", "/dev/stdin") for f in files):
            sem.stdin_code = f"{via}{name} -f - (reads its program from standard input)"
            sem.stdin_confidence = conf
        return
    if has_prog_opt:
        return
    if j < n:
        sem.add(j, Role(INTERP_CODE, f"{via}{name} program", conf))
        prog = vals[j]
        if prog is not None and ("system" in prog or "|" in prog):
            _awk_variable_commands(vals, i, j, prog, sem, conf, via, name)


def _awk_variable_commands(vals, i: int, j: int, prog: str, sem: Semantics, conf: str, via: str, name: str) -> None:
    """``awk -v f=VALUE '… cmd = "wc -l < " f; cmd | getline n …'``: an awk variable given the
    value (``-v NAME=``, ``--assign NAME=``, a ``NAME=`` operand) that reaches a command line
    the program runs (directly or through assignments) hands the value to ``sh -c``: measured,
    ``f='x; touch CANARY'`` runs touch.  A variable only compared or printed runs nothing."""
    given: dict = {}  # awk variable -> word index carrying the value
    for k in range(i + 1, len(vals)):
        if vals[k] is not None:
            continue
        p = _pre(vals, k)
        if p.startswith("-v"):
            p = p[2:]  # -vNAME=VALUE
        elif p.startswith("--assign="):
            p = p[len("--assign=") :]
        elif k <= j and vals[k - 1] not in ("-v", "--assign"):
            continue  # (-v NAME=VALUE, or an operand NAME=VALUE after the program)
        m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)=", p)
        if m:
            given.setdefault(m.group(1), k)
    if not given:
        return
    from .code_taint import awk_runs

    for var in sorted(awk_runs(prog, frozenset(given))):
        sem.add(
            given[var],
            Role(
                SHELL_CODE,
                f"{via}{name} variable {var} (the program runs it in a command: system, | getline, print |)",
                conf,
            ),
        )


def _sed(vals, i, sem, conf, via):
    name = basename(vals[i] or "sed")
    n = len(vals)
    j = i + 1
    has_script_opt = False
    sandbox = False
    stdin = False
    script_words: list[int] = []
    while j < n:
        v = vals[j]
        if v is None:
            p = _pre(vals, j)
            if p.startswith("--expression=") or (p.startswith("-e") and len(p) >= 2):
                has_script_opt = True
                script_words.append(j)
                j += 1
                continue
            break
        if v == "--":
            j += 1
            break
        if v.startswith("--") and len(v) > 2:
            key, eq, val = v.partition("=")
            if key == "--sandbox":
                sandbox = True
            if key == "--expression":
                has_script_opt = True
                if eq:
                    script_words.append(j)
                    j += 1
                else:
                    script_words.append(j + 1)
                    j += 2
                continue
            if key == "--file":
                has_script_opt = True
                f = val if eq else (vals[j + 1] if j + 1 < n else None)
                stdin = stdin or f in ("-", "/dev/stdin")
                j += 1 if eq else 2
                continue
            if key == "--line-length" and not eq:
                j += 2
                continue
            j += 1
            continue
        if v.startswith("-") and len(v) > 1:
            k = 1
            took_next = False
            while k < len(v):
                ch = v[k]
                if ch == "e":
                    has_script_opt = True
                    if k + 1 < len(v):
                        script_words.append(j)
                    else:
                        script_words.append(j + 1)
                        took_next = True
                    break
                if ch == "f":
                    has_script_opt = True
                    f = v[k + 1 :] or (vals[j + 1] if j + 1 < n else None)
                    stdin = stdin or f in ("-", "/dev/stdin")
                    took_next = k + 1 >= len(v)
                    break
                if ch == "l":
                    took_next = k + 1 >= len(v)
                    break
                if ch == "i":
                    break  # -i[SUFFIX]
                k += 1
            j += 2 if took_next else 1
            continue
        break
    if sandbox:
        return
    if stdin:
        sem.stdin_code = f"{via}{name} -f - (reads its script from standard input)"
        sem.stdin_confidence = conf
    if not has_script_opt and j < n:
        script_words.append(j)
    for w in script_words:
        if w < n:
            sem.add(w, Role(INTERP_CODE, f"{via}{name} script (GNU sed runs `e` commands, `w` writes files)", conf))


def _su(vals, i, sem, conf, via):
    name = basename(vals[i] or "su")
    n = len(vals)
    # find the word holding -c's value
    k = i + 1
    found = False
    while k < n:
        v = vals[k]
        if v in ("-c", "--command", "--session-command") and k + 1 < n:
            sem.add(k + 1, Role(SHELL_CODE, f"{via}{name} {v} command", conf))
            found = True
            k += 2
            continue
        p = v if v is not None else _pre(vals, k)
        if p.startswith("--command=") or p.startswith("--session-command="):
            sem.add(k, Role(SHELL_CODE, f"{via}{name} --command command", conf))
            found = True
        elif p.startswith("-c") and len(p) > 2:
            sem.add(k, Role(SHELL_CODE, f"{via}{name} -c command", conf))
            found = True
        k += 1
    if not found:
        sem.stdin_code = f"{via}{name} (the user's shell reads commands from standard input)"
        sem.stdin_confidence = "medium"


SSH_VAL = _table.SSH_VALUES


# programs that join their code arguments with spaces into one command line before a
# shell parses it: ssh(1) (the remote command words) and bash's `eval` ("The args are read
# and concatenated together into a single command", bash(1) SHELL BUILTIN COMMANDS)
JOINS_CODE_ARGUMENTS = frozenset({"ssh", "eval"})


def _ssh(vals, i, sem, conf, via):
    name = basename(vals[i] or "ssh")
    j, _ = _skip_options(vals, i + 1, short_val=SSH_VAL)
    n = len(vals)
    if j >= n:
        return
    # j = destination; the rest is one remote command line run by the remote shell
    if j + 1 < n:
        for k in range(j + 1, n):
            sem.add(k, Role(SHELL_CODE, f"{via}{name} remote command (joined and run by the remote shell)", conf))
    else:
        sem.stdin_code = f"{via}{name} (the remote shell reads commands from standard input)"
        sem.stdin_confidence = conf


def _eval(vals, i, sem, conf, via):
    for k in range(i + 1, len(vals)):
        sem.add(k, Role(SHELL_CODE, f"{via}eval", conf))


def _source(vals, i, sem, conf, via):
    name = vals[i]
    if i + 1 < len(vals):
        k = i + 1
        if vals[k] == "--" and k + 1 < len(vals):
            k += 1
        if vals[k] in STDIN_FILES:
            # `source /dev/stdin <<< "…"`: what reaches standard input runs as shell code
            sem.stdin_code = f"{via}{name} {vals[k]}"
            sem.stdin_confidence = conf
            return
        sem.add(k, Role(SHELL_CODE, f"{via}{name} (runs the named file as shell code)", "medium"))


ALIAS_BODY = "alias body (run as code where the alias is used)"


def _alias(vals, i, sem, conf, via):
    # `alias NAME=VALUE`: VALUE is read again as shell code where NAME is used (a later line
    # of the same step, with shopt -s expand_aliases; bash 5.2 measured; the bash analysis
    # keeps the sink only where such a use exists: ALIAS_BODY)
    for k in range(i + 1, len(vals)):
        pre = _pre(vals, k)
        if "=" in pre and not pre.startswith("-"):
            sem.add(k, Role(SHELL_CODE, f"{via}{ALIAS_BODY}", conf))


def _hash(vals, i, sem, conf, via):
    # `hash -p FILE NAME`: FILE is what runs whenever NAME is called (bash manual, hash)
    n = len(vals)
    for k in range(i + 1, n - 1):
        v = vals[k]
        if v is None or not v.startswith("-"):
            break
        if v.startswith("-") and "p" in v[1:] and v[-1] == "p":
            sem.add(k + 1, Role(COMMAND_NAME, f"{via}hash -p (the file run for the command name)", conf))
            break


def _trap(vals, i, sem, conf, via):
    j, seen = _skip_options(vals, i + 1)
    if "-p" in seen or "-l" in seen:
        return
    if len(vals) - j >= 2:
        sem.add(j, Role(SHELL_CODE, f"{via}trap action", conf))


def _watch(vals, i, sem, conf, via):
    j, seen = _skip_options(vals, i + 1, short_val="nd", long_val=frozenset({"--interval", "--equexit", "--shotsdir"}))
    if "-x" in seen or "--exec" in seen:
        return
    for k in range(j, len(vals)):
        sem.add(k, Role(SHELL_CODE, f"{via}watch (joins its arguments and runs them with sh -c)", conf))


# adb(1) (Android platform-tools, `adb --help`): global options taking a value; `shell`
# and `exec-out` join the words after their own options with spaces and the device runs
# the line with its sh -c (adb/client/commandline.cpp: the command is
# ``android::base::Join(args, " ")`` handed to the shell service)
_ADB_GLOBAL_VALUES = "stHPL"
_ADB_SHELL_VALUES = "e"


def _adb(vals, i, sem, conf, via):
    j, n = i + 1, len(vals)
    while j < n:  # global options; a word not known statically may be one (``*adb_args``)
        v = vals[j]
        if v is not None and not v.startswith("-"):
            break
        j += 2 if v is not None and len(v) == 2 and v[1] in _ADB_GLOBAL_VALUES else 1
    if j >= n or vals[j] not in ("shell", "exec-out"):
        return
    sub = vals[j]
    k, _ = _skip_options(vals, j + 1, short_val=_ADB_SHELL_VALUES)
    if k < len(vals) and vals[k] == "--":
        k += 1
    for m in range(k, len(vals)):
        sem.add(m, Role(SHELL_CODE, f"{via}adb {sub} (joins its arguments and the device runs them with sh -c)", conf))


# i3-msg(1) / swaymsg(1): the words after the options are joined with spaces into one
# message, by default a command of the window manager's command language, where `;` and
# `,` start another command and `exec CMD` runs CMD with /bin/sh -c (i3 User's Guide,
# "exec"; sway(5) "exec <shell command>"; i3-msg.c / swaymsg/main.c join argv[optind..]).
# -t TYPE other than command (get_tree, get_outputs ...) sends no command.
_WM_MSG_VALUES = "st"


def _wm_msg(vals, i, sem, conf, via):
    name = basename(vals[i] or "i3-msg")
    j, seen = _skip_options(vals, i + 1, short_val=_WM_MSG_VALUES, long_val=frozenset({"--socket", "--type"}))
    kind = seen.get("-t", seen.get("--type", "command"))
    if kind not in ("command", "run_command"):
        return  # a query (get_tree ...) or a type not known statically
    for m in range(j, len(vals)):
        sem.add(m, Role(SHELL_CODE, f"{via}{name} command (`;` adds commands, `exec` runs /bin/sh -c)", conf))


_PARALLEL_SEPS = frozenset({":::", "::::", ":::+", "::::+"})
# parallel(1): options taking a value
_PARALLEL_SHORT = "aCdEIjJLlnNPsS"
_PARALLEL_LONG = frozenset(
    "--" + w
    for w in (
        "arg-file colsep delimiter eof replace jobs max-procs profile max-lines max-args max-chars "
        "sshlogin sshloginfile tmpdir workdir joblog results timeout delay env tag-string basefile "
        "return halt memfree load nice retries"
    ).split()
)


def _parallel(vals, i, sem, conf, via):
    """GNU parallel: the words before ``:::`` (after its options) are a command template it
    runs through the shell; the arguments after ``:::`` are shell-quoted by parallel
    (parallel(1) "command", "--quote")."""
    j, _seen = _skip_options(vals, i + 1, short_val=_PARALLEL_SHORT, long_val=_PARALLEL_LONG)
    for k in range(j, len(vals)):
        if vals[k] in _PARALLEL_SEPS:
            return
        sem.add(k, Role(SHELL_CODE, f"{via}parallel (runs its command template with the shell)", conf))


def _flock_c(vals, i, sem, conf, via):
    n = len(vals)
    for k in range(i + 1, n):
        if vals[k] in ("-c", "--command") and k + 1 < n:
            sem.add(k + 1, Role(SHELL_CODE, f"{via}flock -c command", conf))


def _script(vals, i, sem, conf, via):
    n = len(vals)
    for k in range(i + 1, n):
        if vals[k] in ("-c", "--command") and k + 1 < n:
            sem.add(k + 1, Role(SHELL_CODE, f"{via}script -c command", conf))


def _mapfile(vals, i, sem, conf, via):
    j, seen = _skip_options(vals, i + 1, short_val=_entry(vals, i).value_short)
    n = len(vals)
    k = i + 1
    while k < j:
        v = vals[k]
        if v == "-C" and k + 1 < n:
            sem.add(k + 1, Role(SHELL_CODE, f"{via}{vals[i]} -C callback", conf))
            k += 2
            continue
        k += 1


def _compgen(vals, i, sem, conf, via):
    """bash manual, "Programmable Completion Builtins": ``compgen -W WORDLIST`` splits the
    word list and EXPANDS each word when compgen runs (``$(cmd)`` in it runs cmd), and
    ``compgen -C COMMAND`` runs COMMAND in a subshell (measured, bash 5.2).  ``complete``
    only records them for a later interactive completion, so it runs nothing here."""
    n = len(vals)
    k = i + 1
    short_val = _entry(vals, i).value_short
    while k < n:
        v = vals[k]
        if v is None or v == "--" or not v.startswith("-") or len(v) < 2:
            break
        letter = v[-1]
        if any(ch in short_val for ch in v[1:-1]):
            k += 1  # a value attached to an earlier letter of the cluster (-Xpat): no -W/-C here
            continue
        if letter in short_val and k + 1 < n:
            if letter == "W":
                sem.add(k + 1, Role(SHELL_CODE, f"{via}compgen -W word list (each word is expanded)", conf))
            elif letter == "C":
                sem.add(k + 1, Role(SHELL_CODE, f"{via}compgen -C command", conf))
            k += 2
            continue
        k += 1


def _read(vals, i, sem, conf, via):
    n = len(vals)
    value_letters = _entry(vals, i).value_short  # -a NAME, -d DELIM, -p PROMPT, -u FD …
    j = i + 1
    while j < n:
        v = vals[j]
        if v is None:
            break
        if v == "--":
            j += 1
            break
        if v.startswith("-") and len(v) > 1:
            k = 1
            took = False
            while k < len(v):
                ch = v[k]
                if ch in value_letters:
                    # (read -a NAME checks NAME before using it: measured, no subscript evaluation)
                    took = k + 1 >= len(v)
                    break
                k += 1
            j += 2 if took else 1
            continue
        break
    for k in range(j, n):
        sem.add(k, Role(VARIABLE_NAME, "read variable name", conf))


def _printf(vals, i, sem, conf, via):
    n = len(vals)
    if i + 1 < n and vals[i + 1] == "-v" and i + 2 < n:
        sem.add(i + 2, Role(VARIABLE_NAME, "printf -v variable name", conf))
    elif i + 1 < n and vals[i + 1] is not None and vals[i + 1].startswith("-v") and len(vals[i + 1]) > 2:
        sem.add(i + 1, Role(VARIABLE_NAME, "printf -v variable name", conf))


def _unset(vals, i, sem, conf, via):
    j, seen = _skip_options(vals, i + 1)
    if "-f" in seen:
        return
    for k in range(j, len(vals)):
        sem.add(k, Role(VARIABLE_NAME, "unset variable name", conf))


def _test_v(vals, i, sem, conf, via):
    n = len(vals)
    for k in range(i + 1, n - 1):
        if vals[k] == "-v":
            sem.add(k + 1, Role(VARIABLE_NAME, f"{vals[i]} -v variable name", conf))


def _let(vals, i, sem, conf, via):
    for k in range(i + 1, len(vals)):
        sem.add(k, Role(ARITHMETIC, "let expression", conf))


def _tee(vals, i, sem, conf, via):
    ended = False
    for k in range(i + 1, len(vals)):
        v = vals[k]
        if v == "--" and not ended:
            ended = True
            continue
        if v is None and not (not ended and _pre(vals, k).startswith("-")):
            sem.add(k, Role(FILE_WRITE, f"{via}tee output file", conf))


def _dd(vals, i, sem, conf, via):
    for k in range(i + 1, len(vals)):
        if vals[k] is None and _pre(vals, k).startswith("of="):
            sem.add(k, Role(FILE_WRITE, f"{via}dd of= output file", conf))


def _curl(vals, i, sem, conf, via):
    n = len(vals)
    for k in range(i + 1, n - 1):
        v = vals[k]
        if v in (
            "-o",
            "--output",
            "--output-dir",
            "-c",
            "--cookie-jar",
            "-D",
            "--dump-header",
            "--trace",
            "--trace-ascii",
            "--stderr",
        ):
            sem.add(k + 1, Role(FILE_WRITE, f"{via}curl {v} file", conf))
    # no --output=FILE: curl has no --option=value form (programs.Options.long_equals; curl
    # 7.88 exits 2 "option --output=FILE: is unknown" and writes nothing)


def _wget(vals, i, sem, conf, via):
    n = len(vals)
    for k in range(i + 1, n):
        v = vals[k]
        if (
            v in ("-O", "--output-document", "-o", "--output-file", "-a", "--append-output", "-P", "--directory-prefix")
            and k + 1 < n
        ):
            sem.add(k + 1, Role(FILE_WRITE, f"{via}wget {v} file", conf))
        elif v is None and _pre(vals, k).startswith(("--output-document=", "--output-file=", "--directory-prefix=")):
            sem.add(k, Role(FILE_WRITE, f"{via}wget {_pre(vals, k).split('=')[0]} file", conf))


def _interp(p):
    return lambda v, i, s, c, via: _perl_like(
        v,
        i,
        s,
        c,
        via,
        p.code_short,
        p.value_short,
        frozenset(p.code_long),
        digit_letters=p.digit_short,
        attached_letters=p.attached_short,
        load=frozenset(p.load_options.split()),
    )


INTERPRETERS = {
    n: _interp(p) for p in _PROGRAMS if p.family == "interpreter" and not p.name.startswith("python") for n in p.names
}

# argv grammars of the programs whose words carry code, a file to write or a variable
# name; which program uses which is the ``handler`` of its entry in programs.py
# (checked after the shells, Python, awk, sed and INTERPRETERS families).
HANDLERS = {
    "eval": _eval,
    "source": _source,
    "trap": _trap,
    "alias": _alias,
    "hash": _hash,
    "su": _su,
    "ssh": _ssh,
    "watch": _watch,
    "parallel": _parallel,
    "flock": _flock_c,
    "script": _script,
    "mapfile": _mapfile,
    "compgen": _compgen,
    "read": _read,
    "printf": _printf,
    "unset": _unset,
    "test": _test_v,
    "let": _let,
    "tee": _tee,
    "dd": _dd,
    "curl": _curl,
    "wget": _wget,
    "sed": _sed,
    "adb": _adb,
    "wm-msg": _wm_msg,
}


def _arguments_run(vals: Vals, i: int, sem: Semantics, conf: str, via: str, name: str, lang: str) -> None:
    """``python3 -c 'os.system("ls " + sys.argv[1])' VALUE``: an argument the program text
    hands to a shell or to eval (code_taint.run_arguments) is code, though it is passed
    as an argument."""
    code_at = next(
        (k for k in range(i + 1, len(vals)) for r in sem.roles.get(k, ()) if r.kind == INTERP_CODE),
        None,
    )
    code = vals[code_at] if code_at is not None else None
    if code_at is None or code is None:
        return
    from . import code_taint

    spec = code_taint.PYTHON if lang == "python" else code_taint.NODE
    if code.startswith("-"):
        code = code[2:]  # -cCODE
    runs = code_taint.run_arguments(code, spec)
    if not runs:
        return
    first = code_at + 1
    if lang == "node" and first < len(vals) and vals[first] == "--":
        first += 1  # node -e CODE -- ARGS: process.argv[1] is the word after --
    for k in range(first, len(vals)):
        idx = k - first + spec.first
        kind = runs.get(idx) or runs.get(None)
        if kind is None:
            continue
        role_kind = SHELL_CODE if kind == "shell" else INTERP_CODE
        what = "a shell command line" if kind == "shell" else "eval"
        sem.add(k, Role(role_kind, f"{via}{name} program passes its argument {idx} to {what}", conf))


def _interpreter_at(vals: Vals, i: int, sem: Semantics, conf: str, via: str) -> bool:
    """Fill roles for the interpreter/sink command at ``i``; True when known."""
    v = vals[i]
    if v is None:
        return False
    name = basename(v)
    if name in SHELLS:
        _shell(vals, i, sem, conf, via)
    elif is_python(name):
        _python(vals, i, sem, conf, via)
        _arguments_run(vals, i, sem, conf, via, name, "python")
    elif name in AWKS:
        _awk(vals, i, sem, conf, via)
    elif name in INTERPRETERS:
        INTERPRETERS[name](vals, i, sem, conf, via)
        if name in ("node", "nodejs"):
            _arguments_run(vals, i, sem, conf, via, name, "node")
    else:
        p = _BY_NAME.get(name)
        if p is not None and p.code_subcommand:  # deno eval CODE
            if i + 2 < len(vals) and vals[i + 1] == p.code_subcommand:
                sem.add(i + 2, Role(INTERP_CODE, f"{via}{name} {p.code_subcommand} program", conf))
                return True
            return False
        if p is None or not (p.handler or p.stdin_reads):
            return False
        if p.handler:
            HANDLERS[p.handler](vals, i, sem, conf, via)
        else:
            sem.stdin_code = via + p.stdin_reads.format(name=name)
            sem.stdin_confidence = p.stdin_confidence
    return True


def _find_exec(vals: Vals, i: int, sem: Semantics, conf: str, via: str, depth: int, primaries: frozenset) -> None:
    name = basename(vals[i] or "")
    n = len(vals)
    k = i + 1
    while k < n:
        if vals[k] in primaries and k + 1 < n:
            start = k + 1
            end = start
            while end < n and vals[end] not in (";", "+"):
                end += 1
            sub = vals.sub(start, end) if isinstance(vals, Argv) else Argv(vals[start:end])
            inner = _semantics(sub, depth + 1, f"{via}{name} {vals[k]} ")
            for idx, roles in inner.roles.items():
                for r in roles:
                    sem.add(start + idx, r)
            if inner.name_index is not None and sub and inner.name is None:
                sem.add(start + inner.name_index, Role(COMMAND_NAME, f"{via}{name} {vals[k]} command", conf))
            k = end + 1
            continue
        k += 1


def _nested_scan(vals: Vals, i: int, sem: Semantics, via: str, depth: int) -> None:
    """Runner commands (docker run ..., kubectl exec ... --): look for an embedded
    shell or interpreter word and parse from there."""
    name = basename(vals[i] or "")
    conf = "high" if name in RUNNERS else "medium"
    for k in range(i + 1, len(vals)):
        v = vals[k]
        if v is None:
            continue
        b = basename(v)
        if b in SHELLS or is_python(b) or b in AWKS or b in INTERPRETERS or b == "eval":
            probe = Semantics(None, None, ())
            _interpreter_at(vals, k, probe, conf, f"{via}{name} … ")
            # a nested interpreter only counts when it really has a code argument
            if probe.roles:
                for idx, roles in probe.roles.items():
                    for r in roles:
                        if r.kind in (SHELL_CODE, INTERP_CODE):
                            sem.add(idx, r)
                return


def semantics(vals: Vals, pre: Sequence[str] | None = None) -> Semantics:
    """Roles of every word of one simple command's argv (``vals[0]`` = command word).

    ``pre``: static prefix of each word (see :class:`Argv`)."""
    argv = vals if isinstance(vals, Argv) and pre is None else Argv(vals, pre)
    return _semantics(argv, 0, "")


def shared_semantics(vals: tuple, pre: tuple) -> Semantics:
    """:func:`semantics` of ``(vals, pre)``, computed once per argv while the program table
    is unchanged (its version is part of the key; :func:`programs.register` bumps it).
    Commands with equal argvs get the same object: read it, never change it."""
    return _shared_semantics(vals, pre, _table.version())


@lru_cache(maxsize=4096)  # bounded: generated manuals repeat a few hundred command lines
def _shared_semantics(vals: tuple, pre: tuple, version: int) -> Semantics:
    return _semantics(Argv(vals, pre), 0, "")


_STDIN_NAMES = ("-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0")


_OPTION_FILES: dict = {}  # id(Options) -> (the entry, its facts): entries are immutable


def option_files_of(o) -> tuple:
    """The ``programs.OptionFile`` facts of an ``Options`` entry and its sub-commands
    (computed once per entry: every command naming the program asks)."""
    got = _OPTION_FILES.get(id(o))
    if got is not None and got[0] is o:
        return got[1]
    out = _option_files_of(o)
    _OPTION_FILES[id(o)] = (o, out)  # the entry held: its id is never reused
    return out


def _option_files_of(o) -> tuple:
    out = tuple(o.option_files)
    if o.default_subcommand is not None:
        out += tuple(o.default_subcommand.option_files)
    for _w, so in o.subcommands:
        out += tuple(_option_files_of(so))
    return out


def _stdin_run_file(vals: Vals, i: int, keys: list) -> str | None:
    """The option (of ``keys``: programs.Options.runs_file_options) whose file is standard
    input in ``vals`` after ``i``: ``-f -``, ``-f-``, ``--file=-``, ``--makefile /dev/stdin``."""
    n = len(vals)
    for k in range(i + 1, n):
        v = vals[k]
        if v is None or v[:1] != "-":
            continue
        if v == "--":
            return None
        for o in keys:
            if v == o:
                arg = vals[k + 1] if k + 1 < n else "-"  # (a `-` before `2>&1` is dropped: see below)
            elif o.startswith("--") and v.startswith(o + "="):
                arg = v[len(o) + 1 :]
            elif not o.startswith("--") and v.startswith(o) and len(v) > len(o):
                arg = v[len(o) :]
            else:
                continue
            if arg in ("-", "/dev/stdin"):
                return o
    return None


def option_files_read(vals: Vals, i: int | None) -> list:
    """[(programs.OptionFile, argument)] of the command whose name is ``vals[i]``: each
    option naming a file of option lines it reads (``curl -K FILE``, ``--config=FILE``,
    ``pip install -r FILE``) with its static argument (None: dynamic); ``-`` and
    ``/dev/stdin`` mean standard input.  A last ``-K`` with no word after it is read as
    ``-K -``: tree-sitter-bash drops a ``-`` word before a descriptor redirection
    (``curl -K - 2>&1``, the form every step is run in; measured), and curl/pip/ssh reject
    the option without its argument."""
    if i is None:
        return []
    word = vals[i]
    if word is None:
        return []
    entry = _BY_NAME.get(basename(word))
    if entry is None or entry.options is None:
        return []
    files = option_files_of(entry.options)
    if not files:
        return []
    out: list = []
    n = len(vals)
    for of in files:
        if of.option == "" and _reads_stdin_document(vals, i, entry.options):
            out.append((of, "-"))  # (groff with no file operand reads its standard input)
    for k in range(i + 1, n):
        v = vals[k]
        if v is None or v[:1] != "-":
            continue
        for of in files:
            o = of.option
            if not o:
                continue
            if v == o:
                out.append((of, "-" if k + 1 == n else vals[k + 1]))
            elif v.startswith(o + "=") and o.startswith("--"):
                out.append((of, v[len(o) + 1 :]))
            elif len(o) == 2 and v.startswith(o) and len(v) > 2 and not o.startswith("--"):
                out.append((of, v[2:]))  # -K/dev/stdin, -Kfile
    return out


def _reads_stdin_document(vals: Vals, i: int, o) -> bool:
    """Whether the program ``vals[i]`` is given no file operand (or only ``-``): it then reads
    its standard input as the document (groff(1): "If no files are given, or a file is -,
    standard input is read").  Options taking a value (``o.short_values``, ``-T utf8``) skip
    their argument; ``--`` ends options; a dynamic word may be a file: not standard input."""
    n = len(vals)
    k = i + 1
    opts = True
    while k < n:
        v = vals[k]
        if v is None:
            return False
        if opts and v == "--":
            opts = False
        elif opts and v[:1] == "-" and len(v) > 1:
            letters = v[1:]
            for j, c in enumerate(letters):
                if c in o.short_values:
                    if j == len(letters) - 1:
                        k += 1  # its value is the next word
                    break
        elif v != "-":
            return False
        k += 1
    return True


def _stdin_option_file(vals: Vals, i: int) -> _table.OptionFile | None:
    """The ``programs.OptionFile`` whose argument is standard input, or None."""
    for of, arg in option_files_read(vals, i):
        if arg in _STDIN_NAMES:
            return of
    return None


def _semantics(vals: Vals, depth: int, via: str) -> Semantics:
    n = len(vals)
    wrappers: list[str] = []
    at: list[int] = []
    i = 0
    sem = Semantics(None, None, ())
    if n == 0:
        return sem
    conf = "high"
    while i < n and depth < 8:
        check()  # the CPU budget (linter/run/budget.py)
        v = vals[i]
        if v is None:
            sem.name_index = i
            break
        name = basename(v)
        fn = wrapper_fn(name)
        if fn is None:
            sem.name_index = i
            sem.name = name
            break
        if name == "xargs":
            rep = xargs_replace(vals, i)
            sem.xargs_replace = rep
        res = fn(vals, i)
        if isinstance(res, tuple) and res[0] == "split":
            # env -S STRING: the string is split into a command line
            _, j, seen = res
            for k in range(i + 1, j):
                if vals[k] is None or (k > i + 1 and vals[k - 1] in ("-S", "--split-string")):
                    sem.add(k, Role(COMMAND_NAME, "env -S command line", "high"))
            wrappers.append(name)
            at.append(i)
            sem.name_index = j if j < n else None
            i = j
            if j >= n:
                sem.wrappers = tuple(wrappers)
                sem.wrapper_at = tuple(at)
                return sem
            continue
        if res is None:
            # the wrapper does not run a following command, or it is a sink itself
            sem.name_index = i
            sem.name = name
            break
        wrappers.append(name)
        at.append(i)
        if res >= n:
            sem.name_index = None
            sem.name = None
            sem.wrappers = tuple(wrappers)
            sem.wrapper_at = tuple(at)
            # `sudo` / `su` alone etc. do not run a command from argv
            return sem
        i = res
    sem.wrappers = tuple(wrappers)
    sem.wrapper_at = tuple(at)
    if sem.name_index is None:
        return sem
    via2 = via + "".join(w + " … " for w in wrappers)
    if sem.name is None:
        # dynamic command word
        return sem
    # `--` position after the command name
    if "--" in vals:
        for k in range(sem.name_index + 1, n):
            if vals[k] == "--":
                sem.dashdash = k
                break
    known = _interpreter_at(vals, sem.name_index, sem, conf, via2)
    entry = _BY_NAME.get(sem.name)
    if entry is not None and entry.options is not None:
        of = _stdin_option_file(vals, sem.name_index)
        if of is not None:
            how = f"{of.option} - " if of.option else ""  # (option "": standard input by default)
            sem.stdin_options = (f"{via2}{sem.name} {how}(reads {of.lines} from standard input)", of)
        if entry.options.runs_file_options and not sem.stdin_code:
            opt = _stdin_run_file(vals, sem.name_index, entry.options.runs_file_options.split())
            if opt is not None:
                # `make -f - <<EOF`: the file it runs is standard input (GNU make manual "Arguments to
                # Specify the Makefiles": "-f -" reads the makefile from stdin; recipes run with sh)
                sem.stdin_code = f"{via2}{sem.name} {opt} - (runs the file it reads from standard input)"
                sem.stdin_confidence = "high"
    if entry is not None and entry.exec_primaries:
        _find_exec(vals, sem.name_index, sem, conf, via2, depth, entry.exec_primaries)
    elif not known and sem.name not in NON_EXEC:
        _nested_scan(vals, sem.name_index, sem, via2, depth)
    if "xargs" in wrappers and sem.xargs_replace:
        rep = sem.xargs_replace
        # stdin items are pasted into every word containing the replace string
        for idx, roles in list(sem.roles.items()):
            v = vals[idx]
            if v is not None and rep in v and any(r.kind in (SHELL_CODE, INTERP_CODE) for r in roles):
                sem.xargs_code = next(r.detail for r in roles if r.kind in (SHELL_CODE, INTERP_CODE))
                break
    return sem
