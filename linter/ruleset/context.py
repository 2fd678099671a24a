"""The context every rule reads: documents, tools, CLI templates and steps.

Data flows one way: discover -> load (``jsonpos``) -> :class:`DocumentContext`
(kind detection, tools, CLI templates) -> validation (``utcp_lint.models``) ->
rendering (``utcp_lint.executor``) -> parse (``utcp_lint.template``) -> rules.

Analyses live here, and only here: each one is a ``cached_property`` of the
context it describes (``tpl.bash``, ``tpl.powershell``, ``tpl.declarations``,
``tpl.option_hits``, ``tpl.client_refs``, ``tpl.verification``,
``doc.validation``, ``doc.model_strings``, ``doc.lock_comparison``...), and
that property is the one place that imports its engine, on first access: a
run that selects no template rule never pays for tree-sitter.  A rule states
the analysis it reads (``Rule(needs="bash")``); :meth:`CliTemplate.applies`
and :meth:`DocumentContext.applies` tell the engine where that analysis does
not apply (or failed), and the engine then skips the rule without importing
its module.  :meth:`CliTemplate.release_analyses` drops them all once every
rule has read them (memory on big manuals).  Options reach the analyses
through :class:`LintOptions` (built once per run; nothing reads the
environment during a run).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol

from ..core.findings import SourceFile
from ..document.jsonpos import Node, Tree, pointer_join, to_python

if TYPE_CHECKING:
    pass

# ----------------------------------------------------------------------------
# Options shared by every stage
# ----------------------------------------------------------------------------


def _env_time_budget() -> float | None:
    """``UTCP_LINT_TIME_BUDGET`` (seconds), read once when the options are built."""
    env = os.environ.get("UTCP_LINT_TIME_BUDGET")
    if env:
        try:
            return max(0.0, float(env))
        except ValueError:
            pass
    return None


def _env_weak_sandbox() -> bool:
    return os.environ.get("UTCP_LINT_WEAK_SANDBOX") == "1"


@dataclass
class LintOptions:
    """Everything an analysis may read besides the document: built once per
    run (the environment variables below are read here, never mid-run)."""

    shell: str = "auto"  # auto | bash | powershell | both
    require_declarations: bool = False
    kind: str | None = None  # forced document kind
    lock: Any = None  # utcp_lint.supplychain.lockfile.LockFile when --locked (UL650-UL659, UL605)
    # base seconds of the per-document budget (utcp_lint.run.budget); None: the default
    time_budget: float | None = field(default_factory=_env_time_budget)
    # the verify rules (UL501-UL504) may run without user namespaces
    weak_sandbox: bool = field(default_factory=_env_weak_sandbox)


# ----------------------------------------------------------------------------
# Strings whose characters map back into a source file
# ----------------------------------------------------------------------------


class StringRef(Protocol):
    @property
    def value(self) -> str:
        """The decoded string."""

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Source offsets of decoded characters ``[start, end)``."""


class JsonStringRef:
    """A string value of the loaded JSON tree as a :class:`StringRef`.
    Compact (issue 15: one per step of every CLI template): it keeps the
    tree and the value's number, and makes the node view on access."""

    __slots__ = ("_t", "_i")

    def __init__(self, node: Node) -> None:
        assert node.__class__ is Node  # a value (a key's text is not a StringRef here)
        self._t = node._t
        self._i = node._i

    @property
    def node(self) -> Node:
        return self._t.node(self._i)

    @property
    def value(self) -> str:
        v: str = self._t.vals[self._i]  # a string node's value is its decoded text
        return v

    def span(self, start: int, end: int) -> tuple[int, int]:
        return self.node.source_span(start, end)

    def __repr__(self) -> str:
        return f"JsonStringRef({self.node!r})"


@dataclass
class OffsetStringRef:
    """A string whose characters map 1:1 from ``base`` (or via ``table``)."""

    value: str
    base: int
    table: list[int] | None = None  # table[i] = source offset of char i; len = len(value)+1

    def span(self, start: int, end: int) -> tuple[int, int]:
        if self.table is not None:
            n = len(self.table) - 1
            s = self.table[min(max(start, 0), n)]
            e = self.table[min(max(end, start), n)]
            return s, e
        return self.base + start, self.base + max(end, start)


# ----------------------------------------------------------------------------
# CLI templates
# ----------------------------------------------------------------------------

PLACEHOLDER_RE = re.compile(r"UTCP_ARG_([a-zA-Z0-9_]+?)_UTCP_END")


class Step:
    """One step of a CLI template.  ``pointer`` (of the command string) and
    ``step_pointer`` (of the step object) are given for steps written in
    Python; for JSON steps (``pointer`` None) they are made on access from
    the step's node and its command's (two strings a step less on a big
    manual; a finding keeps the one it reads; issue 15)."""

    def __init__(
        self,
        index: int,
        command: str,
        ref: StringRef,
        pointer: str | None,
        step_pointer: str | None,
        append_to_final_output: bool | None = None,
        raw: dict[str, Any] | None = None,
        node: Node | None = None,
    ) -> None:
        self.index = index
        self.command = command
        self.ref = ref
        self._pointer = pointer
        self._step_pointer = step_pointer
        self.append_to_final_output = append_to_final_output
        self.raw: dict[str, Any] = {} if raw is None else raw
        # the step's JSON object, when from JSON: its tree and number (a view on access)
        self._tree: Tree | None = node._t if node is not None else None
        self._ni = node._i if node is not None else -1

    @property
    def node(self) -> Node | None:
        """The step's JSON object, when from JSON."""
        return self._tree.node(self._ni) if self._tree is not None else None

    @property
    def pointer(self) -> str:
        """Pointer of the command string."""
        if self._pointer is not None:
            return self._pointer
        ref = self.ref
        assert isinstance(ref, JsonStringRef)  # a JSON step: its command is a string node
        return ref.node.pointer

    @property
    def step_pointer(self) -> str:
        """Pointer of the step object."""
        if self._step_pointer is not None:
            return self._step_pointer
        assert self._tree is not None  # a JSON step
        return self._tree.pointer(self._ni)

    def __repr__(self) -> str:
        return f"Step({self.index}, {self.command!r:.60}, {self.pointer!r})"

    @property
    def subprocess(self) -> Any:
        return self.raw.get("subprocess")

    def placeholders(self) -> list[tuple[str, int, int]]:
        """(name, start, end) of each placeholder the runtime substitutes (bash).

        The runtime's scanner copies a backslash-escaped character verbatim outside
        double quotes, so ``\\UTCP_ARG_x_UTCP_END`` there is never substituted; a
        plain regex would count it.  We ask the bundled executor (cached).
        """
        return self.substituted

    @cached_property
    def substituted(self) -> list[tuple[str, int, int]]:
        """:meth:`placeholders`, computed once."""
        from ..executor.render import substitute

        sub = substitute(self.command, None, shell="bash")
        return [(p[0], p[1], p[2]) for p in sub.placeholders]


@dataclass(eq=False)
class CliTemplate:
    """One CLI call template, wherever it was written."""

    source: SourceFile
    pointer: str
    tool: str | None
    origin: str  # tool | discovery | template | python
    steps: list[Step]
    raw: dict[str, Any]
    inputs: dict[str, Any] | None = None  # the tool's inputs JSON schema
    inputs_pointer: str | None = None
    options: LintOptions = field(default_factory=LintOptions)
    node: Node | None = None
    doc: Any = None  # DocumentContext when from JSON

    @property
    def env_vars(self) -> Any:
        return self.raw.get("env_vars")

    @property
    def inherit_env_vars(self) -> Any:
        return self.raw.get("inherit_env_vars")

    @property
    def working_dir(self) -> Any:
        return self.raw.get("working_dir")

    def input_names(self) -> set[str]:
        props = (self.inputs or {}).get("properties") if isinstance(self.inputs, dict) else None
        return set(props) if isinstance(props, dict) else set()

    def input_schema(self, name: str) -> dict[str, Any] | None:
        props = (self.inputs or {}).get("properties") if isinstance(self.inputs, dict) else None
        if isinstance(props, dict) and isinstance(props.get(name), dict):
            schema: dict[str, Any] = props[name]
            return schema
        return None

    # ---- lazily computed analyses (each stage parses once) --------------
    @cached_property
    def bash(self) -> Any:
        """Bash analysis: see :mod:`utcp_lint.template.bash`."""
        from ..template import bash as _bash

        return _bash.analyze(self)

    @cached_property
    def powershell(self) -> Any:
        """PowerShell analysis: see :mod:`utcp_lint.template.powershell`."""
        from ..template import powershell as _ps

        return _ps.analyze(self)

    @cached_property
    def option_hits(self) -> list[Any]:
        """Placeholders in option positions (UL150): :mod:`utcp_lint.template.option_scan`."""
        from ..template.option_scan import option_hits

        return option_hits(self.bash)

    @cached_property
    def code_option_hits(self) -> list[Any]:
        """Placeholders in the argument of an option that runs it (UL151):
        :func:`utcp_lint.template.option_scan.code_option_hits`."""
        from ..template.option_scan import code_option_hits

        return code_option_hits(self.bash)

    @cached_property
    def placeholder_scans(self) -> list[Any]:
        """Per step, the runtime pattern's matches over its command text
        (:class:`utcp_lint.document.placeholder_scan.PlaceholderScan`; UL030, UL037)."""
        from ..document.placeholder_scan import PlaceholderScan

        return [PlaceholderScan(s.command) for s in self.steps]

    @cached_property
    def declarations(self) -> Any:
        """Inferred and declared subprocess declarations and their mismatches
        (:class:`utcp_lint.template.declarations.TemplateReport`), or None where they do
        not apply (not bash, no steps, a discovery template)."""
        from ..template.declarations import build_report

        return build_report(self)

    @cached_property
    def client_refs(self) -> list[Any]:
        """(step list index, ClientVarRef, VarContext) for every ``$VAR`` the
        client substitutes (:mod:`utcp_lint.template.var_findings`, UL160/UL161)."""
        from ..template.var_findings import build_client_refs

        return build_client_refs(self)

    @cached_property
    def verification(self) -> Any:
        """The sandbox verification of this template (UL501-UL504):
        :func:`utcp_lint.executor.verify.verify_template`."""
        from ..executor.verify import verify_template

        return verify_template(self)

    @property
    def runs_as_bash(self) -> bool:
        """Whether ``verify`` runs this template: ``--shell bash``/``both`` force
        bash; with ``auto`` a template that reads as PowerShell is left alone."""
        mode = self.options.shell
        if mode in ("bash", "both"):
            return True
        if mode == "powershell":
            return False
        return "powershell" not in self.shells

    def applies(self, need: str) -> bool:
        """False where the analysis ``need`` (a rule's ``needs``) does not apply
        to this template or failed: the rules reading it have nothing to say,
        and the engine skips them (without importing their modules)."""
        if need == "bash":
            if "bash" not in self.shells or not self.steps:
                return False
            a = self.bash
            return a is not None and not getattr(a, "error", None)
        if need == "powershell":
            return "powershell" in self.shells and bool(self.steps)
        if need == "declarations":
            return self.declarations is not None
        if need == "client_refs":
            return bool(self.client_refs)
        if need == "verification":
            return self.runs_as_bash
        raise ValueError(f"unknown analysis {need!r}")

    def release_analyses(self) -> None:
        """Drop every analysis computed on this template (a later reader
        recomputes it): 26,000 CLI tools otherwise keep 26,000 analyses alive
        (+12 KB each, +310 MB on a 10 MB manual; docs/design/hardening.md)."""
        d = self.__dict__
        for name in ("bash", "powershell"):
            an = d.get(name)
            if an is not None and hasattr(an, "close"):
                an.close()  # break its reference cycles: freed by reference counting
        for name in _TEMPLATE_ANALYSES:
            d.pop(name, None)
        # the analyses were added in whatever order the rules asked for them,
        # which turned the instance dict into a large unshared one: rebuilt at
        # its size now (~700 -> ~450 bytes a template; issue 15)
        self.__dict__ = dict(d)
        for st in self.steps:
            st.__dict__.pop("substituted", None)

    @cached_property
    def shells(self) -> tuple[str, ...]:
        """Which shells to analyse, from ``options.shell``."""
        mode = self.options.shell
        if mode == "bash":
            return ("bash",)
        if mode == "powershell":
            return ("powershell",)
        if mode == "both":
            return ("bash", "powershell")
        from ..template import detect

        return ("bash", "powershell") if detect.reads_as_powershell(self) else ("bash",)


# the analyses :meth:`CliTemplate.release_analyses` drops: every cached_property
_TEMPLATE_ANALYSES = tuple(k for k, v in vars(CliTemplate).items() if isinstance(v, cached_property))

# ----------------------------------------------------------------------------
# Documents
# ----------------------------------------------------------------------------

KINDS = ("manual", "tool", "config", "template", "template-list", "legacy")

CONFIG_KEYS = {
    "manual_call_templates",
    "variables",
    "load_variables_from",
    "tool_repository",
    "tool_search_strategy",
    "post_processing",
}
LEGACY_KEYS = {"provider_type", "tool_provider", "command_name", "param_style", "output_format"}


def _has_key_deep(data: Any, keys: set[str], depth: int = 0, budget: list[int] | None = None) -> bool:
    if budget is None:
        budget = [20000]
    budget[0] -= 1
    if budget[0] < 0 or depth > 8:
        return False
    if isinstance(data, dict):
        if keys & set(data):
            return True
        return any(_has_key_deep(v, keys, depth + 1, budget) for v in data.values())
    if isinstance(data, list):
        return any(_has_key_deep(v, keys, depth + 1, budget) for v in data)
    return False


def _may_spell_a_key(text: str, keys: set[str]) -> bool:
    """False only when no JSON key of ``text`` can be one of ``keys`` (plain
    identifiers): none occurs in the text, and no ``\\u`` escape could spell one."""
    return "\\u" in text or any(k in text for k in keys)


def detect_kind(data: Any, text: str | None = None) -> str | None:
    """Document kind by shape, or None when the JSON is not UTCP at all.  ``text``,
    the JSON ``data`` was read from, when given, spares the walk over the tools
    for 0.x keys that it does not spell at all."""
    if isinstance(data, dict):
        keys = set(data)
        if keys & {"provider_type", "tool_provider"} or (
            "tools" in keys
            and (text is None or _may_spell_a_key(text, LEGACY_KEYS))
            and _has_key_deep(data.get("tools"), LEGACY_KEYS)
        ):
            return "legacy"
        if "tools" in keys and isinstance(data.get("tools"), list):
            if "version" in keys and "utcp_version" not in keys and "manual_version" not in keys:
                return "legacy"
            return "manual"
        # a call template carrying a stray config-ish key ("variables") is still a template
        if keys & CONFIG_KEYS and ("manual_call_templates" in keys or "call_template_type" not in keys):
            if _has_key_deep(data.get("manual_call_templates"), {"provider_type"}):
                return "legacy"
            return "config"
        if "tool_call_template" in keys and ("name" in keys or "inputs" in keys):
            return "tool"
        if "call_template_type" in keys:
            return "template"
        if {"utcp_version", "manual_version"} & keys:
            return "manual"
        if (
            "providers" in keys
            and isinstance(data.get("providers"), list)
            and data["providers"]
            and all(isinstance(p, dict) and ("provider_type" in p or "type" in p) for p in data["providers"])
        ):
            return "legacy"
        return None
    if isinstance(data, list) and data:
        if all(isinstance(x, dict) for x in data):
            if any("provider_type" in x for x in data):
                return "legacy"
            if any("call_template_type" in x for x in data):
                return "template-list"
    return None


class ToolRef:
    """One tool of the document: its name, node and position in ``tools``;
    its JSON pointer is made on access (one string a tool less; issue 15)."""

    __slots__ = ("name", "node", "index")

    def __init__(self, name: str | None, node: Node, index: int) -> None:
        self.name = name
        self.node = node
        self.index = index

    @property
    def pointer(self) -> str:
        return self.node.pointer

    def __repr__(self) -> str:
        return f"ToolRef({self.name!r}, {self.pointer!r}, {self.index})"


class DocumentContext:
    """One loaded JSON document, as the rules see it."""

    def __init__(
        self,
        source: SourceFile,
        root: Node,
        options: LintOptions | None = None,
        data: Any = None,
        base: DocumentContext | None = None,
    ):
        self.source = source
        self.root = root
        self.options = options or LintOptions()
        self._data = to_python(root) if data is None else data
        self.kind = self.options.kind or detect_kind(self._data, getattr(source, "text", None))
        self._key_nodes: dict[Node, Node] = {}
        # a view of ``base`` (run/memo.DocumentMemo: the same text with some tools blanked):
        # its registration issues, facts per JSON pointer, are base's
        self._base = base
        # the language server's per-tool registration issues of this manual's earlier texts
        # (models.validate.Validator.tool); None: validate every tool
        self.validation_cache: dict[tuple[str, str], list[Any]] | None = None

    @property
    def data(self) -> Any:
        """The document as plain Python values (last duplicate key wins, like
        ``json.loads``); converted again if it was released (by the validation,
        its last whole reader, or :meth:`release_templates`)."""
        if self._data is None:
            self._data = to_python(self.root)
        return self._data

    # ---- positions ------------------------------------------------------
    def key_node_for(self, node: Node) -> Node | None:
        """The key node whose value is ``node`` (None for the root/array items)."""
        if not self._key_nodes:
            # the parent by pointer, then its members: no whole-tree map (a
            # dict entry per member, ~2.5x the file on a big manual; issue 15)
            # unless the parent path is shadowed by a duplicate key
            ptr = node.pointer
            if not ptr:
                return None
            parent = self.node(ptr.rpartition("/")[0])
            if parent is not None and parent.kind == "array":
                return None
            if parent is not None and parent.kind == "object":
                for _k, kn, vn in parent.children:
                    if vn == node:  # nodes are views (jsonpos): equal, not identical
                        key: Node = kn
                        return key
        if not self._key_nodes:
            from ..document.jsonpos import iter_members

            for _parent, _k, kn, vn in iter_members(self.root):
                self._key_nodes[vn] = kn
        return self._key_nodes.get(node)

    def node(self, pointer: str) -> Node | None:
        from ..document.jsonpos import resolve_pointer

        return resolve_pointer(self.root, pointer)

    def nearest_node(self, pointer: str) -> Node:
        """The deepest existing node along ``pointer`` (for missing fields)."""
        parts = pointer.split("/")
        while parts:
            n = self.node("/".join(parts))
            if n is not None:
                return n
            parts.pop()
        return self.root

    # ---- tools and templates --------------------------------------------
    @cached_property
    def tools(self) -> list[ToolRef]:
        out: list[ToolRef] = []
        if self.kind == "tool" and self.root.kind == "object":
            nn = self.root.get("name")
            return [ToolRef(nn.value if nn is not None and nn.kind == "string" else None, self.root, 0)]
        if self.kind not in ("manual", "legacy") or self.root.kind != "object":
            return out
        tools = self.root.get("tools")
        if tools is None or tools.kind != "array":
            return out
        for i, tn in enumerate(tools.children):
            name = None
            if tn.kind == "object":
                nn = tn.get("name")
                if nn is not None and nn.kind == "string":
                    name = nn.value
            out.append(ToolRef(name, tn, i))
        return out

    def tool_for_pointer(self, pointer: str) -> str | None:
        """Name of the tool whose subtree holds ``pointer``: a dict lookup per
        prefix of the pointer (a scan over every tool per finding was
        quadratic: 100,000 ``null`` tools took 834 s, issue 18)."""
        by_ptr = self.tools_by_pointer
        if not by_ptr:
            return None
        # shortest prefix first, as the scan in tool order found the outer tool
        t = by_ptr.get("")  # a single-tool document: the root is the tool
        i = pointer.find("/", 1)
        while t is None and i != -1:
            t = by_ptr.get(pointer[:i])
            i = pointer.find("/", i + 1)
        if t is None:
            t = by_ptr.get(pointer)
        return t.name if t is not None else None

    @cached_property
    def tools_by_pointer(self) -> dict[str, ToolRef]:
        """The first tool at each pointer (:meth:`tool_for_pointer`)."""
        by_ptr: dict[str, ToolRef] = {}
        for t in self.tools:
            by_ptr.setdefault(t.pointer, t)
        return by_ptr

    @cached_property
    def templates(self) -> list[CliTemplate]:
        """Every CLI call template in the document (1.x shapes only)."""
        out: list[CliTemplate] = []
        root = self.root
        # "legacy" too: a 1.x manual with one leftover 0.x key is still run by
        # the client tool by tool; its 1.x-shaped CLI templates get every rule.
        if self.kind in ("manual", "tool", "legacy"):
            for t in self.tools:
                self.add_tool_templates(out, t)
        elif self.kind == "config":
            mct = root.get("manual_call_templates") if root.kind == "object" else None
            if mct is not None and mct.kind == "array":
                for c in mct.children:
                    self._add_template(out, c, None, "discovery", None, None)
        elif self.kind == "template":
            self._add_template(out, root, None, "template", None, None)
        elif self.kind == "template-list":
            for c in root.children:
                self._add_template(out, c, None, "template", None, None)
        return out

    def add_tool_templates(self, out: list[CliTemplate], t: ToolRef) -> None:
        """Append the CLI template of tool ``t`` (a manual's or a tool document's) to
        ``out``, if it has one (what :attr:`templates` holds for it)."""
        if t.node.kind != "object":
            return
        tpl = t.node.get("tool_call_template")
        if tpl is not None:
            inputs = t.node.get("inputs")
            # the plain values are doc.data's own (not converted again:
            # memory, issue 15); same last-duplicate path as .get()
            tdata = self._tool_data(t)
            self._add_template(
                out,
                tpl,
                t.name,
                "tool",
                (tdata["inputs"] if tdata is not None and "inputs" in tdata else to_python(inputs))
                if inputs is not None
                else None,
                inputs.pointer if inputs is not None else None,
                raw=tdata.get("tool_call_template") if tdata is not None else None,
            )

    def _tool_data(self, t: ToolRef) -> dict[str, Any] | None:
        """doc.data's dict for tool ``t`` (None when it cannot be matched, or
        when the plain values were released: the template then converts its
        own part of the tree, the same values)."""
        data = self._data
        if data is None:
            return None
        if self.kind == "tool":
            return data if isinstance(data, dict) and t.pointer == "" else None
        tools = data.get("tools") if isinstance(data, dict) else None
        if isinstance(tools, list) and 0 <= t.index < len(tools) and isinstance(tools[t.index], dict):
            tool: dict[str, Any] = tools[t.index]
            return tool
        return None

    def _add_template(
        self,
        out: list[CliTemplate],
        node: Node,
        tool: str | None,
        origin: str,
        inputs: dict[str, Any] | None,
        inputs_pointer: str | None,
        raw: Any = None,
    ) -> None:
        if node.kind != "object":
            return
        ctt = node.get("call_template_type")
        if ctt is None and self.options.kind is not None:
            cmds = node.get("commands")
            if cmds is None or cmds.kind != "array":
                return  # forced kind: a template with commands is read as cli
        elif ctt is None or ctt.kind != "string" or ctt.value != "cli":
            return
        out.append(
            build_template(
                self.source,
                node,
                tool,
                origin,
                inputs,
                inputs_pointer,
                self.options,
                doc=self,
                raw=raw if isinstance(raw, dict) else None,
            )
        )

    # ---- analyses of the document ----------------------------------------
    @cached_property
    def validation(self) -> Any:
        """Registration issues from the pydantic models (see utcp_lint.models).

        The validation is the last reader of the whole ``doc.data`` in a run:
        once its issues are known the plain values are released (the CLI
        templates convert their own parts from the tree, a later reader of
        ``doc.data`` converts again), so the rules that follow do not hold
        ~3.6x the file on top of the tree (memory, issue 15)."""
        if self._base is not None:
            base_issues: Any = self._base.validation
            return base_issues
        from ..models import validate_document

        issues = validate_document(self)
        self._data = None
        return issues

    @cached_property
    def model_strings(self) -> list[Any]:
        """The strings shown to the model, in source order (:mod:`utcp_lint.modeltext.strings`)."""
        from ..modeltext.strings import build_model_strings

        return build_model_strings(self)

    @cached_property
    def tool_contexts(self) -> Any:
        """Tool index -> the words that say what the tool is about, computed
        per tool on first request (:class:`utcp_lint.modeltext.instructions.ToolContexts`)."""
        from ..modeltext.instructions import build_tool_contexts

        return build_tool_contexts(self)

    @cached_property
    def directives(self) -> list[Any]:
        """Directives to the model whose target is outside their tool's contract
        (:func:`utcp_lint.modeltext.directives.analyse`)."""
        from ..modeltext.directives import analyse

        return analyse(self)

    @cached_property
    def lock_comparison(self) -> Any:
        """(new, changed, removed, manual_was_locked) against ``options.lock``
        (:func:`utcp_lint.supplychain.lockfile.compare`)."""
        from ..supplychain.lockfile import _compare

        return _compare(self.options.lock, self)

    def release_analyses(self) -> None:
        """Drop the document analyses (model strings, injection contexts,
        validation, lock comparison, the tools by pointer; a later reader
        recomputes them).  The
        engine calls it once the document rules ran: the template rules do
        not read them (memory on big manuals, issue 15)."""
        d = self.__dict__
        for name in _DOCUMENT_ANALYSES:
            d.pop(name, None)

    def release_templates(self) -> None:
        """The run holds the CLI templates now: the document stops keeping the
        list (a later ``doc.templates`` builds it again), so a caller that lets
        go of each template once its rules ran frees it (~5x the file on a big
        manual; issue 15).  The document's plain values (``doc.data``) are
        released too: the templates hold the parts they read (a later
        ``doc.data`` converts again: ~1x the file).  The engine calls it after
        the document rules."""
        self.__dict__.pop("templates", None)
        self._data = None

    def applies(self, need: str) -> bool:
        """False where the analysis ``need`` does not apply to this document
        (see :meth:`CliTemplate.applies`)."""
        if need == "lock":
            return (
                self.options.lock is not None
                and self.kind in ("manual", "tool", "legacy")
                and self.source.path != "<stdin>"
            )
        raise ValueError(f"unknown analysis {need!r}")


# what DocumentContext.release_analyses drops
_DOCUMENT_ANALYSES = (
    "validation",
    "model_strings",
    "tool_contexts",
    "directives",
    "lock_comparison",
    "tools_by_pointer",
)


def build_template(
    source: SourceFile,
    node: Node,
    tool: str | None,
    origin: str,
    inputs: dict[str, Any] | None,
    inputs_pointer: str | None,
    options: LintOptions,
    doc: DocumentContext | None = None,
    raw: dict[str, Any] | None = None,
) -> CliTemplate:
    steps: list[Step] = []
    # converted once (or doc.data's own); each step's value is taken from it
    tpl_raw = raw if raw is not None else to_python(node)
    raw_cmds = tpl_raw.get("commands")
    cmds = node.get("commands")
    if cmds is not None and cmds.kind == "array" and isinstance(raw_cmds, list):
        for i, sn in enumerate(cmds.children):
            if sn.kind != "object":
                continue
            cn = sn.get("command")
            if cn is None or cn.kind != "string":
                continue
            raw = raw_cmds[i]
            atf = raw.get("append_to_final_output")
            steps.append(
                Step(
                    index=i,
                    command=cn.value,
                    ref=JsonStringRef(cn),
                    pointer=None,  # made on access from the nodes
                    step_pointer=None,
                    append_to_final_output=atf if isinstance(atf, bool) else None,
                    raw=raw,
                    node=sn,
                )
            )
    return CliTemplate(
        source=source,
        pointer=node.pointer,
        tool=tool,
        origin=origin,
        steps=steps,
        raw=tpl_raw,
        inputs=inputs,
        inputs_pointer=inputs_pointer,
        options=options,
        node=node,
        doc=doc,
    )


__all__ = [
    "LintOptions",
    "StringRef",
    "JsonStringRef",
    "OffsetStringRef",
    "Step",
    "CliTemplate",
    "DocumentContext",
    "ToolRef",
    "detect_kind",
    "build_template",
    "PLACEHOLDER_RE",
    "pointer_join",
]
