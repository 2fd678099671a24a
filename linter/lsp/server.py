"""The language server: ``utcp-lint server`` speaks LSP over stdio (pygls).

* diagnostics for UTCP manuals, client configs, call templates (JSON) and
  plugin source (Python) on open, change and save; a JSON file that is not a
  UTCP document gets none;
* positions in the encoding the client negotiates (UTF-16 unless it offers
  UTF-8 or UTF-32), converted through the text (:mod:`.positions`);
* code actions from the rules' fixes, safe ones first and preferred, unsafe
  ones titled so; ``source.fixAll.utcp-lint`` applies every safe fix;
* hover on a finding: its rule's documentation; each diagnostic links to the
  rule's page (``codeDescription``);
* configuration: the workspace folder's own file, as the command line reads
  it, read again when it is saved; never a dynamic rule (nothing executes).
"""

from __future__ import annotations

import inspect
import json
import os
from typing import Any
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol

from .. import __version__
from ..core.findings import Finding
from .positions import TextPositions
from .session import Outcome, Workspace

SOURCE = "utcp-lint"
FIX_ALL = "source.fixAll.utcp-lint"
CONFIG_FILES = ("pyproject.toml", "utcp-lint.toml", ".utcp-lint.toml")
_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "note": types.DiagnosticSeverity.Information,
}


def uri_to_path(uri: str) -> str | None:
    p = urlparse(uri)
    if p.scheme != "file":
        return None
    return os.path.normpath(unquote(p.path))


class _Open:
    """What the server knows of one open document after its last lint, and the
    serialised diagnostics of that lint (reused by the next one: after an edit
    of one tool, every other finding is the same diagnostic, perhaps some lines
    lower)."""

    __slots__ = ("outcome", "positions", "wire")

    def __init__(self, outcome: Outcome, positions: TextPositions, wire: dict[tuple, str] | None = None) -> None:
        self.outcome = outcome
        self.positions = positions
        self.wire = wire if wire is not None else {}


class RawJSON:
    """A message already serialised (JSON text): sent as it is."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


class _Protocol(LanguageServerProtocol):
    """pygls' protocol, which also sends a :class:`RawJSON` message as it is (its
    own path serialises every message through cattrs and ``json.dumps``: 8 ms
    for the 1,200 diagnostics of a 500-tool manual, on every edit)."""

    def _send_data(self, data: Any) -> None:
        if not isinstance(data, RawJSON):
            super()._send_data(data)
            return
        if self.writer is None:
            return
        body = data.text
        if self._include_headers:
            # Content-Length counts bytes: the text is ASCII (json.dumps escapes the rest)
            body = (
                f"Content-Length: {len(body)}\r\nContent-Type: {self.CONTENT_TYPE}; charset={self.CHARSET}\r\n\r\n"
                + body
            )
        res = self.writer.write(body.encode(self.CHARSET))
        if inspect.isawaitable(res):
            import asyncio

            asyncio.ensure_future(res)


class UtcpLintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            SOURCE,
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            protocol_cls=_Protocol,
        )
        self.folders: dict[str, Workspace] = {}
        self.open: dict[str, _Open] = {}

    # ---- workspaces ------------------------------------------------------------
    def folder_for(self, path: str) -> Workspace:
        best = None
        for root in self.folders:
            if (path == root or path.startswith(root.rstrip(os.sep) + os.sep)) and (
                best is None or len(root) > len(best)
            ):
                best = root
        if best is None:
            best = os.path.dirname(path)
            if best not in self.folders:
                self.folders[best] = Workspace(best)
        return self.folders[best]

    def encoding(self) -> str:
        enc = self.workspace.position_encoding
        if enc is None:
            return "utf-16"
        return str(getattr(enc, "value", enc))

    # ---- linting ---------------------------------------------------------------
    def lint_uri(self, uri: str) -> None:
        path = uri_to_path(uri)
        if path is None:
            return
        doc = self.workspace.get_text_document(uri)
        ws = self.folder_for(path)
        outcome = ws.lint(path, doc.source)
        if ws.config_error:
            self.window_show_message(
                types.ShowMessageParams(types.MessageType.Warning, f"utcp-lint: {ws.config_error}")
            )
            ws.config_error = None
        positions = TextPositions(outcome.text, self.encoding())
        before = self.open.get(uri)
        old_wire = before.wire if before is not None else {}
        wire: dict[tuple, str] = {}
        self.open[uri] = _Open(outcome, positions, wire)
        diags = [self.wire_diagnostic(uri, f, positions, ws, old_wire, wire) for f in outcome.findings]
        for e in outcome.errors:
            line = (e.line or 1) - 1
            diags.append(
                self.to_wire(
                    types.Diagnostic(
                        range=types.Range(types.Position(line, 0), types.Position(line, 0)),
                        message=e.message,
                        severity=types.DiagnosticSeverity.Error,
                        source=SOURCE,
                    )
                )
            )
        version = f', "version": {int(doc.version)}' if doc.version is not None else ""
        # the message written out: each diagnostic's JSON is kept from the lint that made it
        self.protocol._send_data(
            RawJSON(
                f'{{"jsonrpc": "2.0", "method": "{types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS}", '
                f'"params": {{"uri": {json.dumps(uri)}, "diagnostics": [{", ".join(diags)}]{version}}}}}'
            )
        )

    # ---- the wire ----------------------------------------------------------------
    def to_wire(self, obj: Any) -> str:
        """``obj`` (an lsprotocol value) as the JSON text pygls would send."""
        return json.dumps(self.protocol._converter.unstructure(obj))

    def wire_diagnostic(
        self,
        uri: str,
        f: Finding,
        positions: TextPositions,
        ws: Workspace,
        old: dict[tuple, str],
        new: dict[tuple, str],
    ) -> str:
        """The serialised diagnostic of ``f``: the previous lint's when every field
        it is made of (positions in the client's units included) is the same."""
        s = positions.engine_to_lsp(f.line, f.column)
        e = positions.engine_to_lsp(f.end_line, f.end_column)
        related: tuple = ()
        if f.related:
            related = tuple(
                (
                    r.message,
                    positions.engine_to_lsp(r.region.line, r.region.column),
                    positions.engine_to_lsp(r.region.end_line, r.region.end_column),
                )
                for r in f.related
                if r.path == f.path
            )
        key = (f.rule, f.severity, f.confidence, f.pointer, f.tool, f.message, s, e, related)
        d = old.get(key)
        if d is None:
            d = new.get(key)
        if d is None:
            d = self.to_wire(self.diagnostic(uri, f, positions, ws))
        new[key] = d
        return d

    def finding_range(self, f: Finding, positions: TextPositions) -> types.Range:
        s = positions.engine_to_lsp(f.line, f.column)
        e = positions.engine_to_lsp(f.end_line, f.end_column)
        return types.Range(types.Position(*s), types.Position(*e))

    def diagnostic(self, uri: str, f: Finding, positions: TextPositions, ws: Workspace) -> types.Diagnostic:
        from ..ruleset.docs import help_uri

        related = []
        for r in f.related:
            if r.path != f.path:
                continue
            s = positions.engine_to_lsp(r.region.line, r.region.column)
            e = positions.engine_to_lsp(r.region.end_line, r.region.end_column)
            related.append(
                types.DiagnosticRelatedInformation(
                    location=types.Location(uri, types.Range(types.Position(*s), types.Position(*e))),
                    message=r.message,
                )
            )
        tool = f" [tool {f.tool}]" if f.tool else ""
        return types.Diagnostic(
            range=self.finding_range(f, positions),
            message=f"{f.message}{tool}",
            severity=_SEVERITY.get(f.severity, types.DiagnosticSeverity.Warning),
            code=f.rule,
            code_description=types.CodeDescription(href=help_uri(f.rule)),
            source=SOURCE,
            related_information=related or None,
            data={"confidence": f.confidence, "pointer": f.pointer},
        )

    # ---- code actions and hover ------------------------------------------------
    def code_actions(self, params: types.CodeActionParams) -> list[types.CodeAction]:
        st = self.open.get(params.text_document.uri)
        if st is None:
            return []
        pos = st.positions
        lo = pos.from_lsp(params.range.start.line, params.range.start.character)
        hi = pos.from_lsp(params.range.end.line, params.range.end.character)
        only = params.context.only
        uri = params.text_document.uri
        actions: list[types.CodeAction] = []
        want_quickfix = not only or any(str(k).startswith("quickfix") for k in only)
        want_fix_all = not only or any(FIX_ALL.startswith(str(k)) or str(k) == FIX_ALL for k in only)
        if want_quickfix:
            for f in sorted(st.outcome.findings, key=lambda f: not f.fix.safe if f.fix else True):
                if f.fix is None or not f.fix.edits:
                    continue
                s = pos.offset_of(f.line, f.column)
                e = pos.offset_of(f.end_line, f.end_column)
                if e < lo or s > hi:
                    continue
                title = (
                    f"{f.fix.description} ({f.rule})" if f.fix.safe else f"Unsafe fix: {f.fix.description} ({f.rule})"
                )
                actions.append(
                    types.CodeAction(
                        title=title,
                        kind=types.CodeActionKind.QuickFix,
                        edit=self._edit(uri, pos, f.fix.edits),
                        is_preferred=bool(f.fix.safe),
                        diagnostics=[self.diagnostic(uri, f, pos, self.folder_for(uri_to_path(uri) or ""))],
                    )
                )
        if want_fix_all:
            edits = _non_overlapping([e for f in st.outcome.findings if f.fix and f.fix.safe for e in f.fix.edits])
            if edits:
                actions.append(
                    types.CodeAction(
                        title="utcp-lint: apply every safe fix",
                        kind=FIX_ALL,
                        edit=self._edit(uri, pos, edits),
                    )
                )
        return actions

    def _edit(self, uri: str, pos: TextPositions, edits: list[Any]) -> types.WorkspaceEdit:
        out = []
        for e in edits:
            s, t = pos.to_lsp(e.start), pos.to_lsp(e.end)
            out.append(types.TextEdit(types.Range(types.Position(*s), types.Position(*t)), e.replacement))
        return types.WorkspaceEdit(changes={uri: out})

    def hover(self, params: types.HoverParams) -> types.Hover | None:
        st = self.open.get(params.text_document.uri)
        if st is None:
            return None
        from ..ruleset.docs import help_uri, sections
        from ..ruleset.index import selectable_rules

        pos = st.positions
        at = pos.from_lsp(params.position.line, params.position.character)
        parts = []
        rules = selectable_rules()
        for f in st.outcome.findings:
            if not (pos.offset_of(f.line, f.column) <= at <= pos.offset_of(f.end_line, f.end_column)):
                continue
            rule = rules.get(f.rule)
            doc = ""
            if rule is not None:
                sec = sections(rule)
                doc = "\n\n".join(
                    f"**{k}**\n\n{v.strip()}"
                    for k, v in sec.items()
                    if k in ("What it does", "Why is this dangerous", "Fix")
                )
            parts.append(
                f"**{f.rule}** {f.severity} ({f.confidence} confidence): {f.message}\n\n{doc}\n\n[{f.rule}]({help_uri(f.rule)})"
            )
        if not parts:
            return None
        return types.Hover(
            contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="\n\n---\n\n".join(parts))
        )


def _non_overlapping(edits: list[Any]) -> list[Any]:
    out: list[Any] = []
    end = -1
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        if e.start < end or (out and e.start == out[-1].start and e.end == out[-1].end):
            continue
        out.append(e)
        end = e.end
    return out


def make_server() -> UtcpLintServer:
    server = UtcpLintServer()

    @server.feature(types.INITIALIZED)
    def initialized(ls: UtcpLintServer, params: types.InitializedParams) -> None:
        folders = ls.workspace.folders
        roots = [uri_to_path(f.uri) for f in folders.values()] if folders else []
        if not roots and ls.workspace.root_path:
            roots = [ls.workspace.root_path]
        for r in roots:
            if r:
                ls.folders[os.path.normpath(r)] = Workspace(r)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: UtcpLintServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.lint_uri(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: UtcpLintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.lint_uri(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: UtcpLintServer, params: types.DidSaveTextDocumentParams) -> None:
        path = uri_to_path(params.text_document.uri)
        if path is not None and os.path.basename(path) in CONFIG_FILES:
            for ws in ls.folders.values():
                ws.reload()
            for uri in list(ls.open):
                ls.lint_uri(uri)
            return
        ls.lint_uri(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: UtcpLintServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.open.pop(uri, None)
        path = uri_to_path(uri)
        if path is not None:
            ls.folder_for(path).forget(path)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL]),
    )
    def code_action(ls: UtcpLintServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        return ls.code_actions(params)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: UtcpLintServer, params: types.HoverParams) -> types.Hover | None:
        return ls.hover(params)

    return server


__all__ = ["make_server", "UtcpLintServer"]
