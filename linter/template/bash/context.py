"""Context classification: where a reference really lands.

From the path of tree nodes above a reference's ``$``: its quoting as bash
sees it, the simple command and argv word holding it, assignments, redirects,
heredocs, tests, arithmetic contexts, nested substitutions.  Sinks of the
context are added by :mod:`.sinks`.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import TYPE_CHECKING

from ...run.budget import check
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
from .state import BashState

if TYPE_CHECKING:
    from tree_sitter import Node

_ASSOC_RE = re.compile(r"\b(?:declare|typeset|local)\s+(?:-[A-Za-z]*\s+)*-[A-Za-z]*A")
_DECL_WORDS = ("declare", "typeset", "local", "export", "readonly")  # literal prefilter
_INTDECL_RE = re.compile(
    r"\b(?:declare|typeset|local|export|readonly)\s+(?:-[A-Za-z]*\s+)*"
    r"-[A-Za-z]*i"
)


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


class ContextMixin(BashState):
    """Classification of references of a :class:`~utcp_lint.template.bash.BashAnalysis`."""

    def _path(self, b: int) -> list:
        """Nodes from the root down to the deepest node containing byte ``b``.

        One cursor descent: tree-sitter 0.25 nodes have no parent pointer
        (``node.parent`` walks down from the root every time), so every upward
        walk of the classification reads this list instead."""
        path = self._paths.get(b)
        if path is not None:
            return path  # callers only read it (value flow asks again for the same refs)
        cur = self.root.walk()
        path = [cur.node]
        while cur.goto_first_child_for_byte(b) is not None:
            n = cur.node
            # TreeCursor.node is None only for a cursor on no node; one made by walk()
            # and moved by a successful goto_* is always on one (no None check at run time)
            if n.start_byte > b:  # type: ignore[union-attr]
                break
            path.append(n)
        self._paths[b] = path
        return path

    def _classify(self, ref: Ref, var: str) -> None:
        check()  # the CPU budget (linter/run/budget.py): once per reference
        b = self._off.b(ref.ref_start)
        path = self._path(b)
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
        if self._has_heredoc:
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
        for j in range(len(path) - 1, -1, -1):
            t = path[j].type
            if t == "raw_string":
                return SINGLE
            if t == "ansi_c_string":
                return ANSI_C
            if t == "comment":
                return COMMENT
            if t in ("word", "string_content", "string", "concatenation"):
                if b > 0 and self._data[b - 1 : b] == b"\\":
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
        h = self._heredoc(hd_node)
        ref.heredoc = h
        ref.context = "heredoc"
        ref.in_error = any(x.type == "ERROR" for x in path[:j])
        if h.quoted:
            ref.quoting = HEREDOC_QUOTED
            return
        k = b
        nbs = 0
        while k > body.start_byte and self._data[k - 1 : k] == b"\\":
            nbs += 1
            k -= 1
        if nbs % 2:
            ref.quoting = ESCAPED
            return
        ref.quoting = HEREDOC_UNQUOTED
        # the consumer: the command the heredoc is attached to
        par = path[j - 2] if j >= 2 else None
        cmd_node = None
        gpar = path[j - 3] if j >= 3 else None
        if par is not None and par.type == "redirected_statement":
            body_cmd = par.child_by_field_name("body")
            if body_cmd is not None and body_cmd.type in ("command", "declaration_command", "unset_command"):
                cmd_node = body_cmd
                gpar = par
        elif par is not None and par.type in ("command", "declaration_command", "unset_command"):
            cmd_node = par
        cmd = self._command(cmd_node, gpar) if cmd_node is not None else None
        ref.command = cmd
        ref.sinks = self._sinks(ref, cmd, None)

    def _attach_command(self, ref: Ref, path: list) -> None:
        """For literal references: find the command/word holding them (informational)."""
        for j in range(len(path) - 2, -1, -1):
            p = path[j]
            t = p.type
            if t in ("command", "declaration_command", "unset_command"):
                cmd = self._command(p, path[j - 1] if j > 0 else None)
                ref.command = cmd
                ref.word_index = cmd._word_index_at_byte(path[j + 1].start_byte) if cmd is not None else None
                if ref.word_index is not None:
                    ref.context = "argv"
                return
            if t in ("command_substitution", "process_substitution", "program", "ERROR"):
                return

    def _context(self, ref: Ref, path: list, ei: int) -> None:
        e = path[ei]
        quoting = UNQUOTED
        arith = None
        test_arith = False
        pattern = False
        name_ctx = None
        unit = e  # the node whose extent decides "whole word"
        word_node = None
        cmd_node = None
        redirect_node = None
        heredoc_node = None
        assign_name = None
        assign_node = None
        array_name = None
        context = "other"
        step = ref.step
        wrapper_b = self._wrapper_bytes[step] if step is not None and step < len(self.step_spans) else None
        nested = False
        child = e
        j = ei - 1
        p = path[j] if j >= 0 else None
        parent_of_cmd = None
        while p is not None:
            t = p.type
            if t == "string":
                if quoting == UNQUOTED:
                    quoting = DOUBLE
                unit = p
                if self.has_error and _broken_substring(p):
                    arith = arith or ARITH_SUBSTRING
            elif t == "concatenation":
                unit = p
                if self.has_error and _broken_substring(p):
                    arith = arith or ARITH_SUBSTRING
            elif t == "heredoc_body":
                quoting = HEREDOC_UNQUOTED
                context = "heredoc"
            elif t == "heredoc_redirect":
                heredoc_node = p
            elif t in ("command_substitution", "process_substitution"):
                break
            elif t == "arithmetic_expansion":
                arith = arith or ARITH_EXPANSION
            elif t == "compound_statement":
                if p.child_count and p.children[0].type == "((":
                    arith = arith or ARITH_COMMAND
                else:
                    break
            elif t == "c_style_for_statement":
                if child.type not in ("do_group", "compound_statement"):
                    arith = arith or ARITH_FOR
                break
            elif t == "subscript":
                idx = p.child_by_field_name("index")
                if idx is not None and idx.start_byte <= child.start_byte and child.end_byte <= idx.end_byte:
                    arith = arith or ARITH_SUBSCRIPT
                    nm = p.child_by_field_name("name")
                    array_name = self._text(nm) if nm is not None else None
            elif t == "expansion":
                if _operator_before(p, child) == ":":
                    arith = arith or ARITH_SUBSTRING
            elif t == "binary_expression":
                op = p.child_by_field_name("operator")
                if op is not None:
                    opt = self._text(op)
                    if op.type == "test_operator" and opt in ARITH_TEST_OPS:
                        test_arith = True
                    elif opt in PATTERN_OPS:
                        right = p.child_by_field_name("right")
                        if right is not None and right.start_byte <= child.start_byte:
                            pattern = True
            elif t == "unary_expression":
                op = p.child(0)
                if op is not None and self._text(op) == "-v":
                    name_ctx = "-v variable name"
            elif t == "test_command":
                first = p.child(0)
                kw = first.type if first is not None else "["
                ref.test = kw
                context = "test"
                if kw == "[[":
                    if test_arith:
                        arith = arith or ARITH_TEST
                else:
                    pattern = False
                cmd_node = p
                break
            elif t == "variable_assignment":
                val = p.child_by_field_name("value")
                if val is not None and val.start_byte <= child.start_byte:
                    nm = p.child_by_field_name("name")
                    if nm is not None:
                        assign_name = self._text(nm).split("[", 1)[0]
                    assign_node = p
                    unit = val
                    context = "assignment"
            elif t == "array":
                context = "array"
                unit = e
            elif t == "file_redirect":
                dests = [c for i, c in enumerate(p.children) if p.field_name_for_child(i) == "destination"]
                if dests and dests[0].start_byte <= child.start_byte < dests[0].end_byte:
                    redirect_node = p
                    context = "redirect"
                    unit = dests[0]
                else:
                    word_node = child  # a word after the target: an argument of the command
            elif t == "herestring_redirect":
                ref.herestring = True
                context = "herestring"
                redirect_node = p
                unit = child
            elif t in ("command", "declaration_command", "unset_command"):
                cmd_node = p
                parent_of_cmd = path[j - 1] if j > 0 else None
                if (
                    word_node is None
                    and child.type
                    not in ("variable_assignment", "file_redirect", "heredoc_redirect", "herestring_redirect")
                    and assign_node is None
                ):
                    word_node = child
                elif t == "declaration_command" and assign_node is not None and word_node is None:
                    word_node = assign_node
                break
            elif t == "redirected_statement":
                body = p.child_by_field_name("body")
                # tree-sitter hangs `a && b > f` / `a | b > f` on the whole list; bash gives
                # the redirection to the last command (bash(1) REDIRECTION, measured 5.2)
                while body is not None and body.type in ("list", "pipeline") and body.named_child_count:
                    body = body.named_children[-1]
                if body is not None and body.type in ("command", "declaration_command", "unset_command"):
                    cmd_node = body
                    parent_of_cmd = p
                break
            elif t == "for_statement":
                if child.type not in ("do_group", "compound_statement") and child.type != "variable_name":
                    context = "for-list"
                break
            elif t == "case_statement":
                context = "case"
                break
            elif t == "case_item":
                val = p.child_by_field_name("value")
                if (
                    val is not None
                    and child.start_byte <= val.start_byte < child.end_byte
                    or (val is not None and child.start_byte == val.start_byte)
                ):
                    context = "case"
                    pattern = quoting == UNQUOTED
                break
            elif t in (
                "program",
                "ERROR",
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
            ):
                if t == "ERROR":
                    ref.in_error = True
                break
            child = p
            j -= 1
            p = path[j] if j >= 0 else None
        if not ref.in_error and self.has_error:
            ref.in_error = any(x.type == "ERROR" for x in path[:ei])
        # inside a substitution nested in the step?
        while j >= 0:
            tj = path[j].type
            if tj in ("command_substitution", "process_substitution"):
                if path[j].start_byte != wrapper_b:
                    nested = True
                    ref.outer_split = self._substitution_splits(path, j, wrapper_b)
                break
            j -= 1
        ref.quoting = quoting
        ref.nested = nested
        ref.pattern = pattern
        ref.assignment = assign_name
        if array_name is not None and arith == ARITH_SUBSCRIPT and array_name in self._assoc_arrays:
            arith = None
        cmd = self._command(cmd_node, parent_of_cmd) if cmd_node is not None else None
        if cmd is not None and cmd.kind == "declaration" and assign_node is not None:
            opts = "".join(v[1:] for v, _p in cmd._statics[1:] if v is not None and v.startswith("-"))
            if "i" in opts:
                arith = arith or ARITH_DECLARE
            if "n" in opts:
                name_ctx = name_ctx or f"{cmd._statics[0][0]} -n reference target"
        if arith is None and assign_name is not None and assign_name in self._int_vars:
            arith = ARITH_INTVAR
        if heredoc_node is not None:
            ref.heredoc = self._heredoc(heredoc_node)
        if redirect_node is not None and cmd is not None:
            ref.redirect = self._redirect(redirect_node)[0]
        ref.command = cmd
        if cmd is not None and word_node is not None:
            ref.word_index = cmd._word_index_at_byte(word_node.start_byte)
            if ref.word_index is not None and context == "other":
                context = "argv"
            if ref.word_index is not None:
                unit = word_node if word_node.type != "variable_assignment" else unit
        if arith:
            ref.arithmetic = arith
            if context in ("other", "argv", "test"):
                context = "arithmetic" if context != "test" else context
        ref.context = context
        ref.whole_word = self._only_ref(unit, e)
        if quoting in EXPANDING:
            ref.sinks = self._sinks(ref, cmd, name_ctx)

    @cached_property
    def _has_heredoc(self) -> bool:
        """The script may hold a heredoc: a ``<<`` (the parse copy has the same ones;
        tree-sitter-bash makes a ``heredoc_body`` only after a ``<<`` token)."""
        return "<<" in self.script

    @cached_property
    def _wrapper_bytes(self) -> list:
        """Byte offset of each step's wrapper substitution ``$(`` (``CMD_i_OUTPUT=$(``)."""
        return [self._off.b(s0 - 2 - self._wrapper_shift) for s0, _s1 in self.step_spans]

    def _substitution_splits(self, path: list, j: int, wrapper_b) -> bool:
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

    def _only_ref(self, unit, e) -> bool:
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
            return self._only_ref(unit.children[0], e)
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
                    if not self._only_ref(c, e):
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

    def _arith_at(self, path: list) -> str | None:
        """Arithmetic context of the deepest node of ``path`` (a bare word/name)."""
        k = len(path) - 1
        leaf = path[k]
        if leaf.type in ("raw_string", "string_content", "string"):
            # `let 'total = n + 1'` / `let "x = n"`: the quoted argument of let
            for j in range(k - 1, max(k - 3, -1), -1):
                if path[j].type == "command":
                    nm = path[j].child_by_field_name("name")
                    return "let expression" if nm is not None and self._text(nm) == "let" else None
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
                if nm is not None and self._text(nm) == "let":
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
                    if nm is not None and self._text(nm) in self._assoc_arrays:
                        return None
                    return ARITH_SUBSCRIPT
                # the array's name: `$(( nums[0] + 1 ))` evaluates the element's value
                child = p
                continue
            if t == "expansion":
                return ARITH_SUBSTRING if _operator_before(p, child) == ":" else None
            if t == "binary_expression":
                op = p.child_by_field_name("operator")
                if op is not None and op.type == "test_operator" and self._text(op) in ARITH_TEST_OPS:
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
                    if nm is not None and self._text(nm) == "let" and child is not nm:
                        return "let expression"
                return None
            child = p
        return None

    @cached_property
    def _assoc_arrays(self) -> frozenset:
        sc = self.script
        if not ("declare" in sc or "typeset" in sc or "local" in sc) or not _ASSOC_RE.search(sc):
            return frozenset()
        return self._declared_names("A")

    @cached_property
    def _int_vars(self) -> frozenset:
        sc = self.script
        if not any(k in sc for k in _DECL_WORDS) or not _INTDECL_RE.search(sc):
            return frozenset()
        return self._declared_names("i")

    def _declared_names(self, flag: str) -> frozenset:
        names = set()
        for node in (n for n in self._nodes.get("c", ()) if n.type == "declaration_command"):
            opts = ""
            for c in node.children:
                if c.type == "word":
                    tx = self._text(c)
                    if tx.startswith("-"):
                        opts += tx[1:]
            if flag not in opts:
                continue
            for c in node.children:
                if c.type == "variable_assignment":
                    nm = c.child_by_field_name("name")
                    if nm is not None:
                        names.add(self._text(nm).split("[", 1)[0])
                elif c.type in ("variable_name",):
                    names.add(self._text(c))
                elif c.type == "word":
                    tx = self._text(c)
                    if not tx.startswith("-"):
                        names.add(tx)
        return frozenset(names)


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
