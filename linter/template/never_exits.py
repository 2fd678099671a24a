"""Commands that never exit on their own, so the runtime kills every call at its timeout.

utcp-cli 1.1.5 ``call_tool`` runs the script with ``timeout=120.0``
(cli_communication_protocol.py, ``_execute_shell_script`` under ``asyncio.wait_for``): a
step that waits forever -- ``tail -f``, ``journalctl -f`` (the table
``programs.NEVER_EXITS``) -- is killed and ``call_tool`` raises ``TimeoutError`` on every
call, returning nothing the step printed.  Left out: a command wrapped by ``timeout``, one
followed by other commands of its pipeline (``tail -f log | grep -m1 ready`` ends when the
reader does), one sent to the background, and ``tail --pid``.
"""

from __future__ import annotations

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
from .programs import NEVER_EXITS, Follows

if TYPE_CHECKING:
    from .bash.analysis import BashAnalysis

__all__ = ["Endless", "endless_commands", "follow_option"]


@record(slots=True)
class Endless:
    """``program`` never exits: ``option`` (as written, word ``start``/``end`` of the
    script) makes it follow; ``step``: the step."""

    program: str
    option: str
    step: int
    start: int
    end: int

    def __init__(self, program: str, option: str, step: int, start: int, end: int) -> None:
        object.__setattr__(self, "program", program)
        object.__setattr__(self, "option", option)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = record_hash
    __setattr__ = frozen_setattr
    __delattr__ = frozen_delattr
    __getstate__ = frozen_getstate
    __setstate__ = frozen_setstate


def follow_option(args: list, spec: Follows) -> int | None:
    """Index in ``args`` (static values after the program name; None = dynamic word) of
    the option that makes the program follow, or None (also when an ``exits_long``
    option is present)."""
    found = None
    i = 0
    while i < len(args):
        v = args[i]
        i += 1
        if v is None:
            continue  # an operand (the file, the unit) or another option's value
        if v == "--":
            break
        if v.startswith("--"):
            name, eq, _val = v[2:].partition("=")
            if name in spec.exits_long:
                return None
            if name in spec.follow_long:
                found = i - 1 if found is None else found
            elif name in spec.value_long and not eq:
                i += 1
            continue
        if v.startswith("-") and len(v) > 1 and not v[1:].isdigit():
            for k, ch in enumerate(v[1:]):
                if ch in spec.follow_short and found is None:
                    found = i - 1
                if ch in spec.value_short:
                    if k == len(v) - 2:
                        i += 1  # the value is the next word
                    break
    return found


def endless_commands(bash: BashAnalysis) -> list[Endless]:
    out: list[Endless] = []
    text = bash.script
    for cmd in bash.commands:
        spec = NEVER_EXITS.get(cmd.name) if cmd.kind == "command" and cmd.step is not None else None
        if spec is None or cmd.name_index is None or "timeout" in cmd.wrappers:
            continue
        # (the table's answer, not the command's cached `pipeline`: that list would hold the
        # command itself, a reference cycle kept after the analysis is released)
        pipe = bash.command_table.pipeline_of(cmd)
        if pipe and pipe[-1] is not cmd:
            continue  # a later reader may end it (`| head`, `| grep -m1`)
        rest = text[cmd.end : cmd.end + 3].lstrip(" \t")
        if rest.startswith("&") and not rest.startswith("&&"):
            continue  # background
        args = cmd.values[cmd.name_index + 1 :]
        k = follow_option(args, spec)
        if k is None:
            continue
        w = cmd.word(cmd.name_index + 1 + k)
        out.append(Endless(cmd.name, args[k], cmd.step, w.start, w.end))
    return out
