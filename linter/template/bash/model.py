"""The bash analysis's vocabulary and the facts it produces.

Quoting of a reference as bash parses the rendered script, sink kinds (shared
with :mod:`utcp_lint.template.bash_commands`), arithmetic context details, and
the dataclasses rules read: :class:`Ref` (one variable reference), :class:`Word`
(one argv word), :class:`Redirect`, :class:`Heredoc`, :class:`Sink`,
:class:`Breakage`.  Offsets are code-point offsets into the rendered script
(``template_*``: into the step's command), see :mod:`utcp_lint.template.bash`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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


@dataclass(frozen=True)
class Sink:
    """A place where the value is evaluated again or used as something it should not be."""

    kind: str  # ARITHMETIC | SHELL_CODE | INTERP_CODE | STDIN_CODE | COMMAND_NAME | FILE_WRITE | VARIABLE_NAME
    detail: str  # human readable ("bash -c code string", "array subscript", ...)
    confidence: str = "high"
    command: SimpleCommand | None = field(default=None, compare=False, repr=False)
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
    value: str | None  # value after quote removal when the word is static, else None
    prefix: str  # static text before the first expansion ("of=" in of="$V")
    node_type: str
    placeholder_ids: tuple = ()  # indices into BashAnalysis.placeholders (textually inside)

    @property
    def static(self) -> bool:
        return self.value is not None


@dataclass(eq=False)
class Redirect:
    op: str  # '>', '>>', '<', '&>', '>&', '<<', '<<-', '<<<', ...
    fd: str | None
    start: int
    end: int
    target: Word | None  # destination word (file redirects, here-strings)

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
    step: int | None = None
    end_start: int | None = None
    end_line_end: int | None = None


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
    state: str | None = None  # runtime tracker state: normal | dq | sq (placeholders)
    env_var: str | None = None
    quoting: str = UNKNOWN
    whole_word: bool = False
    context: str = "other"  # argv | assignment | redirect | heredoc | herestring | test | arithmetic | for-list | case | array | other
    command: SimpleCommand | None = None
    word_index: int | None = None  # index of the argv word holding it (command.words)
    assignment: str | None = None  # NAME when inside the value of NAME=...
    arithmetic: str | None = None  # ARITH_* detail when bash evaluates it arithmetically
    redirect: Redirect | None = None
    heredoc: Heredoc | None = None
    herestring: bool = False
    test: str | None = None  # "[[" or "[" when inside a test command
    pattern: bool = False  # right-hand side of == != =~ in [[ ]] or a case pattern
    nested: bool = False  # inside a $( ) / ` ` / <( ) within the step
    outer_split: bool = False  # nested in a substitution whose result bash splits (unquoted $( ) argument)
    in_error: bool = False  # inside a tree-sitter ERROR region
    sinks: list = field(default_factory=list)
    cmd_output: int | None = None  # N for $CMD_N_OUTPUT
    tainted_name: str | None = None  # shell variable assigned from this placeholder
    # value flow: unquoted uses of a variable holding the value (split and globbed there):
    # [(variable name, the use Ref, chain)] (valueflow.py; reported by UL117)
    split_uses: list = field(default_factory=list)

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


@dataclass(eq=False)
class Breakage:
    """A structural problem of the rendered script."""

    kind: str  # comment-swallows-suffix | heredoc-terminator | heredoc-unterminated | parse-error
    step: int | None
    template_start: int
    template_end: int
    script_start: int
    script_end: int
    message: str
