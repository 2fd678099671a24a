"""Subprocess declarations (CLI Agent Spec REQ-C-019) for UTCP CLI steps.

A step that hands tool arguments to a program declares it on the step object::

    {"command": "cat f | grep -e UTCP_ARG_p_UTCP_END -- -",
     "subprocess": [{"binary": "cat", "user_controlled_args": [], "hardcoded_args": ["f"]},
                    {"binary": "grep", "user_controlled_args": ["p"],
                     "hardcoded_args": ["-e", "--", "-"]}]}

``subprocess`` is one object, or a list when the step runs several programs;
``binary`` is required; ``user_controlled_args`` names the tool inputs (placeholder
names) whose values the program receives; ``hardcoded_args`` lists the literal
argument words the template always passes.  utcp-cli ignores the key (pydantic
drops unknown keys), the strict executor (:mod:`utcp_lint.executor.strict`)
validates exactly the user-controlled values, and ``utcp-lint schema`` publishes
the declarations.

This module:

* **infers** the declarations from the bash analysis (``tpl.bash``): one entry per
  simple command of the step (never the data builtins ``echo``, ``printf``, ``cd``,
  ``test``, ``read`` …: they run no subprocess, and strict mode treats what only they
  receive as covered), its binary as written after
  wrappers (``sudo``, ``env``, ``timeout`` … are looked through), the
  placeholders its argv, prefix assignments, redirections, here-strings and
  heredocs receive, and the static words of its argv after the binary;
* **reads** and checks what a step declares (shape, positions of every node);
* **compares** the two (:class:`Mismatch` facts of a :class:`DeclarationMismatch`
  kind; rules UL300-UL306 choose what they report and say it);
* **writes** inferred declarations into the JSON text with minimal insertions.
"""

from __future__ import annotations

import json
import os
from enum import Enum
from typing import Any

from ..core.fieldwise import field, record, record_eq, record_repr
from ..core.findings import TextEdit
from ..core.lazyre import compile_pattern, lazy_compile
from ..document.jsonpos import Node
from . import programs as _programs
from .bash_commands import BashSinkKind

ENTRY_KEYS = ("binary", "user_controlled_args", "hardcoded_args")
# bash builtins and keywords: not separate programs, so they are declared only when
# they receive a placeholder (strict mode needs every placeholder covered); the list is
# part of the program table (linter/template/programs.py)
BUILTINS = _programs.SHELL_BUILTINS
# Builtins that take a value as plain data and run no program: they never appear in a
# generated declaration (REQ-C-019 is about subprocesses), and the strict executor
# treats a placeholder that only they receive as covered (its value still goes through
# the metacharacter and option checks).  Builtins that run code (eval, source, exec,
# command, trap, let, declare ...) are not in this set.
DATA_BUILTINS = _programs.DATA_BUILTINS
# sink kinds where a value is evaluated again: a declaration cannot make these safe
REEVAL_KINDS = (
    BashSinkKind.SHELL_CODE,
    BashSinkKind.INTERP_CODE,
    BashSinkKind.STDIN_CODE,
    BashSinkKind.COMMAND_NAME,
)


# ---------------------------------------------------------------------------
# inference
# ---------------------------------------------------------------------------


@record(slots=True)
class Entry:
    """One program a step runs, as the ``subprocess`` declaration would list it."""

    binary: str
    user_controlled_args: list
    hardcoded_args: list
    command: Any = None  # SimpleCommand
    argv_refs: list = field(default_factory=list)  # placeholder Refs in argument words

    def __init__(
        self,
        binary: str,
        user_controlled_args: list,
        hardcoded_args: list,
        command: Any = None,
        argv_refs: list | None = None,
    ) -> None:
        self.binary = binary
        self.user_controlled_args = user_controlled_args
        self.hardcoded_args = hardcoded_args
        self.command = command
        self.argv_refs = list() if argv_refs is None else argv_refs

    __repr__ = record_repr
    __eq__ = record_eq

    def to_json(self) -> dict:
        return {
            "binary": self.binary,
            "user_controlled_args": list(self.user_controlled_args),
            "hardcoded_args": list(self.hardcoded_args),
        }


@record(slots=True)
class StepInference:
    """What one step runs and which placeholders reach it (inferred from the bash analysis)."""

    index: int  # position in tpl.steps (= bash analysis step)
    step: Any  # model Step
    entries: list  # list[Entry]
    placeholders: list  # names of every placeholder bash expands in the step, in order
    uncovered: list  # placeholder names that reach no command (bash-level contexts)
    sinks: list  # (Ref, Sink) where a value is evaluated again

    def __init__(self, index: int, step: Any, entries: list, placeholders: list, uncovered: list, sinks: list) -> None:
        self.index = index
        self.step = step
        self.entries = entries
        self.placeholders = placeholders
        self.uncovered = uncovered
        self.sinks = sinks

    __repr__ = record_repr
    __eq__ = record_eq

    @property
    def needs_declaration(self) -> bool:
        """A placeholder reaches a program's argv and no value is evaluated as code."""
        return not self.sinks and any(e.argv_refs for e in self.entries)

    @property
    def declarable(self) -> bool:
        """Worth writing: some entry receives a placeholder, and nothing is re-evaluated."""
        return not self.sinks and any(e.user_controlled_args for e in self.entries)

    def value(self) -> Any:
        """The JSON value to declare: one object, or a list for several programs."""
        items = [e.to_json() for e in self.entries]
        return items[0] if len(items) == 1 else items


_LOST_DASHES = lazy_compile(r"(?:[ \t]+-)+(?=[ \t]+[0-9]*[<>])")


def trailing_dashes(analysis, cmd) -> int:
    """Bare ``-`` words tree-sitter-bash 0.25 drops before an fd redirection.

    ``grep x - 2>&1`` parses as ``grep x`` + ``2>&1``, and every rendered step ends
    in ``2>&1``, so a step ending in ``-`` (read standard input) loses that word.
    They sit right after the command's last word."""
    if not cmd.values:  # one value per word
        return 0
    m = _LOST_DASHES.match(analysis.script, cmd.words[-1].end)
    return m.group(0).count("-") if m else 0


def _dedupe(names) -> list:
    """``names`` without repeats, first occurrences in order."""
    return list(dict.fromkeys(names))


# what every lost-dash match contains: its last ``-`` and the redirection after it
_DASH_BEFORE_REDIRECT = compile_pattern(r"-[ \t]+[0-9]*[<>]")


class _Facts:
    """What :func:`infer_step` reads of the analysis, grouped by step once per
    template (instead of a pass over every command and placeholder per step)."""

    def __init__(self, analysis) -> None:
        # no position starts a trailing_dashes match unless the script holds
        # '-' + blanks + a redirection somewhere
        self.lost_dashes = _DASH_BEFORE_REDIRECT.search(analysis.script) is not None
        self.functions = functions = analysis.functions
        self.commands: dict = {}  # step -> the commands that run a program (_runs_program)
        for c in analysis.commands:
            if _runs_program(c, functions):
                self.commands.setdefault(c.step, []).append(c)
        self.refs: dict = {}  # step -> the placeholder references bash expands
        for r in analysis.placeholders:
            if r.expands:
                self.refs.setdefault(r.step, []).append(r)


def _runs_program(c, functions) -> bool:
    """A simple command with a command word that is not a call of a shell
    function the template defines (which runs no program of its own: the
    commands in its body are the step's subprocesses)."""
    return c.kind == "command" and c.name_index is not None and not (c.name in functions and not c.wrappers)


def _argv_word_after(r, name_index: int) -> bool:
    """``r.word is not None and r.word.index > name_index`` without building
    the command's Word models (``Word.index`` is its position in ``words``)."""
    wi = r.word_index
    if r.command is None or wi is None:
        return False
    return (wi if wi >= 0 else r.word.index) > name_index


def infer_step(analysis, index: int, step, facts: _Facts | None = None) -> StepInference:
    """What step ``index`` runs and passes to each program (``facts``: the
    template's :class:`_Facts`, computed here when not given)."""
    if facts is None:
        facts = _Facts(analysis)
    functions = facts.functions
    refs = facts.refs.get(index, [])
    by_cmd: dict = {}
    uncovered = []
    sinks = []
    for r in refs:
        for s in r.sinks:
            if s.kind in REEVAL_KINDS:
                sinks.append((r, s))
        c = r.command
        if c is not None and _runs_program(c, functions):
            by_cmd.setdefault(id(c), []).append(r)
        else:
            uncovered.append(r.name)  # what a shell function call receives, too
    entries = []
    for c in facts.commands.get(index, ()):
        # the static word values (c.values): the Word models are not needed here
        values = c.values
        binary = values[c.name_index]
        if not binary:
            continue  # dynamic command name: nothing to declare (a sink, reported elsewhere)
        mine = by_cmd.get(id(c), [])
        if binary in DATA_BUILTINS:
            continue  # echo, printf, cd, test, read ...: not a subprocess (issue 12)
        if not mine and binary in BUILTINS:
            continue  # `:`, `true`, `echo ok`: not a program of its own
        argv_refs = [r for r in mine if r.context == "argv" and _argv_word_after(r, c.name_index)]
        hard = [v for v in values[c.name_index + 1 :] if v is not None]
        if facts.lost_dashes:
            hard += ["-"] * trailing_dashes(analysis, c)
        entries.append(Entry(binary, _dedupe(r.name for r in mine), hard, c, argv_refs))
    return StepInference(index, step, entries, _dedupe(r.name for r in refs), _dedupe(uncovered), sinks)


def infer_template(tpl) -> list:
    """One :class:`StepInference` per step (bash only; empty when bash is not analysed)."""
    if not tpl.steps:
        return []
    a = tpl.bash
    facts = _Facts(a)
    return [infer_step(a, i, s, facts) for i, s in enumerate(tpl.steps)]


# ---------------------------------------------------------------------------
# reading what a step declares
# ---------------------------------------------------------------------------


@record(slots=True)
class DeclaredEntry:
    """One entry of a template's ``subprocess`` declaration, with the nodes it was read from."""

    node: Node  # the entry object
    binary: str | None
    binary_node: Node | None
    users: list | None  # [(name, item node)] or None when the key is absent/invalid
    users_node: Node | None
    hard: list | None  # [str] or None
    hard_node: Node | None

    def __init__(
        self,
        node: Node,
        binary: str | None,
        binary_node: Node | None,
        users: list | None,
        users_node: Node | None,
        hard: list | None,
        hard_node: Node | None,
    ) -> None:
        self.node = node
        self.binary = binary
        self.binary_node = binary_node
        self.users = users
        self.users_node = users_node
        self.hard = hard
        self.hard_node = hard_node

    __repr__ = record_repr
    __eq__ = record_eq


class DeclarationShape(Enum):
    """How a ``subprocess`` declaration is malformed."""

    #: an empty list: declares nothing
    EMPTY_LIST = "empty-list"
    #: neither an object nor a list of objects
    NOT_OBJECT_OR_LIST = "not-object-or-list"
    #: a list item that is not an object
    ENTRY_NOT_OBJECT = "entry-not-object"
    #: a key the contract does not define (``key``; ``suggestion``: a close known key)
    UNKNOWN_KEY = "unknown-key"
    #: no ``binary``
    MISSING_BINARY = "missing-binary"
    #: ``binary`` is not a non-empty string
    BAD_BINARY = "bad-binary"
    #: ``key`` (user_controlled_args / hardcoded_args) is not a list
    NOT_A_LIST = "not-a-list"
    #: an item of ``key``'s list is not a string
    ITEM_NOT_STRING = "item-not-string"


@record(slots=True)
class ShapeProblem:
    """One way a declaration is malformed (a fact, not a finding)."""

    kind: DeclarationShape
    node: Node
    key: str = ""
    suggestion: str | None = None

    def __init__(self, kind: DeclarationShape, node: Node, key: str = "", suggestion: str | None = None) -> None:
        self.kind = kind
        self.node = node
        self.key = key
        self.suggestion = suggestion

    __repr__ = record_repr
    __eq__ = record_eq


@record(slots=True)
class Declared:
    """A template's ``subprocess`` declaration: its well-formed entries and its shape problems."""

    node: Node  # the "subprocess" value
    key_node: Node | None
    entries: list  # list[DeclaredEntry] (well-formed enough to compare)
    problems: list  # [ShapeProblem]

    def __init__(self, node: Node, key_node: Node | None, entries: list, problems: list) -> None:
        self.node = node
        self.key_node = key_node
        self.entries = entries
        self.problems = problems

    __repr__ = record_repr
    __eq__ = record_eq


def _close_key(key: str) -> str | None:
    import difflib

    m = difflib.get_close_matches(key, ENTRY_KEYS, n=1)
    return m[0] if m else None


def _string_list(node: Node, what: str, problems: list) -> list | None:
    if node.kind != "array":
        problems.append(ShapeProblem(DeclarationShape.NOT_A_LIST, node, what))
        return None
    out = []
    for item in node.children:
        if item.kind != "string":
            problems.append(ShapeProblem(DeclarationShape.ITEM_NOT_STRING, item, what))
            continue
        out.append((item.value, item))
    return out


def read_declared(step) -> Declared | None:
    """What a JSON step declares (None when it declares nothing or is not from JSON)."""
    sn = getattr(step, "node", None)
    if sn is None or sn.kind != "object":
        return None
    raw = getattr(step, "raw", None)
    if isinstance(raw, dict) and "command" in raw and "subprocess" not in raw:
        # the step's plain dict (doc.data's, with the node's keys; a step
        # built without one has no "command" there): no lookup in the tree
        return None
    val = sn.get("subprocess")
    if val is None:
        return None
    decl = Declared(val, sn.key_node("subprocess"), [], [])
    if val.kind == "object":
        items = [val]
    elif val.kind == "array":
        items = list(val.children)
        if not items:
            decl.problems.append(ShapeProblem(DeclarationShape.EMPTY_LIST, val))
    else:
        decl.problems.append(ShapeProblem(DeclarationShape.NOT_OBJECT_OR_LIST, val))
        return decl
    for item in items:
        if item.kind != "object":
            decl.problems.append(ShapeProblem(DeclarationShape.ENTRY_NOT_OBJECT, item))
            continue
        for k, kn, _vn in item.children:
            if k not in ENTRY_KEYS:
                decl.problems.append(ShapeProblem(DeclarationShape.UNKNOWN_KEY, kn, k, _close_key(k)))
        bn = item.get("binary")
        binary = None
        if bn is None:
            decl.problems.append(ShapeProblem(DeclarationShape.MISSING_BINARY, item))
        elif bn.kind != "string" or not bn.value.strip():
            decl.problems.append(ShapeProblem(DeclarationShape.BAD_BINARY, bn))
        else:
            binary = bn.value
        un = item.get("user_controlled_args")
        users = _string_list(un, "user_controlled_args", decl.problems) if un is not None else None
        hn = item.get("hardcoded_args")
        hard_items = _string_list(hn, "hardcoded_args", decl.problems) if hn is not None else None
        decl.entries.append(
            DeclaredEntry(item, binary, bn, users, un, None if hard_items is None else [v for v, _n in hard_items], hn)
        )
    return decl


# ---------------------------------------------------------------------------
# comparing
# ---------------------------------------------------------------------------


class DeclarationMismatch(Enum):
    """How a step's declaration differs from what the step runs."""

    #: a program the step runs is not declared, or a declared one does not run
    BINARY = "binary"
    #: a placeholder reaches a declared program but is not in its user_controlled_args
    MISSING_USER_ARG = "missing-user-arg"
    #: user_controlled_args lists a placeholder that does not reach the program
    STALE_USER_ARG = "stale-user-arg"
    #: hardcoded_args differ from the literal words the program receives
    HARDCODED_ARGS = "hardcoded-args"
    #: the step evaluates a placeholder as code: no declaration makes that safe
    REEVALUATION_SINK = "reevaluation-sink"


@record(slots=True)
class Mismatch:
    """One difference between a declaration and the inference (a fact, not a finding)."""

    kind: DeclarationMismatch
    node: Node  # where in the declaration
    binary: str | None = None  # the program the step runs (None: a declared binary it does not run)
    declared: str | None = None  # the binary the declaration names (None: no declaration names it)
    names: list = field(default_factory=list)  # placeholders the program receives
    placeholder: str = ""  # the placeholder in question ("" for MISSING_USER_ARG: no user_controlled_args)
    ran: list = field(default_factory=list)  # BINARY, a declared binary not run: every program the step runs
    in_step: bool = True  # STALE_USER_ARG: the placeholder appears in the step at all
    missing: list = field(default_factory=list)  # HARDCODED_ARGS: passed but not declared
    extra: list = field(default_factory=list)  # HARDCODED_ARGS: declared but not passed
    passed: list = field(default_factory=list)  # HARDCODED_ARGS: the literal words the program receives
    sink: Any = None  # REEVALUATION_SINK: the bash analysis' sink (detail, kind)

    def __init__(
        self,
        kind: DeclarationMismatch,
        node: Node,
        binary: str | None = None,
        declared: str | None = None,
        names: list | None = None,
        placeholder: str = "",
        ran: list | None = None,
        in_step: bool = True,
        missing: list | None = None,
        extra: list | None = None,
        passed: list | None = None,
        sink: Any = None,
    ) -> None:
        self.kind = kind
        self.node = node
        self.binary = binary
        self.declared = declared
        self.names = list() if names is None else names
        self.placeholder = placeholder
        self.ran = list() if ran is None else ran
        self.in_step = in_step
        self.missing = list() if missing is None else missing
        self.extra = list() if extra is None else extra
        self.passed = list() if passed is None else passed
        self.sink = sink

    __repr__ = record_repr
    __eq__ = record_eq


def binary_matches(declared: str | None, inferred: str) -> bool:
    if declared is None:
        return False
    return declared == inferred or os.path.basename(declared) == os.path.basename(inferred)


def _multiset_diff(a: list, b: list) -> tuple:
    from collections import Counter

    ca, cb = Counter(a), Counter(b)
    return sorted((ca - cb).elements()), sorted((cb - ca).elements())


def compare(inf: StepInference, decl: Declared) -> list:
    """Mismatches between a step's declaration and what it really runs."""
    out: list = []
    if inf.sinks:
        r, s = inf.sinks[0]
        out.append(
            Mismatch(DeclarationMismatch.REEVALUATION_SINK, decl.key_node or decl.node, placeholder=r.name, sink=s)
        )
    used: set = set()
    pairs = []
    unmatched_inf = []
    for e in inf.entries:
        j = next((k for k, d in enumerate(decl.entries) if k not in used and binary_matches(d.binary, e.binary)), None)
        if j is None:
            unmatched_inf.append(e)
        else:
            used.add(j)
            pairs.append((e, decl.entries[j]))
    # an entry for a data builtin (written by an older `declare`) is tolerated: strict mode reads it
    unmatched_decl = [
        d
        for k, d in enumerate(decl.entries)
        if k not in used and d.binary is not None and os.path.basename(d.binary) not in DATA_BUILTINS
    ]
    required = [e for e in unmatched_inf if e.user_controlled_args]
    if len(required) == 1 and len(unmatched_decl) == 1:
        e, d = required[0], unmatched_decl[0]
        out.append(
            Mismatch(
                DeclarationMismatch.BINARY,
                d.binary_node or d.node,
                binary=e.binary,
                declared=d.binary,
                names=list(e.user_controlled_args),
            )
        )
    else:
        for e in required:
            out.append(
                Mismatch(DeclarationMismatch.BINARY, decl.node, binary=e.binary, names=list(e.user_controlled_args))
            )
        ran = sorted({e.binary for e in inf.entries})
        for d in unmatched_decl:
            out.append(Mismatch(DeclarationMismatch.BINARY, d.binary_node or d.node, declared=d.binary, ran=ran))
    for e, d in pairs:
        if d.users is None:
            if e.user_controlled_args and d.users_node is None:
                out.append(
                    Mismatch(
                        DeclarationMismatch.MISSING_USER_ARG,
                        d.node,
                        binary=e.binary,
                        names=list(e.user_controlled_args),
                    )
                )
        else:
            listed = [n for n, _node in d.users]
            for name in e.user_controlled_args:
                if name not in listed:
                    out.append(
                        Mismatch(DeclarationMismatch.MISSING_USER_ARG, d.users_node, binary=e.binary, placeholder=name)
                    )
            for name, node in d.users:
                if name not in e.user_controlled_args:
                    out.append(
                        Mismatch(
                            DeclarationMismatch.STALE_USER_ARG,
                            node,
                            binary=e.binary,
                            placeholder=name,
                            in_step=name in inf.placeholders,
                        )
                    )
        if d.hard is not None:
            missing, extra = _multiset_diff(e.hardcoded_args, d.hard)
            if missing or extra:
                out.append(
                    Mismatch(
                        DeclarationMismatch.HARDCODED_ARGS,
                        d.hard_node,
                        binary=e.binary,
                        missing=missing,
                        extra=extra,
                        passed=list(e.hardcoded_args),
                    )
                )
    return out


def matches(inf: StepInference, decl: Declared | None) -> bool:
    """Is the step's declaration exactly what inference gives (nothing to report)?"""
    return decl is not None and not decl.problems and not compare(inf, decl)


# ---------------------------------------------------------------------------
# writing
# ---------------------------------------------------------------------------


def _line_start(text: str, pos: int) -> int:
    return text.rfind("\n", 0, pos) + 1


def _indent_of(text: str, pos: int) -> str:
    ls = _line_start(text, pos)
    i = ls
    while i < len(text) and text[i] in " \t":
        i += 1
    return text[ls:i]


def _style(text: str, obj: Node) -> dict:
    """Formatting of the step object: multi-line?, newline, indents, separators."""
    members = obj.children
    last_kn, last_v = members[-1][1], members[-1][2]
    multiline = "\n" in text[obj.start : last_v.end]
    nl = "\r\n" if "\r\n" in text[obj.start : obj.end] or (not multiline and "\r\n" in text[:4096]) else "\n"
    between = text[last_kn.end : last_v.start]
    colon = ": " if ": " in between or ":\t" in between else ":"
    if len(members) > 1 and not multiline:
        comma = "," if text[members[-2][2].end : last_kn.start] == "," else ", "
    else:
        comma = ", " if colon == ": " else ","
    member_indent = _indent_of(text, last_kn.start) if multiline else ""
    obj_indent = _indent_of(text, obj.start)
    if member_indent.startswith(obj_indent) and len(member_indent) > len(obj_indent):
        unit = member_indent[len(obj_indent) :]
    else:
        unit = "\t" if member_indent.startswith("\t") else "  "
    return {"multiline": multiline, "nl": nl, "colon": colon, "comma": comma, "indent": member_indent, "unit": unit}


def _dumps(value: Any, st: dict, ascii_only: bool) -> str:
    return json.dumps(value, ensure_ascii=ascii_only, separators=(st["comma"], st["colon"]))


def render_value(value: Any, st: dict, ascii_only: bool) -> str:
    """The declaration value in the step's style (objects on one line; a list one item per line
    in multi-line steps)."""
    if isinstance(value, list) and st["multiline"] and len(value) > 1:
        inner = st["indent"] + st["unit"]
        items = ("," + st["nl"]).join(inner + _dumps(v, st, ascii_only) for v in value)
        return "[" + st["nl"] + items + st["nl"] + st["indent"] + "]"
    return _dumps(value, st, ascii_only)


def declaration_edit(text: str, step, value: Any) -> TextEdit | None:
    """One edit that sets ``step``'s ``subprocess`` to ``value``, touching nothing else."""
    sn = getattr(step, "node", None)
    if sn is None or sn.kind != "object" or not sn.children:
        return None
    st = _style(text, sn)
    ascii_only = text.isascii()
    body = render_value(value, st, ascii_only)
    existing = sn.get("subprocess")
    if existing is not None:
        return TextEdit(existing.start, existing.end, body)
    last_v = sn.children[-1][2]
    if st["multiline"]:
        sep = "," + st["nl"] + st["indent"]
    else:
        sep = st["comma"]
    return TextEdit(last_v.end, last_v.end, f'{sep}"subprocess"{st["colon"]}{body}')


__all__ = [
    "Entry",
    "StepInference",
    "infer_step",
    "infer_template",
    "Declared",
    "DeclaredEntry",
    "read_declared",
    "compare",
    "Mismatch",
    "DeclarationMismatch",
    "ShapeProblem",
    "DeclarationShape",
    "matches",
    "declaration_edit",
    "render_value",
    "binary_matches",
    "ENTRY_KEYS",
    "REEVAL_KINDS",
]


# ---------------------------------------------------------------------------
# one cached report per template (rules UL300-UL306 read it)
# ---------------------------------------------------------------------------


@record(slots=True)
class TemplateReport:
    """Inference, declaration and their mismatches for one template."""

    inferences: list  # list[StepInference]
    declared: dict  # step list index -> Declared
    mismatches: list  # [(step list index, Mismatch)]

    def __init__(self, inferences: list, declared: dict, mismatches: list) -> None:
        self.inferences = inferences
        self.declared = declared
        self.mismatches = mismatches

    __repr__ = record_repr
    __eq__ = record_eq

    def mismatches_of(self, kind: DeclarationMismatch) -> list:
        return [m for _i, m in self.mismatches if m.kind is kind]


def report(tpl) -> TemplateReport | None:
    """Inference, declarations and mismatches of a template (bash only), computed
    once: ``tpl.declarations`` (utcp_lint.ruleset.context)."""
    return tpl.declarations


def build_report(tpl) -> TemplateReport | None:
    """:func:`report`, computed (the context caches it)."""
    rep = None
    # a discovery template (a manual's own CLI call template) runs with no tool arguments:
    # its placeholders become MISSING_ARG_<name>, nothing the caller controls
    if tpl.steps and "bash" in tpl.shells and tpl.origin != "discovery":
        infs = infer_template(tpl)
        declared = {}
        mism = []
        for inf in infs:
            d = read_declared(inf.step)
            if d is None:
                continue
            declared[inf.index] = d
            for m in compare(inf, d):
                mism.append((inf.index, m))
        rep = TemplateReport(infs, declared, mism)
    return rep
