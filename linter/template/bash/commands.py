"""Simple commands and their words, built once per command node: the first pass.

:class:`SimpleCommand` (argv words, prefix assignments, redirects, heredocs,
the resolved program name through wrappers, :mod:`bash_commands` semantics)
and :class:`CommandTable` (``CommandTable.build(script)``), which builds them from
the :class:`~.script.Script`'s tree on demand, cached by node: a command's word
model is computed once, however many references or rules ask.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from ...core.cached import cached_property
from ...core.lazyre import lazy_compile
from ...run.budget import check
from .. import bash_commands as bc
from .model import Heredoc, Redirect, Word
from .patterns import ansi_c_body
from .script import Script

_COMMAND_KINDS = {
    "command": "command",
    "declaration_command": "declaration",
    "unset_command": "unset",
    "test_command": "test",
}
_REDIRECT_TYPES = frozenset({"file_redirect", "heredoc_redirect", "herestring_redirect"})
# word nodes whose value is their text (backslashes removed)
_PLAIN_WORDS = frozenset({"word", "number", "test_operator", "variable_name", "extglob_pattern", "regex"})


class SimpleCommand:
    """One simple command (or declaration/unset/test command) inside a step.

    ``name``/``name_index``/``wrappers``/``dashdash``/``semantics`` are computed
    when the command is built; ``words``, ``assignments``, ``redirects`` and
    ``heredocs`` are materialised on first access.
    """

    def __init__(
        self,
        table: CommandTable,
        node,
        kind: str,
        step: int | None,
        start: int,
        end: int,
        word_nodes: list,
        assign_nodes: list,
        redirect_nodes: list,
        statics: list,
    ):
        self.kind = kind  # "command" | "declaration" | "unset" | "test"
        self.step = step
        self.start = start
        self.end = end
        self._table: CommandTable | None = table  # None once the analysis is closed
        self.node = node  # the tree-sitter node
        self.word_nodes = word_nodes  # the argv words' nodes, in script order
        self._assign_nodes = assign_nodes
        self._redirect_nodes = redirect_nodes
        self.statics = statics  # [(value or None, prefix)] per word
        # static value of each word (None where the word holds an expansion); every
        # command needs it (its semantics), so it is a plain attribute
        self.values: list = [v for v, _p in statics]
        self._sem: bc.Semantics | None = None
        self._word_starts: list | None = None
        self._some_words: dict | None = None  # index -> Word built by word() before words
        self.name: str | None = None  # resolved command basename (wrappers looked through)
        self.name_index: int | None = None  # index in words of the resolved command word
        self.wrappers: tuple = ()  # wrapper basenames looked through
        self.dashdash: int | None = None  # index of the first literal `--` after the name

    def __repr__(self) -> str:
        return (
            f"SimpleCommand(kind={self.kind!r}, step={self.step}, name={self.name!r}, "
            f"start={self.start}, end={self.end})"
        )

    @property
    def closed(self) -> bool:
        """The analysis was closed (:meth:`CommandTable.close`): this command builds nothing new."""
        return self._table is None

    @property
    def semantics(self) -> bc.Semantics:
        if self._sem is None:
            if self.kind == "test":
                self._sem = bc.Semantics(self.statics[0][0] if self.statics else None, 0, ())
            else:
                self._sem = bc.shared_semantics(tuple(self.values), tuple([p for _v, p in self.statics]))
        return self._sem

    @cached_property
    def words(self) -> list:
        """list[Word]: argv as bash builds it; words[0] is the command word as written."""
        out = self._table.argv_words(self.word_nodes, self.statics)  # type: ignore[union-attr]
        if self._some_words:
            for i, w in self._some_words.items():
                out[i] = w  # one Word object per argv word, whichever accessor built it
        return out

    def word(self, i: int) -> Word:
        """``words[i]`` without building the other words (the option scan reads a few)."""
        built = self.__dict__.get("words")
        if built is not None:
            return built[i]
        if i < 0:
            i += len(self.word_nodes)
        some = self._some_words
        if some is None:
            some = self._some_words = {}
        w = some.get(i)
        if w is None:
            w = some[i] = self._table.word(self.word_nodes[i], i, self.statics[i])  # type: ignore[union-attr]
        return w

    def prefix(self, i: int) -> str:
        """``words[i].prefix`` (static text before the first expansion) without a Word."""
        return self.statics[i][1]

    @cached_property
    def argv_key(self) -> tuple:
        """(values, prefixes) as tuples: ``values``, and the static text starting each
        dynamic word ("" for a static word and for the command word).  The argv as the
        option grammar reads it (template/option_scan.py walks it once per distinct key);
        built once per command, though every option question about it asks."""
        vals = self.values
        statics = self.statics
        pre = tuple("" if vals[j] is not None or j == 0 else statics[j][1] for j in range(len(vals)))
        return tuple(vals), pre

    @property
    def word_count(self) -> int:
        """``len(words)`` without building the words."""
        return len(self.word_nodes)

    @cached_property
    def assignments(self) -> list:
        """list[Word]: the NAME=value prefixes."""
        t = self._table
        return [t.word(n, -1) for n in self._assign_nodes]  # type: ignore[union-attr]

    @cached_property
    def redirects(self) -> list:
        """list[Redirect], heredocs and here-strings included."""
        t = self._table
        return [t.redirect(r)[0] for r in self._redirect_nodes]  # type: ignore[union-attr]

    @cached_property
    def heredocs(self) -> list:
        t = self._table
        return [t.heredoc(r) for r in self._redirect_nodes if r.type == "heredoc_redirect"]  # type: ignore[union-attr]

    @property
    def args(self) -> list:
        """Words after the resolved command word."""
        if self.name_index is None:
            return []
        return self.words[self.name_index + 1 :]

    def word_at(self, offset: int) -> Word | None:
        """The word containing script offset ``offset``."""
        i = self.word_index_at_byte(self._table.script.byte(offset))  # type: ignore[union-attr]
        return self.words[i] if i is not None else None

    def word_index_at_byte(self, b: int) -> int | None:
        """Index of the argv word whose node contains byte ``b``, or None."""
        starts = self._word_starts
        if starts is None:
            starts = self._word_starts = [n.start_byte for n in self.word_nodes]
        i = bisect.bisect_right(starts, b) - 1  # word nodes are in script order
        if i >= 0 and b < self.word_nodes[i].end_byte:
            return i
        return None

    @cached_property
    def pipeline(self) -> list:
        """The simple commands of this command's pipeline (itself included), in order."""
        return self._table.pipeline_of(self) if self._table is not None else [self]


_BS_NL = lazy_compile(r"\\\n")
_BS_ANY = lazy_compile(r"\\(.)", re.S)
_BS_DQ = lazy_compile(r"\\([\"\\$`])")


def _unescape_word(tx: str) -> str:
    return _BS_ANY.sub(r"\1", _BS_NL.sub("", tx))


def _unescape_dq(tx: str) -> str:
    if "\\" not in tx:  # both patterns start with a backslash
        return tx
    return _BS_DQ.sub(r"\1", _BS_NL.sub("", tx))


_PRINTF_ESC = {"n": "\n", "t": "\t", "\\": "\\", "a": "\a", "r": "\r"}


def _printed(vals: list) -> str | None:
    """Output of ``printf FORMAT ARGS…`` (``%s``, ``%b``, ``%%`` and simple escapes; the
    format is reused while arguments are left) or ``echo ARGS…``; None for anything else."""
    if not vals:
        return None
    name = vals[0].rsplit("/", 1)[-1]
    args = vals[1:]
    if name == "echo":
        if args and args[0] in ("-n", "-e", "-E", "-ne", "-en"):
            args = args[1:]
        return " ".join(args)
    if name != "printf" or not args or args[0].startswith("-"):
        return None
    fmt, rest = args[0], args[1:]
    out: list = []
    for _round in range(64):
        i = 0
        used = 0
        while i < len(fmt):
            ch = fmt[i]
            if ch == "\\" and i + 1 < len(fmt) and fmt[i + 1] in _PRINTF_ESC:
                out.append(_PRINTF_ESC[fmt[i + 1]])
                i += 2
            elif ch == "%" and i + 1 < len(fmt):
                conv = fmt[i + 1]
                if conv == "%":
                    out.append("%")
                elif conv in "sb":
                    out.append(rest[used] if used < len(rest) else "")
                    used += 1
                else:
                    return None
                i += 2
            else:
                out.append(ch)
                i += 1
        rest = rest[used:]
        if not rest or not used:
            break
    return "".join(out)


def list_tail(node):
    """The last command of an ``&&``/``||`` list node (lists nest to the left), or None.

    tree-sitter-bash parses ``a && b > f`` and ``a && b < f | c`` as a redirected statement
    whose body is the whole list (and, for the second, a pipeline holding that), but bash
    binds a redirect to the simple command before it and ``|`` tighter than ``&&``
    (bash(1) "Lists", "Pipelines"): the redirect is b's, b alone is the pipeline's first
    stage, and a's output goes to the step's output (measured:
    tests/test_list_redirect_parse.py)."""
    while node is not None and node.type == "list":
        kids = [c for c in node.named_children if c.type != "comment"]
        node = kids[-1] if kids else None
    return node


class CommandTable:
    """The simple commands of one :class:`~.script.Script`, each built once, on demand.

    ``CommandTable.build(script)`` costs nothing: a command is modelled when a pass
    or a rule first asks for it (:meth:`command`) or for all of them (:attr:`commands`).
    """

    def __init__(self, script: Script) -> None:
        self.script = script
        self._cmd_cache: dict = {}
        self._pipelines: dict = {}  # id(SimpleCommand) -> (stages, index)
        self._heredoc_cache: dict = {}
        self._assign_offsets: dict = {}  # (step, name) -> offsets of `name=` in the step

    @classmethod
    def build(cls, script: Script) -> CommandTable:
        """The (lazy) command table of ``script``."""
        return cls(script)

    def command(self, node, parent=None) -> SimpleCommand | None:
        """The (cached) model of a command node; ``parent`` saves a ``node.parent``."""
        if node is None:
            return None
        key = (node.start_byte, node.end_byte, node.type)
        cmd = self._cmd_cache.get(key)
        if cmd is None:
            cmd = self._build_command(node, parent)
            self._cmd_cache[key] = cmd
        return cmd

    def close(self) -> None:
        """Drop every command's reference back to this analysis, the one
        reference cycle in it (command <-> table): the analysis and everything it built are then
        freed by reference counting, not by the garbage collector (about 300
        objects per template on the 1,000-tool manual).  Called by
        :meth:`utcp_lint.ruleset.context.CliTemplate.release_analyses` once the
        template's rules have run; a command kept afterwards keeps what it has
        computed (``name``, ``semantics``, ``words`` once read...), its
        ``pipeline`` is itself alone and it builds nothing new."""
        for cmd in self._cmd_cache.values():
            cmd._table = None

    @cached_property
    def _redirect_parents(self) -> dict:
        """(start, end, type) of a command that is the body of a redirected
        statement -> that statement."""
        out: dict = {}
        for r in self.script.nodes.get("r", ()):
            body = r.child_by_field_name("body")
            if body is not None:
                out[(body.start_byte, body.end_byte, body.type)] = r
                if body.type == "list":
                    tail = list_tail(body)
                    if tail is not None:
                        out[(tail.start_byte, tail.end_byte, tail.type)] = r
        return out

    def word(self, node, index: int, static: tuple | None = None) -> Word:
        if self.script.ascii:
            s = node.start_byte
            e = node.end_byte
        else:
            s = self.script.char(node.start_byte)
            e = self.script.char(node.end_byte)
        value, prefix = static if static is not None else self.static(node)
        starts = self.script.span_starts
        lo = bisect.bisect_left(starts, s)
        # no placeholder starts inside the word (most words): no scan
        ids = () if lo == len(starts) or starts[lo] >= e else self.script.placeholder_ids(s, e)
        return Word.sliced(index, s, e, value, prefix, node.type, ids, self.script.text)

    def argv_words(self, nodes: list, statics: list) -> list:
        """The :class:`Word` of each argv node (``statics``: their (value, prefix));
        :meth:`word` inlined (one call per word of every command)."""
        sc = self.script
        if not sc.ascii:
            word = self.word
            return [word(n, i, statics[i]) for i, n in enumerate(nodes)]
        starts = sc.span_starts
        nsp = len(starts)
        text = sc.text
        sliced = Word.sliced
        out = []
        for i, n in enumerate(nodes):
            s = n.start_byte
            e = n.end_byte
            value, prefix = statics[i]
            lo = bisect.bisect_left(starts, s)
            ids = () if lo == nsp or starts[lo] >= e else sc.placeholder_ids(s, e)
            out.append(sliced(i, s, e, value, prefix, n.type, ids, text))
        return out

    def static(self, node) -> tuple:
        """(value or None, static prefix) of a word node."""
        t = node.type
        if t in _PLAIN_WORDS:
            sc = self.script
            if sc.ascii:  # Script.node_text inlined: one call per argv word
                tx = sc.text[node.start_byte : node.end_byte]
            else:
                tx = sc.node_text(node)
            if "\\" in tx:
                tx = _unescape_word(tx)
            return tx, tx
        if t == "command_name" and node.child_count == 1:
            # what the loop below gives for one part (a static part's prefix is its value)
            return self.static(node.child(0))
        if not node.is_named:
            tx = self.script.node_text(node)
            return tx, tx
        if t == "raw_string":
            tx = self.script.node_text(node)[1:-1]
            return tx, tx
        if t == "string":
            parts = []
            for c in node.children:
                ct = c.type
                if ct == '"':
                    continue
                if ct == "string_content":
                    sc = self.script
                    tx = sc.text[c.start_byte : c.end_byte] if sc.ascii else sc.node_text(c)
                    parts.append(_unescape_dq(tx) if "\\" in tx else tx)
                    continue
                return None, "".join(parts)
            v = "".join(parts)
            return v, v
        if t == "ansi_c_string":
            v = ansi_c_body(self.script.node_text(node)[2:-1])[0]
            return v, v
        if t == "translated_string":
            v, p = self.static(node.children[-1]) if node.child_count else (None, "")
            return v, p
        if t in ("concatenation", "command_name"):
            parts = []
            for c in node.children:
                v, p = self.static(c)
                if v is None:
                    return None, "".join(parts) + p
                parts.append(v)
            v = "".join(parts)
            return v, v
        if t == "variable_assignment":
            nm = node.child_by_field_name("name")
            val = node.child_by_field_name("value")
            name = self.script.node_text(nm) if nm is not None else ""
            # text between name and value is the operator (= or +=)
            op_end = val.start_byte if val is not None else node.end_byte
            op = self.script.data[nm.end_byte if nm is not None else node.start_byte : op_end].decode(
                "utf-8", "surrogatepass"
            )
            if val is None:
                return name + op, name + op
            v, p = self.static(val)
            return (None if v is None else name + op + v), name + op + p
        return None, ""

    def _build_command(self, node, parent=None) -> SimpleCommand:
        check()  # the CPU budget (linter/run/budget.py): once per command
        t = node.type
        kind = _COMMAND_KINDS.get(t, "command")
        word_nodes: list = []
        assign_nodes = []
        redirect_nodes = []
        if kind == "test":
            self._flatten_test(node, word_nodes)
        elif kind == "command":
            # named children: prefix assignments, redirects, the name and the arguments
            seen_name = False
            for c in node.named_children:
                ct = c.type
                if ct in _REDIRECT_TYPES:
                    redirect_nodes.append(c)
                elif ct == "variable_assignment" and not seen_name:
                    assign_nodes.append(c)
                elif ct == "variable_assignments":
                    assign_nodes.extend(x for x in c.named_children if x.type == "variable_assignment")
                elif ct == "comment":
                    continue
                else:
                    if ct == "command_name":
                        seen_name = True
                    word_nodes.append(c)
        else:
            for c in node.children:
                ct = c.type
                if ct in _REDIRECT_TYPES:
                    redirect_nodes.append(c)
                elif ct == "comment":
                    continue
                else:
                    word_nodes.append(c)
        nb0 = node.start_byte
        nb1 = node.end_byte
        if parent is None or parent.type == "list":
            # the redirected statement this command is the body of, looked up
            # (``node.parent`` walks down from the root: quadratic on nested
            # $( ), issue 29); None where it is not one, like any other parent
            parent = self._redirect_parents.get((nb0, nb1, t))
        if parent is not None and parent.type == "redirected_statement":
            body = parent.child_by_field_name("body")
            if body is not None and body.type == "list":
                body = list_tail(body)  # `a && b > f`: the redirect is b's (see list_tail)
            if body is not None and body.start_byte == nb0 and body.end_byte == nb1:
                for c in parent.children:
                    if c.type in ("file_redirect", "heredoc_redirect", "herestring_redirect"):
                        redirect_nodes.append(c)
        extra = False
        for r in redirect_nodes:
            if r.type != "file_redirect":
                continue
            cnt = r.named_child_count
            # two named children, the first a descriptor (the wrapper's `2>&1`): one target
            if cnt > 2 or (cnt == 2 and r.child(0).type != "file_descriptor"):
                dests = [c for c in r.named_children if c.type != "file_descriptor"]
                if len(dests) > 1:
                    word_nodes.extend(dests[1:])
                    extra = True
        if extra:
            word_nodes.sort(key=lambda n: n.start_byte)
        static = self.static
        statics = [static(n) for n in word_nodes]
        if kind == "command" and statics and statics[0][0] is None:
            # `$(printf %s ev al) "…"`: a command word assembled from static text
            out = self._static_output(word_nodes[0])
            if out is None:
                out = self._static_variable_command(word_nodes[0])
            if out is not None:
                statics[0] = (out, out)
        sc = self.script
        s = nb0
        end_b = nb1
        for r in redirect_nodes:
            if r.end_byte > end_b:
                end_b = r.end_byte
        if not sc.ascii:
            s = sc.char(s)
            end_b = sc.char(end_b)
        cmd = SimpleCommand(
            self,
            node,
            kind,
            sc.step_of(s),
            s,
            end_b,
            word_nodes,
            assign_nodes,
            redirect_nodes,
            statics,
        )
        if kind == "test":
            cmd.name = statics[0][0] if statics else None
            cmd.name_index = 0 if statics else None
        else:
            sem = cmd.semantics
            cmd.name = sem.name
            cmd.name_index = sem.name_index
            cmd.wrappers = sem.wrappers
            cmd.dashdash = sem.dashdash
            if kind in ("declaration", "unset") and statics:
                cmd.name = statics[0][0]
                cmd.name_index = 0
        return cmd

    def _static_output(self, node) -> str | None:
        """What a command word made of one ``$(printf …)`` / ``$(echo …)`` with static
        arguments prints (the command it names), or None.  Only a result bash keeps as
        one word (no blank, no glob character) counts."""
        if node.type == "command_name" and node.named_child_count == 1:
            node = node.named_children[0]
        if node.type != "command_substitution" or node.named_child_count != 1:
            return None
        inner = node.named_children[0]
        if inner.type != "command":
            return None
        vals = []
        for c in inner.named_children:
            if c.type in _REDIRECT_TYPES or c.type == "variable_assignment":
                return None
            v = self.static(c)[0]
            if v is None:
                return None
            vals.append(v)
        out = _printed(vals)
        if out is None:
            return None
        out = out.rstrip("\n")
        if not out or any(ch in out for ch in " \t\n*?[") or len(out) > 64:
            return None
        return out

    def _static_variable_command(self, node) -> str | None:
        """``c=$(printf %s ev al); ${c:-} "…"``: a command word that is one variable, last
        assigned earlier in the same step a static word or a static ``$(printf …)``: that
        value (the command it names), or None."""
        if node.type == "command_name" and node.named_child_count == 1:
            node = node.named_children[0]
        if node.type == "string" and node.named_child_count == 1:
            node = node.named_children[0]
        if node.type not in ("simple_expansion", "expansion") or node.named_child_count != 1:
            return None
        var = node.named_children[0]
        if var.type != "variable_name":
            return None
        name = self.script.node_text(var)
        if self.script.node_text(node) not in (f"${name}", f"${{{name}}}", f"${{{name}:-}}", f"${{{name}-}}"):
            return None
        at = self.script.char(node.start_byte)
        step = self.script.step_of(at)
        if step is None:
            return None
        memo = self._assign_offsets
        offs = memo.get((step, name))
        if offs is None:
            s0, s1 = self.script.step_spans[step]
            pat = re.compile(rf"(?<![\w$-]){re.escape(name)}=")
            offs = memo[(step, name)] = [m.start() for m in pat.finditer(self.script.text, s0, s1)]
        k = bisect.bisect_left(offs, at)
        if k == 0:
            return None
        b = self.script.byte(offs[k - 1])
        n = self.script.root.descendant_for_byte_range(b, b + 1)
        while n is not None and n.type != "variable_assignment":
            n = n.parent
        if n is None or n.parent is None or n.parent.type == "command":
            return None  # `c=… cmd`: only cmd's environment
        val = n.child_by_field_name("value")
        if val is None:
            return None
        out = self._static_output(val) if val.type == "command_substitution" else self.static(val)[0]
        if not out or any(ch in out for ch in " \t\n*?[$`'\"\\") or len(out) > 64:
            return None
        return out

    def _flatten_test(self, node, out: list) -> None:
        for c in node.children:
            if c.type in ("binary_expression", "unary_expression", "parenthesized_expression"):
                self._flatten_test(c, out)
            elif c.type == "comment":
                continue
            else:
                out.append(c)

    def redirect(self, r) -> tuple:
        key = ("r", r.start_byte)
        hit = self._heredoc_cache.get(key)
        if hit is None:
            hit = self._heredoc_cache[key] = self._redirect_uncached(r)
        return hit

    def _redirect_uncached(self, r) -> tuple:
        op = None
        fd = None
        target = None
        extras = []
        dest_seen = False
        for i, c in enumerate(r.children):
            fname = r.field_name_for_child(i)
            if fname == "descriptor":
                fd = self.script.node_text(c)
            elif not c.is_named and op is None:
                op = c.type
            elif fname == "destination" or (r.type == "herestring_redirect" and c.is_named):
                if not dest_seen:
                    target = self.word(c, -1)
                    dest_seen = True
                elif r.type == "file_redirect":
                    extras.append(c)
        if r.type == "heredoc_redirect":
            op = op or "<<"
        rd = Redirect(op or "", fd, self.script.char(r.start_byte), self.script.char(r.end_byte), target)
        return rd, extras

    def heredoc(self, node) -> Heredoc:
        key = node.start_byte
        h = self._heredoc_cache.get(key)
        if h is not None:
            return h
        start_tok = None
        body = None
        endn = None
        strip = False
        for c in node.children:
            ct = c.type
            if ct == "heredoc_start":
                start_tok = c
            elif ct == "heredoc_body":
                body = c
            elif ct == "heredoc_end":
                endn = c
            elif ct == "<<-":
                strip = True
        raw = self.script.node_text(start_tok) if start_tok is not None else ""
        quoted = any(q in raw for q in ("'", '"', "\\"))
        delim = raw.replace("'", "").replace('"', "").replace("\\", "")
        bs = self.script.char(body.start_byte) if body is not None else self.script.char(node.end_byte)
        be = self.script.char(body.end_byte) if body is not None else bs
        ok = False
        end_start = end_line_end = None
        if endn is not None:
            es = self.script.char(endn.start_byte)
            ls = self.script.text.rfind("\n", 0, es) + 1
            le = self.script.text.find("\n", es)
            le = len(self.script.text) if le < 0 else le
            line = self.script.text[ls:le]
            if strip:
                line = line.lstrip("\t")
            ok = line == delim
            end_start, end_line_end = es, le
        h = Heredoc(
            self.script.char(node.start_byte),
            self.script.char(node.end_byte),
            delim,
            quoted,
            strip,
            bs,
            be,
            endn is not None,
            ok,
            self.script.step_of(self.script.char(node.start_byte)),
            end_start,
            end_line_end,
        )
        self._heredoc_cache[key] = h
        return h

    def pipeline_of(self, cmd: SimpleCommand) -> list:
        """The flattened stages of ``cmd``'s pipeline, computed once per pipeline
        (every stage shares the list: a 5,000-stage pipeline was quadratic)."""
        hit = self._pipelines.get(id(cmd))
        if hit is not None:
            return hit[0]
        top = cmd.node
        p = top.parent
        while p is not None:
            if p.type == "list":
                # `a && b < f | c`: tree-sitter's redirected_statement holds the list, and the
                # pipeline holds that; b is the list's last command, the pipeline's first stage
                # (_redirect_parents maps such a last command to the statement: list_tail)
                r = self._redirect_parents.get((top.start_byte, top.end_byte, top.type))
                if r is None or r.type != "redirected_statement":
                    break
                p = r
                continue
            if p.type not in ("pipeline", "redirected_statement"):
                break
            top = p
            p = p.parent
        stages: list = []
        self._flatten_pipeline(top, stages)
        for k, c in enumerate(stages):
            self._pipelines.setdefault(id(c), (stages, k))
        if id(cmd) not in self._pipelines:
            self._pipelines[id(cmd)] = ([cmd], 0)
        return self._pipelines[id(cmd)][0]

    def stage_index(self, cmd: SimpleCommand) -> int | None:
        stages = self.pipeline_of(cmd)
        hit = self._pipelines.get(id(cmd))
        return hit[1] if hit is not None and hit[0] is stages else None

    def later_stages(self, cmd: SimpleCommand) -> Iterator[SimpleCommand]:
        """The stages after ``cmd`` in its pipeline (a generator: callers stop early, and a
        slice per stage would make a long pipeline quadratic)."""
        if cmd.step is not None and cmd.step not in self.script.pipe_steps:
            return
        k = self.stage_index(cmd)
        if k is None:
            return
        stages = self.pipeline_of(cmd)
        for j in range(k + 1, len(stages)):
            yield stages[j]

    def stage_commands(self, n) -> list:
        """The simple commands of the pipeline stage at node ``n`` (a command, a pipeline)."""
        out: list = []
        self._flatten_pipeline(n, out)
        return out

    def _flatten_pipeline(self, n, out: list) -> None:
        t = n.type
        if t == "pipeline":
            for c in n.named_children:
                self._flatten_pipeline(c, out)
        elif t == "redirected_statement":
            body = n.child_by_field_name("body")
            if body is not None and body.type == "list":
                body = list_tail(body)  # only the list's last command is a stage (list_tail)
            if body is not None:
                self._flatten_pipeline(body, out)
            # tree-sitter puts `| next` after a heredoc start inside the heredoc_redirect
            for c in n.children:
                if c.type == "heredoc_redirect":
                    for g in c.children:
                        if g.type == "pipeline":
                            self._flatten_pipeline(g, out)
        elif t in ("command", "declaration_command", "unset_command", "test_command"):
            out.append(self.command(n))

    @cached_property
    def commands(self) -> list:
        """Every simple command inside the steps, in script order."""
        caps = self.script.nodes.get("c", ())
        out: list = []
        for n in caps:
            s = self.script.char(n.start_byte)
            if self.script.step_of(s) is None:
                continue
            out.append(self.command(n))
        out.sort(key=lambda c: c.start)
        return out

    def commands_in_step(self, step: int) -> list:
        return [c for c in self.commands if c.step == step]

    def command_at(self, offset: int) -> SimpleCommand | None:
        """The innermost simple command containing script ``offset``."""
        best = None
        for c in self.commands:
            if c.start <= offset < c.end and (best is None or c.end - c.start <= best.end - best.start):
                best = c
        return best

    @cached_property
    def heredocs(self) -> list:
        if "<<" not in self.script.text:
            return []
        out = []
        for n in self.script.nodes.get("h", ()):
            h = self.heredoc(n)
            if h.step is not None:
                out.append(h)
        out.sort(key=lambda h: h.start)
        return out
