"""``utcp-lint server`` end to end: a real LSP client (pytest-lsp) talks to the
server process over stdio, as an editor does (issue 27)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "fixtures" / "example" / "manual.json"
SERVER = [sys.executable, "-m", "utcp_lint", "server"]


def _cli_findings(path: Path, cwd: Path) -> list[dict]:
    r = subprocess.run(
        [sys.executable, "-m", "utcp_lint", "--format", "json", "--no-cache", str(path)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )
    return json.loads(r.stdout)["findings"]


async def _start(client: LanguageClient, root: Path, encodings: list[str] | None = None) -> types.InitializeResult:
    caps = types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=encodings) if encodings else None,
        text_document=types.TextDocumentClientCapabilities(
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True)
        ),
    )
    return await client.initialize_session(
        types.InitializeParams(
            capabilities=caps,
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="ws")],
        )
    )


def _open(client: LanguageClient, path: Path, language: str = "json") -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id=language, version=1, text=path.read_text(encoding="utf-8"))
        )
    )
    return uri


async def _diagnostics(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    while True:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if uri in client.diagnostics:
            return list(client.diagnostics.pop(uri))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient):
    yield
    await lsp_client.shutdown_session()


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    (tmp_path / "manual.json").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


async def test_diagnostics_equal_the_command_line(client: LanguageClient, ws: Path):
    await _start(client, ws)
    uri = _open(client, ws / "manual.json")
    diags = await _diagnostics(client, uri)
    cli = _cli_findings(ws / "manual.json", ws)
    assert cli, "the example manual has findings"
    got = sorted((d.code, d.range.start.line + 1, d.range.start.character + 1, d.severity) for d in diags)
    sev = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning}
    want = sorted(
        (f["rule"], f["line"], f["column"], sev.get(f["severity"], types.DiagnosticSeverity.Information)) for f in cli
    )
    assert got == want
    d = next(d for d in diags if d.code == "UL101")
    assert d.source == "utcp-lint"
    assert d.code_description is not None and d.code_description.href.endswith("/UL101.md")
    assert "[tool add_days]" in d.message


def _emoji_manual(path: Path) -> None:
    # a character outside the BMP before the placeholder: 1 code point, 2 UTF-16 units, 4 UTF-8 bytes
    path.write_text(
        json.dumps(
            {
                "manual_version": "1.0.0",
                "utcp_version": "1.0.1",
                "tools": [
                    {
                        "name": "calc",
                        "description": "Add days.",
                        "inputs": {"type": "object", "properties": {"days": {"type": "string"}}, "required": ["days"]},
                        "outputs": {"type": "string"},
                        "tool_call_template": {
                            "call_template_type": "cli",
                            "commands": [{"command": "echo 😀 $(( UTCP_ARG_days_UTCP_END * 2 ))"}],
                        },
                    }
                ],
            },
            ensure_ascii=False,
        ),
        encoding="utf-8",
    )


@pytest.mark.parametrize("encoding, extra", [(None, 1), ("utf-8", 3), ("utf-32", 0)])
async def test_positions_in_the_negotiated_encoding(client: LanguageClient, tmp_path: Path, encoding, extra):
    m = tmp_path / "m.json"
    _emoji_manual(m)
    result = await _start(client, tmp_path, [encoding] if encoding else None)
    assert result.capabilities.position_encoding in (encoding or "utf-16", None)
    uri = _open(client, m)
    diags = await _diagnostics(client, uri)
    [f] = [f for f in _cli_findings(m, tmp_path) if f["rule"] == "UL101"]
    [d] = [d for d in diags if d.code == "UL101"]
    # the CLI counts code points (1-based); the client counts its own units (0-based)
    assert d.range.start.character == f["column"] - 1 + extra
    assert d.range.end.character - d.range.start.character == f["end_column"] - f["column"]


async def test_edits_update_the_diagnostics(client: LanguageClient, ws: Path):
    await _start(client, ws)
    path = ws / "manual.json"
    uri = _open(client, path)
    before = await _diagnostics(client, uri)
    d = next(d for d in before if d.code == "UL101")
    # replace the placeholder inside $(( )) with a literal: the finding goes
    text = path.read_text(encoding="utf-8")
    line = text.splitlines()[d.range.start.line]
    assert line[d.range.start.character : d.range.end.character] == "UTCP_ARG_days_UTCP_END"
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangePartial(range=d.range, text="7")],
        )
    )
    after = await _diagnostics(client, uri)
    assert "UL101" not in {x.code for x in after}
    # what the editor shows is what the command line says of the edited text
    lines = text.split("\n")
    ln = lines[d.range.start.line]
    lines[d.range.start.line] = ln[: d.range.start.character] + "7" + ln[d.range.end.character :]
    path.write_text("\n".join(lines), encoding="utf-8")
    cli = _cli_findings(path, ws)
    assert sorted((x.code, x.range.start.line + 1, x.range.start.character + 1) for x in after) == sorted(
        (f["rule"], f["line"], f["column"]) for f in cli
    )


async def test_code_action_applies_the_rules_fix(client: LanguageClient, ws: Path):
    await _start(client, ws)
    path = ws / "manual.json"
    uri = _open(client, path)
    diags = await _diagnostics(client, uri)
    d = next(d for d in diags if d.code == "UL160")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=d.range,
            context=types.CodeActionContext(diagnostics=[d]),
        )
    )
    quick = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    assert quick and quick[0].is_preferred and "UL160" in quick[0].title
    # apply the edit as an editor does, then the command line no longer reports it
    edits = quick[0].edit.changes[uri]
    lines = path.read_text(encoding="utf-8").split("\n")
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        assert e.range.start.line == e.range.end.line
        ln = lines[e.range.start.line]
        lines[e.range.start.line] = ln[: e.range.start.character] + e.new_text + ln[e.range.end.character :]
    path.write_text("\n".join(lines), encoding="utf-8")
    rules_after = {f["rule"] for f in _cli_findings(path, ws)}
    assert "UL160" not in rules_after
    fix_all = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(types.Position(0, 0), types.Position(0, 0)),
            context=types.CodeActionContext(diagnostics=[], only=["source.fixAll"]),
        )
    )
    assert [a.kind for a in fix_all] == ["source.fixAll.utcp-lint"]


async def test_hover_shows_the_rule_documentation(client: LanguageClient, ws: Path):
    await _start(client, ws)
    uri = _open(client, ws / "manual.json")
    d = next(d for d in await _diagnostics(client, uri) if d.code == "UL101")
    h = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=d.range.start)
    )
    assert h is not None and h.contents.kind == types.MarkupKind.Markdown
    assert "**UL101**" in h.contents.value and "What it does" in h.contents.value
    far = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(0, 0))
    )
    assert far is None


async def test_python_source_and_non_utcp_json(client: LanguageClient, tmp_path: Path):
    await _start(client, tmp_path)
    py = tmp_path / "plugin.py"
    py.write_text(
        "import subprocess\n\n\ndef run(user_cmd):\n    return subprocess.run(user_cmd, shell=True)\n", encoding="utf-8"
    )
    uri = _open(client, py, "python")
    codes = {d.code for d in await _diagnostics(client, uri)}
    cli = {f["rule"] for f in _cli_findings(py, tmp_path)}
    assert cli and codes == cli
    pkg = tmp_path / "package.json"
    pkg.write_text(json.dumps({"name": "x", "version": "1.0.0", "scripts": {"test": "jest"}}), encoding="utf-8")
    assert await _diagnostics(client, _open(client, pkg)) == []


async def test_workspace_configuration_and_no_dynamic_rule(client: LanguageClient, ws: Path):
    (ws / "pyproject.toml").write_text(
        '[tool.utcp-lint]\nignore = ["UL101"]\nextend-select = ["UL5"]\n', encoding="utf-8"
    )
    await _start(client, ws)
    uri = _open(client, ws / "manual.json")
    codes = {d.code for d in await _diagnostics(client, uri)}
    assert "UL101" not in codes and "UL102" in codes
    assert not {c for c in codes if str(c).startswith("UL5")}, "an editor never runs a tool"


def test_memo_reuses_every_unchanged_tool(tmp_path: Path):
    """Re-linting after an edit of one tool analyses that tool only, with the same findings."""
    sys.path.insert(0, str(ROOT / "bench"))
    import diverse

    from utcp_lint.lsp.session import Workspace

    tools = diverse.make_tools(60, 3, seed=11)
    text = json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools}, indent=2)
    path = str(tmp_path / "m.json")
    ws = Workspace(str(tmp_path))
    ws.lint(path, text)
    memo = ws._memos[path][0]

    def same(a, b):
        key = lambda o: [  # noqa: E731
            (f.to_json(), f.start, f.end, [(r.region, r.message) for r in f.related], f.fix) for f in o.findings
        ]
        return key(a) == key(b)

    # edit tool 30: a line inserted above every later tool, characters in tool 30 only
    i = text.index('"name": "tool_30"')
    edited = text[:i] + '"x_note": "a é 😀",\n      ' + text[i:]
    out = ws.lint(path, edited)
    assert (memo.hits, memo.misses) == (59, 1)
    assert same(out, Workspace(str(tmp_path)).lint(path, edited))
    # the manual-level part changes: nothing is reused
    out = ws.lint(path, edited.replace('"manual_version": "1.0.0"', '"manual_version": "1.0.1"'))
    assert memo.hits == 0


def test_server_command_is_listed():
    r = subprocess.run(
        [sys.executable, "-m", "utcp_lint.cli.app", "--help"], capture_output=True, text=True, timeout=60
    )
    assert "server" in r.stdout
    assert shutil.which("python3") is not None


def test_positions_round_trip_on_mixed_text():
    """engine (line, column in code points) -> LSP units -> offset, for every offset of a text
    with CRLF, a lone CR (an LSP line break, not the engine's), BMP and astral characters."""
    from utcp_lint.document.jsonpos import LineIndex
    from utcp_lint.lsp.positions import TextPositions

    text = 'a\r\nbé😀c\rd\n\n"x😀"\tz\n'
    idx = LineIndex(text)
    for enc, unit in (
        ("utf-16", lambda s: len(s.encode("utf-16-le")) // 2),
        ("utf-8", lambda s: len(s.encode())),
        ("utf-32", len),
    ):
        tp = TextPositions(text, enc)
        for off in range(len(text) + 1):
            line, col = idx.position(off)
            assert tp.offset_of(line, col) == off
            lsp_line, ch = tp.engine_to_lsp(line, col)
            starts = [0] + [
                i + 1 for i, c in enumerate(text) if c == "\n" or (c == "\r" and text[i + 1 : i + 2] != "\n")
            ]
            want_line = max(i for i, s in enumerate(starts) if s <= off)
            assert (lsp_line, ch) == (want_line, unit(text[starts[want_line] : off])), (enc, off)
            if text[off - 1 : off + 1] != "\r\n":  # the middle of a CRLF is no position a client can name
                assert tp.from_lsp(lsp_line, ch) == off
    plain = TextPositions("ab\ncd\n")
    assert plain.plain and plain.engine_to_lsp(2, 2) == (1, 1)
