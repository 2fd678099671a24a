"""The analysis of one template: :class:`BashAnalysis` and the entry points.

``BashAnalysis`` renders nothing itself: it takes the runtime's rendered
script, parses it once (:mod:`.tree`), classifies every placeholder
reference (:mod:`.references`, :mod:`.context`, :mod:`.sinks`, over the
command models of :mod:`.commands`), follows values through shell variables
(:mod:`.valueflow`) and lists structural breakage (:mod:`.breakage`).  Each
concern lives in its own module as a mixin of this class; the state they
share is set up here.
"""

from __future__ import annotations

import re
from functools import cached_property

from . import valueflow
from .breakage import BreakageMixin
from .commands import CommandsMixin
from .context import ContextMixin
from .references import ReferencesMixin
from .sinks import SinksMixin
from .tree import _INDEX_QUERY, _captures, _Offsets, _ts_safe, get_parser

# shell function definitions: `name ()` or `function name` (two searches with a literal
# prefix; one alternation without one is tried at every position)
_FUNC_PARENS_RE = re.compile(r"\(\s*\)")
_FUNC_KW_RE = re.compile(r"\bfunction\s")


class BashAnalysis(ReferencesMixin, ContextMixin, SinksMixin, CommandsMixin, BreakageMixin):
    """Everything the bash rules need to know about one template."""

    def __init__(self, rendered, commands: list | None = None):
        self.rendered = rendered
        self.script: str = rendered.script
        self.env: dict = dict(rendered.env)
        self.step_spans: list = list(rendered.step_spans)
        self.error: str | None = getattr(rendered, "error", None)
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
        self._ascii: bool = self._off.ascii
        self.tree = get_parser().parse(self._parse_copy(data))
        self.root = self.tree.root_node
        self.has_error: bool = self.root.has_error
        self.placeholders: list = [self._placeholder_ref(i, sp) for i, sp in enumerate(self._spans)]
        self.guards: list = []  # valueflow.Guard: checks of a value that end the step when they fail
        self.flow_uses: list = []  # valueflow: (variable Ref, placeholder Ref, name, names) argv uses
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
        if self._ascii:  # byte offsets are code-point offsets, and the parsed text is the script
            return self.script[node.start_byte : node.end_byte]
        return self._data[node.start_byte : node.end_byte].decode("utf-8", "surrogatepass")

    def _c(self, b: int) -> int:
        return b if self._ascii else self._off.c(b)

    # ---- references -----------------------------------------------------

    # ---- classification -------------------------------------------------

    # ---- nodes by kind -----------------------------------------------------
    @cached_property
    def _nodes(self) -> dict:
        """capture name -> nodes in script order, for every kind looked up by kind:
        ``c`` simple/declaration/unset/test commands, ``h`` heredoc redirects, ``f``
        function definitions, ``r`` redirected statements, ``w`` command-name words,
        ``e`` ERROR/MISSING nodes."""
        return _captures(_INDEX_QUERY, self.root)

    # ---- values kept in variables (valueflow.py) ----------------------------
    @cached_property
    def _has_read(self) -> bool:
        """The script runs ``read``/``mapfile``/``readarray`` somewhere (value-flow prefilter)."""
        return "read" in self.script or "mapfile" in self.script

    @cached_property
    def _pipe_steps(self) -> frozenset:
        """Steps that may hold a pipeline: a ``|`` in the step's text, or every step when
        the script has parse errors (tree-sitter may then invent tokens)."""
        sc = self.script
        return frozenset(i for i, (s0, s1) in enumerate(self.step_spans) if self.has_error or sc.find("|", s0, s1) >= 0)

    @cached_property
    def _may_have_procsub(self) -> bool:
        """The script may hold a process substitution: a ``<(`` or ``>(`` (the parse copy
        has the same brackets), or parse errors (tree-sitter may then invent tokens)."""
        return self.has_error or "<(" in self.script or ">(" in self.script

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


def analyze_rendered(rendered, commands: list | None = None) -> BashAnalysis:
    """Analyse an already rendered script (``utcp_lint.executor.render.Rendered``)."""
    return BashAnalysis(rendered, commands)


def analyze_commands(commands: list, tool_args: dict | None = None) -> BashAnalysis:
    """Render ``commands`` (strings or step dicts) with the fixed nonce and analyse them."""
    from ...executor.render import render, step_commands

    r = render(commands, tool_args, shell="bash")
    return BashAnalysis(r, [c for c, _ in step_commands(commands)])


def analyze(tpl) -> BashAnalysis:
    """The analysis of one :class:`utcp_lint.ruleset.context.CliTemplate` (``tpl.bash``)."""
    from ...executor.render import render

    steps = [{"command": s.command, "append_to_final_output": s.append_to_final_output} for s in tpl.steps]
    r = render(steps, None, shell="bash")
    return BashAnalysis(r, [s.command for s in tpl.steps])
