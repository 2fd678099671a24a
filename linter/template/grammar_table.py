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

Read lazily, on the first question about a program the table does not know, so a run
that never meets one (and the import of the engine) does not pay for it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .option_table import ProgramSpec
from .program_facts import data_programs
from .programs import CodeValue

_DATA = Path(__file__).resolve().parent.parent / "data" / "option_grammar.json"
# facts the extraction gets wrong, measured by running the real program
# (bench/bench_program_truth.py): per program, keys that replace the extracted ones
# ("no_eoo": the program does not end options at ``--``), each with its source ("why")
_OVERRIDES = Path(__file__).resolve().parent.parent / "data" / "option_grammar_overrides.json"


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


def grammar_facts(name: str) -> dict | None:
    """The extracted facts of ``name`` (None: no installed manual gave a grammar)."""
    return _table().get(name)


@lru_cache(maxsize=1024)
def grammar_spec(name: str) -> ProgramSpec | None:
    """The option-parser view of ``name`` from its manual, or None.  ``--`` ends options (the
    getopt convention every unknown program is read with; ``eoo`` only records whether the
    page says so), unless a real run showed the program reads options after it
    (``no_eoo``); the spec's ``source`` is ``"grammar"``: UL150 keeps the severity and
    confidence it gives a program the table does not know."""
    f = grammar_facts(name)
    if f is None:
        return None
    longs = frozenset("--" + w for w in f.get("l", ()))
    code = {
        o: CodeValue(o, "argv", f"{f.get('src', name)}; canary run (gen_option_grammar.py --verify)")
        for o in f.get("exec_verified", ())
    }
    return ProgramSpec(
        name,
        short_values=f.get("s", ""),
        long_values=longs,
        end_of_options=None if f.get("no_eoo") else "--",
        code_values=code,
        writes=frozenset(f.get("writes", ())),
        source="grammar",
        # a program that reads options after ``--`` takes it as a word that does nothing
        switches=frozenset(
            ["-" + c for c in f.get("f", "")]
            + ["--" + w for w in f.get("fl", ())]
            + (["--"] if f.get("no_eoo") else [])
        ),
    )


def grammar_writes(name: str) -> frozenset:
    """The options of ``name`` whose argument names a file written, per its manual."""
    f = grammar_facts(name)
    return frozenset(f.get("writes", ())) if f else frozenset()


def program_count() -> int:
    return len(_table())


__all__ = ["grammar_facts", "grammar_spec", "grammar_writes", "program_count"]
