"""Where a placeholder's value would be parsed as an option (UL150).

Reads the bash analysis (``tpl.bash``: simple commands, argv words, resolved
command names) and walks each command's argument words the way the program's
own option parser does, using :mod:`utcp_lint.template.option_table`:

* a literal ``--`` (or the program's end-of-options word) ends option parsing;
* a literal option consumes the next word when it takes a value (``-e VALUE``,
  ``--file VALUE``; ``--name=VALUE`` and ``-fVALUE`` consume nothing);
* the first word of a sub-command program (git, docker, kubectl, npm, pip) that
  is not an option is the sub-command, whose own table applies after it;
* programs that stop parsing options after N operands (``ssh``, ``docker run``,
  bash builtins) stop there; GNU-style programs read options anywhere.

A word whose value *starts* with a placeholder's value and that sits where the
parser still reads options is a hit: a value starting with ``-`` arrives as an
option.  Nothing here parses shell text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from ..core.fieldwise import frozen_delattr, frozen_setattr, record, record_eq, record_hash, record_repr
from ..core.lazyre import compile_pattern, lazy_compile
from ..run.budget import check
from . import programs as _programs
from .bash_commands import BashSinkKind, option_files_of
from .option_table import (
    BEHAVIOR,
    EXEC,
    FIND_PRIMARY_ARGS,
    IMPACT_SEVERITY,
    WRITE,
    ProgramSpec,
    long_word,
    lookup,
    may_write,
    option_writes,
    wrapper_spec,
)

# sinks that run the value as code or as the program: the option position is not the finding there
_CODE_KINDS = (BashSinkKind.SHELL_CODE, BashSinkKind.INTERP_CODE, BashSinkKind.COMMAND_NAME)

if TYPE_CHECKING:
    from .bash import Ref, SimpleCommand, Word
    from .grammar_table import ValueFact

OPTION = "option"
VALUE = "value"
END = "end-of-options"
OPERAND = "operand"
SUBCOMMAND = "subcommand"
DYNAMIC = "dynamic"  # a non-static word where options are still read
AFTER = "after-options"
VALUE_GUESS = "value-guess"  # unknown program: probably the value of the option before it
BEFORE_END = "before end of options"  # OptionHit.position: where the program reads no -- (jq's filter)

# Option spellings that are switches (take no value) in practice across programs: the
# long options of the GNU Coding Standards' "Table of Long Options" that are switches
# (--quiet, --verbose, --yes, --force, --dry-run, --recursive, --all, --help, --version,
# --debug, --silent, --no-…), and their usual short forms (-q, -v, -y, -h, -V).  After one
# of these, a dynamic word of a program the table does not know is not that option's
# value: it is read as an option or operand of its own (`gradle -q $V`, `apt-get install
# -y $V`), so the value can reach the program as an option.
SWITCH_SPELLINGS = frozenset(
    """-q -v -y -h -V -qq -vv -vvv --quiet --verbose --yes --assume-yes --force --dry-run
    --recursive --all --help --version --debug --silent --json --no-color --no-colour
    --no-input --non-interactive --noconfirm --no-confirm --batch --no-progress""".split()
)


def documented_switch(spec: ProgramSpec, word: str | None) -> bool:
    """Whether option word ``word`` (static; ``-abc`` is judged by its last letter) is documented
    by ``spec`` as taking no value, or as taking one it already holds or consumed: then the
    next word is not its value.  Only asked for specs that list their switches
    (``ProgramSpec.switches``: grammars from a manual); an option documented neither way may
    take the next word."""
    if word is None or spec.switches is None:
        return False
    if long_word(spec, word):
        name = word.split("=", 1)[0]
        if not name.startswith("--"):
            name = "-" + name  # ffmpeg -vn == --vn: one spelling in the spec
        return name in spec.switches or name in spec.long_values
    for ch in word[1:]:  # a cluster: switches, then perhaps one letter taking the rest
        if ch in spec.short_values or ch in spec.short_optional_attached:
            return True  # (gs -dNAME, socat -lf: an attached value only)
        if "-" + ch not in spec.switches:
            return False
    return len(word) > 1


def _switch(word: str | None) -> bool:
    if word is None:
        return False
    if word in SWITCH_SPELLINGS or (word.startswith("--no-") and "=" not in word):
        return True
    if word[:2] == "--" and "=" not in word:
        from .grammar_table import common_switches

        return word in common_switches()  # a switch in many manuals, a value in none
    return False


# commands whose argument words are not program options (other rules own them)
SKIP = frozenset(
    {
        "eval",
        "source",
        ".",
        "let",
        "read",
        "test",
        "[",
        "[[",
        "unset",
        "trap",
        "getopts",
        "mapfile",
        "readarray",
        "export",
        "local",
        "declare",
        "typeset",
        "readonly",
        "exit",
        "return",
        "shift",
        "true",
        "false",
        ":",
        "alias",
        "unalias",
        "set",
        "wait",
        "ulimit",
        "umask",
        "builtin",
        "command",
        "exec",
        "time",
    }
)

_NOT_QUOTE = lazy_compile("[^\"']")
_QUOTES = frozenset("\"'")


KEYS = "keys"  # a dash-less first word of option letters (tar czf FILE, ar rcs, ps aux)


@record
class Walk:
    """The roles of a command's words as the program's option grammar reads them."""

    roles: dict  # word index -> role
    first_operand: int | None
    subcommand: str | None  # literal sub-command word
    sub_at: int | None  # index of the sub-command word (literal or dynamic)
    specs: dict  # word index -> ProgramSpec in effect there
    where: dict | None = None  # find: word index -> "starting point" | "expression"
    ordered: tuple = ()  # (index, role) by index (set by option_hits' shared walk)
    # word index -> (option, offset): the word holds that option's argument, from character
    # ``offset`` of the word (an attached ``--name=ARG``/``-xARG``) or whole (offset None)
    args: dict | None = None

    def __init__(
        self,
        roles: dict,
        first_operand: int | None,
        subcommand: str | None,
        sub_at: int | None,
        specs: dict,
        where: dict | None = None,
        ordered: tuple = (),
        args: dict | None = None,
    ) -> None:
        self.roles = roles
        self.first_operand = first_operand
        self.subcommand = subcommand
        self.sub_at = sub_at
        self.specs = specs
        self.where = where
        self.ordered = ordered
        self.args = args

    __repr__ = record_repr
    __eq__ = record_eq


def _option_key(spec: ProgramSpec | None, v: str) -> tuple:
    """(key, offset of an attached value or None) of an option word ``v`` ("--name=x" -> ("--name", 7))."""
    if long_word(spec, v):
        key, eq, _ = v.partition("=")
        if not v.startswith("--"):
            key = "-" + key  # sqlite3 -cmd == --cmd: one spelling in the table
        off = len(key) + 1 - (0 if v.startswith("--") else 1) if eq else None
        if spec is not None and spec.option_qualifier:
            key = key.partition(spec.option_qualifier)[0]  # ffmpeg -c:v == -c
        return key, off
    return v[:2], None


def walk(spec: ProgramSpec | None, vals: Sequence, start: int, prefixes: Sequence | None = None) -> Walk:
    """Roles of ``vals[start:]`` (static word values; None = dynamic) for ``spec``.

    ``prefixes`` (optional, aligned with ``vals``): the static text that starts a dynamic
    word; a dynamic word whose static text starts with ``-`` is an option word
    (``--to-command=$V``), whose argument the walk records in ``Walk.args``.
    The grammar is getopt's: GNU permutation unless the program stops at its N-th operand
    (``operand_limit``), ``--`` (or the program's own end word), clustered short options
    with an attached or separate argument (``-xvzf FILE``), long options with ``=`` or a
    separate value, optional arguments only attached, old-style first-word keys
    (``tar czf FILE``) and one-dash long options (``sqlite3 -cmd SQL``).
    """
    if spec is not None and spec.name == "find":
        return _walk_find(vals, start)
    n = len(vals)
    roles: dict = {}
    specs: dict = {}
    args: dict = {}
    top = spec
    cur = spec
    sub_pending = spec is not None and spec.has_subcommands
    sub_name = None
    sub_at = None
    options_on = True
    operands = 0
    first_operand = None
    pending: list = []  # options still waiting for their separate argument, in order
    stop_after = False
    i = start
    while i < n:
        v = vals[i]
        specs[i] = cur
        if pending and v == "--" and cur is not None and cur.source == "grammar" and i + 1 < n:
            # `dpkg-deb -c -- V`: the arity came from the manual's synopsis (`-c archive` names
            # an operand as often as an argument); a written `--` before more words is the
            # author's end of options, not that option's argument
            pending = []
            roles[i] = END
            options_on = False
            i += 1
            continue
        if pending:
            roles[i] = VALUE
            args[i] = (pending.pop(0), None)
            if not pending and stop_after:
                options_on = False  # python -c CODE / -m MODULE: the rest goes to the program
            i += 1
            continue
        if not options_on:
            roles[i] = AFTER
            i += 1
            continue
        if v is None:
            p = prefixes[i] if prefixes is not None else ""
            if p and p[0] == "-" and len(p) > 1 and p != "--":
                roles[i] = OPTION  # --name=$V, -o$V: an option word with a dynamic part
                key, off = _option_key(cur, p)
                if off is not None and cur is not None and not cur.long_equals:
                    pass  # curl --output=$V: an unknown option, not --output with a value
                elif off is not None:
                    args[i] = (key, off)
                elif not p.startswith("--") and cur is not None and len(p) > 2 and p[1] in cur.short_values:
                    args[i] = (p[:2], 2)  # -o$V: the argument of -o
                elif len(p) == 2 and cur is not None and p[1] in cur.short_values + cur.short_optional_attached:
                    args[i] = (p, 2)  # "-I$V", and "-O$V" of an option whose value is only attached
                i += 1
                continue
            if (
                (cur is None or (cur.switches is not None and not documented_switch(cur, vals[i - 1])))
                and i > start
                and roles.get(i - 1) == OPTION
                and "=" not in (vals[i - 1] or "=")
                and not _switch(vals[i - 1])
            ):
                roles[i] = VALUE_GUESS
                i += 1
                continue
            roles[i] = DYNAMIC
            if sub_pending:
                sub_pending = False
                sub_at = i
                assert top is not None  # sub_pending starts True only with a spec
                cur = top.default_subcommand
            else:
                operands += 1
                if first_operand is None:
                    first_operand = i
                if cur is not None and cur.operand_limit is not None and operands >= cur.operand_limit:
                    options_on = False
            i += 1
            continue
        if cur is None:
            ends: tuple = ("--",)
        elif cur.end_of_options is None or operands < cur.end_after_operands:
            ends = ()  # (jq 1.6: `--` before the filter is no end of options)
        else:
            ends = ("--", cur.end_of_options)
        if v in ends:
            roles[i] = END
            options_on = False
            i += 1
            continue
        if i == start and cur is not None and cur.oldstyle and v and v[0] != "-" and v.isalpha():
            roles[i] = KEYS  # tar czf FILE: each value-taking letter takes the next word
            pending = ["-" + ch for ch in v if ch in cur.oldstyle]
            i += 1
            continue
        if (len(v) > 2 and v.startswith("--")) or (
            cur is not None and v[:1] == "-" and v[:2] != "--" and long_word(cur, v)  # (an operand: no call)
        ):
            roles[i] = OPTION
            key, off = _option_key(cur, v)
            if off is not None and cur is not None and not cur.long_equals:
                pass  # curl --output=FILE: an unknown option, not --output with a value
            elif off is not None:
                args[i] = (key, off)
            elif cur is not None:
                if key in cur.long_two_values:
                    pending = [key, key]
                elif key in cur.long_values:
                    pending = [key]
            i += 1
            continue
        if v.startswith("-") and len(v) > 1:
            roles[i] = OPTION
            if cur is not None:
                k = 0
                while k + 1 < len(v):
                    k += 1
                    ch = v[k]
                    if ch in cur.short_digits:
                        k = _programs.digits_end(v, k) - 1  # perl -l0e CODE: the cluster goes on
                        continue
                    if ch in cur.short_values:
                        if k == len(v) - 1:
                            pending = ["-" + ch]
                            stop_after = ch in cur.terminating_values
                        else:
                            args[i] = ("-" + ch, k + 1)
                            if ch in cur.terminating_values:
                                options_on = False  # python -cCODE ARGS
                        break
                    if ch in cur.short_optional_attached:
                        if k < len(v) - 1:
                            args[i] = ("-" + ch, k + 1)
                        break
            i += 1
            continue
        if sub_pending:
            roles[i] = SUBCOMMAND
            sub_pending = False
            sub_name = v if sub_name is None else f"{sub_name} {v}"
            sub_at = i
            assert top is not None  # sub_pending starts True only with a spec
            cur = top.subcommand(v)
            if cur.has_subcommands and cur is not top:
                top = cur  # a command word of its own (terraform workspace select NAME)
                sub_pending = True
            i += 1
            continue
        roles[i] = OPERAND
        operands += 1
        if first_operand is None:
            first_operand = i
        if cur is not None and cur.operand_limit is not None and operands >= cur.operand_limit:
            options_on = False
        i += 1
    return Walk(roles, first_operand, sub_name, sub_at, specs, args=args)


def _walk_find(vals: Sequence, start: int) -> Walk:
    """find: options -H -L -P -D -O, starting points, then an expression."""
    from .option_table import FIND

    n = len(vals)
    roles: dict = {}
    where: dict = {}
    i = start
    while (
        i < n and vals[i] is not None and (vals[i] in ("-H", "-L", "-P") or vals[i].startswith("-O") or vals[i] == "-D")
    ):
        roles[i] = OPTION
        if vals[i] == "-D" and i + 1 < n:
            roles[i + 1] = VALUE
            i += 1
        i += 1
    phase = "paths"
    pending = 0
    first = None
    while i < n:
        v = vals[i]
        if pending:
            roles[i] = VALUE
            pending -= 1
            i += 1
            continue
        if phase == "paths":
            if v is None:
                roles[i] = DYNAMIC
                where[i] = "starting point"
                first = i if first is None else first
                i += 1
                continue
            if not (v.startswith("-") or v in ("(", "!", ")", ",")):
                roles[i] = OPERAND
                first = i if first is None else first
                i += 1
                continue
            phase = "expr"
        if v is None:
            roles[i] = DYNAMIC
            where[i] = "expression"
        elif v in ("-exec", "-execdir", "-ok", "-okdir"):
            roles[i] = OPTION
            j = i + 1
            while j < n and vals[j] not in (";", "+"):
                roles[j] = VALUE
                j += 1
            if j < n:
                roles[j] = VALUE
            i = j + 1
            continue
        else:
            roles[i] = OPTION
            pending = FIND_PRIMARY_ARGS.get(v, 0)
        i += 1
    return Walk(roles, first, None, None, {k: FIND for k in roles}, where)


# ---------------------------------------------------------------------------
# hits on a bash analysis
# ---------------------------------------------------------------------------


@record
class OptionHit:
    """A placeholder in a word the program may read as an option (or sub-command)."""

    ref: Ref  # the placeholder (bash analysis)
    command: SimpleCommand
    word: Word
    program: str | None
    spec: ProgramSpec | None  # spec in effect at the word (sub-command spec)
    subcommand: str | None
    position: str  # "argument" | "sub-command" | "starting point" | "expression" | "wrapper operand"
    whole: bool
    confidence: str
    severity: str
    insert_word: object = None  # Word before which the end-of-options word goes (None: no fix)
    marker: str | None = None
    via: str | None = None  # the shell variable holding the value (value flow), else None
    evidence: str | None = None  # unknown program: the public source that lists it as running commands
    # the grammar does not know whether the option word right before the value takes a value
    # (an option the program's entry does not list, a sub-command it does not know): the
    # value may be that option's argument, so where it lands is a guess (issue 23)
    unsure: str | None = None
    # the static option word before the value that turns the program's code features off
    # (``sqlite3 -safe``), when the value is the command's last word: one option, no argument
    disarmed: str | None = None

    def __init__(
        self,
        ref: Ref,
        command: SimpleCommand,
        word: Word,
        program: str | None,
        spec: ProgramSpec | None,
        subcommand: str | None,
        position: str,
        whole: bool,
        confidence: str,
        severity: str,
        insert_word: object = None,
        marker: str | None = None,
        via: str | None = None,
        evidence: str | None = None,
        unsure: str | None = None,
        disarmed: str | None = None,
    ) -> None:
        self.ref = ref
        self.command = command
        self.word = word
        self.program = program
        self.spec = spec
        self.subcommand = subcommand
        self.position = position
        self.whole = whole
        self.confidence = confidence
        self.severity = severity
        self.insert_word = insert_word
        self.marker = marker
        self.via = via
        self.evidence = evidence
        self.unsure = unsure
        self.disarmed = disarmed

    __repr__ = record_repr
    __eq__ = record_eq


def leading_placeholder(analysis, word):
    """The placeholder Ref whose value starts ``word``'s value, or None."""
    if word.value is not None or word.prefix or not word.placeholder_ids:
        return None
    ref = analysis.placeholders[word.placeholder_ids[0]]
    # only quote characters before it (searched, not sliced: the first
    # placeholder of a deeply nested $( ) word is at its far end, issue 29)
    if _NOT_QUOTE.search(analysis.script, word.start, ref.ref_start) is not None:
        return None
    return ref


def _walked(cmd) -> bool:
    """Whether :func:`command_walk` applies to ``cmd``."""
    return cmd.kind == "command" and cmd.name_index is not None and cmd.name is not None and cmd.name not in SKIP


def _prefixes(cmd) -> tuple:
    """The static text starting each dynamic word of ``cmd`` ("" for static words)."""
    return cmd.argv_key[1]


@lru_cache(maxsize=4096)  # bounded: generated manuals repeat a few hundred command lines
def _shared_walk(name: str, vals: tuple, start: int, version: int, prefixes: tuple | None = None) -> tuple:
    """(spec, Walk) of ``lookup(name)`` over ``vals[start:]``, once per argv while the program
    table is unchanged (``version``: :func:`programs.version`); the Walk is shared: read only."""
    spec = lookup(name)
    wk = walk(spec, vals, start, prefixes)
    wk.ordered = tuple(sorted(wk.roles.items()))
    return spec, wk


def shared_walk(name: str, vals: Sequence, start: int, prefixes: Sequence | None = None) -> Walk:
    """``walk(lookup(name), vals, start, prefixes)``, computed once per argv while the
    program table is unchanged (shared: read only)."""
    return _shared_walk(name, tuple(vals), start, _programs.version(), None if prefixes is None else tuple(prefixes))[1]


def command_walk(cmd) -> tuple | None:
    """(spec, Walk) for a simple command's arguments, or None when not applicable."""
    if not _walked(cmd):
        return None
    spec = lookup(cmd.name)
    return spec, walk(spec, cmd.values, cmd.name_index + 1, _prefixes(cmd))


def written_option(cmd, wi: int) -> tuple | None:
    """(option, offset, program) when word ``wi`` of ``cmd`` is the argument of an option
    naming a file the program writes (``programs.Options.writes``: ``msgfmt -o W``, ``csplit
    --prefix=W``, ``terraform plan -out=W``), by the program's own option grammar (the
    walk above: clustered short options, ``--name=W``, sub-commands, one-dash long
    options); ``offset`` is where the argument starts inside an option word (None: the
    whole word).  For a program the table lacks, only the unambiguous spellings of
    ``programs.GENERIC_WRITES`` (``--output-file W``, ``--log-file=W``) count.  The option
    is returned as written on the command line (``-out`` for terraform), the program with
    its sub-command (``git archive``)."""
    return written_options(cmd).get(wi)


_NAME_FACTS: dict = {}  # program name -> (table version, spec, may_write, code_env or code words)


def _name_facts(name: str, version: int) -> tuple:
    """(version, ``lookup(name)``, whether an option of it names a file written
    (:func:`option_table.may_write`), whether an environment variable or a word of its
    command line can be code (``code_env``, :func:`_runs_code`)): once per program name
    while the program table is unchanged (every command asks each question)."""
    got = _NAME_FACTS.get(name)
    if got is not None and got[0] == version:
        return got
    spec = lookup(name)
    # environment variables split into options, from the entry or from programs.ENV_OPTIONS
    # (a JVM's JAVA_TOOL_OPTIONS: read whatever grammar the program's options come from)
    env = {c.option: c for c in _programs.env_options(name)}
    if spec is not None:
        env.update(spec.code_env)
    got = _NAME_FACTS[name] = (
        version,
        spec,
        spec is not None and may_write(spec),
        bool(env) or (spec is not None and _runs_code(spec)),
        env,
    )
    return got


def written_options(cmd) -> dict:
    """{word index: (option, offset, program)} of :func:`written_option` for every word of
    ``cmd``, from one walk of its argv (callers with many uses in one command compute it
    once per command: a walk per use is quadratic in the argv's length)."""
    out: dict = {}
    if _walked(cmd):
        vals = cmd.values
        _v, spec, may_w, _c, _e = _name_facts(cmd.name, _programs.version())
        may = (
            may_w
            if spec is not None
            else any(v is not None and v.split("=", 1)[0] in _programs.GENERIC_WRITES for v in vals)
            or any(
                vals[j] is None and cmd.prefix(j).split("=", 1)[0] in _programs.GENERIC_WRITES
                for j in range(1, len(vals))
            )
        )
        if may:
            spec, wk = _shared_walk(cmd.name, cmd.argv_key[0], cmd.name_index + 1, _programs.version(), cmd.argv_key[1])
            for wi, (key, off) in (wk.args or {}).items():
                if spec is None:
                    if key in _programs.GENERIC_WRITES:
                        out[wi] = (key, off, cmd.name)
                    continue
                eff = wk.specs.get(wi) or spec
                if option_writes(eff, key):
                    got = key
                elif key.startswith("--") and long_word(eff, key[1:]) and option_writes(eff, key[1:]):
                    got = key[1:]  # terraform -out=W: walked as --out
                else:
                    continue
                if _written_under(eff.name, got, vals):  # not keytool -list -keystore W: read
                    out[wi] = (got, off, eff.name)
            if spec is None:
                for wi in range(cmd.name_index + 2, len(vals)):
                    prev = vals[wi - 1]
                    if prev in _programs.GENERIC_WRITES and wk.roles.get(wi - 1) == OPTION and wi not in out:
                        out[wi] = (prev, None, cmd.name)
    return out


def _written_under(name: str, key: str, vals) -> bool:
    """Whether the command line ``vals`` writes the argument of ``key``: always, unless the
    program's grammar names the command words that write it (``grammar_table.write_commands``:
    keytool's ``-importcert`` writes ``-keystore``, ``-list`` reads it) and none is written."""
    from .grammar_table import write_commands

    cmds = write_commands(name, key)
    return cmds is None or any(v in cmds for v in vals if v is not None)


def names_option_files(cmd) -> bool:
    """Whether some option of ``cmd``'s program names a file of option lines it reads
    (``programs.Options.option_files``): :func:`option_file_argument` can only be true then
    (a test of the program alone, before any reading of the command's words)."""
    if not _walked(cmd):
        return False
    entry = _programs.BY_NAME.get(cmd.name)
    return entry is not None and entry.options is not None and bool(option_files_of(entry.options))


def option_file_argument(cmd, wi: int) -> tuple | None:
    """(programs.OptionFile, offset) when word ``wi`` of ``cmd`` is the argument of an
    option naming a file of option lines the program reads (``curl -K W``, ``ssh -F W``,
    ``pip install -r W``, ``kubectl --kubeconfig=W``; ``programs.Options.option_files``),
    by the program's option grammar; ``offset`` as in :func:`written_option`."""
    if not _walked(cmd) or wi <= cmd.name_index:
        return None
    entry = _programs.BY_NAME.get(cmd.name)
    if entry is None or entry.options is None:
        return None
    files = option_files_of(entry.options)
    if not files:
        return None
    _spec, wk = _shared_walk(cmd.name, cmd.argv_key[0], cmd.name_index + 1, _programs.version(), cmd.argv_key[1])
    got = (wk.args or {}).get(wi)
    if got is None:
        return None
    key, off = got
    for of in files:
        if of.option == key or (key.startswith("--") and of.option == key[1:]):
            return of, off
    return None


def option_hits(analysis) -> list:
    """Every placeholder-led word in an option position, over all commands."""
    out = []
    functions = analysis.functions
    guards = analysis.guards
    # words led by a variable that holds a placeholder's value exactly (value flow)
    flow: dict = {}
    flow_cmds: set = set()
    for u, p, name, names in analysis.flow_uses:
        flow.setdefault((id(u.command), u.word_index), (u, p, name, names))
        flow_cmds.add(id(u.command))
    # unquoted `$(printf '%s' V | tr , ' ')` arguments: bash splits the printed value into
    # words, each piece an argument where options are still read (valueflow's split uses)
    split_at = _split_substitutions(analysis)
    version = _programs.version()
    for cmd in analysis.commands:
        check()  # the CPU budget (linter/run/budget.py)
        name = cmd.name
        if name in functions and "function" not in cmd.wrappers:
            continue  # a shell function's arguments are $1…, never parsed as options
        if cmd.wrappers and cmd.kind == "command":
            out.extend(wrapper_option_hits(analysis, cmd))
        if not _walked(cmd):
            continue
        # necessary for a hit: an argument word holding an expansion, led by a
        # placeholder (one lies inside the command's text) or by a variable
        # holding its value
        vals = cmd.values
        if None not in vals[cmd.name_index + 1 :] or (
            id(cmd) not in flow_cmds and not analysis.placeholder_ids(cmd.start, cmd.end)
        ):
            continue
        # necessary too, before the walk: a dynamic word with no static text before its
        # first expansion (the walk's DYNAMIC words are among them) led by a placeholder
        # or by a variable holding its value (the reading below)
        statics = cmd.statics
        for j in range(cmd.name_index + 1, len(vals)):
            if (
                vals[j] is None
                and not statics[j][1]
                and (
                    (id(cmd), j) in flow
                    or leading_placeholder(analysis, cmd.word(j)) is not None
                    or (split_at and cmd.word(j).start in split_at)
                )
            ):
                break
        else:
            continue
        spec, wk = _shared_walk(name, cmd.argv_key[0], cmd.name_index + 1, version, cmd.argv_key[1])
        for idx, role in wk.ordered:
            if role != DYNAMIC or cmd.prefix(idx):
                continue  # a word with a static prefix ("of=$V") is led by neither
            word = cmd.word(idx)
            ref = leading_placeholder(analysis, word)
            via = None
            names = None
            flow_at = 0  # where a variable holding the value is used (value flow)
            split_sub = None
            if ref is None and split_at and word.start in split_at:
                ref, split_sub = split_at[word.start]
                via = split_sub
            elif ref is None:
                fu = flow.get((id(cmd), idx))
                if fu is None or _NOT_QUOTE.search(analysis.script, word.start, fu[0].ref_start) is not None:
                    continue
                u, ref, via, names = fu
                flow_at = u.ref_start
                lead = analysis.element_leads.get((id(u), id(ref)))
                if lead is not None:
                    # `flags=(--namespace VALUE); helm list "${flags[@]}"`: the array's
                    # elements before the value's are argv words before it
                    vv = tuple(vals[:idx]) + lead + (None,)
                    wk2 = _shared_walk(name, vv, cmd.name_index + 1, version)[1]
                    if dict(wk2.ordered).get(len(vv) - 1) != DYNAMIC:
                        continue  # the argument of an option before it, or past option parsing
                if guards:
                    from .bash.valueflow import guard_verdict

                    if guard_verdict(guards, names, u.ref_start, option=True) == "safe":
                        continue
            if any(sk.kind in _CODE_KINDS and not sk.chain for sk in ref.sinks):
                continue  # the value is code/the command there (UL102/UL105/UL103): one fact, one finding
            hit = _hit(analysis, cmd, spec, wk, idx, word, ref)
            if hit is None:
                continue
            hit.via = via
            if split_sub is not None:
                # pieces of the value: `--` before the word keeps options out, not make's
                # NAME=VALUE operands; the fix is to pass the value itself (UL117's message)
                hit.insert_word = hit.marker = None
                hit.whole = False
            if via is not None and hit.ref.step != cmd.step and via != f"CMD_{hit.ref.step}_OUTPUT":
                continue  # (a step's own output variable is the one value that crosses steps)
            if guards:
                from .bash.valueflow import guard_bare_word, guard_unreadable, guard_verdict

                gnames = frozenset({ref.env_var or ref.name})
                verdict = guard_verdict(guards, gnames, ref.ref_start, option=True)
                if verdict == "safe":
                    continue  # checked first: the value cannot start with '-'
                if (
                    verdict == "unclear"
                    and analysis.script[word.start : word.start + 1] == '"'
                    and _fixed_options_inert(spec, wk, idx, guards, gnames, ref.ref_start)
                ):
                    continue  # the value is one of the options the check allows, its argument glued
                at = ref.ref_start
                if (
                    names is not None
                    and verdict is None
                    and hit.severity == "error"
                    and guard_verdict(guards, names, flow_at, option=True) == "unclear"
                    and guard_unreadable(guards, names, flow_at)
                ):
                    hit.severity = "warning"  # a check of the variable the analysis cannot read
                if verdict == "unclear":
                    hit.confidence = {"high": "medium", "medium": "low"}.get(hit.confidence, "low")
                    if hit.severity == "error" and (
                        guard_bare_word(guards, gnames, at) or guard_unreadable(guards, gnames, at)
                    ):
                        # only a bare option word gets through, no argument of the caller's;
                        # or a check the analysis cannot read may keep it out (issue 23)
                        hit.severity = "warning"
            if split_sub is not None and hit.severity != "error":
                # UL117's finding on the same split already says a piece starting with '-' is
                # an option (one fact, one finding); an option that runs code is a fact of its own
                continue
            out.append(hit)
    return out


def _split_substitutions(analysis) -> dict:
    """{script offset of an unquoted ``$( )`` argument: (placeholder, "(printf …)")} for the
    placeholders printed into it (``ref.split_uses`` labelled ``unquoted $(…)`` by the value
    flow, in an argument rather than a for list or an array literal)."""
    out: dict = {}
    for ref in analysis.placeholders:
        for label, _use, chain in ref.split_uses:
            if label.startswith("unquoted $(") and " in " not in label and chain:
                if ref.command is not None and _dashes_dropped(analysis, ref.command):
                    continue  # `| tr -cd 'a-z ,'`: no piece can start with '-'
                out.setdefault(chain[-1][1], (ref, label[len("unquoted $") :]))
    return out


def _dashes_dropped(analysis, printer) -> bool:
    from .bash.valueflow import drops_dashes

    return any(drops_dashes(rc) for rc in analysis.command_table.later_stages(printer))


WRAPPER_OPERAND = "wrapper operand"  # OptionHit.position of wrapper_option_hits


def wrapper_option_hits(analysis, cmd) -> list:
    """Placeholder-led words in an option position of a WRAPPER's own arguments, before the
    command it runs: ``timeout V df`` (V is timeout's DURATION operand: ``--signal=KILL``
    is read as timeout's option and ``df`` becomes the duration; coreutils timeout(1)
    ``timeout [OPTION] DURATION COMMAND [ARG]...``), ``chroot V ls``, ``flock V cmd``.
    The wrapper's grammar is its ``programs.Wrapper`` entry (``option_table.wrapper_spec``)
    or, where it has one, its option facet (``env``); a word its grammar reads as an
    option's value (``nice -n V``, ``timeout -s V 5``) or after ``--`` is no hit."""
    sem = cmd.semantics
    at = sem.wrapper_at
    vals = cmd.values
    stop = cmd.name_index if cmd.name_index is not None else len(vals)
    out: list = []
    for k, wi in enumerate(at):
        end = at[k + 1] if k + 1 < len(at) else stop
        if wi + 1 >= end or None not in vals[wi + 1 : end]:
            continue
        # necessary: a word of the segment led by a placeholder (env's `V=$x` words are not)
        if not any(
            vals[j] is None and leading_placeholder(analysis, cmd.word(j)) is not None for j in range(wi + 1, end)
        ):
            continue
        wname = sem.wrappers[k]
        entry = _programs.BY_NAME.get(wname)
        if entry is None or entry.wrapper is None or entry.wrapper.grammar in _OWN_GRAMMAR_WRAPPERS:
            continue
        spec = lookup(wname) if entry.options is not None else wrapper_spec(wname)
        if spec is None:
            continue
        wk = walk(spec, vals[:end], wi + 1, _prefixes(cmd)[:end])
        for idx, role in sorted(wk.roles.items()):
            if role != DYNAMIC or cmd.prefix(idx):
                continue
            word = cmd.word(idx)
            ref = leading_placeholder(analysis, word)
            if ref is None or any(sk.kind in _CODE_KINDS and not sk.chain for sk in ref.sinks):
                continue
            if analysis.guards:
                from .bash.valueflow import guard_verdict

                if (
                    guard_verdict(analysis.guards, frozenset({ref.env_var or ref.name}), ref.ref_start, option=True)
                    == "safe"
                ):
                    continue
            # an option there shifts the words after it: the command word becomes the operand
            # (`timeout --signal=KILL df`: "invalid time interval 'df'"), so the call fails and
            # the command never runs (measured, tests/test_wrapper_own_options.py): a note,
            # unless an option of the wrapper runs code (its option facet's impact)
            sev = spec.finding_severity if spec.impact == EXEC else "note"
            hit = OptionHit(ref, cmd, word, wname, spec, None, WRAPPER_OPERAND, bool(ref.whole_word), "high", sev)
            if spec.end_of_options:
                hit.insert_word, hit.marker = word, spec.end_of_options  # `timeout -- V df`
            out.append(hit)
    return out


# wrappers read by a grammar of their own (bash_commands.WRAPPER_GRAMMARS) whose words the
# generic walk would misread: ``builtin``/``busybox`` (the next word is the command),
# ``watch`` (its argv is one shell command)
_OWN_GRAMMAR_WRAPPERS = frozenset({"next", "watch"})


def _hit(analysis, cmd, spec, wk: Walk, idx: int, word, ref) -> OptionHit | None:
    eff = wk.specs.get(idx) or spec
    whole = bool(ref.whole_word)
    if spec is None or spec.source == "grammar":
        # a program known only by its manual's grammar: the walk knows which words are
        # option arguments, but what an injected option does is as much a guess as for
        # a program the table does not know
        return _unknown_hit(ref, cmd, word, whole, spec)
    if spec.name == "find":
        pos = (wk.where or {}).get(idx, "starting point")
        return OptionHit(ref, cmd, word, "find", spec, None, pos, whole, "high", spec.finding_severity)
    if wk.sub_at == idx:
        return OptionHit(ref, cmd, word, cmd.name, spec, None, "sub-command", whole, "high", spec.finding_severity)
    known_sub = not spec.has_subcommands or wk.subcommand in spec.subcommands
    conf = "high" if known_sub else "medium"
    sev = eff.finding_severity
    disarmed = None
    if eff.impact == WRITE and eff.nowrite_switches and _nowrite(cmd, wk, eff):
        sev = IMPACT_SEVERITY[BEHAVIOR]  # unzip -p: nothing is written, an option changes what is shown
    elif eff.impact in (EXEC, WRITE) and _disarmed(cmd, wk, eff, idx):
        sev = IMPACT_SEVERITY[BEHAVIOR]  # sqlite3 -safe: no option runs code or writes a file
        if whole and idx == cmd.word_count - 1 and not eff.long_equals:
            # the value is one word, the last: at most one option and no argument for it
            # (`-cmd=X` is no option there); under -safe that changes only what is printed
            # (measured, sqlite3 3.40.1 -safe -readonly DB WORD: no word runs or writes)
            sev = "note"
            disarmed = next(v for j, r in wk.ordered if j < idx and (v := cmd.values[j]) in eff.disarms)
    hit = OptionHit(ref, cmd, word, cmd.name, eff, wk.subcommand, "argument", whole, conf, sev, disarmed=disarmed)
    unsure = arity_unknown(cmd, wk, idx, spec)
    if unsure is not None:
        if unsure[0] == VALUE:
            return None  # the program's documentation: the word is that option's argument
        if sev == "error":
            hit.severity, hit.confidence, hit.unsure = "warning", "low", unsure[1]
            return hit  # no fix: where the option takes the value, `--` would break the call
    _plan_fix(analysis, cmd, wk, idx, hit)
    return hit


def _fixed_options_inert(spec, wk: Walk, idx: int, guards: list, names: frozenset, at: int) -> bool:
    """``case V in --lines=[0-9]*|--bytes=[0-9]*) ;; *) exit 2;; esac; split "V" F``: every value
    let through is one (quoted) word ``--opt=ARG`` for an option the check names, so the caller picks
    only the argument of an option the author chose; none of them runs its argument or
    writes a file named by it (the program's ``code_values`` / ``writes``)."""
    from .bash.valueflow import guard_option_prefixes

    prefixes = guard_option_prefixes(guards, names, at)
    if not prefixes:
        return False
    eff = wk.specs.get(idx) or spec
    if eff is None or eff.source == "grammar":
        return False
    return all(p[:-1] not in eff.code_values and p[:-1] not in eff.writes for p in prefixes)


def arity_unknown(cmd, wk: Walk, idx: int, spec: ProgramSpec) -> tuple | None:
    """:func:`argv_arity_unknown` for word ``idx`` of simple command ``cmd``."""
    return argv_arity_unknown(cmd.name, cmd.values, cmd.name_index + 1, wk, idx, spec, _prefixes(cmd))


def argv_arity_unknown(
    name: str, vals: Sequence, start: int, wk: Walk, idx: int, spec: ProgramSpec, prefixes: Sequence | None = None
) -> tuple | None:
    """(VALUE or VALUE_GUESS, why) when the grammar cannot say that word ``idx`` of argv
    ``vals`` (``wk``: its walk with ``spec``, the program's hand entry; options from
    ``start``) is in option position, or None when it can: VALUE when the program's manual
    or reference documentation says the option before it takes a value (the word is that
    option's argument), VALUE_GUESS when nothing says whether it does.  A hand entry lists
    the options taking a value; a long option it does not list is read as a switch, which
    is a guess where the entry is incomplete (``helm list --filter V``: the value is
    --filter's argument; short letters are few and listed from the program's --help, so
    they are trusted).  The option word right before the value counts as known to take
    none when it holds its value (``--x=1``), is a switch in practice (``--verbose``,
    :data:`SWITCH_SPELLINGS`, a switch in many manuals), or the program's own manual or
    reference documentation (:func:`grammar_table.grammar_spec`, walked over the same argv)
    reads the value as an option position too.  Read by UL150 and by ``verify``."""
    j = idx - 1
    if j < start or wk.roles.get(j) != OPTION:
        return None
    v = vals[j]
    if v is None or "=" in v or (wk.args or {}).get(j) is not None or _switch(v):
        return None
    if len(v) < 3 or not (v.startswith("--") or long_word(wk.specs.get(j) or spec, v)):
        return None  # short options: a hand entry lists every letter taking a value (from --help)
    from .grammar_table import grammar_spec

    g = grammar_spec(name)
    if g is not None:
        vv = list(vals)
        vv[idx] = None  # read as the value would be: a word the caller chooses
        pre = None if prefixes is None else [*prefixes[:idx], "", *prefixes[idx + 1 :]]
        got = walk(g, vv, start, pre).roles.get(idx)
        if got == DYNAMIC:
            return None  # its manual documents the option as a switch
        if got == VALUE:
            return VALUE, f"{name}'s documentation says {v} takes a value"
    sub = f" {wk.subcommand}" if wk.subcommand else ""
    return VALUE_GUESS, f"the option table does not say whether {v} of {name}{sub} takes a value"


def _disarmed(cmd, wk: Walk, spec: ProgramSpec, before: int) -> bool:
    """Whether a static option word of ``cmd`` before word ``before`` is one of
    ``spec.disarms`` (``sqlite3 -safe DB SQL``: the program's code features are off)."""
    if not spec.disarms:
        return False
    vals = cmd.values
    return any(r == OPTION and j < before and vals[j] in spec.disarms for j, r in wk.ordered)


def _nowrite(cmd, wk: Walk, spec: ProgramSpec) -> bool:
    """Whether a static option cluster of ``cmd`` holds one of ``spec.nowrite_switches`` (read
    up to its first value-taking letter: ``-d/tmp/plot`` holds no ``-p``)."""
    vals = cmd.values
    for j, r in wk.ordered:
        v = vals[j]
        if r != OPTION or v is None or v.startswith("--"):
            continue
        for ch in v[1:]:
            if ch in spec.nowrite_switches:
                return True
            if ch in spec.short_values:
                break
    return False


def _unknown_hit(ref, cmd, word, whole: bool, grammar: ProgramSpec | None = None) -> OptionHit:
    """A program the table does not know: whether it parses options there is a guess (issue 12
    item 3), but most programs do and many options read, write or run something (issue 23
    item 4): a warning at low confidence; medium when a public source lists the program as
    able to run commands, or its installed manual (``grammar``: grammar_table) options that
    write files; a note for programs known to take no dangerous option."""
    from . import program_facts as _facts

    name = cmd.name
    if name in _facts.NO_DANGEROUS_OPTIONS or not _facts.unix_program_name(name):
        return OptionHit(ref, cmd, word, name, None, None, "argument", whole, "low", "note")
    rc = _facts.runs_code(name)
    if not rc:
        if grammar is not None and any(k[:1] == "-" for k in grammar.code_values):
            # its reference documents options whose argument is run (rg --pre COMMAND)
            run = sorted(k for k in grammar.code_values if k[:1] == "-")
            ev = f"its reference documents options that run a program: {', '.join(run[:3])}"
            return OptionHit(ref, cmd, word, name, None, None, "argument", whole, "medium", "warning", evidence=ev)
        if grammar is not None and grammar.writes:
            ev = f"its manual lists options that write files: {', '.join(sorted(grammar.writes)[:3])}"
            return OptionHit(ref, cmd, word, name, None, None, "argument", whole, "medium", "warning", evidence=ev)
        return OptionHit(ref, cmd, word, name, None, None, "argument", whole, "low", "warning")
    source, opts = rc
    ev = f"{source} lists {name} as able to run commands"
    if opts:
        ev += f" (through {', '.join(opts[:4])})"
    return OptionHit(ref, cmd, word, name, None, None, "argument", whole, "medium", "warning", evidence=ev)


def _plan_fix(analysis, cmd, wk: Walk, idx: int, hit: OptionHit) -> None:
    """Where ``--`` (or ``--end-of-options``) can go without changing other words' meaning."""
    eff = hit.spec
    if eff is None or eff.end_of_options is None:
        return
    ins = wk.first_operand if wk.first_operand is not None and wk.first_operand <= idx else idx
    if eff.end_after_operands:  # jq 1.6: `--` after the filter, before the first file
        ops = [j for j, r in wk.ordered if r in (OPERAND, DYNAMIC) and j != wk.sub_at]
        if len(ops) <= eff.end_after_operands or ops[eff.end_after_operands] > idx:
            hit.position = BEFORE_END  # the value is the filter itself: no -- can come before it
            return
        ins = ops[eff.end_after_operands]
    for j in range(ins + 1, cmd.word_count):
        r = wk.roles.get(j)
        if r in (OPTION, VALUE, VALUE_GUESS, END, SUBCOMMAND):
            return  # a later option (or --) would turn into an operand
        if r == DYNAMIC:
            p = cmd.prefix(j)
            # a word led by "-" or by an expansion other than a placeholder
            if p[:1] == "-" or (not p and leading_placeholder(analysis, cmd.word(j)) is None):
                return  # e.g. $FLAGS: may be meant as options
    if not _fix_keeps_meaning(cmd, wk, ins, eff.end_of_options):
        return
    hit.insert_word = cmd.word(ins)
    hit.marker = eff.end_of_options


def _fix_keeps_meaning(cmd, wk: Walk, ins: int, marker: str) -> bool:
    """The fix re-analysed through the grammar: with ``marker`` inserted before word ``ins``
    the program reads it as its end of options, every word before keeps its class and every
    word after is an operand (never ``tar -- czf``: keys are no operand).  ``wk``: the walk of
    ``cmd``'s argv (the shared one: :func:`_keeps_meaning` reads it again by the same key)."""
    vals, pre = cmd.argv_key
    return _keeps_meaning(cmd.name, vals, cmd.name_index + 1, _programs.version(), pre, ins, marker)


@lru_cache(maxsize=4096)  # generated manuals repeat command lines (as _shared_walk)
def _keeps_meaning(name: str, vals: tuple, start: int, version: int, prefixes: tuple, ins: int, marker: str) -> bool:
    """:func:`_fix_keeps_meaning` once per argv, insertion point and marker while the program
    table is unchanged."""
    wk = _shared_walk(name, vals, start, version, prefixes)[1]
    after = walk(lookup(name), vals[:ins] + (marker,) + vals[ins:], start, prefixes[:ins] + ("",) + prefixes[ins:])
    if after.roles.get(ins) != END:
        return False
    for j, r in wk.roles.items():
        if j < ins and after.roles.get(j) != r:
            return False
        if j >= ins and after.roles.get(j + 1) != AFTER:
            return False
    return True


# ---------------------------------------------------------------------------
# values in the argument of an option that runs it (tar --to-command=CMD, rsync -e CMD)
# ---------------------------------------------------------------------------


@record
class CodeOptionHit:
    """A placeholder in the argument of an option that runs that argument as code."""

    ref: Ref  # the placeholder (bash analysis)
    command: SimpleCommand
    word: Word
    program: str
    subcommand: str | None
    option: str  # the option as the table spells it ("--to-command", "-c")
    form: str  # the static beginning of the argument that makes it code ("" = the value chooses)
    code: _programs.CodeValue  # mode ("shell" | "argv") and source of the fact
    # the value is not code but the program splits the argument into words (CodeValue.splits):
    # after ``form`` it adds arguments to the command run (rsync -e "ssh -p VALUE")
    split: bool = False

    def __init__(
        self,
        ref: Ref,
        command: SimpleCommand,
        word: Word,
        program: str,
        subcommand: str | None,
        option: str,
        form: str,
        code: _programs.CodeValue,
        split: bool = False,
    ) -> None:
        self.ref = ref
        self.command = command
        self.word = word
        self.program = program
        self.subcommand = subcommand
        self.option = option
        self.form = form
        self.code = code
        self.split = split

    __repr__ = record_repr
    __eq__ = record_eq


@lru_cache(maxsize=64)
def _prefix_re(pattern: str):
    return compile_pattern(pattern)


def code_form(code, before: str) -> str | None:
    """The form of an argument whose static beginning is ``before`` when the value that
    follows it is code (None: it is not)."""
    if code.mode == "options":
        return before  # every word of the variable is an option of the program
    if not before:
        return ""  # the value starts the argument: it chooses the command / the form
    low = before.lower()
    negs = [px[1:] for px in code.prefixes if px[:1] == "!"]
    for px in code.prefixes:
        if px[:1] == "!":
            continue  # "!BEGINNING": after it the rest is not code (see below)
        if px.startswith("re:"):  # a pattern of beginnings (make NAME=VALUE)
            m = _prefix_re(px[3:]).match(before)
            if m is None:
                continue
            px = m.group(0)
        elif not low.startswith(px.lower()):
            continue
        rest = before[len(px) :]
        return px if code.mode == "shell" or not rest else None
    if negs:
        # code after any beginning but these (sqlite3 SQL: `.backup FILE` is a dot-command
        # whose argument is a file name, while `.shell CMD` matched above)
        return None if any(low.startswith(n.lower()) for n in negs) or code.mode != "shell" else before
    if code.prefixes:
        return None
    return before if code.mode == "shell" else None


_EXPORTS = frozenset({"export", "declare", "typeset"})


def _exported_words(analysis) -> list:
    """``(command, word)`` of every ``export NAME=…VALUE…`` (``declare -x``, ``typeset -x``)
    whose text holds a placeholder: the variable is in the environment of every program the
    script runs after it (bash(1) export)."""
    out: list = []
    script = analysis.script
    if "export" not in script and "declare" not in script and "typeset" not in script:
        return out  # no command of the script can be one (each is a literal command word)
    for cmd in analysis.commands:
        vals = cmd.values
        if cmd.kind != "declaration" or not vals or vals[0] not in _EXPORTS:
            continue
        if vals[0] != "export" and not any(v and v[:1] == "-" and "x" in v for v in vals[1:]):
            continue
        for j in range(1, len(vals)):
            word = cmd.word(j)
            if word.placeholder_ids and "=" in word.text:
                out.append((cmd, word))
    return out


def _env_hits(analysis, cmd, name: str, code_env, exported: list | tuple = ()) -> list:
    """``GIT_SSH_COMMAND=VALUE git fetch`` (and ``env NAME=VALUE git …``, or an ``export
    NAME=VALUE`` earlier in the script): a variable set for the program that it runs as a
    command."""
    out = []
    words = list(cmd.assignments) + [cmd.word(j) for j in range(1, cmd.name_index)]
    words += [w for c, w in exported if c.end <= cmd.start]
    for word in words:
        var, eq, _ = word.text.partition("=")
        code = code_env.get(var) if eq else None
        if code is None:
            continue
        off = len(var) + 1
        for pid in word.placeholder_ids:
            ref = analysis.placeholders[pid]
            text = "".join(c for c in analysis.script[word.start : ref.ref_start] if c not in _QUOTES)
            form = code_form(code, text[off:])
            if form is not None:
                out.append(CodeOptionHit(ref, cmd, word, name, None, var, form, code))
            elif code.splits and text[off:].strip():
                out.append(CodeOptionHit(ref, cmd, word, name, None, var, text[off:], code, split=True))
    return out


def _own_option(spec, key: str) -> bool:
    """Whether ``key`` is an option of ``spec`` itself: a sub-command's own ``-c`` (``git switch
    -c NAME``, git-switch(1): --create) is not the program's global ``-c`` (git(1): config)."""
    if key.startswith("--") or len(key) > 2:
        return key in spec.long_values
    return len(key) == 2 and key[1] in spec.short_values


def _printf_q_argument(ref, cmd) -> bool:
    """The placeholder is the one argument of ``printf '%q'`` in a command substitution inside
    ``cmd``'s word: what reaches the code is the value quoted for the shell that reads it
    (bash(1) printf: "%q causes printf to output the corresponding argument in a format that
    can be reused as shell input"), one literal word there."""
    inner = ref.command
    if inner is None or inner is cmd or inner.name != "printf":
        return False
    ni = inner.name_index
    vals = inner.values
    return len(vals) == ni + 3 and (vals[ni + 1] or "").strip() in ("%q", "%Q") and ref.word_index == ni + 2


_RUNS_CODE: dict = {}  # id(spec) -> (spec, bool): specs are immutable, built once per table version


def _runs_code(spec) -> bool:
    """Whether some word of ``spec``'s command line can be code: a ``code_values`` entry of
    the program or of a sub-command (the specs :func:`walk` gives a word: ``spec`` or
    ``spec.subcommand(word)``); once per spec."""
    hit = _RUNS_CODE.get(id(spec))
    if hit is not None and hit[0] is spec:
        return hit[1]
    d = spec.default_subcommand
    res = bool(
        spec.code_values
        or (d is not None and d.code_values)
        # (a command group's own sub-commands too: gcloud compute ssh --command=CMD)
        or any(s.code_values or (s.subcommands and _runs_code(s)) for s in spec.subcommands.values())
    )
    _RUNS_CODE[id(spec)] = (spec, res)  # the spec held: its id is never reused
    return res


def code_places(cmd, name: str, start: int, version: int) -> tuple | None:
    """(spec, Walk, places) of ``cmd``'s arguments: word index -> (key of ``code_values``,
    offset of the argument inside an option word or None) for every word that may be code
    (an option's argument, operands code after a static beginning, the N-th operand and
    later ones); None when the program table lacks the program."""
    spec, wk = _shared_walk(name, cmd.argv_key[0], start, version, cmd.argv_key[1])
    if spec is None:
        return None
    places = dict(wk.args or {})
    operand_code = spec.code_values.get("")
    if operand_code is not None:  # operands that are code after a static beginning (make SHELL=CMD, vim +CMD)
        whole = operand_code.whole_operand  # make V, make -- V: V = 'X:=$(shell CMD)' is code
        for idx, role in wk.ordered:
            if (role == DYNAMIC or (whole and role == AFTER)) and (whole or cmd.prefix(idx)):
                places[idx] = ("", None)
    # `sqlite3 DB SQL…`, `tmux new-session CMD`: the N-th operand (of the program or of
    # its sub-command) and the later ones are code
    count, counted = 0, None
    nths: dict = {}
    for idx, role in wk.ordered if (spec.code_operand is not None or spec.has_subcommands) else ():
        if role not in (OPERAND, DYNAMIC, AFTER) or idx == wk.sub_at:
            continue
        eff = wk.specs.get(idx) or spec
        nth = nths[eff.name] if eff.name in nths else nths.setdefault(eff.name, eff.code_operand)
        if nth is None:
            continue
        if eff is not counted:
            count, counted = 0, eff
        count += 1
        if count >= nth and idx not in places:
            places[idx] = (f"#{nth}", None)
    return spec, wk, places


def place_code(cmd, wk, spec, eff, idx: int, key: str):
    """The CodeValue that makes word ``idx`` (a place of :func:`code_places`) code, or None."""
    if _disarmed(cmd, wk, eff, idx):
        return None  # `sqlite3 -safe DB SQL`: the program refuses every code feature
    code = eff.code_values.get(key)
    if code is None and eff is not spec and not _own_option(eff, key):
        code = spec.code_values.get(key)  # a global option the sub-command does not redefine
    return code


def shell_code_word(cmd, wi: int) -> bool:
    """Word ``wi`` of ``cmd`` is, by the program table, a word of a command line a shell
    parses after the program joins its words with blanks (``mode == "shell"``): the remote
    command of ``gcloud compute ssh VM -- CMD…``, ``pdsh -w HOSTS CMD…`` (UL117 reads it: a
    ``printf %q`` text split there is joined again, and re-parses to the value as one word)."""
    if not _walked(cmd) or wi <= cmd.name_index:
        return False
    got = code_places(cmd, cmd.name, cmd.name_index + 1, _programs.version())
    if got is None:
        return False
    spec, wk, places = got
    place = places.get(wi)
    if place is None or place[1] is not None:
        return False
    code = place_code(cmd, wk, spec, wk.specs.get(wi) or spec, wi, place[0])
    return code is not None and code.mode == "shell" and not code.prefixes and place[0].startswith("#")


def code_option_hits(analysis) -> list:
    """Every placeholder inside the argument of an option whose argument is run (the
    ``code_values`` of the program table), one per placeholder."""
    out: list = []
    version = _programs.version()
    functions = analysis.functions
    exported: list | None = None
    for cmd in analysis.commands:
        name = cmd.name
        if (name in functions and "function" not in cmd.wrappers) or not _walked(cmd):
            continue
        vals = cmd.values
        start = cmd.name_index + 1
        _v, spec0, _w, code, env = _name_facts(name, version)
        if not code:
            continue  # (no environment variable or word of the program runs code)
        if not env and (not _runs_code(spec0) or None not in vals[start:]):
            continue  # (both tests below: no environment variable or word of it runs code)
        here = analysis.placeholder_ids(cmd.start, cmd.end)
        if not here:
            if exported is None:
                exported = _exported_words(analysis)  # once per script
            if not exported:
                continue  # no value in the command and none exported before it
        if env:
            if exported is None:
                exported = _exported_words(analysis)
            out.extend(_env_hits(analysis, cmd, name, env, exported))
        if not here:
            continue
        if None not in vals[start:] or spec0 is None or not _runs_code(spec0):
            continue  # (no option or operand of the program or of a sub-command runs code)
        got = code_places(cmd, name, start, version)
        if got is None:
            continue
        spec, wk, places = got
        for idx, (key, off) in sorted(places.items()):
            eff = wk.specs.get(idx) or spec
            code = place_code(cmd, wk, spec, eff, idx, key)
            if code is None or vals[idx] is not None:
                continue
            word = cmd.word(idx)
            for pid in word.placeholder_ids:
                ref = analysis.placeholders[pid]
                if any(sk.kind in _CODE_KINDS for sk in ref.sinks):
                    continue  # one fact, one finding: the bash engine reports it
                if _printf_q_argument(ref, cmd):
                    continue  # `--command="df -- $(printf '%q' V)"`: the shell re-reads the value as one word
                if analysis.guards:
                    from .bash.valueflow import guard_verdict

                    if guard_verdict(analysis.guards, frozenset({ref.env_var or ref.name}), ref.ref_start) == "safe":
                        continue  # checked first: only bytes that are inert in any code (digits, a-z …)
                text = "".join(c for c in analysis.script[word.start : ref.ref_start] if c not in _QUOTES)
                before = text[off:] if off is not None else text
                form = code_form(code, before) if key or before or code.whole_operand else None
                sub = wk.subcommand if eff is not spec else None
                if form is None:
                    if code.splits and before.strip():
                        out.append(CodeOptionHit(ref, cmd, word, name, sub, key, before, code, split=True))
                    continue
                out.append(CodeOptionHit(ref, cmd, word, name, sub, key, form, code))
    return out


# ---------------------------------------------------------------------------
# values the program itself parses (helm --set a=1,b=2; curl -w @FILE): issue 23 item 2
# ---------------------------------------------------------------------------


@record
class ValueFactHit:
    """A placeholder in an option's argument that the program itself parses."""

    ref: Ref  # the placeholder (bash analysis)
    command: SimpleCommand
    word: Word
    program: str
    option: str  # the option as written on the command line ("--set", "-e")
    before: str  # the static text of the argument before the value ("image.tag=")
    fact: ValueFact  # what the program does with the argument, and its source
    kind: str  # "split" (the program splits the argument: the value adds items) | "reads"
    # | "runs" (an item the value can add, or the whole item it forms, runs code: fact.runs)
    # a response file word after the end of options (``nm -- @FILE``): the file's words are
    # expanded in place, after ``--``, so they are operands (file names), not options
    after_end: bool = False

    def __init__(
        self,
        ref: Ref,
        command: SimpleCommand,
        word: Word,
        program: str,
        option: str,
        before: str,
        fact: ValueFact,
        kind: str,
        after_end: bool = False,
    ) -> None:
        self.ref = ref
        self.command = command
        self.word = word
        self.program = program
        self.option = option
        self.before = before
        self.fact = fact
        self.kind = kind
        self.after_end = after_end

    __repr__ = record_repr
    __eq__ = record_eq


def _literal(raw: str) -> str:
    """The text bash makes of the start of a word (quote removal): ``".dump '"`` -> ``.dump '``."""
    out: list = []
    state = ""
    i = 0
    while i < len(raw):
        c = raw[i]
        if state == "'":
            if c == "'":
                state = ""
            else:
                out.append(c)
        elif c == "\\" and i + 1 < len(raw) and (state == "" or raw[i + 1] in '"\\$`'):
            out.append(raw[i + 1])
            i += 1
        elif state == '"':
            if c == '"':
                state = ""
            else:
                out.append(c)
        elif c in "'\"":
            state = c
        elif c != "$":
            out.append(c)
        i += 1
    return "".join(out)


def _value_kind(fact, before: str) -> str | None:
    """Whether the value placed after static ``before`` in the argument is split into items
    by the program ("split": a fixed beginning shows one item was meant) or can choose a file
    the program reads ("reads": the value starts the argument, or follows ``fact.after``)."""
    if fact.option == "@":  # a response file: the value starts the word
        return "reads" if before == "" else None
    if fact.option == "#" and fact.item:  # socat TCP-LISTEN:V,fork: inside an address item
        if before == "":
            return ("runs" if fact.runs else "split") if fact.whole else None
        if not re.match(fact.item, before):
            return None
        return "runs" if fact.runs else "split"
    if fact.option == "#" and fact.splits:  # sqlite3 ".dump V": a dot-command's words
        if not before.startswith(fact.when) or len(before) <= len(fact.when) or "|" in before:
            return None  # (".output |CMD": the rest is a shell command, code: another finding)
        if before.count("'") % 2 or before.count('"') % 2:
            return None  # ".dump 'V'": inside a quoted group, blanks do not split
        return "split"
    if fact.option == "#":  # operand items (vault k=V, http k=V): only after the item's fixed key
        item = before.endswith(fact.after) and not before.endswith(fact.after * 2)  # (http q==V: a URL parameter)
        return "reads" if fact.reads and item and len(before) > len(fact.after) else None
    if fact.reads and (before == "" or (fact.after and before.endswith(fact.after))):
        return "reads"
    if fact.splits and before and (not fact.when or fact.when in before):
        return "runs" if fact.runs else "split"
    return None


def value_fact_hits(analysis) -> list:
    """Every placeholder in the argument of an option whose argument the program parses itself
    (``grammar_table.value_facts``): split into several items, or read as a file after ``@``.
    Only commands of a program with such facts are walked (looked up once per program)."""
    from .grammar_table import value_facts

    out: list = []
    version = _programs.version()
    functions = analysis.functions
    for cmd in analysis.commands:
        name = cmd.name
        if (name in functions and "function" not in cmd.wrappers) or not _walked(cmd):
            continue
        facts = value_facts(name)
        if not facts or None not in cmd.values[cmd.name_index + 1 :]:
            continue
        if not analysis.placeholder_ids(cmd.start, cmd.end):
            continue
        spec, wk = _shared_walk(name, cmd.argv_key[0], cmd.name_index + 1, version, cmd.argv_key[1])
        places = dict(wk.args or {})
        for idx, role in wk.ordered:
            prev = cmd.values[idx - 1]
            if role == VALUE_GUESS and prev is not None:  # aws --filters X: an option the grammar does not list
                places[idx] = (_option_key(spec, prev)[0], None)
            elif role in (DYNAMIC, AFTER) and "#" in facts and (cmd.prefix(idx) or facts["#"].whole):
                places[idx] = ("#", None)  # an operand item with a fixed key (password=V)
        if "@" in facts:
            # a response file: any word the value starts is read as more arguments when it
            # starts with '@' (libiberty expandargv, javac @argfiles: before option parsing)
            for idx in range(cmd.name_index + 1, len(cmd.values)):
                if cmd.values[idx] is None and not cmd.prefix(idx) and wk.roles.get(idx) != SUBCOMMAND:
                    places[idx] = ("@", None)
        for idx, (key, off) in sorted(places.items()):
            fact = facts.get(key) or (facts.get("*") if key not in ("#", "@") else None)
            if fact is None or cmd.values[idx] is not None:
                continue
            word = cmd.word(idx)
            for pid in word.placeholder_ids:
                ref = analysis.placeholders[pid]
                if any(sk.kind in _CODE_KINDS for sk in ref.sinks):
                    continue  # one fact, one finding: the bash engine reports it
                if _printf_q_argument(ref, cmd):
                    continue  # `--command="df -- $(printf '%q' V)"`: the shell re-reads the value as one word
                raw = analysis.script[word.start : ref.ref_start]
                if fact.option == "#" and fact.splits:
                    text = _literal(raw)  # sqlite3 ".dump 'V'": the quote the program sees
                else:
                    text = "".join(c for c in raw if c not in _QUOTES)
                before = text[off:] if off is not None else text
                kind = _value_kind(fact, before)
                if kind is None:
                    continue
                if analysis.guards:
                    from .bash.valueflow import guard_verdict

                    if guard_verdict(analysis.guards, frozenset({ref.env_var or ref.name}), ref.ref_start) == "safe":
                        continue  # checked first: only inert bytes (digits, a-z …)
                prev = cmd.values[idx - 1]
                # the option as written (`openssl -subj`, the grammar's key is `--subj`)
                shown = prev if off is None and prev and prev.lstrip("-") == key.lstrip("-") else key
                # (gcc rejects `--` and reads the expanded words as options: programs.DASHDASH_NEVER)
                after_end = key == "@" and wk.roles.get(idx) == AFTER and name not in _programs.DASHDASH_NEVER
                out.append(ValueFactHit(ref, cmd, word, name, shown, before, fact, kind, after_end))
    return out


__all__ = [
    "BEFORE_END",
    "code_form",
    "code_places",
    "place_code",
    "WRAPPER_OPERAND",
    "wrapper_option_hits",
    "arity_unknown",
    "argv_arity_unknown",
    "ValueFactHit",
    "value_fact_hits",
    "shell_code_word",
    "documented_switch",
    "walk",
    "written_option",
    "written_options",
    "option_file_argument",
    "names_option_files",
    "Walk",
    "option_hits",
    "OptionHit",
    "leading_placeholder",
    "command_walk",
    "OPTION",
    "VALUE",
    "END",
    "OPERAND",
    "SUBCOMMAND",
    "DYNAMIC",
    "AFTER",
    "VALUE_GUESS",
    "KEYS",
    "SKIP",
    "CodeOptionHit",
    "code_option_hits",
    "OperandShortfall",
    "operand_shortfall",
    "word_fields",
]


def schema_note(tpl, name: str) -> str:
    """A note when ``inputs`` seems to restrict the value (it does not at run time)."""
    sch = tpl.input_schema(name) if hasattr(tpl, "input_schema") else None
    if not isinstance(sch, dict):
        return ""
    what = []
    t = sch.get("type")
    if isinstance(t, str) and t != "string":
        what.append(f"type {t}")
    for k in ("enum", "pattern", "const", "format", "minimum", "maxLength"):
        if k in sch:
            what.append(k)
    if not what:
        return ""
    return (
        f" (inputs gives '{name}' {', '.join(what)}, but the runtime never validates arguments "
        f"against inputs, so any string arrives)"
    )


# ---------------------------------------------------------------------------
# Operands a program requires (``programs.OPERAND_NEEDS``): a command that gives its program
# fewer operands than it needs, for every value, makes the program exit with a usage error
# on every call (issue 23: the "broken" category).

# wrappers that run the command with exactly the arguments written (no operand added:
# xargs and parallel append words read from input; sudo -l/-e and doas list or edit
# instead of running, so they are not here either)
_PLAIN_WRAPPERS = frozenset(
    {"env", "timeout", "nice", "nohup", "ionice", "stdbuf", "time", "command", "exec", "setsid"}
)
# in a double-quoted string, an expansion to several words (or none): "$@", "${a[@]}", "${!p@}"
_MANY_IN_QUOTES = lazy_compile(r"\$@|\$\{@|\[@\]\}|\$\{![^}]*[@*]\}")
# an unquoted glob character (not escaped)
_UNQUOTED_GLOB = lazy_compile(r"(?<!\\)[*?\[]")
_BRACES = lazy_compile(r"\{[^{}]*(?:,|\.\.)[^{}]*\}")
_ONE_FIELD_TYPES = frozenset({"raw_string", "ansi_c_string", "translated_string", "number", "process_substitution"})


def word_fields(node) -> int | None:
    """How many words bash makes of the argv word ``node`` (a tree-sitter node): 1 when that
    is certain, None when it may be several or none (an unquoted expansion, a glob, a brace
    expansion, ``"$@"``, ``"${a[@]}"``).  Quoted text and quoted expansions are one word."""
    t = node.type
    if t in _ONE_FIELD_TYPES:
        return 1
    text = node.text.decode("utf-8", "replace")
    if t == "string":
        return None if _MANY_IN_QUOTES.search(text) else 1
    if t == "word":
        if _UNQUOTED_GLOB.search(text) or _BRACES.search(text):
            return None
        return 1
    if t == "concatenation":
        for ch in node.named_children:
            if word_fields(ch) != 1:
                return None
        # the unquoted parts, quoted ones as one letter: a {a,b} / {1..3} across them expands
        bare = "".join(ch.text.decode("utf-8", "replace") if ch.type == "word" else "Q" for ch in node.named_children)
        return None if _BRACES.search(bare) else 1
    return None


@record
class OperandShortfall:
    """A command giving its program fewer operands than it needs for any value."""

    program: str
    mode: str  # the option selecting the mode the fact is about ("-c"), or ""
    needed: int
    found: int  # the operands the command can give (each value counted as the words it can be)
    alternatives: tuple  # options with which the program takes its inputs elsewhere
    source: str

    def __init__(self, program: str, mode: str, needed: int, found: int, alternatives: tuple, source: str) -> None:
        object.__setattr__(self, "program", program)
        object.__setattr__(self, "mode", mode)
        object.__setattr__(self, "needed", needed)
        object.__setattr__(self, "found", found)
        object.__setattr__(self, "alternatives", alternatives)
        object.__setattr__(self, "source", source)

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = record_hash
    __setattr__ = frozen_setattr
    __delattr__ = frozen_delattr


def _option_names(spec: ProgramSpec, cmd, wk: Walk) -> tuple:
    """(short letters, long names) of the option words of the walk (the letters of a
    cluster up to the one taking a value; the keys of an old-style first word)."""
    shorts: set = set()
    longs: set = set()
    for i, role in sorted(wk.roles.items()):
        if role not in (OPTION, KEYS):
            continue
        v = cmd.values[i]
        if v is None:
            v = cmd.prefix(i)
        if role == KEYS:
            shorts.update(v)
        elif v.startswith("--"):
            longs.add(v.split("=", 1)[0])
        else:
            for ch in v[1:]:
                shorts.add(ch)
                if ch in spec.short_values or ch in spec.short_optional_attached:
                    break
    return frozenset(shorts), frozenset(longs)


def _named(names: str, shorts: frozenset, longs: frozenset, known: frozenset | None) -> str | None:
    """The first option of ``names`` ("c --create") present; with ``known`` (the long options
    the program has), a long word that is none of them and starts the name (a GNU
    abbreviation, ``--files-f``) counts too."""
    for n in names.split():
        if n.startswith("--"):
            if n in longs:
                return n
            if known is not None and any(len(w) >= 4 and w not in known and n.startswith(w) for w in longs):
                return n
        elif n in shorts:
            return "-" + n
    return None


def operand_shortfall(cmd, functions: frozenset | set = frozenset()) -> OperandShortfall | None:
    """The :class:`OperandShortfall` of simple command ``cmd``, or None.

    Operands are counted through the option grammar (:func:`walk`): option arguments are
    not operands; every other word is, a value as the one word a quoted expansion makes.
    A word that may make several words or none (an unquoted expansion, a glob, ``"$@"``)
    makes the count unknown: nothing is reported.  ``functions``: names the script defines
    as functions (a call of one is not the program)."""
    if not _walked(cmd) or cmd.name in functions or cmd.name not in _programs.OPERAND_PROGRAMS:
        return None
    if any(w not in _PLAIN_WRAPPERS for w in cmd.wrappers):
        return None
    spec = lookup(cmd.name)
    if spec is None:
        return None
    vals, pre = cmd.argv_key
    wk = shared_walk(cmd.name, vals, cmd.name_index + 1, pre)
    if any(v in ("--help", "--version", "help") for v in vals[cmd.name_index + 1 :]):
        return None
    # the fact for the program, or for its sub-command (``docker cp``), or for the
    # sub-command and the literal words that follow it (``aws s3 cp``: those words are
    # the command's name, not operands)
    key = cmd.name if wk.subcommand is None else f"{cmd.name} {wk.subcommand}"
    need = _programs.OPERAND_NEEDS.get(key)
    named: frozenset = frozenset()
    probe = key
    taken: list = []
    for i, role in wk.ordered:
        if role in (OPTION, VALUE, SUBCOMMAND, KEYS):
            continue
        if role != OPERAND or vals[i] is None or len(taken) == 2:
            break
        probe = f"{probe} {vals[i]}"
        taken.append(i)
        if probe in _programs.OPERAND_NEEDS:
            key, need, named = probe, _programs.OPERAND_NEEDS[probe], frozenset(taken)
            break
    if need is None:
        return None
    shorts, longs = _option_names(spec, cmd, wk)
    mode = ""
    if need.mode:
        mode = _named(need.mode, shorts, longs, None) or ""
        if not mode:
            return None
    known = frozenset(spec.long_values) | frozenset(spec.switches or ())
    relaxed = _named(need.unless, shorts, longs, known) if need.unless else None
    needed = need.relaxed if relaxed else need.minimum
    found = 0
    for i, role in wk.ordered:
        if i in named:
            continue
        if role in (OPERAND, AFTER, DYNAMIC):
            n = word_fields(cmd.word_nodes[i])
            if n is None:
                return None
            found += n
        elif role == VALUE_GUESS or (role == SUBCOMMAND and i != wk.sub_at):
            return None
        elif role == OPTION and need.dash_operand_unless is not None:
            v = vals[i]
            if v is None or (v[:2] != "--" and any(ch not in need.dash_operand_unless for ch in v[1:])):
                found += 1  # chmod -w FILE: a mode, not an option
    if found >= needed:
        return None
    alts = () if relaxed else tuple(("-" if len(n) == 1 else "") + n for n in need.unless.split())
    what = " ".join(x for x in (key.partition(" ")[2], mode, relaxed) if x)
    return OperandShortfall(cmd.name, what, needed, found, alts, need.source)
