"""Path escapes: a value after a literal ``DIR/`` in a path a program writes (issue 23, cat. 3).

``cp f "backups/VALUE"``, ``tar -xf a.tar -C "out/VALUE"``, ``> "exports/VALUE.csv"``: the
template means a file inside ``DIR``, but ``../`` in the value climbs out of it, and the
program writes, creates, deletes or moves whatever the value names.

:func:`path_escapes` returns one :class:`PathEscape` per such use of a placeholder's value
(directly, or through a shell variable holding exactly the value: ``valueflow``'s exact
bindings).  The positions come from the output redirections, the ``file-write`` roles of
``bash_commands`` (tee, dd of=, curl -o …) and ``programs.PATH_WRITES`` (one fact per
program: which options and operands name a written path).

Not reported (the value cannot climb out, or climbing is what the author asked for):

* no literal directory before the value (``> "VALUE"``, ``cp f "$dir/VALUE"``): the caller
  is given the whole path; that is UL104's (redirections, tee, curl -o) or nobody's;
* ``./VALUE``: the directory is the working directory itself;
* a guard in force that keeps ``/`` out of the value (``[[ v =~ ^[A-Za-z0-9._-]+$ ]]``,
  ``case v in *[!0-9]*) exit``), or that rejects a value holding ``/`` or ``..`` and
  exits (``case v in */*|*..*) exit 1;; esac``, ``[[ v == */* ]] && exit``);
* ``${v##*/}`` (the base name) and ``$(basename -- v)`` (no exact binding: not followed).

Reading (``cat "dir/VALUE"``) is not reported: it discloses a file rather than changing
one, and it is the shape of most read-only tools (measured on ``../shared/corpus``).
"""

from __future__ import annotations

import re

from ...core.lazyre import compile_pattern, lazy_compile
from .. import bash_commands as bc, programs
from ..option_scan import shared_walk, written_options
from . import patterns as _pat
from .model import FILE_WRITE, INTERP_CODE, ValueNode

__all__ = ["PathEscape", "path_escapes", "confined_uses", "confined_use", "OutputOption", "output_options"]


class PathEscape(ValueNode):
    _FIELDS = (
        "placeholder",
        "use",
        "directory",
        "action",
        "program",
        "confidence",
        "variable",
        "only_dotdot",
        "prefix_guard",
    )
    __slots__ = _FIELDS

    placeholder: object  # the placeholder Ref whose value it is
    use: object  # the Ref where the value lands in the path (the placeholder or a variable)
    directory: str  # the literal directory before the value ("backups/")
    action: str  # what the program does at the path ("copies a file to")
    program: str  # "cp", "output redirection >"
    confidence: str
    variable: str | None  # the shell variable carrying the value, or None
    # a check keeps '/' out, and only the value `..` itself climbs (into its parent)
    only_dotdot: bool
    # the value is the whole path and ``directory`` is the prefix a case / ``[[ ]]`` guard
    # requires (``case V in srv/share/*)``): a prefix alone lets ``srv/share/../../x`` by
    prefix_guard: bool

    def __init__(
        self,
        placeholder,
        use,
        directory,
        action,
        program,
        confidence,
        variable=None,
        only_dotdot: bool = False,
        prefix_guard: bool = False,
    ) -> None:
        self.placeholder = placeholder
        self.use = use
        self.directory = directory
        self.action = action
        self.program = program
        self.confidence = confidence
        self.variable = variable
        self.only_dotdot = only_dotdot
        self.prefix_guard = prefix_guard


class OutputOption(ValueNode):
    """A value that forms the whole argument of an option naming a file the program writes,
    or its start (``msgfmt -o "V.mo"``, ``git archive --output=V.tar``, ``csplit -f V``):
    the caller chooses the file written, anywhere the tool's user can write."""

    _FIELDS = ("placeholder", "use", "program", "option", "whole", "variable", "action")
    __slots__ = _FIELDS

    placeholder: object
    use: object
    program: str
    option: str
    whole: bool  # the value is the whole argument (else it starts it: "V.tar")
    variable: str | None
    action: str  # what the program does there ("writes", "extracts into")

    def __init__(self, placeholder, use, program, option, whole, variable=None, action="writes") -> None:
        self.placeholder = placeholder
        self.use = use
        self.program = program
        self.option = option
        self.whole = whole
        self.variable = variable
        self.action = action


def output_options(a) -> list:
    """Every :class:`OutputOption` of the analysis ``a`` (computed once).  Not listed: a
    value after a literal ``DIR/`` (a :class:`PathEscape`), one with another sink there
    (``curl -o``'s own file-write role, code, a command name: that finding says it), the
    base name ``${v##*/}``, a value whose ``/`` are replaced, and a value a guard in force
    keeps free of ``/`` (or rejects with ``/`` or ``..``): it then names a file in the
    working directory, which the template chose."""
    return a.derived("traversal.output_options", _compute_outputs)


def _compute_outputs(a) -> list:
    out: list = []
    may_opt: dict = {}  # id(command) -> _may_name_option(command): once per command
    guards = list(getattr(a, "guards", None) or ())
    uses: list = [(p, p, None, None) for p in a.placeholders if p.expands]  # names: built when needed
    for u, p, name, pnames in getattr(a, "flow_uses", None) or ():
        if not name.startswith("CMD_"):
            uses.append((u, p, frozenset(pnames), name))
    for u, p, names, variable in uses:
        cmd = u.command
        if cmd is None or cmd.kind != "command" or u.word_index is None or u.context == "redirect":
            continue
        if u.sinks:
            continue  # curl -o V (its file-write role), code, a command name: reported there
        wn = cmd.word_nodes[u.word_index]
        w0 = a.source.char(wn.start_byte)
        if u.script_start - w0 > 200:
            continue  # far into its word: not the start of an option's argument (O(1) per use)
        lit = a.script[w0 : u.script_start].replace('"', "").replace("'", "")
        if lit and lit[0] != "-" and lit[0] != ".":
            # "DIR/V", "prefix-V": not the start of an option's argument, whatever the
            # program (an attached argument's offset is inside a word starting with "-";
            # a dot-command's file argument follows ".backup ")
            continue
        action = "writes"
        got = _written_options(a, cmd).get(u.word_index)
        if got is not None:
            if got[1] is not None:
                lit = lit[got[1] :]
        else:
            own_word = lit[:1] == "-" and "=" in lit
            if own_word:
                lit = lit.split("=", 1)[1]  # --file=V
            elif lit[:1] == ".":
                m = _DOT_COMMAND.match(lit)
                if m is not None and m.end() == len(lit):
                    own_word = True
                    lit = ""  # sqlite3 DB ".backup V": V is the whole file argument of the dot-command
            if lit:
                continue  # (below) tested before the program table's costlier reading
            may = may_opt.get(id(cmd))
            if may is None:
                may = may_opt[id(cmd)] = _may_name_option(cmd)
            if not may:
                continue  # (below) no fact of the program names a path by an option
            if not own_word and not _option_argument_possible(cmd, u.word_index):
                continue  # (below) the word is no option's argument: only operands there
            # an option of programs.PATH_WRITES under its conditions (tar -f with -c, tar
            # -C with -x, ssh-keygen -f unless it only reads, cc -o, cmake -B)
            pos = _path_write(a, cmd, u.word_index, "")
            if pos is None or (" -" not in pos[2] and " ." not in pos[2]):
                continue  # operands: the whole path is the tool's purpose there (cp DEST)
            prog, opt = pos[2].rsplit(" ", 1)
            got = (opt, None, prog)
            action = pos[1]
        if lit:
            continue  # "DIR/V" (a PathEscape's), "./V", "prefix-V": not the start
        text = a.script[u.script_start : u.script_end]
        uc = use_chars(text) if variable is not None else None
        if uc is not None and "/" not in uc:
            continue  # ${v##*/}, ${v//[^a-z0-9_.-]/_}: a name in the working directory
        if variable is not None and _slashes_replaced(a, u, variable):
            continue
        if _guarded(a, guards, names if names is not None else frozenset({p.env_var or p.name}), u.ref_start):
            continue
        whole = a.script[u.script_end : a.source.char(wn.end_byte)].strip("\"'") == ""
        out.append(OutputOption(p, u, got[2], got[0], whole, variable, action))
    return out


_EXIT = lazy_compile(r"\b(?:exit|return)\b")
_CASE_ITEM = lazy_compile(r"(?:\bin|;;)\s*\(?([^()]*?)\)(.*?);;", re.S)
# a case pattern / [[ ]] test rejecting '/' or '..' ANYWHERE in the value: `*/*`, `*..*`,
# `*/../*`, a bare `..`, an unanchored regex `\.\.`; not `../*` or `/*` (they reject a
# leading '../' or '/' only: `a/../../x` passes them, path_resolution(7))
_DENY_PATH = lazy_compile(r"\*/|\*/?\.\.|(?<![\w.*/\\])\.\.(?![\w/*])|(?<!\^)\\\.\\\.")


def path_escapes(a) -> list:
    """Every :class:`PathEscape` of the analysis ``a`` (computed once)."""
    return a.derived("traversal.path_escapes", _compute)


def _new_memo(a) -> dict:
    return {}


def confined_uses(a) -> frozenset:
    """(id(placeholder), id(command)) of every use after a literal ``DIR/`` in a written
    path that a guard keeps inside ``DIR`` (no ``/`` or no ``..`` can get through): the
    value names a file inside the directory the template chose, not any file."""
    path_escapes(a)
    return frozenset(a.derived("traversal.confined", _new_set))


def _new_set(a) -> set:
    return set()


def _compute(a) -> list:
    out: list = []
    guards = list(getattr(a, "guards", None) or ())
    for p in a.placeholders:
        if not p.expands:
            continue
        e = _escape(a, p, p, None, guards, None)
        if e is not None:
            out.append(e)
    out.extend(_resolved(a, guards))
    out.extend(_code_writes(a, guards))
    for u, p, name, pnames in getattr(a, "flow_uses", None) or ():
        if name.startswith("CMD_"):
            continue
        e = _escape(a, p, u, frozenset(pnames), guards, name)
        if e is not None:
            out.append(e)
    return out


# realpath(1) -m/-e/-f and readlink(1) -f/-e/-m print the resolved path; without one of
# these readlink prints a link's target (GNU coreutils manuals)
_RESOLVERS = {"realpath": "", "readlink": "fem"}
_CAPTURE = lazy_compile(r"([A-Za-z_]\w*)=\$\(\s*$")


def _resolved(a, guards: list) -> list:
    """``realpath -m -- "DIR/VALUE"`` whose output (``$CMD_<i>_OUTPUT`` in a later step,
    or ``v=$(realpath …)`` in the same one) is then written to with no check that it
    still starts with DIR: resolving the path is not confining it."""
    out: list = []
    for p in a.placeholders:
        cmd = p.command
        if not p.expands or cmd is None or cmd.kind != "command" or p.word_index is None:
            continue
        name = cmd.semantics.name
        if name not in _RESOLVERS or p.sinks:
            continue
        flags = "".join(v[1:] for v in cmd.values if v and v.startswith("-") and not v.startswith("--"))
        if _RESOLVERS[name] and not any(c in flags for c in _RESOLVERS[name]):
            continue
        d = _directory(a, a.source.char(cmd.word_nodes[p.word_index].start_byte), p.script_start)
        if d is None or _guarded(a, guards, frozenset({p.env_var or p.name}), p.ref_start):
            continue
        s0, s1 = a.step_spans[p.step]
        m = _CAPTURE.search(a.script[max(s0, cmd.start - 80) : cmd.start])
        if m is not None:
            var = m.group(1)
            uses = [u for u in a.variables if u.name == var and u.step == p.step and u.ref_start > cmd.end]
        elif a.commands_in_step(p.step) == [cmd]:
            var = f"CMD_{p.step}_OUTPUT"
            uses = [u for u in a.cmd_outputs if u.cmd_output == p.step and u.step > p.step]
        else:
            continue
        for u in uses:
            where = _written(a, u, d)
            if where is None or _contained(a, u, var, d):
                continue
            _d, action, prog = where
            out.append(PathEscape(p, u, d, action, prog, "medium", f"{var} ({name})"))
            break
    return out


# interpreters whose program text (-c/-e) code_taint.written_paths reads, by language
_CODE_LANGS = {"node": "node", "nodejs": "node", "perl": "perl", "ruby": "ruby"}


def _code_writes(a, guards: list) -> list:
    """A whole argument of ``python3 -c CODE``/``node -e``/``perl -e``/``ruby -e`` that the
    program text joins after a literal directory in a path it writes
    (``pathlib.Path("notes", sys.argv[1] + ".md").write_text(…)``): ``../`` in the value
    climbs out of that directory as in a shell path (code_taint.written_paths)."""
    out: list = []
    if "argv" not in a.script and "ARGV" not in a.script:
        return out  # every language's argument reference names argv (no walk of most templates)
    memo: dict = {}  # id(command) -> {argument word index: directory}
    for p in a.placeholders:
        cmd = p.command
        if not p.expands or cmd is None or cmd.kind != "command" or p.word_index is None:
            continue
        name = cmd.semantics.name or ""
        lang = "python" if bc.is_python(name) else _CODE_LANGS.get(name)
        if lang is None:
            continue
        got = memo.get(id(cmd))
        if got is None:
            got = memo[id(cmd)] = _code_written_words(cmd, lang)
        d = got.get(p.word_index)
        if d is None:
            continue
        wn = cmd.word_nodes[p.word_index]
        if a.script[a.source.char(wn.start_byte) : p.script_start].strip("\"'") or a.script[
            p.script_end : a.source.char(wn.end_byte)
        ].strip("\"'"):
            continue  # not the whole argument
        if _guarded(a, guards, frozenset({p.env_var or p.name}), p.ref_start, "", False, False):
            continue
        out.append(PathEscape(p, p, d, "writes", f"{name} program", "medium"))
    return out


def _code_written_words(cmd, lang: str) -> dict:
    """{word index: directory} of the arguments the command's program text writes under a
    literal directory."""
    from .. import code_taint

    sem = cmd.semantics
    vals = cmd.values
    code_at = next((k for k, roles in sem.roles.items() for r in roles if r.kind == INTERP_CODE), None)
    if code_at is None or vals[code_at] is None:
        return {}
    code = vals[code_at]
    if code.startswith("-"):
        code = code[2:]  # -cCODE
    spec = code_taint.WRITE_LANGS[lang]
    paths = code_taint.written_paths(code, spec)
    if not paths:
        return {}
    first = code_at + 1
    if first < len(vals) and vals[first] == "--":
        first += 1
    return {k: paths[k - first + spec.first] for k in range(first, len(vals)) if k - first + spec.first in paths}


def _written(a, u, d: str):
    """(directory, action, program) when the reference ``u`` is in a path that is written."""
    cmd = u.command
    if cmd is None:
        return None
    if u.context == "redirect" and u.redirect is not None and u.redirect.writes:
        return d, "writes", f"output redirection {u.redirect.op}"
    if u.word_index is None or cmd.kind != "command":
        return None
    return _position(a, cmd, u.word_index, d)


def _contained(a, u, var: str, d: str) -> bool:
    """A ``case``/``[[ ]]`` on ``var`` before the use compares it with ``…/DIR/``."""
    s0, _s1 = a.step_spans[u.step]
    text = a.script[s0 : u.ref_start]
    tail = "/" + d.lstrip("./")
    for m in re.finditer(r"\bcase\b|\[\[", text):
        seg = text[m.start() : m.start() + 400]
        if var in seg[:120] and tail in seg:
            return True
    return False


def _escape(a, p, u, names: frozenset | None, guards: list, variable):
    """``names`` None: the placeholder's own name (the set built only when a guard is read)."""
    cmd = u.command
    if cmd is None:
        return None
    prefix = False
    if any(s.kind != FILE_WRITE for s in u.sinks):
        return None  # the value is code / a name there: that finding says more (one fact)
    if variable is not None and _slashes_replaced(a, u, variable):
        return None  # v=${v//\//_}: every '/' replaced
    if u.context == "redirect" and u.redirect is not None and u.redirect.writes:
        w = u.redirect.target
        if w is None:
            return None
        d = _directory(a, w.start, u.script_start)
        if d is None:
            return None
        where = (d, "writes", f"output redirection {u.redirect.op}")
    else:
        wi = u.word_index
        if wi is None or cmd.kind != "command":
            return None
        wn = cmd.word_nodes[wi]
        w0 = a.source.char(wn.start_byte)
        d = _directory(a, w0, u.script_start)
        if d is None:
            cands = a.derived("traversal.prefix_guards", _prefix_candidates)
            if not cands or a.script[w0 : u.script_start].strip("\"'"):
                return None
            d = _prefix_guard(a, cands, names if names is not None else frozenset({p.env_var or p.name}), u)
            if d is None:
                return None
            prefix = True
        found = _position(a, cmd, wi, d)
        if found is None:
            return None
        where = found
    d, action, prog = where
    rest = _word_rest(a, u)
    shared = _shares_component(a, u.script_start, rest)
    into = action in _INTO_DIRECTORY and not rest.lstrip("\"'}") and not shared
    nm0 = names if names is not None else frozenset({p.env_var or p.name})
    if _use_confined(a.script[u.script_start : u.script_end], rest, into, shared) or _guarded(
        a, guards, nm0, u.ref_start, rest, into, shared
    ):
        a.derived("traversal.confined", _new_set).add((id(p), id(cmd)))
        return None
    conf = "high" if prog.startswith("output redirection") or prog in ("cp", "mv", "rm", "tee") else "medium"
    if "$" in d:
        conf = "medium"  # the directory itself comes from a variable or a command
    nm = names if names is not None else frozenset({p.env_var or p.name})
    uc = use_chars(a.script[u.script_start : u.script_end])
    only = (uc is not None and "/" not in uc) or (into and _guarded(a, guards, nm, u.ref_start, rest, False))
    if prefix:
        conf = "medium"
    return PathEscape(p, u, d, action, prog, conf, variable, only, prefix)


# a literal directory prefix a case pattern or a ``[[ == ]]`` / ``[[ != ]]`` glob requires
# (``srv/share/*``, ``"/srv/share/"*``): the checked value must start with it
_PREFIX_PATTERN = lazy_compile(
    r"(?:==|!=|\bin\b|;;|\|)\s*\(?\s*[\"']?(/?[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)*/)[\"']?\*"
)


def _prefix_candidates(a) -> list:
    """The guards of the analysis whose text may require a literal directory prefix (a
    ``/`` and a ``*`` in it), once per analysis: most templates have none."""
    return [
        g
        for g in getattr(a, "guards", None) or ()
        if g.chars is None and a.script.find("/", g.start, g.lo) >= 0 and a.script.find("*", g.start, g.lo) >= 0
    ]


def _prefix_guard(a, guards: list, names: frozenset, u) -> str | None:
    """The directory a guard in force at the use requires the whole value to start with
    (``case V in srv/share/*) cp f "V"``, ``[[ V == srv/share/* ]] || exit``): the author
    means a path inside it, but a prefix alone does not keep ``../`` out (path_resolution(7));
    None when no such guard, or when the value was resolved first (``realpath``/``readlink``)."""
    at = u.ref_start
    for g in guards:
        if not (g.lo <= at < g.hi) or not (g.names & names) or g.chars is not None:
            continue
        seg = a.script[g.start : g.lo]
        if "/" not in seg or "*" not in seg:
            continue
        found = _PREFIX_PATTERN.findall(seg)
        m = found[-1] if found else None  # the pattern of the arm (or test) that lets the use run
        if m is None or "/./" in f"/{m}" or "/../" in f"/{m}":
            continue
        s0 = a.script.rfind("\n", 0, g.start) + 1
        if "realpath" in a.script[s0:at] or "readlink" in a.script[s0:at]:
            return None
        return m
    return None


_DOT_COMMAND = lazy_compile(r"\.[a-z]+ +")
_EXPANSION = lazy_compile(r"\$\{[^}]*\}|\$\([^)]*\)|\$\w+")


def _slashes_replaced(a, u, variable: str) -> bool:
    r"""``${v//\//…}`` before the use in its step (found once per step and name)."""
    memo = a.derived("traversal.slash_subs", _new_memo)
    key = (u.step, variable)
    starts = memo.get(key)
    if starts is None:
        s0, s1 = a.step_spans[u.step]
        if a.script.find("${" + variable + "//", s0, s1) < 0:  # every match starts so: no regex to compile
            memo[key] = []
            return False
        pat = re.compile(r"\$\{" + re.escape(variable) + r"//(?:\\/|'/'|\"/\")/")
        starts = memo[key] = [m.start() for m in pat.finditer(a.script, s0, s1)]
    return any(x < u.ref_start for x in starts)


def _directory(a, word_start: int, ref_start: int) -> str | None:
    """The text of the word before the value up to its last ``/`` (quotes removed):
    ``out/`` in ``"out/VALUE"``, ``$(pwd)/out/`` in ``"$(pwd)/out/VALUE"``.  None when
    there is no ``/`` after the last expansion, when another caller's value comes first
    (the whole path is the caller's), or for `` ` ``."""
    script = a.script
    # another caller value earlier in the word: searched from the value backwards, so a
    # word of n adjacent values costs O(n), not O(n^2) (tests/test_bash_scaling.py)
    if script.rfind("__UTCP_ARG_", word_start, ref_start) >= 0:
        return None
    pre = script[word_start:ref_start]
    if "`" in pre or "/" not in pre:
        return None  # (no "/": no directory before the value, every branch below gives None)
    lit = pre.replace('"', "").replace("'", "")
    m = _DOT_COMMAND.match(lit)
    if m is not None:
        lit = lit[m.end() :]  # sqlite3 DB ".backup DIR/VALUE": the dot-command's file argument
    if lit.startswith("-") or "=" in _EXPANSION.sub("", lit).split("/", 1)[0]:
        lit = lit.split("=", 1)[1] if "=" in lit else lit  # --output=DIR/, of=DIR/
    if lit.startswith("-"):
        return None  # an attached short option value (-oDIR/): rare, not followed
    masked = _EXPANSION.sub(lambda m: "\0" * len(m.group(0)), lit)
    k = masked.rfind("/")
    if k < 0 or "\0" in masked[k:]:
        return None
    d = lit[: k + 1]
    if d.strip("/") in ("", "."):
        return None  # `./VALUE`, `/VALUE`: the whole path is the caller's
    if _URL_SCHEME.match(d):
        return None  # `s3://bucket/VALUE`, `gs://…`: an object key, where `../` is a name, not a climb
    return d


# a URL's scheme (RFC 3986 3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) then "://"): what
# follows names a remote object (aws s3 cp: "S3 keys are literal" - a key `a/../b` is stored as is)
_URL_SCHEME = compile_pattern(r"[A-Za-z][A-Za-z0-9+.-]*://")


_HEADS: list = [-1, frozenset()]  # [len(programs.PATH_WRITES) when read, the heads below]


def _multi_word_heads() -> frozenset:
    """Every text before a blank of a ``programs.PATH_WRITES`` key (``cmake`` and ``cmake -E``
    of ``cmake -E make_directory``): only a program name among them starts a key of more
    words; read again when the table's size changes."""
    table = programs.PATH_WRITES
    if _HEADS[0] != len(table):
        _HEADS[1] = frozenset(k[:i] for k in table for i in range(len(k)) if k[i] == " ")
        _HEADS[0] = len(table)
    return _HEADS[1]


def _entry(cmd) -> tuple:
    """(PathWrite or None, index of the first argument word, label) for the command."""
    sem = cmd.semantics
    i = sem.name_index
    name = sem.name
    if i is None or name is None:
        return None, 0, ""
    vals = cmd.values
    key = "python" if bc.is_python(name) else name
    if key == "python":
        for k in range(i + 1, len(vals) - 1):
            if vals[k] == "-m":
                return programs.PATH_WRITES.get(f"python {vals[k + 1]}"), k + 2, f"{name} -m {vals[k + 1]}"
        return None, 0, name
    if key == "git":
        k = i + 1
        while k < len(vals) and vals[k] is not None and vals[k].startswith("-"):
            k += 2 if vals[k] in ("-C", "-c", "--git-dir", "--work-tree") else 1
        if k < len(vals) and vals[k] is not None:
            return programs.PATH_WRITES.get(f"git {vals[k]}"), k + 1, f"git {vals[k]}"
        return None, 0, name
    # a fact keyed by the program and its first literal words (`cmake -E make_directory`),
    # looked up only for a program that starts such a key
    for k in (i + 2, i + 3) if name in _multi_word_heads() else ():
        if k <= len(vals) and None not in vals[i + 1 : k]:
            label = " ".join([name, *vals[i + 1 : k]])
            pw = programs.PATH_WRITES.get(label)
            if pw is not None:
                return pw, k, label
    return programs.PATH_WRITES.get(key), i + 1, name


def _written_options(a, cmd) -> dict:
    """``option_scan.written_options(cmd)``, once per command of the analysis (UL104's output
    options and UL170's positions ask for the same commands)."""
    memo = a.derived("traversal.written_options", _new_memo)
    got = memo.get(id(cmd))
    if got is None:
        got = memo[id(cmd)] = written_options(cmd)
    return got


def _position(a, cmd, wi: int, d: str):
    """(directory, action, program) when word ``wi`` is a path the program writes."""
    for role in cmd.semantics.roles.get(wi, ()):
        if role.kind == FILE_WRITE:
            return d, "writes", cmd.semantics.name or "the command"
    found = _path_write(a, cmd, wi, d)
    if found is not None:
        return found
    got = _written_options(a, cmd).get(wi)  # msgfmt -o DIR/V, csplit -f DIR/V (programs.Options.writes)
    if got is not None:
        return d, "writes", f"{got[2]} {got[0]}"
    return None


def _may_name_option(cmd) -> bool:
    """Whether :func:`_path_write` can name an option of ``cmd`` (its label then holds
    `` -``): the program has a ``PATH_WRITES`` fact with options (or a label holding one,
    ``python -m MOD``)."""
    pw, _start, label = _entry(cmd)
    if pw is None:
        return False
    if " -" in label or " -" in (cmd.semantics.name or ""):
        return True
    return any(one.options for one in ((pw,) if isinstance(pw, programs.PathWrite) else pw))


def _option_argument_possible(cmd, wi: int) -> bool:
    """Whether word ``wi`` (led by the value) can be the argument of an option for
    :func:`_path_write`: its label names an option only when the grammar walk gives the word
    to an option, or the word before it is an option word (``-f V``).  True when the
    program's own label holds an option (``python -m venv``: its operands carry it)."""
    sem = cmd.semantics
    name = sem.name or ""
    if " -" in name or " ." in name:
        return True
    _pw, start, label = _entry(cmd)
    if " -" in label or " ." in label:
        return True
    vals = cmd.values
    prev = vals[wi - 1] if wi >= 1 else None
    if prev is not None and prev[:1] == "-" and prev != "-":
        return True
    return wi in (shared_walk(name, vals, start, [p for _v, p in cmd.statics]).args or {})


def _path_write(a, cmd, wi: int, d: str):
    """:func:`_position` from ``programs.PATH_WRITES`` alone."""
    memo = a.derived("traversal.path_writes", _new_memo)
    got = memo.get(id(cmd))
    if got is None:
        got = memo[id(cmd)] = _path_writes(cmd)
    found = got.get(wi)
    return None if found is None else (d, *found)


def _path_writes(cmd) -> dict:
    """{word index: (action, program)} of every word of ``cmd`` that ``programs.PATH_WRITES``
    names a written path (once per command: the reading of its argv is the same for each
    word asked about); the first fact of the program that names a word wins."""
    out: dict = {}
    pw, start, label = _entry(cmd)
    if pw is not None:
        for one in (pw,) if isinstance(pw, programs.PathWrite) else pw:
            for wi, found in _positions_one(cmd, one, start, label).items():
                out.setdefault(wi, found)
    # a wrapper before the program that writes an operand of its own (flock FILE tar …: FILE
    # is created, then tar runs): its words up to the program's name
    end = cmd.semantics.name_index
    for k in range(min(end or 0, len(cmd.values))):
        w = cmd.values[k]
        one = programs.PATH_WRITES.get(w) if w else None
        p = programs.BY_NAME.get(w) if w else None
        if isinstance(one, programs.PathWrite) and p is not None and p.wrapper is not None:
            for wi, found in _positions_one(cmd, one, k + 1, w, prog=w).items():
                if wi < (end or 0):
                    out.setdefault(wi, found)
    return out


def _any_option(names: list, words) -> bool:
    """One of ``names`` is among ``words``, a one-letter ``-c`` also inside a cluster of
    letters (``gzip -dc``: getopt reads ``-d -c``)."""
    present = {v for v in words if v}
    if set(names) & present:
        return True
    letters = {n[1] for n in names if len(n) == 2 and n[0] == "-" and n[1] != "-"}
    return bool(letters) and any(
        v[0] == "-" and v[1:2] != "-" and v[1:].isalpha() and letters & set(v[1:]) for v in present
    )


def _positions_one(cmd, pw, start: int, label: str, prog: str | None = None) -> dict:
    """{word index: (action, program)} of the words one fact of the program names a written
    path (:func:`_path_writes`); ``prog``: a wrapper's name, read instead of the program's."""
    out: dict = {}
    vals = cmd.values
    pre = [p for _v, p in cmd.statics]
    name = prog or cmd.semantics.name or ""
    prog_opts = programs.BY_NAME.get(name)
    opts = getattr(prog_opts, "options", None)
    if opts is not None and label.startswith(f"{name} ") and opts.subcommands:
        opts = dict(opts.subcommands).get(label.split()[-1], opts.default_subcommand)  # git clone
    path_opts = set(pw.options)
    if pw.unless and _any_option(pw.unless.split(), vals[start:]):
        return out
    if pw.requires:
        req = pw.requires.split()
        present = False
        for k in range(start, len(vals)):
            v = vals[k]
            if v is None:
                continue
            if any(v == r for r in req if r.startswith("-") and len(r) > 2) or (
                (
                    v.startswith("-")
                    and not v.startswith("--")
                    or k == start
                    and (pw.flags_word or bool(getattr(opts, "oldstyle", "")))
                )
                and any(len(r) == 1 and r in v.lstrip("-") for r in req)
            ):
                present = True
        if not present:
            return out
    # the option grammar's reading first (`tar -czf DIR/VALUE`, `tar czf …`, `--file=…`)
    for wi, got in (shared_walk(name, vals, start, pre).args or {}).items():
        if got[0] in path_opts:
            out[wi] = (pw.action, f"{name} {got[0]}")
    short_vals = set((opts.short_values if opts else "") or "")
    long_vals = {"--" + x for x in ((opts.long_values if opts else "") or "").split()}
    if opts is not None and opts.single_dash_long:
        long_vals |= {x[1:] for x in long_vals}  # sqlite3 -cmd, openssl -in
    for x in pw.values.split():
        if x.startswith("--"):
            long_vals.add(x)
        elif len(x) == 2:
            short_vals.add(x[1])
        else:
            long_vals.add(x)  # -tt, single-dash long names
    operands: list = []
    ended = False
    k = start
    n = len(vals)
    while k < n:
        v = vals[k]
        p0 = pre[k] if k < len(pre) else (v or "")
        if not ended and v == "--":
            ended = True
            k += 1
            continue
        head = v if v is not None else p0
        if not ended and head.startswith("-") and head != "-":
            opt = head.split("=", 1)[0]
            if opt in path_opts and "=" in head and getattr(opts, "long_equals", True):
                out.setdefault(k, (pw.action, f"{name} {opt}"))
            if opt in path_opts and "=" not in head and v is not None:
                out.setdefault(k + 1, (pw.action, f"{name} {opt}"))
                k += 2
                continue
            if (
                v is not None
                and "=" not in v
                and (v in long_vals or (not v.startswith("--") and v[-1:] in short_vals and len(v) >= 2))
            ):
                k += 2
                continue
            k += 1
            continue
        if any(o.endswith(("=", " ")) and head.startswith(o) for o in path_opts):
            # dd of=FILE, sqlite3 DB ".backup FILE"
            o = next(o for o in path_opts if o.endswith(("=", " ")) and head.startswith(o))
            out.setdefault(k, (pw.action if o.endswith("=") else "writes", f"{name} {o.strip()}"))
            k += 1
            continue
        operands.append(k)
        k += 1
    if not operands:
        return out
    which = pw.operands
    if which == "rest" and name in ("sed", "gsed"):
        script_opt = any(v in ("-e", "-f", "--expression", "--file") for v in vals[start:] if v is not None)
        which = "all" if script_opt else "rest"
    if which == "last" and any(
        (v or pre[k]).split("=", 1)[0] in path_opts for k, v in enumerate(vals[start:], start) if (v or pre[k])
    ):
        return out  # cp -t DIR SRC…: the option names the destination, the operands are read
    for pos, wi in enumerate(operands):
        ok = (
            which == "all"
            or (which == "last" and pos == len(operands) - 1 and len(operands) >= 2)
            or (which == "first" and pos == 0)
            or (which == "second" and pos == 1)
            or (which == "rest" and pos >= 1)
        )
        if ok:
            out.setdefault(wi, (pw.action, label))
    return out


_WORD_PARTS = frozenset({"word", "string", "raw_string", "concatenation", "expansion", "simple_expansion"})


def confined_use(a, names: frozenset, start: int, end: int) -> bool:
    """The use at script ``[start, end)`` of a variable in ``names`` (the last hop of a
    value's chain) lands after a literal ``DIR/`` in its word and a guard or sanitiser in
    force keeps it inside ``DIR`` (``n=${n##*/}; > "out/${n:-x}"``)."""
    path = a.source.path_at(start)
    k = len(path) - 1
    while k > 0 and path[k - 1].type in _WORD_PARTS:
        k -= 1
    if k < 0 or path[k].type not in _WORD_PARTS:
        return False
    word_start = a.source.char(path[k].start_byte)
    word_end = a.source.char(path[k].end_byte)
    if _directory(a, word_start, start) is None:
        return False
    rest = a.script[end:word_end]
    shared = _shares_component(a, start, rest)
    if _use_confined(a.script[start:end], rest, False, shared):
        return True
    return _guarded(a, list(getattr(a, "guards", None) or ()), names, start, rest, False, shared)


# `${v##*/}` (the base name), `${v//PAT/R}` with PAT `\/`, `'/'`, `"/"` or a bracket
# expression `[^CLASS]` / `[!CLASS]` (bash(1) "Parameter Expansion": every match of PAT
# is replaced by R)
_SANITISING_USE = lazy_compile(
    r"\$\{[A-Za-z_][A-Za-z0-9_]*(?:(##\*/)|//(\\/|'/'|\"/\"|\[[\^!](?:\[:[a-z]+:\]|[^\]])+\])(?:/([^}/$`\\]*))?)\}\Z"
)
# every byte but '/' (a base name, a value whose every '/' is replaced)
_NO_SLASH = frozenset(chr(c) for c in range(1, 0x250) if chr(c) != "/")


def use_chars(text: str) -> frozenset | None:
    """The bytes the expansion ``text`` at a use can yield when it is a sanitiser
    (``${v##*/}``, ``${v//\\//_}``, ``${v//[^A-Za-z0-9._-]/_}``); None otherwise."""
    m = _SANITISING_USE.match(text)
    if m is None:
        return None
    if m.group(1):
        return _NO_SLASH
    pat, rep = m.group(2), m.group(3) or ""
    if not pat.startswith("["):
        return _NO_SLASH | frozenset(rep) if "/" not in rep else None
    if any(c in pat for c in "$`\"'"):
        return None  # `[^a-z$-]`: bash expands inside the pattern: not a plain class
    cc = _pat.class_chars(pat[1:-1])
    if cc is None or not cc[0]:
        return None
    return cc[1] | frozenset(rep)


def _shares_component(a, start: int, rest: str) -> bool:
    """Text other than the value is in its path component: a suffix before the next
    ``/`` (``out/$v.trace``) or a prefix after the last ``/`` (``out/run-$v``); then the
    value cannot make the component ``..`` (path_resolution(7))."""
    tail = rest.replace('"', "").replace("'", "").lstrip("}")
    if tail and not tail.startswith("/"):
        return True
    k = a.script.rfind("/", max(0, start - 200), start)
    if k < 0:
        return False
    pre = a.script[k + 1 : start].replace('"', "").replace("'", "")
    return bool(pre) and not any(c in pre for c in " \t\n;|&<>(")


def _use_confined(text: str, rest: str, into: bool, shared: bool) -> bool:
    """The sanitiser at the use keeps the value inside the directory: it yields no
    ``/``, and ``..`` cannot be a whole component that climbs (the value shares its
    component with other text, or nothing after it / no write into it uses the parent)."""
    chars = use_chars(text)
    if chars is None or "/" in chars:
        return False
    component = rest.replace('"', "").replace("'", "").lstrip("}").startswith("/")
    return shared or "." not in chars or not (component or into)


def _guarded(
    a, guards: list, names: frozenset, at: int, after: str = "", into: bool = False, shared: bool = False
) -> bool:
    """A guard in force at ``at`` keeps ``/`` out of the value, or rejects a value
    holding ``/`` or ``..`` and leaves.  ``after``: the rest of the word after the value;
    when a ``/`` follows, a value of ``..`` without ``/`` still climbs (``out/$v/f``).
    ``into``: the value ends the path of a program that writes INTO the directory it
    names (``tar -C out/V``, ``cp f out/V``): a value of exactly ``..`` names the parent
    (path_resolution(7)), so a guard must keep ``..`` itself out (issue 23)."""
    component = after.lstrip("\"'}").startswith("/")
    for g in guards:
        if not (g.lo <= at < g.hi) or not (g.names & names):
            continue
        if g.chars is not None and "/" not in g.chars:
            # a value of no '/' is `..` only when it may hold and start with '.'
            # (`^v?[0-9]+\.[0-9]+$`, `^[a-z0-9][a-z0-9._-]*$` never are)
            dotdot = "." in g.chars and (g.first is None or "." in g.first)
            if shared or not ((component or into) and dotdot):
                return True
        seg = a.script[g.start : g.lo]
        if ";;" not in seg:
            continue  # every _CASE_ITEM match ends with ";;"
        for m in _CASE_ITEM.finditer(seg):
            deny = _DENY_PATH.search(m.group(1)) if not into else _DENY_DOTDOT.search(m.group(1))
            if deny and _EXIT.search(m.group(2)):
                return True
    return _test_deny(a, names, at, into)


def _word_rest(a, u) -> str:
    """The text of the word holding the use ``u`` after it (``.json"`` of ``"out/$v.json"``)."""
    path = a.source.path_at(u.script_start)
    k = len(path) - 1
    while k > 0 and path[k - 1].type in _WORD_PARTS:
        k -= 1
    if k < 0 or path[k].type not in _WORD_PARTS:
        return ""
    return a.script[u.script_end : a.source.char(path[k].end_byte)]


# PATH_WRITES actions of programs that write a file INTO the directory a path names when
# it is one (cp(1)/mv(1)/install(1)/ln(1): "copy SOURCE to DIRECTORY"; tar -C, unzip -d)
_INTO_DIRECTORY = frozenset(
    {"copies a file to", "moves a file to or from", "installs a file at", "creates a link at", "extracts into"}
)
_DENY_DOTDOT = lazy_compile(r"\*/?\.\.|(?<![\w.*/\\])\.\.(?![\w/*])|(?<!\^)\\\.\\\.")


# `[[ T ]] && exit`, `[[ T ]] || exit`, `if [[ T ]]; then … exit`
_TEST_DENY = lazy_compile(r"\[\[([^\]]*)\]\]\s*(&&|\|\||;\s*then\b)\s*\{?\s*(?:[^;]*;\s*)?(?:exit|return)\b")
_TEST_PATH = lazy_compile(r"\*/|\*/?\.\.|(?<![\w.*/\\])\.\.(?![\w/*])|(?<!\^)\\\.\\\.|=~\s*['\"]?\\?/")


def _test_deny(a, names: frozenset, at: int, into: bool = False) -> bool:
    """A ``[[ ]]`` test earlier in the same step that leaves when the value holds ``/``
    or ``..``: ``[[ $v == */* || $v == *..* ]] && exit``, ``if [[ $v =~ / ]]; then exit``,
    ``[[ $v != */* ]] || exit`` (valueflow records no guard for a deny test: it proves
    nothing about the value's other bytes)."""
    for s0, s1 in a.step_spans:
        if s0 <= at < s1:
            break
    else:
        return False
    memo = a.derived("traversal.deny_tests", _new_memo)
    tests = memo.get(s0)
    if tests is None:  # once per step: a scan per use would be quadratic
        # every match starts with "[[": no scan of a step without one
        tests = memo[s0] = list(_TEST_DENY.finditer(a.script, s0, s1)) if a.script.find("[[", s0, s1) >= 0 else []
    for m in tests:
        if m.end() > at:
            break
        body, conn = m.group(1), m.group(2)
        if not (_DENY_DOTDOT if into else _TEST_PATH).search(body) or not any(n in body for n in names):
            continue
        negated = "!=" in body or body.lstrip().startswith("!")
        if negated == (conn == "||"):
            return True
    return False
