"""A hand-written PowerShell tokenizer / shallow parser (no dependency).

It turns PowerShell source into a tree of :class:`PsNode` with exact
code-point spans.  It is written for one purpose: to say, for any offset of a
script, *what PowerShell does with the characters there* -- are they inside an
expanding string, a verbatim string, a comment, a stop-parsing region, an
argument of which command (and at which index), the command name itself, or
part of an expression?

Tree shape::

    script | block | paren | subexpr | arraysub | hash | index   (containers)
      statement                     (split on newline, ';', '&&', '||')
        command | expression       (pipeline elements, split on '|')
          bare | sq | dq | here_sq | here_dq | variable | splat | parameter
          number | operator | type | member | redirect | keyword | invoke
          stop_parsing | comment | <nested containers>
    dq / here_dq / bare  -> children: variable | subexpr | sq | dq  (expansions / parts)

A ``command`` node carries ``attrs['name']`` (the name element, or None),
``attrs['invoke']`` ('&', '.' or None) and ``attrs['args']`` (a list of
:class:`PsArg`: the elements of each argument; elements written next to each
other or joined by ',' form one argument).

Design points (measured/argued in docs/design/powershell.md):

* explicit frame stack, no recursion: arbitrarily deep ``$( $( ... ) )``
  nesting never hits Python's recursion limit;
* the five single-quote characters ``' ‘ ’ ‚ ‛`` and the four double-quote
  characters ``" “ ” „`` are quotes, as in PowerShell's own tokenizer; doubling
  (any two quote characters of the same class) is an escaped quote;
* the backtick escapes the next character in code and in expanding strings,
  and a backtick before a newline is a line continuation;
* ``#`` starts a comment only where a token can start (``a#b`` is one word);
* ``--%`` in argument mode makes the rest of the line (up to ``|`` or the
  newline) one verbatim ``stop_parsing`` element;
* never raises: every input, including NUL, lone surrogates and unterminated
  constructs, yields a tree whose spans lie within ``[0, len(text)]``.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from ..core.lazyre import compile_pattern

__all__ = [
    "SQ_CHARS",
    "DQ_CHARS",
    "DASH_CHARS",
    "PsNode",
    "PsArg",
    "PsScript",
    "tokenize",
    "CONTAINERS",
    "STRING_KINDS",
    "VERBATIM_KINDS",
    "EXPANDING_KINDS",
]

SQ_CHARS = "'\u2018\u2019\u201a\u201b"
DQ_CHARS = '"\u201c\u201d\u201e'
DASH_CHARS = "-\u2013\u2014\u2015"
_WS = frozenset(
    " \t\f\v\u00a0\u0085\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
_NL = frozenset("\r\n")
_SQ = frozenset(SQ_CHARS)
_DQ = frozenset(DQ_CHARS)
_DASH = frozenset(DASH_CHARS)
# characters that end a generic (bare) token in argument mode
_BARE_END = frozenset(";|&(){},<>") | _WS | _NL

CONTAINERS = frozenset({"script", "block", "paren", "subexpr", "arraysub", "hash", "index"})
STRING_KINDS = frozenset({"sq", "dq", "here_sq", "here_dq"})
VERBATIM_KINDS = frozenset({"sq", "here_sq"})
EXPANDING_KINDS = frozenset({"dq", "here_dq"})

KEYWORDS_EXPR = frozenset(
    {
        "if",
        "elseif",
        "else",
        "switch",
        "foreach",
        "for",
        "while",
        "do",
        "until",
        "try",
        "catch",
        "finally",
        "function",
        "filter",
        "workflow",
        "configuration",
        "param",
        "begin",
        "process",
        "end",
        "dynamicparam",
        "class",
        "enum",
        "using",
        "data",
        "trap",
        "parallel",
        "sequence",
        "inlinescript",
        "clean",
    }
)
KEYWORDS_PIPELINE = frozenset({"return", "throw", "exit", "break", "continue"})

_NAME_RE = compile_pattern(r"[\w?]+")
_NUM_RE = compile_pattern(r"[0-9.][0-9A-Za-z._]*")
_MEMBER_RE = compile_pattern(r"\w+")
_SQ_RE = compile_pattern("[" + SQ_CHARS + "]")
_DQ_PLAIN_RE = compile_pattern("[^`$" + DQ_CHARS + "]+")
_BARE_PLAIN_RE = compile_pattern("[^`$;|&(){},<>\r\n" + SQ_CHARS + DQ_CHARS + "".join(sorted(_WS)) + "]+")
_HERE_SQ_END_RE = compile_pattern("[\r\n][" + SQ_CHARS + "]@")
_BLOCK_COMMENT_END_RE = compile_pattern("#>")
_REDIRECT_RE = compile_pattern(r"([1-6*]?)(>>?)(&[12])?|([1-6*]?)<")
_WORD_RE = compile_pattern(r"[A-Za-z]+")
_OPERATOR_WORD_RE = compile_pattern(r"[" + DASH_CHARS + r"][A-Za-z]+")


class PsNode:
    """One construct of the script.  ``end`` is exclusive."""

    __slots__ = ("kind", "start", "end", "parent", "children", "attrs")

    def __init__(self, kind: str, start: int, parent: PsNode | None = None, end: int | None = None, **attrs):
        self.kind = kind
        self.start = start
        # None while the construct is open; the lexer closes every node (end = n at the
        # latest) before it returns, so readers see an int
        self.end: int = end  # type: ignore[assignment]
        self.parent = parent
        self.children: list[PsNode] = []
        self.attrs = attrs

    def __repr__(self) -> str:  # never recursive
        return f"PsNode({self.kind!r}, {self.start}, {self.end})"

    def text(self, src: str) -> str:
        return src[self.start : self.end]

    def ancestors(self) -> Iterator[PsNode]:
        """Parents, innermost first (iterative)."""
        p = self.parent
        while p is not None:
            yield p
            p = p.parent

    def walk(self) -> Iterator[PsNode]:
        """This node and all descendants, pre-order (iterative)."""
        stack = [self]
        while stack:
            n = stack.pop()
            yield n
            stack.extend(reversed(n.children))


class PsArg:
    """One argument of a command: consecutive elements with no whitespace between
    them (or joined by ``,``)."""

    __slots__ = ("nodes", "index")

    def __init__(self, nodes: list, index: int):
        self.nodes = nodes
        self.index = index

    @property
    def start(self) -> int:
        return self.nodes[0].start

    @property
    def end(self) -> int:
        e = self.nodes[-1].end
        return e if e is not None else self.nodes[-1].start

    def text(self, src: str) -> str:
        return src[self.start : self.end]

    def __repr__(self) -> str:
        return f"PsArg({self.index}, {self.start}, {self.end})"


# ----------------------------------------------------------------------------
# frames
# ----------------------------------------------------------------------------


class _Code:
    """Statements inside a container (the script, ``( )``, ``$( )``, ``{ }``...)."""

    __slots__ = ("container", "closer", "stmt", "elem", "mode", "join_next", "redirect", "after_pipe", "first")

    def __init__(self, container: PsNode, closer: str | None):
        self.container = container
        self.closer = closer
        self.stmt: PsNode | None = None
        self.elem: PsNode | None = None
        self.mode = "start"  # start | name (after & or .) | args | expr
        self.join_next = False
        self.redirect: PsNode | None = None  # waiting for its target
        self.after_pipe = False
        self.first = True  # next element is the statement's first


class _Dq:
    __slots__ = ("node", "here")

    def __init__(self, node: PsNode, here: bool):
        self.node = node
        self.here = here


class _Bare:
    __slots__ = ("node",)

    def __init__(self, node: PsNode):
        self.node = node


# ----------------------------------------------------------------------------
# the script
# ----------------------------------------------------------------------------


class PsScript:
    """The tokenized script: a tree plus indexes."""

    def __init__(self, text: str, root: PsNode, nodes: list[PsNode]):
        self.text = text
        self.root = root
        self.nodes = nodes
        self._starts: dict[int, list[int]] = {}

    def close(self) -> None:
        """Drop the tree's back-references (every node's ``parent``, an
        argument node's ``attrs['arg']``, a redirect target's
        ``attrs['redirect']``), its only reference cycles: it is then freed by
        reference counting, not by the garbage collector.  Called once the
        template's rules have run
        (:meth:`utcp_lint.ruleset.context.CliTemplate.release_analyses`)."""
        for n in self.nodes:
            n.parent = None
            a = n.attrs
            if a:
                a.pop("arg", None)
                a.pop("redirect", None)

    @property
    def commands(self) -> list[PsNode]:
        return [n for n in self.nodes if n.kind == "command"]

    @property
    def statements(self) -> list[PsNode]:
        return [n for n in self.nodes if n.kind == "statement"]

    @property
    def variables(self) -> list[PsNode]:
        return [n for n in self.nodes if n.kind == "variable"]

    def node_at(self, offset: int) -> PsNode:
        """The deepest node whose span contains ``offset`` (start <= offset < end)."""
        node = self.root
        cache = self._starts
        while True:
            kids = node.children
            if not kids:
                return node
            starts = cache.get(id(node))
            if starts is None or len(starts) != len(kids):
                starts = cache[id(node)] = [k.start for k in kids]
            j = bisect.bisect_right(starts, offset) - 1
            found = None
            # children are in source order and do not overlap; the candidate is kids[j]
            while j >= 0:
                k = kids[j]
                if k.start <= offset < k.end or (k.start == offset == k.end):
                    found = k
                    break
                if k.end <= offset:
                    break
                j -= 1
            if found is None or found is node:
                return node
            node = found

    def enclosing(self, node: PsNode, kinds) -> PsNode | None:
        for a in node.ancestors():
            if a.kind in kinds:
                return a
        return None


# ----------------------------------------------------------------------------
# the lexer
# ----------------------------------------------------------------------------


_NAME1_RE = compile_pattern(r"\w")
_DIGITS = frozenset("0123456789")


def _is_name_char(c: str) -> bool:
    return bool(c) and _NAME1_RE.match(c) is not None


class _Lexer:
    def __init__(self, text: str):
        self.t = text
        self.n = len(text)
        self.nodes: list[PsNode] = []
        self.root = self._new("script", 0)
        self.stack: list = [_Code(self.root, None)]

    # ---- helpers ----------------------------------------------------------
    def _new(self, kind: str, start: int, end: int | None = None, **attrs) -> PsNode:
        nd = PsNode(kind, start, None, end, **attrs)
        self.nodes.append(nd)
        return nd

    @staticmethod
    def _attach(parent: PsNode, child: PsNode) -> None:
        child.parent = parent
        parent.children.append(child)

    def _peek(self, i: int) -> str:
        return self.t[i] if 0 <= i < self.n else ""

    def _newline_len(self, i: int) -> int:
        """Length of the newline at i (0 if none)."""
        c = self._peek(i)
        if c == "\r":
            return 2 if self._peek(i + 1) == "\n" else 1
        return 1 if c == "\n" else 0

    # ---- statements and elements -------------------------------------------
    def _ensure_stmt(self, f: _Code, pos: int) -> PsNode:
        if f.stmt is None:
            f.stmt = self._new("statement", pos)
            self._attach(f.container, f.stmt)
            f.first = True
        return f.stmt

    def _close_elem(self, f: _Code) -> None:
        el = f.elem
        if el is not None:
            el.end = max([el.start] + [c.end for c in el.children[-1:] if c.end is not None])
        f.elem = None
        f.redirect = None
        f.join_next = False

    def _close_stmt(self, f: _Code) -> None:
        self._close_elem(f)
        st = f.stmt
        if st is not None:
            st.end = max([st.start] + [c.end for c in st.children[-1:] if c.end is not None])
        f.stmt = None
        f.mode = "start"
        f.after_pipe = False
        f.first = True

    def _attach_aux(self, f: _Code, node: PsNode) -> None:
        """Comments and other non-elements: to the innermost open structure."""
        parent = f.elem or f.stmt or f.container
        self._attach(parent, node)

    def _place(self, f: _Code, node: PsNode | None) -> None:
        """A new element starts in code frame ``f``."""
        if node is not None and f.redirect is not None and f.elem is not None:
            # a redirection target: a sibling of the redirect, not an argument
            self._attach(f.elem, node)
            f.redirect.attrs["target"] = node
            node.attrs["redirect"] = f.redirect
            f.redirect = None
            return
        f.redirect = None
        if node is None:
            return
        pos = node.start
        if f.mode == "name" and f.elem is not None:
            # the command after '&' / '.'
            self._attach(f.elem, node)
            f.elem.attrs["name"] = node
            f.mode = "args"
            return
        if f.mode in ("start", "name"):
            stmt = self._ensure_stmt(f, pos)
            if node.kind == "keyword":
                el = self._new("expression", pos, keyword=node.attrs.get("word"))
                f.mode = "start" if node.attrs.get("word") in KEYWORDS_PIPELINE else "expr"
            elif node.kind == "bare" and not (f.container.kind == "hash" and f.first):
                el = self._new("command", pos, invoke=None, name=node, args=[], redirects=[])
                f.mode = "args"
            else:
                el = self._new("expression", pos)
                f.mode = "expr"
            self._attach(stmt, el)
            f.elem = el
            f.first = False
            f.after_pipe = False
            self._attach(el, node)
            return
        cur = f.elem
        if cur is None:  # defensive: behave like a statement start
            f.mode = "start"
            self._place(f, node)
            return
        self._attach(cur, node)
        if f.mode == "args" and cur.kind == "command":
            args = cur.attrs["args"]
            join = False
            if args:
                last = args[-1]
                if f.join_next:
                    join = True
                elif last.nodes[-1].end == node.start and last.nodes[0].kind not in ("sq", "dq"):
                    join = True
            if join:
                args[-1].nodes.append(node)
            else:
                args.append(PsArg([node], len(args)))
            node.attrs["arg"] = args[-1]  # O(1) lookup of a node's argument
            f.join_next = False

    # ---- main loop ---------------------------------------------------------
    def run(self) -> PsScript:
        i = 0
        t = self.t
        n = self.n
        guard = 0
        while i < n:
            guard += 1
            if guard > 4 * n + 100:  # progress guard: never loop forever
                break
            f = self.stack[-1]
            if isinstance(f, _Code):
                i = self._code(f, i)
            elif isinstance(f, _Dq):
                i = self._dq(f, i)
            else:
                i = self._bare(f, i)
        # close everything still open at EOF
        while self.stack:
            f = self.stack.pop()
            if isinstance(f, _Code):
                self._close_stmt(f)
                if f.container.end is None:
                    f.container.end = n
                    if f.container is not self.root:
                        f.container.attrs["unterminated"] = True
            else:
                if f.node.end is None:
                    f.node.end = n
                    if f.node.kind != "bare":  # a word may end at EOF
                        f.node.attrs["unterminated"] = True
        self.root.end = n
        for nd in self.nodes:  # bounds are a hard guarantee
            if nd.end is None:
                nd.end = n
            nd.start = min(max(nd.start, 0), n)
            nd.end = min(max(nd.end, nd.start), n)
        _ = t
        return PsScript(self.t, self.root, self.nodes)

    # ---- code ----------------------------------------------------------------
    def _code(self, f: _Code, i: int) -> int:
        t = self.t
        n = self.n
        c = t[i]
        nxt = self._peek(i + 1)
        if c in _WS:
            return i + 1
        if c == "`":
            nl = self._newline_len(i + 1)
            if nl:
                return i + 1 + nl  # line continuation
            if i + 1 >= n:
                return i + 1
            return self._start_bare(f, i)
        if c in _NL:
            if f.mode == "start" and f.after_pipe:
                return i + 1  # pipeline continues on the next line
            self._close_stmt(f)
            return i + 1
        if c == ";":
            self._close_stmt(f)
            return i + 1
        if c == "#":
            j = i
            while j < n and t[j] not in _NL:
                j += 1
            self._attach_aux(f, self._new("comment", i, j))
            return j
        if c == "<" and nxt == "#":
            m = _BLOCK_COMMENT_END_RE.search(t, i + 2)
            j = m.end() if m else n
            self._attach_aux(f, self._new("comment", i, j, block=True, unterminated=m is None))
            return j
        if c == "|":
            if nxt == "|":
                self._close_stmt(f)
                return i + 2
            self._close_elem(f)
            f.mode = "start"
            f.after_pipe = True
            f.first = False
            return i + 1
        if c == "&":
            if nxt == "&":
                self._close_stmt(f)
                return i + 2
            if f.mode == "start":
                return self._start_invoke(f, i, "&")
            self._close_stmt(f)  # background operator
            return i + 1
        if c == "." and f.mode == "start" and (nxt == "" or nxt in _WS or nxt in _SQ or nxt in _DQ or nxt in "${(&"):
            return self._start_invoke(f, i, ".")
        if c == ")" or c == "}" or c == "]":
            if f.closer == c:
                self._close_stmt(f)
                f.container.end = i + 1
                self.stack.pop()
                return i + 1
            if c == "]" and f.mode == "args":
                return self._start_bare(f, i)
            self._attach_aux(f, self._new("operator", i, i + 1, op=c, stray=True))
            return i + 1
        if c == "(":
            return self._open(f, "paren", i, 1, ")")
        if c == "{":
            return self._open(f, "block", i, 1, "}")
        if c == "@":
            if nxt == "(":
                return self._open(f, "arraysub", i, 2, ")")
            if nxt == "{":
                return self._open(f, "hash", i, 2, "}")
            if nxt in _SQ or nxt in _DQ:
                j = i + 2
                while j < n and t[j] in (" ", "\t"):
                    j += 1
                nl = self._newline_len(j)
                if nl:
                    return self._here(f, i, nxt in _SQ, j + nl)
            if nxt and _is_name_char(nxt):
                m = _NAME_RE.match(t, i + 1)
                nd = self._new("splat", i, m.end(), name=m.group(0))  # type: ignore[union-attr]  # the first character matches: a match
                self._place(f, nd)
                return m.end()  # type: ignore[union-attr]  # the first character matches: a match
            return self._start_bare(f, i) if f.mode != "expr" else self._op(f, i, 1)
        if c == "$":
            return self._dollar_in_code(f, i)
        if c in _SQ:
            return self._sq(f, i)
        if c in _DQ:
            nd = self._new("dq", i)
            self._place(f, nd)
            self.stack.append(_Dq(nd, False))
            return i + 1
        if f.mode == "args":
            return self._args_token(f, i)
        return self._expr_token(f, i)

    def _start_invoke(self, f: _Code, i: int, op: str) -> int:
        """'&' / '.' at a pipeline element's start: a command whose name follows."""
        stmt = self._ensure_stmt(f, i)
        el = self._new("command", i, invoke=op, name=None, args=[], redirects=[])
        self._attach(stmt, el)
        self._attach(el, self._new("invoke", i, i + 1, op=op))
        f.elem = el
        f.mode = "name"
        f.first = False
        f.after_pipe = False
        return i + 1

    def _open(self, f: _Code, kind: str, i: int, width: int, closer: str) -> int:
        nd = self._new(kind, i)
        self._place(f, nd)
        self.stack.append(_Code(nd, closer))
        return i + width

    def _here(self, f: _Code, i: int, single: bool, body: int) -> int:
        t = self.t
        n = self.n
        if single:
            # the header's newline counts as a line start (empty body)
            m = _HERE_SQ_END_RE.search(t, body - 1)
            end = m.end() if m else n
            nd = self._new("here_sq", i, end, body=body, body_end=(m.start() if m else n), unterminated=m is None)
            self._place(f, nd)
            return end
        nd = self._new("here_dq", i, body=body)
        self._place(f, nd)
        self.stack.append(_Dq(nd, True))
        return body

    def _sq_end(self, i: int) -> tuple[int, bool]:
        """End (exclusive) of a single-quoted string whose quote is at ``i``."""
        t = self.t
        n = self.n
        j = i + 1
        while True:
            m = _SQ_RE.search(t, j)
            if m is None:
                return n, False
            k = m.start()
            if k + 1 < n and t[k + 1] in _SQ:
                j = k + 2
                continue
            return k + 1, True

    def _sq(self, f: _Code, i: int) -> int:
        end, ok = self._sq_end(i)
        nd = self._new("sq", i, end, unterminated=not ok)
        self._place(f, nd)
        return end

    def _dollar_in_word(self, f, i: int) -> int:
        """``$`` inside a double-quoted string or a bare word: ``$( )`` opens a
        nested code frame, otherwise a variable reference (or a literal ``$``)."""
        if self._peek(i + 1) == "(":
            nd = self._new("subexpr", i)
            self._attach(f.node, nd)
            self.stack.append(_Code(nd, ")"))
            return i + 2
        v = self._variable(i)
        if v is not None:
            self._attach(f.node, v)
            return v.end
        return i + 1

    def _variable(self, i: int) -> PsNode | None:
        """A variable reference starting with ``$`` at i (None if ``$`` is literal)."""
        t = self.t
        n = self.n
        nxt = self._peek(i + 1)
        if nxt == "{":
            j = i + 2
            name = []
            while j < n and t[j] != "}":
                if t[j] == "`" and j + 1 < n:
                    name.append(t[j + 1])
                    j += 2
                    continue
                name.append(t[j])
                j += 1
            ok = j < n
            end = j + 1 if ok else n
            return self._new("variable", i, end, name="".join(name), braced=True, unterminated=not ok)
        if nxt and nxt in "$?^":
            return self._new("variable", i, i + 2, name=nxt, braced=False)
        if nxt and _is_name_char(nxt):
            m = _NAME_RE.match(t, i + 1)
            j = m.end()  # type: ignore[union-attr]  # the first character matches: a match
            # scope / drive qualifier: $env:NAME, $script:x
            if j < n and t[j] == ":" and j + 1 < n and _is_name_char(t[j + 1]):
                m2 = _NAME_RE.match(t, j + 1)
                j = m2.end()  # type: ignore[union-attr]  # the first character matches: a match
            return self._new("variable", i, j, name=t[i + 1 : j], braced=False)
        return None

    def _dollar_in_code(self, f: _Code, i: int) -> int:
        if self._peek(i + 1) == "(":
            return self._open(f, "subexpr", i, 2, ")")
        v = self._variable(i)
        if v is None:
            if f.mode == "expr":
                return self._op(f, i, 1)
            return self._start_bare(f, i)
        self._place(f, v)
        return self._after_value(f, v.end)

    def _after_value(self, f: _Code, j: int) -> int:
        """Member access / indexing directly after a variable; in argument mode
        other adjacent characters continue the same (expandable) argument."""
        t = self.t
        n = self.n
        while j < n:
            c = t[j]
            if c == "." and j + 1 < n and _is_name_char(t[j + 1]):
                self._place(f, self._new("operator", j, j + 1, op="."))
                m = _MEMBER_RE.match(t, j + 1)
                self._place(f, self._new("member", j + 1, m.end(), name=m.group(0)))  # type: ignore[union-attr]  # the first character matches: a match
                j = m.end()  # type: ignore[union-attr]  # the first character matches: a match
                continue
            if c == ":" and j + 2 < n and t[j + 1] == ":" and _is_name_char(t[j + 2]):
                self._place(f, self._new("operator", j, j + 2, op="::"))
                m = _MEMBER_RE.match(t, j + 2)
                self._place(f, self._new("member", j + 2, m.end(), name=m.group(0)))  # type: ignore[union-attr]  # the first character matches: a match
                j = m.end()  # type: ignore[union-attr]  # the first character matches: a match
                continue
            if c == "[":
                self._open(f, "index", j, 1, "]")
                return j + 1
            if c == "(" and f.elem is not None and f.elem.children and f.elem.children[-1].kind == "member":
                self._open(f, "paren", j, 1, ")")
                return j + 1
            break
        if f.mode == "args" and j < n and t[j] not in _BARE_END and t[j] not in "[":
            return self._start_bare(f, j)
        return j

    def _start_bare(self, f: _Code, i: int) -> int:
        """A generic token starts at i; its first character is always consumed
        (so the lexer always makes progress)."""
        nd = self._new("bare", i)
        if f.mode == "start" and f.first and not f.after_pipe:
            # a keyword?  (only a plain word at the statement's start)
            m = _WORD_RE.match(self.t, i)
            if m:
                w = m.group(0).lower()
                e = m.end()
                if (w in KEYWORDS_EXPR or w in KEYWORDS_PIPELINE) and (
                    e >= self.n or self.t[e] in _BARE_END or self.t[e] in "("
                ):
                    self.nodes.pop()
                    kw = self._new("keyword", i, e, word=w)
                    self._place(f, kw)
                    return e
        self._place(f, nd)
        self.stack.append(_Bare(nd))
        if self.t[i] == "`":
            return min(i + 2, self.n)
        if self.t[i] in _SQ or self.t[i] in _DQ or self.t[i] == "$":
            return i  # handled (as a part) by the bare frame itself
        return i + 1

    def _args_token(self, f: _Code, i: int) -> int:
        t = self.t
        n = self.n
        c = t[i]
        if c == ",":
            f.join_next = True
            return i + 1
        m = _REDIRECT_RE.match(t, i)
        if m and (c in "<>" or (m.group(0) and len(m.group(0)) > 1)):
            return self._redirect(f, m)
        if c in _DASH:
            nxt = self._peek(i + 1)
            if nxt in _DASH and self._peek(i + 2) == "%":
                e = i + 3
                if e >= n or t[e] in _WS or t[e] in _NL:
                    j = e
                    while j < n and t[j] not in _NL and t[j] != "|":
                        j += 1
                    self._place(f, self._new("stop_parsing", i, j, body=e))
                    return j
            if nxt and (nxt.isalpha() or nxt in "_?"):
                j = i + 1
                while (
                    j < n
                    and t[j] not in _BARE_END
                    and t[j] != ":"
                    and not (t[j] in _SQ or t[j] in _DQ or t[j] == "$" or t[j] == "`")
                ):
                    j += 1
                colon = j < n and t[j] == ":"
                if colon:
                    j += 1
                nd = self._new("parameter", i, j, name=t[i + 1 : j - (1 if colon else 0)], colon=colon)
                self._place(f, nd)
                if colon:
                    f.join_next = True
                return j
        return self._start_bare(f, i)

    def _redirect(self, f: _Code, m: re.Match) -> int:
        nd = self._new("redirect", m.start(), m.end(), op=m.group(0))
        if f.elem is not None:
            self._attach(f.elem, nd)
            if f.elem.kind == "command":
                f.elem.attrs["redirects"].append(nd)
        else:
            self._place(f, nd)
        if not m.group(3):
            f.redirect = nd
        return m.end()

    def _op(self, f: _Code, i: int, width: int, **attrs) -> int:
        nd = self._new("operator", i, i + width, op=self.t[i : i + width], **attrs)
        self._place(f, nd)
        return i + width

    def _expr_token(self, f: _Code, i: int) -> int:
        t = self.t
        n = self.n
        c = t[i]
        nxt = self._peek(i + 1)
        m = _REDIRECT_RE.match(t, i)
        if m and (c in "<>" or len(m.group(0)) > 1):
            return self._redirect(f, m)
        if c in _DASH:
            mw = _OPERATOR_WORD_RE.match(t, i)
            if mw:
                return self._op(f, i, mw.end() - i)
            if nxt == "=" or nxt in _DASH:
                w = 2
                if nxt == "=":
                    return self._assign(f, i, 2)
                return self._op(f, i, w)
            if nxt in _DIGITS and f.mode == "start":
                mm = _NUM_RE.match(t, i + 1)
                nd = self._new("number", i, mm.end())  # type: ignore[union-attr]  # the first character matches: a match
                self._place(f, nd)
                return mm.end()  # type: ignore[union-attr]  # the first character matches: a match
            return self._op(f, i, 1)
        if c in _DIGITS or (c == "." and nxt in _DIGITS):
            mm = _NUM_RE.match(t, i)
            nd = self._new("number", i, mm.end())  # type: ignore[union-attr]  # the first character matches: a match
            self._place(f, nd)
            return mm.end()  # type: ignore[union-attr]  # the first character matches: a match
        if c == "[" and (f.mode == "start" or f.mode == "expr"):
            depth = 0
            j = i
            while j < n:
                if t[j] == "[":
                    depth += 1
                elif t[j] == "]":
                    depth -= 1
                    if depth == 0:
                        j += 1
                        break
                elif t[j] in _NL:
                    break
                j += 1
            nd = self._new("type", i, j, name=t[i + 1 : j - 1].strip() if j > i + 1 else "")
            self._place(f, nd)
            return j
        if c == ":" and nxt == ":":
            self._op(f, i, 2)
            mm = _MEMBER_RE.match(t, i + 2)
            if mm:
                self._place(f, self._new("member", i + 2, mm.end(), name=mm.group(0)))
                return mm.end()
            return i + 2
        if c == "." and f.mode == "expr":
            if nxt == ".":
                return self._op(f, i, 2)
            self._op(f, i, 1)
            mm = _MEMBER_RE.match(t, i + 1)
            if mm:
                self._place(f, self._new("member", i + 1, mm.end(), name=mm.group(0)))
                return mm.end()
            return i + 1
        if c == "=":
            return self._assign(f, i, 2 if nxt == "=" else 1)
        if c in "+*/%" and nxt == "=":
            return self._assign(f, i, 2)
        if c == "?" and nxt == "?" and self._peek(i + 2) == "=":
            return self._assign(f, i, 3)
        if c == "," and f.mode == "start":
            return self._op(f, i, 1)
        if f.mode == "expr" and c in "+*/%!,?:;":
            return self._op(f, i, 1)
        if f.mode == "start" and c in "!+":
            return self._op(f, i, 1)
        if f.mode == "expr" and (_is_name_char(c)):
            mm = _MEMBER_RE.match(t, i)
            nd = self._new("bare", i, mm.end())  # type: ignore[union-attr]  # the first character matches: a match
            self._place(f, nd)
            return mm.end()  # type: ignore[union-attr]  # the first character matches: a match
        return self._start_bare(f, i)

    def _assign(self, f: _Code, i: int, width: int) -> int:
        op = self.t[i : i + width]
        if op == "==":  # not an operator in PowerShell; treat as '=' then '='
            width = 1
            op = "="
        self._op(f, i, width, assign=True)
        if f.mode == "expr" and f.elem is not None:
            # the right-hand side of an assignment is a pipeline
            self._close_elem(f)
            f.mode = "start"
            f.first = False
            f.after_pipe = True  # a newline after '=' does not end the statement
        return i + width

    # ---- expanding strings ---------------------------------------------------
    def _dq(self, f: _Dq, i: int) -> int:
        t = self.t
        n = self.n
        c = t[i]
        if c == "`":
            return min(i + 2, n)
        if c in _DQ:
            if f.here:
                if self._peek(i + 1) == "@" and i > 0 and t[i - 1] in _NL and i - 1 >= f.node.attrs.get("body", 0) - 1:
                    f.node.end = i + 2
                    body = f.node.attrs.get("body", 0)
                    be = i - 1 if i - 1 >= body else i
                    if be - 1 >= body and t[be - 1 : be + 1] == "\r\n":
                        be -= 1
                    f.node.attrs["body_end"] = be
                    self.stack.pop()
                    return i + 2
                return i + 1
            if self._peek(i + 1) in _DQ and i + 1 < n:
                return i + 2
            f.node.end = i + 1
            self.stack.pop()
            return i + 1
        if c == "$":
            return self._dollar_in_word(f, i)
        m = _DQ_PLAIN_RE.match(t, i)
        return m.end() if m else i + 1

    # ---- generic (bare) tokens ---------------------------------------------
    def _bare(self, f: _Bare, i: int) -> int:
        t = self.t
        n = self.n
        c = t[i]
        if c in _BARE_END:
            f.node.end = i
            self.stack.pop()
            return i
        if c == "`":
            if self._newline_len(i + 1):
                f.node.end = i
                self.stack.pop()
                return i
            return min(i + 2, n)
        if c in _SQ:
            end, ok = self._sq_end(i)
            self._attach(f.node, self._new("sq", i, end, unterminated=not ok))
            return end
        if c in _DQ:
            nd = self._new("dq", i)
            self._attach(f.node, nd)
            self.stack.append(_Dq(nd, False))
            return i + 1
        if c == "$":
            return self._dollar_in_word(f, i)
        m = _BARE_PLAIN_RE.match(t, i)
        return m.end() if m else i + 1


def tokenize(text: str) -> PsScript:
    """Tokenize PowerShell source.  Never raises for any ``str`` input."""
    if not isinstance(text, str):
        text = str(text)
    return _Lexer(text).run()
