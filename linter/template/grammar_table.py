"""Option grammars extracted from the installed manuals: the fallback of the program table (issue 23).

``linter/data/option_grammar.json`` (built by ``scripts/gen_option_grammar.py``, facts
only) says, for ~380 programs with a section-1 man page, which short and long options take
a value, whether the page documents ``--``, and which value-taking options name a file
written (``writes``), a command run (``exec``) or a file read (``reads``), with the page and
the Debian package version each entry comes from.

The hand-written entries of ``programs.py`` always win: :func:`grammar_spec` is asked only
for a program without an entry, and :func:`grammar_writes` only where an entry's own
``Options.writes`` is silent.  An ``exec`` option joins ``code_values`` only when a real run
of the program with a canary proved it (``exec_verified``, ``gen_option_grammar.py
--verify``); the others are stored but never make a finding.

``linter/data/option_grammar_docs.json`` (hand-curated from the programs' public reference
documentation, each entry naming its URL and version; facts only) gives the grammars of
widely wrapped programs that are not installed here (7z, ffmpeg, hg, gh, aws, redis-cli …),
so the man-page extraction never saw them.  Its entries win over an installed manual's (they
are read from the reference, not guessed from roff), never over a hand entry.  Besides the
keys of the extracted file they may say ``stop`` (options end at the N-th operand:
``redis-cli -n 0 GET KEY``), ``nosep`` (no option takes the next word: ``7z -oDIR``),
``oa`` (short options whose value is only attached: ``gs -dNAME``), ``sdl`` (one-dash long
options: ``ffmpeg -vn``, ``go build -o``) and ``sub`` (sub-commands whose options differ: ``hg
pull -u`` is a switch, ``hg clone -u REV`` takes a value).  Its ``values`` section records
what programs themselves do with an option's value (:func:`value_facts`): split it into
several items (``helm --set a=1,b=2``) or read the file a leading ``@`` names (``curl -w
@FILE``).

Read lazily, on the first question about a program the table does not know, so a run
that never meets one (and the import of the engine) does not pay for it.
"""

from __future__ import annotations

import json
import marshal
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from .option_table import ProgramSpec
from .program_facts import data_programs
from .programs import CodeValue

_DATA = Path(__file__).resolve().parent.parent / "data" / "option_grammar.json"
# facts the extraction gets wrong, measured by running the real program
# (bench/bench_program_truth.py): per program, keys that replace the extracted ones
# ("no_eoo": the program does not end options at ``--``), each with its source ("why")
_OVERRIDES = Path(__file__).resolve().parent.parent / "data" / "option_grammar_overrides.json"
_DOCS = Path(__file__).resolve().parent.parent / "data" / "option_grammar_docs.json"
# the three files above in the form a run reads (scripts/gen_option_grammar_compiled.py
# writes it, tests/test_grammar_table.py checks it is current): each program's entry
# marshalled on its own, decoded on the first question about it, and the figures that need
# every entry (common_switches, program_count) computed; a run reads it only while its key
# (a CRC of the three files) matches them, else the JSON files as before
COMPILED_PATH = Path(__file__).resolve().parent.parent / "data" / "option_grammar_compiled.marshal"


@lru_cache(maxsize=1)
def _table() -> dict:
    table = data_programs(_DATA)
    over = data_programs(_OVERRIDES)
    if not over:
        return table
    merged = dict(table)
    for name, o in over.items():
        merged[name] = {**table.get(name, {}), **{k: v for k, v in o.items() if k != "why"}}
    return merged


def _sources_key() -> list[int]:
    """The CRC-32 and size of each source file (-1, 0: unreadable)."""
    key = []
    for path in (_DATA, _OVERRIDES, _DOCS):
        try:
            data = path.read_bytes()
        except OSError:
            key += [-1, 0]
            continue
        key += [zlib.crc32(data), len(data)]
    return key


def build_compiled() -> bytes:
    """The compiled form of the three source files (what COMPILED_PATH holds); marshal
    format 2, which writes no back-references, so the same sources give the same bytes."""
    docs = _docs()
    compiled = {
        "key": _sources_key(),
        "programs": {n: marshal.dumps(f, 2) for n, f in _table().items()},
        "docs": {n: marshal.dumps(f, 2) for n, f in docs.get("programs", {}).items()},
        "values": {n: marshal.dumps(f, 2) for n, f in docs.get("values", {}).items()},
        "common_switches": sorted(_common_switches(5)),
        "program_count": _program_count(),
    }
    return marshal.dumps(compiled, 2)


@lru_cache(maxsize=1)
def _compiled() -> dict | None:
    """The compiled form when it matches the source files, else None."""
    try:
        c = marshal.loads(COMPILED_PATH.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if not isinstance(c, dict) or c.get("key") != _sources_key():
        return None
    return c


@lru_cache(maxsize=2048)
def _entry(part: str, name: str) -> Any:
    """One entry of the sources: ``part`` is "programs" (the manuals' grammars, with the
    measured corrections), "docs" (the references' grammars) or "values"; None if absent."""
    c = _compiled()
    if c is not None:
        raw = c[part].get(name)
        return None if raw is None else marshal.loads(raw)
    if part == "programs":
        return _table().get(name)
    return _docs().get(part if part == "values" else "programs", {}).get(name)


@lru_cache(maxsize=1)
def _docs() -> dict:
    """The whole curated file ({} when it cannot be read: a fallback, never a failure)."""
    try:
        return dict(json.loads(_DOCS.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return {}


def docs_programs() -> dict:
    """name -> grammar of the programs read from their reference documentation."""
    return _docs().get("programs", {})


def grammar_facts(name: str) -> dict | None:
    """The facts of ``name``: its reference documentation's grammar, else its installed
    manual's (None: neither gave one)."""
    f = _entry("docs", name)
    return f if f is not None else _entry("programs", name)


class ValueFact(NamedTuple):
    """What a program itself does with the argument of one of its options."""

    option: str  # as written on the command line ("--set", "-e"); "*": any option; "@": any word (response files)
    splits: str = ""  # the characters the program splits the argument on ("," for helm --set)
    what: str = ""  # what a split item becomes ("another value assignment")
    reads: str = ""  # space-separated beginnings that make the argument name a file read ("@", "file://")
    after: str = ""  # the prefix applies after this static part too ("=": curl -F name=@FILE)
    when: str = ""  # a split needs this character in the static beginning ("=": aws Key=V,…)
    source: str = ""
    # an operand item (``#``) of the program's own grammar: a pattern its static beginning
    # matches (socat ``TCP-LISTEN:``: an address type), so the value is inside that item
    item: str = ""
    # what a value there can add that makes the program run code (socat ``!!SYSTEM:CMD``: a
    # second address that runs CMD; qemu ``-netdev user,…,guestfwd=…-cmd:CMD``); "": none
    runs: str = ""
    # a value forming the WHOLE operand item chooses it (socat ``SYSTEM:CMD``)
    whole: bool = False


@lru_cache(maxsize=256)
def value_facts(name: str) -> dict:
    """option -> :class:`ValueFact` for program ``name`` (any entry: a hand entry's program
    too; {} for most programs).  Read lazily, once per program that occurs."""
    raw = _entry("values", name)
    out = {}
    g = _entry("programs", name)
    if g is not None and g.get("at"):
        # the manual documents @FILE words read as more arguments (a response file)
        out["@"] = ValueFact("@", reads="@", what="more arguments", source=f"{g.get('src', name)}: @file")
    if not raw:
        return out
    src = raw.get("src", "")
    for opt, f in raw.items():
        if opt == "src":
            continue
        for o in opt.split():
            out[o] = ValueFact(
                o,
                splits=f.get("split", ""),
                what=f.get("what", ""),
                reads=f.get("reads", ""),
                after=f.get("after", ""),
                when=f.get("when", ""),
                source=f.get("src", src),
                item=f.get("item", ""),
                runs=f.get("runs", ""),
                whole=bool(f.get("whole", False)),
            )
    return out


@lru_cache(maxsize=1024)
def grammar_spec(name: str) -> ProgramSpec | None:
    """The option-parser view of ``name`` from its reference documentation or manual, or
    None.  ``--`` ends options (the getopt convention every unknown program is read with;
    ``eoo`` only records whether the page says so), unless a real run showed the program
    reads options after it (``no_eoo``, option_grammar_overrides.json); the spec's
    ``source`` is ``"grammar"``: UL150 keeps the severity and confidence it gives a program
    the table does not know."""
    f = grammar_facts(name)
    if f is None:
        return None
    base = _spec(name, f, f)
    subs = f.get("sub")
    if not subs:
        return base
    words = _subs(name, f, subs)
    top = base._replace(subcommands=words, default_subcommand=base)
    if not f.get("tracks"):
        return top
    # release tracks (gcloud alpha|beta COMMAND …): a word before the command groups that
    # leads to the same command groups
    track = top._replace(default_subcommand=base)
    return top._replace(subcommands={**words, **{w: track for w in f["tracks"]}})


def _subs(name: str, top: dict, subs: dict) -> dict:
    """word -> spec of each sub-command; a sub-command with a ``sub`` of its own is a command
    group (``gcloud compute ssh``): its unlisted words read as the group's own options."""
    out = {}
    for w, sf in subs.items():
        spec = _spec(f"{name} {w}", top, sf)
        if sf.get("sub"):
            spec = spec._replace(subcommands=_subs(f"{name} {w}", top, sf["sub"]), default_subcommand=spec)
        out[w] = spec
    return out


def _spec(name: str, top: dict, f: dict) -> ProgramSpec:
    """One spec: the program's own options (``top``) and, for a sub-command, its own (``f``)."""

    def both(key: str) -> list:
        return list(top.get(key, ())) + (list(f.get(key, ())) if f is not top else [])

    longs = frozenset("--" + w for w in both("l") + both("l1"))
    code = {
        o: CodeValue(o, "argv", f"{top.get('src', name)}; canary run (gen_option_grammar.py --verify)")
        for o in both("exec_verified")
    }
    # options (and ``#N``: the N-th and later operands) whose argument the reference
    # documentation says is run as a command line, mostly by a remote or container shell
    # (``gcloud compute ssh --command=CMD``): mode, source, the static beginnings of the forms
    # that are code
    for o, c in (f.get("code") or {}).items():
        code[o] = CodeValue(o, c["mode"], c["src"], tuple(c.get("prefixes", ())))
    nosep = bool(top.get("nosep") or f.get("nosep"))
    return ProgramSpec(
        name,
        short_values="" if nosep else "".join(both("s")),
        long_values=frozenset() if nosep else longs,
        end_of_options=None if top.get("no_eoo") else "--",
        operand_limit=f.get("stop", top.get("stop") if f is top else None),
        code_values=code,
        writes=frozenset(both("writes")),
        source="grammar",
        # a program that reads options after ``--`` takes it as a word that does nothing
        switches=None
        if nosep
        else frozenset(
            ["-" + c for c in "".join(both("f"))]
            + ["--" + w for w in both("fl")]
            + (["--"] if top.get("no_eoo") else [])
        ),
        short_optional_attached="".join(both("oa")),
        single_dash_long=bool(top.get("sdl")),
        dash_longs=frozenset("-" + w for w in both("l1")),
        option_qualifier=top.get("qual", ""),
    )


def grammar_writes(name: str) -> frozenset:
    """The options of ``name`` whose argument names a file written, per its manual."""
    f = grammar_facts(name)
    if not f:
        return frozenset()
    w = set(f.get("writes", ()))
    for sf in f.get("sub", {}).values():
        w.update(sf.get("writes", ()))
    return frozenset(w)


@lru_cache(maxsize=256)
def write_commands(name: str, option: str) -> frozenset | None:
    """The command words of ``name`` under which the argument of ``option`` is written
    (``keytool -keystore`` is written by ``-importcert``, read by ``-list``): the grammar's
    ``writes_with`` (option_grammar_overrides.json, from the program's manual); None when
    no command decides (the option always writes)."""
    f = grammar_facts(name)
    ww = f.get("writes_with") if f else None
    got = ww.get(option) if ww else None
    return None if got is None else frozenset(got)


@lru_cache(maxsize=1)
def common_switches(at_least: int = 5) -> frozenset:
    """Long option spellings (``--force``, ``--insecure``) that at least ``at_least`` programs
    document as a switch and none as taking a value (:func:`_common_switches`; the compiled
    form holds the default's)."""
    c = _compiled() if at_least == 5 else None
    return frozenset(c["common_switches"]) if c is not None else _common_switches(at_least)


def _common_switches(at_least: int) -> frozenset:
    """Long option spellings (``--force``, ``--insecure``) that at least ``at_least`` programs
    document as a switch and none as taking a value, over every grammar read from a manual or
    a reference: for a program the table does not know, a word after one of these is not its
    value (measured from the data, not guessed; 198 spellings at 5)."""
    switch: dict = {}
    valued: set = set()
    for table in (_table(), docs_programs()):
        for f in table.values():
            for w in set(f.get("fl", ())):
                switch[w] = switch.get(w, 0) + 1
            valued.update(f.get("l", ()))
            valued.update(f.get("l1", ()))
    return frozenset("--" + w for w, n in switch.items() if n >= at_least and w not in valued)


def program_count() -> int:
    c = _compiled()
    return c["program_count"] if c is not None else _program_count()


def _program_count() -> int:
    return len(_table().keys() | docs_programs().keys())


__all__ = [
    "ValueFact",
    "COMPILED_PATH",
    "build_compiled",
    "common_switches",
    "docs_programs",
    "grammar_facts",
    "grammar_spec",
    "grammar_writes",
    "program_count",
    "value_facts",
    "write_commands",
]
