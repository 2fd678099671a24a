"""Programs a bash template runs by bare name that a replaced ``PATH`` cannot find.

utcp-cli 1.1.5 applies ``env_vars`` over the inherited environment
(``CliCommunicationProtocol._prepare_environment``), so an ``env_vars`` ``PATH`` replaces
the search path; bash itself is started by absolute path (``/bin/bash -c``) and then
looks each command word up in that ``PATH`` (bash(1), *COMMAND EXECUTION*).  The fact
stated here is deliberately narrow: no directory of the value is a system program
directory (the FHS ``/usr/bin``, ``/bin``, ``/usr/local/bin`` and their ``sbin``), the
value is absolute and fixed (no ``$``, no empty or relative entry, which name the
working directory), the template never assigns ``PATH`` itself, and the program's name
(version digits dropped) appears in no directory of the value.
"""

from __future__ import annotations

from ..core.lazyre import lazy_compile
from .programs import SHELL_BUILTINS

SYSTEM_DIRS = frozenset(
    {"/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin", "/usr/games", "/snap/bin"}
)
_KEYWORDS = frozenset({"if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac"})
_PATH_ASSIGN = lazy_compile(r"(?<![A-Za-z0-9_])PATH\+?=")
_VERSION_TAIL = lazy_compile(r"[\d.\-]+$")


def fixed_search_dirs(value: str) -> list[str] | None:
    """The directories of a ``PATH`` value when it is absolute and fixed, else None."""
    if "$" in value or "`" in value:
        return None
    dirs = value.split(":")
    if any(not d.startswith("/") for d in dirs):
        return None  # empty or relative entries search the working directory
    return [d.rstrip("/") or "/" for d in dirs]


def programs_not_found(path_value: str, analysis) -> list[str]:
    """Bare program names the steps run that ``path_value`` cannot hold (see module doc)."""
    dirs = fixed_search_dirs(path_value)
    if dirs is None or any(d in SYSTEM_DIRS for d in dirs):
        return []
    if _PATH_ASSIGN.search(analysis.script):
        return []  # the template sets its own search path
    functions = analysis.functions
    lowered = [d.lower() for d in dirs]
    out: list[str] = []
    for cmd in analysis.commands:
        if cmd.kind != "command" or not cmd.values:
            continue
        name = cmd.values[0]
        if not name or "/" in name or name in out:
            continue
        if name in SHELL_BUILTINS or name in _KEYWORDS or name in functions:
            continue
        stem = _VERSION_TAIL.sub("", name).lower() or name.lower()
        if any(stem in d for d in lowered):
            continue
        out.append(name)
    return out


__all__ = ["SYSTEM_DIRS", "fixed_search_dirs", "programs_not_found"]
