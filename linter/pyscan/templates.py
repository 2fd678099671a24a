"""CLI call templates written in Python, as plain :class:`TemplateSpec` records (the
:class:`~utcp_lint.pyscan.context.PythonContext` makes the rules' ``CliTemplate`` of each).

Recognised shapes (callee names resolved through imports and aliases):

* ``CliCallTemplate(name=..., commands=[CommandStep(command="..."), {"command": "..."}], ...)``
* dict literals with ``"call_template_type": "cli"`` and a ``"commands"`` list
* a ``CommandStep(command="...")`` that belongs to no template above (one step)
* the template passed to ``@utcp_tool(tool_call_template=..., name=..., inputs=...)``
  or ``Tool(name=..., tool_call_template=...)`` gets that tool's name and inputs.

``commands=`` may be a list literal or a name bound to one (with appends); a
command may be a string literal (implicit concatenation, escapes, raw strings
all map exactly) or a name bound to one.  Commands built at run time
(f-strings with fields, concatenation with variables) cannot be linted as
templates; they are listed in :attr:`Extraction.dynamic` for UL407.
"""

from __future__ import annotations

import ast

from ..core.fieldwise import field, record, record_eq, record_repr
from ..core.findings import SourceFile
from ..core.options import LintOptions
from ..document.refs import StringRef
from .evaluate import Evaluator
from .scopes import ModuleModel, Scope, lookup
from .strings import string_ref


@record
class DynamicCommand:
    start: int
    end: int
    ev: object
    tool: str | None

    def __init__(
        self,
        start: int,
        end: int,
        ev: object,
        tool: str | None,
    ) -> None:
        self.start = start
        self.end = end
        self.ev = ev
        self.tool = tool

    __repr__ = record_repr
    __eq__ = record_eq


@record
class StepSpec:
    """One step of a template written in Python (``Step`` of the context)."""

    index: int
    command: str
    ref: StringRef
    pointer: str
    step_pointer: str
    append_to_final_output: bool | None
    raw: dict

    def __init__(
        self,
        index: int,
        command: str,
        ref: StringRef,
        pointer: str,
        step_pointer: str,
        append_to_final_output: bool | None,
        raw: dict,
    ) -> None:
        self.index = index
        self.command = command
        self.ref = ref
        self.pointer = pointer
        self.step_pointer = step_pointer
        self.append_to_final_output = append_to_final_output
        self.raw = raw

    __repr__ = record_repr
    __eq__ = record_eq


@record
class TemplateSpec:
    """One CLI call template written in Python (``CliTemplate`` of the context)."""

    tool: str | None
    steps: list[StepSpec]
    raw: dict
    inputs: dict | None
    # the other strings of the template the client substitutes, where written as
    # literals: (JSON pointer, StringRef) for each env_vars value and working_dir
    strings: list = field(default_factory=list)

    def __init__(
        self,
        tool: str | None,
        steps: list[StepSpec],
        raw: dict,
        inputs: dict | None,
        strings: list | None = None,
    ) -> None:
        self.tool = tool
        self.steps = steps
        self.raw = raw
        self.inputs = inputs
        self.strings = list() if strings is None else strings

    __repr__ = record_repr
    __eq__ = record_eq


@record
class Extraction:
    templates: list = field(default_factory=list)
    dynamic: list = field(default_factory=list)

    def __init__(
        self,
        templates: list | None = None,
        dynamic: list | None = None,
    ) -> None:
        self.templates = list() if templates is None else templates
        self.dynamic = list() if dynamic is None else dynamic

    __repr__ = record_repr
    __eq__ = record_eq


def _suffix(name: str, *names) -> bool:
    return any(name == n or name.endswith("." + n) for n in names)


class TemplateExtractor:
    def __init__(self, model: ModuleModel, ev: Evaluator, source: SourceFile, options: LintOptions):
        self.m = model
        self.e = ev
        self.source = source
        self.options = options
        self.used_steps: set = set()
        self.tool_of: dict = {}  # id(template expr) -> (tool name, inputs)

    def callee_names(self, call: ast.Call, scope: Scope) -> list[str]:
        f = call.func
        last = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
        if last is None:
            return []
        return [v.name for v in self.e.values(f, scope) if v.kind in ("name", "inst") and v.name]

    def _aliases(self) -> dict:
        """local name -> canonical name for imports like ``CommandStep as Step``."""
        out = {n: n for n in ("CliCallTemplate", "CommandStep", "utcp_tool", "Tool")}
        for sc in self.m.scopes:
            for name, bl in sc.bindings.items():
                for b in bl:
                    if b.kind == "import" and isinstance(b.value, str):
                        tail = b.value.rsplit(".", 1)[-1]
                        if tail in ("CliCallTemplate", "CommandStep", "utcp_tool", "Tool"):
                            out[name] = tail
        return out

    def run(self) -> Extraction:
        out = Extraction()
        cands = []
        self.aliases = self._aliases()
        for call, scope in self.m.calls:
            f = call.func
            last = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            canon = self.aliases.get(last)
            if canon is not None:
                cands.append((call, scope, canon))
        # tool names first (decorators and Tool(...))
        for call, scope, last in cands:
            if last not in ("utcp_tool", "Tool"):
                continue
            names = self.callee_names(call, scope)
            if not any(_suffix(n, "utcp_tool", "Tool") for n in names):
                continue
            tpl = next((k.value for k in call.keywords if k.arg == "tool_call_template"), None)
            if tpl is None and call.args and last == "utcp_tool":
                tpl = call.args[0]
            if tpl is None:
                continue
            tname = self._const(next((k.value for k in call.keywords if k.arg == "name"), None), scope)
            if tname is None and last == "utcp_tool":
                tname = self._decorated_function_name(call)
            inputs = _literal(next((k.value for k in call.keywords if k.arg == "inputs"), None))
            for t in self._resolve_expr(tpl, scope):
                self.tool_of[id(t)] = (tname, inputs if isinstance(inputs, dict) else None)
        # tool dicts (a manual written as a dict: UtcpManual(...) / model_validate / a discovery endpoint)
        for d, scope in self.m.dicts:
            kv = {
                k.value: v for k, v in zip(d.keys, d.values) if isinstance(k, ast.Constant) and isinstance(k.value, str)
            }
            tpl = kv.get("tool_call_template")
            if tpl is None:
                continue
            tname = self._const(kv.get("name"), scope)
            inputs = _literal(kv.get("inputs"))
            for t in self._resolve_expr(tpl, scope):
                self.tool_of.setdefault(id(t), (tname, inputs if isinstance(inputs, dict) else None))
        for call, scope, last in cands:
            if last != "CliCallTemplate":
                continue
            names = self.callee_names(call, scope)
            if not any(_suffix(n, "CliCallTemplate") for n in names) and names:
                continue
            kw = {k.arg: k.value for k in call.keywords if k.arg}
            self._template(out, call, scope, kw.get("commands"), kw, call)
        for d, scope in self.m.dicts:
            kv = {}
            for k, v in zip(d.keys, d.values):
                if isinstance(k, ast.Constant) and isinstance(k.value, str):
                    kv[k.value] = v
            ctt = kv.get("call_template_type")
            if isinstance(ctt, ast.Constant) and ctt.value == "cli":
                self._template(out, d, scope, kv.get("commands"), kv, d)
        for call, scope, last in cands:
            if last != "CommandStep" or id(call) in self.used_steps:
                continue
            names = self.callee_names(call, scope)
            if names and not any(_suffix(n, "CommandStep") for n in names):
                continue
            self._template(out, call, scope, None, {}, call, single=call)
        return out

    def _decorated_function_name(self, call) -> str | None:
        for s in self.m.scopes:
            if s.kind == "function" and any(d is call for d in s.decorators):
                return s.name
        return None

    def _resolve_expr(self, e, scope, depth=0) -> list:
        if depth > 4:
            return []
        if isinstance(e, ast.Name):
            _s, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
            out = []
            for b in bl:
                if b.kind == "assign" and not b.index:
                    out.extend(self._resolve_expr(b.value, b.scope, depth + 1))
            return out
        return [e]

    def _const(self, e, scope) -> str | None:
        if e is None:
            return None
        ev = self.e.evidence(e, scope)
        return ev.value if ev.const and isinstance(ev.value, str) else None

    def _list_items(self, e, scope, depth=0) -> list:
        if e is None or depth > 4:
            return []
        if isinstance(e, (ast.List, ast.Tuple)):
            return [(x, scope) for x in e.elts if not isinstance(x, ast.Starred)]
        if isinstance(e, ast.Name):
            s, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
            out = []
            for b in bl:
                if b.kind == "assign" and not b.index:
                    out.extend(self._list_items(b.value, b.scope, depth + 1))
            if s is not None:
                for kind, payload, _n in s.mutations.get(e.id, ()):
                    if kind == "append" and payload.args:
                        out.append((payload.args[0], s))
                    elif kind == "extend" and payload.args:
                        out.extend(self._list_items(payload.args[0], s, depth + 1))
            return out
        return []

    def _step_command(self, item, scope):
        """(command expr, scope, append_to_final_output, raw) of one step item."""
        e = item
        if isinstance(e, ast.Name):
            r = self._resolve_expr(e, scope)
            if len(r) == 1:
                e = r[0]
        if isinstance(e, ast.Call):
            f = e.func
            last = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            if self.aliases.get(last) != "CommandStep":
                return None
            self.used_steps.add(id(e))
            kw = {k.arg: k.value for k in e.keywords if k.arg}
            cmd = kw.get("command", e.args[0] if e.args else None)
            atf = _literal(kw.get("append_to_final_output", e.args[1] if len(e.args) > 1 else None))
            return cmd, scope, atf, {}
        if isinstance(e, ast.Dict):
            kv = {
                k.value: v for k, v in zip(e.keys, e.values) if isinstance(k, ast.Constant) and isinstance(k.value, str)
            }
            return kv.get("command"), scope, _literal(kv.get("append_to_final_output")), {}
        return None

    def _string_node(self, e, scope, depth=0):
        """The string literal node a command expression stands for, if any."""
        if isinstance(e, ast.Constant) and isinstance(e.value, str):
            return e
        if isinstance(e, ast.Name) and depth < 4:
            _s, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
            nodes = []
            for b in bl:
                if b.kind == "assign" and not b.index:
                    nodes.append(self._string_node(b.value, b.scope, depth + 1))
            if len(nodes) == 1:
                return nodes[0]
        return None

    def _fstring_ref(self, cmd, scope, ev, depth=0):
        """A PyStringRef for an f-string whose fields are all constants (``f"{GIT} log …"``)."""
        if isinstance(cmd, ast.Name) and depth < 4:
            _s, bl = lookup(self.m, scope, cmd.id, (cmd.lineno, cmd.col_offset))
            vals = [b for b in bl if b.kind == "assign" and not b.index]
            if len(vals) == 1:
                return self._fstring_ref(vals[0].value, vals[0].scope, ev, depth + 1)
            return None
        if not isinstance(cmd, ast.JoinedStr):
            return None
        fields = []
        value = []
        for v in cmd.values:
            if isinstance(v, ast.Constant) and isinstance(v.value, str):
                value.append(v.value)
            elif not isinstance(v, ast.FormattedValue):
                return None
            else:
                if v.conversion != -1 or v.format_spec is not None:
                    return None
                fv = self.e.evidence(v.value, scope)
                val = fv.value if fv.const else None
                if val is None:  # a number constant (the evaluator tracks strings)
                    r = self._resolve_expr(v.value, scope)
                    if len(r) == 1 and isinstance(r[0], ast.Constant):
                        val = r[0].value
                if not isinstance(val, (str, int)) or isinstance(val, bool):
                    return None
                fields.append(str(val))
                value.append(fields[-1])
        from .fstrings import fstring_ref

        s, e = self.m.pos.span(cmd)
        ref = fstring_ref(self.m.text, s, e, fields, "".join(value))
        if ref is None:  # unusual spelling: every character maps to the literal's start
            ref = string_ref(self.m.text, s, s, "".join(value))
        return ref

    def _template(self, out: Extraction, node, scope, commands, kw: dict, key_node, single=None):
        tool, inputs = self.tool_of.get(id(key_node), (None, None))
        if tool is None:
            tool = self._const(kw.get("name"), scope)
        items = [(single, scope)] if single is not None else self._list_items(commands, scope)
        steps = []
        raw_cmds = []
        for i, (item, sc) in enumerate(items):
            got = self._step_command(item, sc)
            if got is None:
                continue
            cmd, csc, atf, _raw = got
            if cmd is None:
                continue
            lit = self._string_node(cmd, csc)
            ref = None
            if lit is None:
                ev = self.e.evidence(cmd, csc)
                if not ev.const:
                    s, e = self.m.pos.span(cmd)
                    out.dynamic.append(DynamicCommand(s, e, ev, tool))
                    continue
                ref = self._fstring_ref(cmd, csc, ev)
                if ref is None:
                    continue
            else:
                s, e = self.m.pos.span(lit)
                ref = string_ref(self.m.text, s, e, lit.value)
            raw = {"command": ref.value}
            if isinstance(atf, bool):
                raw["append_to_final_output"] = atf
            raw_cmds.append(raw)
            steps.append(
                StepSpec(
                    index=i,
                    command=ref.value,
                    ref=ref,
                    pointer=f"/commands/{i}/command",
                    step_pointer=f"/commands/{i}",
                    append_to_final_output=atf if isinstance(atf, bool) else None,
                    raw=raw,
                )
            )
        if not steps:
            return
        rawt = {"call_template_type": "cli", "commands": raw_cmds}
        for k in ("name", "env_vars", "inherit_env_vars", "working_dir"):
            if k in kw:
                v = _literal(kw[k])
                if v is not _MISSING:
                    rawt[k] = v
        strings: list = []
        ev_node = kw.get("env_vars")
        if isinstance(ev_node, ast.Dict):
            for knode, vnode in zip(ev_node.keys, ev_node.values):
                lit = self._string_node(vnode, csc)
                if isinstance(knode, ast.Constant) and isinstance(knode.value, str) and lit is not None:
                    s0, e0 = self.m.pos.span(lit)
                    strings.append((f"/env_vars/{knode.value}", string_ref(self.m.text, s0, e0, lit.value)))
        wd = self._string_node(kw["working_dir"], csc) if "working_dir" in kw else None
        if wd is not None:
            s0, e0 = self.m.pos.span(wd)
            strings.append(("/working_dir", string_ref(self.m.text, s0, e0, wd.value)))
        out.templates.append(TemplateSpec(tool=tool, steps=steps, raw=rawt, inputs=inputs, strings=strings))


_MISSING = object()


def _literal(e):
    if e is None:
        return None
    try:
        return ast.literal_eval(e)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _MISSING
