"""The mechanical 0.x -> 1.x migration, as text edits (the UL005 fix).

Edits touch only the 0.x keys (and, for a few, their values); every other
character of the file -- indentation, key order, comments-free JSON spacing,
CRLF -- stays as it was:

===============================  =============================================
0.x                              1.x
===============================  =============================================
manual ``"version": V``          ``"utcp_version": "1.0.1", "manual_version": V``
tool ``tool_provider``           ``tool_call_template`` (deleted when the tool
                                 already has one: the runtime ignores it)
``provider_type``                ``call_template_type``; value ``http_stream``
                                 -> ``streamable_http``, ``text`` with
                                 ``file_path`` -> ``file``
``command_name: C``              ``commands: [{"command": C}]`` (unsafe: 0.x
                                 appended every argument as ``--name value``,
                                 1.x passes arguments only through
                                 ``UTCP_ARG_<name>_UTCP_END`` placeholders)
``param_style``/``output_format`` deleted (never implemented)
config ``providers``             ``manual_call_templates`` (entries migrated)
variable loader ``type``         ``variable_loader_type``
===============================  =============================================

``providers_file_path`` cannot be migrated mechanically (it names another
file); it is left for the user.  The fix is *safe* (applied by ``--fix``)
unless it converts a ``command_name``; then it needs ``--unsafe-fixes``.
"""

from __future__ import annotations

import json

from ..core.findings import Fix, TextEdit
from .jsonpos import Node

UTCP_VERSION = "1.0.1"
_TYPE_VALUES = {"http_stream": "streamable_http"}


class _Migration:
    def __init__(self):
        self.edits: list[TextEdit] = []
        self.unsafe = False
        self.what: list[str] = []

    # ---- primitive edits ------------------------------------------------
    def rename(self, obj: Node, old: str, new: str) -> bool:
        kn = obj.key_node(old)
        if obj.get(new) is not None or kn is None:
            return False
        self.edits.append(TextEdit(kn.start, kn.end, json.dumps(new)))
        return True

    def delete(self, obj: Node, keys: set) -> None:
        """Delete the members named ``keys`` (every duplicate) with their commas."""
        ch = obj.children
        dele = [k in keys for k, _kn, _vn in ch]
        if not any(dele):
            return
        if all(dele):
            self.edits.append(TextEdit(ch[0][1].start, ch[-1][2].end, ""))
            return
        i = 0
        while i < len(ch):
            if not dele[i]:
                i += 1
                continue
            if i == 0:
                j = next(x for x in range(len(ch)) if not dele[x])
                self.edits.append(TextEdit(ch[0][1].start, ch[j][1].start, ""))
                i = j
                continue
            self.edits.append(TextEdit(ch[i - 1][2].end, ch[i][2].end, ""))
            i += 1

    # ---- shapes ---------------------------------------------------------
    def manual(self, root: Node) -> None:
        vk = root.key_node("version")
        if vk is not None:
            has_u, has_m = root.get("utcp_version") is not None, root.get("manual_version") is not None
            if has_m:
                self.delete(root, {"version"})
            elif has_u:
                self.edits.append(TextEdit(vk.start, vk.end, '"manual_version"'))
            else:
                self.edits.append(TextEdit(vk.start, vk.end, f'"utcp_version": "{UTCP_VERSION}", "manual_version"'))
            self.what.append("version")
        tools = root.get("tools")
        if tools is not None and tools.kind == "array":
            for t in tools.children:
                self.tool(t)

    def tool(self, t: Node) -> None:
        if t.kind != "object":
            return
        prov = t.get("tool_provider")
        if prov is None:
            tpl = t.get("tool_call_template")
            if tpl is not None:
                self.template(tpl)
            return
        if t.get("tool_call_template") is not None:
            self.delete(t, {"tool_provider"})
            self.template(t.get("tool_call_template"))
            self.what.append("tool_provider")
            return
        self.rename(t, "tool_provider", "tool_call_template")
        self.what.append("tool_provider")
        self.template(prov)

    def template(self, p: Node | None) -> None:
        if p is None or p.kind != "object":
            return
        dropped = set()
        pt = p.get("provider_type")
        if pt is not None and p.get("call_template_type") is None:
            self.rename(p, "provider_type", "call_template_type")
            self.what.append("provider_type")
            if pt.kind == "string":
                new = _TYPE_VALUES.get(pt.value)
                if pt.value == "text" and p.get("file_path") is not None:
                    new = "file"
                if new:
                    self.edits.append(TextEdit(pt.start, pt.end, json.dumps(new)))
        cn = p.get("command_name")
        if cn is not None and p.get("commands") is None and cn.kind == "string":
            kn = p.key_node("command_name")
            assert kn is not None  # cn is its value
            self.edits.append(TextEdit(kn.start, cn.end, '"commands": [{"command": ' + json.dumps(cn.value) + "}]"))
            self.unsafe = True
            self.what.append("command_name")
        for k in ("param_style", "output_format"):
            if p.key_node(k) is not None:
                dropped.add(k)
                self.what.append(k)
        if dropped:
            self.delete(p, dropped)

    def config(self, root: Node) -> None:
        prov = root.get("providers")
        if prov is not None and root.get("manual_call_templates") is None:
            self.rename(root, "providers", "manual_call_templates")
            self.what.append("providers")
            if prov.kind == "array":
                for p in prov.children:
                    self.template(p)
        lv = root.get("load_variables_from")
        if lv is not None and lv.kind == "array":
            for v in lv.children:
                if v.kind == "object" and v.get("variable_loader_type") is None and v.get("type") is not None:
                    self.rename(v, "type", "variable_loader_type")
                    self.what.append("type")


def migration_edits(doc) -> tuple[list[TextEdit], bool]:
    """``(edits, safe)`` migrating ``doc`` (a DocumentContext) to 1.x."""
    from ..models.validate import legacy_shape

    m = _Migration()
    root = doc.root
    kind = doc.kind
    if kind == "legacy":
        kind = legacy_shape(doc.data)
    if kind == "manual" and root.kind == "object":
        m.manual(root)
    elif kind == "tool":
        m.tool(root)
    elif kind == "config" and root.kind == "object":
        m.config(root)
    elif kind == "template-list" and root.kind == "array":
        for p in root.children:
            m.template(p)
    elif kind in ("template", "template-list"):
        m.template(root)
    return sorted(m.edits, key=lambda e: (e.start, e.end)), not m.unsafe


def migration_fix(doc) -> Fix | None:
    edits, safe = migration_edits(doc)
    if not edits:
        return None
    return Fix("migrate the UTCP 0.x document to 1.x", edits, safe=safe)
