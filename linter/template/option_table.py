"""Which options of common programs take a value, and what an injected option can do.

The data is the ``options`` facet (or, for shells and interpreters, the code options) of
the entries in ``programs.py``, the one table of programs (issue 13 item 4), including
the programs with sub-commands (git, docker, kubectl, npm, pip: nested ``Options`` of the
same shape).  This module holds the :class:`ProgramSpec` type the option scanner walks
and builds one spec per table entry (:func:`spec_of`).

Data for the option-injection rule (UL150) and the declaration inference.  Each
:class:`ProgramSpec` says, for one program (and per sub-command where the meaning
changes):

* ``short_values``: short option letters that take a value, attached (``-fFILE``)
  or as the next word (``-f FILE``);
* ``long_values``: long options that take a value as the next word when written
  without ``=`` (``--file FILE``).  Long options whose value is optional
  (``--color[=WHEN]``) are *not* listed: they never consume the next word;
* ``end_of_options``: the word that ends option parsing (``--``; ``--end-of-options``
  for git, where ``--`` separates revisions from paths), or ``None`` when the
  program does not accept one (``echo``, ``find``, ``jq`` 1.6);
* ``operand_limit``: for programs that stop parsing options after N operands
  (``ssh HOST CMD…`` parses options until the command, ``docker run IMAGE CMD…``
  until the image); ``None`` for GNU-style permuting parsers, which read an option
  anywhere on the line;
* ``impact``: the worst an attacker-chosen option does: ``exec`` (runs a command
  of the attacker's choice), ``write`` (creates, overwrites or deletes files),
  ``read`` (reads or sends out files), ``behavior`` (changes what the command
  does), with a concrete ``example``.

The option lists were taken from the programs' own ``--help`` output (GNU
coreutils 9.1, grep 3.8, sed 4.9, tar 1.34, curl 7.88, wget 1.21, git 2.39,
docker 28, kubectl 1.3x, pip 23) and their manuals (OpenSSH, rsync, jq 1.6, npm
10); see docs/design/bash-options.md.  A table can only be as complete as its
source: an option missing from ``long_values`` makes the following word look
like an operand, so the scanner errs on the side of reporting.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from .programs import ALL_PROGRAMS as _ALL_PROGRAMS, BY_NAME as _BY_NAME, Options, Program

EXEC = "exec"
WRITE = "write"
READ = "read"
BEHAVIOR = "behavior"

IMPACT_SEVERITY = {EXEC: "error", WRITE: "error", READ: "warning", BEHAVIOR: "warning"}


def _longs(s: str) -> frozenset:
    return frozenset("--" + w for w in s.split())


# ProgramSpec's default mappings: one shared empty dict, never written (typed Mapping:
# read-only to mypy; a plain dict pickles, which a mappingproxy does not)
_EMPTY_MAP: Mapping = {}


class ProgramSpec(NamedTuple):
    """The option-parser view of one program (or sub-command), built from its entry in programs.py."""

    name: str
    short_values: str = ""
    long_values: frozenset = frozenset()
    end_of_options: str | None = "--"
    operand_limit: int | None = None
    impact: str = BEHAVIOR
    example: str = ""
    # sub-command name -> spec of that sub-command's options (global options of
    # the program stay valid before the sub-command word)
    subcommands: Mapping[str, ProgramSpec] = _EMPTY_MAP
    # spec for a sub-command that is not listed (None: the program has no sub-commands)
    default_subcommand: ProgramSpec | None = None
    # short options whose value can only be attached (``-i[SUFFIX]`` of sed)
    short_optional_attached: str = ""
    # long options that take TWO following words (jq --arg NAME VALUE)
    long_two_values: frozenset = frozenset()
    # severity override (echo: a swallowed -n is a nuisance, not a vulnerability)
    severity: str | None = None
    # short options whose value ENDS option parsing (python -c CODE ARGS: ARGS go to sys.argv)
    terminating_values: str = ""
    # first word may be dash-less option letters (tar czf FILE): programs.Options.oldstyle
    oldstyle: str = ""
    # long options written with one dash (sqlite3 -cmd)
    single_dash_long: bool = False
    # option word ("--to-command", "-I", "-cmd") -> programs.CodeValue: its argument is run
    code_values: Mapping = _EMPTY_MAP
    # environment variable -> programs.CodeValue: the program runs its value (GIT_SSH_COMMAND)
    code_env: Mapping = _EMPTY_MAP
    # short options followed by optional digits in the same word, after which the cluster
    # goes on (perl -l[octal], -0[octal|xHEX]: ``-l0e CODE`` is -l0 then -e CODE; perlrun(1))
    short_digits: str = ""
    # options whose argument names a file the program writes, as written on the command
    # line ("-o", "--output", "-cmd"): programs.Options.writes (issue 23)
    writes: frozenset = frozenset()
    # where the spec comes from: "table" (an entry of programs.py) or "grammar" (the
    # option grammar extracted from the installed manuals, linter/data/option_grammar.json)
    source: str = "table"
    # the documented options that take no value, as written ("-e", "--echo"); None: every
    # option not listed as taking a value is a switch (the hand entries).  With a set, a
    # word after an option documented neither way is guessed to be its value, as for a
    # program the table does not know (option_scan.walk)
    switches: frozenset | None = None
    # ``--`` ends options only once this many operands were read (jq 1.6 after its filter)
    end_after_operands: int = 0
    # short switches after which the program writes no file (programs.Options.nowrite_switches)
    nowrite_switches: str = ""
    # switches that turn off the program's code features (programs.Options.disarms)
    disarms: frozenset = frozenset()
    # a character after which a one-dash long option's name carries a qualifier that is
    # not part of the option (ffmpeg ``-c:v CODEC``, ``-b:a:0 RATE``: stream specifiers)
    option_qualifier: str = ""
    # long option names a program's manual writes with one dash BESIDE its short options
    # ("-keystore", "-alias" of keytool, "-cp" of java), as written: such a word is read as
    # one long option (key "--keystore"), not as a cluster of letters (grammar entries' l1)
    dash_longs: frozenset = frozenset()
    # False: ``--name=VALUE`` is not an option with a value but an unknown option
    # (programs.Options.long_equals: curl)
    long_equals: bool = True

    @property
    def finding_severity(self) -> str:
        return self.severity or IMPACT_SEVERITY[self.impact]

    @property
    def has_subcommands(self) -> bool:
        return self.default_subcommand is not None

    @property
    def code_operand(self) -> int | None:
        """N when the program runs its N-th and later operands as code (a ``code_values``
        entry keyed ``"#N"``: ``sqlite3 DB SQL…``), else None."""
        for k in self.code_values:
            if k[:1] == "#":
                return int(k[1:])
        return None

    def subcommand(self, word: str) -> ProgramSpec:
        return self.subcommands.get(word) or self.default_subcommand or self


def _from_program(p: Program) -> ProgramSpec:
    """The option-parser view of a shell/interpreter entry of programs.py (issue 11): options
    until the script operand (for shells the ``-c`` command string is that operand), so the
    words after ``python3 -c CODE``, ``python3 s.py`` or ``bash -c 'script' NAME`` are the
    program's; node/perl/ruby keep parsing options after ``-e CODE`` (measured)."""
    code = "" if p.family == "shell" else p.code_short
    return ProgramSpec(
        p.name,
        short_values=code + p.value_short,
        long_values=frozenset(p.code_long) | _longs(p.value_long),
        operand_limit=1 if p.stops_at_operand else None,
        impact=EXEC,
        example=p.option_example,
        short_optional_attached=p.attached_short,
        terminating_values=p.terminating,
        short_digits=p.digit_short,
    )


def _from_options(name: str, o: Options) -> ProgramSpec:
    """The option facet (``programs.Options``) of an entry of programs.py; its sub-commands
    (``Options.subcommands``) become nested specs named ``"git clone"``."""
    subs = {w: _from_options(f"{name} {w}", so) for w, so in o.subcommands}
    return ProgramSpec(
        name,
        short_values=o.short_values,
        long_values=_longs(o.long_values),
        end_of_options=o.end_of_options,
        operand_limit=o.operand_limit,
        # an option taking a variable name runs code through the name's subscript
        impact=EXEC if o.assigns_names else o.impact,
        example=o.example,
        subcommands=subs,
        default_subcommand=(_from_options(name, o.default_subcommand) if o.default_subcommand is not None else None),
        short_optional_attached=o.optional_attached,
        long_two_values=_longs(o.long_two_values),
        severity=o.severity,
        oldstyle=o.oldstyle,
        single_dash_long=o.single_dash_long,
        code_values={c.option: c for c in o.code_values},
        code_env={c.option: c for c in o.code_env},
        writes=frozenset(o.writes.split()),
        end_after_operands=o.end_after_operands,
        nowrite_switches=o.nowrite_switches,
        long_equals=o.long_equals,
        disarms=frozenset(o.disarms.split()),
    )


_CODE_FAMILIES = frozenset({"shell", "interpreter", "awk"})


def spec_of(p: Program) -> ProgramSpec | None:
    """The option-parser view of one entry of programs.py (None: the entry has no options
    the scanner can judge, e.g. ``autossh``).  One spec per entry, named after the entry:
    its aliases share it (``podman`` is read as ``docker``)."""
    if p.options is not None:
        return _from_options(p.name, p.options)
    if p.family in _CODE_FAMILIES:
        return _from_program(p)
    return None


# name -> spec, for every entry of programs.py that has one.  Built per program on the first
# question about one of its names (building all of them at import cost ~9.8M instructions
# a run, most of them for programs the run never sees); reading the mapping whole (iterating,
# len, keys/items/values, copying, comparing, printing) builds the rest first, so it holds
# exactly what the table built at import held.  An entry registered later is built on its
# first lookup.
_BUILT_FROM: dict[str, Program] = {}  # name -> the entry its spec was built from
# name -> the entry its spec is still to be built from: the first entry of the table naming
# it that has a spec (spec_of's condition, without building)
_PENDING: dict[str, Program] = {}


def _has_spec(p: Program) -> bool:
    """``spec_of(p) is not None``, without building the spec."""
    return p.options is not None or p.family in _CODE_FAMILIES


def _build(name: str) -> None:
    """Build the pending spec of ``name`` and of its entry's other names pending from it
    (one spec per entry, shared by its aliases, as when all were built at import)."""
    p = _PENDING.get(name)
    if p is None:
        return
    spec = spec_of(p)
    for n in p.names:
        if _PENDING.get(n) is p:
            del _PENDING[n]
            dict.__setitem__(_SPECS, n, spec)
            _BUILT_FROM[n] = p


def _build_all() -> None:
    while _PENDING:
        _build(next(iter(_PENDING)))


class _Specs(dict):
    """The ``PROGRAMS`` mapping: a dict whose entries are built on first use (see above)."""

    __slots__ = ()

    def __getitem__(self, name):
        if name in _PENDING:
            _build(name)
        return dict.__getitem__(self, name)

    def get(self, name, default=None):
        if name in _PENDING:
            _build(name)
        return dict.get(self, name, default)

    def __contains__(self, name) -> bool:
        return name in _PENDING or dict.__contains__(self, name)

    def __setitem__(self, name, spec) -> None:
        _PENDING.pop(name, None)
        dict.__setitem__(self, name, spec)

    def __delitem__(self, name) -> None:
        _build(name)
        dict.__delitem__(self, name)

    def pop(self, name, *default):
        _build(name)
        return dict.pop(self, name, *default)

    def setdefault(self, name, default=None):
        _build(name)
        return dict.setdefault(self, name, default)

    def clear(self) -> None:
        _PENDING.clear()
        dict.clear(self)

    def update(self, *args, **kwargs) -> None:
        for k, v in dict(*args, **kwargs).items():
            self[k] = v

    def popitem(self):
        _build_all()
        return dict.popitem(self)

    def __iter__(self):
        _build_all()
        return dict.__iter__(self)

    def __reversed__(self):
        _build_all()
        return dict.__reversed__(self)

    def __len__(self) -> int:
        _build_all()
        return dict.__len__(self)

    def keys(self):
        _build_all()
        return dict.keys(self)

    def values(self):
        _build_all()
        return dict.values(self)

    def items(self):
        _build_all()
        return dict.items(self)

    def copy(self):
        _build_all()
        return dict(dict.items(self))

    def __eq__(self, other) -> bool:
        _build_all()
        return dict.__eq__(self, other)

    def __ne__(self, other) -> bool:
        _build_all()
        return dict.__ne__(self, other)

    def __repr__(self) -> str:
        _build_all()
        return dict.__repr__(self)

    def __or__(self, other):
        _build_all()
        return dict.__or__(self, other)


_SPECS = _Specs()
PROGRAMS: dict[str, ProgramSpec] = _SPECS


def _add_from_table() -> None:
    for p in _ALL_PROGRAMS:
        if not _has_spec(p):
            continue
        for n in p.names:
            if n not in _PENDING:
                _PENDING[n] = p


_add_from_table()

# find is special: starting points first, then an expression whose primaries take
# arguments (``Program.primary_args`` of its entry in programs.py); a starting point that
# begins with '-' is read as a primary.
FIND = PROGRAMS["find"]
FIND_PRIMARY_ARGS = dict(_BY_NAME["find"].primary_args)


NO_END_OF_OPTIONS: frozenset[str]  # declared here, computed by __getattr__ below on first use


def __getattr__(name: str):
    # Programs that do not treat ``--`` as the end of options: no fix is offered (every
    # spec built: computed on first use)
    if name == "NO_END_OF_OPTIONS":
        got = globals()["NO_END_OF_OPTIONS"] = frozenset(n for n, s in PROGRAMS.items() if s.end_of_options is None)
        return got
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def wrapper_spec(name: str | None) -> ProgramSpec | None:
    """The option-parser view of a wrapper entry without an option facet (``timeout``,
    ``nice``, ``sudo``): its value-taking options, and options end at the command it runs
    (after ``operands_before`` operands, ``timeout DURATION CMD``)."""
    p = _BY_NAME.get(name or "")
    if p is None or p.wrapper is None:
        return None
    w = p.wrapper
    return ProgramSpec(
        p.name,
        short_values=w.short_values,
        long_values=w.long_values,
        operand_limit=w.operands_before + 1,
        short_optional_attached=w.optional_attached,
    )


def long_word(spec: ProgramSpec | None, word: str) -> bool:
    """Whether option word ``word`` is read as a long option: ``--name``, any ``-name`` of a
    program whose long options take one dash (``single_dash_long``), or one of the one-dash
    long names its manual documents beside short options (``dash_longs``: keytool
    ``-keystore``)."""
    if word[:2] == "--":
        return True
    if spec is None or word[:1] != "-" or len(word) < 2:
        return False
    return spec.single_dash_long or (bool(spec.dash_longs) and word.partition("=")[0] in spec.dash_longs)


def option_writes(spec: ProgramSpec | None, option: str) -> bool:
    """Whether the argument of ``option`` names a file ``spec``'s program writes (creates or
    overwrites): ``-o``, ``--output``, ``--output=FILE`` (the ``=VALUE`` part is ignored) or
    an attached short value ``-oFILE`` when ``-o`` takes a value.  ``option`` is the option
    word as written on the command line; False for an unknown program (``spec`` None)."""
    if spec is None or not option.startswith("-"):
        return False
    writes = spec.writes
    if not writes and spec.source == "table":
        writes = _grammar_writes(spec.name)  # the manual's, where the hand entry is silent
        if not writes:
            return False
    word = option.split("=", 1)[0] if long_word(spec, option) else option
    if word in writes:
        return True
    # -oFILE: the short option's value attached
    attached = spec.short_values + (spec.short_optional_attached if spec.source == "grammar" else "")
    return not option.startswith("--") and len(option) > 2 and option[1] in attached and option[:2] in spec.writes


_GRAMMAR_WRITES: dict = {}  # name -> grammar_table.grammar_writes(name): the data files never change


def _grammar_writes(name: str) -> frozenset:
    """``grammar_table.grammar_writes(name)``, read once per program name (every option of
    every command of a hand entry silent on ``writes`` asks)."""
    got = _GRAMMAR_WRITES.get(name)
    if got is None:
        from .grammar_table import grammar_writes

        got = _GRAMMAR_WRITES[name] = grammar_writes(name)
    return got


_MAY_WRITE: dict = {}  # id(spec) -> (spec, bool): specs are built once per table version


def may_write(spec: ProgramSpec) -> bool:
    """Whether some option of ``spec`` or of one of its sub-commands names a file written
    (:func:`option_writes` can be true for it): a command of a program with none needs no
    walk of its argv for written files."""
    hit = _MAY_WRITE.get(id(spec))
    if hit is not None and hit[0] is spec:
        return hit[1]
    res = bool(spec.writes)
    if not res and spec.source == "table":
        res = bool(_grammar_writes(spec.name))
    if not res:
        subs = list(spec.subcommands.values())
        if spec.default_subcommand is not None:
            subs.append(spec.default_subcommand)
        res = any(s is not spec and may_write(s) for s in subs)
    _MAY_WRITE[id(spec)] = (spec, res)
    return res


def lookup(name: str | None) -> ProgramSpec | None:
    """The spec for a resolved command basename (``python3.11`` style names are not here)."""
    if not name:
        return None
    if name in _PENDING:
        _build(name)
    p = _BY_NAME.get(name)
    if p is not None and _BUILT_FROM.get(name) is not p:
        # an entry registered in programs.py at run time (programs.register)
        spec = spec_of(p)
        for n in p.names:  # one spec for the entry, shared by its aliases
            if _BY_NAME.get(n) is p:
                _BUILT_FROM[n] = p
                _PENDING.pop(n, None)
                if spec is None:
                    dict.pop(PROGRAMS, n, None)
                else:
                    dict.__setitem__(PROGRAMS, n, spec)
        if spec is not None:
            return spec
    spec = dict.get(PROGRAMS, name)
    if spec is None and (p is None or (p.family == "tool" and p.options is None)):
        # no hand entry (or one holding only PowerShell facts: gcloud, mvn as .cmd shims):
        # the grammar from the program's reference documentation or installed manual, if any
        return _grammar_spec()(name)
    return spec


_GRAMMAR_SPEC: list = []


def _grammar_spec():
    """grammar_table.grammar_spec, imported on first use (it imports this module); kept
    here so a lookup does not go through the import machinery on every call."""
    if not _GRAMMAR_SPEC:
        from .grammar_table import grammar_spec

        _GRAMMAR_SPEC.append(grammar_spec)
    return _GRAMMAR_SPEC[0]


__all__ = [
    "ProgramSpec",
    "PROGRAMS",
    "spec_of",
    "FIND_PRIMARY_ARGS",
    "NO_END_OF_OPTIONS",
    "IMPACT_SEVERITY",
    "EXEC",
    "WRITE",
    "READ",
    "BEHAVIOR",
    "lookup",
    "option_writes",
    "long_word",
    "may_write",
    "wrapper_spec",
]
