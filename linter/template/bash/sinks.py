"""Sinks: places where bash or another program evaluates a value again.

Arithmetic contexts, variable names, the command's roles from
:mod:`utcp_lint.template.bash_commands` (``bash -c``, ``python3 -c``, ``eval`` ...),
output redirections, and code reaching a reader through stdin or a pipeline.
"""

from __future__ import annotations

import bisect
import posixpath
from collections.abc import Iterable
from functools import cache

from ...core.cached import cached_property
from ...core.lazyre import lazy_compile
from .. import bash_commands as bc, programs as _programs
from .commands import CommandTable, SimpleCommand
from .model import (
    ARITHMETIC,
    COMMAND_NAME,
    FILE_WRITE,
    HEREDOC_UNQUOTED,
    INTERP_CODE,
    SHELL_CODE,
    STDIN_CODE,
    STDIN_OPTIONS,
    VARIABLE_NAME,
    Ref,
    Sink,
)
from .script import Script

# builtins that parse a quoted `NAME=(…)` word again as a compound assignment
# (bash 5.2, measured: declare/typeset/local/readonly -a|-A; export does not)
_COMPOUND_BUILTINS = frozenset({"declare", "typeset", "local", "readonly"})
_FILE_WRITE_OPS = frozenset({">", ">>", ">|", "&>", "&>>"})
_INTERP_FAMILIES = frozenset({"interpreter", "python", "awk"})


def _norm_path(p: str) -> str:
    n = posixpath.normpath(p)
    return n[2:] if n.startswith("./") else n


_STABLE_PATH = lazy_compile(r"(?:[^$\s'\"`\\]|\$\$|\$[A-Za-z_][A-Za-z0-9_]*(?![A-Za-z0-9_]))+")
# `[[ -v arr[` … up to the reference: an array name the template writes, subscript open
_OPEN_SUBSCRIPT = lazy_compile(r"(?:^|[\s(])-v\s+[A-Za-z_][A-Za-z0-9_]*\[[^\]\s]*$")
SUBSCRIPT_OF_V_TEST = "subscript of the array name [[ -v ]] tests"
_BRACED = lazy_compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-)?\}")


def _path_text(w) -> str | None:
    """A file name as written when it is not static but names the same file wherever it is
    written the same way in one step: only literal text, ``$$`` and plain variables
    (``/tmp/job_$$.py``, ``"$tmp"``, ``"${f:-}"`` after ``f=$(mktemp)``); None otherwise (a
    command substitution, a caller's value)."""
    if w.value is not None:
        return w.value
    t = _BRACED.sub(r"$\1", w.text.replace('"', ""))
    if "__UTCP_ARG_" in t or not _STABLE_PATH.fullmatch(t):
        return None
    return t


def _path_values(cmd: SimpleCommand) -> list:
    """``cmd.values`` with each dynamic word replaced by :func:`_path_text` (or None)."""
    vals = list(cmd.values)
    for j, v in enumerate(vals):
        if v is None and j < len(cmd.words):
            vals[j] = _path_text(cmd.words[j])
    return vals


def _files_run(cmd: SimpleCommand) -> list:
    """[(normalised path, sink kind, how)] of the files ``cmd`` runs as code: ``./f`` as
    the program, ``source f`` / ``. f``, a shell's script operand, an interpreter's
    script operand."""
    sem = cmd.semantics
    i = sem.name_index
    if i is None:
        return []
    vals = cmd.values
    word = vals[i]
    if word is not None and "/" in word:
        return [(_norm_path(word), SHELL_CODE, f"`{word}`")]  # run as a program: its #! line (or bash) reads it
    name = sem.name
    if name is None:
        return []
    if None in vals:
        vals = _path_values(cmd)
    if name in ("source", ".") or name in bc.SHELLS:
        if name in bc.SHELLS and any(v is not None and v.startswith("-") and "c" in v[1:] for v in vals[i + 1 :]):
            return []  # `bash -c CODE FILE`: FILE is $0, not a script
        for v in vals[i + 1 :]:
            if v is None or v == "--" or v.startswith("-"):
                continue
            return [(_norm_path(v), SHELL_CODE, f"`{name} {v}`")]
        return []
    if bc.is_python(name) or name in bc.AWKS or name in bc.INTERPRETERS:
        f = _script_operand(cmd, name, vals)
        out = [] if f is None else [(_norm_path(f), INTERP_CODE, f"`{name} {f}`")]
        return out + _modules_loaded(cmd, name, vals)
    entry = _programs.BY_NAME.get(name)
    opts = entry.options if entry is not None else None
    if opts is not None and opts.runs_files:
        return [(_norm_path(f), SHELL_CODE, f"`{name}` (runs {f})") for f in _files_named(cmd, name, vals, opts)]
    # a file of option lines (curl -K FILE, pip install -r FILE): programs.Options.option_files
    return [
        (_norm_path(arg), STDIN_OPTIONS, f"`{name} {of.option} {arg}`")
        for of, arg in bc.option_files_read(vals, i)
        if arg and arg not in ("-", "/dev/stdin")
    ]


# program text loading a file by name: node require("./f") / import "./f" / from "./f",
# ruby require_relative "f" / load "f", php include/require(_once) "f", perl require/do "f",
# python runpy.run_path("f"); a bare name is a package except for the file-only forms
_LOADS = lazy_compile(
    r"""\b(require_relative|require_once|require|include_once|include|import|from|load|do|run_path)\s*\(?\s*(["'])([^"'\s$`]+)\2"""
)
# python: `import cfg` / `from cfg import x` loads cfg.py from the script's directory (the
# working directory for -c: python(1) "sys.path[0] is the empty string")
_PY_IMPORT = lazy_compile(r"(?:^|[;\n]|\s)(?:import|from)\s+([A-Za-z_][A-Za-z0-9_]*)\b")
_FILE_ONLY = frozenset({"require_relative", "load", "do", "run_path", "include", "include_once", "require_once"})
_SOURCE_EXT = {"node": ".js", "nodejs": ".js", "ruby": ".rb", "php": ".php", "perl": ".pl"}


def _loaded_names(code: str, name: str) -> list:
    """The relative file names the program text ``code`` of interpreter ``name`` loads
    (``require("./cfg")`` -> cfg, cfg.js)."""
    out: list = []
    python = bc.is_python(name)
    if not python:
        for m in _LOADS.finditer(code):
            how, f = m.group(1), m.group(3)
            if how not in _FILE_ONLY and not f.startswith(("./", "../")):
                continue  # require("lodash"): a package
            ext = _SOURCE_EXT.get(name)
            if ext == ".js" and f.endswith(".json"):
                continue  # node parses a .json module as JSON (modules.html "File modules")
            out.append(f)
            if ext and not f.endswith(ext):
                out.append(f + ext)  # require("./cfg") resolves cfg.js (node: modules.html)
    else:
        out.extend(m.group(1) + ".py" for m in _PY_IMPORT.finditer(code))
    return out


def _modules_loaded(cmd: SimpleCommand, name: str, vals: list) -> list:
    """[(path, INTERP_CODE, how)] of the files an interpreter's static program text or its
    module-loading options (programs.Program.load_options: node -r ./f) name to load."""
    roles = cmd.semantics.roles
    out: list = []
    for k, rs in roles.items():
        v = vals[k] if k < len(vals) else None
        if v and any(r.kind == INTERP_CODE for r in rs) and ("(" in v or " " in v or "\n" in v):
            out.extend(
                (_norm_path(f), INTERP_CODE, f"`{name}` (its program loads {f})") for f in _loaded_names(v, name)
            )
    entry = _programs.BY_NAME.get(name)
    load = entry.load_options.split() if entry is not None else ()
    if load:
        for k in range(1, len(vals) - 1):
            if vals[k] in load and vals[k + 1]:
                out.append((_norm_path(vals[k + 1]), INTERP_CODE, f"`{name} {vals[k]} {vals[k + 1]}`"))
    return out


def _files_named(cmd: SimpleCommand, name: str, vals: list, opts) -> list:
    """The files a program that runs a file as code reads (``make -f FILE``, else its
    default files), read through the option grammar (programs.Options.runs_files)."""
    from ..option_scan import walk
    from ..option_table import lookup

    i = cmd.semantics.name_index
    if i is None:
        return []
    wk = walk(lookup(name), vals, i + 1)
    keys = opts.runs_file_options.split()
    named = []
    for idx, (key, off) in (wk.args or {}).items():
        v = vals[idx]
        if key in keys and v:
            named.append(v[off:] if off is not None else v)
    return named or opts.runs_files.split()


# names of the files programs run by default (make: Makefile): a write to one is followed
_DEFAULT_RUN_NAMES = frozenset(
    f for p in _programs.ALL_PROGRAMS if p.options is not None for f in p.options.runs_files.split()
)


def _run_later(path: str) -> tuple | None:
    """(who, source) when ``path`` is a file another program runs as shell code later
    (programs.RUN_LATER_PATHS: ~/.bashrc, .git/hooks/*, /etc/cron.d/* …)."""
    p = path.replace("${HOME}/", "~/").replace("$HOME/", "~/")
    for pattern, who, source in _programs.RUN_LATER_PATHS:
        if glob_matches(p, pattern) or (pattern.startswith("*") and glob_matches("/" + p, pattern)):
            return who, source
    return None


@cache
def _star_pieces(pattern: str) -> tuple[str, ...] | None:
    """The literal pieces between the ``*`` of ``pattern`` (None: it has ``?`` or ``[``)."""
    return None if "?" in pattern or "[" in pattern else tuple(pattern.split("*"))


def glob_matches(s: str, pattern: str) -> bool:
    """``fnmatch.fnmatchcase(s, pattern)``; a pattern whose only wildcard is ``*`` (every
    path of programs.RUN_LATER_PATHS) is matched piece by piece, without compiling a
    regular expression per pattern (21 of them, ~8M instructions a run)."""
    pieces = _star_pieces(pattern)
    if pieces is None:
        import fnmatch

        return fnmatch.fnmatchcase(s, pattern)
    first = pieces[0]
    if len(pieces) == 1:
        return s == first
    last = pieces[-1]
    end = len(s) - len(last)
    if end < len(first) or not s.startswith(first) or not s.endswith(last):
        return False
    pos = len(first)
    for mid in pieces[1:-1]:  # each piece at its leftmost place: a later one has the most room
        i = s.find(mid, pos, end)
        if i < 0:
            return False
        pos = i + len(mid)
    return True


# options whose argument is the program text itself (python -c/-m, perl/ruby/node -e, php -r):
# then no operand is a script file (python(1), perlrun(1), ruby(1), node(1), php(1))
_INLINE_CODE = frozenset({"-c", "-m", "-e", "-E", "-r", "--eval", "--print", "-p"})


def _script_operand(cmd: SimpleCommand, name: str, vals: list) -> str | None:
    """The file an interpreter runs, read through the option grammar: the argument of
    ``-f``/``--file`` (awk(1), sed(1)), else its first operand unless an option gives the
    code inline (``python3 show.py out.txt`` runs show.py: out.txt is only its argument;
    ``awk '{…}' data`` runs no file)."""
    from ..option_scan import walk
    from ..option_table import lookup

    i = cmd.semantics.name_index
    if i is None:
        return None
    wk = walk(lookup(name), vals, i + 1)
    inline = False
    for idx, (key, off) in (wk.args or {}).items():
        v = vals[idx]
        if key in ("-f", "--file") and v:
            return v[off:] if off is not None else v
        inline = inline or key in _INLINE_CODE
    if inline or name in bc.AWKS or wk.first_operand is None:
        return None
    v = vals[wk.first_operand]
    return v or None


def _env_choice_sink(ref: Ref, cmd: SimpleCommand | None) -> Sink | None:
    """The value is assigned to a variable that chooses the code that runs (``PATH=V:…
    git``, ``LD_PRELOAD=V cmd``, ``export PYTHONPATH=V``): for the command it prefixes,
    for an ``export``, and for ``PATH`` (bash's own lookup) anywhere."""
    from ...executor.envsafe import chooses_code

    name = ref.assignment or ""
    why = chooses_code(name)
    if why is None:
        return None
    exported = cmd is not None and (
        cmd.kind == "command" or (cmd.kind == "declaration" and cmd.values[:1] in (["export"], ["declare"]))
    )
    if not exported and name != "PATH":
        return None
    return Sink(COMMAND_NAME, f"{name}=…: {why}", "medium", cmd)


def _envsubst_pastes(ref: Ref, cmd: SimpleCommand | None) -> bool:
    """``NAME=VALUE envsubst [SHELL-FORMAT]``: envsubst substitutes every environment
    variable its input names, or only those SHELL-FORMAT names (envsubst(1), GNU gettext)."""
    if cmd is None or cmd.kind != "command" or cmd.semantics.name != "envsubst":
        return False
    name = ref.assignment or ""
    ni = cmd.semantics.name_index
    if not name or ni is None:
        return False
    operands = [v for v in cmd.values[ni + 1 :] if v is None or not v.startswith("-")]
    if not operands:
        return True
    fmt = operands[0]
    return fmt is None or f"${name}" in fmt or f"${{{name}}}" in fmt


def _env_code_sink(ref: Ref, cmd: SimpleCommand | None) -> Sink | None:
    """``F=VALUE awk 'BEGIN { system("wc -l < " ENVIRON["F"]) }'`` (and python's
    ``os.environ["F"]``, node's ``process.env.F``): the program the assignment prefixes
    reads the variable and runs it in a shell command line (code_taint)."""
    if cmd is None or cmd.kind != "command":
        return None
    sem = cmd.semantics
    name = sem.name or ""
    lang = (
        "awk" if name in bc.AWKS else "python" if bc.is_python(name) else "node" if name in ("node", "nodejs") else ""
    )
    if not lang:
        return None
    var = ref.assignment or ""
    for k, roles in sem.roles.items():
        code = cmd.values[k] if k < len(cmd.values) else None
        if code is None or not any(r.kind == INTERP_CODE for r in roles) or var not in code:
            continue
        from .. import code_taint

        if lang == "awk":
            hit = bool(code_taint.awk_runs(code, frozenset(), frozenset({var})))
        else:
            spec = code_taint.PYTHON if lang == "python" else code_taint.NODE
            hit = var in code_taint.run_arguments(code[2:] if code.startswith("-") else code, spec, frozenset({var}))
        if hit:
            return Sink(
                SHELL_CODE, f"{var}=…: the {name} program reads it and runs it in a shell command line", "high", cmd
            )
    return None


def _xargs_split(cmd: SimpleCommand) -> str | None:
    """How xargs splits its input into arguments, from its options (GNU findutils
    xargs(1)): on blanks and newlines, removing quotes and backslashes, by default.
    With -I it reads whole lines (-L still splits a line on blanks): a value holding a newline runs the command once
    per line (xargs(1): "-I replace-str ... Also, unquoted blanks do not terminate input
    items; instead the separator is the newline character"; proven with a stub that logs
    each run, tests/test_split_words.py).  None with -0/--null, -d (one delimiter), or a
    dynamic option."""
    vals = cmd.values
    i = next((k for k, v in enumerate(vals) if v == "xargs" or (v and v.endswith("/xargs"))), None)
    if i is None:
        return None
    end = cmd.semantics.name_index if cmd.semantics.name_index is not None else len(vals)
    lines = False
    for v in vals[i + 1 : end]:
        if v is None or v.startswith(("-0", "--null", "-d", "--delimiter")):
            return None
        if v.startswith(("-I", "-i", "--replace")):
            lines = True
    if lines:
        return "into lines (-I): a value holding a newline runs the command once per line"
    return "on blanks and newlines, removing quotes and backslashes"


_COMMAND_BREAK = lazy_compile(r"[\n;|&]")
_PRINTF_CONV_RE = lazy_compile(r"%(?:%|[-+ #0']*(\d*|\*)(?:\.(\d*|\*))?([a-zA-Z]))")


def printf_q_literal(cmd: SimpleCommand, wi: int) -> bool:
    """``printf 'export NAME=%q\\n' VALUE > f`` then ``. f``: the argument at word ``wi``
    is written through a ``%q`` conversion into a format with no quote, backquote,
    backslash (other than ``\\n``/``\\t``), ``$`` or ``<<``, so the file holds the value as
    unquoted shell words that re-parse to the value's own bytes (bash(1) printf: "%q causes
    printf to output the corresponding argument in a format that can be reused as shell
    input"; measured for ``$(…)``, backquotes, quotes, ``;`` and newlines in
    tests/test_split_words.py).  Inside quotes of the written code it is not literal
    (see valueflow._q_safe_use), so any quote in the format keeps the sink."""
    sem = cmd.semantics
    ni = sem.name_index
    if sem.name != "printf" or ni is None or wi <= ni + 1:
        return False
    fmt = cmd.values[ni + 1] if ni + 1 < len(cmd.values) else None
    if fmt is None or fmt.startswith("-"):
        return False  # a dynamic format, or -v (no file written by printf itself)
    text = fmt.replace("\\n", "\n").replace("\\t", "\t")
    if any(c in text for c in "'\"`\\$") or "<<" in text:
        return False
    convs = []
    for m in _PRINTF_CONV_RE.finditer(text):
        if m.group(0) == "%%":
            continue
        if "*" in (m.group(1) or "") or "*" in (m.group(2) or ""):
            return False  # a `*` width takes an argument: the mapping is not followed
        convs.append((m.group(3), m.start()))
    if not convs:
        return False
    conv, at = convs[(wi - ni - 2) % len(convs)]
    if not _COMMAND_BREAK.split(text[:at])[-1].strip():
        return False  # `%q` first in its command: the value names the program that runs
    return conv in ("q", "Q")


_COMPOUND_RE = lazy_compile(r"[A-Za-z_]\w*(?:\[[^\]]*\])?\+?=\(")


# compound commands whose inner commands write to the compound's own standard output
_GROUP_NODES = frozenset(
    {
        "subshell",
        "compound_statement",
        "list",
        "if_statement",
        "elif_clause",
        "else_clause",
        "do_group",
        "for_statement",
        "c_style_for_statement",
        "while_statement",
        "case_item",
        "case_statement",
    }
)


class SinkFinder:
    """The sinks of a reference in its context, for the classification pass
    (:mod:`.references`): one per analysis, holding what it learns of the script's
    commands once (files they run, commands by name, pipelines with ``tee``)."""

    def __init__(self, script: Script, commands: CommandTable) -> None:
        self.script = script
        self.commands = commands
        self._written_memo: dict = {}  # (start, end) of a command -> written_then_run's answer

    def _in_written_subscript(self, ref: Ref) -> bool:
        """The reference sits inside the ``[…]`` of an array name the template writes
        (``arr[VALUE]``), not in the name itself."""
        before = self.script.text[max(0, ref.ref_start - 120) : ref.ref_start]
        return _OPEN_SUBSCRIPT.search(before) is not None

    def find(self, ref: Ref, cmd: SimpleCommand | None, name_ctx: str | None) -> list:
        """The sinks of ``ref``, a reference in ``cmd`` (``name_ctx``: the variable-name
        context the classification found, e.g. ``-v variable name``)."""
        sinks: list = []
        if ref.arithmetic:
            sinks.append(Sink(ARITHMETIC, ref.arithmetic, "high", cmd))
        if name_ctx and (ref.test == "[[" or ref.test == "[" or ref.assignment is not None):
            if ref.test == "[[" and name_ctx == "-v variable name" and self._in_written_subscript(ref):
                # `[[ -v arr[VALUE] ]]`: bash 5.2 expands the subscript once (measured:
                # no command runs for `$(…)` in the value), bash 5.0/5.1 expand it again
                # (assoc_expand_once off by default), where `$(…)` in the value runs
                sinks.append(Sink(VARIABLE_NAME, SUBSCRIPT_OF_V_TEST, "medium", cmd))
            else:
                sinks.append(Sink(VARIABLE_NAME, name_ctx, "high", cmd))
        if ref.context == "assignment" and ref.assignment and ref.expands:
            sk = _env_choice_sink(ref, cmd)
            if sk is not None:
                sinks.append(sk)
            sk = _env_code_sink(ref, cmd)
            if sk is not None:
                sinks.append(sk)
            if _envsubst_pastes(ref, cmd):
                # `APP=VALUE envsubst < deploy.tpl | bash`: envsubst writes the variable's
                # value into its output as it is (GNU gettext envsubst(1)); where that output
                # is run, the value is code
                assert cmd is not None
                via = f"{ref.assignment}=… pasted by envsubst into its output"
                for s in (self._downstream_sink(cmd, via), self._written_then_run(cmd)):
                    if s is not None:
                        sinks.append(s)
        if cmd is None:
            return sinks
        sem = cmd.semantics
        wi = ref.word_index
        if wi is not None:
            self._word_sinks(ref, cmd, wi, sinks)
        if wi is not None and sem.name in ("cd", "pushd") and sem.name_index is not None and wi > sem.name_index:
            s = self._relative_run_after(cmd)
            if s is not None:
                sinks.append(s)
        self._redirect_sinks(ref, cmd, sinks)
        if ref.context != "redirect" and (
            (ref.heredoc is not None and ref.quoting == HEREDOC_UNQUOTED)
            or ref.herestring
            or (
                wi is not None
                and sem.name in bc.PRINTERS
                and sem.name_index is not None
                and wi > sem.name_index
                and not printf_q_literal(cmd, wi)
            )
        ):
            s = self._written_then_run(cmd)
            if s is not None:
                sinks.append(s)
        self._stdin_sinks(ref, cmd, wi, sinks)
        return sinks

    def _word_sinks(self, ref: Ref, cmd: SimpleCommand, wi: int, sinks: list) -> None:
        """What the command does with argv word ``wi``: its roles (``bash -c``, ``eval``…),
        the command name, a declaration's variable name or compound string."""
        sem = cmd.semantics
        conf_part = "high" if ref.whole_word else "medium"
        for role in sem.roles.get(wi, ()):
            if role.kind == ARITHMETIC and ref.arithmetic:
                continue
            if role.detail.endswith(bc.ALIAS_BODY) and not self._alias_used(cmd, wi):
                continue
            sinks.append(Sink(role.kind, role.detail, role.confidence, cmd))
        if cmd.kind == "command" and sem.name_index is not None and wi == sem.name_index and sem.name is None:
            sinks.append(
                Sink(
                    COMMAND_NAME,
                    "command name" + (f" (after {' '.join(sem.wrappers)})" if sem.wrappers else ""),
                    conf_part,
                    cmd,
                )
            )
        if "env" in sem.wrappers and sem.name_index is not None and wi < sem.name_index and wi < len(cmd.statics):
            # `env NAME=VALUE PROG`: env(1) puts NAME=VALUE in PROG's environment, as a prefix
            # assignment does (`env PERL5OPT=-Mx perl …`, `env LD_PRELOAD=… cmd`)
            pre = cmd.statics[wi][1] or ""
            eq = pre.find("=")
            if eq > 0 and pre[:eq].isidentifier():
                from ...executor.envsafe import chooses_code

                why = chooses_code(pre[:eq])
                if why is not None:
                    sinks.append(Sink(COMMAND_NAME, f"env {pre[:eq]}=…: {why}", "medium", cmd))
        kw = cmd.statics[0][0] if cmd.statics else None
        if cmd.kind == "declaration" and wi > 0 and ref.assignment is None and kw in ("declare", "typeset", "local"):
            # `declare "$V"=x` evaluates a subscript in the name, and so does `declare "$V"`
            # when the value itself holds the `=` (V = `a[$(cmd)]=1` runs cmd; `local`,
            # `typeset`, `declare -a`/`--` alike); `export`/`readonly` reject the name first
            # (all measured with bash 5.2.15: tests/test_declare_subscript.py)
            pre = cmd.statics[wi][1]
            node = cmd.word_nodes[wi] if wi < len(cmd.word_nodes) else None
            # the word's text before this value (`declare "$K=$V"`: V is after the `=`, a
            # value, never evaluated as a name: measured, bash 5.2.15)
            before = self.script.text[self.script.char(node.start_byte) : ref.script_start] if node else pre
            # `declare -p NAME` / `-f`/`-F` only print: the name is not evaluated (measured)
            prints = any(
                (v or "").startswith("-") and v != "--" and any(c in v for c in "pfF") for v, _p in cmd.statics[1:wi]
            )
            if "=" not in pre and "=" not in before and not pre.startswith("-") and not prints:
                sinks.append(Sink(VARIABLE_NAME, f"{kw} variable name", "high", cmd))
        if cmd.kind == "declaration" and wi > 0 and kw in _COMPOUND_BUILTINS:
            sk = self._compound_string_sink(cmd, wi, ref, kw)
            if sk is not None:
                sinks.append(sk)

    def _redirect_sinks(self, ref: Ref, cmd: SimpleCommand, sinks: list) -> None:
        """The target of an output redirection (and ``>&WORD``, expanded again)."""
        if ref.redirect is not None and ref.redirect.writes and ref.context == "redirect":
            rd = ref.redirect
            if rd.op == ">&" and rd.fd is None and not (rd.target and rd.target.value):
                # `>&WORD` (no descriptor number before it): a word that does not expand to a
                # number is expanded AGAIN as the file name (bash 5.2, measured: `>&"$v"` with
                # v='$(cmd)' runs cmd)
                sinks.append(Sink(SHELL_CODE, "`>&WORD` redirection (bash expands a non-number again)", "high", cmd))
            elif rd.op != ">&" or not (rd.target and rd.target.value):
                sinks.append(Sink(FILE_WRITE, f"output redirection {rd.op}", self._path_confidence(ref), cmd))

    def _stdin_sinks(self, ref: Ref, cmd: SimpleCommand, wi: int | None, sinks: list) -> None:
        """Code reaching a reader through standard input: a heredoc or here-string read
        by a code reader, or printed into a pipeline that ends in one."""
        sem = cmd.semantics
        feeds = False
        if ref.heredoc is not None and ref.quoting == HEREDOC_UNQUOTED:
            feeds = True
        elif ref.herestring:
            feeds = True
        if feeds:
            if sem.stdin_code:
                via = "here-string" if ref.herestring else "heredoc"
                sinks.append(Sink(STDIN_CODE, f"{via} read by {sem.stdin_code}", sem.stdin_confidence, cmd))
            elif sem.stdin_options:
                via = "here-string" if ref.herestring else "heredoc"
                sinks.append(Sink(STDIN_OPTIONS, f"{via} read by {sem.stdin_options[0]}", "high", cmd))
            elif sem.xargs_code:
                via = "here-string" if ref.herestring else "heredoc"
                sinks.append(
                    Sink(
                        STDIN_CODE,
                        f"{via} read by xargs, which pastes each line into the {sem.xargs_code}",
                        "high",
                        cmd,
                    )
                )
            elif sem.name in bc.PASS_THROUGH:
                s = self._downstream_sink(cmd, "heredoc" if ref.heredoc else "here-string")
                if s:
                    sinks.append(s)
        elif (
            wi is not None
            and sem.name in bc.PRINTERS
            and sem.name_index is not None
            and wi > sem.name_index
            and not sem.roles.get(wi)
        ):
            s = self._downstream_sink(cmd, sem.name + " output")
            if s:
                sinks.append(s)

    def _compound_string_sink(self, cmd: SimpleCommand, wi: int, ref: Ref, kw: str) -> Sink | None:
        """``declare -a "arr=(… VALUE …)"``: a compound assignment that reaches the builtin
        as one quoted word is parsed again as shell words, so expansions in the value
        run (bash 5.2; an unquoted ``arr=("$v")`` is parsed once, by the shell)."""
        node = cmd.word_nodes[wi]
        if node.type == "variable_assignment":
            val = node.child_by_field_name("value")
            if val is None or val.type == "array":
                return None  # `arr=("$v")`: the shell parsed the array itself, once
        flags = "".join(v[1:] for v in cmd.values[1:wi] if v and v.startswith("-"))
        if "a" not in flags and "A" not in flags:
            return None  # without -a/-A the word is a plain string (unless NAME is an array already)
        raw = self.script.text[self.script.char(node.start_byte) : ref.script_start]
        if not _COMPOUND_RE.match(raw.replace('"', "").replace("'", "")):
            return None
        return Sink(
            SHELL_CODE, f'{kw} "NAME=(…)": a compound assignment in one quoted word is parsed again', "high", cmd
        )

    def _alias_used(self, cmd: SimpleCommand, wi: int) -> bool:
        """``alias NAME=…`` is used: expand_aliases is set and NAME is the command word of
        a later command of the same step on a later line (bash reads a whole line before
        it defines the alias, and every step is its own ``$( )``)."""
        pre = cmd.prefix(wi)
        name = pre.split("=", 1)[0]
        if not name or "expand_aliases" not in self.script.text:
            return False  # a non-interactive bash expands no alias without shopt -s expand_aliases
        for start in self._command_words.get((cmd.step, name), ()):
            if start >= cmd.end and "\n" in self.script.text[cmd.end : start]:
                return True
        return False

    @cached_property
    def _command_words(self) -> dict:
        """(step, static command word) -> start offsets of the commands, in script order."""
        out: dict = {}
        for c in self.commands.commands:
            if c.kind == "command" and c.values and c.values[0] is not None:
                out.setdefault((c.step, c.values[0]), []).append(c.start)
        return out

    @cached_property
    def _file_runners(self) -> dict:
        """Normalised path -> [(start, sink kind, how, command)] of the commands that run
        that file as code, in script order (one pass over the commands)."""
        out: dict = {}
        for c in self.commands.commands:
            if c.kind != "command":
                continue
            for path, kind, how in _files_run(c):
                out.setdefault(path, []).append((c.start, kind, how, c))
        return out

    def _relative_run_after(self, cmd: SimpleCommand) -> Sink | None:
        """``cd VALUE && ./run.sh``: a later command of the same step runs a file by a
        relative path, which the directory the value chose now decides."""
        starts, runners = self._relative_runners
        k = bisect.bisect_left(starts, cmd.end)
        if k == len(starts) or runners[k][2].step != cmd.step:
            return None  # the next relative run is in another step (its own subshell) or none
        _start, how, later = runners[k]
        return Sink(COMMAND_NAME, f"{cmd.semantics.name} to the value, then {how} from there", "medium", later)

    @cached_property
    def _relative_runners(self) -> tuple:
        """(starts, [(start, how, command)]) of the commands that run a file by a relative
        path, in script order (bisected by :meth:`_relative_run_after`)."""
        rows = [
            (start, how, later)
            for path, lst in self._file_runners.items()
            if not path.startswith("/")
            for start, _kind, how, later in lst
        ]
        rows.sort(key=lambda r: r[0])
        return [r[0] for r in rows], rows

    def _written_then_run(self, cmd: SimpleCommand) -> Sink | None:
        memo = self._written_memo
        key = (cmd.start, cmd.end)
        if key not in memo:
            memo[key] = self._written_then_run_uncached(cmd)
        return memo[key]

    def _written_then_run_uncached(self, cmd: SimpleCommand) -> Sink | None:
        """The value is written into a file (``echo "…" > f``, ``cat > f <<EOF``, ``echo "…" |
        tee f``) that a
        later command runs as code (``source f``, ``. f``, ``bash f``, ``./f``,
        ``python3 f``): a sink at the write."""
        written: list = []  # static file names the value is written to
        if ">" in self.script.text[cmd.start : cmd.end].replace("2>&1", ""):
            # (no output redirection but the runtime's own `2>&1`: no redirect model needed)
            for rd in cmd.redirects:
                if rd.op in _FILE_WRITE_OPS and rd.fd in (None, "1") and rd.target is not None:
                    t = _path_text(rd.target)  # static, or `> "/tmp/job_$$.py"`, `> "$tmp"`
                    if t:
                        written.append(t)
        if cmd.step is not None and cmd.step in self._steps_with_tee:
            # `echo "…" | tee [-a] f`: the next stages copy the value into their file operands
            for nxt in self.commands.later_stages(cmd):
                if nxt.semantics.name == "tee" and nxt.semantics.name_index is not None:
                    written.extend(v for v in nxt.values[nxt.semantics.name_index + 1 :] if v and v[0] != "-")
                if nxt.semantics.name not in bc.PASS_THROUGH:
                    break
        targets = set()
        for w in written:
            t = _norm_path(w)
            later = _run_later(t)
            if later is not None:
                return Sink(
                    SHELL_CODE, f"written to {w}, which {later[0]} runs as shell code ({later[1]})", "medium", cmd
                )
            base = posixpath.basename(t)
            if (
                not t.startswith("/dev/")
                and (
                    "$" in t
                    or base in self.script.text[cmd.end :]
                    or t in _DEFAULT_RUN_NAMES
                    or (base.endswith(".py") and base[:-3] in self.script.text[cmd.end :])  # import cfg
                    or (base.endswith(".js") and base[:-3] in self.script.text[cmd.end :])  # require("./cfg")
                )
            ):
                targets.add(t)  # (named again later: may be run; else no command model needed)
        if not targets or not self._file_runners:
            return None
        best = None
        for t in targets:
            for start, kind, how, later in self._file_runners.get(t, ()):
                if start >= cmd.end:
                    if best is None or start < best[0]:
                        best = (start, kind, how, later)
                    break
        if best is None:
            return None
        if best[1] == STDIN_OPTIONS:
            return Sink(best[1], f"written to a file that {best[2]} reads option lines from", "high", best[3])
        return Sink(best[1], f"written to a file that {best[2]} runs", "high", best[3])

    def _path_confidence(self, ref: Ref) -> str:
        if ref.whole_word:
            return "high"
        return "medium"

    def _downstream_sink(self, cmd: SimpleCommand, via: str) -> Sink | None:
        if cmd.step is not None and cmd.step not in self.script.pipe_steps:
            return None  # no `|` in the step: no pipeline, no later stage
        stages = self.commands.pipeline_of(cmd)
        k = self.commands.stage_index(cmd)
        if k is None:
            return None
        later = list(stages[k + 1 :])
        redirected = any(rd.op in _FILE_WRITE_OPS and rd.fd in (None, "1") for rd in cmd.redirects)
        if not redirected and (not later or all(nxt.semantics.name in bc.PASS_THROUGH for nxt in later)):
            # the output leaves its own pipeline: a group that is a stage of an outer one
            # (`(crontab -l; echo "…") | crontab -`, `{ …; } | sh`) passes it on
            later += self._after_group(stages[-1])
        for nxt in later:
            sem = nxt.semantics
            if sem.stdin_code:
                return Sink(STDIN_CODE, f"{via} piped into {sem.stdin_code}", sem.stdin_confidence, nxt)
            if sem.stdin_options:
                return Sink(STDIN_OPTIONS, f"{via} piped into {sem.stdin_options[0]}", "high", nxt)
            if sem.xargs_code:
                return Sink(
                    STDIN_CODE, f"{via} piped into xargs, which pastes each line into the {sem.xargs_code}", "high", nxt
                )
            if sem.name in bc.PASS_THROUGH:
                continue
            return None
        return None

    def _after_group(self, last: SimpleCommand) -> list:
        """The stages after the group whose output ``last`` (the last stage of its own
        pipeline) writes to: ``(a; b) | c`` -> [c] for a and b.  bash(1) "Compound Commands":
        a subshell, a ``{ …; }`` group, an if/for/while/case sends every inner command's
        standard output to its own, and a pipeline connects that to the next stage."""
        n = last.node
        p = n.parent
        while p is not None and p.type in ("pipeline", "redirected_statement") and p.named_children[-1] is n:
            n, p = p, p.parent  # the end of its own pipeline
        inside = False
        while p is not None and p.type in _GROUP_NODES:
            inside = inside or p.type != "list"
            n, p = p, p.parent
        while p is not None and p.type == "redirected_statement":
            n, p = p, p.parent
        if not inside or p is None or p.type != "pipeline":
            return []
        out: list = []
        kids = p.named_children
        for c in kids[kids.index(n) + 1 :] if n in kids else ():
            out.extend(self.commands.stage_commands(c))
        return out

    @cached_property
    def _steps_with_tee(self) -> frozenset:
        """Steps with a pipe and the word ``tee`` (a value may be copied into a file there)."""
        return frozenset(
            st
            for st in self.script.pipe_steps
            if st < len(self.script.step_spans) and "tee" in self.script.text[slice(*self.script.step_spans[st])]
        )


def stdin_stages(r, commands: CommandTable, reader: str = "") -> Iterable | None:
    """The commands whose standard input receives placeholder ``r``'s text: its own
    command for a here-string or unquoted here-document (the stages after it when that
    command only passes its input on (``cat``), unless ``reader`` wraps it), the stages
    after a printer (``echo VALUE |``, ``printf '%s\\n' VALUE |``); None when neither."""
    cmd = r.command
    if cmd is None or not r.expands or r.context == "redirect":
        return None
    if r.herestring or (r.heredoc is not None and r.quoting == HEREDOC_UNQUOTED):
        if (not reader or reader not in cmd.wrappers) and cmd.semantics.name in bc.PASS_THROUGH:
            return commands.later_stages(cmd)
        return [cmd]
    if (
        r.word_index is not None
        and cmd.semantics.name in bc.PRINTERS
        and cmd.semantics.name_index is not None
        and r.word_index > cmd.semantics.name_index
    ):
        return commands.later_stages(cmd)
    return None


def program_splits(commands: CommandTable, placeholders: list, flow_uses: list, guards: list) -> list:
    """(placeholder ref, xargs command, how) for every placeholder whose
    text reaches ``xargs`` on standard input (``echo VALUE | xargs rm``, ``xargs rm
    <<< VALUE``) where xargs splits it into several arguments of the command it runs.
    Values xargs pastes into shell code are UL106's (``xargs sh -c``)."""
    out: list = []
    for r in placeholders:
        stages = stdin_stages(r, commands, reader="xargs")
        if stages is not None:
            _xargs_after(r, stages, out)
    # the value through a variable or an earlier step's output:
    # `printf '%s\n' "${CMD_0_OUTPUT:-}" | xargs ls`, `echo "${v:-}" | xargs rm`
    from .valueflow import guard_verdict  # (valueflow reads the classification, which reads this module)

    for u, p, _name, pnames in flow_uses:
        cmd = u.command
        if (
            cmd is None
            or u.context == "redirect"
            or cmd.semantics.name not in ("echo", "printf")
            or cmd.semantics.name_index is None
            or u.word_index is None
            or u.word_index <= cmd.semantics.name_index
            or guard_verdict(guards, pnames, u.ref_start) == "safe"
            or any(x[0] is p for x in out)
        ):
            continue
        _xargs_after(p, commands.later_stages(cmd), out)
    return out


def _prints_names(cmd: SimpleCommand) -> str | None:
    """The source of the fact when ``cmd`` prints a list of file names one per line
    (``programs.NAME_PRINTERS``: ``find … -print``, ``grep -l``), None otherwise."""
    fact = _programs.NAME_PRINTERS.get(cmd.semantics.name or "")
    ni = cmd.semantics.name_index
    if fact is None or ni is None:
        return None

    def has(opts: tuple) -> bool:
        for v in cmd.values[ni + 1 :]:
            if v is None:
                continue
            if v in opts or any(o.startswith("--") and v.startswith(o + "=") for o in opts):
                return True
            if v.startswith("-") and not v.startswith("--") and len(v) > 2 and cmd.semantics.name != "find":
                if any(len(o) == 2 and o[1] in v[1:] for o in opts):  # a cluster: -rl, -rlZ
                    return True
        return False

    if fact.when and not has(fact.when):
        return None
    if has(fact.unless):
        return None
    return fact.source


def chooses_printed_names(cmd: SimpleCommand, wi: int) -> bool:
    """Argument ``wi`` of ``cmd`` chooses, by their text, the file names ``cmd`` prints one
    per line (``programs.NAME_PRINTERS``: ``find DIR -name WORD``, ``grep -l WORD``)."""
    ni = cmd.semantics.name_index
    if ni is None or wi <= ni or _prints_names(cmd) is None:
        return False
    by = _programs.NAME_PRINTERS[cmd.semantics.name or ""].names_by
    if not by:
        return True
    before = cmd.values[ni + 1 : wi]
    starts = all(v is not None and (v in ("-H", "-L", "-P") or not v.startswith(("-", "(", "!"))) for v in before)
    return starts or cmd.values[wi - 1] in by  # (find -mtime +V: the value picks names by age)


def name_list_splits(commands: CommandTable, placeholders: list) -> list:
    """(placeholder ref, xargs command, how, name printer) for every placeholder in the
    arguments of a command that prints a list of file names (``find DIR -name "V*" -print``,
    ``grep -l V *``) whose output reaches ``xargs`` splitting the default way: the value
    chooses the names, and xargs splits each name again at blanks and strips its quotes
    (GNU findutils xargs(1): "-0 ... useful when input items might contain white space,
    quote marks, or backslashes. The GNU find -print0 option produces input suitable for
    this mode")."""
    out: list = []
    for r in placeholders:
        cmd = r.command
        if cmd is None or r.word_index is None or not r.expands or r.context == "redirect":
            continue
        if not chooses_printed_names(cmd, r.word_index):
            continue
        got: list = []
        _xargs_after(r, commands.later_stages(cmd), got)
        out.extend((ref, x, how, cmd) for ref, x, how in got)
    return out


def _xargs_after(r: Ref, stages: Iterable, out: list) -> None:
    from .valueflow import passes_value  # (valueflow reads the classification, which reads this module)

    for nxt in stages:
        if "xargs" in nxt.wrappers or nxt.semantics.name == "xargs":
            how = _xargs_split(nxt)
            run = nxt.semantics.name
            if how is not None and run not in bc.PRINTERS and not nxt.semantics.xargs_code:
                out.append((r, nxt, how))
            break
        if not passes_value(nxt):
            break
