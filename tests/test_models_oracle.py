"""The real UTCP runtime as a test oracle, plus checks that it is the runtime we pin.

``Oracle`` runs the *published* serializers (utcp 1.2.0 + plugins from the
``test`` extras) in a child process -- plugin registration is global state,
and utcp-gql has to be registered by hand (it ships no entry point), so the
test process itself stays untouched.  Requests and answers are JSON lines:

    {"kind": "manual" | "tool" | "config" | "template" | "template-list", "data": ...}
    -> {"accepted": bool, "error": "<last line of the runtime's exception>"}

Run directly (``python tests/test_models_oracle.py --serve [--gql]``) it is
the child.
"""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys
from pathlib import Path

import pytest

# Exact versions the differential tests are about (pyproject [test] extras).
PINS = {
    "utcp": "1.2.0",
    "utcp-cli": "1.1.5",
    "utcp-http": "1.1.15",
    "utcp-text": "1.1.0",
    "utcp-file": "1.1.0",
    "utcp-websocket": "1.2.1",
    "utcp-socket": "1.1.1",
    "utcp-gql": "1.1.6",
}
MCP_PIN = "1.2.0"  # modelled; not installed by default (see docs/design/models.md)


def mcp_installed() -> bool:
    try:
        return importlib.metadata.version("utcp-mcp") == MCP_PIN
    except importlib.metadata.PackageNotFoundError:
        return False


def serializer_kind(kind: str, data) -> str:
    """Which real serializer a document of detected ``kind`` meets.

    A 0.x ("legacy") document is read by whatever 1.x serializer its shape
    reaches: a manual if it has ``tools``, a tool if it has a tool-level call
    template key, a client configuration if it has configuration keys, else a
    call template (a list: each item).
    """
    if kind != "legacy":
        return kind
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


class Oracle:
    def __init__(self, gql: bool = True):
        args = [sys.executable, str(Path(__file__).resolve()), "--serve"] + (["--gql"] if gql else [])
        self.proc = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
        )

    def verdict(self, kind: str, data) -> tuple[bool, str]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"kind": kind, "data": data}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        assert line, "oracle process died"
        ans = json.loads(line)
        return ans["accepted"], ans["error"]

    def close(self):
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:  # pragma: no cover
                self.proc.kill()


def _serve(gql: bool):  # pragma: no cover - runs in the child
    import copy
    import logging
    import traceback

    logging.disable(logging.CRITICAL)
    from utcp.plugins.plugin_loader import ensure_plugins_initialized

    ensure_plugins_initialized()
    if gql:
        import utcp_gql

        utcp_gql.register()
    from utcp.data.call_template import CallTemplateSerializer
    from utcp.data.tool import ToolSerializer
    from utcp.data.utcp_client_config import UtcpClientConfigSerializer
    from utcp.data.utcp_manual import UtcpManualSerializer

    for line in sys.stdin:
        req = json.loads(line)
        kind, data = req["kind"], copy.deepcopy(req["data"])
        try:
            if kind == "manual":
                UtcpManualSerializer().validate_dict(data)
            elif kind == "tool":
                ToolSerializer().validate_dict(data)
            elif kind == "config":
                UtcpClientConfigSerializer().validate_dict(data)
            elif kind == "template":
                CallTemplateSerializer().validate_dict(data)
            elif kind == "template-list":
                for item in data:
                    CallTemplateSerializer().validate_dict(item)
            else:
                raise ValueError(f"unknown kind {kind}")
            ans = {"accepted": True, "error": ""}
        except BaseException as e:  # the runtime raises TypeError/KeyError/... as well
            text = [ln for ln in (str(e) or traceback.format_exc()).splitlines() if ln.strip()]
            ans = {"accepted": False, "error": f"{type(e).__name__}: {text[-1] if text else ''}"[:500]}
        sys.stdout.write(json.dumps(ans) + "\n")
        sys.stdout.flush()


# ---------------------------------------------------------------------------
# tests of the oracle's premises
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dist,version", sorted(PINS.items()))
def test_pinned_runtime_is_installed(dist, version):
    assert importlib.metadata.version(dist) == version


def test_pyproject_pins_match():
    text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text()
    for dist, version in PINS.items():
        assert f'"{dist}=={version}"' in text, dist


def test_gql_ships_no_entry_point_and_is_rejected_until_registered():
    """The premise of UL008: utcp-gql 1.1.6 never registers itself."""
    names = {ep.name for ep in importlib.metadata.entry_points(group="utcp.plugins")}
    assert {"cli", "http", "text", "file", "websocket", "socket"} <= names
    assert not any("gql" in n or "graphql" in n for n in names)
    tpl = {"call_template_type": "graphql", "url": "https://api.example.com/graphql"}
    plain, with_gql = Oracle(gql=False), Oracle(gql=True)
    try:
        ok, err = plain.verdict("template", tpl)
        assert not ok and "graphql" in err
        assert with_gql.verdict("template", tpl) == (True, "")
    finally:
        plain.close()
        with_gql.close()


def test_oracle_answers_both_ways():
    o = Oracle()
    try:
        assert o.verdict("template", {"call_template_type": "cli", "commands": [{"command": "ls"}]}) == (True, "")
        ok, err = o.verdict("manual", {"tools": [], "name": "x"})
        assert not ok and "unexpected keyword argument 'name'" in err
    finally:
        o.close()


if __name__ == "__main__":  # pragma: no cover
    if "--serve" in sys.argv:
        _serve(gql="--gql" in sys.argv)
