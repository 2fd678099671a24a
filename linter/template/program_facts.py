"""Public facts about programs the option table has no entry for (issue 23 item 2).

``linter/data/program_facts.json`` (built by ``scripts/gen_program_facts.py`` from
GTFOBins and SonarSource's argument-injection-vectors, facts only) says, for ~480
programs, which functions a program offers (``shell``, ``command``, ``file-write`` …)
and which option words the public examples of those functions pass.  It is read
lazily, the first time an analysis asks about a program the table does not know, so a
run that never meets one does not pay for it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ..core.lazyre import lazy_compile

_DATA = Path(__file__).resolve().parent.parent / "data" / "program_facts.json"
RUNS_CODE = frozenset({"shell", "command", "reverse-shell", "bind-shell", "library-load"})
WRITES = frozenset({"file-write", "download"})

# Programs whose options read, write or run nothing beyond their operands (their
# --help / man page: GNU coreutils 9.x basename, dirname, seq, sleep, expr, id,
# whoami, uname, nproc, yes, pwd, tty, arch, factor, logname, groups, printenv, tr,
# rev (util-linux), cal (util-linux)): an injected option changes output only.
NO_DANGEROUS_OPTIONS = frozenset(
    "basename dirname seq sleep expr id whoami uname nproc yes pwd tty arch factor logname groups "
    "printenv tr rev cal".split()
)


@lru_cache(maxsize=4)
def data_programs(path: Path) -> dict:
    """The ``programs`` object of a bundled data file (``linter/data/*.json``), read once;
    {} when it cannot be read (the facts are a fallback, never a reason to fail)."""
    try:
        return dict(json.loads(path.read_text(encoding="utf-8")).get("programs", {}))
    except (OSError, ValueError):
        return {}


def _table() -> dict:
    return data_programs(_DATA)


def facts(name: str) -> dict | None:
    """The recorded facts of ``name`` (None: no public source lists it)."""
    return _table().get(name)


def runs_code(name: str) -> tuple:
    """(source, option words) when a public source lists ``name`` as able to run commands
    through its options or arguments, else ()."""
    f = facts(name)
    if not f or not RUNS_CODE.intersection(f.get("functions", ())):
        return ()
    return (f["sources"][0], tuple(f.get("exec", ())))


_CMDLET = lazy_compile(r"^[A-Z][a-z]+-[A-Z][A-Za-z]+$")  # PowerShell Verb-Noun


def unix_program_name(name: str) -> bool:
    """Whether bash on Linux can start a program by this name at all: not a PowerShell
    cmdlet (``Write-Output``), a Windows path or a ``.exe``/``.cmd``/``.bat`` file."""
    if any(c in name for c in "\\:@\n") or _CMDLET.match(name):
        return False
    return not name.lower().endswith((".exe", ".cmd", ".bat", ".ps1"))


def program_count() -> int:
    return len(_table())


__all__ = ["facts", "runs_code", "NO_DANGEROUS_OPTIONS", "RUNS_CODE", "WRITES", "program_count", "unix_program_name"]
