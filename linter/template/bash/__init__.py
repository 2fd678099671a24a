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

import re
from functools import cached_property
from typing import Optional

from .breakage import BreakageMixin  # noqa: F401  (re-exported)
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


class BashAnalysis(ReferencesMixin, ContextMixin, SinksMixin, CommandsMixin, BreakageMixin):
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


    # ---- convenience for rules -------------------------------------------


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
