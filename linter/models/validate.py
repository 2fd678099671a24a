"""Validate one document the way utcp 1.2.0 and its plugins would, reporting
every problem at once with a JSON pointer.

The runtime stops at the first exception (a ``TypeError`` from
``UtcpManual.__init__``, a ``KeyError`` from a registry lookup, a pydantic
``ValidationError`` wrapped in ``UtcpSerializerValidationError``...).  This
driver walks the same dispatch -- manual -> tools -> call template -> auth,
client config -> loaders / repository / strategy / post-processors / manual
call templates -- validating each object with our mirror model
(:mod:`utcp_lint.models.schema`) and collecting all issues.

Severity policy: ``error`` = the runtime rejects the document (or fails at
registration / on every call, for the codes that say so); ``warning`` = the
runtime accepts it but silently ignores something; ``note`` is not used here.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from pydantic import BaseModel, ValidationError

from ..document.jsonpos import pointer_join
from . import schema as S
from .messages import UNION_FIELDS, UNION_LABELS, expectation, json_type, short, union_phrase, unknown_key_message
from .netsec import has_substitution, http_url_accepted, ws_url_accepted

KNOWN_TYPES = ", ".join(sorted(S.TEMPLATE_TYPES))

# 0.x provider_type values with a different (or no) 1.x call_template_type.
LEGACY_TYPE_VALUES = {
    "http_stream": "streamable_http",
    "text": "file",  # 0.x text providers read a file (file_path); 1.x text takes inline content
}
NO_1X_PLUGIN = {"grpc", "webrtc"}

MANUAL_META_HINT = {
    "name": "1.x manuals have no name: the name comes from the manual call template that registers them",
    "description": "1.x manuals have no description field",
    "info": "'info' is OpenAPI metadata, not a UtcpManual field",
    "title": "1.x manuals have no title field",
    "allowed_communication_protocols": "this belongs on the manual call template that registers the manual",
    "load_variables_from": "this belongs in the client configuration (UtcpClientConfig)",
    "variables": "this belongs in the client configuration (UtcpClientConfig)",
    "manual_call_templates": "this belongs in the client configuration (UtcpClientConfig)",
}


def _iter_kind(value: Any) -> str:
    return "keys" if isinstance(value, dict) else "characters"


class Validator:
    def __init__(self, doc, make_issue: Callable[..., Any], tool_cache: dict | None = None):
        self.doc = doc
        self.data = doc.data
        self.issues: list = []
        self._make = make_issue
        # (pointer, tool text) -> that tool's issues, across validations of one manual's
        # successive texts (the language server's, run/memo.DocumentMemo); issues with a fix
        # (offsets) are never kept
        self._tool_cache = tool_cache

    # ------------------------------------------------------------------
    # issue helpers
    # ------------------------------------------------------------------
    def add(
        self,
        pointer: str,
        message: str,
        *,
        code: str = "invalid",
        severity: str = "error",
        key: Optional[str] = None,
        on_key: bool = False,
        fix=None,
    ):
        self.issues.append(
            self._make(pointer=pointer, message=message, code=code, severity=severity, key=key, on_key=on_key, fix=fix)
        )

    def rename_fix(self, obj_ptr: str, obj: dict, old: str, new: str):
        """A TextEdit renaming key ``old`` to ``new`` (only when ``new`` is free)."""
        if new in obj:
            return None
        node = self.doc.node(obj_ptr)
        if node is None or node.kind != "object":
            return None
        # the last occurrence is the one Python's json (and we) keep
        kn = node.key_node(old)
        if kn is None:
            return None
        from ..core.findings import Fix, TextEdit

        return Fix(f"rename '{old}' to '{new}'", [TextEdit(kn.start, kn.end, f'"{new}"')])

    # ------------------------------------------------------------------
    # entry
    # ------------------------------------------------------------------
    def run(self):
        kind = self.doc.kind
        data = self.data
        if kind == "legacy":
            kind = legacy_shape(data)
        if kind == "manual":
            self.manual(data, "")
        elif kind == "tool":
            self.tool(data, "")
        elif kind == "config":
            self.config(data, "")
        elif kind == "template":
            self.template(data, "", origin="template")
        elif kind == "template-list":
            if isinstance(data, list):
                for i, item in enumerate(data):
                    self.template(item, pointer_join("", i), origin="template")
            else:
                self.template(data, "", origin="template")

    # ------------------------------------------------------------------
    # pydantic bridge
    # ------------------------------------------------------------------
    def model(
        self,
        model: type[BaseModel],
        value: dict,
        ptr: str,
        *,
        what: str,
        extra: Callable[[str, str], bool] | None = None,
        missing: Callable[[str], bool] | None = None,
        skip_missing: frozenset = frozenset(),
    ) -> bool:
        """Validate ``value`` with ``model``; report errors under ``ptr``.

        ``extra(key, key_ptr)`` may handle an unknown key itself (return True);
        ``missing(field)`` may explain a missing field (return True).
        Returns True when the runtime would accept the object (unknown keys
        aside).
        """
        try:
            model.model_validate(value)
            return True
        except ValidationError as e:
            errors = e.errors(include_url=False, include_input=False)
        ok = True
        present = set(value) if isinstance(value, dict) else set()
        fields = model.model_fields
        for err, eptr, parent_ptr, parent in self._locate(errors, value, ptr):
            t = err["type"]
            loc = err["loc"]
            if t == "extra_forbidden":
                key = str(loc[-1])
                sub_model = _model_at(model, loc[:-1])
                if sub_model is model and extra is not None and extra(key, eptr):
                    continue
                if key == "subprocess" and sub_model is not None and sub_model.__name__ == "CommandStep":
                    continue  # a REQ-C-019 declaration: checked by UL300-UL306, not dropped by mistake
                sub_fields = sub_model.model_fields if sub_model is not None else fields
                sub_present = set(parent) if isinstance(parent, dict) else present
                name = sub_model.__name__ if sub_model is not None else what
                self.add(
                    eptr,
                    unknown_key_message(name, key, sub_fields, sub_present),
                    code="unknown-key",
                    severity="warning",
                    key=key,
                    on_key=True,
                )
                continue
            ok = False
            if t == "missing":
                field = str(loc[-1])
                if len(loc) == 1 and (field in skip_missing or (missing is not None and missing(field))):
                    continue
                sub_model = _model_at(model, loc[:-1]) or model
                self.add(
                    parent_ptr,
                    f"missing required field '{field}' ({sub_model.__name__} requires it; "
                    f"the runtime rejects this {what})",
                    code="missing",
                    key=field,
                    on_key=True,
                )
                continue
            if t == "_union":
                self.add(eptr, f"{err['_field']} must be {err['_phrase']}, got {json_type(err['_value'])}")
                continue
            field = _field_name(loc)
            if t == "recursion_depth_exceeded":
                self.add(
                    eptr,
                    f"{field} is nested too deeply: pydantic stops at its maximum validation depth "
                    f"and the runtime rejects the {what}",
                )
                continue
            got = self._value_at(eptr)
            shown = f" {short(got)}" if isinstance(got, (str, int, float)) and not isinstance(got, bool) else ""
            self.add(eptr, f"{field} must be {expectation(err)}, got {json_type(got)}{shown}")
        return ok

    def _value_at(self, ptr: str):
        node = self.doc.node(ptr)
        if node is None:
            return None
        from ..document.jsonpos import to_python

        return to_python(node)

    def _locate(self, errors: list, value: Any, ptr: str):
        """Yield (error, pointer, parent_pointer, parent_value) per kept error.

        ``loc`` mixes data steps (keys, indices) with union member labels
        (``'str'``, ``'list[str]'``, ``'JsonSchema'``...).  A union member's
        errors are kept only when the member matches the JSON kind of the
        value (an object -> the model member, an array -> the list member);
        otherwise the union is reported once, as "must be A or B".
        """
        unions: dict[str, dict] = {}
        kept = []
        for err in errors:
            cur, cptr, parent, pptr = value, ptr, None, ptr
            prev_step: Optional[str] = None
            compatible = True
            sites: list = []
            loc = err["loc"]
            last = len(loc) - 1
            for i, seg in enumerate(loc):
                is_label = False
                if isinstance(seg, str) and seg in UNION_LABELS and prev_step in UNION_FIELDS:
                    is_label = True
                elif isinstance(cur, dict) and isinstance(seg, str) and seg in cur:
                    pass
                elif isinstance(cur, list) and isinstance(seg, int) and 0 <= seg < len(cur):
                    pass
                elif i == last and err["type"] == "missing":
                    break
                else:
                    is_label = True
                if is_label:
                    s = unions.setdefault(
                        cptr, {"labels": [], "value": cur, "field": _field_name(loc[:i]), "kept": False}
                    )
                    if seg not in s["labels"]:
                        s["labels"].append(seg)
                    if not _label_fits(str(seg), cur):
                        # the outer unions this error passed through were matched
                        # (the innermost one is reported collapsed instead)
                        for site in sites:
                            unions[site]["kept"] = True
                        compatible = False
                        break
                    sites.append(cptr)
                    continue
                parent, pptr = cur, cptr
                cur = cur[seg]
                cptr = pointer_join(cptr, seg)
                prev_step = seg if isinstance(seg, str) else prev_step
            if not compatible:
                continue
            for site in sites:
                unions[site]["kept"] = True
            if err["type"] == "missing":
                kept.append((err, pointer_join(cptr, loc[-1]), cptr, cur))
            else:
                kept.append((err, cptr, pptr, parent))
        for site, s in unions.items():
            if not s["kept"]:
                kept.append(
                    (
                        {
                            "type": "_union",
                            "loc": (),
                            "_field": s["field"] or "value",
                            "_phrase": union_phrase(s["labels"]),
                            "_value": s["value"],
                        },
                        site,
                        site,
                        None,
                    )
                )
        return kept

    # ------------------------------------------------------------------
    # collections the runtime iterates with ``for x in value``
    # ------------------------------------------------------------------
    def iterate(self, value: Any, ptr: str, field: str, item: Callable[[Any, str], None], *, none_ok: bool, each: str):
        if value is None:
            if not none_ok:
                self.add(ptr, f"{field} must be an array, got null (the runtime iterates over it and raises TypeError)")
            return
        if isinstance(value, list):
            for i, x in enumerate(value):
                item(x, pointer_join(ptr, i))
            return
        if isinstance(value, (dict, str)):
            if not value:
                self.add(
                    ptr,
                    f"{field} is {json_type(value)} with nothing in it, not an array: the runtime "
                    f"iterates over it, accepts it and registers no {each}; write []",
                    code="not-a-list",
                    severity="warning",
                )
            else:
                self.add(
                    ptr,
                    f"{field} must be an array, got {json_type(value)} (the runtime iterates over "
                    f"its {_iter_kind(value)} and rejects each as a {each[:-1] if each.endswith('s') else each})",
                )
            return
        self.add(ptr, f"{field} must be an array, got {json_type(value)}")

    # ------------------------------------------------------------------
    # manual
    # ------------------------------------------------------------------
    def manual(self, d: Any, ptr: str):
        if not isinstance(d, dict):
            self.add(ptr, f"a UTCP manual must be a JSON object, got {json_type(d)}")
            return

        def extra(key: str, kptr: str) -> bool:
            if key == "version":
                self.add(
                    kptr,
                    "0.x manual key 'version': utcp 1.x splits it into 'utcp_version' (the protocol "
                    "version, e.g. \"1.0.1\") and 'manual_version' (your manual's own version); "
                    "UtcpManual.__init__ takes only tools, manual_version and utcp_version, so this "
                    "key is a TypeError and the whole manual is rejected",
                    code="legacy",
                    key=key,
                    on_key=True,
                )
                return True
            hint = MANUAL_META_HINT.get(key)
            guess = _close(key, ("utcp_version", "manual_version", "tools"))
            msg = (
                f"top-level key '{key}' is fatal: UtcpManual overrides __init__(tools, manual_version, "
                f"utcp_version) and pydantic's model_validate calls it, so any other key raises TypeError "
                f"and the whole manual is rejected"
            )
            if guess:
                msg += f" (did you mean '{guess}'?)"
            elif hint:
                msg += f" ({hint})"
            self.add(kptr, msg, code="extra", key=key, on_key=True)
            return True

        self.model(S.UtcpManual, d, ptr, what="manual", extra=extra)
        if "tools" in d:
            self.iterate(d["tools"], pointer_join(ptr, "tools"), "tools", self.tool, none_ok=False, each="tools")

    # ------------------------------------------------------------------
    # tool
    # ------------------------------------------------------------------
    def tool(self, d: Any, ptr: str):
        """The issues of one tool: a function of the tool's value and pointer (what it reads
        of the document, ``_value_at``, lies inside the tool), so a manual's unchanged tool
        gets its issues from ``tool_cache``."""
        cache = self._tool_cache
        text = self._tool_text(ptr) if cache is not None else None
        if cache is None or text is None:
            self._tool(d, ptr)
            return
        key = (ptr, text)
        kept = cache.get(key)
        if kept is not None:
            self.issues.extend(kept)
            return
        n = len(self.issues)
        self._tool(d, ptr)
        new = self.issues[n:]
        if all(i.fix is None for i in new):
            if len(cache) > 20000:
                cache.clear()
            cache[key] = new

    def _tool_text(self, ptr: str) -> str | None:
        """The source text of the manual's tool at ``ptr`` (``/tools/N``), or None."""
        doc = self.doc
        head, _, index = ptr.rpartition("/")
        if doc.kind != "manual" or head != "/tools" or not index.isdigit():
            return None
        tools = doc.tools
        i = int(index)
        if i >= len(tools) or tools[i].pointer != ptr:
            return None
        node = tools[i].node
        return str(doc.source.text[node.start : node.end])

    def _tool(self, d: Any, ptr: str):
        if not isinstance(d, dict):
            self.add(
                ptr,
                f"each tool must be a JSON object, got {json_type(d)} (Tool.model_validate rejects it "
                f"and with it the whole manual)",
            )
            return

        def missing(field: str) -> bool:
            if field != "tool_call_template":
                return False
            if "tool_provider" in d:
                kptr = pointer_join(ptr, "tool_provider")
                self.add(
                    kptr,
                    "0.x key 'tool_provider': utcp 1.x reads the tool's call template from "
                    "'tool_call_template' (rename it); the runtime drops 'tool_provider' and rejects "
                    "the tool because tool_call_template is missing",
                    code="legacy",
                    key="tool_provider",
                    on_key=True,
                    fix=self.rename_fix(ptr, d, "tool_provider", "tool_call_template"),
                )
                if isinstance(d["tool_provider"], dict):
                    self.legacy_container(d["tool_provider"], kptr)
                return True
            for other in ("provider", "tool_transport"):
                if other in d:
                    self.add(
                        ptr,
                        f"missing required field 'tool_call_template' (Tool requires it; the runtime "
                        f"rejects this tool): '{other}' is not read by any published Python utcp "
                        f"(0.1.0-1.2.0, which used tool_provider, then tool_call_template); 1.x expects 'tool_call_template' with a "
                        f"'call_template_type'",
                        code="missing",
                        key="tool_call_template",
                        on_key=True,
                    )
                    return True
            return False

        def extra(key: str, kptr: str) -> bool:
            if key == "tool_provider" and "tool_call_template" not in d:
                return True  # explained by the missing-field message
            if key == "tool_provider":
                self.add(
                    kptr,
                    "0.x key 'tool_provider' is ignored: this tool already has 'tool_call_template' "
                    "and the runtime drops 'tool_provider' silently; delete it",
                    code="legacy",
                    severity="warning",
                    key=key,
                    on_key=True,
                )
                return True
            if key in ("provider", "tool_transport") and "tool_call_template" not in d:
                return True  # explained by the missing-field message
            return False

        self.model(S.Tool, d, ptr, what="tool", extra=extra, missing=missing)
        if "tool_call_template" in d:
            self.template(d["tool_call_template"], pointer_join(ptr, "tool_call_template"), origin="tool")

    # ------------------------------------------------------------------
    # call templates
    # ------------------------------------------------------------------
    def template(self, d: Any, ptr: str, origin: str):
        if d is None or not isinstance(d, dict):
            self.add(
                ptr,
                f"a call template must be a JSON object with a 'call_template_type', got "
                f"{json_type(d)} (CallTemplateSerializer rejects it)",
            )
            return
        handled: set = set()
        if "call_template_type" in d:
            ctype = d["call_template_type"]
            type_ptr = pointer_join(ptr, "call_template_type")
        else:
            ctype, type_ptr = None, None
            if "provider_type" in d:
                kptr = pointer_join(ptr, "provider_type")
                ctype, type_ptr = d["provider_type"], kptr
                handled.add("provider_type")
                mapped = LEGACY_TYPE_VALUES.get(ctype) if isinstance(ctype, str) else None
                tail = ""
                if mapped == "file":
                    tail = (
                        "; a 0.x 'text' provider read a file, which in 1.x is call_template_type \"file\" "
                        "with file_path (utcp-file)"
                    )
                    ctype = "file" if "file_path" in d else "text"
                elif mapped:
                    tail = f'; the 0.x type "{ctype}" is called "{mapped}" in 1.x'
                    ctype = mapped
                elif isinstance(ctype, str) and ctype in NO_1X_PLUGIN:
                    tail = f'; no 1.x plugin implements "{ctype}"'
                self.add(
                    kptr,
                    "0.x key 'provider_type': utcp 1.x reads the template type from "
                    "'call_template_type' (rename it); without it CallTemplateSerializer raises "
                    f"KeyError and rejects the template{tail}",
                    code="legacy",
                    key="provider_type",
                    on_key=True,
                    fix=self.rename_fix(ptr, d, "provider_type", "call_template_type"),
                )
            else:
                alias = next((a for a in ("type", "transport_type") if isinstance(d.get(a), str)), None)
                hint = ""
                if alias:
                    hint = (
                        f": '{alias}' is not read by the Python runtime; 1.x expects "
                        f'"call_template_type": {short(d[alias])}'
                    )
                    handled.add(alias)
                    ctype, type_ptr = d[alias], pointer_join(ptr, alias)
                self.add(
                    ptr,
                    "missing required field 'call_template_type' (CallTemplateSerializer looks the "
                    f"template up by it and raises KeyError without it){hint}",
                    code="missing",
                    key="call_template_type",
                    on_key=True,
                )
                if not alias:
                    return
        if not isinstance(ctype, str) or ctype not in S.TEMPLATE_TYPES:
            if type_ptr is not None and "call_template_type" in d:
                extra_hint = ""
                if isinstance(ctype, str) and ctype in LEGACY_TYPE_VALUES and ctype != "text":
                    extra_hint = f'; the 0.x type "{ctype}" is "{LEGACY_TYPE_VALUES[ctype]}" in 1.x'
                elif isinstance(ctype, str) and ctype in NO_1X_PLUGIN:
                    extra_hint = f'; no 1.x plugin implements "{ctype}"'
                self.add(
                    type_ptr,
                    f"unknown call_template_type {short(ctype)}: no utcp 1.2.0 plugin registers it "
                    f'("Invalid call template type"); known types: {KNOWN_TYPES}{extra_hint}',
                    code="unknown-type",
                )
            return
        model, plugin, auth_kind = S.TEMPLATE_TYPES[ctype]
        skip_missing: set = set()

        if ctype == "text" and "file_path" in d and "call_template_type" in d:
            self.add(
                pointer_join(ptr, "file_path"),
                "text call templates no longer accept 'file_path' (utcp-text 1.1.0 "
                "TextCallTemplateSerializer raises before validating anything else): put the manual "
                'inline in \'content\', or use "call_template_type": "file" (utcp-file) to read it '
                "from a file",
                code="text-file-path",
                key="file_path",
                on_key=True,
            )
            skip_missing.add("content")
            handled.add("file_path")

        def missing(field: str) -> bool:
            if field == "commands":
                for alias in ("command_name", "command", "args"):
                    if alias not in d:
                        continue
                    kptr = pointer_join(ptr, alias)
                    if alias == "command_name":
                        val = d[alias]
                        example = (
                            f'"commands": [{{"command": {short(val, 60)}}}]'
                            if isinstance(val, str)
                            else '"commands": [{"command": "..."}]'
                        )
                        self.add(
                            kptr,
                            "0.x key 'command_name': utcp-cli 1.x runs a list of shell steps, "
                            f"write {example}; 0.x split command_name with shlex, ran it without a "
                            "shell and appended every tool argument as --name value, 1.x appends "
                            "nothing: pass arguments with UTCP_ARG_<name>_UTCP_END placeholders",
                            code="legacy",
                            key=alias,
                            on_key=True,
                        )
                    else:
                        self.add(
                            ptr,
                            f"missing required field 'commands' (CliCallTemplate requires it; the "
                            f"runtime rejects this call template): '{alias}' is not read by utcp-cli; "
                            f'1.x expects "commands": [{{"command": "..."}}]',
                            code="missing",
                            key="commands",
                            on_key=True,
                        )
                    return True
            return False

        def extra(key: str, kptr: str) -> bool:
            if key in handled:
                return True
            if key in ("param_style", "output_format"):
                self.add(
                    kptr,
                    f"0.x-era key '{key}' was never implemented by the Python runtime (no published "
                    f"utcp wheel from 0.1.0 to 1.2.0 defines it) and utcp 1.x drops it silently; delete it"
                    + (
                        "; 1.x utcp-cli returns stdout as text, parsed as JSON when it starts with { or ["
                        if key == "output_format"
                        else "; arguments reach a 1.x command only through UTCP_ARG_<name>_UTCP_END placeholders"
                    ),
                    code="legacy",
                    severity="warning",
                    key=key,
                    on_key=True,
                )
                return True
            if key == "command_name" and "commands" in d:
                self.add(
                    kptr,
                    "0.x key 'command_name' is ignored: 1.x runs 'commands' and drops "
                    "'command_name' silently; delete it",
                    code="legacy",
                    severity="warning",
                    key=key,
                    on_key=True,
                )
                return True
            if key == "command_name" or (key in ("command", "args") and "commands" not in d):
                return True  # explained by the missing 'commands' message
            if key == "provider_type":
                self.add(
                    kptr,
                    "0.x key 'provider_type' is ignored: the type comes from 'call_template_type' "
                    "and the runtime drops 'provider_type' silently; delete it",
                    code="legacy",
                    severity="warning",
                    key=key,
                    on_key=True,
                )
                return True
            return False

        self.model(
            model,
            d,
            ptr,
            what=f"{ctype} call template",
            extra=extra,
            missing=missing,
            skip_missing=frozenset(skip_missing),
        )

        # -- auth (base-class before-validator + the plugin's field type) --
        if d.get("auth") is not None:
            aptr = pointer_join(ptr, "auth")
            if auth_kind == "none":
                self.add(
                    aptr,
                    f"{ctype} call templates take no auth ({model.__name__}.auth is typed None): the "
                    f"runtime rejects any value but null",
                )
            else:
                self.auth(d["auth"], aptr, only="oauth2" if auth_kind == "oauth2" else None, owner=ctype)
        if ctype in S.HAS_AUTH_TOOLS and d.get("auth_tools") is not None:
            aptr = pointer_join(ptr, "auth_tools")
            if not isinstance(d["auth_tools"], dict):
                self.add(
                    aptr,
                    f"auth_tools must be null or an auth object, got {json_type(d['auth_tools'])} "
                    f'("auth_tools must be None, Auth instance, or dict")',
                )
            else:
                self.auth(d["auth_tools"], aptr, only=None, owner=ctype)

        # -- checks beyond the model --
        if ctype == "cli" and isinstance(d.get("commands"), list) and not d["commands"]:
            self.add(
                pointer_join(ptr, "commands"),
                "commands is empty: CliCallTemplate accepts [], but utcp-cli refuses it at use: registering "
                'it as a manual and every call of the tool raise "CliCallTemplate ... must have at least '
                'one command"',
                code="empty-commands",
            )
        if ctype == "websocket" and isinstance(d.get("url"), str) and not ws_url_accepted(d["url"]):
            url = d["url"]
            why = (
                " (validation runs before variable substitution, so a ${VAR} URL is always rejected)"
                if "$" in url
                else ""
            )
            self.add(
                pointer_join(ptr, "url"),
                f"WebSocket URL {short(url, 60)} is rejected at registration: utcp-websocket 1.2.1 accepts "
                f"only wss:// or ws:// to a literal loopback host (localhost, 127.0.0.1, [::1]){why}",
                code="websocket-url",
            )
        if ctype in ("http", "sse", "streamable_http", "graphql"):
            url = d.get("url")
            if (
                isinstance(url, str)
                and not has_substitution(url)
                and not http_url_accepted(url, narrow=ctype == "graphql")
            ):
                self.add(
                    pointer_join(ptr, "url"),
                    f"{plugin} refuses URL {short(url, 60)}: only https://, or http:// to a loopback host, "
                    f"is allowed, so {'manual discovery and ' if origin != 'tool' else ''}every tool call "
                    f'through this template fails with "Security error"',
                    code="url-refused",
                )
        if ctype in S.NOT_AUTO_REGISTERED and type_ptr is not None and "call_template_type" in d:
            self.add(
                type_ptr,
                f"{S.NOT_AUTO_REGISTERED[ctype]} declares no 'utcp.plugins' entry point, so utcp never "
                f'registers "{ctype}" by itself: unless the application calls utcp_gql.register() '
                f'before loading this, the runtime rejects it as "Invalid call template type: {ctype}"',
                code="plugin-not-registered",
                severity="warning",
            )

    def legacy_container(self, d: dict, ptr: str, container: str = "tool_provider"):
        """Legacy keys inside a 0.x provider the runtime never reads (migration guidance)."""
        if "provider_type" in d and "call_template_type" not in d:
            pt = d["provider_type"]
            tail = ""
            if isinstance(pt, str) and pt == "text" and "file_path" in d:
                tail = '; a 0.x "text" provider with file_path is a 1.x "file" call template (utcp-file)'
            elif isinstance(pt, str) and pt in LEGACY_TYPE_VALUES and pt != "text":
                tail = f'; the 0.x type "{pt}" is called "{LEGACY_TYPE_VALUES[pt]}" in 1.x'
            elif isinstance(pt, str) and pt in NO_1X_PLUGIN:
                tail = f'; no 1.x plugin implements "{pt}"'
            self.add(
                pointer_join(ptr, "provider_type"),
                "0.x key 'provider_type': in 1.x the template type is 'call_template_type' (rename it "
                + (
                    "together with the enclosing 'tool_provider')"
                    if container == "tool_provider"
                    else "and move this entry to 'manual_call_templates')"
                )
                + tail,
                code="legacy",
                key="provider_type",
                on_key=True,
                fix=self.rename_fix(ptr, d, "provider_type", "call_template_type"),
            )
        if "command_name" in d and "commands" not in d:
            val = d["command_name"]
            example = (
                f'"commands": [{{"command": {short(val, 60)}}}]'
                if isinstance(val, str)
                else '"commands": [{"command": "..."}]'
            )
            self.add(
                pointer_join(ptr, "command_name"),
                f"0.x key 'command_name': utcp-cli 1.x runs a list of shell steps, write {example}; tool "
                "arguments are no longer appended as --name value, use UTCP_ARG_<name>_UTCP_END placeholders",
                code="legacy",
                key="command_name",
                on_key=True,
            )
        for key in ("param_style", "output_format"):
            if key in d:
                self.add(
                    pointer_join(ptr, key),
                    f"0.x-era key '{key}' was never implemented by the Python runtime (no published utcp "
                    f"wheel from 0.1.0 to 1.2.0 defines it) and utcp 1.x drops it silently; delete it",
                    code="legacy",
                    severity="warning",
                    key=key,
                    on_key=True,
                )

    # ------------------------------------------------------------------
    # auth
    # ------------------------------------------------------------------
    def auth(self, d: Any, ptr: str, only: Optional[str], owner: str):
        if not isinstance(d, dict):
            self.add(
                ptr,
                f"auth must be null or an object with an 'auth_type', got {json_type(d)} (AuthSerializer rejects it)",
            )
            return
        if "auth_type" not in d:
            self.add(
                ptr,
                "missing required field 'auth_type' (AuthSerializer looks the auth up by it and raises "
                "KeyError without it); one of: api_key, basic, oauth2",
                code="missing",
                key="auth_type",
                on_key=True,
            )
            return
        at = d["auth_type"]
        tptr = pointer_join(ptr, "auth_type")
        if not isinstance(at, str) or at not in S.AUTH_MODELS:
            self.add(
                tptr,
                f'unknown auth_type {short(at)} ("Invalid auth type"); one of: api_key, basic, oauth2',
                code="unknown-type",
            )
            return
        if only is not None and at != only:
            self.add(
                tptr,
                f"{owner} call templates accept only {only} auth (the field is typed "
                f"Optional[OAuth2Auth]); the runtime rejects auth_type {short(at)}",
            )
            return
        self.model(S.AUTH_MODELS[at], d, ptr, what=f"{at} auth")
        if at == "oauth2" and owner in ("http", "sse", "streamable_http", "graphql", "websocket", "mcp"):
            tu = d.get("token_url")
            if (
                isinstance(tu, str)
                and not has_substitution(tu)
                and not http_url_accepted(tu, narrow=owner == "graphql")
            ):
                self.add(
                    pointer_join(ptr, "token_url"),
                    f'OAuth2 token_url {short(tu, 60)} is refused before any token request ("Security '
                    f'error during OAuth2 token URL"): only https://, or http:// to a loopback host, is '
                    f"allowed, so authentication always fails",
                    code="url-refused",
                )

    # ------------------------------------------------------------------
    # client configuration
    # ------------------------------------------------------------------
    def config(self, d: Any, ptr: str):
        if not isinstance(d, dict):
            self.add(ptr, f"a UTCP client configuration must be a JSON object, got {json_type(d)}")
            return

        def extra(key: str, kptr: str) -> bool:
            if key == "providers":
                self.add(
                    kptr,
                    "0.x key 'providers': utcp 1.x registers manuals from 'manual_call_templates' "
                    "(a list of call templates with 'call_template_type'); UtcpClientConfig drops "
                    "'providers' silently, so nothing listed here is ever registered",
                    code="legacy",
                    key=key,
                    on_key=True,
                )
                prov = d.get("providers")
                if isinstance(prov, list):
                    for i, p in enumerate(prov):
                        if isinstance(p, dict):
                            self.legacy_container(p, pointer_join(kptr, i), container="providers")
                return True
            if key == "providers_file_path":
                self.add(
                    kptr,
                    "0.x key 'providers_file_path': utcp 1.x has no providers file; list the "
                    "manuals in 'manual_call_templates' (a \"file\" call template with file_path "
                    "loads a manual from disk). UtcpClientConfig drops this key silently, so "
                    "nothing is registered from it",
                    code="legacy",
                    key=key,
                    on_key=True,
                )
                return True
            return False

        self.model(S.UtcpClientConfig, d, ptr, what="client configuration", extra=extra)
        if "load_variables_from" in d:
            self.iterate(
                d["load_variables_from"],
                pointer_join(ptr, "load_variables_from"),
                "load_variables_from",
                lambda v, p: self.typed(
                    v, p, "variable_loader_type", S.VARIABLE_LOADERS, "variable loader", legacy_alias="type"
                ),
                none_ok=True,
                each="variable loaders",
            )
        if "tool_repository" in d:
            self.typed(
                d["tool_repository"],
                pointer_join(ptr, "tool_repository"),
                "tool_repository_type",
                S.TOOL_REPOSITORIES,
                "tool repository",
            )
        if "tool_search_strategy" in d:
            self.typed(
                d["tool_search_strategy"],
                pointer_join(ptr, "tool_search_strategy"),
                "tool_search_strategy_type",
                S.SEARCH_STRATEGIES,
                "tool search strategy",
            )
        if "post_processing" in d:
            self.iterate(
                d["post_processing"],
                pointer_join(ptr, "post_processing"),
                "post_processing",
                lambda v, p: self.typed(v, p, "tool_post_processor_type", S.POST_PROCESSORS, "post-processor"),
                none_ok=False,
                each="post-processors",
            )
        if "manual_call_templates" in d:
            self.iterate(
                d["manual_call_templates"],
                pointer_join(ptr, "manual_call_templates"),
                "manual_call_templates",
                lambda v, p: self.template(v, p, origin="discovery"),
                none_ok=False,
                each="manual call templates",
            )

    def typed(self, d: Any, ptr: str, type_key: str, registry: dict, what: str, legacy_alias: Optional[str] = None):
        """A registry-dispatched object (variable loader, repository, strategy, post-processor)."""
        if not isinstance(d, dict):
            self.add(ptr, f"a {what} must be a JSON object with a '{type_key}', got {json_type(d)}")
            return
        handled = set()
        if type_key in d:
            tv = d[type_key]
        elif legacy_alias and legacy_alias in d:
            tv = d[legacy_alias]
            handled.add(legacy_alias)
            self.add(
                pointer_join(ptr, legacy_alias),
                f"0.x key '{legacy_alias}': utcp 1.x reads the {what} type from '{type_key}' (rename it); "
                f"without it the registry lookup raises KeyError and the configuration is rejected",
                code="legacy",
                key=legacy_alias,
                on_key=True,
                fix=self.rename_fix(ptr, d, legacy_alias, type_key),
            )
        else:
            self.add(
                ptr,
                f"missing required field '{type_key}' (the {what} registry looks it up and raises "
                f"KeyError without it); one of: {', '.join(sorted(registry))}",
                code="missing",
                key=type_key,
                on_key=True,
            )
            return
        if not isinstance(tv, str) or tv not in registry:
            self.add(
                pointer_join(ptr, type_key if type_key in d else legacy_alias),
                f"unknown {type_key} {short(tv)}: utcp 1.2.0 registers only {', '.join(sorted(registry))}",
                code="unknown-type",
            )
            return
        model = registry[tv]
        self.model(model, d, ptr, what=what, extra=lambda k, p: k in handled)


def _close(key: str, names) -> Optional[str]:
    import difflib

    m = difflib.get_close_matches(key, list(names), n=1, cutoff=0.75)
    return m[0] if m else None


def _label_fits(label: str, value: Any) -> bool:
    if isinstance(value, dict):
        return not (label in ("str", "bool") or label.startswith("list["))
    if isinstance(value, list):
        return label.startswith("list[")
    return False


def _field_name(loc: tuple) -> str:
    """A readable field path from a pydantic loc (data steps only)."""
    parts = []
    for seg in loc:
        if isinstance(seg, int):
            parts.append(f"[{seg}]")
        elif seg in UNION_LABELS:
            continue
        else:
            parts.append(("." if parts else "") + str(seg))
    out = "".join(parts) or "value"
    return out if len(out) <= 100 else "…" + out[-80:]


def _model_at(model: type[BaseModel], loc: tuple) -> Optional[type[BaseModel]]:
    """The nested model class a loc prefix points into (for unknown-key hints)."""
    cur: Any = model
    for seg in loc:
        if isinstance(seg, int) or (isinstance(seg, str) and seg in UNION_LABELS):
            continue
        if not (isinstance(cur, type) and issubclass(cur, BaseModel)):
            return None
        f = cur.model_fields.get(seg)
        if f is None:
            return None
        cur = _inner_model(f.annotation)
        if cur is None:
            return None
    return cur if isinstance(cur, type) and issubclass(cur, BaseModel) else None


def _inner_model(ann: Any):
    import typing

    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return ann
    for a in typing.get_args(ann) or ():
        m = _inner_model(a)
        if m is not None:
            return m
    return None


def legacy_shape(data: Any) -> str:
    """Which 1.x serializer a legacy document would meet."""
    if isinstance(data, list):
        return "template-list"
    if isinstance(data, dict):
        if "tools" in data:
            return "manual"
        if "tool_provider" in data or "tool_call_template" in data:
            return "tool"
        if {"providers", "providers_file_path", "manual_call_templates", "load_variables_from", "variables"} & set(
            data
        ):
            return "config"
        return "template"
    return "template"
