"""Values printed into a program that reads names one per line from standard input (issue 23).

``printf '%s\\n' VALUE | zip -q out.zip -@``, ``echo VALUE | cpio -o``, ``… | tar -cf A -T -``,
``… | rsync --files-from=- SRC DST``, ``… | git update-index --stdin``: the runtime quotes the
value, so bash prints it as one argument, but the program reads its input as a list of names,
one per line, so a value holding a newline names several files.  The programs and the options
that make them read such a list are ONE table, ``programs.NAME_LINES`` (with the options that
make the list NUL-separated instead); this module only finds the values that reach them, the
way ``sinks.program_splits`` finds the values that reach xargs (UL118 reports both).
"""

from __future__ import annotations

from .. import programs as _programs
from .commands import CommandTable, SimpleCommand
from .sinks import stdin_stages


def _has(words: list, trig) -> bool:
    """Whether ``trig`` (a word, or two words) is in ``words``; a one-letter option also
    inside a cluster of letters (``cpio -ov``)."""
    if isinstance(trig, tuple):
        return any(words[k] == trig[0] and words[k + 1] == trig[1] for k in range(len(words) - 1))
    if trig in words:
        return True
    if len(trig) == 2 and trig[0] == "-" and trig[1] != "-":
        return any(
            w is not None and w[:1] == "-" and w[1:2] != "-" and len(w) > 2 and w[1:].isalnum() and trig[1] in w[1:]
            for w in words
        )
    return False


def name_lines(cmd: SimpleCommand) -> _programs.NameLines | None:
    """The ``NAME_LINES`` fact of ``cmd`` when its argv makes it read names one per line from
    standard input (and not NUL-separated ones)."""
    name = cmd.semantics.name
    ni = cmd.semantics.name_index
    if not name or ni is None:
        return None
    words = list(cmd.values[ni + 1 :])
    fact = _programs.NAME_LINES.get(name)
    if fact is None and name == "git":
        sub = next((w for w in words if w is None or not w.startswith("-")), None)
        fact = _programs.NAME_LINES.get(f"git {sub}") if sub else None
    if fact is None:
        return None
    if not any(_has(words, t) for t in fact.triggers) or any(_has(words, u) for u in fact.unless):
        return None
    return fact


def line_reader_splits(commands: CommandTable, placeholders: list) -> list:
    """(placeholder ref, reading command, fact) for every placeholder whose text reaches the
    standard input of a program that reads names one per line (``programs.NAME_LINES``)."""
    from .valueflow import passes_value  # (valueflow reads the classification, which reads sinks)

    out: list = []
    for r in placeholders:
        stages = stdin_stages(r, commands)
        if stages is None:
            continue
        for nxt in stages:
            fact = name_lines(nxt)
            if fact is not None:
                out.append((r, nxt, fact))
                break
            if not passes_value(nxt):
                break
    return out


__all__ = ["line_reader_splits", "name_lines"]
