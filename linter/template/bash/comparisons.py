"""Where a placeholder's value is compared with a literal (issue 23, always-broken shapes).

:func:`literal_comparisons` lists, for every placeholder, the tests that compare its value
(directly, or through a variable assigned exactly that value once) with fixed text:

* ``[ V = lit ]`` / ``[ V != lit ]`` / ``test V = lit`` -- string equality;
* ``[[ V == pat ]]`` / ``[[ V != pat ]]`` -- a glob pattern (bash(1) "[[ expression ]]":
  the right side of ``==``/``!=`` is a pattern unless quoted);
* ``case V in pat|pat) …`` -- each item's patterns (bash(1) "case");
* ``[ V -eq N ]`` / ``[[ V -eq N ]]`` -- an integer comparison (``[`` refuses a non-integer
  operand; ``[[ ]]`` evaluates the operand as arithmetic, bash(1) "ARITHMETIC EVALUATION").

The facts are syntax only; which values the input can hold is the rule's business (the
schema).  :func:`matches` tells whether a pattern of one of these facts matches a value.
"""

from __future__ import annotations

import re
from functools import cache

from ...core.lazyre import compile_pattern
from . import patterns as _pat
from .model import ValueNode

__all__ = ["Comparison", "assignment_count", "literal_comparisons", "matches"]

# string equality, glob patterns, integer comparison (bash(1) CONDITIONAL EXPRESSIONS)
_EQ = frozenset({"=", "=="})
_NE = frozenset({"!="})
_INT = frozenset({"-eq", "-ne", "-lt", "-le", "-gt", "-ge"})


class Comparison(ValueNode):
    _FIELDS = ("ref", "kind", "negated", "operands", "start", "end", "what", "owner")
    __slots__ = _FIELDS

    ref: object  # the placeholder Ref whose value is compared
    kind: str  # "string" (exact text), "glob" (patterns), "integer"
    negated: bool  # true when the test holds for a value that does NOT match (`!=`)
    operands: tuple  # the literal texts / patterns (one per `|` alternative of a case item)
    start: int  # script span of the comparison (the test, or the case item's patterns)
    end: int
    what: str  # "[ = ]", "[[ == ]]", "case", "[ -eq ]" …
    owner: int  # script start of the test or case statement (the items of one case share it)

    def __init__(
        self, ref, kind: str, negated: bool, operands: tuple, start: int, end: int, what: str, owner: int = -1
    ) -> None:
        self.ref = ref
        self.kind = kind
        self.negated = negated
        self.operands = operands
        self.start = start
        self.end = end
        self.what = what
        self.owner = start if owner < 0 else owner


@cache
def _operand_re() -> re.Pattern[str]:
    # "$v", ${v}, "${v:-d}": the whole word is the variable's value (a default changes only
    # an empty or unset value)
    return compile_pattern(r'"?\$\{?([A-Za-z_][A-Za-z0-9_]*)(?::?[-=][^}]*)?\}?"?\Z')


def _literal(text: str) -> str | None:
    """The fixed text of a word (quotes removed), or None when it expands anything."""
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1]
    if len(text) >= 2 and text[0] == text[-1] == '"' and not any(c in text[1:-1] for c in "$`\\"):
        return text[1:-1]
    if re.fullmatch(r"[A-Za-z0-9_.,:+@%/-]+", text):
        return text
    return None


def matches(kind: str, operand: str, value: str) -> bool | None:
    """Whether ``value`` satisfies ``operand`` of a comparison of ``kind`` (equality for
    "string", the glob pattern for "glob"); None when the pattern cannot be read."""
    if kind == "string":
        lit = _literal(operand)
        return None if lit is None else lit == value
    if kind == "glob":
        return _pat.glob_matches(operand, value)
    return None


def _names(a) -> dict:
    """variable name -> placeholder Ref, for a variable assigned exactly one placeholder's
    value, once in the script (``f=UTCP_ARG_f_UTCP_END``)."""
    out: dict = {}
    text = a.script
    for r in a.placeholders:
        if r.env_var is None:
            continue
        path = a.source.path_at_byte(a.source.byte(r.ref_start))
        for k in range(len(path) - 1, -1, -1):
            n = path[k]
            if n.type == "variable_assignment":
                nm = n.child_by_field_name("name")
                val = n.child_by_field_name("value")
                if nm is None or val is None:
                    break
                m = _operand_re().match(a.source.node_text(val))
                if m and m.group(1) == r.env_var:
                    name = a.source.node_text(nm)
                    out[name] = r
                break
            if n.type not in ("string", "simple_expansion", "expansion", "variable_name", "$", "${", '"'):
                break
    for name in list(out):
        if assignment_count(text, name) != 1:
            del out[name]
    return out


def assignment_count(text: str, name: str) -> int:
    """``len(re.findall(r"(?<![\\w$])" + re.escape(name) + r"\\+?=", text))`` without compiling a
    pattern per name: the non-overlapping ``NAME=`` / ``NAME+=`` not led by a word character
    (``\\w`` is ``str.isalnum()`` or ``_``) or ``$``."""
    if not name:
        return len(re.findall(r"(?<![\w$])\+?=", text))
    n = 0
    size = len(name)
    i = text.find(name)
    while i >= 0:
        if i == 0 or not (text[i - 1].isalnum() or text[i - 1] in "_$"):
            j = i + size
            if text.startswith("=", j):
                n += 1
                i = text.find(name, j + 1)
                continue
            if text.startswith("+=", j):
                n += 1
                i = text.find(name, j + 2)
                continue
        i = text.find(name, i + 1)
    return n


class _Bound:
    """:func:`_names` of the analysis, computed on the first lookup: only a comparison
    whose subject is no placeholder's own variable reads it (most templates have none)."""

    __slots__ = ("a", "names")

    def __init__(self, a) -> None:
        self.a = a
        self.names: dict | None = None

    def get(self, name: str):
        names = self.names
        if names is None:
            names = self.names = _names(self.a)
        return names.get(name)


def _subject(a, node, bound: _Bound):
    """The placeholder Ref whose value the word ``node`` is, or None."""
    m = _operand_re().match(a.source.node_text(node))
    if m is None:
        return None
    nm = m.group(1)
    for r in a.placeholders:
        if r.env_var == nm:
            return r
    r = bound.get(nm)
    if r is not None and a.source.step_of(a.source.char(node.start_byte)) != r.step:
        return None  # each step runs in its own subshell: the variable is not set there
    return r


def _test_comparisons(a, node, bound: _Bound, out: list) -> None:
    kw = node.child(0)
    dbl = kw is not None and a.source.node_text(kw) == "[["
    for be in node.named_children:
        if be.type != "binary_expression":
            continue
        left = be.child_by_field_name("left")
        right = be.child_by_field_name("right")
        op = be.child_by_field_name("operator")
        if left is None or right is None or op is None:
            continue
        ot = a.source.node_text(op)
        r = _subject(a, left, bound)
        if r is None:
            continue
        rt = a.source.node_text(right)
        s, e = a.source.char(node.start_byte), a.source.char(node.end_byte)
        what = f"[[ {ot} ]]" if dbl else f"[ {ot} ]"
        if ot in _EQ or ot in _NE:
            # an unquoted right side of [[ == ]] is a pattern; of [ = ] plain text
            kind = "glob" if dbl and rt[:1] not in "'\"" else "string"
            out.append(Comparison(r, kind, ot in _NE, (rt,), s, e, what))
        elif ot in _INT:
            out.append(Comparison(r, "integer", False, (rt,), s, e, what))


def _test_builtin(a, cmd, bound: _Bound, out: list) -> None:
    """``test V = lit`` / ``[ V = lit ]`` parsed as a plain command (in a step)."""
    name = cmd.child_by_field_name("name")
    if name is None or a.source.node_text(name) not in ("test", "["):
        return
    if a.source.step_of(a.source.char(cmd.start_byte)) is None:
        return
    words = [c for c in cmd.named_children if c.type != "command_name"]
    if a.source.node_text(name) == "[" and words and a.source.node_text(words[-1]) == "]":
        words = words[:-1]
    if len(words) != 3:
        return
    r = _subject(a, words[0], bound)
    if r is None:
        return
    ot = a.source.node_text(words[1])
    s, e = a.source.char(cmd.start_byte), a.source.char(cmd.end_byte)
    if ot in _EQ or ot in _NE:
        out.append(Comparison(r, "string", ot in _NE, (a.source.node_text(words[2]),), s, e, f"test {ot}"))
    elif ot in _INT:
        out.append(Comparison(r, "integer", False, (a.source.node_text(words[2]),), s, e, f"test {ot}"))


def _case_comparisons(a, node, bound: _Bound, out: list) -> None:
    v = node.child_by_field_name("value")
    if v is None:
        return
    r = _subject(a, v, bound)
    if r is None:
        return
    for it in node.children:
        if it.type != "case_item":
            continue
        pats = []
        first = last = None
        for i, c in enumerate(it.children):
            if it.field_name_for_child(i) == "value":
                pats.append(a.source.node_text(c))
                first = c if first is None else first
                last = c
        if pats and first is not None and last is not None:
            out.append(
                Comparison(
                    r,
                    "glob",
                    False,
                    tuple(pats),
                    a.source.char(first.start_byte),
                    a.source.char(last.end_byte),
                    "case",
                    a.source.char(node.start_byte),
                )
            )


def literal_comparisons(a) -> list:
    """Every :class:`Comparison` of a placeholder's value with fixed text in the steps of
    the analysis ``a`` (a :class:`~.analysis.BashAnalysis`), in script order."""
    sc = a.script
    if "case" not in sc and "[" not in sc and "test" not in sc:
        return []
    bound = _Bound(a)  # read only where a comparison's subject may be a bound variable
    out: list = []
    for n in a.source.nodes.get("c", ()):
        t = n.type
        if t == "test_command":
            if a.source.step_of(a.source.char(n.start_byte)) is not None:
                _test_comparisons(a, n, bound, out)
        elif t == "command":
            _test_builtin(a, n, bound, out)  # (its name tested before its step)
    if "case" in sc:
        # every case statement of the tree, from the index query (a walk over every node
        # from Python cost more; a query of its own, compiled per run, more still)
        for n in a.source.nodes.get("k", ()):
            if a.source.step_of(a.source.char(n.start_byte)) is not None:
                _case_comparisons(a, n, bound, out)
    out.sort(key=lambda c: c.start)
    return out
