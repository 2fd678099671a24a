"""Shell state a bash step sets for the steps after it, which the runtime throws away.

utcp-cli 1.1.5 renders step ``i`` as ``CMD_i_OUTPUT=$( … 2>&1)``: a command
substitution, which bash runs "in a subshell environment" (bash(1), *Command
Substitution*; *Command Execution Environment*: "changes made to the subshell
environment cannot affect the shell's execution environment").  A step whose only work
is to change the shell's state -- ``cd``/``pushd``/``popd``, a variable assignment or
``export``, a function or an alias definition -- therefore changes nothing for the next
step: it runs in the original working directory, without the variable, function or
alias.  (PowerShell steps run in one session and keep their state: bash only.)

The facts are stated per step, parsed from the step's own text with tree-sitter-bash
(the step is a complete list of commands by itself); only steps that start with a
state-changing word are parsed, so the cost is nil on ordinary templates.
"""

from __future__ import annotations

import re

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
from ..core.lazyre import lazy_compile

# first words of a step worth parsing (a cheap necessary condition)
_CANDIDATE = lazy_compile(
    r"\s*(?:cd|pushd|popd|export|declare|typeset|readonly|alias|function\s|[A-Za-z_][A-Za-z0-9_]*(?:\+?=|\s*\(\s*\)))"
)
# a state-changing word after a separator: a step that may END by changing state
_CANDIDATE_TAIL = lazy_compile(
    r"(?:&&|;|\n)\s*(?:cd|export|declare|typeset|readonly|alias|function\s|[A-Za-z_][A-Za-z0-9_]*(?:\+?=|\s*\(\s*\)))"
)
# `cd` targets that go back where the step started (or to the home directory): a step
# that ends with one means to leave the directory as it was
_RETURN_TARGETS = frozenset({"", "..", "-", "~", "$OLDPWD", "${OLDPWD}", '"$OLDPWD"', "$HOME", '"$HOME"', "${HOME}"})
_DIR_WORDS = frozenset({"cd", "pushd", "popd"})
_DECLARE_WORDS = frozenset({"export", "declare", "typeset", "readonly"})
# commands that end or do nothing: they do not make a step do work of its own
_NEUTRAL = frozenset({"exit", "return", "true", ":", "false"})


@record(slots=True)
class LostState:
    """Step ``step`` only changes shell state; ``start``/``end``: characters of that
    command in the step's text; ``kind``: directory | variable | environment (exported) | function | alias;
    ``names``: what it defines (variables, functions, aliases); ``used_in``: the later
    step that needs it (the first one)."""

    step: int
    start: int
    end: int
    kind: str
    names: tuple[str, ...]
    used_in: int
    text: str
    # the step does work first and ENDS with the change (``make && cd build``): nothing
    # after it in the step uses it; False: the step does nothing else
    trailing: bool = False

    def __init__(
        self,
        step: int,
        start: int,
        end: int,
        kind: str,
        names: tuple[str, ...],
        used_in: int,
        text: str,
        trailing: bool = False,
    ) -> None:
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "used_in", used_in)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "trailing", trailing)

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = record_hash
    __setattr__ = frozen_setattr
    __delattr__ = frozen_delattr

    __getstate__ = frozen_getstate
    __setstate__ = frozen_setstate


def _state_of(node, src: bytes) -> list[tuple[str, tuple[str, ...], int, int]] | None:
    """The state changes made by ``node`` (kind, names, start byte, end byte), or None
    when it does anything else (runs a program, prints, …)."""
    t = node.type
    if t == "comment":
        return []
    if t in ("list", "redirected_statement"):
        out: list = []
        for ch in node.named_children:
            if t == "redirected_statement" and ch.type in ("file_redirect", "heredoc_redirect", "herestring_redirect"):
                continue
            sub = _state_of(ch, src)
            if sub is None:
                return None
            out += sub
        return out
    if t == "variable_assignment":
        name = node.child_by_field_name("name")
        return [("variable", (_txt(name, src),), node.start_byte, node.end_byte)] if name is not None else None
    if t == "variable_assignments":
        many = tuple(
            _txt(c.child_by_field_name("name"), src) for c in node.named_children if c.type == "variable_assignment"
        )
        return [("variable", many, node.start_byte, node.end_byte)]
    if t == "function_definition":
        name = node.child_by_field_name("name")
        return [("function", (_txt(name, src),), node.start_byte, node.end_byte)] if name is not None else None
    if t == "declaration_command":
        word = node.child(0)
        if word is None or _txt(word, src) not in _DECLARE_WORDS:
            return None
        names: list[str] = []
        kind = "environment" if _txt(word, src) == "export" else "variable"
        for ch in node.named_children:
            if ch.type == "variable_assignment":
                n = ch.child_by_field_name("name")
                if n is not None:
                    names.append(_txt(n, src))
            elif ch.type == "variable_name":
                names.append(_txt(ch, src))
            elif ch.type == "word" and _txt(ch, src).startswith(("-", "+")):
                if any(f in _txt(ch, src) for f in "pfFn"):  # -p prints, -f/-F name functions, -n un-exports
                    return None
                if _txt(ch, src).startswith("-") and "x" in _txt(ch, src):
                    kind = "environment"  # declare -x / typeset -x export like `export`
            else:
                return None
        return [(kind, tuple(names), node.start_byte, node.end_byte)] if names else None
    if t == "command":
        name = node.child_by_field_name("name")
        if name is None:
            return None
        word = _txt(name, src)
        args = [c for c in node.named_children if c.type not in ("command_name", "comment")]
        if word in _NEUTRAL:
            return []
        if word in _DIR_WORDS:
            if word == "cd" and any(_txt(a, src) == "-" for a in args):
                return None  # `cd -` prints the directory
            if word in ("pushd", "popd"):
                return None  # print the directory stack: output of their own
            return [("directory", (), node.start_byte, node.end_byte)]
        if word == "alias":
            names_a: list[str] = []
            for a in args:
                m = re.match(r"([^=\s]+)=", _txt(a, src).strip("'\""))
                if m is None:
                    return None  # `alias name` prints the definition
                names_a.append(m.group(1))
            return [("alias", tuple(names_a), node.start_byte, node.end_byte)] if names_a else None
        return None
    return None


def _txt(node, src: bytes) -> str:
    return src[node.start_byte : node.end_byte].decode("utf-8", "replace")


def _uses(kind: str, names: tuple[str, ...], later: str) -> bool:
    if kind == "directory":
        return bool(later.strip())
    if kind == "environment" and later.strip():
        # an exported variable is read by the programs of any later step (date reads TZ,
        # git reads GIT_DIR, sort reads LC_ALL), unless that step sets it itself
        return not any(re.search(r"(?<![A-Za-z0-9_$])" + re.escape(n) + r"=", later) for n in names)
    for n in names:
        if kind == "variable" and re.search(r"\$\{?" + re.escape(n) + r"(?![A-Za-z0-9_])", later):
            return True
        if kind in ("function", "alias") and re.search(
            r"(?<![A-Za-z0-9_.$/-])" + re.escape(n) + r"(?![A-Za-z0-9_.=/-])", later
        ):
            return True
    return False


def _walk_list(node, op: str, out: list) -> None:
    """Append ``node``'s commands to ``out`` with the operator before each (an and-or list
    taken apart); a module function, not a closure: a nested recursive function is a
    reference cycle per call (tests/test_analysis_cycles.py)."""
    if node.type == "list":
        cur = op
        for ch in node.children:
            if ch.is_named:
                _walk_list(ch, cur, out)
            else:
                cur = ch.type  # the operator before the next command
        return
    out.append((op, node))


def _sequence(root) -> list[tuple[str, object]]:
    """The commands of a step in the order they run, each with the operator before it
    (``""`` first, ``;``, ``&&``, ``||``; ``&`` marks a command run in the background):
    the top-level statements, and the and-or lists among them taken apart."""
    out: list[tuple[str, object]] = []
    op = ""
    for ch in root.children:
        if ch.is_named:
            _walk_list(ch, op, out)
            op = ";"
        elif ch.type == "&" and out:
            out[-1] = ("&", out[-1][1])  # runs in a subshell: changes nothing here
    return out


def _trailing_changes(root, src: bytes) -> list:
    """The state changes the step ENDS with, after work of its own (``make && cd
    build``, ``go build ./... ; export GOFLAGS=-mod=mod``): nothing after them in the
    step uses them.  Empty when the last command does work, when a change runs only
    on failure (``a || cd x``) or in the background, or when a final ``cd`` goes back
    (``cd ..``, ``cd -``, an earlier ``cd`` of the same step)."""
    seq = _sequence(root)
    tail: list = []
    k = len(seq) - 1
    while k >= 0:
        op, node = seq[k]
        sub = _state_of(node, src)
        if sub is None or op == "&":
            break
        if sub and (op == "||" or (k + 1 < len(seq) and seq[k + 1][0] == "&")):
            return []  # runs only when the work before it fails
        tail = sub + tail
        k -= 1
    if k < 0 or not tail:
        return []  # no work before: the whole step only changes state (lost_state's first case)
    out = []
    for kind, names, sb, eb in tail:
        if kind == "directory":
            words = src[sb:eb].decode("utf-8", "replace").split()
            target = " ".join(w for w in words[1:] if not w.startswith("-") or w == "-")
            if target in _RETURN_TARGETS or any(_is_cd(n, src) for _o, n in seq[: k + 1]):
                continue
        out.append((kind, names, sb, eb))
    return out


def _is_cd(node, src: bytes) -> bool:
    st = _state_of(node, src)
    return bool(st) and st is not None and st[0][0] == "directory"


def _needs_directory(later: str) -> bool:
    """Does a later step depend on the working directory?  Not one that only prints
    text or sets its own directory first (``cd /srv && …``)."""
    t = later.strip()
    if not t or re.match(r"cd\s+[/~]", t):
        return False
    return not re.fullmatch(r"(?:echo|printf|true|:|date|sleep)\b[^;&|<>`$()]*", t)


def lost_state(commands: list[str]) -> list[LostState]:
    """One fact per step (but the last) whose every command only changes shell state
    that a later step uses, or that ends with such a change after work of its own."""
    if len(commands) < 2:
        return []
    out: list[LostState] = []
    parser = None
    for i, cmd in enumerate(commands[:-1]):
        head = bool(_CANDIDATE.match(cmd))
        if not head and not _CANDIDATE_TAIL.search(cmd):
            continue
        if parser is None:
            from .bash.tree import get_parser

            parser = get_parser()
        src = cmd.encode("utf-8")
        root = parser.parse(src).root_node
        if root.has_error:
            continue
        changes: list = []
        if head:
            for st in root.named_children:
                sub = _state_of(st, src)
                if sub is None:
                    changes = []
                    break
                changes += sub
        trailing = not changes
        if trailing:
            changes = _trailing_changes(root, src)
        if not changes:
            continue
        later = commands[i + 1 :]
        for kind, names, sb, eb in changes:
            used = next(
                (
                    i + 1 + k
                    for k, text in enumerate(later)
                    if _uses(kind, names, text) and (not trailing or kind != "directory" or _needs_directory(text))
                ),
                None,
            )
            if used is None:
                continue
            start = len(src[:sb].decode("utf-8", "replace"))
            end = start + len(src[sb:eb].decode("utf-8", "replace"))
            out.append(LostState(i, start, end, kind, names, used, cmd[start:end], trailing))
            break  # one fact per step: the first change a later step needs
    return out
