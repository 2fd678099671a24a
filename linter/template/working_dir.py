"""Facts about a CLI template's ``working_dir`` that make the process never start or
a step's own ``cd`` fail (the runtime catalogue, docs/runtime_failures.md).

utcp-cli 1.1.5 hands ``working_dir`` unchanged to ``asyncio.create_subprocess_exec(…,
cwd=working_dir)`` (cli_communication_protocol.py ``_execute_shell_script``, called from
``call_tool`` with ``working_dir=tool_call_template.working_dir``).  The child process
changes into it before bash starts, so:

* a directory that does not exist when the call starts makes every call raise
  ``FileNotFoundError`` before the first command runs; a step that creates it
  (``mkdir -p WD``) never gets to run, so it never exists -- :attr:`WorkdirKind.CREATED_BY_STEP`;
* the empty string is such a directory (``chdir("")`` fails, ENOENT) --
  :attr:`WorkdirKind.EMPTY`;
* a relative path is resolved against the directory the *client* process happens to
  run in, which the manual cannot know -- :attr:`WorkdirKind.RELATIVE`;
* every step already runs inside ``working_dir``, so a relative ``cd D`` whose ``D`` is
  the last part(s) of ``working_dir`` looks for ``WD/D``, which is not the directory the
  author meant (bash(1) ``cd``: a relative directory is resolved against ``$PWD``) --
  :attr:`WorkdirKind.CD_INTO_ITSELF`.

Measured through the real runtime: tests/test_working_dir_runtime.py.
"""

from __future__ import annotations

import enum
import posixpath
from typing import TYPE_CHECKING

from ..core.fieldwise import (
    frozen_delattr,
    frozen_getstate,
    frozen_setattr,
    frozen_setstate,
    record,
    record_eq,
    record_hash,
    record_repr,
)
from ..core.lazyre import compile_pattern

if TYPE_CHECKING:
    from .bash.analysis import BashAnalysis

__all__ = ["WorkdirFact", "WorkdirKind", "step_facts", "value_facts"]

# `C:\…`, `C:/…`, `\\server\share`: absolute on Windows, where the PowerShell path runs
_WINDOWS_ABSOLUTE = compile_pattern(r"[A-Za-z]:[\\/]|\\\\")
_DIR_CHANGERS = frozenset({"cd", "pushd"})
_CREATORS = frozenset({"mkdir"})


class WorkdirKind(str, enum.Enum):
    EMPTY = "empty"
    RELATIVE = "relative"
    CREATED_BY_STEP = "created-by-step"
    CD_INTO_ITSELF = "cd-into-itself"


@record(slots=True)
class WorkdirFact:
    """``kind`` of failure; ``step``/``start``/``end``: the script span of the command
    that shows it (None for facts of the value alone); ``path``: the directory word."""

    kind: WorkdirKind
    working_dir: str
    step: int | None = None
    start: int = 0
    end: int = 0
    path: str = ""

    def __init__(
        self, kind: WorkdirKind, working_dir: str, step: int | None = None, start: int = 0, end: int = 0, path: str = ""
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "working_dir", working_dir)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "path", path)

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = record_hash
    __setattr__ = frozen_setattr
    __delattr__ = frozen_delattr
    __getstate__ = frozen_getstate
    __setstate__ = frozen_setstate


def _is_absolute(wd: str) -> bool:
    return wd.startswith("/") or _WINDOWS_ABSOLUTE.match(wd) is not None


def _judged(wd: str) -> bool:
    """A value whose meaning is known here: no client variable (the client substitutes
    ``$NAME`` first; UL160/UL161 speak about it) and no ``~`` (UL039)."""
    return "$" not in wd and not wd.startswith("~")


def value_facts(wd: object) -> list[WorkdirFact]:
    """Facts of the ``working_dir`` value alone (any shell)."""
    if not isinstance(wd, str) or not _judged(wd):
        return []
    if wd == "":
        return [WorkdirFact(WorkdirKind.EMPTY, wd)]
    if not _is_absolute(wd) and posixpath.normpath(wd) != ".":
        return [WorkdirFact(WorkdirKind.RELATIVE, wd)]
    return []


def _dir_operand(cmd) -> tuple[int, str] | None:
    """(word index, value) of the one static directory operand of ``cd D`` / ``pushd D``."""
    if cmd.name_index is None:
        return None
    ops = [(i, v) for i, v in enumerate(cmd.values) if i > cmd.name_index and v is not None]
    ops = [(i, v) for i, v in ops if not v.startswith("-")]
    if len(ops) != 1 or cmd.word_count - cmd.name_index - 1 != 1:
        return None  # options (`cd -P`) or a dynamic word: not judged
    return ops[0]


def _guarded(text: str, end: int) -> bool:
    """``cd D || …``: the author handles a missing directory."""
    rest = text[end : end + 40].lstrip(" \t")
    return rest.startswith("||")


def step_facts(bash: BashAnalysis, wd: object) -> list[WorkdirFact]:
    """Facts of the steps about ``working_dir`` (bash steps)."""
    if not isinstance(wd, str) or not wd or not _judged(wd) or wd.startswith("\\\\"):
        return []
    base = posixpath.normpath(wd.replace("\\", "/")) if _WINDOWS_ABSOLUTE.match(wd) else posixpath.normpath(wd)
    if base in (".", "/"):
        return []
    out: list[WorkdirFact] = []
    changed: set[int] = set()  # steps whose first directory change was seen
    named: dict[int, set] = {}  # step -> static words of its commands so far
    text = bash.script
    for cmd in bash.commands:
        if cmd.kind != "command" or cmd.step is None or cmd.name is None:
            continue
        seen = named.setdefault(cmd.step, set())
        before = set(seen)
        seen.update(v.rstrip("/") for v in cmd.values if v)
        if cmd.name in _CREATORS and _is_absolute(base):
            for i, v in enumerate(cmd.values):
                if i <= (cmd.name_index or 0) or v is None or v.startswith("-") or not v.startswith("/"):
                    continue
                if posixpath.normpath(v) == base:
                    w = cmd.word(i)
                    out.append(WorkdirFact(WorkdirKind.CREATED_BY_STEP, wd, cmd.step, w.start, w.end, v))
            continue
        if cmd.name not in _DIR_CHANGERS or cmd.step in changed:
            continue
        changed.add(cmd.step)  # only the step's first `cd` starts from working_dir
        op = _dir_operand(cmd)
        if op is None:
            continue
        i, d = op
        if d.startswith(("/", "~")) or _WINDOWS_ABSOLUTE.match(d):
            continue
        dn = posixpath.normpath(d)
        if dn in (".", "..") or dn.startswith("../") or _guarded(text, cmd.end):
            continue
        if dn in before or d.rstrip("/") in before:
            continue  # an earlier command of the step names it (`git clone URL repo && cd repo`)
        if base == dn or base.endswith("/" + dn):
            w = cmd.word(i)
            out.append(WorkdirFact(WorkdirKind.CD_INTO_ITSELF, wd, cmd.step, w.start, w.end, d))
    return out
