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

Memory (issue 15): the parse result is a :class:`Tree`, flat arrays with one
entry per JSON value in document order (kind, span, subtree end, parent, the
member key and the key's span), about 40 bytes a value plus the scalar values
themselves.  :class:`Node` objects are *views* made on access (``root``,
``children``, ``get``...): two nodes for the same value compare and hash
equal but are not the same object, so compare nodes with ``==``, never
``is`` or ``id()``.  A positioned tree of one object per value (and per key)
cost about 22x the file; the arrays cost about 5x.
"""

from __future__ import annotations

import bisect
import functools
import gc
from array import array
from collections.abc import Container, Iterator
from typing import Any

from ..core.lazyre import compile_pattern

# Python's json (and so the UTCP runtime, which loads manuals with it) raises
# RecursionError at about 1,000 levels; deeper documents cannot be registered
# at all, so they are reported instead of analysed (docs/limits.md).
MAX_DEPTH = 1_000
_NO_CHILDREN: tuple = ()  # children of scalar nodes

# kind codes in Tree.kinds
_OBJECT, _ARRAY, _STRING, _NUMBER, _TRUE, _FALSE, _NULL = range(7)
_KINDS = ("object", "array", "string", "number", "true", "false", "null")
_INF = float("inf")


class JSONPosError(ValueError):
    """A syntax error at an exact offset."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.message = message
        self.offset = offset


class Tree:
    """One parsed document as flat arrays, indexed by value number ``i``
    (document order: a container comes before its members).

    ``skips[i]`` is the number after ``i``'s subtree (so the children of a
    container ``i`` are ``i + 1``, then ``skips[i + 1]``, ... while below
    ``skips[i]``); ``parents[i]`` is -1 for the root.  ``keys[i]`` is the
    member key (an interned ``str``) when the parent is an object, the
    element index (``int``) when it is an array; the key's span is found on
    access from ``text`` (:meth:`key_span`: the key ends at the last quote
    before the ``:`` that precedes the value; 8 bytes a value less than
    storing it, issue 15).  ``segs``/``ksegs`` hold the escape map of a
    string value / key that has escapes (see :meth:`Node.source_offset`)."""

    __slots__ = (
        "kinds",
        "starts",
        "ends",
        "skips",
        "parents",
        "vals",
        "keys",
        "text",
        "segs",
        "ksegs",
        "elems",
    )

    def __init__(self, text: str = "") -> None:
        size = len(text)
        # 4-byte offsets and numbers while they fit (inputs are capped at
        # 200 MiB: engine.MAX_FILE_BYTES), 8-byte ones past that
        tc = "i" if size < 2**31 - 1 else "q"
        self.kinds = bytearray()
        self.starts = array(tc)
        self.ends = array(tc)
        self.skips = array(tc)
        self.parents = array(tc)
        self.vals: list = []
        self.keys: list = []
        self.text = text  # the parsed text (the caller's object, not a copy)
        self.segs: dict[int, list] = {}
        self.ksegs: dict[int, list] = {}
        self.elems: dict[int, array] = {}

    def __len__(self) -> int:
        return len(self.kinds)

    def node(self, i: int) -> Node:
        return _mk(self, i)

    def key_span(self, i: int) -> tuple[int, int]:
        """Source span of the key of the member whose value is entry ``i``
        (a member of an object)."""
        text = self.text
        # only whitespace between the ':' and the value, and between the
        # key's closing quote and the ':'
        e = text.rfind(":", 0, self.starts[i]) - 1
        while text[e] in _WS:
            e -= 1
        seg = self.ksegs.get(i)
        # no escape between the opening quote and the first escape (or the end)
        return text.rfind('"', 0, seg[0][1] if seg else e), e + 1

    def key_node(self, i: int) -> Node:
        """The key of the member whose value is entry ``i``."""
        return _mkkey(self, i)

    def element(self, i: int, n: int) -> Node | None:
        """Element ``n`` of array ``i`` (None when out of range).  The
        element numbers of an array indexed this way are kept (8 bytes an
        element), so ``/tools/N`` for every N stays linear."""
        ids = self.elems.get(i)
        if ids is None:
            ids = self.elems[i] = array(self.starts.typecode, _child_list(self, i))
        try:
            return _mk(self, ids[n])  # list indexing, as resolve_pointer always did (-1: the last)
        except IndexError:
            return None

    def string_span(self, i: int, start: int, end: int) -> tuple[int, int]:
        """``node(i).source_span(start, end)``, without the view where the string
        holds no escape (the common case: every finding on a step asks it)."""
        if self.kinds[i] != _STRING:
            return _mk(self, i).source_span(start, end)
        base = self.starts[i] + 1
        seg = self.segs.get(i)
        if not seg:  # no escape: 1:1 after the opening quote
            b = base + start
            return (b, b) if end <= start else (b, b + end - start)
        # Node.source_offset of ``start`` and of ``end - 1`` plus the width of that character
        pos = bisect.bisect_right(seg, (start, _INF)) - 1
        if pos < 0:
            s = base + start
        else:
            di, so, width = seg[pos]
            s = so if start == di else so + width + (start - di - 1)
        if end <= start:
            return s, s
        last = end - 1
        pos = bisect.bisect_right(seg, (last, _INF)) - 1
        if pos < 0:
            return s, base + last + 1
        di, so, width = seg[pos]
        return s, (so + width) if last == di else (so + width + (last - di - 1) + 1)

    def pointer(self, i: int) -> str:
        parents, keys = self.parents, self.keys
        p = parents[i]
        if p < 0:
            return ""
        parts = []
        while p >= 0:
            k = keys[i]
            if k.__class__ is str:
                if "~" in k or "/" in k:
                    k = k.replace("~", "~0").replace("/", "~1")
            else:
                k = str(k)
            parts.append(k)
            i = p
            p = parents[i]
        parts.append("")  # the leading "/" once joined
        parts.reverse()
        return "/".join(parts)


def _child_list(t: Tree, i: int) -> list[int]:
    """The entry numbers of the children of container ``i``, in source order
    (a list: cheaper than a generator for the small objects a manual is made of)."""
    skips = t.skips
    end = skips[i]
    out = []
    j = i + 1
    while j < end:
        out.append(j)
        j = skips[j]
    return out


class Node:
    """One JSON value with its source span ``[start, end)``: a view of one
    entry of a :class:`Tree`, made on access.

    ``kind`` is one of object, array, string, number, true, false, null.
    For objects ``children`` is a list of ``(key, key_node, value_node)``
    (duplicates kept, in source order); for arrays a list of value nodes.
    For strings ``value`` is the decoded string and ``seg`` maps decoded
    indices back to source offsets (see :meth:`source_offset`).

    ``pointer`` (the node's JSON pointer) is computed on access from the
    tree's parent and key arrays (storing every node's full pointer string
    cost memory quadratic in the nesting depth times the key length; see
    docs/design/hardening.md).  Views compare equal (``==``, hash) when they
    show the same value of the same tree; a key node is never equal to its
    value node.
    """

    __slots__ = ("kind", "value", "_t", "_i")

    kind: str
    value: Any
    _t: Tree
    _i: int

    @property
    def tree(self) -> Tree:
        """The tree this node is a view of."""
        return self._t

    @property
    def index(self) -> int:
        """The value's entry number in :attr:`tree` (a key node: its value's)."""
        return self._i

    def key_view(self) -> Node:
        """The key node of the member whose value this node is (an object member only)."""
        return self._t.key_node(self._i)

    # the span is read from the tree (a view kept by a caller costs no int objects)
    @property
    def start(self) -> int:
        return self._t.starts[self._i]

    @property
    def end(self) -> int:
        return self._t.ends[self._i]

    def __eq__(self, other: object) -> bool:
        # same view class (a Node never equals a KeyNode of the same value), same tree and index
        if other.__class__ is not self.__class__:
            return False
        o: Node = other  # the class test above narrows it
        return o._i == self._i and o._t is self._t

    def __hash__(self) -> int:
        return hash((self._i, self.__class__ is KeyNode))

    @property
    def children(self) -> Any:
        t, i = self._t, self._i
        k = t.kinds[i]
        if k == _OBJECT:
            keys = t.keys
            return [(keys[j], _mkkey(t, j), _mk(t, j)) for j in _child_list(t, i)]
        if k == _ARRAY:
            return [_mk(t, j) for j in _child_list(t, i)]
        return _NO_CHILDREN

    def members(self) -> list[tuple[str, Node]]:
        """An object's ``(key, value_node)`` pairs in source order, duplicates
        kept (``children`` without the key views); [] for other kinds."""
        t, i = self._t, self._i
        if t.kinds[i] != _OBJECT:
            return []
        keys = t.keys
        return [(keys[j], _mk(t, j)) for j in _child_list(t, i)]

    @property
    def seg(self) -> list | None:
        return self._t.segs.get(self._i)

    @property
    def pointer(self) -> str:
        return self._t.pointer(self._i)

    def __repr__(self) -> str:
        v = "" if self.kind in ("object", "array") else f", {self.value!r:.40}"
        return f"Node({self.kind}, {self.start}, {self.end}{v})"

    # ---- object helpers -------------------------------------------------
    def _last(self, key: str) -> int:
        t, i = self._t, self._i
        found = -1
        if t.kinds[i] != _OBJECT:
            return found
        keys, skips = t.keys, t.skips
        end = skips[i]
        j = i + 1
        while j < end:
            if keys[j] == key:
                found = j
            j = skips[j]
        return found

    def get(self, key: str) -> Node | None:
        """Value node for ``key`` (the last one, as Python's json keeps)."""
        j = self._last(key)
        return None if j < 0 else _mk(self._t, j)

    def key_node(self, key: str) -> Node | None:
        j = self._last(key)
        return None if j < 0 else _mkkey(self._t, j)

    def items(self) -> list:
        """(key, value_node) pairs, last duplicate wins, source order of last."""
        t, i = self._t, self._i
        if t.kinds[i] != _OBJECT:
            return []
        last: dict = {}
        keys = t.keys
        for j in _child_list(t, i):
            last[keys[j]] = j
        return [(k, _mk(t, j)) for k, j in last.items()]

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
        if self.kind == "string" and not self.seg:  # no escapes: 1:1 after the opening quote
            b = self.start + 1 + start
            return (b, b) if end <= start else (b, b + end - start)
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


class KeyNode(Node):
    """The key of the member whose value is entry ``_i`` (a string node;
    its pointer is its value's)."""

    __slots__ = ()

    @property
    def start(self) -> int:
        return self._t.key_span(self._i)[0]

    @property
    def end(self) -> int:
        return self._t.key_span(self._i)[1]

    @property
    def children(self) -> Any:
        return _NO_CHILDREN

    @property
    def seg(self) -> list | None:
        return self._t.ksegs.get(self._i)

    def __repr__(self) -> str:
        return f"KeyNode({self.start}, {self.end}, {self.value!r:.40})"


_new = object.__new__


def _mk(t: Tree, i: int) -> Node:
    n = _new(Node)
    n._t = t
    n._i = i
    n.kind = _KINDS[t.kinds[i]]
    n.value = t.vals[i]
    return n


def _mkkey(t: Tree, i: int) -> Node:
    n = _new(KeyNode)
    n._t = t
    n._i = i
    n.kind = "string"
    n.value = t.keys[i]
    return n


def to_python(node: Node) -> Any:
    """Plain Python value (last duplicate key wins, like ``json.loads``).

    Iterative (deep documents cost no recursion); scalar values are shared
    with the tree."""
    t, root = node._t, node._i
    kinds, vals, keys, skips = t.kinds, t.vals, t.keys, t.skips
    k = kinds[root]
    if k != _OBJECT and k != _ARRAY:
        return vals[root]
    # document order: the open containers are a stack (no map of them all)
    out: Any = {} if k == _OBJECT else []
    stack: list = [(skips[root], out)]
    for j in range(root + 1, skips[root]):
        while j >= stack[-1][0]:
            stack.pop()
        p = stack[-1][1]
        kj = kinds[j]
        if kj == _OBJECT:
            v: Any = {}
            stack.append((skips[j], v))
        elif kj == _ARRAY:
            v = []
            stack.append((skips[j], v))
        else:
            v = vals[j]
        if p.__class__ is dict:
            p[keys[j]] = v
        else:
            p.append(v)
    return out


_WS = " \t\n\r"
_WS_RE = compile_pattern(r"[ \t\n\r]*")
_STR_SPECIAL = compile_pattern(r'["\\\x00-\x1f]')
# a plain JSON number; group 1 (fraction or exponent) set for a float
_NUM_RE = compile_pattern(r"-?(?:0|[1-9][0-9]*)((?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)")
_ESC = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def _escape_ptr(key: str) -> str:
    if "~" not in key and "/" not in key:
        return key
    return key.replace("~", "~0").replace("/", "~1")


def parse(text: str) -> Node:
    """Parse JSON ``text``; the root :class:`Node` of its :class:`Tree`. Raise JSONPosError."""
    p = _Parser(text)
    with no_gc():
        return p.parse()


def reparse(old: Node, text: str) -> Node:
    """Parse ``text``, an edit of the text ``old`` (a root) was parsed from,
    re-reading only the smallest object or array of ``old`` whose braces
    enclose everything that changed, and splicing it into a copy of the old
    tree (later offsets moved by the edit's length, later entry numbers by
    the change in their count).  The result equals ``parse(text)``
    (tests/test_lsp_incremental.py compares every array after random edits);
    an edit that touches no such container, or whose container no longer
    parses alone, is parsed whole (errors at their exact offsets).  The
    language server re-reads a 500-tool manual after a keystroke this way."""
    t = old._t
    if old._i != 0 or not len(t):
        return parse(text)
    old_text = t.text
    n_old, n_new = len(old_text), len(text)
    # the changed region: [p, n_old - q) of the old text became [p, n_new - q) of the new one
    lim = min(n_old, n_new)
    p = 0
    step = 4096
    while p < lim:  # common prefix, by blocks then exactly
        e = min(p + step, lim)
        if old_text[p:e] == text[p:e]:
            p = e
            continue
        while old_text[p] == text[p]:
            p += 1
        break
    q = 0
    lim_q = lim - p
    while q < lim_q:
        e = min(q + step, lim_q)
        if old_text[n_old - e : n_old - q] == text[n_new - e : n_new - q]:
            q = e
            continue
        while old_text[n_old - q - 1] == text[n_new - q - 1]:
            q += 1
        break
    if p == n_old == n_new:
        return _mk(t, 0)  # nothing changed: the tree (views are read-only)
    lo, hi = p, n_old - q  # the old text's changed span (empty for an insertion)
    delta = n_new - n_old
    starts, ends, skips, kinds = t.starts, t.ends, t.skips, t.kinds
    # the deepest container whose opening bracket is before the change and whose
    # closing one after it (both unchanged), found by descending from the root
    v = -1
    i = 0
    depth = 0
    while True:
        if kinds[i] > _ARRAY or not (starts[i] < lo and hi <= ends[i] - 1):
            break
        v = i
        depth += 1
        # the child whose span holds the change, if any
        j, end = i + 1, skips[i]
        nxt = -1
        while j < end:
            if starts[j] < lo and hi <= ends[j] - 1 and kinds[j] <= _ARRAY:
                nxt = j
                break
            if starts[j] > lo:
                break
            j = skips[j]
        if nxt < 0:
            break
        i = nxt
    if v < 0:
        return parse(text)
    a, b = v, skips[v]
    vs, ve = starts[v], ends[v] + delta
    sub = text[vs:ve]
    # nesting: the spliced value must not make the document deeper than a whole parse allows
    if depth + sub.count("{") + sub.count("[") >= MAX_DEPTH:
        return parse(text)
    try:
        sp = _Parser(sub)
        with no_gc():
            sp.parse()
    except JSONPosError:
        return parse(text)  # the whole parse reports it at its place in the document
    st = sp.t
    m = len(st)
    dn = m - (b - a)
    with no_gc():
        nt = Tree(text)
        tc = nt.starts.typecode
        nt.kinds = t.kinds[:a] + st.kinds + t.kinds[b:]
        nt.starts = t.starts[:a] + array(tc, [x + vs for x in st.starts]) + _shifted(t.starts[b:], delta, tc)
        new_ends = t.ends[:a] + array(tc, [x + vs for x in st.ends]) + _shifted(t.ends[b:], delta, tc)
        new_skips = t.skips[:a] + array(tc, [x + a for x in st.skips]) + _shifted(t.skips[b:], dn, tc)
        new_parents = t.parents[:a] + array(tc, [x + a for x in st.parents])
        if dn:
            new_parents += array(tc, [x + dn if x >= b else x for x in t.parents[b:]])
        else:
            new_parents += t.parents[b:]
        new_parents[a] = t.parents[a]
        # the ancestors of v (before it, spanning it): their ends and subtree ends move
        k = t.parents[a]
        while k >= 0:
            new_ends[k] += delta
            new_skips[k] += dn
            k = t.parents[k]
        nt.ends, nt.skips, nt.parents = new_ends, new_skips, new_parents
        nt.vals = t.vals[:a] + st.vals + t.vals[b:]
        keys = st.keys
        keys[0] = t.keys[a]
        nt.keys = t.keys[:a] + keys + t.keys[b:]
        for old_map, sub_map, new_map in ((t.segs, st.segs, nt.segs), (t.ksegs, st.ksegs, nt.ksegs)):
            for idx, seg in old_map.items():
                if idx < a:
                    new_map[idx] = seg
                elif idx >= b:
                    new_map[idx + dn] = [(d, o + delta, w) for d, o, w in seg] if delta else seg
            for idx, seg in sub_map.items():
                if idx == 0 and sub_map is st.ksegs:
                    continue  # the root of the part has no key of its own (its key is v's, kept below)
                new_map[idx + a] = [(d, o + vs, w) for d, o, w in seg]
        if a in t.ksegs:
            nt.ksegs[a] = t.ksegs[a]  # v's own key is before the change: unchanged
    return _mk(nt, 0)


def _shifted(arr: array, d: int, tc: str) -> array:
    return array(tc, [x + d for x in arr]) if d else arr


class no_gc:
    """Pause the cyclic garbage collector while building many objects.

    Every allocation of a tracked object counts toward a collection that
    traverses everything built so far.  Measured on a 10 MB manual (with
    one object per JSON value): 4.0 s with the collector, 1.2 s without
    (docs/design/hardening.md).
    """

    def __enter__(self) -> None:
        self.was = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.was:
            gc.enable()


class _Parser:
    def __init__(self, text: str):
        self.s = text
        self.n = len(text)
        self.keys: dict = {}
        self.t = Tree(text)

    def ws(self, i: int) -> int:
        if i < self.n and self.s[i] in _WS:
            return _WS_RE.match(self.s, i).end()  # type: ignore[union-attr]
        return i

    def parse(self) -> Node:
        i = self.ws(0)
        if i >= self.n:
            raise JSONPosError("empty document: expected a JSON value", i)
        i = self.value(i)
        i = self.ws(i)
        if i < self.n:
            raise JSONPosError("extra data after the JSON value", i)
        return _mk(self.t, 0)

    def value(self, i: int) -> int:
        # Iterative over containers.  Each value is appended to the tree's
        # arrays when it starts (containers) or is read (scalars); ``key``,
        # ``key`` is the member key (or array index) of the next value.  The
        # common cases (a string without escapes, a key followed by ':', a
        # plain number) are read inline; everything else, errors included,
        # goes through the helper methods (issue 15: ~35 % less CPU).
        s = self.s
        t = self.t
        kinds, ends, skips = t.kinds, t.ends, t.skips
        # the appends, bound once (seven per value)
        kinds_add, starts_add, ends_add, skips_add = kinds.append, t.starts.append, ends.append, skips.append
        parents_add, vals_add, keys_add = t.parents.append, t.vals.append, t.keys.append
        starts = t.starts
        segs = t.segs
        # stack frames: [index, count of children so far, is an object]
        stack: list = []
        n = self.n
        ws_match = _WS_RE.match
        special = _STR_SPECIAL.search
        num_match = _NUM_RE.match
        intern = self.keys.setdefault
        key: Any = None
        parent = -1
        while True:
            if i < n and s[i] in _WS:
                i = ws_match(s, i).end()  # type: ignore[union-attr]
            if i >= n:
                raise JSONPosError("unexpected end of input", i)
            c = s[i]
            idx = len(kinds)
            # --- parse a value at i ---
            if c == "{" or c == "[":
                if len(stack) >= MAX_DEPTH:
                    raise JSONPosError(
                        f"nesting deeper than {MAX_DEPTH} levels (Python's json, and so "
                        f"the UTCP runtime, cannot load it)",
                        i,
                    )
                is_obj = c == "{"
                kinds_add(_OBJECT if is_obj else _ARRAY)
                starts_add(i)
                ends_add(-1)
                skips_add(-1)
                parents_add(parent)
                vals_add(None)
                keys_add(key)
                stack.append([idx, 0, is_obj])
                parent = idx
                i += 1
                # empty container?
                if i < n and s[i] in _WS:
                    i = ws_match(s, i).end()  # type: ignore[union-attr]
                if i < n and s[i] == ("}" if is_obj else "]"):
                    ends[idx] = i + 1
                    skips[idx] = idx + 1
                    stack.pop()
                    parent = stack[-1][0] if stack else -1
                    i += 1
                elif is_obj:
                    if i < n and s[i] == '"':  # the first key, read inline as after a ','
                        m = special(s, i + 1)
                        if m is not None and s[m.start()] == '"':
                            e = m.start()
                            kv = s[i + 1 : e]
                            e += 1
                            j = e
                            if j < n and s[j] in _WS:
                                j = ws_match(s, j).end()  # type: ignore[union-attr]
                            if j < n and s[j] == ":":
                                key, i = intern(kv, kv), j + 1
                                continue
                    key, i = self.key(i, idx + 1)
                    continue
                else:
                    key = 0
                    continue
            else:
                v: Any
                if c == '"':
                    m = special(s, i + 1)
                    if m is not None and s[m.start()] == '"':  # no escapes, no control characters
                        e = m.start()
                        v = s[i + 1 : e]
                        if e - i <= 17:
                            # short values repeat ("string", "object", "cli"...): one
                            # str object each, like the keys (~0.9x the file; issue 15)
                            v = intern(v, v)
                        e += 1
                    else:
                        v, seg, e = self.string(i)
                        if seg:
                            segs[idx] = seg
                    kind = _STRING
                elif c == "t" and s.startswith("true", i):
                    v, e, kind = True, i + 4, _TRUE
                elif c == "f" and s.startswith("false", i):
                    v, e, kind = False, i + 5, _FALSE
                elif c == "n" and s.startswith("null", i):
                    v, e, kind = None, i + 4, _NULL
                elif c == "-" or c.isdigit():
                    m = num_match(s, i)
                    if m is not None and (m.end() >= n or s[m.end()] not in ".eE") and m.end() - i < 4000:
                        txt = m.group()
                        e = m.end()
                        v = float(txt) if m.group(1) else int(txt)
                    else:  # not a plain number: read (and refused) by the exact reader
                        v, e = self.number(i)
                    kind = _NUMBER
                else:
                    raise JSONPosError(f"unexpected character {c!r}: expected a JSON value", i)
                kinds_add(kind)
                starts_add(i)
                ends_add(e)
                skips_add(idx + 1)
                parents_add(parent)
                vals_add(v)
                keys_add(key)
                i = e
            # --- after a value: separators, closing containers as needed ---
            while True:
                if not stack:
                    return i
                frame = stack[-1]
                frame[1] += 1
                is_obj = frame[2]
                if i < n and s[i] in _WS:
                    i = ws_match(s, i).end()  # type: ignore[union-attr]
                if i >= n:
                    raise JSONPosError(
                        f"unexpected end of input: unclosed {'object' if is_obj else 'array'} "
                        f"opened at offset {starts[frame[0]]}",
                        i,
                    )
                c = s[i]
                if c == ",":
                    i += 1
                    if is_obj:
                        if i < n and s[i] in _WS:
                            i = ws_match(s, i).end()  # type: ignore[union-attr]
                        if i < n and s[i] == '"':
                            m = special(s, i + 1)
                            if m is not None and s[m.start()] == '"':
                                e = m.start()
                                kv = s[i + 1 : e]
                                e += 1
                                j = e
                                if j < n and s[j] in _WS:
                                    j = ws_match(s, j).end()  # type: ignore[union-attr]
                                if j < n and s[j] == ":":
                                    # one str object per distinct key (a big manual repeats "type", "name"...)
                                    key, i = intern(kv, kv), j + 1
                                    break
                        key, i = self.key(i, len(kinds))
                    else:
                        key = frame[1]
                    break  # parse next value
                if c == ("}" if is_obj else "]"):
                    pidx = frame[0]
                    ends[pidx] = i + 1
                    skips[pidx] = len(kinds)
                    i += 1
                    stack.pop()
                    parent = stack[-1][0] if stack else -1
                    continue
                closer = "}" if is_obj else "]"
                raise JSONPosError(f"expected ',' or '{closer}' but found {c!r}", i)

    def key(self, i: int, idx: int) -> tuple[str, int]:
        """Read the key of the member whose value will be entry ``idx``:
        (the key, the offset after its ':')."""
        s = self.s
        if i >= self.n:
            raise JSONPosError("unexpected end of input: expected an object key", i)
        if s[i] != '"':
            if s[i] == "}":
                raise JSONPosError("trailing comma before '}'", i)
            raise JSONPosError(f"expected a double-quoted object key but found {s[i]!r}", i)
        kv, seg, e = self.string(i)
        if seg:
            self.t.ksegs[idx] = seg
        # one str object per distinct key (a big manual repeats "type", "name"...)
        kv = self.keys.setdefault(kv, kv)
        j = self.ws(e)
        if j >= self.n or s[j] != ":":
            raise JSONPosError("expected ':' after object key", j)
        return kv, j + 1

    def string(self, i: int) -> tuple[str, list | None, int]:
        """(decoded value, escape map or None, end offset) of the string at ``i``."""
        s, n = self.s, self.n
        start = i
        i += 1
        m = _STR_SPECIAL.search(s, i)
        # fast path: no escapes, no control characters
        if m is not None and s[m.start()] == '"':
            j = m.start()
            return s[i:j], None, j + 1
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
        return "".join(out), seg or None, k + 1

    def uescape(self, k: int) -> tuple[str, int]:
        s = self.s
        h = s[k + 2 : k + 6]
        if len(h) < 4 or any(ch not in "0123456789abcdefABCDEF" for ch in h):
            raise JSONPosError("invalid \\u escape: expected four hex digits", k)
        cp = int(h, 16)
        if 0xD800 <= cp <= 0xDBFF and s.startswith("\\u", k + 6):
            h2 = s[k + 8 : k + 12]
            if len(h2) == 4 and all(ch in "0123456789abcdefABCDEF" for ch in h2):
                lo = int(h2, 16)
                if 0xDC00 <= lo <= 0xDFFF:
                    return chr(0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00)), 12
        # lone surrogates are kept as is (Python's json does the same)
        return chr(cp), 6

    def number(self, i: int) -> tuple[Any, int]:
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
                raise JSONPosError(
                    f"integer with {len(txt)} digits: more than Python's json (and so the UTCP runtime) accepts", start
                ) from None
        return val, i


_NL_RE = compile_pattern("\n")


@functools.cache
def _shared_numbers() -> tuple[int, ...]:
    """The int objects 0 .. 65535, made once per process (immutable)."""
    return tuple(range(1 << 16))


class LineIndex:
    """Offset -> (line, column), both 1-based, columns in code points."""

    def __init__(self, text: str):
        self.text = text
        starts = [0]
        starts += [m.end() for m in _NL_RE.finditer(text)]  # (twice as fast as a find loop)
        self.starts = starts
        # line and column numbers below 2**16 as shared objects: the 64,000
        # findings of a big manual would otherwise hold four int objects each
        # (issue 15); a small file does not build the table (cold start)
        self.numbers = _shared_numbers() if len(text) > 1 << 20 else ()

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)  # 1-based: the index of the line's start + 1
        col = offset - self.starts[line - 1] + 1
        nums = self.numbers
        n = len(nums)
        return (nums[line] if line < n else line), (nums[col] if col < n else col)

    def line_text(self, line: int) -> str:
        s = self.starts[line - 1]
        e = self.starts[line] - 1 if line < len(self.starts) else len(self.text)
        return self.text[s:e].rstrip("\r")


def iter_members(root: Node) -> Iterator[tuple[Node, str, Node, Node]]:
    """Every object member below ``root`` as ``(parent, key, key_node, value_node)``.

    Iterative (deep documents cost no recursion); duplicate keys are all
    yielded, in source order within each object."""
    t = root._t
    kinds, keys = t.kinds, t.keys
    stack = [root._i]
    while stack:
        i = stack.pop()
        k = kinds[i]
        if k == _OBJECT:
            pn = _mk(t, i)
            for j in _child_list(t, i):
                yield pn, keys[j], _mkkey(t, j), _mk(t, j)
                stack.append(j)
        elif k == _ARRAY:
            stack.extend(_child_list(t, i))


def member_string_values(root: Node) -> list[str]:
    """The values of the string members of every object below ``root`` (those of
    the string value nodes :func:`iter_members` yields, here in document order),
    read from the tree's arrays without a node per member."""
    t = root._t
    i0 = root._i
    kinds, parents, vals = t.kinds, t.parents, t.vals
    return [vals[j] for j in range(i0 + 1, t.skips[i0]) if kinds[j] == _STRING and kinds[parents[j]] == _OBJECT]


def members_named(root: Node, names: Container[str]) -> Iterator[tuple[Node, str, Node, Node]]:
    """The object members below ``root`` whose key is in ``names``, as
    ``(parent, key, key_node, value_node)`` in document order (duplicates
    kept): :func:`iter_members` filtered by key, but a scan of the tree's
    key array that makes views only for the members it yields."""
    t, r = root._t, root._i
    keys, parents = t.keys, t.parents
    for j in [j for j in range(r + 1, t.skips[r]) if keys[j] in names]:
        k = keys[j]
        if k.__class__ is str:  # a member (array elements have int keys)
            yield _mk(t, parents[j]), k, _mkkey(t, j), _mk(t, j)


def iter_paths(root: Node, kind: str | None = None) -> Iterator[tuple[Node, tuple]]:
    """Every value at or below ``root`` with its path from ``root`` (member
    keys and element numbers), in document order (pre-order; the root's
    path is ``()``); only the values of ``kind`` when given.  Iterative,
    over the tree's arrays (views only for the values yielded)."""
    t, r = root._t, root._i
    kinds, keys, skips = t.kinds, t.keys, t.skips
    want = -1 if kind is None else _KINDS.index(kind)
    if want < 0 or kinds[r] == want:
        yield _mk(t, r), ()
    end = skips[r]
    stack: list = [(end, ())]  # open containers: (end of subtree, path)
    for j in range(r + 1, end):
        while j >= stack[-1][0]:
            stack.pop()
        path = stack[-1][1] + (keys[j],)
        kj = kinds[j]
        if want < 0 or kj == want:
            yield _mk(t, j), path
        if kj <= _ARRAY:
            stack.append((skips[j], path))


def resolve_pointer(root: Node, pointer: str) -> Node | None:
    """Find the node for a JSON pointer (``""`` is the root)."""
    if pointer == "":
        return root
    node: Node | None = root
    for raw in pointer.split("/")[1:]:
        part = raw.replace("~1", "/").replace("~0", "~")
        assert node is not None
        if node.kind == "object":
            node = node.get(part)
        elif node.kind == "array":
            try:
                n = int(part)
            except ValueError:
                return None
            node = node._t.element(node._i, n)
        else:
            return None
        if node is None:
            return None
    return node


def pointer_join(pointer: str, *parts) -> str:
    for p in parts:
        pointer += "/" + _escape_ptr(str(p))
    return pointer
