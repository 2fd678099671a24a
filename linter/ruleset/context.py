"""The context every rule reads: documents, tools, CLI templates and steps.

Data flows one way: discover -> load (``jsonpos``) -> :class:`DocumentContext`
(kind detection, tools, CLI templates) -> validation (``utcp_lint.models``) ->
rendering (``utcp_lint.executor``) -> parse (``utcp_lint.template``) -> rules.

Analyses live here, and only here, declared in one table
(:mod:`utcp_lint.ruleset.analyses`): each is a typed attribute of the context it
describes (``tpl.bash``, ``tpl.powershell``, ``tpl.declarations``,
``tpl.option_hits``, ``tpl.client_refs``, ``tpl.verification``,
``doc.validation``, ``doc.model_strings``, ``doc.lock_comparison``...), computed
on first access by the table's builder, the one place that imports its engine:
a run that selects no template rule never pays for tree-sitter.  A rule states
the analysis it reads (``Rule(needs="bash")``); :meth:`CliTemplate.applies`
and :meth:`DocumentContext.applies` tell the engine where that analysis does
not apply (or failed), and the engine then skips the rule without importing
its module.  :meth:`CliTemplate.release_analyses` drops them all once every
rule has read them (memory on big manuals).  Options reach the analyses
through :class:`LintOptions` (built once per run; nothing reads the
environment during a run).  This module imports no engine, not even inside a
function (``tests/test_import_cycles.py``).
"""

from __future__ import annotations

from typing import Any

from ..core.cached import cached_property
from ..core.fieldwise import field, record, record_repr
from ..core.findings import SourceFile
from ..core.options import LintOptions
from ..document.jsonpos import Node, Tree, iter_members, pointer_join, resolve_pointer, to_python
from ..document.placeholder_scan import PLACEHOLDER_RE
from ..document.refs import JsonStringRef, OffsetStringRef, StringRef
from . import analyses as A

# ----------------------------------------------------------------------------
# CLI templates
# ----------------------------------------------------------------------------


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
        template_pointer: str | None = None,
    ) -> None:
        self.index = index
        self.command = command
        self.ref = ref
        self._pointer = pointer
        self._step_pointer = step_pointer
        self.append_to_final_output = append_to_final_output
        self.raw: dict[str, Any] = {} if raw is None else raw
        # the step's JSON object, when from JSON: its tree and number (a view on access)
        self._tree: Tree | None = node.tree if node is not None else None
        self._ni = node.index if node is not None else -1
        # the pointer of the template object holding the step at ``/commands/<index>``
        # (JSON steps; the template's own string, shared): the step's pointers are
        # joined from it rather than walked up the tree for every finding
        self._tpl_pointer = template_pointer

    @property
    def node(self) -> Node | None:
        """The step's JSON object, when from JSON."""
        return self._tree.node(self._ni) if self._tree is not None else None

    @property
    def pointer(self) -> str:
        """Pointer of the command string."""
        if self._pointer is not None:
            return self._pointer
        if self._tpl_pointer is not None:
            return f"{self._tpl_pointer}/commands/{self.index}/command"
        ref = self.ref
        assert isinstance(ref, JsonStringRef)  # a JSON step: its command is a string node
        return ref.node.pointer

    @property
    def step_pointer(self) -> str:
        """Pointer of the step object."""
        if self._step_pointer is not None:
            return self._step_pointer
        if self._tpl_pointer is not None:
            return f"{self._tpl_pointer}/commands/{self.index}"
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

    # ---- analyses (utcp_lint.ruleset.analyses) ---------------------------
    substituted = A.SUBSTITUTED


@record
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
    # Python templates: (JSON pointer, StringRef) of each literal env_vars value and of
    # working_dir (JSON templates read them from ``node``)
    value_strings: list[Any] = field(default_factory=list)

    def __init__(
        self,
        source: SourceFile,
        pointer: str,
        tool: str | None,
        origin: str,
        steps: list[Step],
        raw: dict[str, Any],
        inputs: dict[str, Any] | None = None,
        inputs_pointer: str | None = None,
        options: LintOptions | None = None,
        node: Node | None = None,
        doc: Any = None,
        value_strings: list[Any] | None = None,
    ) -> None:
        self.source = source
        self.pointer = pointer
        self.tool = tool
        self.origin = origin
        self.steps = steps
        self.raw = raw
        self.inputs = inputs
        self.inputs_pointer = inputs_pointer
        self.options = LintOptions() if options is None else options
        self.node = node
        self.doc = doc
        self.value_strings = list() if value_strings is None else value_strings

    __repr__ = record_repr

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

    def step_dicts(self) -> list[dict[str, Any]]:
        """The steps as the runtime reads them (``command``, ``append_to_final_output``):
        the plain input of the shell analyses."""
        return [{"command": s.command, "append_to_final_output": s.append_to_final_output} for s in self.steps]

    @property
    def display_name(self) -> str:
        """The tool's name, else the template's ``name``, else its pointer (how
        ``verify``, ``run`` and ``declare`` name a template)."""
        if self.tool:
            return self.tool
        name = self.raw.get("name") if isinstance(self.raw, dict) else None
        return name if isinstance(name, str) and name else self.pointer or "/"

    # ---- analyses (each stage parses once; utcp_lint.ruleset.analyses) ----
    bash = A.BASH
    powershell = A.POWERSHELL
    option_hits = A.OPTION_HITS
    code_option_hits = A.CODE_OPTION_HITS
    value_fact_hits = A.VALUE_FACT_HITS
    placeholder_scans = A.PLACEHOLDER_SCANS
    declarations = A.DECLARATIONS
    client_refs = A.CLIENT_REFS
    verification = A.VERIFICATION
    shells = A.SHELLS

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
        try:
            applies = _TEMPLATE_APPLIES[need]
        except KeyError:
            raise ValueError(f"unknown analysis {need!r}") from None
        return applies(self)

    def release_analyses(self) -> None:
        """Drop every analysis computed on this template (a later reader
        recomputes it): 26,000 CLI tools otherwise keep 26,000 analyses alive
        (+12 KB each, +310 MB on a 10 MB manual; docs/design/hardening.md)."""
        A.release(self, "template")
        # the analyses were added in whatever order the rules asked for them,
        # which turned the instance dict into a large unshared one: rebuilt at
        # its size now (~700 -> ~450 bytes a template; issue 15)
        self.__dict__ = dict(self.__dict__)
        for st in self.steps:
            A.release(st, "step")


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
            for _parent, _k, kn, vn in iter_members(self.root):
                self._key_nodes[vn] = kn
        return self._key_nodes.get(node)

    def node(self, pointer: str) -> Node | None:
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

    tools_by_pointer = A.TOOLS_BY_POINTER

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

    # ---- analyses of the document (utcp_lint.ruleset.analyses) ------------
    validation = A.VALIDATION
    model_strings = A.MODEL_STRINGS
    tool_contexts = A.TOOL_CONTEXTS
    directives = A.DIRECTIVES
    lock_comparison = A.LOCK_COMPARISON

    @property
    def base(self) -> DocumentContext | None:
        """The document this one is judged against (language server: a copy with the
        other tools blanked reads the whole document's validation), or None."""
        return self._base

    def release_data(self) -> None:
        """Release the plain values (``doc.data`` converts them again on access)."""
        self._data = None

    def release_analyses(self) -> None:
        """Drop the document analyses (model strings, injection contexts,
        validation, lock comparison, the tools by pointer; a later reader
        recomputes them).  The
        engine calls it once the document rules ran: the template rules do
        not read them (memory on big manuals, issue 15)."""
        A.release(self, "document")

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
        try:
            applies = _DOCUMENT_APPLIES[need]
        except KeyError:
            raise ValueError(f"unknown analysis {need!r}") from None
        return applies(self)


_TEMPLATE_APPLIES = A.appliers("template")
_DOCUMENT_APPLIES = A.appliers("document")
A.bind(Step, "step")
A.bind(CliTemplate, "template")
A.bind(DocumentContext, "document")


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
    tpl_pointer = node.pointer
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
                    template_pointer=tpl_pointer,
                )
            )
    return CliTemplate(
        source=source,
        pointer=tpl_pointer,
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
