"""Positions between the engine and an LSP client.

The engine counts lines split at ``\\n`` and columns in code points (1-based).
LSP counts 0-based lines split at ``\\r\\n``, ``\\r`` or ``\\n`` and columns in
code units of the negotiated encoding (``utf-16`` by default, ``utf-8`` or
``utf-32`` where the client offers it).  Both go through the text's offset, so
a lone ``\\r`` (a line break for LSP, not for the engine) or a character
outside the Basic Multilingual Plane lands where the client expects it.
"""

from __future__ import annotations

import bisect

from ..core.lazyre import compile_pattern

_LSP_NL = compile_pattern(r"\r\n|\r|\n")
_ENGINE_NL = compile_pattern("\n")


def _units(s: str, encoding: str) -> int:
    if encoding == "utf-8":
        return len(s.encode("utf-8", "surrogatepass"))
    if encoding == "utf-32":
        return len(s)
    return len(s.encode("utf-16-le", "surrogatepass")) // 2


class TextPositions:
    """Offsets of one text as engine (line, column) and as LSP (line, character)."""

    def __init__(self, text: str, encoding: str = "utf-16") -> None:
        self.text = text
        self.encoding = encoding
        # the common case: the engine's lines are the client's and every column is one unit
        self.plain = text.isascii() and "\r" not in text
        self.engine_starts = [0] + [m.end() for m in _ENGINE_NL.finditer(text)]
        self.lsp_starts = self.engine_starts if self.plain else [0] + [m.end() for m in _LSP_NL.finditer(text)]

    def engine_to_lsp(self, line: int, column: int) -> tuple[int, int]:
        """The LSP (line, character) of an engine position."""
        if self.plain and 1 <= line <= len(self.engine_starts):
            return line - 1, max(column, 1) - 1
        return self.to_lsp(self.offset_of(line, column))

    def offset_of(self, line: int, column: int) -> int:
        """The code-point offset of an engine position (1-based line and column)."""
        if line < 1:
            return 0
        if line > len(self.engine_starts):
            return len(self.text)
        return min(self.engine_starts[line - 1] + max(column, 1) - 1, len(self.text))

    def to_lsp(self, offset: int) -> tuple[int, int]:
        """(line, character) of an offset, 0-based, character in the client's units."""
        offset = max(0, min(offset, len(self.text)))
        line = bisect.bisect_right(self.lsp_starts, offset) - 1
        start = self.lsp_starts[line]
        return line, _units(self.text[start:offset], self.encoding)

    def from_lsp(self, line: int, character: int) -> int:
        """The offset of an LSP position (past the end of a line: the line's end)."""
        if line < 0:
            return 0
        if line >= len(self.lsp_starts):
            return len(self.text)
        start = self.lsp_starts[line]
        end = self.lsp_starts[line + 1] if line + 1 < len(self.lsp_starts) else len(self.text)
        body = _LSP_NL.sub("", self.text[start:end])
        n = 0
        for i, ch in enumerate(body):
            if n >= character:
                return start + i
            n += _units(ch, self.encoding)
        return start + len(body)


__all__ = ["TextPositions"]
