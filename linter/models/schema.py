"""Our own pydantic v2 models of what utcp 1.2.0 and its plugins accept.

Field names, types, defaults and literals follow the published packages
(utcp 1.2.0, utcp-cli 1.1.5, utcp-http 1.1.15, utcp-text 1.1.0, utcp-file
1.1.0, utcp-websocket 1.2.1, utcp-socket 1.1.1, utcp-gql 1.1.6, utcp-mcp
1.2.0); the code is ours.  Two deliberate differences, both handled by
:mod:`utcp_lint.models.validate`:

* ``extra="forbid"`` everywhere the runtime has pydantic's default
  ``extra="ignore"``: the runtime drops unknown keys silently, we want to
  *see* them (they become warnings, never rejections).  ``JsonSchema`` keeps
  ``extra="allow"`` exactly like the runtime.
* Polymorphic fields (``tool_call_template``, ``auth``, ``auth_tools``,
  ``load_variables_from``, ``tool_repository``, ...) are typed ``Any`` here:
  the runtime resolves them in ``mode="before"`` validators through a
  registry keyed by a type field; our driver does the same dispatch itself so
  every nested error keeps an exact JSON pointer.

Everything else (``str`` vs ``int``, lax coercions, ``Literal`` sets,
``Optional``) is validated by pydantic itself with the same annotations as the
runtime, so lax-mode behaviour (``"8080"`` accepted for an ``int``) matches by
construction.
"""

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

# The utcp version UtcpManual.utcp_version defaults to (utcp 1.2.0 reads its
# own installed version).
UTCP_VERSION = "1.2.0"

JsonType = str | int | float | bool | None | Dict[str, Any] | List[Any]


class _Model(BaseModel):
    """Runtime models ignore unknown keys; ours report them (see module doc)."""

    # defer_build: a model's validator is built on its first use, so a run pays
    # only for the models its documents touch (cold start; docs/performance.md)
    model_config = ConfigDict(extra="forbid", defer_build=True)


# ---------------------------------------------------------------------------
# JSON Schema (utcp.data.tool.JsonSchema): extra keys are KEPT by the runtime.
# ---------------------------------------------------------------------------


class JsonSchema(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True, defer_build=True)

    schema_: Optional[str] = Field(None, alias="$schema")
    id_: Optional[str] = Field(None, alias="$id")
    title: Optional[str] = None
    description: Optional[str] = None
    type: Optional[Union[str, List[str]]] = None
    properties: Optional[Dict[str, JsonSchema]] = None
    items: Optional[Union[JsonSchema, List[JsonSchema]]] = None
    required: Optional[List[str]] = None
    enum: Optional[List[JsonType]] = None
    const: Optional[JsonType] = None
    default: Optional[JsonType] = None
    examples: Optional[List[JsonType]] = None
    format: Optional[str] = None
    additionalProperties: Optional[Union[bool, JsonSchema]] = None
    pattern: Optional[str] = None
    minimum: Optional[float] = None
    maximum: Optional[float] = None
    minLength: Optional[int] = None
    maxLength: Optional[int] = None


JsonSchema.model_rebuild()


# ---------------------------------------------------------------------------
# Auth (utcp.data.auth_implementations), dispatched on ``auth_type``.
# ---------------------------------------------------------------------------


class ApiKeyAuth(_Model):
    auth_type: Any = "api_key"
    api_key: str
    var_name: str = "X-Api-Key"
    location: Literal["header", "query", "cookie"] = "header"


class BasicAuth(_Model):
    auth_type: Any = "basic"
    username: str
    password: str


class OAuth2Auth(_Model):
    auth_type: Any = "oauth2"
    token_url: str
    client_id: str
    client_secret: str
    scope: Optional[str] = None


AUTH_MODELS: dict[str, type[_Model]] = {"api_key": ApiKeyAuth, "basic": BasicAuth, "oauth2": OAuth2Auth}


# ---------------------------------------------------------------------------
# Call templates, dispatched on ``call_template_type``.
# ---------------------------------------------------------------------------


class CallTemplate(_Model):
    """utcp.data.call_template.CallTemplate (the base every plugin extends)."""

    name: str = Field(default_factory=lambda: "<random uuid4 hex>")
    call_template_type: Any = None
    auth: Any = None
    allowed_communication_protocols: Optional[List[str]] = None


class CommandStep(_Model):
    command: str
    append_to_final_output: Optional[bool] = None


class CliCallTemplate(CallTemplate):
    commands: List[CommandStep]
    env_vars: Optional[Dict[str, str]] = None
    inherit_env_vars: Optional[List[str]] = None
    working_dir: Optional[str] = None


class HttpCallTemplate(CallTemplate):
    http_method: Literal["GET", "POST", "PUT", "DELETE", "PATCH"] = "GET"
    url: str
    content_type: str = "application/json"
    auth_tools: Any = None
    headers: Optional[Dict[str, str]] = None
    body_field: Optional[str] = "body"
    header_fields: Optional[List[str]] = None


class SseCallTemplate(CallTemplate):
    url: str
    event_type: Optional[str] = None
    reconnect: bool = True
    retry_timeout: int = 30000
    headers: Optional[Dict[str, str]] = None
    body_field: Optional[str] = None
    header_fields: Optional[List[str]] = None


class StreamableHttpCallTemplate(CallTemplate):
    url: str
    http_method: Literal["GET", "POST"] = "GET"
    content_type: str = "application/octet-stream"
    chunk_size: int = 4096
    timeout: int = 60000
    headers: Optional[Dict[str, str]] = None
    body_field: Optional[str] = None
    header_fields: Optional[List[str]] = None


class TextCallTemplate(CallTemplate):
    content: str
    base_url: Optional[str] = None
    auth_tools: Any = None


class FileCallTemplate(CallTemplate):
    file_path: str
    auth_tools: Any = None


class McpConfig(_Model):
    mcpServers: Dict[str, Dict[str, Any]]


class McpCallTemplate(CallTemplate):
    config: McpConfig
    register_resources_as_tools: bool = False


class WebSocketCallTemplate(CallTemplate):
    url: str
    message: Optional[Union[str, Dict[str, Any]]] = None
    protocol: Optional[str] = None
    keep_alive: bool = True
    response_format: Optional[Literal["json", "text", "raw"]] = None
    timeout: int = 30
    headers: Optional[Dict[str, str]] = None
    header_fields: Optional[List[str]] = None


class TcpCallTemplate(CallTemplate):
    host: str
    port: int
    request_data_format: Literal["json", "text"] = "json"
    request_data_template: Optional[str] = None
    response_byte_format: Optional[str] = "utf-8"
    framing_strategy: Literal["length_prefix", "delimiter", "fixed_length", "stream"] = "stream"
    length_prefix_bytes: Literal[1, 2, 4, 8] = 4
    length_prefix_endian: Literal["big", "little"] = "big"
    message_delimiter: str = "\x00"
    interpret_escape_sequences: bool = True
    fixed_message_length: Optional[int] = None
    max_response_size: int = 65536
    timeout: int = 30000


class UdpCallTemplate(CallTemplate):
    host: str
    port: int
    number_of_response_datagrams: int = 1
    request_data_format: Literal["json", "text"] = "json"
    request_data_template: Optional[str] = None
    response_byte_format: Optional[str] = "utf-8"
    timeout: int = 30000


class GraphQLCallTemplate(CallTemplate):
    url: str
    operation_type: Literal["query", "mutation", "subscription"] = "query"
    operation_name: Optional[str] = None
    headers: Optional[Dict[str, str]] = None
    header_fields: Optional[List[str]] = None
    query: Optional[str] = None
    variable_types: Optional[Dict[str, str]] = None


# call_template_type -> (model, plugin distribution, how ``auth`` is typed)
#   auth kind: "none" -> ``auth: None`` (any non-null value is rejected)
#              "any"  -> ``Optional[Auth]`` (api_key | basic | oauth2)
#              "oauth2" -> ``Optional[OAuth2Auth]`` (utcp-mcp)
TEMPLATE_TYPES: dict[str, tuple[type[CallTemplate], str, str]] = {
    "cli": (CliCallTemplate, "utcp-cli", "none"),
    "http": (HttpCallTemplate, "utcp-http", "any"),
    "sse": (SseCallTemplate, "utcp-http", "any"),
    "streamable_http": (StreamableHttpCallTemplate, "utcp-http", "any"),
    "text": (TextCallTemplate, "utcp-text", "none"),
    "file": (FileCallTemplate, "utcp-file", "none"),
    "mcp": (McpCallTemplate, "utcp-mcp", "oauth2"),
    "websocket": (WebSocketCallTemplate, "utcp-websocket", "any"),
    "tcp": (TcpCallTemplate, "utcp-socket", "none"),
    "udp": (UdpCallTemplate, "utcp-socket", "none"),
    "graphql": (GraphQLCallTemplate, "utcp-gql", "any"),
}

# Templates whose model has an ``auth_tools: Optional[Auth]`` field.
HAS_AUTH_TOOLS = {"http", "text", "file"}

# Plugins whose wheel declares no ``utcp.plugins`` entry point, so
# ``ensure_plugins_initialized()`` never registers their type.
NOT_AUTO_REGISTERED = {"graphql": "utcp-gql 1.1.6"}


# ---------------------------------------------------------------------------
# Tools and manuals.
# ---------------------------------------------------------------------------


class Tool(_Model):
    name: str
    description: str = ""
    inputs: JsonSchema = Field(default_factory=JsonSchema)
    outputs: JsonSchema = Field(default_factory=JsonSchema)
    tags: List[str] = Field(default_factory=list)
    average_response_size: Optional[int] = None
    tool_call_template: Any


class UtcpManual(_Model):
    """Top level only; ``tools`` is dispatched per item by the driver.

    The runtime's UtcpManual overrides ``__init__(self, tools, manual_version,
    utcp_version)`` and pydantic calls that ``__init__`` from
    ``model_validate``: any other top-level key is a ``TypeError`` -- fatal,
    not ignored.  ``extra="forbid"`` here reports exactly those keys.
    """

    utcp_version: str = UTCP_VERSION
    manual_version: str = "1.0.0"
    tools: Any


# ---------------------------------------------------------------------------
# Client configuration (utcp.data.utcp_client_config.UtcpClientConfig).
# ---------------------------------------------------------------------------


class UtcpClientConfig(_Model):
    variables: Optional[Dict[str, str]] = Field(default_factory=dict)
    load_variables_from: Any = None
    tool_repository: Any = None
    tool_search_strategy: Any = None
    post_processing: Any = None
    manual_call_templates: Any = None


class DotEnvVariableLoader(_Model):
    variable_loader_type: Any = "dotenv"
    env_file_path: str


class InMemToolRepository(_Model):
    # InMemToolRepositoryConfigSerializer.validate_dict ignores the dict
    # entirely and returns InMemToolRepository(): every other key is dropped.
    tool_repository_type: Any = "in_memory"


class TagAndDescriptionWordMatchStrategy(_Model):
    tool_search_strategy_type: Any = "tag_and_description_word_match"
    description_weight: float = 1
    tag_weight: float = 3


class FilterDictPostProcessor(_Model):
    tool_post_processor_type: Any = "filter_dict"
    exclude_keys: Optional[List[str]] = None
    only_include_keys: Optional[List[str]] = None
    exclude_tools: Optional[List[str]] = None
    only_include_tools: Optional[List[str]] = None
    exclude_manuals: Optional[List[str]] = None
    only_include_manuals: Optional[List[str]] = None


class LimitStringsPostProcessor(_Model):
    tool_post_processor_type: Any = "limit_strings"
    limit: int = 10000
    exclude_tools: Optional[List[str]] = None
    only_include_tools: Optional[List[str]] = None
    exclude_manuals: Optional[List[str]] = None
    only_include_manuals: Optional[List[str]] = None


VARIABLE_LOADERS = {"dotenv": DotEnvVariableLoader}
TOOL_REPOSITORIES = {"in_memory": InMemToolRepository}
SEARCH_STRATEGIES = {"tag_and_description_word_match": TagAndDescriptionWordMatchStrategy}
POST_PROCESSORS = {"filter_dict": FilterDictPostProcessor, "limit_strings": LimitStringsPostProcessor}
