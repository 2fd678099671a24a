"""Human messages for pydantic errors, unknown keys and legacy keys.

Every claim here was checked against the published sources (see
docs/design/models.md for the file and line each one comes from).
"""

from __future__ import annotations

import difflib
from typing import Any, Optional

from pydantic.fields import FieldInfo

# ---------------------------------------------------------------------------
# JSON value names
# ---------------------------------------------------------------------------


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def short(value: Any, limit: int = 40) -> str:
    import json

    try:
        s = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        s = repr(value)
    return s if len(s) <= limit else s[: limit - 1] + "…"


# ---------------------------------------------------------------------------
# pydantic error -> "must be ..." phrase
# ---------------------------------------------------------------------------

_EXPECT = {
    "string_type": "a string",
    "string_unicode": "a string",
    "int_type": "an integer",
    "int_parsing": "an integer",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "an array",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
    "none_required": "null",
}

# union member labels pydantic puts in ``loc`` -> phrase
_LABEL_PHRASE = {
    "str": "a string",
    "list[str]": "an array of strings",
    "JsonSchema": "a JSON Schema object",
    "list[JsonSchema]": "an array of JSON Schema objects",
    "bool": "true/false",
    "dict[str,any]": "an object",
}
UNION_LABELS = frozenset(_LABEL_PHRASE)
# fields whose type is a union (the segment after them may be a member label)
UNION_FIELDS = frozenset({"type", "items", "additionalProperties", "message"})


def expectation(err: dict) -> str:
    t = err.get("type", "")
    if t == "literal_error":
        exp = (err.get("ctx") or {}).get("expected", "")
        return f"one of {exp}"
    if t in _EXPECT:
        return _EXPECT[t]
    msg = err.get("msg", "invalid")
    return msg[0].lower() + msg[1:] if msg else "valid"


def union_phrase(labels: list[str]) -> str:
    phrases = []
    for lb in labels:
        p = _LABEL_PHRASE.get(lb, lb)
        if p not in phrases:
            phrases.append(p)
    if len(phrases) == 1:
        return phrases[0]
    return ", ".join(phrases[:-1]) + " or " + phrases[-1]


# ---------------------------------------------------------------------------
# Unknown keys: "did you mean" and what silently happens instead
# ---------------------------------------------------------------------------

# Spellings from other SDKs / drafts / 0.x that difflib cannot connect.
ALIASES = {
    "env": "env_vars",
    "environment": "env_vars",
    "cwd": "working_dir",
    "workdir": "working_dir",
    "working_directory": "working_dir",
    "command": "commands",
    "cmd": "commands",
    "headers_tools": "headers",
    "method": "http_method",
    "tool_transport": "tool_call_template",
    "provider": "tool_call_template",
    "transport_type": "call_template_type",
    "input_schema": "inputs",
    "inputSchema": "inputs",
    "parameters": "inputs",
    "output_schema": "outputs",
    "outputSchema": "outputs",
}

# What the runtime does when the intended field is left at its default.
CONSEQUENCE = {
    "inherit_env_vars": "the default host-environment allowlist silently applies "
    "(utcp-cli passes PATH, HOME, LANG, LC_ALL, LC_CTYPE, USER, LOGNAME, SHELL, TZ, "
    "TERM through; on Windows its own list)",
    "env_vars": "no extra environment variables reach the commands",
    "working_dir": "the commands run in the client process's current directory",
    "commands": "there is nothing to run",
    "append_to_final_output": "only the last command's output is returned",
    "allowed_communication_protocols": "only tools of this template's own call_template_type are registered "
    "from the manual",
    "auth": "requests are sent without authentication",
    "auth_tools": "tools generated from an OpenAPI spec get no authentication",
    "headers": "no static headers are sent",
    "header_fields": "no tool argument is sent as a header",
    "body_field": "the default body field applies",
    "http_method": "the request uses GET",
    "inputs": "the tool declares no inputs (an empty schema)",
    "outputs": "the tool declares no outputs (an empty schema)",
    "tags": "the tool has no tags (tag search cannot find it)",
    "description": "the description is empty (description search cannot find it)",
    "tool_call_template": "the tool has no call template",
    "call_template_type": "the template has no type",
    "variables": "no variables are defined by this config",
    "manual_call_templates": "no manuals are registered",
    "load_variables_from": "no variable loaders run",
    "post_processing": "no post-processing runs",
}


def field_default(info: FieldInfo) -> Optional[str]:
    if info.is_required():
        return None
    if info.default_factory is not None:
        try:
            val = info.default_factory()  # type: ignore[call-arg]
        except Exception:  # pragma: no cover - our own factories never fail
            return None
    else:
        val = info.default
    if hasattr(val, "model_dump"):
        return "{}"
    return short(val)


def did_you_mean(key: str, fields: dict[str, FieldInfo]) -> Optional[str]:
    names = [f for f in fields if not f.endswith("_")]
    alias = ALIASES.get(key)
    if alias in names:
        return alias
    lowered = {n.lower(): n for n in names}
    if key.lower() in lowered and lowered[key.lower()] != key:
        return lowered[key.lower()]
    close = difflib.get_close_matches(key, names, n=1, cutoff=0.8)
    return close[0] if close else None


def unknown_key_message(model_name: str, key: str, fields: dict[str, FieldInfo], present: set) -> str:
    """Message for a key ``model_name`` does not define (dropped silently)."""
    base = f"'{key}' is not a field of {model_name}: the runtime drops it silently"
    guess = did_you_mean(key, fields)
    if guess is None:
        return base
    if guess in present:
        return f"{base} (did you mean '{guess}'? this object already sets '{guess}', so '{key}' has no effect)"
    info = fields[guess]
    if guess in CONSEQUENCE:
        what = CONSEQUENCE[guess]
    else:
        d = field_default(info)
        what = f"'{guess}' keeps its default ({d})" if d is not None else f"'{guess}' stays unset"
    if info.is_required():
        return f"{base}; did you mean '{guess}'? '{guess}' is required, so this object is rejected"
    return f"{base}; did you mean '{guess}'? {what}"
