"""``PythonContext``: what every ``python``-scope rule receives.

Everything is computed from one ``ast`` parse, lazily, and cached on the
context: a run that selects only UL400 never computes the interprocedural
flows, the templates or the comments.
"""

from __future__ import annotations

import ast
from functools import cached_property
from typing import TYPE_CHECKING

from ..core.fieldwise import field, record, record_eq, record_repr
from ..core.findings import SourceFile
from ..core.options import LintOptions
from .anyflag import ANY_FLAG
from .evaluate import DERIVED, QUOTED, QUOTED_IN_QUOTES, QUOTED_TEMPLATE, RAW, Evaluator, param_order
from .facts import CODE_KINDS, SHELL_KINDS, SinkKind
from .runnerlibs import LIST_IS_ARGV
from .scopes import ModuleModel, Scope, function_of
from .sinks import Sink, detect_sinks, list_value

if TYPE_CHECKING:
    from ..ruleset.context import CliTemplate


@record
class Flow:
    """Parameters of ``entry`` reach the code of ``sink`` through ``calls``."""

    sink: Sink
    entry: Scope
    params: dict  # name -> mode
    calls: list = field(default_factory=list)  # [(ast.Call, caller Scope, callee Scope)] outermost first

    def __init__(
        self,
        sink: Sink,
        entry: Scope,
        params: dict,
        calls: list | None = None,
    ) -> None:
        self.sink = sink
        self.entry = entry
        self.params = params
        self.calls = list() if calls is None else calls

    __repr__ = record_repr
    __eq__ = record_eq


class PythonContext:
    def __init__(
        self, source: SourceFile, tree: ast.Module, options: LintOptions | None = None, model: ModuleModel | None = None
    ):
        """``model``: the scope model of ``tree`` and ``source`` already built (it is never
        changed once built), or None to build it."""
        self.source = source
        self.tree = tree
        self.options = options or LintOptions()
        self.model = model if model is not None else ModuleModel(tree, source.text)
        self.evaluator = Evaluator(self.model)
        # (rule id, start, end) of a finding -> the other tools' ids naming the
        # same check there (bandit/ruff), which a # nosec / # noqa may name;
        # filled by the rules that report sinks, read by the suppression pass
        self.finding_aliases: dict[tuple[str, int, int], frozenset[str]] = {}
        # set by the project pass (pyscan.project_pass) for UL411: the flows across
        # modules that end in this file, and the source of every file they pass through
        self.project_flows: list = []
        self.project_sources: dict[str, SourceFile] = {}
        self._guarded: list = []  # set with ``sinks`` (guarded_sinks)

    @property
    def text(self) -> str:
        return self.source.text

    # ---- sinks ------------------------------------------------------------
    @cached_property
    def sinks(self) -> list[Sink]:
        from .guards import flag_guard

        kept: list[Sink] = []
        guarded: list = []
        cache: dict = {}
        for s in detect_sinks(self.model, self.evaluator):
            g = flag_guard(s.node, s.scope, self.model, cache) if s.kind in SHELL_KINDS else None
            if g is None or g.default == "yes":
                kept.append(s)  # (a flag true by default: a shell here, as for callers that leave it)
            if g is not None:
                guarded.append((s, g))
        self._guarded = guarded
        return kept

    @property
    def guarded_sinks(self) -> list:
        """``[(sink, FlagGuard)]``: shell sinks that run only when a flag parameter is true
        (``if shell: create_subprocess_shell(cmd)``); the callers that pass the flag decide
        (project summaries).  Those whose flag is false by default are not sinks in this
        file; those whose flag is true by default are (:attr:`sinks` keeps them)."""
        _ = self.sinks
        return self._guarded

    def sinks_of(self, kinds) -> list[Sink]:
        """The sinks whose :class:`SinkKind` is in ``kinds``, in source order."""
        return [s for s in self.sinks if s.kind in kinds]

    @cached_property
    def quote_bypasses(self) -> list[tuple[int, int, Sink]]:
        """(start, end, sink) of every shlex.quote call whose result is placed
        inside quotes of a shell string that reaches a sink."""
        out, seen = [], set()
        for s in self.sinks:
            for a, b in s.ev.dq:
                if (a, b) not in seen:
                    seen.add((a, b))
                    out.append((a, b, s))
        return out

    # ---- templates ----------------------------------------------------------
    @cached_property
    def _extraction(self):
        from .templates import TemplateExtractor

        return TemplateExtractor(self.model, self.evaluator, self.source, self.options).run()

    @cached_property
    def templates(self) -> list[CliTemplate]:
        """The CLI call templates written in this file, as the template rules read them."""
        # imported here: a run of the Python rules alone (--select UL4) reads no template
        from ..ruleset.context import CliTemplate, Step

        return [
            CliTemplate(
                source=self.source,
                pointer="",
                tool=spec.tool,
                origin="python",
                steps=[
                    Step(
                        index=s.index,
                        command=s.command,
                        ref=s.ref,
                        pointer=s.pointer,
                        step_pointer=s.step_pointer,
                        append_to_final_output=s.append_to_final_output,
                        raw=s.raw,
                    )
                    for s in spec.steps
                ],
                raw=spec.raw,
                inputs=spec.inputs,
                options=self.options,
                value_strings=spec.strings,
            )
            for spec in self._extraction.templates
        ]

    @property
    def dynamic_commands(self):
        return self._extraction.dynamic

    # ---- comments -----------------------------------------------------------
    @cached_property
    def comments(self):
        from .suppress import find_comments

        return find_comments(self.text, self.model.pos)

    @cached_property
    def statement_ranges(self) -> dict:
        from .suppress import statement_ranges

        return statement_ranges(self.tree)

    # ---- flows across functions of this module --------------------------------
    @cached_property
    def flows(self) -> list[Flow]:
        out: list[Flow] = []
        for s in self.sinks:
            if s.kind in CODE_KINDS or s.weak or ANY_FLAG in s.via:
                # eval/exec is reported where it happens; a sink that is only
                # maybe a shell (**kwargs pass-through) is too weak to trace; a callee
                # the scan cannot see is a fact of that call only (anyflag.py)
                continue
            fs = s.function
            if fs is None:
                continue
            own: dict[str, str] = {}
            for sid, _q, name, mode in sorted(s.ev.params, key=param_order):  # a set: see param_order
                if sid == fs.id:
                    own[name] = worse_mode(own.get(name), mode)
            if not own:
                continue
            self._climb(s, fs, own, [], out, 0, set(), _flag_param(s, fs))
        return out

    @cached_property
    def _calls_by_name(self) -> dict[str, list]:
        """The module's calls by the last name of their callee (``f`` of
        ``f()`` and ``x.f()``), in source order: finding a function's callers
        reads its name's list, not every call (issue 29: one scan of all
        calls per function was quadratic in a file of many functions)."""
        index: dict[str, list] = {}
        for call, scope in self.model.calls:
            f = call.func
            last = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
            if last is not None:
                index.setdefault(last, []).append((call, scope))
        return index

    def _callers(self, fs: Scope) -> list:
        cache = self.__dict__.setdefault("_callers_cache", {})
        if fs.id in cache:
            return cache[fs.id]
        res = []
        for name in [fs.name, *self._kept_function_attrs.get(fs.name, ())]:
            for call, scope in self._calls_by_name.get(name, ()):
                f = call.func
                for v in self.evaluator.values(f, scope):
                    if v.kind == "func" and v.data is fs:
                        # ``self._run(cmd)`` with ``self._run = run_shell``: a plain function
                        # kept in the object, called without ``self`` (evaluate._kept_instances)
                        kept = any(x.startswith("self.") and " = " in x for x in v.via)
                        bound = "self" in v.via or (isinstance(f, ast.Attribute) and not kept)
                        res.append((call, scope, bound))
                        break
        cache[fs.id] = res
        return res

    @cached_property
    def _kept_function_attrs(self) -> dict[str, list]:
        """Function name -> the attributes a method stores it in (``self._run = run_shell``,
        ``self._run = runner or run_shell``): calls of ``self._run(...)`` may call it."""
        out: dict[str, list] = {}
        for attr, stores in self.evaluator.stored_attrs_of().items():
            for st in stores:
                if st is None:
                    continue
                value = st[0]
                names = (
                    [value] if isinstance(value, ast.Name) else value.values if isinstance(value, ast.BoolOp) else []
                )
                for x in names:
                    if isinstance(x, ast.Name) and x.id != attr and attr not in out.setdefault(x.id, []):
                        out[x.id].append(attr)
        return out

    def _climb(
        self, sink, fs: Scope, params: dict, chain: list, out: list, depth: int, seen: set, flag: str | None = None
    ):
        callers = self._callers(fs) if depth < 4 else []
        if chain and (not callers or not fs.name.startswith("_")):
            # an entry point: nothing in the module calls it, or it is public API
            out.append(Flow(sink, fs, params, list(chain)))
        if not callers:
            return
        ordered = list(fs.params)
        if fs.cls is not None and ordered and not _static(fs):
            ordered = ordered[1:]
        for call, cscope, _bound in callers:
            cf = function_of(cscope)
            if cf is None or cf.id in seen:
                continue
            if flag is not None:
                fe = next((k.value for k in call.keywords if k.arg == flag), None)
                if fe is None and flag in ordered:
                    i = ordered.index(flag)
                    if i < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[: i + 1]):
                        fe = call.args[i]
                if fe is not None and self.evaluator.truth(fe, cscope)[0] == "no":
                    continue  # this caller turns the wrapper's shell off: no shell on this path
            mapped: dict = {}
            for name, mode in params.items():
                expr = None
                for k in call.keywords:
                    if k.arg == name:
                        expr = k.value
                if expr is None and name in ordered:
                    i = ordered.index(name)
                    if i < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[: i + 1]):
                        expr = call.args[i]
                if expr is None:
                    continue
                if not chain and _whole_library_command(sink, name) and list_value(self.model, expr, cscope, 3):
                    continue  # a list to a library runner that runs a list as an argv (runnerlibs.py)
                ev = self.evaluator.evidence(expr, cscope)
                for sid, _q, pname, pmode in sorted(ev.params, key=param_order):
                    if sid == cf.id:
                        mapped[pname] = worse_mode(mapped.get(pname), compose_mode(pmode, mode))
            if mapped:
                self._climb(sink, cf, mapped, [(call, cscope, fs)] + chain, out, depth + 1, seen | {fs.id})


MODE_RANK = {QUOTED: 0, DERIVED: 1, QUOTED_TEMPLATE: 2, RAW: 3, QUOTED_IN_QUOTES: 4}


def worse_mode(a, b):
    if a is None:
        return b
    return a if MODE_RANK.get(a, 0) >= MODE_RANK.get(b, 0) else b


def compose_mode(outer: str, inner: str) -> str:
    """Mode of a caller's value (``outer``) passed to a parameter used as ``inner``."""
    if inner == RAW:
        return outer
    if inner == QUOTED:
        return outer if outer in (QUOTED_IN_QUOTES, QUOTED_TEMPLATE) else QUOTED
    if outer == DERIVED or inner == DERIVED:
        return DERIVED
    return inner


def _flag_param(sink, fs: Scope) -> str | None:
    """The parameter of ``fs`` that is the sink's ``shell=`` (``subprocess.run(cmd, shell=shell)``)."""
    if sink.kind is not SinkKind.SHELL_TRUE:
        return None
    kw = next((k for k in sink.node.keywords if k.arg == "shell"), None)
    if kw is not None and isinstance(kw.value, ast.Name) and kw.value.id in fs.params:
        return kw.value.id
    return None


def _whole_library_command(sink, name: str) -> bool:
    """The sink is a library runner's string command (a list there is an argv) and its
    command is the parameter ``name`` itself (``super().run(args, **kwargs)``)."""
    if sink.how not in LIST_IS_ARGV or not isinstance(sink.node, ast.Call):
        return False
    cmd = sink.node.args[0] if sink.node.args else None
    return isinstance(cmd, ast.Name) and cmd.id == name


def _static(fs: Scope) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in fs.decorators)
