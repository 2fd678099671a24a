"""The bash analysis's vocabulary and the facts it produces.

Quoting of a reference as bash parses the rendered script, sink kinds (shared
with :mod:`utcp_lint.template.bash_commands`), arithmetic context details, and
the dataclasses rules read: :class:`Ref` (one variable reference), :class:`Word`
(one argv word), :class:`Redirect`, :class:`Heredoc`, :class:`Sink`,
:class:`Breakage`.  Offsets are code-point offsets into the rendered script
(``template_*``: into the step's command), see :mod:`utcp_lint.template.bash`.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import TYPE_CHECKING

from .. import bash_commands as bc

if TYPE_CHECKING:  # annotations only (commands imports this module)
    from .commands import SimpleCommand

# ---------------------------------------------------------------------------
# vocabulary
# ---------------------------------------------------------------------------

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

BashSinkKind = bc.BashSinkKind
SHELL_CODE = bc.SHELL_CODE
INTERP_CODE = bc.INTERP_CODE
STDIN_CODE = bc.STDIN_CODE
STDIN_OPTIONS = bc.STDIN_OPTIONS
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


class Node:
    """Base of the bash model's hot records (issue 26): ``__slots__`` classes, one per
    word, reference, redirection … of every template, written without the dataclass
    decorator, which compiles code at every start (≈0.3-1 ms per class; cold start,
    issues 15 and 29).  Identity ``==`` and ``hash`` (as ``@dataclass(eq=False)``); the
    repr names the fields listed in ``_FIELDS`` (the fact dump prints it)."""

    __slots__ = ()
    _FIELDS: tuple[str, ...] = ()

    def __repr__(self) -> str:
        body = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._FIELDS)
        return f"{self.__class__.__qualname__}({body})"


class ValueNode(Node):
    """A :class:`Node` compared field by field between instances of the same class, and
    unhashable (as ``@dataclass``): guards, bindings, path escapes."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]  # as @dataclass(eq=True): mutable, unhashable

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in self._FIELDS)


class Sink:
    """A place where the value is evaluated again or used as something it should not be.

    Frozen and compared by (kind, detail, confidence), as the dataclass it was; a
    ``__slots__`` record (one per sink of every reference, issue 29)."""

    __slots__ = ("kind", "detail", "confidence", "command", "chain", "guarded")

    kind: BashSinkKind
    detail: str  # human readable ("bash -c code string", "array subscript", ...)
    confidence: str
    command: SimpleCommand | None
    # value flow: ((label, script_start, script_end), …) from the placeholder to this sink
    # when it is reached through shell variables (see valueflow.py); () for a direct use
    chain: tuple
    # the value reaches the sink only past a check the analysis cannot read as letting the
    # dangerous bytes through or not (valueflow.guard_verdict "unclear"): not certain
    guarded: bool

    def __init__(
        self,
        kind: BashSinkKind,
        detail: str,
        confidence: str = "high",
        command: SimpleCommand | None = None,
        chain: tuple = (),
        guarded: bool = False,
    ) -> None:
        init = object.__setattr__
        init(self, "kind", kind)
        init(self, "detail", detail)
        init(self, "confidence", confidence)
        init(self, "command", command)
        init(self, "chain", chain)
        init(self, "guarded", guarded)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.kind, self.detail, self.confidence) == (other.kind, other.detail, other.confidence)

    def __hash__(self) -> int:
        return hash((self.kind, self.detail, self.confidence))

    def __repr__(self) -> str:
        return f"Sink(kind={self.kind!r}, detail={self.detail!r}, confidence={self.confidence!r})"


class Word(Node):
    """One word of a simple command's argv, as written (before expansion)."""

    _FIELDS = ("index", "start", "end", "text", "value", "prefix", "node_type", "placeholder_ids")
    # compact: one per word of every command.  ``text`` is sliced from the
    # script on first read (:meth:`sliced`, ``_script``): most words' text is
    # never read, and copying it per word was quadratic on nested $( ) (issue 29)
    __slots__ = ("index", "start", "end", "text", "value", "prefix", "node_type", "placeholder_ids", "_script")

    index: int  # position in SimpleCommand.words (0 = the command word as written)
    start: int
    end: int
    text: str  # the script text of the word (sliced when first read for a word made by sliced())
    value: str | None  # value after quote removal when the word is static, else None
    prefix: str  # static text before the first expansion ("of=" in of="$V")
    node_type: str
    placeholder_ids: tuple  # indices into BashAnalysis.placeholders (textually inside)

    def __init__(
        self,
        index: int,
        start: int,
        end: int,
        text: str | None,
        value: str | None,
        prefix: str,
        node_type: str,
        placeholder_ids: tuple = (),
    ) -> None:
        """``text`` None: set by :meth:`sliced` (read lazily from the script)."""
        self.index = index
        self.start = start
        self.end = end
        if text is not None:
            self.text = text
        self._script: str | None = None
        self.value = value
        self.prefix = prefix
        self.node_type = node_type
        self.placeholder_ids = placeholder_ids

    @classmethod
    def sliced(
        cls, index: int, start: int, end: int, value: str | None, prefix: str, node_type: str, ids: tuple, script: str
    ) -> Word:
        """A word whose text is ``script[start:end]``, sliced when first read
        (``__init__``'s fields set here directly: one per word of every command)."""
        w = object.__new__(cls)
        w.index = index
        w.start = start
        w.end = end
        w._script = script
        w.value = value
        w.prefix = prefix
        w.node_type = node_type
        w.placeholder_ids = ids
        return w

    def __getattr__(self, name: str) -> str:
        # only for ``text`` not yet sliced (a set slot never reaches __getattr__)
        if name == "text":
            script = object.__getattribute__(self, "_script")
            if script is not None:
                t = script[self.start : self.end]
                self.text = t
                self._script = None
                return t
        raise AttributeError(name)

    @property
    def static(self) -> bool:
        return self.value is not None


class Redirect(Node):
    _FIELDS = ("op", "fd", "start", "end", "target")
    __slots__ = _FIELDS

    op: str  # '>', '>>', '<', '&>', '>&', '<<', '<<-', '<<<', ...
    fd: str | None
    start: int
    end: int
    target: Word | None  # destination word (file redirects, here-strings)

    def __init__(self, op: str, fd: str | None, start: int, end: int, target: Word | None) -> None:
        self.op = op
        self.fd = fd
        self.start = start
        self.end = end
        self.target = target

    @property
    def writes(self) -> bool:
        return self.op in WRITE_REDIRECTS


class Heredoc(Node):
    _FIELDS = (
        "start",
        "end",
        "delimiter",
        "quoted",
        "strip_tabs",
        "body_start",
        "body_end",
        "terminated",
        "end_line_ok",
        "step",
        "end_start",
        "end_line_end",
    )
    __slots__ = _FIELDS

    start: int  # the << operator
    end: int
    delimiter: str
    quoted: bool  # <<'EOF' / <<"EOF" / <<\EOF: body is literal
    strip_tabs: bool  # <<-
    body_start: int
    body_end: int
    terminated: bool  # tree-sitter found an end line
    end_line_ok: bool  # the end line is exactly the delimiter (what bash requires)
    step: int | None
    end_start: int | None
    end_line_end: int | None

    def __init__(
        self,
        start: int,
        end: int,
        delimiter: str,
        quoted: bool,
        strip_tabs: bool,
        body_start: int,
        body_end: int,
        terminated: bool,
        end_line_ok: bool,
        step: int | None = None,
        end_start: int | None = None,
        end_line_end: int | None = None,
    ) -> None:
        self.start = start
        self.end = end
        self.delimiter = delimiter
        self.quoted = quoted
        self.strip_tabs = strip_tabs
        self.body_start = body_start
        self.body_end = body_end
        self.terminated = terminated
        self.end_line_ok = end_line_ok
        self.step = step
        self.end_start = end_start
        self.end_line_end = end_line_end


class Ref(Node):
    """One variable reference in a step: a placeholder the runtime emitted, or a
    ``$NAME``/``${NAME}`` the template author wrote (``kind == "variable"``)."""

    _FIELDS = (
        "kind",
        "name",
        "step",
        "template_start",
        "template_end",
        "script_start",
        "script_end",
        "ref_start",
        "state",
        "env_var",
        "quoting",
        "whole_word",
        "context",
        "command",
        "word_index",
        "assignment",
        "arithmetic",
        "redirect",
        "heredoc",
        "herestring",
        "test",
        "pattern",
        "nested",
        "outer_split",
        "in_error",
        "sinks",
        "cmd_output",
        "tainted_name",
        "split_uses",
    )

    # a __slots__ record: one per reference (issue 29: the per-reference objects were
    # the largest cost of the analysis)
    __slots__ = _FIELDS

    kind: str  # "placeholder" | "variable"
    name: str  # placeholder name / variable name
    step: int
    template_start: int
    template_end: int
    script_start: int  # placeholder: the emitted text ("$V" / ${V} / '"$V"'); variable: $NAME
    script_end: int
    ref_start: int  # script offset of the `$` bash sees
    state: str | None  # runtime tracker state: normal | dq | sq (placeholders)
    env_var: str | None
    quoting: str
    whole_word: bool
    # argv | assignment | redirect | heredoc | herestring | test | arithmetic | for-list | case | array | other
    context: str
    command: SimpleCommand | None
    word_index: int | None  # index of the argv word holding it (command.words)
    assignment: str | None  # NAME when inside the value of NAME=...
    arithmetic: str | None  # ARITH_* detail when bash evaluates it arithmetically
    redirect: Redirect | None
    heredoc: Heredoc | None
    herestring: bool
    test: str | None  # "[[" or "[" when inside a test command
    pattern: bool  # right-hand side of == != =~ in [[ ]] or a case pattern
    nested: bool  # inside a $( ) / ` ` / <( ) within the step
    outer_split: bool  # nested in a substitution whose result bash splits (unquoted $( ) argument)
    in_error: bool  # inside a tree-sitter ERROR region
    sinks: list
    cmd_output: int | None  # N for $CMD_N_OUTPUT
    tainted_name: str | None  # shell variable assigned from this placeholder
    # value flow: unquoted uses of a variable holding the value (split and globbed there):
    # [(variable name, the use Ref, chain)] (valueflow.py; reported by UL117)
    split_uses: list

    def __init__(
        self,
        kind: str,
        name: str,
        step: int,
        template_start: int,
        template_end: int,
        script_start: int,
        script_end: int,
        ref_start: int,
        state: str | None = None,
        env_var: str | None = None,
        quoting: str = UNKNOWN,
        whole_word: bool = False,
        context: str = "other",
        command: SimpleCommand | None = None,
        word_index: int | None = None,
        assignment: str | None = None,
        arithmetic: str | None = None,
        redirect: Redirect | None = None,
        heredoc: Heredoc | None = None,
        herestring: bool = False,
        test: str | None = None,
        pattern: bool = False,
        nested: bool = False,
        outer_split: bool = False,
        in_error: bool = False,
        sinks: list | None = None,
        cmd_output: int | None = None,
        tainted_name: str | None = None,
        split_uses: list | None = None,
    ) -> None:
        self.kind = kind
        self.name = name
        self.step = step
        self.template_start = template_start
        self.template_end = template_end
        self.script_start = script_start
        self.script_end = script_end
        self.ref_start = ref_start
        self.state = state
        self.env_var = env_var
        self.quoting = quoting
        self.whole_word = whole_word
        self.context = context
        self.command = command
        self.word_index = word_index
        self.assignment = assignment
        self.arithmetic = arithmetic
        self.redirect = redirect
        self.heredoc = heredoc
        self.herestring = herestring
        self.test = test
        self.pattern = pattern
        self.nested = nested
        self.outer_split = outer_split
        self.in_error = in_error
        self.sinks = list() if sinks is None else sinks
        self.cmd_output = cmd_output
        self.tainted_name = tainted_name
        self.split_uses = list() if split_uses is None else split_uses

    @property
    def expands(self) -> bool:
        return self.quoting in EXPANDING

    @property
    def word(self) -> Word | None:
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


class Breakage(Node):
    """A structural problem of the rendered script."""

    _FIELDS = ("kind", "step", "template_start", "template_end", "script_start", "script_end", "message")
    __slots__ = _FIELDS

    kind: str  # comment-swallows-suffix | heredoc-terminator | heredoc-unterminated | parse-error | local-outside-function | alias-never-expanded | …
    step: int | None
    template_start: int
    template_end: int
    script_start: int
    script_end: int
    message: str

    def __init__(
        self,
        kind: str,
        step: int | None,
        template_start: int,
        template_end: int,
        script_start: int,
        script_end: int,
        message: str,
    ) -> None:
        self.kind = kind
        self.step = step
        self.template_start = template_start
        self.template_end = template_end
        self.script_start = script_start
        self.script_end = script_end
        self.message = message
