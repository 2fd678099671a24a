"""Strict argument validation before anything runs (CLI Agent Spec REQ-C-019 / REQ-F-044).

In strict mode every value bound to a *user-controlled* argument is checked
before the script is built:

* shell metacharacters ``; | & $ ( ) < > ` `` and newline, CR, NUL are rejected;
* a leading ``-`` is rejected where the value lands in an *option position*
  (see :func:`option_positions`);
* a placeholder that no subprocess declaration covers is itself an error.

All problems are collected (never only the first).  A rejection is reported as
exit code 2 with ``{"error": {"code": "ARG_ERROR", "phase": "validation",
"retryable": false, "errors": [{"field", "message", "value"}]}}`` on stdout.

Declarations are read, never inferred: ``step["subprocess"]`` is an object
``{"binary", "user_controlled_args": [input names], "hardcoded_args": [...]}``
or a list of such objects.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .render import PLACEHOLDER_RE, substitute

METACHARACTERS = (";", "|", "&", "$", "(", ")", "<", ">", "`", "\n", "\r", "\x00")
_META_NAMES = {"\n": "newline", "\r": "carriage return", "\x00": "NUL"}


@dataclass
class ArgError:
    field: str
    message: str
    value: Any

    def to_json(self) -> dict:
        return {"field": self.field, "message": self.message, "value": self.value}


def error_payload(errors: Sequence[ArgError]) -> dict:
    return {
        "error": {
            "code": "ARG_ERROR",
            "phase": "validation",
            "retryable": False,
            "errors": [e.to_json() for e in errors],
        }
    }


def declarations(step: Any) -> list[dict]:
    """The subprocess declarations of one step (dict, list of dicts, or none)."""
    raw = step.get("subprocess") if isinstance(step, Mapping) else getattr(step, "subprocess", None)
    if isinstance(raw, Mapping):
        return [dict(raw)]
    if isinstance(raw, list):
        return [dict(d) for d in raw if isinstance(d, Mapping)]
    return []


def user_controlled(step: Any) -> set[str]:
    names: set[str] = set()
    for d in declarations(step):
        uca = d.get("user_controlled_args")
        if isinstance(uca, list):
            names.update(x for x in uca if isinstance(x, str))
    return names


# ----------------------------------------------------------------------------
# option positions: a simple word-level reading of the template
# ----------------------------------------------------------------------------

_BREAKS = set(";&|()\n")


def _words(command: str) -> list[list[tuple[int, int, str]]]:
    """Simple commands of ``command`` as lists of (start, end, raw text) words.

    Deliberately simple: quotes (``'…'``, ``"…"``, ``$'…'``) and backslashes keep a
    word together; blanks separate words; ``; & | ( ) newline`` and the openings
    ``$(`` / backtick start a new simple command; ``#`` at a word start is a
    comment to the end of the line.  Nested ``$( )`` text inside double quotes
    stays part of the enclosing word.
    """
    commands: list[list[tuple[int, int, str]]] = [[]]
    i, n = 0, len(command)
    start = -1

    def close(end: int) -> None:
        nonlocal start
        if start >= 0:
            commands[-1].append((start, end, command[start:end]))
            start = -1

    def new_command() -> None:
        if commands[-1]:
            commands.append([])

    while i < n:
        c = command[i]
        if c in " \t":
            close(i)
            i += 1
            continue
        if c == "#" and start < 0:
            j = command.find("\n", i)
            i = n if j < 0 else j
            continue
        if c == "$" and command.startswith("$(", i) and not command.startswith("$((", i):
            close(i)
            new_command()
            i += 2
            continue
        if c == "`":
            close(i)
            new_command()
            i += 1
            continue
        if c in _BREAKS:
            close(i)
            new_command()
            i += 1
            continue
        if start < 0:
            start = i
        if c == "\\":
            i += 2
            continue
        if c == "'" or (c == "$" and command.startswith("$'", i)):
            i += 2 if c == "$" else 1
            while i < n and command[i] != "'":
                i += 2 if (c == "$" and command[i] == "\\") else 1
            i += 1
            continue
        if c == '"':
            i += 1
            while i < n and command[i] != '"':
                i += 2 if command[i] == "\\" else 1
            i += 1
            continue
        i += 1
    close(min(i, n))
    return [c for c in commands if c]


def _strip_quotes(text: str) -> str:
    while len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1]
    return text


def option_positions(command: str) -> list[tuple[str, int, int]]:
    """Placeholders that form a whole shell word in an option position.

    A placeholder is in an option position when it is an entire word (optionally
    wrapped in quotes), is not the command name, and no ``--`` word precedes it
    in the same simple command.  Returns (name, start, end) of the placeholders.
    """
    out = []
    for words in _words(command):
        seen_dashdash = False
        for idx, (s, _e, text) in enumerate(words):
            if text == "--":
                seen_dashdash = True
                continue
            bare = _strip_quotes(text)
            m = PLACEHOLDER_RE.fullmatch(bare)
            if m is None or idx == 0 or seen_dashdash:
                continue
            off = s + text.index(bare)
            out.append((m.group(1), off, off + len(bare)))
    return out


# ----------------------------------------------------------------------------
# validation
# ----------------------------------------------------------------------------


def _runtime_placeholders(command: str) -> list[tuple[str, int, int]]:
    """Placeholders as the runtime finds them (bash tracker, not finditer)."""
    sub = substitute(command, {}, shell="bash")
    return [(p[0], p[1], p[2]) for p in sub.placeholders]


def _command_of(step: Any) -> str:
    if isinstance(step, str):
        return step
    c = step.get("command") if isinstance(step, Mapping) else getattr(step, "command", "")
    return c if isinstance(c, str) else ""


def _describe(chars: Iterable[str]) -> str:
    return ", ".join(_META_NAMES.get(c, repr(c)) for c in chars)


def builtin_only_placeholders(command: str) -> set[str]:
    """Placeholder names that only data builtins (``echo``, ``printf``, ``cd``,
    ``test``, ``read`` … :data:`utcp_lint.template.declarations.DATA_BUILTINS`) receive in
    ``command``: no subprocess runs with them, so no declaration covers them
    (issue 12); the metacharacter and option checks still apply."""
    from ..template.declarations import DATA_BUILTINS

    inside, outside = set(), set()
    for words in _words(command):
        idx = 0
        while (
            idx < len(words)
            and "=" in words[idx][2].split("UTCP_ARG_")[0]
            and not words[idx][2].startswith(("=", "'", '"'))
        ):
            idx += 1  # VAR=value prefix assignments
        head = _strip_quotes(words[idx][2]) if idx < len(words) else ""
        names = {m.group(1) for _s, _e, text in words for m in PLACEHOLDER_RE.finditer(text)}
        if head in DATA_BUILTINS and not PLACEHOLDER_RE.search(head):
            inside |= {m.group(1) for _s, _e, text in words[idx + 1 :] for m in PLACEHOLDER_RE.finditer(text)}
            outside |= {m.group(1) for _s, _e, text in words[:idx] for m in PLACEHOLDER_RE.finditer(text)}
        else:
            outside |= names
    return inside - outside


def validate(steps: Sequence[Any], tool_args: Mapping[str, Any] | None) -> list[ArgError]:
    """Every strict-mode problem of these steps with these arguments (all of them)."""
    args = dict(tool_args or {})
    errors: list[ArgError] = []
    seen: set[tuple[str, str]] = set()

    def add(field: str, message: str, value: Any) -> None:
        if (field, message) not in seen:
            seen.add((field, message))
            errors.append(ArgError(field, message, value))

    # values checked for metacharacters: every declared user-controlled argument and
    # every argument a placeholder uses (an undeclared one is an error of its own too)
    checked: set[str] = set()
    for step in steps:
        checked |= user_controlled(step)

    for index, step in enumerate(steps):
        command = _command_of(step)
        covered = user_controlled(step) | builtin_only_placeholders(command)
        for name, _s, _e in _runtime_placeholders(command):
            if name not in covered:
                add(
                    name,
                    f"placeholder UTCP_ARG_{name}_UTCP_END in step {index} is not covered by any "
                    f"subprocess declaration (user_controlled_args)",
                    args.get(name),
                )
        for name, _s, _e in _runtime_placeholders(command):
            checked.add(name)
        for name, _s, _e in option_positions(command):
            if name in args and str(args[name]).startswith("-"):
                add(
                    name,
                    f"value starts with '-' and lands in an option position in step {index} "
                    f"(a whole word not after '--')",
                    args[name],
                )

    for name in sorted(checked):
        if name not in args:
            continue
        text = str(args[name])
        bad = [c for c in METACHARACTERS if c in text]
        if bad:
            add(name, f"value contains shell metacharacter(s): {_describe(bad)}", args[name])
    # stable order: by field, then message
    errors.sort(key=lambda e: (e.field, e.message))
    return errors
