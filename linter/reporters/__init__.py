"""Reporters turn a RunResult into text. Each module exposes
``render(result, ctx: ReportContext) -> str``; heavy ones (SARIF, which needs
sarif-om) are imported only when asked for."""

from __future__ import annotations

import importlib

from ..core.fieldwise import field, record, record_eq, record_repr
from ..core.lazyre import lazy_compile

FORMATS = ("text", "json", "sarif", "github")


@record
class ReportContext:
    """What a reporter needs besides the findings: the rules, the sources and display options."""

    rules: dict  # id -> Rule (all known rules)
    color: bool = False
    sources: dict = field(default_factory=dict)  # display path -> text, for snippets
    root: str | None = None  # source root for SARIF URIs
    cwd: str | None = None  # directory the display paths are relative to (default: root)
    show_notes: bool = True
    summary: bool = True  # text: the "Found N findings" line (-q / -s hide it)
    errors_to_stderr: bool = False  # text on stdout: file errors go to stderr (printed by the CLI)
    concise: bool = False  # text: one line per finding, its short message (reporters/short.py)

    def __init__(
        self,
        rules: dict,
        color: bool = False,
        sources: dict | None = None,
        root: str | None = None,
        cwd: str | None = None,
        show_notes: bool = True,
        summary: bool = True,
        errors_to_stderr: bool = False,
        concise: bool = False,
    ) -> None:
        self.rules = rules
        self.color = color
        self.sources = dict() if sources is None else sources
        self.root = root
        self.cwd = cwd
        self.show_notes = show_notes
        self.summary = summary
        self.errors_to_stderr = errors_to_stderr
        self.concise = concise

    __repr__ = record_repr
    __eq__ = record_eq


def render(fmt: str, result, ctx: ReportContext) -> str:
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}")
    mod = importlib.import_module(f"{__name__}.{fmt}_report")
    return writable(mod.render(result, ctx))


def write_report(fmt: str, result, ctx: ReportContext, stream) -> None:
    """Write the report to ``stream`` (a text file): formats with an
    ``iter_render`` are streamed chunk by chunk (the whole report never sits
    in memory, issue 15), the others are rendered then written."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}")
    mod = importlib.import_module(f"{__name__}.{fmt}_report")
    it = getattr(mod, "iter_render", None)
    if it is None:
        stream.write(writable(mod.render(result, ctx)))
        return
    buf: list = []
    size = 0
    for chunk in it(result, ctx):
        buf.append(chunk)
        size += len(chunk)
        if size >= 1 << 16:
            stream.write(writable("".join(buf)))
            buf.clear()
            size = 0
    if buf:
        stream.write(writable("".join(buf)))


_SURROGATE = lazy_compile("[\ud800-\udfff]")


def writable(text: str) -> str:
    """Lone surrogates (a manual's ``"\\ud800"`` escapes decode to them, and so
    do undecodable file names) cannot be written as UTF-8: every format gets
    them as the ``\\udXXX`` escape, which in the JSON-based formats is exactly
    the JSON escape (they only occur inside strings there).  See
    docs/design/hardening.md."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")  # C speed (4 x the regex search); fails only on a surrogate
        return text
    except UnicodeEncodeError:
        pass
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
