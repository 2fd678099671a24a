"""utcp_lint.models: our mirror of utcp 1.2.0's models, checked against the real packages.

* parity: field names, required fields, types and defaults equal the published classes;
* every behaviour a message claims is reproduced with the real runtime here;
* a property-based differential: random mutations of valid documents get the same
  accept/reject verdict from utcp-lint and from the real serializers;
* positions: missing fields point at the enclosing object's key, wrong types at the
  value, unknown keys at the key; validation never raises.
"""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from test_models_oracle import Oracle, mcp_installed

from utcp_lint.core.findings import SourceFile
from utcp_lint.document.jsonpos import parse
from utcp_lint.models import issue_span, schema as S, validate_document
from utcp_lint.models.netsec import http_url_accepted, ws_url_accepted
from utcp_lint.ruleset.context import DocumentContext, LintOptions

# codes that mean "the serializers reject the document"
REJECT_CODES = {"invalid", "missing", "unknown-type", "extra", "legacy", "websocket-url", "text-file-path"}


def lint(doc_data, kind):
    text = json.dumps(doc_data, indent=1)
    src = SourceFile("doc.json", text)
    ctx = DocumentContext(src, parse(text), LintOptions(kind=kind))
    return ctx, validate_document(ctx)


def lint_text(text, kind=None):
    src = SourceFile("doc.json", text)
    ctx = DocumentContext(src, parse(text), LintOptions(kind=kind))
    return ctx, validate_document(ctx)


def rejects(issues) -> bool:
    return any(i.severity == "error" and i.code in REJECT_CODES for i in issues)


@pytest.fixture(scope="module")
def oracle():
    o = Oracle(gql=True)
    yield o
    o.close()


# ---------------------------------------------------------------------------
# parity with the published classes
# ---------------------------------------------------------------------------


def _real_classes():
    from utcp.data.auth_implementations import ApiKeyAuth, BasicAuth, OAuth2Auth
    from utcp.data.tool import JsonSchema, Tool
    from utcp.data.utcp_client_config import UtcpClientConfig
    from utcp.data.utcp_manual import UtcpManual
    from utcp.data.variable_loader_implementations import DotEnvVariableLoader
    from utcp.implementations.post_processors import FilterDictPostProcessor, LimitStringsPostProcessor
    from utcp.implementations.tag_search import TagAndDescriptionWordMatchStrategy
    from utcp_cli.cli_call_template import CliCallTemplate, CommandStep
    from utcp_file.file_call_template import FileCallTemplate
    from utcp_gql.gql_call_template import GraphQLCallTemplate
    from utcp_http.http_call_template import HttpCallTemplate
    from utcp_http.sse_call_template import SseCallTemplate
    from utcp_http.streamable_http_call_template import StreamableHttpCallTemplate
    from utcp_socket.tcp_call_template import TCPProvider
    from utcp_socket.udp_call_template import UDPProvider
    from utcp_text.text_call_template import TextCallTemplate
    from utcp_websocket.websocket_call_template import WebSocketCallTemplate

    pairs = [
        (S.ApiKeyAuth, ApiKeyAuth),
        (S.BasicAuth, BasicAuth),
        (S.OAuth2Auth, OAuth2Auth),
        (S.JsonSchema, JsonSchema),
        (S.Tool, Tool),
        (S.UtcpManual, UtcpManual),
        (S.UtcpClientConfig, UtcpClientConfig),
        (S.DotEnvVariableLoader, DotEnvVariableLoader),
        (S.TagAndDescriptionWordMatchStrategy, TagAndDescriptionWordMatchStrategy),
        (S.FilterDictPostProcessor, FilterDictPostProcessor),
        (S.LimitStringsPostProcessor, LimitStringsPostProcessor),
        (S.CommandStep, CommandStep),
        (S.CliCallTemplate, CliCallTemplate),
        (S.HttpCallTemplate, HttpCallTemplate),
        (S.SseCallTemplate, SseCallTemplate),
        (S.StreamableHttpCallTemplate, StreamableHttpCallTemplate),
        (S.TextCallTemplate, TextCallTemplate),
        (S.FileCallTemplate, FileCallTemplate),
        (S.WebSocketCallTemplate, WebSocketCallTemplate),
        (S.TcpCallTemplate, TCPProvider),
        (S.UdpCallTemplate, UDPProvider),
        (S.GraphQLCallTemplate, GraphQLCallTemplate),
    ]
    if mcp_installed():  # pragma: no cover - depends on the environment
        from utcp_mcp.mcp_call_template import McpCallTemplate, McpConfig

        pairs += [(S.McpCallTemplate, McpCallTemplate), (S.McpConfig, McpConfig)]
    return pairs


PAIRS = _real_classes()

# fields we type Any because the driver dispatches them itself
DISPATCHED = {
    "call_template_type",
    "auth",
    "auth_tools",
    "tool_call_template",
    "tools",
    "load_variables_from",
    "tool_repository",
    "tool_search_strategy",
    "post_processing",
    "manual_call_templates",
    "variable_loader_type",
    "tool_search_strategy_type",
    "tool_post_processor_type",
    "tool_repository_type",
    "auth_type",
}


def _norm(ann) -> str:
    s = str(ann).replace("typing.", "")
    s = re.sub(r"<class '([\w.]+)'>", r"\1", s)
    s = re.sub(r"\b[a-z_][\w]*\.(?=[\w.]*[A-Z])", "", s)  # drop module paths
    s = s.replace("TCPProvider", "TcpCallTemplate").replace("UDPProvider", "UdpCallTemplate")
    s = re.sub(r"\bUnion\[(.*), NoneType\]", r"Optional[\1]", s)
    return s


@pytest.mark.parametrize("ours,real", PAIRS, ids=[p[1].__name__ for p in PAIRS])
def test_field_parity(ours, real):
    of, rf = ours.model_fields, real.model_fields
    assert set(of) == set(rf), set(of) ^ set(rf)
    assert {n for n, f in of.items() if f.is_required()} == {n for n, f in rf.items() if f.is_required()}
    for name, f in of.items():
        if name in DISPATCHED or name == "name":
            continue
        r = rf[name]
        assert _norm(f.annotation) == _norm(r.annotation), name
        assert (f.alias or name) == (r.alias or name), name
        if not f.is_required():
            if r.default_factory is not None or f.default_factory is not None:
                assert (r.default_factory is not None) == (f.default_factory is not None), name
            else:
                assert f.default == r.default, name


@pytest.mark.parametrize("ours,real", PAIRS, ids=[p[1].__name__ for p in PAIRS])
def test_runtime_drops_unknown_keys_except_json_schema(ours, real):
    """Premise of UL002: the real models ignore extra keys (JsonSchema keeps them)."""
    extra = real.model_config.get("extra")
    if real.__name__ == "JsonSchema":
        assert extra == "allow" and ours.model_config.get("extra") == "allow"
    else:
        assert extra in (None, "ignore")
        assert ours.model_config.get("extra") == "forbid"


def test_template_registry_matches_installed_plugins():
    from utcp.data.call_template import CallTemplateSerializer

    CallTemplateSerializer()  # loads the entry-point plugins
    registered = set(CallTemplateSerializer.call_template_serializers)
    expected = set(S.TEMPLATE_TYPES) - {"graphql"} - (set() if mcp_installed() else {"mcp"})
    assert expected <= registered


# ---------------------------------------------------------------------------
# every claim in a message, reproduced with the real runtime
# ---------------------------------------------------------------------------


def test_manual_extra_key_is_fatal_but_tool_extra_key_is_dropped(oracle):
    ok, err = oracle.verdict("manual", {"utcp_version": "1.0.1", "tools": [], "name": "x"})
    assert not ok and "TypeError" in err and "'name'" in err
    tool = {
        "name": "t",
        "x-owner": "me",
        "tool_call_template": {"call_template_type": "cli", "commands": [{"command": "true"}]},
    }
    assert oracle.verdict("manual", {"tools": [tool]}) == (True, "")
    _, issues = lint({"utcp_version": "1.0.1", "tools": [tool], "name": "x"}, "manual")
    assert sorted((i.code, i.severity, i.key) for i in issues) == [
        ("extra", "error", "name"),
        ("unknown-key", "warning", "x-owner"),
    ]


def test_inherit_env_var_typo_message_and_runtime_effect():
    from utcp_cli.cli_call_template import CliCallTemplate

    raw = {"call_template_type": "cli", "commands": [{"command": "env"}], "inherit_env_var": []}
    real = CliCallTemplate.model_validate(raw)
    assert real.inherit_env_vars is None  # dropped: the default allowlist applies
    _, issues = lint(raw, "template")
    (iss,) = issues
    assert iss.code == "unknown-key" and iss.severity == "warning"
    assert "did you mean 'inherit_env_vars'? the default host-environment allowlist silently applies" in iss.message


def test_empty_commands_pass_model_but_fail_registration_and_call():
    from utcp_cli.cli_call_template import CliCallTemplate
    from utcp_cli.cli_communication_protocol import CliCommunicationProtocol

    tpl = CliCallTemplate.model_validate({"name": "noop", "call_template_type": "cli", "commands": []})
    proto = CliCommunicationProtocol()
    with pytest.raises(ValueError, match="must have at least one command"):
        asyncio.run(proto.register_manual(None, tpl))
    with pytest.raises(ValueError, match="must have at least one command"):
        asyncio.run(proto.call_tool(None, "noop", {}, tpl))
    _, issues = lint({"call_template_type": "cli", "commands": []}, "template")
    assert [(i.code, i.severity, i.pointer) for i in issues] == [("empty-commands", "error", "/commands")]


def test_text_file_path_rejected(oracle):
    tpl = {"name": "n", "call_template_type": "text", "file_path": "./m.json"}
    ok, err = oracle.verdict("template", tpl)
    assert not ok and "no longer supports 'file_path'" in err
    _, issues = lint(tpl, "template")
    assert [(i.code, i.key, i.on_key) for i in issues] == [("text-file-path", "file_path", True)]


def test_http_remote_url_refused_on_every_call():
    from utcp_http.http_call_template import HttpCallTemplate
    from utcp_http.http_communication_protocol import HttpCommunicationProtocol

    tpl = HttpCallTemplate(name="w", url="http://api.example.com/weather")
    with pytest.raises(ValueError, match="Security error"):
        asyncio.run(HttpCommunicationProtocol().call_tool(None, "w.weather", {}, tpl))
    _, issues = lint({"call_template_type": "http", "url": "http://api.example.com/weather"}, "template")
    assert [(i.code, i.pointer) for i in issues] == [("url-refused", "/url")]
    _, issues = lint({"call_template_type": "http", "url": "http://localhost:8080/x"}, "template")
    assert issues == []


def test_param_style_and_output_format_are_dropped_by_1x(oracle):
    tpl = {"call_template_type": "cli", "commands": [{"command": "x"}], "param_style": "flags", "output_format": "json"}
    assert oracle.verdict("template", tpl) == (True, "")
    _, issues = lint(tpl, "template")
    assert {(i.code, i.severity, i.key) for i in issues} == {
        ("legacy", "warning", "param_style"),
        ("legacy", "warning", "output_format"),
    }


URLS = [
    "wss://api.example.com/ws",
    "ws://api.example.com/ws",
    "ws://localhost/ws",
    "ws://localhost:8080",
    "ws://LOCALHOST/ws",
    "ws://localhost./x",
    "ws://localhost.evil.com/ws",
    "ws://127.0.0.1.attacker.example/",
    "ws://127.0.0.1:9/x",
    "ws://127.1/",
    "ws://2130706433/",
    "ws://0x7f000001/",
    "ws://0177.0.0.1/",
    "ws://[::1]/",
    "ws://[::ffff:127.0.0.1]/",
    "ws://0.0.0.0/",
    "ws://[::]/",
    "ws://10.0.0.1/",
    "ws://[::1",
    "ws://",
    "wss://",
    "${WS_URL}",
    "ws://${HOST}/x",
    "",
    "https://a.example/",
    "http://api.example.com/",
    "http://localhost/",
    "http://127.0.0.2/",
    "https://localhost/",
    "http://[::1]:80/",
    "HTTP://LOCALHOST/",
    "ftp://localhost/",
    "http://user:pw@localhost/",
    "http://localhost:99999/",
    "javascript:alert(1)",
    "http://127.1/",
    "http://0x7f.1/",
]


@pytest.mark.parametrize("url", URLS)
def test_url_checks_match_plugins(url):
    from utcp_gql._security import is_secure_url as gql_ok
    from utcp_http._security import is_secure_url as http_ok
    from utcp_websocket._security import is_secure_ws_url

    assert ws_url_accepted(url) == is_secure_ws_url(url)
    assert http_url_accepted(url) == http_ok(url)
    assert http_url_accepted(url, narrow=True) == gql_ok(url)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["ws", "wss", "http", "https", "WS", "ftp", ""]),
    st.one_of(
        st.sampled_from(
            [
                "localhost",
                "127.0.0.1",
                "[::1]",
                "127.1",
                "0",
                "0x7f.0.0.1",
                "017700000001",
                "localhost.",
                "example.com",
                "[::ffff:7f00:1]",
                "[::]",
                "255.255.255.255",
                "127.0.0.1.evil",
                "xn--lcalhost",
                "",
            ]
        ),
        st.text(alphabet="0123456789abcdefx.:[]", max_size=12),
    ),
    st.sampled_from(["", ":80", ":0", ":abc", "/p", "?q", "#f"]),
)
def test_url_checks_match_plugins_generated(scheme, host, tail):
    from utcp_gql._security import is_secure_url as gql_ok
    from utcp_http._security import is_secure_url as http_ok
    from utcp_websocket._security import is_secure_ws_url

    url = f"{scheme}://{host}{tail}" if scheme else f"{host}{tail}"
    assert ws_url_accepted(url) == is_secure_ws_url(url)
    assert http_url_accepted(url) == http_ok(url)
    assert http_url_accepted(url, narrow=True) == gql_ok(url)


def test_websocket_fixture_urls_match_runtime(oracle):
    for url, bad in [
        ("ws://api.example.com/socket", True),
        ("ws://localhost.evil.com/ws", True),
        ("${WS_URL}", True),
        ("wss://api.example.com/socket", False),
        ("ws://127.1:8765/", False),
    ]:
        tpl = {"call_template_type": "websocket", "url": url}
        assert oracle.verdict("template", tpl)[0] is (not bad), url
        _, issues = lint(tpl, "template")
        assert any(i.code == "websocket-url" for i in issues) is bad, url


# ---------------------------------------------------------------------------
# legacy: recognition, positions and fixes
# ---------------------------------------------------------------------------


def apply_fixes(text, issues):
    edits = [e for i in issues if i.fix is not None for e in i.fix.edits]
    for e in sorted(edits, key=lambda e: e.start, reverse=True):
        text = text[: e.start] + e.replacement + text[e.end :]
    return text


def test_rename_fixes_make_the_runtime_accept(oracle):
    text = json.dumps(
        {
            "utcp_version": "1.0.1",
            "manual_version": "1.0.0",
            "tools": [{"name": "t", "tool_provider": {"provider_type": "http", "url": "https://api.example.com/x"}}],
        },
        indent=2,
    )
    assert not oracle.verdict("manual", json.loads(text))[0]
    _, issues = lint_text(text)
    assert {i.key for i in issues if i.fix} == {"tool_provider", "provider_type"}
    fixed = apply_fixes(text, issues)
    assert oracle.verdict("manual", json.loads(fixed)) == (True, "")
    _, after = lint_text(fixed)
    assert after == []

    lst = json.dumps([{"name": "w", "provider_type": "http", "url": "https://api.example.com/utcp"}])
    assert not oracle.verdict("template-list", json.loads(lst))[0]
    _, issues = lint_text(lst)
    fixed = apply_fixes(lst, issues)
    assert oracle.verdict("template-list", json.loads(fixed)) == (True, "")


def test_fix_replaces_exactly_the_key():
    text = '{"name": "w",\n "provider_type" : "http", "url": "https://a.example/"}'
    ctx, issues = lint_text(text)
    (iss,) = issues
    (edit,) = iss.fix.edits
    assert text[edit.start : edit.end] == '"provider_type"'
    assert edit.replacement == '"call_template_type"'


def test_legacy_cli_provider_messages_point_at_keys():
    text = (
        '{"name": "img", "provider_type": "cli", "command_name": "convert -resize",'
        ' "param_style": "flags", "env": {"A": "1"}}'
    )
    ctx, issues = lint_text(text)
    got = {(i.code, i.severity, text[slice(*issue_span(ctx, i))]) for i in issues}
    assert got == {
        ("legacy", "error", '"provider_type"'),
        ("legacy", "error", '"command_name"'),
        ("legacy", "warning", '"param_style"'),
        ("unknown-key", "warning", '"env"'),
    }
    msg = next(i.message for i in issues if i.key == "command_name")
    assert '"commands": [{"command": "convert -resize"}]' in msg and "UTCP_ARG_<name>_UTCP_END" in msg
    msg = next(i.message for i in issues if i.key == "env")
    assert "did you mean 'env_vars'?" in msg


# ---------------------------------------------------------------------------
# positions
# ---------------------------------------------------------------------------


def test_positions_missing_wrong_type_unknown_key():
    text = (
        '{"utcp_version": "1.0.1", "manual_version": "1.0.0", "tools": [\n'
        ' {"name": "a", "tool_call_template": {"call_template_type": "http", "methd": "GET"}},\n'
        ' {"name": 7, "tool_call_template": {"call_template_type": "cli", "commands": [{}]}}\n'
        "]}"
    )
    ctx, issues = lint_text(text)
    spans = {(i.code, i.pointer): text[slice(*issue_span(ctx, i))] for i in issues}
    assert spans == {
        ("missing", "/tools/0/tool_call_template"): '"tool_call_template"',  # url missing
        ("unknown-key", "/tools/0/tool_call_template/methd"): '"methd"',
        ("invalid", "/tools/1/name"): "7",
        ("missing", "/tools/1/tool_call_template/commands/0"): "{",  # array item: its brace
    }
    tools = {i.pointer: i.tool for i in issues}
    assert tools["/tools/0/tool_call_template/methd"] == "a"
    assert tools["/tools/1/name"] is None  # a tool whose name is not a string has no name


def test_missing_at_root_points_at_opening_brace():
    text = '  {"utcp_version": "1.0.1"}'
    ctx, issues = lint_text(text, kind="manual")
    (iss,) = issues
    assert iss.code == "missing" and iss.key == "tools"
    assert issue_span(ctx, iss) == (2, 3)


def test_union_errors_collapse_or_descend():
    _, issues = lint(
        {
            "name": "t",
            "inputs": {"type": 5, "items": [{"type": 6}], "additionalProperties": "maybe"},
            "tool_call_template": {"call_template_type": "cli", "commands": [{"command": "x"}]},
        },
        "tool",
    )
    got = {i.pointer: i.message for i in issues}
    assert got["/inputs/type"].startswith("inputs.type must be a string or an array of strings")
    assert "/inputs/items/0/type" in got  # descended into the array member
    assert got["/inputs/additionalProperties"].startswith(
        "inputs.additionalProperties must be true/false or a JSON Schema"
    )
    assert len(got) == 3


# ---------------------------------------------------------------------------
# property-based differential against the real serializers
# ---------------------------------------------------------------------------

SEEDS = {
    "cli": {
        "name": "c",
        "call_template_type": "cli",
        "commands": [{"command": "ls", "append_to_final_output": True}],
        "env_vars": {"A": "1"},
        "inherit_env_vars": ["PATH"],
        "working_dir": "/tmp",
    },
    "http": {
        "name": "h",
        "call_template_type": "http",
        "url": "https://a.example/x",
        "http_method": "POST",
        "auth": {"auth_type": "api_key", "api_key": "k", "location": "query"},
        "auth_tools": {"auth_type": "basic", "username": "u", "password": "p"},
        "headers": {"X": "y"},
    },
    "sse": {"call_template_type": "sse", "url": "https://a.example/s", "reconnect": False, "retry_timeout": 5},
    "streamable_http": {
        "call_template_type": "streamable_http",
        "url": "https://a.example/s",
        "chunk_size": 10,
        "auth": {"auth_type": "oauth2", "token_url": "https://a.example/t", "client_id": "i", "client_secret": "s"},
    },
    "text": {"call_template_type": "text", "content": "{}", "base_url": "https://a.example"},
    "file": {"call_template_type": "file", "file_path": "m.json"},
    "websocket": {
        "call_template_type": "websocket",
        "url": "wss://a.example/ws",
        "message": {"a": 1},
        "response_format": "json",
        "timeout": 5,
    },
    "tcp": {
        "call_template_type": "tcp",
        "host": "h",
        "port": 1,
        "framing_strategy": "length_prefix",
        "length_prefix_bytes": 2,
    },
    "udp": {"call_template_type": "udp", "host": "h", "port": 2, "number_of_response_datagrams": 2},
    "graphql": {
        "call_template_type": "graphql",
        "url": "https://a.example/g",
        "operation_type": "mutation",
        "variable_types": {"id": "ID!"},
    },
}
if mcp_installed():  # pragma: no cover
    SEEDS["mcp"] = {"call_template_type": "mcp", "config": {"mcpServers": {"s": {"command": "x"}}}}

FIELD_NAMES = sorted(
    {
        n
        for m in [
            *(t[0] for t in S.TEMPLATE_TYPES.values()),
            S.CommandStep,
            S.ApiKeyAuth,
            S.BasicAuth,
            S.OAuth2Auth,
            S.Tool,
            S.JsonSchema,
        ]
        for n in m.model_fields
        if not n.endswith("_")
    }
    | {
        "file_path",
        "provider_type",
        "command_name",
        "param_style",
        "output_format",
        "tool_provider",
        "version",
        "type",
        "x-extra",
        "auth_type",
        "$schema",
    }
)

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 70000),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
    st.sampled_from(
        [
            "GET",
            "POST",
            "json",
            "text",
            "raw",
            "stream",
            "header",
            "query",
            "cookie",
            "basic",
            "api_key",
            "oauth2",
            "wss://a.example/",
            "ws://localhost/",
            "ws://a.example/",
            "http://a.example/",
            "https://a.example/",
            "cli",
            "http",
            "8080",
            "1.0",
            "true",
            "query",
            "mutation",
            "big",
            "little",
            "length_prefix",
            "delimiter",
        ]
    ),
)
JSON = st.recursive(
    SCALARS,
    lambda ch: (
        st.lists(ch, max_size=3)
        | st.dictionaries(
            st.sampled_from(["command", "auth_type", "a", "type", "x"]) | st.text(max_size=4), ch, max_size=3
        )
    ),
    max_leaves=6,
)


def _objects(node, path=()):
    """Every dict inside ``node`` with its path (for picking a mutation target)."""
    out = []
    if isinstance(node, dict):
        out.append(path)
        for k, v in node.items():
            out += _objects(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _objects(v, path + (i,))
    return out


@st.composite
def mutated(draw):
    wrap = draw(st.sampled_from(["template", "tool", "manual", "config"]))
    seed = json.loads(json.dumps(SEEDS[draw(st.sampled_from(sorted(SEEDS)))]))
    if wrap == "template":
        doc = seed
    elif wrap == "tool":
        doc = {
            "name": "t",
            "description": "d",
            "inputs": {"type": "object", "properties": {"a": {"type": "string"}}},
            "tags": ["x"],
            "tool_call_template": seed,
        }
    elif wrap == "manual":
        doc = {"utcp_version": "1.0.1", "manual_version": "1.0.0", "tools": [{"name": "t", "tool_call_template": seed}]}
    else:
        doc = {
            "variables": {"A": "b"},
            "load_variables_from": [{"variable_loader_type": "dotenv", "env_file_path": ".env"}],
            "tool_repository": {"tool_repository_type": "in_memory"},
            "tool_search_strategy": {"tool_search_strategy_type": "tag_and_description_word_match", "tag_weight": 2},
            "post_processing": [
                {"tool_post_processor_type": "limit_strings", "limit": 5},
                {"tool_post_processor_type": "filter_dict", "exclude_keys": ["a"]},
            ],
            "manual_call_templates": [seed],
        }
    for _ in range(draw(st.integers(1, 3))):
        targets = _objects(doc)
        path = draw(st.sampled_from(targets))
        obj = doc
        for p in path:
            obj = obj[p]
        op = draw(st.sampled_from(["set", "set", "delete", "replace"]))
        if op == "delete" and obj:
            obj.pop(draw(st.sampled_from(sorted(obj))))
        elif op == "replace" and path:
            parent = doc
            for p in path[:-1]:
                parent = parent[p]
            parent[path[-1]] = draw(JSON)
        else:
            obj[draw(st.sampled_from(FIELD_NAMES + sorted(obj)))] = draw(JSON)
    return wrap, doc


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_differential_against_real_serializers(oracle, case):
    kind, doc = case
    accepted, err = oracle.verdict(kind, doc)
    _, issues = lint(doc, kind)
    ours = rejects(issues)
    assert ours == (not accepted), (
        f"runtime {'accepts' if accepted else 'rejects: ' + err}; utcp-lint: "
        f"{[(i.code, i.severity, i.pointer, i.message[:80]) for i in issues]}"
    )


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["manual", "tool", "config", "template", "template-list", "legacy"]), JSON)
def test_validation_never_raises_on_arbitrary_json(kind, value):
    ctx, issues = lint(value, kind)
    for i in issues:
        s, e = issue_span(ctx, i)
        assert 0 <= s <= e <= len(ctx.source.text)
        assert i.severity in ("error", "warning")
