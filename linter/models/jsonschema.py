"""JSON Schemas for editors: a UTCP manual, a client configuration, and the
``[tool.utcp-lint]`` settings (issue 27).

The manual and configuration schemas are generated from the registration
models (:mod:`.schema`, which mirror utcp 1.2.0 and its plugins field for
field); the polymorphic fields the models type ``Any`` (the validator
dispatches them itself) become unions keyed by their type field here: a call
template is one of the eleven known ``call_template_type`` shapes, ``auth``
one of the three auth shapes where the plugin accepts auth at all, and so on.

The schemas accept what the runtime accepts (tests/test_json_schemas.py runs
the real runtime on every document of the corpus): unknown keys are allowed
where the runtime drops them (utcp-lint reports them, UL002; a schema cannot
say "warning"), refused at the manual's top level, where the runtime raises;
integers and booleans also accept the strings pydantic's lax mode coerces.

``utcp-lint json-schema manual|config|settings`` prints one;
``scripts/gen_json_schemas.py`` writes them into ``data/`` (``*.schema.json``) (shipped,
checked fresh by the tests) for an editor's ``$schema`` or ``json.schemas``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE_ID = "https://github.com/utcp-lint/utcp-lint/schemas/"

# pydantic's lax mode (the runtime validates in lax mode): "8080" is an int,
# "true"/"yes"/"on"/"1" a bool (pydantic docs, "Conversion Table")
_LAX_INT = {"type": "string", "pattern": r"^\s*[+-]?[0-9]+(\.0*)?\s*$"}
_LAX_NUMBER = {"type": "string", "pattern": r"^\s*[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?\s*$"}
_LAX_BOOL_STRINGS = ["0", "off", "f", "false", "n", "no", "1", "on", "t", "true", "y", "yes"]


def _lax(node: Any) -> Any:
    """Widen every integer/number/boolean type to what lax mode accepts; drop
    ``additionalProperties: false`` (the runtime ignores unknown keys)."""
    if isinstance(node, list):
        return [_lax(x) for x in node]
    if not isinstance(node, dict):
        return node
    out = {k: _lax(v) for k, v in node.items() if k != "title"}
    if out.get("additionalProperties") is False:
        del out["additionalProperties"]
    t = out.get("type")
    if t in ("integer", "number", "boolean") and not ({"const", "enum"} & set(out)):
        base = {k: v for k, v in out.items() if k not in ("type", "default", "description")}
        alts: list[dict[str, Any]] = [{"type": t, **base}]
        if t == "integer":
            alts += [copy.deepcopy(_LAX_INT), {"type": "number", "multipleOf": 1}]
        elif t == "number":
            alts.append(copy.deepcopy(_LAX_NUMBER))
        else:
            alts += [{"enum": _LAX_BOOL_STRINGS + [s.upper() for s in _LAX_BOOL_STRINGS]}, {"enum": [0, 1]}]
        keep = {k: v for k, v in out.items() if k in ("default", "description")}
        return {**keep, "anyOf": alts}
    return out


def _model(model: type, defs: dict[str, Any]) -> dict[str, Any]:
    """``model``'s schema, its nested models' definitions merged into ``defs``."""
    s = model.model_json_schema(ref_template="#/$defs/{model}")  # type: ignore[attr-defined]
    for name, d in s.pop("$defs", {}).items():
        defs.setdefault(name, d)
    return s


def _typed(model: type, field: str, value: str, defs: dict[str, Any]) -> dict[str, Any]:
    s = _model(model, defs)
    s.setdefault("properties", {})[field] = {"const": value}
    req = s.setdefault("required", [])
    if field not in req:
        req.append(field)
    return s


def _call_templates(defs: dict[str, Any]) -> dict[str, Any]:
    from .schema import AUTH_MODELS, HAS_AUTH_TOOLS, TEMPLATE_TYPES, OAuth2Auth

    auth_any = {"oneOf": [{"$ref": f"#/$defs/{m.__name__}"} for m in AUTH_MODELS.values()] + [{"type": "null"}]}
    for kind, m in AUTH_MODELS.items():
        defs[m.__name__] = _typed(m, "auth_type", kind, defs)
    variants = []
    for kind, (model, _dist, auth) in TEMPLATE_TYPES.items():
        s = _typed(model, "call_template_type", kind, defs)
        props = s["properties"]
        if auth == "none":
            props["auth"] = {"type": "null"}
        elif auth == "oauth2":
            props["auth"] = {"oneOf": [{"$ref": f"#/$defs/{OAuth2Auth.__name__}"}, {"type": "null"}]}
        else:
            props["auth"] = copy.deepcopy(auth_any)
        if kind in HAS_AUTH_TOOLS:
            props["auth_tools"] = copy.deepcopy(auth_any)
        defs[model.__name__] = s
        variants.append({"$ref": f"#/$defs/{model.__name__}"})
    defs["CallTemplate"] = {
        "description": "A call template: one of the shapes of the call_template_type it names.",
        "type": "object",
        "required": ["call_template_type"],
        "oneOf": variants,
    }
    return {"$ref": "#/$defs/CallTemplate"}


def manual_schema() -> dict[str, Any]:
    from .schema import Tool, UtcpManual

    defs: dict[str, Any] = {}
    tpl = _call_templates(defs)
    tool = _model(Tool, defs)
    tool["properties"]["tool_call_template"] = tpl
    defs["Tool"] = tool
    root = _model(UtcpManual, defs)
    root["properties"]["tools"] = {"type": "array", "items": {"$ref": "#/$defs/Tool"}}
    root["required"] = ["tools"]
    root = _lax(root)
    # the runtime's UtcpManual.__init__ takes exactly these keywords: any other top-level key raises
    root["additionalProperties"] = False
    return {
        "$schema": DRAFT,
        "$id": BASE_ID + "utcp-manual.schema.json",
        "title": "UTCP manual (utcp 1.2.0)",
        **root,
        "$defs": _lax(defs),
    }


def config_schema() -> dict[str, Any]:
    from .schema import POST_PROCESSORS, SEARCH_STRATEGIES, TOOL_REPOSITORIES, VARIABLE_LOADERS, UtcpClientConfig

    defs: dict[str, Any] = {}
    tpl = _call_templates(defs)

    def union(registry: Mapping[str, type], field: str) -> dict[str, Any]:
        alts = []
        for kind, m in registry.items():
            defs[m.__name__] = _typed(m, field, kind, defs)
            alts.append({"$ref": f"#/$defs/{m.__name__}"})
        return {"oneOf": alts}

    root = _model(UtcpClientConfig, defs)
    p = root["properties"]
    p["load_variables_from"] = {
        "anyOf": [{"type": "array", "items": union(VARIABLE_LOADERS, "variable_loader_type")}, {"type": "null"}]
    }
    p["tool_repository"] = {"anyOf": [union(TOOL_REPOSITORIES, "tool_repository_type"), {"type": "null"}]}
    p["tool_search_strategy"] = {"anyOf": [union(SEARCH_STRATEGIES, "tool_search_strategy_type"), {"type": "null"}]}
    p["post_processing"] = {
        "anyOf": [{"type": "array", "items": union(POST_PROCESSORS, "tool_post_processor_type")}, {"type": "null"}]
    }
    p["manual_call_templates"] = {"anyOf": [{"type": "array", "items": tpl}, {"type": "null"}]}
    return {
        "$schema": DRAFT,
        "$id": BASE_ID + "utcp-client-config.schema.json",
        "title": "UTCP client configuration (utcp 1.2.0)",
        **_lax(root),
        "$defs": _lax(defs),
    }


# ECMA-262 patterns (no inline flags): ALL or a rule id / prefix, any case, as config.py compares them
_RULES = {"type": "array", "items": {"type": "string", "pattern": r"^\s*([Aa][Ll][Ll]|[Uu][Ll][0-9]{0,3})\s*$"}}
_RULES_OR_ONE = {"anyOf": [_RULES, _RULES["items"]]}


def settings_schema() -> dict[str, Any]:
    """The ``[tool.utcp-lint]`` table (pyproject.toml; the top level of utcp-lint.toml), key for key
    as linter/run/config.py reads it."""
    from ..run.config import FORMATS

    props: dict[str, Any] = {
        "select": {**_RULES_OR_ONE, "description": "Rule ids or prefixes to enable (default: the default set)."},
        "ignore": {**_RULES_OR_ONE, "description": "Rule ids or prefixes to disable."},
        "extend-select": {**_RULES_OR_ONE, "description": "Rule ids or prefixes to enable in addition."},
        "fail-on": {"enum": ["note", "warning", "error"], "description": "Lowest severity that fails the run."},
        "shell": {"enum": ["auto", "bash", "powershell", "both"], "description": "Which shell CLI templates run in."},
        "require-declarations": {"type": "boolean", "description": "Every CLI step must declare its subprocess."},
        "ignore-foreign-suppressions": {
            "type": "boolean",
            "description": "bandit's '# nosec' and ruff's '# noqa: S602' hide nothing (an audit); "
            "utcp-lint's own suppressions still apply.",
        },
        "exclude": {
            "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}],
            "description": "Glob patterns of paths not to lint.",
        },
        "per-file-ignores": {
            "type": "object",
            "additionalProperties": _RULES_OR_ONE,
            "description": "Glob pattern -> rule ids or prefixes ignored in matching files.",
        },
        "format": {"enum": list(FORMATS), "description": "Default output format (the same setting as output-format)."},
        "output-format": {"enum": list(FORMATS), "description": "Default output format."},
        "extend-exclude": {
            "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}],
            "description": "Glob patterns excluded in addition to exclude.",
        },
        "force-exclude": {"type": "boolean", "description": "Exclude matching files named on the command line too."},
        "respect-gitignore": {"type": "boolean", "description": "Skip what git ignores (default true)."},
        "cache-dir": {"type": "string", "minLength": 1, "description": "Result cache directory (inside the project)."},
        "per-tool-ignores": {
            "type": "object",
            "propertyNames": {"pattern": "(::.+|#/.*)$"},
            "additionalProperties": _RULES_OR_ONE,
            "description": "FILE::TOOL-NAME or FILE#/JSON/POINTER -> rule ids or prefixes ignored there.",
        },
        "baseline": {"type": "string", "minLength": 1, "description": "Baseline file (relative to this file)."},
        "cache": {"type": "boolean", "description": "Use the result cache."},
        "locked": {"type": "boolean", "description": "Fail when a manual differs from its lock entry."},
        "lock-file": {"type": "string", "minLength": 1, "description": "Lock file (relative to this file)."},
    }
    return {
        "$schema": DRAFT,
        "$id": BASE_ID + "utcp-lint-settings.schema.json",
        "title": "utcp-lint settings ([tool.utcp-lint] in pyproject.toml, or utcp-lint.toml)",
        "type": "object",
        "properties": props,
        "additionalProperties": False,
    }


SCHEMAS = {"manual": manual_schema, "config": config_schema, "settings": settings_schema}
FILES = {
    "manual": "utcp-manual.schema.json",
    "config": "utcp-client-config.schema.json",
    "settings": "utcp-lint-settings.schema.json",
}

__all__ = ["SCHEMAS", "FILES", "manual_schema", "config_schema", "settings_schema"]
