"""Bash template engine: where every placeholder really lands.

``analyze(tpl)`` renders the template's steps exactly like utcp-cli 1.1.5 does
(:func:`utcp_lint.executor.render.render`, fixed nonce), parses the whole
script ONCE with tree-sitter-bash and, for every variable reference the
runtime emitted, reads its real context from the parse tree: its quoting as
bash sees it (which is not always what the runtime's naive quote tracker
believed), the simple command and argv word holding it, arithmetic contexts,
redirections, heredocs, and the *sinks* -- places where bash or another
program evaluates the value again (``eval``, ``bash -c``, ``python3 -c``,
``$(( ))`` ...).

Rules never parse: they read :class:`BashAnalysis`.  The API is documented in
``docs/design/bash-engine.md`` and kept stable for the other rule families
(option injection, declarations).

Offsets: every ``*_start``/``*_end`` without a prefix is a code-point offset
into :attr:`BashAnalysis.script`; ``template_start``/``template_end`` are
code-point offsets into the step's decoded command string (what
``RULE.at_template`` takes).  Byte offsets (tree-sitter) never leave this
module.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable, Optional

from . import bash_commands as bc

__all__ = [
    "analyze", "analyze_commands", "analyze_rendered", "BashAnalysis", "Ref", "Word",
    "SimpleCommand", "Redirect", "Heredoc", "Sink", "Breakage", "get_parser",
    "UNQUOTED", "DOUBLE", "SINGLE", "ANSI_C", "HEREDOC_UNQUOTED", "HEREDOC_QUOTED", "COMMENT",
    "ESCAPED", "UNKNOWN", "EXPANDING", "LITERAL",
    "SHELL_CODE", "INTERP_CODE", "STDIN_CODE", "COMMAND_NAME", "FILE_WRITE", "VARIABLE_NAME",
    "ARITHMETIC",
]

# ---------------------------------------------------------------------------
# vocabulary
# ---------------------------------------------------------------------------

# real quoting of a reference, as bash parses the rendered script
UNQUOTED = "unquoted"
DOUBLE = "double-quoted"
SINGLE = "single-quoted"  # inside '...': never substituted
ANSI_C = "ansi-c"  # inside $'...': never substituted
HEREDOC_UNQUOTED = "heredoc-unquoted"  # body of <<EOF: expanded
HEREDOC_QUOTED = "heredoc-quoted"  # body of <<'EOF': never substituted
COMMENT = "comment"  # inside a # comment: dropped
ESCAPED = "escaped"  # \$ : literal text
UNKNOWN = "unknown"  # not found in the parse (syntax error region)
EXPANDING = frozenset({UNQUOTED, DOUBLE, HEREDOC_UNQUOTED})
LITERAL = frozenset({SINGLE, ANSI_C, HEREDOC_QUOTED, ESCAPED})

SHELL_CODE = bc.SHELL_CODE
INTERP_CODE = bc.INTERP_CODE
STDIN_CODE = bc.STDIN_CODE
COMMAND_NAME = bc.COMMAND_NAME
FILE_WRITE = bc.FILE_WRITE
VARIABLE_NAME = bc.VARIABLE_NAME
ARITHMETIC = bc.ARITHMETIC

# arithmetic context details
ARITH_EXPANSION = "arithmetic expansion $(( ))"
ARITH_COMMAND = "arithmetic command (( ))"
ARITH_FOR = "for (( )) header"
ARITH_TEST = "[[ ]] arithmetic comparison"
ARITH_DECLARE = "declare -i assignment"
ARITH_INTVAR = "assignment to an integer variable"
ARITH_SUBSCRIPT = "array subscript"
ARITH_SUBSTRING = "${var:offset:length}"
ARITH_TEST_OPS = frozenset({"-eq", "-ne", "-lt", "-le", "-gt", "-ge"})
PATTERN_OPS = frozenset({"==", "!=", "=", "=~"})
WRITE_REDIRECTS = frozenset({">", ">>", ">|", "&>", "&>>", "<>", ">&"})
DECLARATION_BUILTINS = frozenset({"declare", "typeset", "local", "export", "readonly"})

_MISPLACED_RESERVED = frozenset({"in", "fi", "}", "]]", "then", "else", "do", "done", "esac", "elif"})
_RESERVED_RE = re.compile(r"(?<![\w$-])(?:in|fi|then|else|elif|do|done|esac|\]\]|\})(?![\w=-])")
_REDIRECT_TYPES = frozenset({"file_redirect", "heredoc_redirect", "herestring_redirect"})
_REF_RE = re.compile(r"\$(\{)?([A-Za-z_][A-Za-z0-9_]*)")
_FUNC_RE = re.compile(r"\(\s*\)|\bfunction\s")
_POS_RE = re.compile(r"\$\{([0-9@*])|\$([@*])")
_CMD_OUT_RE = re.compile(r"CMD_(\d+)_OUTPUT\Z")
_LOST_DASHES = re.compile(rb"(?:[ \t]+-)+(?=[ \t]+[0-9]*[<>])")
_ASSOC_RE = re.compile(r"\b(?:declare|typeset|local)\s+(?:-[A-Za-z]*\s+)*-[A-Za-z]*A")
_INTDECL_RE = re.compile(r"\b(?:declare|typeset|local|export|readonly)\s+(?:-[A-Za-z]*\s+)*"
                         r"-[A-Za-z]*i")

# ---------------------------------------------------------------------------
# tree-sitter (one Language and Parser per process)
# ---------------------------------------------------------------------------

_PARSER = None
_QUERIES: dict = {}


_TS_SURROGATE = re.compile("[\ud800-\udfff]")
_TS_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


def _ts_safe(script: str) -> str:
    """The text tree-sitter parses, made safe for it with every offset kept.

    * A lone surrogate (a manual's ``"\\ud800"`` escape) becomes U+FFFD: same
      code-point length, same UTF-8 length (3 bytes), so tree-sitter never
      splits an invalid sequence (fuzz: UnicodeDecodeError in ``_text``).
    * Every astral code point becomes U+1F600 (also 1 code point, 4 bytes):
      tree-sitter-bash 0.25 reads out of bounds and segfaults on ``{``
      followed by some of them (e.g. U+CA185, U+2C6CF; scripts/fuzz_million.py
      found it).  Measured safe in 30,000 fuzzed contexts.
    See docs/design/hardening.md.
    """
    if script.isascii():
        return script
    return _TS_ASTRAL.sub("\U0001f600", _TS_SURROGATE.sub("\ufffd", script))


def get_parser():
    """The process-wide tree-sitter-bash parser (created on first use)."""
    global _PARSER
    if _PARSER is None:
        import tree_sitter_bash
        from tree_sitter import Language, Parser
        _PARSER = Parser(Language(tree_sitter_bash.language()))
    return _PARSER


def _query(src: str):
    q = _QUERIES.get(src)
    if q is None:
        from tree_sitter import Query, QueryCursor
        get_parser()
        import tree_sitter_bash
        from tree_sitter import Language
        q = (Query(Language(tree_sitter_bash.language()), src), QueryCursor)
        _QUERIES[src] = q
    return q


def _captures(src: str, node) -> dict:
    query, cursor_cls = _query(src)
    return cursor_cls(query).captures(node)


# ---------------------------------------------------------------------------
# model
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Sink:
    """A place where the value is evaluated again or used as something it should not be."""

    kind: str  # ARITHMETIC | SHELL_CODE | INTERP_CODE | STDIN_CODE | COMMAND_NAME | FILE_WRITE | VARIABLE_NAME
    detail: str  # human readable ("bash -c code string", "array subscript", ...)
    confidence: str = "high"
    command: Optional["SimpleCommand"] = field(default=None, compare=False, repr=False)
    # value flow: ((label, script_start, script_end), …) from the placeholder to this sink
    # when it is reached through shell variables (see valueflow.py); () for a direct use
    chain: tuple = field(default=(), compare=False, repr=False)


@dataclass(eq=False, slots=True)
class Word:
    """One word of a simple command's argv, as written (before expansion)."""

    index: int  # position in SimpleCommand.words (0 = the command word as written)
    start: int
    end: int
    text: str  # script text of the word
    value: Optional[str]  # value after quote removal when the word is static, else None
    prefix: str  # static text before the first expansion ("of=" in of="$V")
    node_type: str
    placeholder_ids: tuple = ()  # indices into BashAnalysis.placeholders (textually inside)

    @property
    def static(self) -> bool:
        return self.value is not None


@dataclass(eq=False)
class Redirect:
    op: str  # '>', '>>', '<', '&>', '>&', '<<', '<<-', '<<<', ...
    fd: Optional[str]
    start: int
    end: int
    target: Optional[Word]  # destination word (file redirects, here-strings)

    @property
    def writes(self) -> bool:
        return self.op in WRITE_REDIRECTS


@dataclass(eq=False)
class Heredoc:
    start: int  # the << operator
    end: int
    delimiter: str
    quoted: bool  # <<'EOF' / <<"EOF" / <<\EOF: body is literal
    strip_tabs: bool  # <<-
    body_start: int
    body_end: int
    terminated: bool  # tree-sitter found an end line
    end_line_ok: bool  # the end line is exactly the delimiter (what bash requires)
    step: Optional[int] = None
    end_start: Optional[int] = None
    end_line_end: Optional[int] = None


class SimpleCommand:
    """One simple command (or declaration/unset/test command) inside a step.

    ``name``/``name_index``/``wrappers``/``dashdash``/``semantics`` are computed
    when the command is built; ``words``, ``assignments``, ``redirects`` and
    ``heredocs`` are materialised on first access.
    """

    def __init__(self, analysis, node, kind: str, step: Optional[int], start: int, end: int,
                 word_nodes: list, assign_nodes: list, redirect_nodes: list, statics: list):
        self.kind = kind  # "command" | "declaration" | "unset" | "test"
        self.step = step
        self.start = start
        self.end = end
        self._analysis = analysis
        self._node = node
        self._word_nodes = word_nodes
        self._assign_nodes = assign_nodes
        self._redirect_nodes = redirect_nodes
        self._statics = statics  # [(value or None, prefix)] per word
        self._sem: Optional[bc.Semantics] = None
        self._word_starts: Optional[list] = None
        self.name: Optional[str] = None  # resolved command basename (wrappers looked through)
        self.name_index: Optional[int] = None  # index in words of the resolved command word
        self.wrappers: tuple = ()  # wrapper basenames looked through
        self.dashdash: Optional[int] = None  # index of the first literal `--` after the name

    def __repr__(self) -> str:
        return (f"SimpleCommand(kind={self.kind!r}, step={self.step}, name={self.name!r}, "
                f"start={self.start}, end={self.end})")

    @cached_property
    def values(self) -> list:
        """Static value of each word (None where the word holds an expansion)."""
        return [v for v, _p in self._statics]

    @property
    def semantics(self) -> bc.Semantics:
        if self._sem is None:
            if self.kind == "test":
                self._sem = bc.Semantics(self._statics[0][0] if self._statics else None, 0, ())
            else:
                self._sem = bc.semantics(bc.Argv([v for v, _p in self._statics],
                                                 [p for _v, p in self._statics]))
        return self._sem

    @cached_property
    def words(self) -> list:
        """list[Word]: argv as bash builds it; words[0] is the command word as written."""
        a = self._analysis
        return [a._word(n, i, st) for i, (n, st) in enumerate(zip(self._word_nodes, self._statics))]

    @cached_property
    def assignments(self) -> list:
        """list[Word]: the NAME=value prefixes."""
        a = self._analysis
        return [a._word(n, -1) for n in self._assign_nodes]

    @cached_property
    def redirects(self) -> list:
        """list[Redirect], heredocs and here-strings included."""
        a = self._analysis
        return [a._redirect(r)[0] for r in self._redirect_nodes]

    @cached_property
    def heredocs(self) -> list:
        a = self._analysis
        return [a._heredoc(r) for r in self._redirect_nodes if r.type == "heredoc_redirect"]

    @property
    def args(self) -> list:
        """Words after the resolved command word."""
        if self.name_index is None:
            return []
        return self.words[self.name_index + 1:]

    def word_at(self, offset: int) -> Optional[Word]:
        """The word containing script offset ``offset``."""
        i = self._word_index_at_byte(self._analysis._off.b(offset))
        return self.words[i] if i is not None else None

    def _word_index_at_byte(self, b: int) -> Optional[int]:
        starts = self._word_starts
        if starts is None:
            starts = self._word_starts = [n.start_byte for n in self._word_nodes]
        i = bisect.bisect_right(starts, b) - 1  # word nodes are in script order
        if i >= 0 and b < self._word_nodes[i].end_byte:
            return i
        return None

    @cached_property
    def pipeline(self) -> list:
        """The simple commands of this command's pipeline (itself included), in order."""
        return self._analysis._pipeline_of(self) if self._analysis is not None else [self]


@dataclass(eq=False)
class Ref:
    """One variable reference in a step: a placeholder the runtime emitted, or a
    ``$NAME``/``${NAME}`` the template author wrote (``kind == "variable"``)."""

    kind: str  # "placeholder" | "variable"
    name: str  # placeholder name / variable name
    step: int
    template_start: int
    template_end: int
    script_start: int  # placeholder: the emitted text ("$V" / ${V} / '"$V"'); variable: $NAME
    script_end: int
    ref_start: int  # script offset of the `$` bash sees
    state: Optional[str] = None  # runtime tracker state: normal | dq | sq (placeholders)
    env_var: Optional[str] = None
    quoting: str = UNKNOWN
    whole_word: bool = False
    context: str = "other"  # argv | assignment | redirect | heredoc | herestring | test | arithmetic | for-list | case | array | other
    command: Optional[SimpleCommand] = None
    word_index: Optional[int] = None  # index of the argv word holding it (command.words)
    assignment: Optional[str] = None  # NAME when inside the value of NAME=...
    arithmetic: Optional[str] = None  # ARITH_* detail when bash evaluates it arithmetically
    redirect: Optional[Redirect] = None
    heredoc: Optional[Heredoc] = None
    herestring: bool = False
    test: Optional[str] = None  # "[[" or "[" when inside a test command
    pattern: bool = False  # right-hand side of == != =~ in [[ ]] or a case pattern
    nested: bool = False  # inside a $( ) / ` ` / <( ) within the step
    outer_split: bool = False  # nested in a substitution whose result bash splits (unquoted $( ) argument)
    in_error: bool = False  # inside a tree-sitter ERROR region
    sinks: list = field(default_factory=list)
    cmd_output: Optional[int] = None  # N for $CMD_N_OUTPUT
    tainted_name: Optional[str] = None  # shell variable assigned from this placeholder
    # value flow: unquoted uses of a variable holding the value (split and globbed there):
    # [(variable name, the use Ref, chain)] (valueflow.py; reported by UL117)
    split_uses: list = field(default_factory=list)

    @property
    def expands(self) -> bool:
        return self.quoting in EXPANDING

    @property
    def word(self) -> Optional[Word]:
        """The argv word holding the reference (``command.words[word_index]``)."""
        if self.command is None or self.word_index is None:
            return None
        return self.command.words[self.word_index]

    def sinks_of(self, kind: str) -> list:
        return [s for s in self.sinks if s.kind == kind]

    @property
    def splits(self) -> bool:
        """bash word-splits and globs the value here."""
        if self.quoting != UNQUOTED or self.arithmetic:
            return False
        if self.context in ("argv", "for-list", "array", "redirect"):
            return True
        return False


@dataclass(eq=False)
class Breakage:
    """A structural problem of the rendered script."""

    kind: str  # comment-swallows-suffix | heredoc-terminator | heredoc-unterminated | parse-error
    step: Optional[int]
    template_start: int
    template_end: int
    script_start: int
    script_end: int
    message: str


# ---------------------------------------------------------------------------
# offsets
# ---------------------------------------------------------------------------


class _Offsets:
    __slots__ = ("ascii", "c2b")

    def __init__(self, script: str, data: bytes):
        self.ascii = len(data) == len(script)
        self.c2b: list = []
        if not self.ascii:
            acc = 0
            c2b = [0] * (len(script) + 1)
            for i, ch in enumerate(script):
                o = ord(ch)
                acc += 1 if o < 0x80 else 2 if o < 0x800 else 3 if o < 0x10000 else 4
                c2b[i + 1] = acc
            self.c2b = c2b

    def b(self, c: int) -> int:
        return c if self.ascii else self.c2b[c]

    def c(self, b: int) -> int:
        if self.ascii:
            return b
        i = bisect.bisect_left(self.c2b, b)
        return i


# ---------------------------------------------------------------------------
# the analysis
# ---------------------------------------------------------------------------


class BashAnalysis:
    """Everything the bash rules need to know about one template."""

    def __init__(self, rendered, commands: Optional[list] = None):
        self.rendered = rendered
        self.script: str = rendered.script
        self.env: dict = dict(rendered.env)
        self.step_spans: list = list(rendered.step_spans)
        self.error: Optional[str] = getattr(rendered, "error", None)
        self.step_commands: list = list(commands) if commands is not None else []
        self._spans = list(rendered.spans)
        self._spans_by_step: dict = {}
        for sp in self._spans:
            self._spans_by_step.setdefault(sp.step, []).append(sp)
        self._span_starts = [sp.script_start for sp in self._spans]
        self._step_starts = [s for s, _ in self.step_spans]
        self._cmd_cache: dict = {}
        self._pipelines: dict = {}  # id(SimpleCommand) -> (stages, index)
        self._step_idx: dict = {}
        self._heredoc_cache: dict = {}
        data = _ts_safe(self.script).encode("utf-8")
        self._data = data
        self._off = _Offsets(self.script, data)
        self.tree = get_parser().parse(self._parse_copy(data))
        self.root = self.tree.root_node
        self.has_error: bool = self.root.has_error
        self.placeholders: list = [self._placeholder_ref(i, sp) for i, sp in enumerate(self._spans)]
        self.guards: list = []  # valueflow.Guard: checks of a value that end the step when they fail
        self.flow_uses: list = []  # valueflow: (variable Ref, placeholder Ref, name, names) argv uses
        from . import valueflow
        valueflow.propagate(self)
        self.breakages: list = self._find_breakages()

    def _parse_copy(self, data: bytes) -> bytes:
        """The bytes tree-sitter parses: the script with every step wrapper
        ``CMD_i_OUTPUT=$(`` rewritten as ``CMD_i_OUTPU=$( `` (same length).

        A step starting with ``(`` renders as ``$((...``; bash tries arithmetic,
        fails and re-reads it as a command substitution, tree-sitter does not
        (measured: see docs/design/bash-engine.md).  A blank after ``$(`` means
        the same to bash and keeps every offset of the step text unchanged.
        """
        # (a `_OUTPUT=$(` inside a step changes the same way: same length, same structure)
        if b"\nCMD_0_OUTPUT=$(" not in data:
            self._wrapper_shift = 0
            return data
        self._wrapper_shift = 1
        return data.replace(b"_OUTPUT=$(", b"_OUTPU=$( ")

    # ---- text helpers ---------------------------------------------------
    def _text(self, node) -> str:
        return self._data[node.start_byte:node.end_byte].decode("utf-8", "surrogatepass")

    def _c(self, b: int) -> int:
        off = self._off
        return b if off.ascii else off.c(b)

    def step_of(self, offset: int) -> Optional[int]:
        """The step whose substituted command contains script ``offset``."""
        i = bisect.bisect_right(self._step_starts, offset) - 1
        if i >= 0 and self.step_spans[i][0] <= offset <= self.step_spans[i][1]:
            return i
        return None

    def _step_index(self, step: int) -> tuple:
        """(span script starts, cumulative template-minus-script delta after each span)."""
        idx = self._step_idx.get(step)
        if idx is None:
            spans = self._spans_by_step.get(step, ())
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
            sp = self._spans_by_step[step][k]
            if offset < sp.script_end:
                return sp.template_start
            delta = deltas[k]
        t = offset - base + delta
        if self.step_commands and step < len(self.step_commands):
            t = min(max(t, 0), len(self.step_commands[step]))
        return max(t, 0)

    def to_template_span(self, step: int, start: int, end: int) -> tuple:
        s = self.to_template(step, start)
        e = self.to_template(step, end)
        # an end inside a reference maps to the placeholder's end
        starts, _d = self._step_index(step)
        k = bisect.bisect_left(starts, end) - 1  # last span starting before end
        if k >= 0:
            sp = self._spans_by_step[step][k]
            if sp.script_start < end <= sp.script_end:
                e = sp.template_end
        return s, max(e, s)

    # ---- references -----------------------------------------------------
    def _placeholder_ref(self, i: int, sp) -> Ref:
        st = sp.state
        dollar = sp.script_start + (1 if st == "normal" else 0 if st == "dq" else 2)
        ref = Ref("placeholder", sp.name, sp.step, sp.template_start, sp.template_end,
                  sp.script_start, sp.script_end, dollar, state=st, env_var=sp.env_var)
        self._classify(ref, sp.env_var)
        return ref

    @cached_property
    def variables(self) -> list:
        """Every other ``$NAME`` / ``${NAME...}`` reference written in a step
        (``$CMD_N_OUTPUT`` included, see :attr:`cmd_outputs`)."""
        out = []
        for step, (s0, s1) in enumerate(self.step_spans):
            text = self.script[s0:s1]
            if "$" not in text:
                continue
            spans = self._spans_by_step.get(step, ())
            sp_starts = [sp.script_start for sp in spans]
            for m in _REF_RE.finditer(text):
                a = s0 + m.start()
                k = bisect.bisect_right(sp_starts, a) - 1
                if k >= 0 and a < spans[k].script_end:
                    continue
                name = m.group(2)
                end = s0 + m.end()
                if m.group(1):
                    close = self.script.find("}", end, s1)
                    end = close + 1 if close >= 0 else end
                ts, te = self.to_template_span(step, a, end)
                ref = Ref("variable", name, step, ts, te, a, end, a)
                cm = _CMD_OUT_RE.match(name)
                if cm:
                    ref.cmd_output = int(cm.group(1))
                self._classify(ref, name)
                out.append(ref)
        return out

    @property
    def cmd_outputs(self) -> list:
        """``$CMD_N_OUTPUT`` references (``Ref.cmd_output`` = N)."""
        return [r for r in self.variables if r.cmd_output is not None]

    def placeholders_in(self, start: int, end: int) -> list:
        """Placeholder references whose emitted text lies inside script ``[start, end)``."""
        return [self.placeholders[k] for k in self._placeholder_ids(start, end)]

    def _placeholder_ids(self, start: int, end: int) -> tuple:
        if not self._spans:
            return ()
        lo = bisect.bisect_left(self._span_starts, start)
        out = []
        for k in range(lo, len(self._spans)):
            sp = self._spans[k]
            if sp.script_start >= end:
                break
            if sp.script_end <= end:
                out.append(k)
        return tuple(out)

    # ---- classification -------------------------------------------------
    def _path(self, b: int) -> list:
        """Nodes from the root down to the deepest node containing byte ``b``.

        One cursor descent: tree-sitter 0.25 nodes have no parent pointer
        (``node.parent`` walks down from the root every time), so every upward
        walk of the classification reads this list instead."""
        cur = self.root.walk()
        path = [cur.node]
        while cur.goto_first_child_for_byte(b) is not None:
            n = cur.node
            if n.start_byte > b:
                break
            path.append(n)
        return path

    def _classify(self, ref: Ref, var: str) -> None:
        b = self._off.b(ref.ref_start)
        path = self._path(b)
        k = len(path) - 1
        n = path[k]
        t = n.type
        e = None
        if t in ("$", "${"):
            if k > 0 and path[k - 1].type in ("simple_expansion", "expansion") and \
                    path[k - 1].start_byte == b:
                e = k - 1
        elif t in ("simple_expansion", "expansion") and n.start_byte == b:
            e = k
        # a heredoc body (not inside a substitution within it)?
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
                if b > 0 and self._data[b - 1:b] == b"\\":
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
        while k > body.start_byte and self._data[k - 1:k] == b"\\":
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
            if body_cmd is not None and body_cmd.type in ("command", "declaration_command",
                                                          "unset_command"):
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
        wrapper_b = None
        step = ref.step
        if step is not None and step < len(self.step_spans):
            wrapper_b = self._off.b(self.step_spans[step][0] - 2 - self._wrapper_shift)
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
                # ${var:offset:length}: children after a bare ':' operator
                op = None
                for c in p.children:
                    if c.start_byte >= child.start_byte:
                        break
                    if not c.is_named:
                        op = c.type
                if op == ":":
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
                if word_node is None and child.type not in ("variable_assignment", "file_redirect",
                                                             "heredoc_redirect", "herestring_redirect") \
                        and assign_node is None:
                    word_node = child
                elif t == "declaration_command" and assign_node is not None and word_node is None:
                    word_node = assign_node
                break
            elif t == "redirected_statement":
                body = p.child_by_field_name("body")
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
                if val is not None and child.start_byte <= val.start_byte < child.end_byte or (
                        val is not None and child.start_byte == val.start_byte):
                    context = "case"
                    pattern = quoting == UNQUOTED
                break
            elif t in ("program", "ERROR", "function_definition", "pipeline", "list", "subshell",
                       "do_group", "if_statement", "while_statement", "elif_clause",
                       "else_clause", "negated_command"):
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
                return child.type not in ("variable_assignment", "variable_assignments",
                                          "herestring_redirect", "heredoc_redirect")
            elif t in ("for_statement", "array", "file_redirect"):
                return True
            elif t in ("variable_assignment", "declaration_command", "herestring_redirect",
                       "test_command", "case_statement", "case_item", "arithmetic_expansion",
                       "compound_statement", "program", "list", "pipeline",
                       "redirected_statement", "subshell", "do_group", "ERROR"):
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

    # ---- values kept in variables (valueflow.py) ----------------------------
    @cached_property
    def _has_read(self) -> bool:
        """The script runs ``read``/``mapfile``/``readarray`` somewhere (value-flow prefilter)."""
        return "read" in self.script or "mapfile" in self.script

    @cached_property
    def _functions(self) -> dict:
        """name -> [(body start, body end)] of the shell functions defined in the steps."""
        if not _FUNC_RE.search(self.script):
            return {}
        out: dict = {}
        for n in _captures("(function_definition) @f", self.root).get("f", []):
            nm = n.child_by_field_name("name")
            body = n.child_by_field_name("body")
            if nm is None or body is None or self.step_of(self._c(n.start_byte)) is None:
                continue
            out.setdefault(self._text(nm), []).append((self._c(body.start_byte), self._c(body.end_byte)))
        return out

    def _positional_refs(self) -> list:
        """References to positional parameters (``${1:-}``, ``"$@"``, ``$*``) inside
        function bodies (the client eats ``$1``, so the working forms are these)."""
        out: list = []
        if not self._functions:
            return out
        for spans in self._functions.values():
            for bs, be in spans:
                step = self.step_of(bs)
                if step is None:
                    continue
                for m in _POS_RE.finditer(self.script, bs, be):
                    a = m.start()
                    name = m.group(1) or m.group(2)
                    end = m.end()
                    if m.group(1):
                        close = self.script.find("}", end, be)
                        end = close + 1 if close >= 0 else end
                    ts, te = self.to_template_span(step, a, end)
                    ref = Ref("variable", name, step, ts, te, a, end, a)
                    self._classify(ref, name)
                    out.append(ref)
        return out

    def _arith_at(self, path: list) -> Optional[str]:
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
            if t in ("string", "raw_string", "command_substitution", "process_substitution",
                     "program", "heredoc_body", "comment"):
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
                op = None
                for c in p.children:
                    if c.start_byte >= child.start_byte:
                        break
                    if not c.is_named:
                        op = c.type
                return ARITH_SUBSTRING if op == ":" else None
            if t == "binary_expression":
                op = p.child_by_field_name("operator")
                if op is not None and op.type == "test_operator" and self._text(op) in ARITH_TEST_OPS:
                    for q in range(j - 1, -1, -1):
                        if path[q].type == "test_command":
                            first = path[q].child(0)
                            return ARITH_TEST if first is not None and first.type == "[[" else None
                        if path[q].type not in ("binary_expression", "parenthesized_expression",
                                                "unary_expression"):
                            return None
                    return None
            if t in ("command", "declaration_command", "unset_command", "test_command",
                     "variable_assignment", "redirected_statement", "list", "pipeline"):
                if t == "command":
                    nm = p.child_by_field_name("name")
                    if nm is not None and self._text(nm) == "let" and child is not nm:
                        return "let expression"
                return None
            child = p
        return None

    @cached_property
    def _assoc_arrays(self) -> frozenset:
        if not _ASSOC_RE.search(self.script):
            return frozenset()
        return self._declared_names("A")

    @cached_property
    def _int_vars(self) -> frozenset:
        if not _INTDECL_RE.search(self.script):
            return frozenset()
        return self._declared_names("i")

    def _declared_names(self, flag: str) -> frozenset:
        names = set()
        for node in _captures("(declaration_command) @d", self.root).get("d", []):
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

    # ---- sinks ----------------------------------------------------------
    def _sinks(self, ref: Ref, cmd: Optional[SimpleCommand], name_ctx: Optional[str]) -> list:
        sinks: list = []
        if ref.arithmetic:
            sinks.append(Sink(ARITHMETIC, ref.arithmetic, "high", cmd))
        if name_ctx and (ref.test == "[[" or ref.test == "[" or ref.assignment is not None):
            sinks.append(Sink(VARIABLE_NAME, name_ctx, "high", cmd))
        if cmd is None:
            return sinks
        sem = cmd.semantics
        wi = ref.word_index
        conf_part = "high" if ref.whole_word else "medium"
        if wi is not None:
            for role in sem.roles.get(wi, ()):
                if role.kind == ARITHMETIC and ref.arithmetic:
                    continue
                sinks.append(Sink(role.kind, role.detail, role.confidence, cmd))
            if cmd.kind == "command" and sem.name_index is not None and wi == sem.name_index \
                    and sem.name is None:
                sinks.append(Sink(COMMAND_NAME, "command name" + (
                    f" (after {' '.join(sem.wrappers)})" if sem.wrappers else ""), conf_part, cmd))
            kw = cmd._statics[0][0] if cmd._statics else None
            if cmd.kind == "declaration" and wi > 0 and ref.assignment is None and \
                    kw in ("declare", "typeset", "local"):
                # `declare "$V"=x` evaluates a subscript in the name; `declare "$V"`,
                # `export`/`readonly` reject it first (measured with bash 5.2)
                pre = cmd._statics[wi][1]
                w_end = self._c(cmd._word_nodes[wi].end_byte)
                if "=" not in pre and not pre.startswith("-") and "=" in self.script[ref.script_end:w_end]:
                    sinks.append(Sink(VARIABLE_NAME, f"{kw} variable name", "high", cmd))
        if ref.redirect is not None and ref.redirect.writes and ref.context == "redirect":
            if ref.redirect.op != ">&" or not (ref.redirect.target and ref.redirect.target.value):
                sinks.append(Sink(FILE_WRITE, f"output redirection {ref.redirect.op}",
                                  self._path_confidence(ref), cmd))
        # code reaching a reader through standard input
        feeds = False
        if ref.heredoc is not None and ref.quoting == HEREDOC_UNQUOTED:
            feeds = True
        elif ref.herestring:
            feeds = True
        if feeds:
            if sem.stdin_code:
                via = "here-string" if ref.herestring else "heredoc"
                sinks.append(Sink(STDIN_CODE, f"{via} read by {sem.stdin_code}", sem.stdin_confidence, cmd))
            elif sem.xargs_code:
                via = "here-string" if ref.herestring else "heredoc"
                sinks.append(Sink(STDIN_CODE, f"{via} read by xargs, which pastes each line into the "
                                  f"{sem.xargs_code}", "high", cmd))
            elif sem.name in bc.PASS_THROUGH:
                s = self._downstream_sink(cmd, "heredoc" if ref.heredoc else "here-string")
                if s:
                    sinks.append(s)
        elif wi is not None and sem.name in bc.PRINTERS and sem.name_index is not None \
                and wi > sem.name_index and not sem.roles.get(wi):
            s = self._downstream_sink(cmd, sem.name + " output")
            if s:
                sinks.append(s)
        return sinks

    def _path_confidence(self, ref: Ref) -> str:
        if ref.whole_word:
            return "high"
        return "medium"

    def _downstream_sink(self, cmd: SimpleCommand, via: str) -> Optional[Sink]:
        stages = self._pipeline_of(cmd)
        k = self._stage_index(cmd)
        if k is None:
            return None
        for nxt in stages[k + 1:]:
            sem = nxt.semantics
            if sem.stdin_code:
                return Sink(STDIN_CODE, f"{via} piped into {sem.stdin_code}", sem.stdin_confidence, nxt)
            if sem.xargs_code:
                return Sink(STDIN_CODE, f"{via} piped into xargs, which pastes each line into the "
                            f"{sem.xargs_code}", "high", nxt)
            if sem.name in bc.PASS_THROUGH:
                continue
            return None
        return None

    # ---- commands -------------------------------------------------------
    def _command(self, node, parent=None) -> Optional[SimpleCommand]:
        """The (cached) model of a command node; ``parent`` saves a ``node.parent``."""
        if node is None:
            return None
        key = (node.start_byte, node.end_byte, node.type)
        cmd = self._cmd_cache.get(key)
        if cmd is None:
            cmd = self._build_command(node, parent)
            self._cmd_cache[key] = cmd
        return cmd

    def _word(self, node, index: int, static: Optional[tuple] = None) -> Word:
        s = self._c(node.start_byte)
        e = self._c(node.end_byte)
        value, prefix = static if static is not None else self._static(node)
        return Word(index, s, e, self.script[s:e], value, prefix, node.type,
                    self._placeholder_ids(s, e))

    def _static(self, node) -> tuple:
        """(value or None, static prefix) of a word node."""
        t = node.type
        if t in ("word", "number", "test_operator", "variable_name", "extglob_pattern", "regex"):
            tx = self._text(node)
            if "\\" in tx:
                tx = _unescape_word(tx)
            return tx, tx
        if not node.is_named:
            tx = self._text(node)
            return tx, tx
        if t == "raw_string":
            tx = self._text(node)[1:-1]
            return tx, tx
        if t == "string":
            parts = []
            for c in node.children:
                ct = c.type
                if ct == '"':
                    continue
                if ct == "string_content":
                    parts.append(_unescape_dq(self._text(c)))
                    continue
                return None, "".join(parts)
            v = "".join(parts)
            return v, v
        if t == "ansi_c_string":
            v = _ansi_c(self._text(node)[2:-1])
            return v, v
        if t == "translated_string":
            v, p = self._static(node.children[-1]) if node.child_count else (None, "")
            return v, p
        if t in ("concatenation", "command_name"):
            parts = []
            for c in node.children:
                v, p = self._static(c)
                if v is None:
                    return None, "".join(parts) + p
                parts.append(v)
            v = "".join(parts)
            return v, v
        if t == "variable_assignment":
            nm = node.child_by_field_name("name")
            val = node.child_by_field_name("value")
            name = self._text(nm) if nm is not None else ""
            # text between name and value is the operator (= or +=)
            op_end = val.start_byte if val is not None else node.end_byte
            op = self._data[nm.end_byte if nm is not None else node.start_byte:op_end].decode(
                "utf-8", "surrogatepass")
            if val is None:
                return name + op, name + op
            v, p = self._static(val)
            return (None if v is None else name + op + v), name + op + p
        return None, ""

    def _build_command(self, node, parent=None) -> SimpleCommand:
        t = node.type
        kind = {"command": "command", "declaration_command": "declaration",
                "unset_command": "unset", "test_command": "test"}.get(t, "command")
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
        if parent is None:
            parent = node.parent
        if parent is not None and parent.type == "redirected_statement":
            body = parent.child_by_field_name("body")
            if body is not None and body.start_byte == node.start_byte and body.end_byte == node.end_byte:
                for c in parent.children:
                    if c.type in ("file_redirect", "heredoc_redirect", "herestring_redirect"):
                        redirect_nodes.append(c)
        extra = False
        for r in redirect_nodes:
            if r.type == "file_redirect" and r.named_child_count > 1:
                dests = [c for c in r.named_children if c.type != "file_descriptor"]
                if len(dests) > 1:
                    word_nodes.extend(dests[1:])
                    extra = True
        if extra:
            word_nodes.sort(key=lambda n: n.start_byte)
        statics = [self._static(n) for n in word_nodes]
        s = self._c(node.start_byte)
        end_b = node.end_byte
        for r in redirect_nodes:
            if r.end_byte > end_b:
                end_b = r.end_byte
        cmd = SimpleCommand(self, node, kind, self.step_of(s), s, self._c(end_b), word_nodes,
                            assign_nodes, redirect_nodes, statics)
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

    def _flatten_test(self, node, out: list) -> None:
        for c in node.children:
            if c.type in ("binary_expression", "unary_expression", "parenthesized_expression"):
                self._flatten_test(c, out)
            elif c.type == "comment":
                continue
            else:
                out.append(c)

    def _redirect(self, r) -> tuple:
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
                fd = self._text(c)
            elif not c.is_named and op is None:
                op = c.type
            elif fname == "destination" or (r.type == "herestring_redirect" and c.is_named):
                if not dest_seen:
                    target = self._word(c, -1)
                    dest_seen = True
                elif r.type == "file_redirect":
                    extras.append(c)
        if r.type == "heredoc_redirect":
            op = op or "<<"
        rd = Redirect(op or "", fd, self._c(r.start_byte), self._c(r.end_byte), target)
        return rd, extras

    def _heredoc(self, node) -> Heredoc:
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
        raw = self._text(start_tok) if start_tok is not None else ""
        quoted = any(q in raw for q in ("'", '"', "\\"))
        delim = raw.replace("'", "").replace('"', "").replace("\\", "")
        bs = self._c(body.start_byte) if body is not None else self._c(node.end_byte)
        be = self._c(body.end_byte) if body is not None else bs
        ok = False
        end_start = end_line_end = None
        if endn is not None:
            es = self._c(endn.start_byte)
            ls = self.script.rfind("\n", 0, es) + 1
            le = self.script.find("\n", es)
            le = len(self.script) if le < 0 else le
            line = self.script[ls:le]
            if strip:
                line = line.lstrip("\t")
            ok = line == delim
            end_start, end_line_end = es, le
        h = Heredoc(self._c(node.start_byte), self._c(node.end_byte), delim, quoted, strip, bs, be,
                    endn is not None, ok, self.step_of(self._c(node.start_byte)), end_start,
                    end_line_end)
        self._heredoc_cache[key] = h
        return h

    def _pipeline_of(self, cmd: SimpleCommand) -> list:
        """The flattened stages of ``cmd``'s pipeline, computed once per pipeline
        (every stage shares the list: a 5,000-stage pipeline was quadratic)."""
        hit = self._pipelines.get(id(cmd))
        if hit is not None:
            return hit[0]
        top = cmd._node
        p = top.parent
        while p is not None and p.type in ("pipeline", "redirected_statement"):
            top = p
            p = p.parent
        stages: list = []
        self._flatten_pipeline(top, stages)
        for k, c in enumerate(stages):
            self._pipelines.setdefault(id(c), (stages, k))
        if id(cmd) not in self._pipelines:
            self._pipelines[id(cmd)] = ([cmd], 0)
        return self._pipelines[id(cmd)][0]

    def _stage_index(self, cmd: SimpleCommand) -> Optional[int]:
        stages = self._pipeline_of(cmd)
        hit = self._pipelines.get(id(cmd))
        return hit[1] if hit is not None and hit[0] is stages else None

    def _flatten_pipeline(self, n, out: list) -> None:
        t = n.type
        if t == "pipeline":
            for c in n.named_children:
                self._flatten_pipeline(c, out)
        elif t == "redirected_statement":
            body = n.child_by_field_name("body")
            if body is not None:
                self._flatten_pipeline(body, out)
            # tree-sitter puts `| next` after a heredoc start inside the heredoc_redirect
            for c in n.children:
                if c.type == "heredoc_redirect":
                    for g in c.children:
                        if g.type == "pipeline":
                            self._flatten_pipeline(g, out)
        elif t in ("command", "declaration_command", "unset_command", "test_command"):
            out.append(self._command(n))

    @cached_property
    def commands(self) -> list:
        """Every simple command inside the steps, in script order."""
        caps = _captures("[(command) (declaration_command) (unset_command) (test_command)] @c",
                         self.root).get("c", [])
        out: list = []  # of SimpleCommand (_command of a captured node is never None)
        for n in caps:
            s = self._c(n.start_byte)
            if self.step_of(s) is None:
                continue
            out.append(self._command(n))
        out.sort(key=lambda c: c.start)
        return out

    def commands_in_step(self, step: int) -> list:
        return [c for c in self.commands if c.step == step]

    def command_at(self, offset: int) -> Optional[SimpleCommand]:
        """The innermost simple command containing script ``offset``."""
        best = None
        for c in self.commands:
            if c.start <= offset < c.end and (best is None or c.end - c.start <= best.end - best.start):
                best = c
        return best

    @cached_property
    def heredocs(self) -> list:
        if "<<" not in self.script:
            return []
        out = []
        for n in _captures("(heredoc_redirect) @h", self.root).get("h", []):
            h = self._heredoc(n)
            if h.step is not None:
                out.append(h)
        out.sort(key=lambda h: h.start)
        return out

    # ---- structure ------------------------------------------------------
    def _find_breakages(self) -> list:
        out: list = []
        broken_steps: set = set()
        step: Optional[int]  # None where an offset lies in no step
        for step, (s0, s1) in enumerate(self.step_spans):
            # the wrapper's " 2>&1)" starts at s1: inside a comment?
            b = self._off.b(s1)
            n = self.root.descendant_for_byte_range(b, b + 1)
            if n is not None and n.type == "comment" and self._c(n.start_byte) >= s0:
                cstart = self._c(n.start_byte)
                ts, te = self.to_template_span(step, cstart, s1)
                out.append(Breakage(
                    "comment-swallows-suffix", step, ts, te, cstart, s1,
                    "the comment runs to the end of the step's last line, so it swallows the "
                    "runtime's closing ` 2>&1)`: the command substitution never closes and bash "
                    "rejects the whole script (every call of this tool fails)"))
                broken_steps.add(step)
        if _RESERVED_RE.search(self.script, self.step_spans[0][0] if self.step_spans else 0):
            # tree-sitter-bash takes `fi`, `done`, `]]` ... as command names; bash rejects them
            for w in _captures("(command name: (command_name (word) @w))", self.root).get("w", []):
                tx = self._text(w)
                if tx not in _MISPLACED_RESERVED:
                    continue
                ws = self._c(w.start_byte)
                step = self.step_of(ws)
                if step is None or step in broken_steps:
                    continue
                ts, te = self.to_template_span(step, ws, ws + len(tx))
                out.append(Breakage("parse-error", step, ts, te, ws, ws + len(tx),
                                    f"`{tx}` is a reserved word where bash expects a command "
                                    f"(syntax error near unexpected token `{tx}`)"))
                broken_steps.add(step)
        if self.has_error:
            for step, (s0, s1) in enumerate(self.step_spans):
                if step in broken_steps:
                    continue
                wb = self._off.b(s0 - 2 - self._wrapper_shift)
                tok = self.root.descendant_for_byte_range(wb, wb + 2)
                cs = tok.parent if tok is not None and tok.type == "$(" else None
                if cs is None or cs.type != "command_substitution":
                    continue
                last = cs.child(cs.child_count - 1) if cs.child_count else None
                ce = self._c(cs.end_byte)
                if last is not None and last.type == ")" and not last.is_missing and ce - 1 < s1:
                    close = ce - 1
                    ts, te = self.to_template_span(step, close, close + 1)
                    out.append(Breakage(
                        "parse-error", step, ts, te, close, close + 1,
                        "this `)` closes the runtime's `CMD_i_OUTPUT=$(` early: the rest of the step "
                        "and the runtime's ` 2>&1)` no longer parse (syntax error near `)`)"))
                    broken_steps.add(step)
        for h in self.heredocs:
            if h.step is None:
                continue
            s0, s1 = self.step_spans[h.step]
            if not h.terminated:
                ts, te = self.to_template_span(h.step, h.start, min(h.end, s1))
                out.append(Breakage("heredoc-unterminated", h.step, ts, te, h.start, h.end,
                                    f"here-document <<{h.delimiter} has no terminator line"))
                broken_steps.add(h.step)
            elif not h.end_line_ok and h.end_start is not None:
                es = h.end_start
                le = h.end_line_end if h.end_line_end is not None else es
                if es <= s1 <= le:
                    ts, te = self.to_template_span(h.step, es, s1)
                    msg = (f"the here-document's terminator `{h.delimiter}` is the step's last line, "
                           "so the runtime appends ` 2>&1)` to it: bash no longer sees a terminator "
                           "line (`here-document delimited by end-of-file` warning), the body is "
                           "closed only by the end of the command substitution and ` 2>&1` becomes a "
                           "separate empty command, so this step's stderr is not captured")
                    kind = "heredoc-terminator"
                else:
                    ts, te = self.to_template_span(h.step, es, min(le, s1))
                    msg = (f"the line ending here-document <<{h.delimiter} carries other text; bash "
                           "only ends a here-document on a line that is exactly the delimiter")
                    kind = "heredoc-terminator-text"
                out.append(Breakage(kind, h.step, ts, te, es, min(le, s1), msg))
        if self.has_error:
            caps = _captures("[(ERROR) @e (MISSING) @e]", self.root).get("e", [])
            seen_steps: set = set()
            for n in sorted(caps, key=lambda n: n.start_byte):
                if _known_gap(n):
                    continue
                s = self._c(n.start_byte)
                step = self.step_of(s)
                if step is None:
                    # an error region starting in the wrapper text before a step
                    for k, (a, _b2) in enumerate(self.step_spans):
                        if s < a <= self._c(n.end_byte):
                            step = k
                            s = a
                            break
                if step is None:
                    # in the wrapper text after a step: blame that step's end
                    k = bisect.bisect_right(self._step_starts, s) - 1
                    if k >= 0:
                        step = k
                        s = max(self.step_spans[k][1] - 1, self.step_spans[k][0])
                if step is None or step in seen_steps or step in broken_steps:
                    continue
                if broken_steps and min(broken_steps) < step:
                    continue
                seen_steps.add(step)
                e = min(max(self._c(n.end_byte), s + 1), self.step_spans[step][1])
                if e <= s:
                    e = s
                ts, te = self.to_template_span(step, s, e)
                if te == ts and ts < len(self.step_commands[step] if step < len(self.step_commands) else ""):
                    te = ts + 1
                what = "missing token" if n.is_missing else "syntax error"
                out.append(Breakage("parse-error", step, ts, te, s, e,
                                    f"the rendered script does not parse here ({what})"))
        return out

    @cached_property
    def parse_errors(self) -> list:
        """Script offsets (start, end) of tree-sitter ERROR/MISSING nodes,
        known tree-sitter-bash gaps (input bash accepts) left out."""
        if not self.has_error:
            return []
        out = []
        for n in _captures("[(ERROR) @e (MISSING) @e]", self.root).get("e", []):
            if not _known_gap(n):
                out.append((self._c(n.start_byte), self._c(n.end_byte)))
        return sorted(out)

    @property
    def parses(self) -> bool:
        """The rendered script parses (as far as tree-sitter-bash can tell)."""
        return not self.parse_errors

    # ---- convenience for rules -------------------------------------------
    def placeholder_sinks(self, kind: str) -> Iterable:
        """(ref, sink) for every placeholder sink of ``kind``."""
        for r in self.placeholders:
            for s in r.sinks:
                if s.kind == kind:
                    yield r, s


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


def _known_gap(n) -> bool:
    """MISSING nodes tree-sitter-bash invents for input bash accepts."""
    if not n.is_missing:
        return False
    par = n.parent
    if n.type == "}" and par is not None and par.type == "expansion":
        return par.child_count >= 2 and par.child(par.child_count - 2).type == ":"
    if n.type in ("command_name", "word") and par is not None:
        # `NAME=value 2>&1`: an assignment with a redirection and no command
        cn = par if par.type == "command" else par.parent
        if cn is not None and cn.type == "command" and cn.child_count and \
                cn.child(0).type in ("variable_assignment", "variable_assignments", "file_redirect"):
            return True
    return False


# ---------------------------------------------------------------------------
# small unescapers
# ---------------------------------------------------------------------------

_BS_NL = re.compile(r"\\\n")
_BS_ANY = re.compile(r"\\(.)", re.S)
_BS_DQ = re.compile(r"\\([\"\\$`])")


def _unescape_word(tx: str) -> str:
    return _BS_ANY.sub(r"\1", _BS_NL.sub("", tx))


def _unescape_dq(tx: str) -> str:
    return _BS_DQ.sub(r"\1", _BS_NL.sub("", tx))


_ANSI = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b",
         "f": "\f", "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}


def _ansi_c(tx: str) -> str:
    out = []
    i = 0
    n = len(tx)
    while i < n:
        ch = tx[i]
        if ch == "\\" and i + 1 < n:
            nx = tx[i + 1]
            if nx in _ANSI:
                out.append(_ANSI[nx])
                i += 2
                continue
            out.append(ch + nx)
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


# ---------------------------------------------------------------------------
# entry points
# ---------------------------------------------------------------------------


def analyze_rendered(rendered, commands: Optional[list] = None) -> BashAnalysis:
    """Analyse an already rendered script (``utcp_lint.executor.render.Rendered``)."""
    return BashAnalysis(rendered, commands)


def analyze_commands(commands: list, tool_args: Optional[dict] = None) -> BashAnalysis:
    """Render ``commands`` (strings or step dicts) with the fixed nonce and analyse them."""
    from ..executor.render import render, step_commands
    r = render(commands, tool_args, shell="bash")
    return BashAnalysis(r, [c for c, _ in step_commands(commands)])


def analyze(tpl) -> BashAnalysis:
    """The analysis of one :class:`utcp_lint.model.CliTemplate` (``tpl.bash``)."""
    from ..executor.render import render
    steps = [{"command": s.command, "append_to_final_output": s.append_to_final_output}
             for s in tpl.steps]
    r = render(steps, None, shell="bash")
    return BashAnalysis(r, [s.command for s in tpl.steps])
