"""A fast, conservative, plain-Python pre-check of registration validity.

Importing pydantic and building the models costs ~130 ms of a ~300 ms cold
start (docs/performance.md), yet most manuals linted are valid.  This module
answers one question without pydantic: *is this document certainly valid?*
It recognises a narrow, strict subset of what the runtime accepts (manuals,
tools and call templates whose call templates are ``cli``, with only known
keys and exactly-typed values) and says "valid" only inside that subset.
Everything else -- a lax coercion pydantic would accept (``"8080"`` for an
int), an unknown key, another template type, a legacy key -- answers
"unknown", and :func:`utcp_lint.models.validate_document` runs the pydantic
models, which stay the source of truth.

The contract (``proves_valid(...) is True`` implies ``validate_document``
returns no issue at all) is proven by the differential test
``tests/test_precheck.py`` (generated documents, hypothesis) and on every
fixture and corpus document.
"""

from __future__ import annotations

from typing import Any, Optional

from ..core.lazyre import lazy_compile

# Keys each model accepts (utcp_lint.models.schema); anything else is
# "unknown" here (the validator would report or explain it).
_MANUAL_KEYS = frozenset({"utcp_version", "manual_version", "tools"})
_TOOL_KEYS = frozenset(
    {"name", "description", "inputs", "outputs", "tags", "average_response_size", "tool_call_template"}
)
_CLI_KEYS = frozenset(
    {
        "name",
        "call_template_type",
        "auth",
        "allowed_communication_protocols",
        "commands",
        "env_vars",
        "inherit_env_vars",
        "working_dir",
    }
)
# "subprocess" is a REQ-C-019 declaration the validator deliberately skips
_STEP_KEYS = frozenset({"command", "append_to_final_output", "subprocess"})

# JsonSchema fields (extra="allow": other keys are kept with any value)
_SCHEMA_STR = ("$schema", "$id", "title", "description", "format", "pattern")
_SCHEMA_INT = ("minLength", "maxLength")
_SCHEMA_FLOAT = ("minimum", "maximum")
_SCHEMA_ANYJSON_LIST = ("enum", "examples")
# populate_by_name=True: the Python field names are accepted too; we do not
# model that subtlety, so their presence answers "unknown"
_SCHEMA_REFUSE = frozenset({"schema_", "id_"})

_MAX_DEPTH = 32  # deeper schemas: unknown (pydantic has its own depth limit)
_INT_LIMIT = 2**63
_FLOAT_INT_LIMIT = 2**53
# a \uD800-\uDFFF escape may decode to a lone surrogate, which pydantic's str
# validation rejects; refuse any such escape (a valid pair included)
_SURROGATE_ESCAPE = lazy_compile(r"\\u[dD][89a-fA-F]")


class _Unknown(Exception):
    """Outside the subset this pre-check can prove valid."""


def proves_valid(kind: Optional[str], data: Any, text: Optional[str] = None) -> bool:
    """True only when the pydantic-backed validation is certain to report nothing.

    ``kind`` is the document kind (``DocumentContext.kind``), ``data`` the
    loaded value, ``text`` the source (used to refuse surrogate escapes
    cheaply; without it every string is checked instead)."""
    if text is not None and "\\u" in text and _SURROGATE_ESCAPE.search(text):
        return False
    try:
        if text is None:
            _no_surrogates(data)
        if kind == "manual":
            _manual(data)
        elif kind == "tool":
            _tool(data)
        elif kind == "template":
            _template(data)
        elif kind == "template-list":
            if not isinstance(data, list):
                raise _Unknown
            for item in data:
                _template(item)
        else:
            return False
    except (_Unknown, RecursionError):
        return False
    return True


def _no_surrogates(data: Any) -> None:
    stack = [data]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if not v.isascii():
                try:
                    v.encode("utf-8")
                except UnicodeEncodeError:
                    raise _Unknown from None
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)


def _keys(d: Any, allowed: frozenset) -> dict:
    if type(d) is not dict or not allowed.issuperset(d):
        raise _Unknown
    return d


def _str(v: Any, optional: bool = False) -> None:
    if type(v) is str or (optional and v is None):
        return
    raise _Unknown


def _str_list(v: Any, optional: bool = False) -> None:
    if optional and v is None:
        return
    if type(v) is not list:
        raise _Unknown
    for x in v:
        if type(x) is not str:
            raise _Unknown


def _str_dict(v: Any, optional: bool = False) -> None:
    if optional and v is None:
        return
    if type(v) is not dict:
        raise _Unknown
    for x in v.values():
        if type(x) is not str:
            raise _Unknown


def _manual(d: Any) -> None:
    _keys(d, _MANUAL_KEYS)
    if "tools" not in d:
        raise _Unknown
    for k in ("utcp_version", "manual_version"):
        if k in d:
            _str(d[k])
    tools = d["tools"]
    if type(tools) is not list:
        raise _Unknown
    for t in tools:
        _tool(t)


def _tool(d: Any) -> None:
    _keys(d, _TOOL_KEYS)
    if "name" not in d or "tool_call_template" not in d:
        raise _Unknown
    _str(d["name"])
    if "description" in d:
        _str(d["description"])
    for k in ("inputs", "outputs"):
        if k in d:
            _schema(d[k], 0)
    if "tags" in d:
        _str_list(d["tags"])
    if "average_response_size" in d:
        v = d["average_response_size"]
        if v is not None and not (type(v) is int and -_INT_LIMIT < v < _INT_LIMIT):
            raise _Unknown
    _template(d["tool_call_template"])


def _template(d: Any) -> None:
    _keys(d, _CLI_KEYS)
    if d.get("call_template_type") != "cli" or type(d["call_template_type"]) is not str:
        raise _Unknown
    if "name" in d:
        _str(d["name"])
    if d.get("auth", None) is not None:
        raise _Unknown
    if "allowed_communication_protocols" in d:
        _str_list(d["allowed_communication_protocols"], optional=True)
    if "env_vars" in d:
        _str_dict(d["env_vars"], optional=True)
    if "inherit_env_vars" in d:
        _str_list(d["inherit_env_vars"], optional=True)
    if "working_dir" in d:
        _str(d["working_dir"], optional=True)
    cmds = d.get("commands")
    if type(cmds) is not list or not cmds:  # missing or empty: the validator reports it
        raise _Unknown
    for step in cmds:
        _keys(step, _STEP_KEYS)
        if "command" not in step:
            raise _Unknown
        _str(step["command"])
        atf = step.get("append_to_final_output")
        if atf is not None and type(atf) is not bool:
            raise _Unknown


def _json_value(v: Any, depth: int) -> None:
    """Any JSON value (JsonType); bounded depth."""
    if depth > _MAX_DEPTH:
        raise _Unknown
    if type(v) is dict:
        for x in v.values():
            _json_value(x, depth + 1)
    elif type(v) is list:
        for x in v:
            _json_value(x, depth + 1)
    elif type(v) is int:
        if not -_INT_LIMIT < v < _INT_LIMIT:
            raise _Unknown
    elif type(v) is float:
        if v != v or v in (float("inf"), float("-inf")):
            raise _Unknown
    elif not (v is None or type(v) in (str, bool)):
        raise _Unknown


def _schema(d: Any, depth: int) -> None:
    """A JsonSchema (extra keys allowed with any value), strictly typed."""
    if depth > _MAX_DEPTH or type(d) is not dict:
        raise _Unknown
    if not _SCHEMA_REFUSE.isdisjoint(d):
        raise _Unknown
    for k in _SCHEMA_STR:
        if k in d:
            _str(d[k], optional=True)
    for k in _SCHEMA_INT:
        if k in d:
            v = d[k]
            if v is not None and not (type(v) is int and -_INT_LIMIT < v < _INT_LIMIT):
                raise _Unknown
    for k in _SCHEMA_FLOAT:
        if k in d:
            v = d[k]
            if v is None:
                continue
            if type(v) is int:
                if not -_FLOAT_INT_LIMIT < v < _FLOAT_INT_LIMIT:
                    raise _Unknown
            elif type(v) is float:
                if v != v or v in (float("inf"), float("-inf")):
                    raise _Unknown
            else:
                raise _Unknown
    if "type" in d:
        t = d["type"]
        if t is not None and type(t) is not str:
            _str_list(t)
    if "required" in d:
        _str_list(d["required"], optional=True)
    for k in _SCHEMA_ANYJSON_LIST:
        if k in d and d[k] is not None:
            if type(d[k]) is not list:
                raise _Unknown
            _json_value(d[k], depth + 1)
    for k in ("const", "default"):
        if k in d:
            _json_value(d[k], depth + 1)
    # extra keys: kept as is by extra="allow"; their values must still be
    # plain JSON (always true for loaded JSON, checked for bounded depth)
    if "properties" in d:
        p = d["properties"]
        if p is not None:
            if type(p) is not dict:
                raise _Unknown
            for sub in p.values():
                _schema(sub, depth + 1)
    if "items" in d:
        it = d["items"]
        if it is not None:
            if type(it) is list:
                for sub in it:
                    _schema(sub, depth + 1)
            else:
                _schema(it, depth + 1)
    if "additionalProperties" in d:
        ap = d["additionalProperties"]
        if ap is not None and type(ap) is not bool:
            _schema(ap, depth + 1)
    for k, v in d.items():
        if type(v) in (dict, list) and k not in (
            "properties",
            "items",
            "additionalProperties",
            "enum",
            "examples",
            "const",
            "default",
        ):
            _json_value(v, depth + 1)


__all__ = ["proves_valid"]
