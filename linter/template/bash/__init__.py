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
from functools import cached_property
from typing import Optional

from .commands import CommandsMixin, SimpleCommand  # noqa: F401  (re-exported)
from .context import ContextMixin  # noqa: F401  (re-exported)
from .model import (  # noqa: F401  (re-exported)
    ANSI_C,
    ARITHMETIC,
    ARITH_COMMAND,
    ARITH_DECLARE,
    ARITH_EXPANSION,
    ARITH_FOR,
    ARITH_INTVAR,
    ARITH_SUBSCRIPT,
    ARITH_SUBSTRING,
    ARITH_TEST,
    ARITH_TEST_OPS,
    COMMAND_NAME,
    COMMENT,
    DECLARATION_BUILTINS,
    DOUBLE,
    ESCAPED,
    EXPANDING,
    FILE_WRITE,
    HEREDOC_QUOTED,
    HEREDOC_UNQUOTED,
    INTERP_CODE,
    LITERAL,
    PATTERN_OPS,
    SHELL_CODE,
    SINGLE,
    STDIN_CODE,
    UNKNOWN,
    UNQUOTED,
    VARIABLE_NAME,
    WRITE_REDIRECTS,
    Breakage,
    Heredoc,
    Redirect,
    Ref,
    Sink,
    Word,
)
from .references import ReferencesMixin  # noqa: F401  (re-exported)
from .sinks import SinksMixin  # noqa: F401  (re-exported)
from .tree import _INDEX_QUERY, _Offsets, _captures, _ts_safe, get_parser  # noqa: F401  (re-exported)

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

_MISPLACED_RESERVED = frozenset({"in", "fi", "}", "]]", "then", "else", "do", "done", "esac", "elif"})
_RESERVED_RE = re.compile(r"(?<![\w$-])(?:in|fi|then|else|elif|do|done|esac|\]\]|\})(?![\w=-])")
# shell function definitions: `name ()` or `function name` (two searches with a literal
# prefix; one alternation without one is tried at every position)
_FUNC_PARENS_RE = re.compile(r"\(\s*\)")
_FUNC_KW_RE = re.compile(r"\bfunction\s")
_LOST_DASHES = re.compile(rb"(?:[ \t]+-)+(?=[ \t]+[0-9]*[<>])")

# ---------------------------------------------------------------------------
# tree-sitter (one Language and Parser per process)
# ---------------------------------------------------------------------------


# Every node kind the analysis looks up by kind, in ONE query run over the tree
# (BashAnalysis._nodes).  Measured on the 10,000-step bench manual: one query costs
# about what the commands query alone did, the five separate ones ~2.5 times more;
# and a cursor walk of every node from Python (flat arrays of kind/start/end/parent)
# costs ~2.5 times one query, because py-tree-sitter's cursor gives a node's kind only
# through a Node object.


# ---------------------------------------------------------------------------
# the analysis
# ---------------------------------------------------------------------------


class BashAnalysis(ReferencesMixin, ContextMixin, SinksMixin, CommandsMixin):
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
        self._paths: dict = {}  # byte offset -> _path(b)
        data = _ts_safe(self.script).encode("utf-8")
        self._data = data
        self._off = _Offsets(self.script, data)
        self.tree = get_parser().parse(self._parse_copy(data))
        self.root = self.tree.root_node
        self.has_error: bool = self.root.has_error
        self.placeholders: list = [self._placeholder_ref(i, sp) for i, sp in enumerate(self._spans)]
        self.guards: list = []  # valueflow.Guard: checks of a value that end the step when they fail
        self.flow_uses: list = []  # valueflow: (variable Ref, placeholder Ref, name, names) argv uses
        from .. import valueflow
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


    # ---- references -----------------------------------------------------


    # ---- classification -------------------------------------------------


    # ---- nodes by kind -----------------------------------------------------
    @cached_property
    def _nodes(self) -> dict:
        """capture name -> nodes in script order, for every kind looked up by kind:
        ``c`` simple/declaration/unset/test commands, ``h`` heredoc redirects, ``f``
        function definitions, ``w`` command-name words, ``e`` ERROR/MISSING nodes."""
        return _captures(_INDEX_QUERY, self.root)

    # ---- values kept in variables (valueflow.py) ----------------------------
    @cached_property
    def _has_read(self) -> bool:
        """The script runs ``read``/``mapfile``/``readarray`` somewhere (value-flow prefilter)."""
        return "read" in self.script or "mapfile" in self.script

    @cached_property
    def _functions(self) -> dict:
        """name -> [(body start, body end)] of the shell functions defined in the steps."""
        sc = self.script
        if _FUNC_PARENS_RE.search(sc) is None and ("function" not in sc or _FUNC_KW_RE.search(sc) is None):
            return {}
        out: dict = {}
        for n in self._nodes.get("f", ()):
            nm = n.child_by_field_name("name")
            body = n.child_by_field_name("body")
            if nm is None or body is None or self.step_of(self._c(n.start_byte)) is None:
                continue
            out.setdefault(self._text(nm), []).append((self._c(body.start_byte), self._c(body.end_byte)))
        return out


    # ---- sinks ----------------------------------------------------------


    # ---- commands -------------------------------------------------------


    # ---- structure ------------------------------------------------------
    def _find_breakages(self) -> list:
        out: list = []
        broken_steps: set = set()
        for step, (s0, s1) in enumerate(self.step_spans):
            # the wrapper's " 2>&1)" starts at s1: inside a comment?
            b = self._off.b(s1)
            n = self.root.descendant_for_byte_range(b, b + 1)
            if n is not None and n.type == "comment" and self._c(n.start_byte) >= s0:
                cs = self._c(n.start_byte)
                ts, te = self.to_template_span(step, cs, s1)
                out.append(Breakage(
                    "comment-swallows-suffix", step, ts, te, cs, s1,
                    "the comment runs to the end of the step's last line, so it swallows the "
                    "runtime's closing ` 2>&1)`: the command substitution never closes and bash "
                    "rejects the whole script (every call of this tool fails)"))
                broken_steps.add(step)
        if _RESERVED_RE.search(self.script, self.step_spans[0][0] if self.step_spans else 0):
            # tree-sitter-bash takes `fi`, `done`, `]]` ... as command names; bash rejects them
            for w in self._nodes.get("w", ()):
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
            caps = self._nodes.get("e", ())
            seen_steps: set = set()
            for n in sorted(caps, key=lambda n: n.start_byte):
                if _known_gap(n):
                    continue
                s = self._c(n.start_byte)
                step = self.step_of(s)
                if step is None:
                    # an error region starting in the wrapper text before a step
                    for k, (a, b2) in enumerate(self.step_spans):
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
        for n in self._nodes.get("e", ()):
            if not _known_gap(n):
                out.append((self._c(n.start_byte), self._c(n.end_byte)))
        return sorted(out)

    @property
    def parses(self) -> bool:
        """The rendered script parses (as far as tree-sitter-bash can tell)."""
        return not self.parse_errors

    # ---- convenience for rules -------------------------------------------


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
# entry points
# ---------------------------------------------------------------------------


def analyze_rendered(rendered, commands: Optional[list] = None) -> BashAnalysis:
    """Analyse an already rendered script (``utcp_lint.executor.render.Rendered``)."""
    return BashAnalysis(rendered, commands)


def analyze_commands(commands: list, tool_args: Optional[dict] = None) -> BashAnalysis:
    """Render ``commands`` (strings or step dicts) with the fixed nonce and analyse them."""
    from ...executor.render import render, step_commands
    r = render(commands, tool_args, shell="bash")
    return BashAnalysis(r, [c for c, _ in step_commands(commands)])


def analyze(tpl) -> BashAnalysis:
    """The analysis of one :class:`utcp_lint.model.CliTemplate` (``tpl.bash``)."""
    from ...executor.render import render
    steps = [{"command": s.command, "append_to_final_output": s.append_to_final_output}
             for s in tpl.steps]
    r = render(steps, None, shell="bash")
    return BashAnalysis(r, [s.command for s in tpl.steps])
