"""Quoted here-documents a child shell runs (issue 23, A1).

utcp-cli 1.1.5 hands every placeholder's value to the script as an *exported*
environment variable (``__UTCP_ARG_<nonce>_<name>``, ``_build_combined_shell_script``
and ``_execute_command(env=…)``).  In the body of ``<<'EOF'`` bash leaves the reference
``"$__UTCP_ARG_…"`` as text, but when that text is itself run by a child shell, the child
expands the reference from its environment: the value arrives after all.  Two shapes:

* the here-document is the child's script on standard input: ``bash <<'EOF'``,
  ``sh -s -- ARGS <<'EOF'`` (bash(1): without ``-c`` and without a script operand, or
  with ``-s``, commands are read from standard input);
* ``cat > FILE <<'EOF'`` / ``tee FILE <<'EOF'`` writes the body to ``FILE`` and a later
  command runs it: ``bash FILE``, ``sh FILE``, ``source FILE``, ``. FILE``.

:func:`child_shell_data` returns the placeholder references of such bodies that the
child reads as *data*: inside double quotes on their line, as an argument (not the
command name), on a line that re-reads nothing (no ``eval``, ``source``, ``-c``, nested
shells).  Measured against real bash: ``tests/test_heredoc_child_shell.py``.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from ...core.lazyre import compile_pattern
from .. import programs as _programs

if TYPE_CHECKING:
    from .analysis import BashAnalysis

__all__ = ["child_shell_data"]

_WRITERS = frozenset({"cat", "tee"})
_FILE_OPS = frozenset({">", ">>", ">|"})


@cache
def _reread_re() -> re.Pattern[str]:
    # words that make a line read text again (or run another program's code)
    return compile_pattern(
        r"(?:^|[\s;|&(`])(?:eval|source|\.|exec|xargs|bash|sh|zsh|dash|ksh|ssh|su|sudo|env|trap|alias"
        r"|declare|typeset|local|export|readonly|let|read|mapfile|test|perl|python3?|node|ruby|php|awk|gawk|sed)(?=[\s;|&)]|$)"
        r"|printf\s+-v|\$\(\(|\[\["
    )


def _is_shell(name: str | None) -> bool:
    p = _programs.BY_NAME.get(name or "")
    return p is not None and p.family == "shell" and name not in ("fish",)


def _reads_stdin(cmd) -> bool:
    """``bash``, ``bash -s ARGS``, ``sh -eu``: the shell runs its standard input."""
    seen_s = False
    words = cmd.words[cmd.name_index + 1 :]
    i = 0
    while i < len(words):
        v = words[i].value
        if v is None:
            return False
        if v == "--":
            return seen_s or i + 1 == len(words)
        if v.startswith("--"):
            i += 1
            continue
        if v.startswith(("-", "+")) and len(v) > 1:
            letters = v[1:]
            if "c" in letters:
                return False
            seen_s = seen_s or "s" in letters
            i += 2 if letters[-1:] in ("o", "O") else 1
            continue
        return seen_s  # an operand: the script file unless -s came first
    return True


def _script_operand(cmd) -> str | None:
    """The script file a shell (``bash FILE``) or ``source``/``.`` runs, when static."""
    words = cmd.words[cmd.name_index + 1 :]
    if cmd.name in ("source", "."):
        return words[0].value if words else None
    i = 0
    while i < len(words):
        v = words[i].value
        if v is None:
            return None
        if v == "--":
            return words[i + 1].value if i + 1 < len(words) else None
        if v.startswith(("-", "+")) and len(v) > 1:
            if v.startswith("--"):
                i += 1
                continue
            if "c" in v[1:] or "s" in v[1:]:
                return None
            i += 2 if v[-1:] in ("o", "O") else 1
            continue
        return v
    return None


def _norm(path: str) -> str:
    while path.startswith("./"):
        path = path[2:]
    return path


def _written_file(cmd) -> str | None:
    """The file ``cat > FILE`` / ``tee FILE`` writes the here-document's body to."""
    if cmd.name == "cat" and cmd.word_count == cmd.name_index + 1:
        for r in cmd.redirects:
            if r.op in _FILE_OPS and (r.fd in (None, "1")) and r.target is not None and r.target.value:
                return _norm(r.target.value)
        return None
    if cmd.name == "tee":
        ops = [w.value for w in cmd.words[cmd.name_index + 1 :]]
        files = [v for v in ops if v is not None and not v.startswith("-")]
        if len(files) == 1 and None not in ops:
            return _norm(files[0])
    return None


def _runs_later(a: BashAnalysis, consumer, path: str) -> bool:
    for c in a.commands:
        if c.start <= consumer.end or not (c.name in ("source", ".") or _is_shell(c.name)):
            continue
        op = _script_operand(c)
        if op is not None and _norm(op) == path:
            return True
    return False


def _data_in_line(text: str, at: int) -> bool:
    """Whether the reference at ``at`` of ``text`` is read as data by a shell running the
    line it is on: inside double quotes, not the command's name, nothing re-reads it."""
    lo = text.rfind("\n", 0, at) + 1
    line = text[lo:at]
    state = ""  # "", "'", '"'
    open_at = -1
    i = 0
    while i < len(line):
        ch = line[i]
        if state == "'":
            if ch == "'":
                state = ""
        elif ch == "\\":
            i += 1
        elif state == '"':
            if ch == '"':
                state = ""
        elif ch == "'":
            state = "'"
        elif ch == '"':
            state, open_at = '"', i
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return False  # a comment: not data, not run (UL111's literal reading is closer)
        i += 1
    if state != '"':
        return False
    before = line[:open_at].rstrip()
    if not before or before[-1] in ";|&({`!" or before.split()[-1] in ("then", "do", "else", "elif", "time"):
        return False  # the quoted word would be the command name
    return _reread_re().search(line) is None


def child_shell_data(a: BashAnalysis) -> frozenset:
    """``id()`` of the placeholder references in quoted here-documents that a child shell
    runs and reads as plain data (see the module docstring)."""
    return a.derived("child_shell.data", _compute)


def _compute(a: BashAnalysis) -> frozenset:
    from .model import HEREDOC_QUOTED

    out = set()
    text = a.script
    for ref in a.placeholders:
        cmd = ref.command
        if ref.quoting != HEREDOC_QUOTED or cmd is None or ref.in_error:
            continue
        if _is_shell(cmd.name):
            child = _reads_stdin(cmd)
        elif cmd.name in _WRITERS:
            f = _written_file(cmd)
            child = f is not None and _runs_later(a, cmd, f)
        else:
            child = False
        if child and _data_in_line(text, ref.ref_start):
            out.add(id(ref))
    return frozenset(out)
