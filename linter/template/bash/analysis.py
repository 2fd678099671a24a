"""The analysis of one template: :class:`BashAnalysis` and the entry points.

``BashAnalysis`` renders nothing itself: it takes the runtime's rendered script and
runs the passes, each a plain function of what the earlier ones produced:

1. ``Script(rendered)`` (:mod:`.script`): the text, the steps, the parse, offsets;
2. ``CommandTable.build(script)`` (:mod:`.commands`): simple commands, built on demand;
3. ``references.classify(script, commands)`` (:mod:`.references`, :mod:`.context`,
   :mod:`.sinks`): every placeholder reference, its context and sinks;
4. ``valueflow.propagate(script, commands, refs)`` (:mod:`.valueflow`): values followed
   through shell variables, guards;
5. ``breakage.find(script, commands, placeholders)`` (:mod:`.breakage`): structural
   problems.

The analysis holds their results and is frozen: no pass and no rule assigns to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

from . import breakage, references, valueflow
from .commands import CommandTable, SimpleCommand
from .script import Script
from .sinks import name_list_splits, program_splits

_T = TypeVar("_T")


class BashAnalysis:
    """Everything the bash rules need to know about one template (frozen)."""

    __slots__ = ("source", "command_table", "refs", "flow", "breakages", "_derived", "_parse_errors")

    source: Script  # the rendered script and its parse (the passes' public input)
    command_table: CommandTable
    refs: references.References
    flow: valueflow.Flow
    breakages: list  # Breakage records
    _derived: dict  # key -> what derived() built
    _parse_errors: list | None

    def __init__(self, rendered, commands: list | None = None) -> None:
        script = Script(rendered, commands)
        table = CommandTable.build(script)
        refs = references.classify(script, table)
        flow = valueflow.propagate(script, table, refs)
        init = object.__setattr__
        init(self, "source", script)
        init(self, "command_table", table)
        init(self, "refs", refs)
        init(self, "flow", flow)
        init(self, "breakages", breakage.find(script, table, refs.placeholders))
        init(self, "_derived", {})
        init(self, "_parse_errors", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"BashAnalysis is frozen: cannot assign {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"BashAnalysis is frozen: cannot delete {name!r}")

    # ---- the rendered script ---------------------------------------------------
    @property
    def rendered(self):
        return self.source.rendered

    @property
    def script(self) -> str:
        """The rendered script (every plain offset indexes it)."""
        return self.source.text

    @property
    def env(self) -> dict:
        return self.source.env

    @property
    def step_spans(self) -> list:
        return self.source.step_spans

    @property
    def step_commands(self) -> list:
        return self.source.step_commands

    @property
    def error(self) -> str | None:
        return self.source.error

    @property
    def tree(self):
        return self.source.tree

    @property
    def root(self):
        return self.source.root

    @property
    def has_error(self) -> bool:
        return self.source.has_error

    @property
    def functions(self) -> dict:
        """name -> [(body start, body end)] of the shell functions defined in the steps."""
        return self.source.functions

    def step_of(self, offset: int) -> int | None:
        """The step whose substituted command contains script ``offset``."""
        return self.source.step_of(offset)

    def to_template(self, step: int, offset: int) -> int:
        """Template offset (in the step's command) of script ``offset``."""
        return self.source.to_template(step, offset)

    def to_template_span(self, step: int, start: int, end: int) -> tuple:
        return self.source.to_template_span(step, start, end)

    def placeholder_ids(self, start: int, end: int) -> tuple:
        """Indexes into :attr:`placeholders` of those inside script ``[start, end)``."""
        return self.source.placeholder_ids(start, end)

    # ---- commands ----------------------------------------------------------------
    @property
    def commands(self) -> list:
        """Every simple command inside the steps, in script order."""
        return self.command_table.commands

    def commands_in_step(self, step: int) -> list:
        return self.command_table.commands_in_step(step)

    def command_at(self, offset: int) -> SimpleCommand | None:
        """The innermost simple command containing script ``offset``."""
        return self.command_table.command_at(offset)

    @property
    def heredocs(self) -> list:
        return self.command_table.heredocs

    # ---- references and value flow ------------------------------------------------
    @property
    def placeholders(self) -> list:
        return self.refs.placeholders

    @property
    def variables(self) -> list:
        """Every other ``$NAME`` / ``${NAME...}`` reference written in a step."""
        return self.refs.variables

    @property
    def cmd_outputs(self) -> list:
        """``$CMD_N_OUTPUT`` references (``Ref.cmd_output`` = N)."""
        return self.refs.cmd_outputs

    def placeholders_in(self, start: int, end: int) -> list:
        """Placeholder references whose emitted text lies inside script ``[start, end)``."""
        return self.refs.placeholders_in(start, end)

    @property
    def guards(self) -> list:
        """valueflow.Guard: checks of a value that end the step when they fail."""
        return self.flow.guards

    @property
    def flow_uses(self) -> list:
        """(variable Ref, placeholder Ref, name, names): argv uses of exact bindings."""
        return self.flow.flow_uses

    @property
    def element_leads(self) -> dict:
        """(id(use Ref), id(placeholder Ref)) -> the constant argv words a quoted
        ``"${a[@]}"``/``"$@"`` use of a flow use puts before the value's word."""
        return self.flow.element_leads

    def placeholder_sinks(self, kind: str) -> Iterator:
        """(ref, sink) for every placeholder sink of ``kind``."""
        for r in self.refs.placeholders:
            for s in r.sinks:
                if s.kind == kind:
                    yield r, s

    def program_splits(self) -> list:
        """(placeholder ref, xargs command, how): values xargs splits (see sinks.program_splits)."""
        if not self.derived("runs_xargs", _runs_xargs):
            return []  # every fact names an xargs command (the value flow is not read for none)
        return program_splits(self.command_table, self.refs.placeholders, self.flow.flow_uses, self.flow.guards)

    def name_list_splits(self) -> list:
        """(placeholder ref, xargs command, how, name printer): names chosen by a value (``find
        DIR -name V -print | xargs rm``) that xargs splits again (see sinks.name_list_splits)."""
        if not self.derived("runs_xargs", _runs_xargs):
            return []
        return name_list_splits(self.command_table, self.refs.placeholders)

    def line_reader_splits(self) -> list:
        """(placeholder ref, command, programs.NameLines): values printed into a program that
        reads names one per line (zip -@, tar -T -; see line_readers)."""
        from .line_readers import line_reader_splits

        return line_reader_splits(self.command_table, self.refs.placeholders)

    def comparisons(self) -> list:
        """comparisons.Comparison: tests comparing a placeholder's value with fixed text
        (``[ V = true ]``, ``[[ V == pat ]]``, ``case V in pat)``, ``[ V -eq 1 ]``)."""
        from .comparisons import literal_comparisons

        return self.derived("comparisons", literal_comparisons)

    # ---- structure -----------------------------------------------------------------
    @property
    def parse_errors(self) -> list:
        """Script offsets (start, end) of tree-sitter ERROR/MISSING nodes,
        known tree-sitter-bash gaps (input bash accepts) left out."""
        got = self._parse_errors
        if got is None:
            got = breakage.parse_errors(self.source)
            object.__setattr__(self, "_parse_errors", got)  # a memo of a pure function
        return got

    @property
    def parses(self) -> bool:
        """The rendered script parses (as far as tree-sitter-bash can tell)."""
        return not self.parse_errors

    # ---- analyses derived from this one, each computed once -------------------------
    def derived(self, key: str, build: Callable[[BashAnalysis], _T]) -> _T:
        """``build(self)``, computed once per analysis and kept under ``key`` (the
        analyses other modules derive from this one: ``traversal.path_escapes``)."""
        d = self._derived
        if key in d:
            return d[key]
        got = d[key] = build(self)
        return got

    def close(self) -> None:
        """Drop every command's reference back to the command table, the one
        reference cycle in the analysis: it and everything it built are then freed
        by reference counting, not by the garbage collector (about 300 objects per
        template on the 1,000-tool manual).  Called by
        :meth:`utcp_lint.ruleset.context.CliTemplate.release_analyses` once the template's
        rules have run; a command kept afterwards keeps what it has computed
        (``name``, ``semantics``, ``words`` once read...), its ``pipeline`` is itself
        alone and it builds nothing new.  A placeholder whose own value is split
        (``$(echo V)``, ``$(basename V)`` unquoted, ``sh -c … $1``) names itself in its
        ``split_uses``: those entries, read by UL117 before the release, go too."""
        self.command_table.close()
        for p in self.placeholders:
            if p.split_uses and any(use is p for _n, use, _c in p.split_uses):
                p.split_uses = [x for x in p.split_uses if x[1] is not p]


# ---------------------------------------------------------------------------
# entry points
# ---------------------------------------------------------------------------


def _runs_xargs(a: BashAnalysis) -> bool:
    """Some command runs xargs (named, or through a wrapper): asked by UL118's three readings
    (program_splits twice, name_list_splits), answered once per analysis."""
    return any("xargs" in c.wrappers or c.semantics.name == "xargs" for c in a.commands)


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
