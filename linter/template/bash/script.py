"""The rendered script, parsed once: :class:`Script`, the public face every pass reads.

A :class:`Script` holds what the runtime rendered (the text, the steps' spans, the
placeholder spans, the environment), the tree-sitter parse of it, and the questions
every pass asks of them: a node's text, the path of nodes at an offset, the step of an
offset, script <-> template offsets, the nodes of a kind, the shell functions.  It
computes nothing about commands or references: the passes do (:mod:`.commands`,
:mod:`.references`, :mod:`.valueflow`, :mod:`.breakage`), each taking the Script as
a plain argument, as ruff's rules take ``checker.semantic()`` and shellcheck's passes
take one explicit ``Parameters`` record.

Offsets: methods taking or returning plain offsets use code points of :attr:`text`;
the ``*_byte`` ones take tree-sitter byte offsets (they never leave the package).
The caches kept here (paths, step indexes) are memos of pure functions of the text:
no pass writes into a Script.
"""

from __future__ import annotations

import bisect
import re
from functools import cache
from typing import TYPE_CHECKING

from ...core.cached import cached_property
from ...core.lazyre import compile_pattern, lazy_compile
from .tree import INDEX_QUERY, Offsets, captures, get_parser, ts_safe

if TYPE_CHECKING:
    from tree_sitter import Node, Tree

__all__ = ["Script"]

# shell function definitions: `name ()` or `function name` (two searches with a literal
# prefix; one alternation without one is tried at every position)
_FUNC_PARENS_RE = compile_pattern(r"\(\s*\)")
_FUNC_KW_RE = lazy_compile(r"\bfunction\s")
_ASSOC_RE = lazy_compile(r"\b(?:declare|typeset|local)\s+(?:-[A-Za-z]*\s+)*-[A-Za-z]*A")
_DECL_WORDS = ("declare", "typeset", "local", "export", "readonly")  # literal prefilter
_INTDECL_RE = lazy_compile(
    r"\b(?:declare|typeset|local|export|readonly)\s+(?:-[A-Za-z]*\s+)*"
    r"-[A-Za-z]*i"
)


@cache  # compiled on first use, as the engine's other patterns (bytes: lazy_compile takes str)
def _lone_dash_re() -> re.Pattern[bytes]:
    # the '-' first, its look-behind after it: a literal start the regex engine searches
    # for (a leading look-behind is tried at every offset); the same matches
    return compile_pattern(rb"-(?<=[ \t]-)(?=[ \t]+[0-9]+[<>])")


def _lone_dash(data: bytes) -> bytes:
    """``data`` with a lone ``-`` word before a numbered redirect (``diff a - 2>&1``, the
    stdin operand every last word of a step gets when the runtime appends ``2>&1``)
    spelled ``_`` for the parse: tree-sitter-bash 0.25.1 drops such a ``-`` from the tree
    (no node covers it; measured), and the command would lose its operand.  Same length:
    node text is read from the script, so the word still reads ``-``."""
    return _lone_dash_re().sub(b"_", data)


@cache
def _base_prefix_re() -> re.Pattern[bytes]:
    return compile_pattern(rb"(?<![\w$#])([0-9]+)#(?=[\"$])")


def _base_prefix(data: bytes) -> bytes:
    """``data`` with every arithmetic base prefix ``BASE#`` written before an expansion
    (``$((10#"$N" + 1))``, ``(( 10#$N >= 1 ))``: bash reads the expansion's digits in base
    BASE, the usual way to keep ``08`` decimal; bash 5 manual, ARITHMETIC EVALUATION)
    spelled ``BASE+`` for the parse: tree-sitter-bash 0.25.1 turns ``10#`` followed by a
    quote or ``$`` into an ERROR node (``10#${N}`` and ``16#ff`` parse; measured).  Same
    length, same operand: the expansion stays an arithmetic operand in the tree, and node
    text is read from the script.  Outside arithmetic (a word, a comment, a quoted string)
    ``#`` after digits is a literal character and ``+`` parses as the same kind of word."""
    return _base_prefix_re().sub(rb"\1+", data)


class Script:
    """One rendered template script and its parse (see the module docstring)."""

    def __init__(self, rendered, step_commands: list | None = None) -> None:
        self.rendered = rendered
        #: the rendered script (code points)
        self.text: str = rendered.script
        self.env: dict = dict(rendered.env)
        #: (start, end) of each step's command inside :attr:`text`
        self.step_spans: list = list(rendered.step_spans)
        self.error: str | None = getattr(rendered, "error", None)
        #: each step's command as the template wrote it (template offsets index it)
        self.step_commands: list = list(step_commands) if step_commands is not None else []
        #: the runtime's placeholder spans (``executor.render.Span``), in script order
        self.spans: list = list(rendered.spans)
        self.spans_by_step: dict = {}
        for sp in self.spans:
            self.spans_by_step.setdefault(sp.step, []).append(sp)
        self.span_starts: list = [sp.script_start for sp in self.spans]
        self.step_starts: list = [s for s, _ in self.step_spans]
        self._step_idx: dict = {}
        self._paths: dict = {}  # byte offset -> path_at_byte(b)
        data = ts_safe(self.text).encode("utf-8")
        #: the UTF-8 bytes tree-sitter parsed (same offsets as the parse copy)
        self.data: bytes = data
        self.offsets = Offsets(self.text, data)
        #: the script is ASCII: byte offsets are code-point offsets
        self.ascii: bool = self.offsets.ascii
        #: 1 where the step wrappers were rewritten for the parse (see :meth:`_parse_copy`)
        self.wrapper_shift: int = 0
        self.tree: Tree = get_parser().parse(self._parse_copy(data))
        self.root: Node = self.tree.root_node
        self.has_error: bool = self.root.has_error

    def _parse_copy(self, data: bytes) -> bytes:
        """The bytes tree-sitter parses: the script with every step wrapper
        ``CMD_i_OUTPUT=$(`` rewritten as ``CMD_i_OUTPU=$( `` (same length).

        A step starting with ``(`` renders as ``$((...``; bash tries arithmetic,
        fails and re-reads it as a command substitution, tree-sitter does not
        (measured: see docs/design/bash-engine.md).  A blank after ``$(`` means
        the same to bash and keeps every offset of the step text unchanged.
        """
        # (a `_OUTPUT=$(` inside a step changes the same way: same length, same structure)
        if b"- " in data:
            data = _lone_dash(data)
        if b'#"' in data or b"#$" in data:  # (what the pattern needs after its digits)
            data = _base_prefix(data)
        if b"\nCMD_0_OUTPUT=$(" not in data:
            self.wrapper_shift = 0
            return data
        self.wrapper_shift = 1
        return data.replace(b"_OUTPUT=$(", b"_OUTPU=$( ")

    # ---- text and offsets ---------------------------------------------------
    def node_text(self, node) -> str:
        """The script text of a tree-sitter node."""
        if self.ascii:  # byte offsets are code-point offsets, and the parsed text is the script
            return self.text[node.start_byte : node.end_byte]
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "surrogatepass")

    def char(self, b: int) -> int:
        """Code-point offset of byte offset ``b``."""
        return b if self.ascii else self.offsets.c(b)

    def byte(self, c: int) -> int:
        """Byte offset of code-point offset ``c``."""
        return c if self.ascii else self.offsets.c2b[c]

    def span(self, step: int) -> tuple:
        """(start, end) of step ``step``'s command in the script."""
        return self.step_spans[step]

    def path_at_byte(self, b: int) -> list:
        """Nodes from the root down to the deepest node containing byte ``b``.

        One cursor descent: tree-sitter 0.25 nodes have no parent pointer
        (``node.parent`` walks down from the root every time), so every upward
        walk of the passes reads this list instead.  Callers only read it."""
        path = self._paths.get(b)
        if path is not None:
            return path
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

    def path_at(self, offset: int) -> list:
        """:meth:`path_at_byte` of script (code-point) ``offset``."""
        return self.path_at_byte(self.byte(offset))

    # ---- steps and template offsets ------------------------------------------
    def step_of(self, offset: int) -> int | None:
        """The step whose substituted command contains script ``offset``."""
        i = bisect.bisect_right(self.step_starts, offset) - 1
        if i >= 0 and self.step_spans[i][0] <= offset <= self.step_spans[i][1]:
            return i
        return None

    def _step_index(self, step: int) -> tuple:
        """(span script starts, cumulative template-minus-script delta after each span)."""
        idx = self._step_idx.get(step)
        if idx is None:
            spans = self.spans_by_step.get(step, ())
            starts = [sp.script_start for sp in spans]
            deltas = []
            acc = 0
            for sp in spans:
                acc += (sp.template_end - sp.template_start) - (sp.script_end - sp.script_start)
                deltas.append(acc)
            idx = self._step_idx[step] = (starts, deltas)
        return idx

    def to_template(self, step: int, offset: int) -> int:
        """Template offset (in the step's command) of script ``offset``."""
        base = self.step_spans[step][0]
        starts, deltas = self._step_index(step)
        k = bisect.bisect_right(starts, offset) - 1  # last span starting at or before offset
        delta = 0
        if k >= 0:
            sp = self.spans_by_step[step][k]
            if offset < sp.script_end:
                return sp.template_start
            delta = deltas[k]
        t = offset - base + delta
        if self.step_commands and step < len(self.step_commands):
            t = min(max(t, 0), len(self.step_commands[step]))
        return max(t, 0)

    def to_template_span(self, step: int, start: int, end: int) -> tuple:
        """Template (start, end) of script ``[start, end)`` in step ``step``."""
        s = self.to_template(step, start)
        e = self.to_template(step, end)
        # an end inside a reference maps to the placeholder's end
        starts, _d = self._step_index(step)
        k = bisect.bisect_left(starts, end) - 1  # last span starting before end
        if k >= 0:
            sp = self.spans_by_step[step][k]
            if sp.script_start < end <= sp.script_end:
                e = sp.template_end
        return s, max(e, s)

    def placeholder_ids(self, start: int, end: int) -> tuple:
        """Indexes (into :attr:`spans`, the placeholders' order) of the placeholders
        whose emitted text lies inside script ``[start, end)``."""
        starts = self.span_starts
        lo = bisect.bisect_left(starts, start)
        if lo == len(starts) or starts[lo] >= end:
            return ()  # no placeholder starts inside (most commands and words): no scan
        out = []
        for k in range(lo, len(self.spans)):
            sp = self.spans[k]
            if sp.script_start >= end:
                break
            if sp.script_end <= end:
                out.append(k)
        return tuple(out)

    # ---- nodes and cheap prefilters (each computed once, on first use) --------
    @cached_property
    def nodes(self) -> dict:
        """capture name -> nodes in script order, for every kind looked up by kind:
        ``c`` simple/declaration/unset/test commands, ``h`` heredoc redirects, ``f``
        function definitions, ``r`` redirected statements, ``w`` command-name words,
        ``e`` ERROR/MISSING nodes, ``l`` for loops, ``a`` arrays, ``k`` case statements."""
        return captures(INDEX_QUERY, self.root)

    @cached_property
    def functions(self) -> dict:
        """name -> [(body start, body end)] of the shell functions defined in the steps."""
        sc = self.text
        if _FUNC_PARENS_RE.search(sc) is None and ("function" not in sc or _FUNC_KW_RE.search(sc) is None):
            return {}
        out: dict = {}
        for n in self.nodes.get("f", ()):
            nm = n.child_by_field_name("name")
            body = n.child_by_field_name("body")
            if nm is None or body is None or self.step_of(self.char(n.start_byte)) is None:
                continue
            out.setdefault(self.node_text(nm), []).append((self.char(body.start_byte), self.char(body.end_byte)))
        return out

    @cached_property
    def has_read(self) -> bool:
        """The script runs ``read``/``mapfile``/``readarray`` somewhere (value-flow prefilter)."""
        return "read" in self.text or "mapfile" in self.text

    @cached_property
    def has_heredoc(self) -> bool:
        """The script may hold a heredoc: a ``<<`` (the parse copy has the same ones;
        tree-sitter-bash makes a ``heredoc_body`` only after a ``<<`` token)."""
        return "<<" in self.text

    @cached_property
    def pipe_steps(self) -> frozenset:
        """Steps that may hold a pipeline: a ``|`` in the step's text, or every step when
        the script has parse errors (tree-sitter may then invent tokens)."""
        sc = self.text
        return frozenset(i for i, (s0, s1) in enumerate(self.step_spans) if self.has_error or sc.find("|", s0, s1) >= 0)

    @cached_property
    def may_have_procsub(self) -> bool:
        """The script may hold a process substitution: a ``<(`` or ``>(`` (the parse copy
        has the same brackets), or parse errors (tree-sitter may then invent tokens)."""
        return self.has_error or "<(" in self.text or ">(" in self.text

    @cached_property
    def wrapper_bytes(self) -> list:
        """Byte offset of each step's wrapper substitution ``$(`` (``CMD_i_OUTPUT=$(``)."""
        return [self.byte(s0 - 2 - self.wrapper_shift) for s0, _s1 in self.step_spans]

    @cached_property
    def assoc_arrays(self) -> frozenset:
        """Names declared associative arrays (``declare -A``) anywhere in the script."""
        sc = self.text
        if not ("declare" in sc or "typeset" in sc or "local" in sc) or not _ASSOC_RE.search(sc):
            return frozenset()
        return self.declared_names("A")

    @cached_property
    def int_vars(self) -> frozenset:
        """Names declared integer variables (``declare -i``) anywhere in the script."""
        sc = self.text
        if not any(k in sc for k in _DECL_WORDS) or not _INTDECL_RE.search(sc):
            return frozenset()
        return self.declared_names("i")

    def declared_names(self, flag: str) -> frozenset:
        """Names a declaration builtin with option letter ``flag`` declares."""
        names = set()
        for node in (n for n in self.nodes.get("c", ()) if n.type == "declaration_command"):
            opts = ""
            for c in node.children:
                if c.type == "word":
                    tx = self.node_text(c)
                    if tx.startswith("-"):
                        opts += tx[1:]
            if flag not in opts:
                continue
            for c in node.children:
                if c.type == "variable_assignment":
                    nm = c.child_by_field_name("name")
                    if nm is not None:
                        names.add(self.node_text(nm).split("[", 1)[0])
                elif c.type in ("variable_name",):
                    names.add(self.node_text(c))
                elif c.type == "word":
                    tx = self.node_text(c)
                    if not tx.startswith("-"):
                        names.add(tx)
        return frozenset(names)
