"""JSON Schemas for editors (issue 27): generated from the registration models,
shipped fresh, printed by ``utcp-lint json-schema``, and accepting every
corpus document the real runtime accepts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_models_oracle import Oracle, serializer_kind  # noqa: E402

from utcp_lint.models.jsonschema import FILES, SCHEMAS  # noqa: E402


def _validator(kind: str, ref: str | None = None) -> jsonschema.Draft202012Validator:
    s = SCHEMAS[kind]()
    if ref is not None:
        s = {"$schema": s["$schema"], "$defs": s["$defs"], "$ref": f"#/$defs/{ref}"}
    return jsonschema.Draft202012Validator(s)


def _kind(path: Path, data) -> str | None:
    from utcp_lint.core.findings import SourceFile
    from utcp_lint.document.jsonpos import parse
    from utcp_lint.ruleset.context import DocumentContext

    text = path.read_text(encoding="utf-8")
    return DocumentContext(SourceFile(str(path), text), parse(text)).kind


def test_shipped_schemas_are_fresh():
    r = subprocess.run(
        [sys.executable, "scripts/gen_json_schemas.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_schema_is_valid_draft_2020_12_and_printed_by_the_cli(kind):
    s = SCHEMAS[kind]()
    jsonschema.Draft202012Validator.check_schema(s)
    r = subprocess.run(
        [sys.executable, "-m", "utcp_lint", "json-schema", kind], capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0 and json.loads(r.stdout) == s
    assert FILES[kind] in s["$id"]


def test_call_templates_are_a_union_not_any():
    defs = SCHEMAS["manual"]()["$defs"]
    tool_tpl = defs["Tool"]["properties"]["tool_call_template"]
    assert tool_tpl == {"$ref": "#/$defs/CallTemplate"}
    kinds = {
        defs[v["$ref"].rsplit("/", 1)[1]]["properties"]["call_template_type"]["const"]
        for v in defs["CallTemplate"]["oneOf"]
    }
    assert {
        "cli",
        "http",
        "sse",
        "streamable_http",
        "text",
        "file",
        "mcp",
        "websocket",
        "tcp",
        "udp",
        "graphql",
    } == kinds


def test_every_document_the_runtime_accepts_validates():
    """The real runtime decides (tests/test_models_oracle.py); the schema must agree on acceptance."""
    oracle = Oracle()
    checked = 0
    try:
        for path in sorted(CORPUS.rglob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            kind = _kind(path, data)
            if kind is None:
                continue
            skind = serializer_kind(kind, data)
            accepted, _err = oracle.verdict(skind, data)
            if not accepted:
                continue
            if skind == "manual":
                v = _validator("manual")
                docs = [data]
            elif skind == "config":
                v = _validator("config")
                docs = [data]
            elif skind == "tool":
                v = _validator("manual", "Tool")
                docs = [data]
            elif skind in ("template", "template-list"):
                v = _validator("manual", "CallTemplate")
                docs = data if isinstance(data, list) else [data]
            else:
                continue
            for d in docs:
                errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in v.iter_errors(d)]
                assert not errors, (path.name, errors[:3])
                checked += 1
    finally:
        oracle.close()
    assert checked >= 20, checked


MANUAL = {
    "manual_version": "1.0.0",
    "utcp_version": "1.0.1",
    "tools": [
        {
            "name": "t",
            "description": "d",
            "inputs": {"type": "object", "properties": {}},
            "tool_call_template": {"call_template_type": "cli", "commands": [{"command": "ls"}]},
        }
    ],
}


def _with(path: list, value) -> dict:
    d = json.loads(json.dumps(MANUAL))
    node = d
    for k in path[:-1]:
        node = node[k]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return d


_DELETE = object()
TPL = ["tools", 0, "tool_call_template"]


@pytest.mark.parametrize(
    "doc",
    [
        _with(["name"], "extra top-level key"),
        _with(TPL + ["commands"], "ls"),
        _with(TPL + ["commands"], _DELETE),
        _with(TPL + ["call_template_type"], "carrier-pigeon"),
        _with(TPL + ["auth"], {"auth_type": "basic", "username": "u", "password": "p"}),
        _with(["tools", 0, "name"], 3),
        _with(TPL, {"call_template_type": "tcp", "host": "h", "port": "eighty"}),
        _with(TPL, {"call_template_type": "http", "url": "https://x", "http_method": "FETCH"}),
    ],
    ids=["top-key", "commands-str", "no-commands", "unknown-type", "cli-auth", "name-int", "port-word", "method"],
)
def test_the_runtime_and_the_schema_both_reject(doc):
    oracle = Oracle()
    try:
        accepted, err = oracle.verdict("manual", doc)
    finally:
        oracle.close()
    assert not accepted, "premise: the runtime rejects it"
    assert list(_validator("manual").iter_errors(doc)), err


def test_lax_values_the_runtime_coerces_are_accepted():
    doc = _with(TPL, {"call_template_type": "tcp", "host": "h", "port": "8080", "interpret_escape_sequences": "yes"})
    oracle = Oracle()
    try:
        assert oracle.verdict("manual", doc)[0]
    finally:
        oracle.close()
    assert not list(_validator("manual").iter_errors(doc))


def test_settings_schema_follows_the_config_reader(tmp_path):
    from utcp_lint.run.config import KNOWN_KEYS, ConfigError, load_config

    s = SCHEMAS["settings"]()
    assert set(s["properties"]) == KNOWN_KEYS
    v = jsonschema.Draft202012Validator(s)
    good = {"select": ["UL1", "ul6"], "ignore": "UL033", "fail-on": "error", "per-file-ignores": {"vendor/*": ["ALL"]}}
    bad = [{"fail-on": "fatal"}, {"shell": "zsh"}, {"cache": "yes"}, {"select": [1]}, {"colour": "never"}]
    import tomllib

    def toml(d: dict) -> str:
        lines = ["[tool.utcp-lint]"]
        for k, val in d.items():
            if isinstance(val, dict):
                lines.append(f"[tool.utcp-lint.{k}]")
                lines += [f"{json.dumps(a)} = {json.dumps(b)}" for a, b in val.items()]
            else:
                lines.append(f"{json.dumps(k)} = {json.dumps(val)}")
        text = "\n".join(lines) + "\n"
        tomllib.loads(text)
        return text

    p = tmp_path / "pyproject.toml"
    p.write_text(toml(good))
    load_config(str(p))
    assert not list(v.iter_errors(good))
    for b in bad:
        p.write_text(toml(b))
        with pytest.raises(ConfigError):
            load_config(str(p))
        assert list(v.iter_errors(b)), b
