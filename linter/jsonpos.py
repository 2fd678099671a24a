"""A small JSON parser that keeps source positions.

Why our own: the linter must point at characters *inside* JSON strings (a
placeholder inside a command), escape-aware, and report every syntax error at
its exact position.  The stdlib parser gives neither.  A hand-written
recursive-descent parser over the decoded text is small, has no dependency and
was measured about 7x faster than ``json-source-map`` (see docs/design.md).

Offsets are code-point offsets into the decoded text (Python ``str`` indices),
so a line/column derived from them is in code points, as SARIF's
``columnKind: unicodeCodePoints`` and our JSON contract require.

The parser is iterative for containers (an explicit stack), so 100,000-deep
nesting is refused at the exact position of the first level too many
(``MAX_DEPTH``, what Python's json and so the runtime can load) without ever
touching the interpreter's recursion limit.  Hardening measurements (pointer
memory, garbage collector): docs/design/hardening.md.
"""
from __future__ import annotations

import bisect
import gc
import re
from typing import Any, Optional, cast

# Python's json (and so the UTCP runtime, which loads manuals with it) raises
# RecursionError at about 1,000 levels; deeper documents cannot be registered
# at all, so they are reported instead of analysed (docs/limits.md).
MAX_DEPTH = 1_000
# shared by scalar nodes: typed as the list an object or array node holds, but a tuple,
# so an append to a scalar's children fails loudly
_NO_CHILDREN = cast("list[Any]", ())


class JSONPosError(ValueError):
    """A syntax error at an exact offset."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.message = message
        self.offset = offset


class Node:
    """One JSON value with its source span ``[start, end)``.

    ``kind`` is one of object, array, string, number, true, false, null.
    For objects ``children`` is a list of ``(key, key_node, value_node)``
    (duplicates kept, in source order); for arrays a list of value nodes.
    For strings ``value`` is the decoded string and ``seg`` maps decoded
    indices back to source offsets (see :meth:`source_offset`).

    ``pointer`` (the node's JSON pointer) is computed on access from a
    linked path ``(parent_path, key)`` shared with the parent: storing every
    node's full pointer string cost memory quadratic in the nesting depth
    times the key length (a 2 MB file of 2,000 nested 1,000-character keys
    took 5.7 GB; see docs/design/hardening.md).  ``__slots__`` keeps a node
    small (a 100 MB manual holds millions of them).
    """

    __slots__ = ("kind", "start", "end", "value", "children", "seg", "_path")

    def __init__(self, kind: str, start: int, end: int, value: Any = None,
                 children: Optional[list[Any]] = None, seg: Optional[list] = None,
                 pointer: Any = ""):
        self.kind = kind
        self.start = start
        self.end = end
        self.value = value
        if children is None:
            children = [] if kind in ("object", "array") else _NO_CHILDREN
        self.children: list[Any] = children
        # string nodes only: list of (decoded_index, source_offset, source_width)
        # at each escape; between entries characters map 1:1.
        self.seg = seg
        # None (root: ""), an explicit pointer string, or (parent_path, key)
        self._path = pointer or None

    @property
    def pointer(self) -> str:
        p = self._path
        if p is None:
            return ""
        if isinstance(p, str):
            return p
        parts = []
        while isinstance(p, tuple):
            parts.append(p[1])
            p = p[0]
        parts.reverse()
        out = (p or "") + "".join(["/" + (_escape_ptr(k) if k.__class__ is str else str(k)) for k in parts])
        if len(out) <= 256:  # cache short pointers; long ones stay computed on demand
            self._path = out
        return out

    @pointer.setter
    def pointer(self, value: str) -> None:
        self._path = value or None

    def __repr__(self) -> str:
        v = "" if self.kind in ("object", "array") else f", {self.value!r:.40}"
        return f"Node({self.kind}, {self.start}, {self.end}{v})"

    # ---- object helpers -------------------------------------------------
    def get(self, key: str) -> Optional["Node"]:
        """Value node for ``key`` (the last one, as Python's json keeps)."""
        if self.kind != "object":
            return None
        found = None
        for k, _kn, vn in self.children:
            if k == key:
                found = vn
        return found

    def key_node(self, key: str) -> Optional["Node"]:
        if self.kind != "object":
            return None
        found = None
        for k, kn, _vn in self.children:
            if k == key:
                found = kn
        return found

    def items(self):
        """(key, value_node) pairs, last duplicate wins, source order of last."""
        if self.kind != "object":
            return []
        last = {}
        for k, _kn, vn in self.children:
            last[k] = vn
        return list(last.items())

    # ---- strings --------------------------------------------------------
    def source_offset(self, index: int) -> int:
        """Source offset of decoded character ``index`` of a string node.

        ``index == len(value)`` gives the offset of the closing quote.
        """
        if self.kind != "string":
            return self.start
        seg = self.seg
        if not seg:
            return self.start + 1 + index
        # seg entries: (decoded_index, source_offset) at each escape boundary;
        # between entries characters are 1:1.
        pos = bisect.bisect_right(seg, (index, float("inf"))) - 1
        if pos < 0:
            return self.start + 1 + index
        di, so, width = seg[pos]
        if index == di:
            return so
        # past an escape: characters after it are literal until next entry
        return so + width + (index - di - 1)

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """Source span for decoded ``[start, end)`` inside a string node."""
        s = self.source_offset(start)
        if end <= start:
            return s, s
        e = self.source_offset(end - 1)
        # width of the last char in source
        seg = self.seg or []
        pos = bisect.bisect_right(seg, (end - 1, float("inf"))) - 1
        width = 1
        if pos >= 0 and seg[pos][0] == end - 1:
            width = seg[pos][2]
        return s, e + width


def to_python(node: Node) -> Any:
    """Plain Python value (last duplicate key wins, like ``json.loads``)."""

    def conv(n: Node):
        if n.kind == "object":
            return {k: conv(v) for k, v in n.items()}
        if n.kind == "array":
            return [conv(c) for c in n.children]
        return n.value

    # containers are shallow in practice; guard deep ones iteratively
    try:
        return conv(node)
    except RecursionError:
        return _to_python_iter(node)


def _to_python_iter(root: Node) -> Any:
    out_root: list = [None]
    work: list[tuple[Node, Any, Any]] = [(root, out_root, 0)]
    while work:
        n, parent, slot = work.pop()
        if n.kind == "object":
            d: dict = {}
            parent[slot] = d
            for k, v in n.items():
                d[k] = None
                work.append((v, _DictSlot(d, k), 0))
        elif n.kind == "array":
            lst = [None] * len(n.children)
            parent[slot] = lst
            for i, c in enumerate(n.children):
                work.append((c, lst, i))
        else:
            parent[slot] = n.value
    return out_root[0]


class _DictSlot:
    def __init__(self, d, k):
        self.d, self.k = d, k

    def __setitem__(self, _slot, value):
        self.d[self.k] = value


_WS = " \t\n\r"
_WS_RE = re.compile(r"[ \t\n\r]*")
_STR_SPECIAL = re.compile(r'["\\\x00-\x1f]')
_ESC = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def _escape_ptr(key: str) -> str:
    if "~" not in key and "/" not in key:
        return key
    return key.replace("~", "~0").replace("/", "~1")


def parse(text: str) -> Node:
    """Parse JSON ``text`` into a :class:`Node` tree; raise JSONPosError."""
    p = _Parser(text)
    with no_gc():
        return p.parse()


class no_gc:
    """Pause the cyclic garbage collector while building a big acyclic tree.

    Nodes reference only their children and shared path tuples, never a
    parent, so parsing creates no cycles; but every allocation of a tracked
    object counts toward a collection that traverses the whole growing tree.
    Measured on a 10 MB manual: 4.0 s with the collector, 1.2 s without
    (docs/design/hardening.md).
    """

    def __enter__(self):
        self.was = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc):
        if self.was:
            gc.enable()
        return False


class _Parser:
    def __init__(self, text: str):
        self.s = text
        self.n = len(text)
        self.keys: dict = {}

    def ws(self, i: int) -> int:
        if i < self.n and self.s[i] in _WS:
            return _WS_RE.match(self.s, i).end()  # type: ignore[union-attr]  # s[i] is whitespace: a match
        return i

    def parse(self) -> Node:
        i = self.ws(0)
        if i >= self.n:
            raise JSONPosError("empty document: expected a JSON value", i)
        node, i = self.value(i, None)
        i = self.ws(i)
        if i < self.n:
            raise JSONPosError("extra data after the JSON value", i)
        return node

    def value(self, i: int, ptr: Any) -> tuple[Node, int]:
        # ``ptr`` is a linked path: None (root), or (parent_path, key); see Node.pointer
        # Iterative over containers.
        s = self.s
        # stack frames: [node, state] ; state for object: expecting 'key'|'colon'|'value'|'comma'
        stack: list = []
        n = self.n
        ws_match = _WS_RE.match
        while True:
            if i < n and s[i] in _WS:
                i = ws_match(s, i).end()  # type: ignore[union-attr]  # s[i] is whitespace: a match
            if i >= n:
                raise JSONPosError("unexpected end of input", i)
            c = s[i]
            # --- parse a value at i ---
            if c == "{" or c == "[":
                if len(stack) >= MAX_DEPTH:
                    raise JSONPosError(f"nesting deeper than {MAX_DEPTH} levels (Python's json, and so "
                                       f"the UTCP runtime, cannot load it)", i)
                node = Node("object" if c == "{" else "array", i, -1, pointer=ptr)
                stack.append([node, ptr])
                i += 1
                # empty container?
                j = self.ws(i)
                closer = "}" if c == "{" else "]"
                if j < self.n and s[j] == closer:
                    node.end = j + 1
                    stack.pop()
                    i = j + 1
                    done = node
                else:
                    if c == "{":
                        key, kn, i = self.key(j, ptr)
                        ptr = kn._path  # (ptr, key), shared by the key and its value
                        stack[-1].append((key, kn))
                    else:
                        ptr = (ptr, 0)
                        i = j
                    continue
            elif c == '"':
                done, i = self.string(i)
                done._path = ptr
            elif c == "t" and s.startswith("true", i):
                done, i = Node("true", i, i + 4, True, pointer=ptr), i + 4
            elif c == "f" and s.startswith("false", i):
                done, i = Node("false", i, i + 5, False, pointer=ptr), i + 5
            elif c == "n" and s.startswith("null", i):
                done, i = Node("null", i, i + 4, None, pointer=ptr), i + 4
            elif c == "-" or c.isdigit():
                done, i = self.number(i, ptr)
            else:
                raise JSONPosError(f"unexpected character {c!r}: expected a JSON value", i)
            # --- attach `done` to the parent, closing containers as needed ---
            while True:
                if not stack:
                    return done, i
                frame = stack[-1]
                parent = frame[0]
                pptr = frame[1]
                if parent.kind == "object":
                    key, kn = frame.pop()
                    parent.children.append((key, kn, done))
                else:
                    parent.children.append(done)
                if i < n and s[i] in _WS:
                    i = ws_match(s, i).end()  # type: ignore[union-attr]  # s[i] is whitespace: a match
                if i >= n:
                    raise JSONPosError(
                        f"unexpected end of input: unclosed {'object' if parent.kind == 'object' else 'array'} "
                        f"opened at offset {parent.start}", i)
                c = s[i]
                closer = "}" if parent.kind == "object" else "]"
                if c == ",":
                    i += 1
                    if parent.kind == "object":
                        j = self.ws(i)
                        key, kn, i = self.key(j, pptr)
                        frame.append((key, kn))
                        ptr = kn._path
                    else:
                        ptr = (pptr, len(parent.children))
                    break  # parse next value
                if c == closer:
                    parent.end = i + 1
                    i += 1
                    stack.pop()
                    done = parent
                    continue
                raise JSONPosError(
                    f"expected ',' or '{closer}' but found {c!r}", i)

    def key(self, i: int, ptr: Any):
        s = self.s
        if i >= self.n:
            raise JSONPosError("unexpected end of input: expected an object key", i)
        if s[i] != '"':
            if s[i] == "}":
                raise JSONPosError("trailing comma before '}'", i)
            raise JSONPosError(f"expected a double-quoted object key but found {s[i]!r}", i)
        kn, i = self.string(i)
        # one str object per distinct key (a big manual repeats "type", "name"...)
        kv = self.keys.setdefault(kn.value, kn.value)
        kn.value = kv
        kn._path = (ptr, kv)
        i = self.ws(i)
        if i >= self.n or s[i] != ":":
            raise JSONPosError("expected ':' after object key", i)
        return kn.value, kn, i + 1

    def string(self, i: int) -> tuple[Node, int]:
        s, n = self.s, self.n
        start = i
        i += 1
        m = _STR_SPECIAL.search(s, i)
        # fast path: no escapes, no control characters
        if m is not None and s[m.start()] == '"':
            j = m.start()
            return Node("string", start, j + 1, s[i:j]), j + 1
        out: list[str] = []
        seg: list = []
        olen = 0  # decoded length so far
        k = i
        while True:
            m = _STR_SPECIAL.search(s, k)
            if m is None:
                raise JSONPosError("unterminated string", start)
            j = m.start()
            if j > k:
                out.append(s[k:j])
                olen += j - k
            c = s[j]
            if c == '"':
                k = j
                break
            if c == "\\":
                if j + 1 >= n:
                    raise JSONPosError("unterminated string", start)
                e = s[j + 1]
                if e in _ESC:
                    seg.append((olen, j, 2))
                    out.append(_ESC[e])
                    olen += 1
                    k = j + 2
                    continue
                if e == "u":
                    cp, width = self.uescape(j)
                    seg.append((olen, j, width))
                    out.append(cp)
                    olen += 1
                    k = j + width
                    continue
                if e.isprintable():
                    raise JSONPosError(f"invalid escape '\\{e}' in string", j)
                raise JSONPosError(f"invalid escape: backslash followed by U+{ord(e):04X}", j)
            raise JSONPosError(f"control character U+{ord(c):04X} must be escaped in a string", j)
        return Node("string", start, k + 1, "".join(out), seg=seg or None), k + 1

    def uescape(self, k: int) -> tuple[str, int]:
        s = self.s
        h = s[k + 2:k + 6]
        if len(h) < 4 or any(ch not in "0123456789abcdefABCDEF" for ch in h):
            raise JSONPosError("invalid \\u escape: expected four hex digits", k)
        cp = int(h, 16)
        if 0xD800 <= cp <= 0xDBFF and s.startswith("\\u", k + 6):
            h2 = s[k + 8:k + 12]
            if len(h2) == 4 and all(ch in "0123456789abcdefABCDEF" for ch in h2):
                lo = int(h2, 16)
                if 0xDC00 <= lo <= 0xDFFF:
                    return chr(0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00)), 12
        # lone surrogates are kept as is (Python's json does the same)
        return chr(cp), 6

    def number(self, i: int, ptr: Any) -> tuple[Node, int]:
        s, n = self.s, self.n
        start = i
        if s[i] == "-":
            i += 1
        if i >= n or not s[i].isdigit() or not s[i].isascii():
            raise JSONPosError("invalid number", start)
        if s[i] == "0":
            i += 1
        else:
            while i < n and "0" <= s[i] <= "9":
                i += 1
        is_float = False
        if i < n and s[i] == ".":
            i += 1
            if i >= n or not ("0" <= s[i] <= "9"):
                raise JSONPosError("invalid number: digit expected after '.'", i)
            while i < n and "0" <= s[i] <= "9":
                i += 1
            is_float = True
        if i < n and s[i] in "eE":
            i += 1
            if i < n and s[i] in "+-":
                i += 1
            if i >= n or not ("0" <= s[i] <= "9"):
                raise JSONPosError("invalid number: digit expected in exponent", i)
            while i < n and "0" <= s[i] <= "9":
                i += 1
            is_float = True
        txt = s[start:i]
        if is_float:
            val = float(txt)
        else:
            try:
                val = int(txt)
            except ValueError:  # more digits than sys.get_int_max_str_digits() (4300)
                raise JSONPosError(f"integer with {len(txt)} digits: more than Python's json (and so "
                                   f"the UTCP runtime) accepts", start) from None
        return Node("number", start, i, val, pointer=ptr), i


class LineIndex:
    """Offset -> (line, column), both 1-based, columns in code points."""

    def __init__(self, text: str):
        self.text = text
        starts = [0]
        find = text.find
        i = find("\n")
        while i != -1:
            starts.append(i + 1)
            i = find("\n", i + 1)
        self.starts = starts

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset) - 1
        return line + 1, offset - self.starts[line] + 1

    def line_text(self, line: int) -> str:
        s = self.starts[line - 1]
        e = self.starts[line] - 1 if line < len(self.starts) else len(self.text)
        return self.text[s:e].rstrip("\r")


def iter_members(root: Node):
    """Every object member below ``root`` as ``(parent, key, key_node, value_node)``.

    Iterative (deep documents cost no recursion); duplicate keys are all
    yielded, in source order within each object."""
    stack = [root]
    while stack:
        n = stack.pop()
        if n.kind == "object":
            for k, kn, vn in n.children:
                yield n, k, kn, vn
                stack.append(vn)
        elif n.kind == "array":
            stack.extend(n.children)


def resolve_pointer(root: Node, pointer: str) -> Optional[Node]:
    """Find the node for a JSON pointer (``""`` is the root)."""
    if pointer == "":
        return root
    node = root
    for raw in pointer.split("/")[1:]:
        part = raw.replace("~1", "/").replace("~0", "~")
        if node.kind == "object":
            nxt = node.get(part)
        elif node.kind == "array":
            try:
                nxt = node.children[int(part)]
            except (ValueError, IndexError):
                return None
        else:
            return None
        if nxt is None:
            return None
        node = nxt
    return node


def pointer_join(pointer: str, *parts) -> str:
    for p in parts:
        pointer += "/" + _escape_ptr(str(p))
    return pointer
