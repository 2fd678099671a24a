"""Context classification: where a reference really lands (the classification pass's core).

From the path of tree nodes above a reference's ``$``: its quoting as bash
sees it, the simple command and argv word holding it, assignments, redirects,
heredocs, tests, arithmetic contexts, nested substitutions.  :class:`Classifier`
fills a :class:`~.model.Ref` from the :class:`~.script.Script` and the
:class:`~.commands.CommandTable`; the sinks of the context come from
:class:`~.sinks.SinkFinder`.

The upward walk of an expansion (:meth:`Classifier._context`) is split by the kind
of node it meets: one small function per kind (``_STEP``), each updating the walk's
state (:class:`_Walk`) and saying whether the walk stops there; what the walk found
is then settled by :func:`_nesting`, :func:`_declaration` and :func:`_settle`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...run.budget import check
from .commands import list_tail
from .model import (
    ANSI_C,
    ARITH_COMMAND,
    ARITH_DECLARE,
    ARITH_EXPANSION,
    ARITH_FOR,
    ARITH_INTVAR,
    ARITH_SUBSCRIPT,
    ARITH_SUBSTRING,
    ARITH_TEST,
    ARITH_TEST_OPS,
    COMMENT,
    DOUBLE,
    ESCAPED,
    EXPANDING,
    HEREDOC_QUOTED,
    HEREDOC_UNQUOTED,
    PATTERN_OPS,
    SINGLE,
    UNKNOWN,
    UNQUOTED,
    Ref,
)
from .sinks import SinkFinder

if TYPE_CHECKING:
    from tree_sitter import Node

    from .commands import CommandTable
    from .script import Script

__all__ = ["Classifier", "arith_at"]

_COMMAND_NODES = ("command", "declaration_command", "unset_command")


def _broken_substring(p) -> bool:
    """tree-sitter-bash gap: ``${s:"$V":2}`` parses as ``${s:`` + MISSING ``}``
    followed by the rest; bash reads ``"$V"`` as the (arithmetic) offset."""
    ps = p.prev_sibling
    if ps is None or ps.type != "expansion" or ps.end_byte != p.start_byte:
        return False
    n = ps.child_count
    if n < 2:
        return False
    last = ps.child(n - 1)
    return last.is_missing and ps.child(n - 2).type == ":"


class Classifier:
    """Classifies references of one script: quoting, context, command, word, sinks."""

    def __init__(self, script: Script, commands: CommandTable) -> None:
        self.script = script
        self.commands = commands
        self.sinks = SinkFinder(script, commands)

    def classify(self, ref: Ref) -> None:
        """Fill ``ref``'s context facts (quoting, context, command, word, sinks…)."""
        check()  # the CPU budget (linter/run/budget.py): once per reference
        sc = self.script
        b = sc.byte(ref.ref_start)
        path = sc.path_at_byte(b)
        k = len(path) - 1
        n = path[k]
        t = n.type
        e = None
        if t in ("$", "${"):
            if k > 0 and path[k - 1].type in ("simple_expansion", "expansion") and path[k - 1].start_byte == b:
                e = k - 1
        elif t in ("simple_expansion", "expansion") and n.start_byte == b:
            e = k
        # a heredoc body (not inside a substitution within it)?  (none without a `<<`)
        if sc.has_heredoc:
            for j in range(k, -1, -1):
                tj = path[j].type
                if tj == "heredoc_body":
                    self._heredoc_ref(ref, path, j, b)
                    return
                if tj in ("heredoc_redirect", "command_substitution", "program"):
                    break
        if e is None:
            ref.quoting = self._literal_quoting(path, b)
            ref.in_error = any(x.type == "ERROR" for x in path)
            if ref.quoting in (SINGLE, ANSI_C, ESCAPED):
                self._attach_command(ref, path)
            return
        self._context(ref, path, e)

    def _literal_quoting(self, path: list, b: int) -> str:
        data = self.script.data
        for j in range(len(path) - 1, -1, -1):
            t = path[j].type
            if t == "raw_string":
                return SINGLE
            if t == "ansi_c_string":
                return ANSI_C
            if t == "comment":
                return COMMENT
            if t in ("word", "string_content", "string", "concatenation"):
                if b > 0 and data[b - 1 : b] == b"\\":
                    return ESCAPED
            if t == "ERROR":
                return UNKNOWN
        return UNKNOWN

    def _heredoc_ref(self, ref: Ref, path: list, j: int, b: int) -> None:
        """A reference in a heredoc body.  tree-sitter-bash does not reliably
        mark expansions there (``a $_X b`` yields none), so read it like bash:
        quoted delimiter -> literal; otherwise expanded unless an odd number
        of backslashes precedes the ``$``."""
        body = path[j]
        hd_node = path[j - 1]
        h = self.commands.heredoc(hd_node)
        ref.heredoc = h
        ref.context = "heredoc"
        ref.in_error = any(x.type == "ERROR" for x in path[:j])
        if h.quoted:
            ref.quoting = HEREDOC_QUOTED
            # the consumer (a child shell may expand the exported variable: child_shell.py)
            ref.command = self._heredoc_consumer(path, j)
            return
        data = self.script.data
        k = b
        nbs = 0
        while k > body.start_byte and data[k - 1 : k] == b"\\":
            nbs += 1
            k -= 1
        if nbs % 2:
            ref.quoting = ESCAPED
            return
        ref.quoting = HEREDOC_UNQUOTED
        cmd = self._heredoc_consumer(path, j)
        ref.command = cmd
        ref.sinks = self.sinks.find(ref, cmd, None)

    def _heredoc_consumer(self, path: list, j: int):
        """The command a heredoc whose body is ``path[j]`` is attached to, or None."""
        par = path[j - 2] if j >= 2 else None
        cmd_node = None
        gpar = path[j - 3] if j >= 3 else None
        if par is not None and par.type == "redirected_statement":
            body_cmd = par.child_by_field_name("body")
            if body_cmd is not None and body_cmd.type == "list":
                body_cmd = list_tail(body_cmd)  # `mkdir d && cat <<EOF > d/f`: cat's heredoc
            if body_cmd is not None and body_cmd.type in _COMMAND_NODES:
                cmd_node = body_cmd
                gpar = par
        elif par is not None and par.type in _COMMAND_NODES:
            cmd_node = par
        return self.commands.command(cmd_node, gpar) if cmd_node is not None else None

    def _attach_command(self, ref: Ref, path: list) -> None:
        """For literal references: find the command/word holding them (informational)."""
        for j in range(len(path) - 2, -1, -1):
            p = path[j]
            t = p.type
            if t in _COMMAND_NODES:
                cmd = self.commands.command(p, path[j - 1] if j > 0 else None)
                ref.command = cmd
                ref.word_index = cmd.word_index_at_byte(path[j + 1].start_byte) if cmd is not None else None
                if ref.word_index is not None:
                    ref.context = "argv"
                return
            if t in ("command_substitution", "process_substitution", "program", "ERROR"):
                return

    def _context(self, ref: Ref, path: list, ei: int) -> None:
        """An expansion at ``path[ei]``: walk up to the node that decides its context."""
        w = _Walk(ref, path, ei)
        step = ref.step
        sc = self.script
        wrapper_b = sc.wrapper_bytes[step] if step is not None and step < len(sc.step_spans) else None
        steps = _STEP
        p = w.p
        while p is not None:
            h = steps.get(p.type)
            if h is not None and h(self, w, p):
                break
            w.child = p
            w.j -= 1
            p = w.p = path[w.j] if w.j >= 0 else None
        if not ref.in_error and sc.has_error:
            ref.in_error = any(x.type == "ERROR" for x in path[:ei])
        _nesting(w, wrapper_b)
        ref.quoting = w.quoting
        ref.pattern = w.pattern
        ref.assignment = w.assign_name
        if w.array_name is not None and w.arith == ARITH_SUBSCRIPT and w.array_name in sc.assoc_arrays:
            w.arith = None
        cmd = self.commands.command(w.cmd_node, w.parent_of_cmd) if w.cmd_node is not None else None
        _declaration(w, cmd)
        if w.arith is None and w.assign_name is not None and w.assign_name in sc.int_vars:
            w.arith = ARITH_INTVAR
        _settle(self, w, cmd)
        if w.quoting in EXPANDING:
            ref.sinks = self.sinks.find(ref, cmd, w.name_ctx)


class _Walk:
    """The state of one upward walk (:meth:`Classifier._context`)."""

    __slots__ = (
        "ref",
        "path",
        "e",
        "quoting",
        "arith",
        "test_arith",
        "pattern",
        "name_ctx",
        "unit",
        "word_node",
        "cmd_node",
        "redirect_node",
        "heredoc_node",
        "assign_name",
        "assign_node",
        "array_name",
        "context",
        "child",
        "j",
        "p",
        "parent_of_cmd",
    )

    def __init__(self, ref: Ref, path: list, ei: int) -> None:
        e = path[ei]
        self.ref = ref
        self.path = path
        self.e = e
        self.quoting = UNQUOTED
        self.arith: str | None = None
        self.test_arith = False
        self.pattern = False
        self.name_ctx: str | None = None
        self.unit = e  # the node whose extent decides "whole word"
        self.word_node = None
        self.cmd_node = None
        self.redirect_node = None
        self.heredoc_node = None
        self.assign_name: str | None = None
        self.assign_node = None
        self.array_name: str | None = None
        self.context = "other"
        self.child = e
        self.j = ei - 1
        self.p = path[self.j] if self.j >= 0 else None
        self.parent_of_cmd = None


# ---- one step of the walk per node kind: update the state, True = the walk stops here ----


def _on_string(c: Classifier, w: _Walk, p) -> bool:
    if w.quoting == UNQUOTED:
        w.quoting = DOUBLE
    w.unit = p
    if c.script.has_error and _broken_substring(p):
        w.arith = w.arith or ARITH_SUBSTRING
    return False


def _on_concatenation(c: Classifier, w: _Walk, p) -> bool:
    w.unit = p
    if c.script.has_error and _broken_substring(p):
        w.arith = w.arith or ARITH_SUBSTRING
    return False


def _on_heredoc_body(c: Classifier, w: _Walk, p) -> bool:
    w.quoting = HEREDOC_UNQUOTED
    w.context = "heredoc"
    return False


def _on_heredoc_redirect(c: Classifier, w: _Walk, p) -> bool:
    w.heredoc_node = p
    return False


def _on_substitution(c: Classifier, w: _Walk, p) -> bool:
    return True


def _on_arithmetic_expansion(c: Classifier, w: _Walk, p) -> bool:
    w.arith = w.arith or ARITH_EXPANSION
    return False


def _on_compound_statement(c: Classifier, w: _Walk, p) -> bool:
    if p.child_count and p.children[0].type == "((":
        w.arith = w.arith or ARITH_COMMAND
        return False
    return True


def _on_c_style_for(c: Classifier, w: _Walk, p) -> bool:
    if w.child.type not in ("do_group", "compound_statement"):
        w.arith = w.arith or ARITH_FOR
    return True


def _on_subscript(c: Classifier, w: _Walk, p) -> bool:
    idx = p.child_by_field_name("index")
    child = w.child
    if idx is not None and idx.start_byte <= child.start_byte and child.end_byte <= idx.end_byte:
        w.arith = w.arith or ARITH_SUBSCRIPT
        nm = p.child_by_field_name("name")
        w.array_name = c.script.node_text(nm) if nm is not None else None
    return False


def _on_expansion(c: Classifier, w: _Walk, p) -> bool:
    if _operator_before(p, w.child) == ":":
        w.arith = w.arith or ARITH_SUBSTRING
    return False


def _on_binary_expression(c: Classifier, w: _Walk, p) -> bool:
    op = p.child_by_field_name("operator")
    if op is not None:
        opt = c.script.node_text(op)
        if op.type == "test_operator" and opt in ARITH_TEST_OPS:
            w.test_arith = True
        elif opt in PATTERN_OPS:
            right = p.child_by_field_name("right")
            if right is not None and right.start_byte <= w.child.start_byte:
                w.pattern = True
    return False


def _on_unary_expression(c: Classifier, w: _Walk, p) -> bool:
    op = p.child(0)
    if op is not None and c.script.node_text(op) == "-v":
        w.name_ctx = "-v variable name"
    return False


def _on_test_command(c: Classifier, w: _Walk, p) -> bool:
    first = p.child(0)
    kw = first.type if first is not None else "["
    w.ref.test = kw
    w.context = "test"
    if kw == "[[":
        if w.test_arith:
            w.arith = w.arith or ARITH_TEST
    else:
        w.pattern = False
    w.cmd_node = p
    return True


def _on_variable_assignment(c: Classifier, w: _Walk, p) -> bool:
    val = p.child_by_field_name("value")
    if val is not None and val.start_byte <= w.child.start_byte:
        nm = p.child_by_field_name("name")
        if nm is not None:
            w.assign_name = c.script.node_text(nm).split("[", 1)[0]
        w.assign_node = p
        w.unit = val
        w.context = "assignment"
    return False


def _on_array(c: Classifier, w: _Walk, p) -> bool:
    w.context = "array"
    w.unit = w.e
    return False


def _on_file_redirect(c: Classifier, w: _Walk, p) -> bool:
    dests = [x for i, x in enumerate(p.children) if p.field_name_for_child(i) == "destination"]
    child = w.child
    if dests and dests[0].start_byte <= child.start_byte < dests[0].end_byte:
        w.redirect_node = p
        w.context = "redirect"
        w.unit = dests[0]
    else:
        w.word_node = child  # a word after the target: an argument of the command
    return False


def _on_herestring_redirect(c: Classifier, w: _Walk, p) -> bool:
    w.ref.herestring = True
    w.context = "herestring"
    w.redirect_node = p
    w.unit = w.child
    return False


def _on_command(c: Classifier, w: _Walk, p) -> bool:
    w.cmd_node = p
    j = w.j
    w.parent_of_cmd = w.path[j - 1] if j > 0 else None
    if (
        w.word_node is None
        and w.child.type not in ("variable_assignment", "file_redirect", "heredoc_redirect", "herestring_redirect")
        and w.assign_node is None
    ):
        w.word_node = w.child
    elif p.type == "declaration_command" and w.assign_node is not None and w.word_node is None:
        w.word_node = w.assign_node
    return True


def _on_redirected_statement(c: Classifier, w: _Walk, p) -> bool:
    body = p.child_by_field_name("body")
    # tree-sitter hangs `a && b > f` / `a | b > f` on the whole list; bash gives
    # the redirection to the last command (bash(1) REDIRECTION, measured 5.2)
    while body is not None and body.type in ("list", "pipeline") and body.named_child_count:
        body = body.named_children[-1]
    if body is not None and body.type in _COMMAND_NODES:
        w.cmd_node = body
        w.parent_of_cmd = p
    return True


def _on_for_statement(c: Classifier, w: _Walk, p) -> bool:
    if w.child.type not in ("do_group", "compound_statement") and w.child.type != "variable_name":
        w.context = "for-list"
    return True


def _on_case_statement(c: Classifier, w: _Walk, p) -> bool:
    w.context = "case"
    return True


def _on_case_item(c: Classifier, w: _Walk, p) -> bool:
    val = p.child_by_field_name("value")
    child = w.child
    if (
        val is not None
        and child.start_byte <= val.start_byte < child.end_byte
        or (val is not None and child.start_byte == val.start_byte)
    ):
        w.context = "case"
        w.pattern = w.quoting == UNQUOTED
    return True


def _on_block(c: Classifier, w: _Walk, p) -> bool:
    return True


def _on_error(c: Classifier, w: _Walk, p) -> bool:
    w.ref.in_error = True
    return True


_STEP = {
    "string": _on_string,
    "concatenation": _on_concatenation,
    "heredoc_body": _on_heredoc_body,
    "heredoc_redirect": _on_heredoc_redirect,
    "command_substitution": _on_substitution,
    "process_substitution": _on_substitution,
    "arithmetic_expansion": _on_arithmetic_expansion,
    "compound_statement": _on_compound_statement,
    "c_style_for_statement": _on_c_style_for,
    "subscript": _on_subscript,
    "expansion": _on_expansion,
    "binary_expression": _on_binary_expression,
    "unary_expression": _on_unary_expression,
    "test_command": _on_test_command,
    "variable_assignment": _on_variable_assignment,
    "array": _on_array,
    "file_redirect": _on_file_redirect,
    "herestring_redirect": _on_herestring_redirect,
    "command": _on_command,
    "declaration_command": _on_command,
    "unset_command": _on_command,
    "redirected_statement": _on_redirected_statement,
    "for_statement": _on_for_statement,
    "case_statement": _on_case_statement,
    "case_item": _on_case_item,
    "ERROR": _on_error,
    **dict.fromkeys(
        (
            "program",
            "function_definition",
            "pipeline",
            "list",
            "subshell",
            "do_group",
            "if_statement",
            "while_statement",
            "elif_clause",
            "else_clause",
            "negated_command",
        ),
        _on_block,
    ),
}


# ---- what the walk found, settled ----


def _nesting(w: _Walk, wrapper_b) -> None:
    """Inside a substitution nested in the step (not the runtime's own wrapper)?"""
    path = w.path
    j = w.j
    nested = False
    while j >= 0:
        tj = path[j].type
        if tj in ("command_substitution", "process_substitution"):
            if path[j].start_byte != wrapper_b:
                nested = True
                w.ref.outer_split = _substitution_splits(path, j, wrapper_b)
            break
        j -= 1
    w.ref.nested = nested


def _declaration(w: _Walk, cmd) -> None:
    """``declare -i NAME=…`` evaluates the value; ``declare -n`` makes it a name."""
    if cmd is not None and cmd.kind == "declaration" and w.assign_node is not None:
        opts = "".join(v[1:] for v, _p in cmd.statics[1:] if v is not None and v.startswith("-"))
        if "i" in opts:
            w.arith = w.arith or ARITH_DECLARE
        if "n" in opts:
            w.name_ctx = w.name_ctx or f"{cmd.statics[0][0]} -n reference target"


def _settle(c: Classifier, w: _Walk, cmd) -> None:
    """The command, word, redirect, heredoc and context of the reference."""
    ref = w.ref
    if w.heredoc_node is not None:
        ref.heredoc = c.commands.heredoc(w.heredoc_node)
    if w.redirect_node is not None and cmd is not None:
        ref.redirect = c.commands.redirect(w.redirect_node)[0]
    ref.command = cmd
    context = w.context
    word_node = w.word_node
    if cmd is not None and word_node is not None:
        ref.word_index = cmd.word_index_at_byte(word_node.start_byte)
        if ref.word_index is not None and context == "other":
            context = "argv"
        if ref.word_index is not None:
            w.unit = word_node if word_node.type != "variable_assignment" else w.unit
    if w.arith:
        ref.arithmetic = w.arith
        if context in ("other", "argv", "test"):
            context = "arithmetic" if context != "test" else context
    ref.context = context
    ref.whole_word = _only_ref(w.unit, w.e)


def _substitution_splits(path: list, j: int, wrapper_b) -> bool:
    """Is the substitution ``path[j]`` expanded unquoted where bash splits words?"""
    child = path[j]
    k = j - 1
    while k >= 0:
        p = path[k]
        t = p.type
        if t == "string":
            return False
        if t in ("command_substitution", "process_substitution"):
            if p.start_byte == wrapper_b:
                return False
        elif t == "command":
            return child.type not in (
                "variable_assignment",
                "variable_assignments",
                "herestring_redirect",
                "heredoc_redirect",
            )
        elif t in ("for_statement", "array", "file_redirect"):
            return True
        elif t in (
            "variable_assignment",
            "declaration_command",
            "herestring_redirect",
            "test_command",
            "case_statement",
            "case_item",
            "arithmetic_expansion",
            "compound_statement",
            "program",
            "list",
            "pipeline",
            "redirected_statement",
            "subshell",
            "do_group",
            "ERROR",
        ):
            return False
        child = p
        k -= 1
    return False


def _only_ref(unit, e) -> bool:
    """True when ``unit`` holds nothing but ``e`` (and empty quotes)."""
    if unit is None:
        return False
    if unit.start_byte == e.start_byte and unit.end_byte == e.end_byte:
        return True
    t = unit.type
    if t == "string":
        if unit.child_count > 3:
            return False  # more than '"' X '"' (and no list of 4,000 children)
        inner = [c for c in unit.children if c.type != '"']
        return len(inner) == 1 and inner[0].start_byte == e.start_byte and inner[0].end_byte == e.end_byte
    if t == "command_name" and unit.child_count == 1:
        return _only_ref(unit.children[0], e)
    if t == "concatenation":
        # walk the children with a cursor and stop at the first other part:
        # ``unit.children`` builds every child (4,000 parts: quadratic)
        found = False
        cur = unit.walk()
        ok = cur.goto_first_child()
        while ok:
            c = cur.node
            ok = cur.goto_next_sibling()
            if c.start_byte <= e.start_byte and e.end_byte <= c.end_byte:
                if not _only_ref(c, e):
                    return False
                found = True
            elif c.type == "raw_string" and c.end_byte - c.start_byte == 2:
                continue
            elif c.type == "string" and c.named_child_count == 0 and c.end_byte - c.start_byte == 2:
                continue
            else:
                return False
        return found
    return False


def arith_at(script: Script, path: list) -> str | None:
    """Arithmetic context of the deepest node of ``path`` (a bare word/name of ``script``)."""
    k = len(path) - 1
    leaf = path[k]
    if leaf.type in ("raw_string", "string_content", "string"):
        # `let 'total = n + 1'` / `let "x = n"`: the quoted argument of let
        for j in range(k - 1, max(k - 3, -1), -1):
            if path[j].type == "command":
                nm = path[j].child_by_field_name("name")
                return "let expression" if nm is not None and script.node_text(nm) == "let" else None
        return None
    if leaf.type not in ("variable_name", "word"):
        return None
    child = leaf
    for j in range(k - 1, -1, -1):
        p = path[j]
        t = p.type
        if t in ("string", "raw_string") and j > 0 and path[j - 1].type == "command":
            # `let 'total = n + 1'`: the quoted argument of let is arithmetic too
            nm = path[j - 1].child_by_field_name("name")
            if nm is not None and script.node_text(nm) == "let":
                return "let expression"
            return None
        if t in (
            "string",
            "raw_string",
            "command_substitution",
            "process_substitution",
            "program",
            "heredoc_body",
            "comment",
        ):
            return None
        if t == "arithmetic_expansion":
            return ARITH_EXPANSION
        if t == "compound_statement":
            return ARITH_COMMAND if p.child_count and p.children[0].type == "((" else None
        if t == "c_style_for_statement":
            return ARITH_FOR if child.type not in ("do_group", "compound_statement") else None
        if t == "subscript":
            idx = p.child_by_field_name("index")
            if idx is not None and idx.start_byte <= child.start_byte < idx.end_byte:
                nm = p.child_by_field_name("name")
                if nm is not None and script.node_text(nm) in script.assoc_arrays:
                    return None
                return ARITH_SUBSCRIPT
            # the array's name: `$(( nums[0] + 1 ))` evaluates the element's value
            child = p
            continue
        if t == "expansion":
            return ARITH_SUBSTRING if _operator_before(p, child) == ":" else None
        if t == "binary_expression":
            op = p.child_by_field_name("operator")
            if op is not None and op.type == "test_operator" and script.node_text(op) in ARITH_TEST_OPS:
                for q in range(j - 1, -1, -1):
                    if path[q].type == "test_command":
                        first = path[q].child(0)
                        return ARITH_TEST if first is not None and first.type == "[[" else None
                    if path[q].type not in ("binary_expression", "parenthesized_expression", "unary_expression"):
                        return None
                return None
        if t in (
            "command",
            "declaration_command",
            "unset_command",
            "test_command",
            "variable_assignment",
            "redirected_statement",
            "list",
            "pipeline",
        ):
            if t == "command":
                nm = p.child_by_field_name("name")
                if nm is not None and script.node_text(nm) == "let" and child is not nm:
                    return "let expression"
            return None
        child = p
    return None


def _operator_before(expansion: Node, child: Node) -> str | None:
    """The last operator token of ``expansion`` before ``child``: ``":"`` for
    the offset and length of ``${var:offset:length}``, which bash evaluates as
    arithmetic."""
    op = None
    for c in expansion.children:
        if c.start_byte >= child.start_byte:
            break
        if not c.is_named:
            op = c.type
    return op
