"""Text output.  ``--output-format full`` (``text``): ``path:line:col: ID severity
message [tool NAME]``, then the source line with carets under the exact span;
``concise`` (the default): ``path:line:col: ID severity SHORT [tool NAME]``, one line
per finding, the message's first clause (:mod:`.short`).  Colour only on a TTY."""

from __future__ import annotations

from ..core.textsafe import one_line

_COL = {"error": "\x1b[31m", "warning": "\x1b[33m", "note": "\x1b[36m"}
_RESET, _BOLD, _DIM = "\x1b[0m", "\x1b[1m", "\x1b[2m"


def _printable(s: str) -> str:
    return "".join(ch if ch.isprintable() or ch == "\t" else "\ufffd" for ch in s)


def error_lines(result) -> list:
    """One line per file error (``path:line:col: message``)."""
    return [one_line(e.text()) for e in result.errors]


def render(result, ctx) -> str:
    out: list[str] = []
    lines_cache: dict = {}
    concise = getattr(ctx, "concise", False)
    if concise:
        from .short import short_message
    for f in result.findings:
        sev = f.severity
        path, message = one_line(f.path), one_line(short_message(f.message) if concise else f.message)
        tool = one_line(f.tool) if f.tool else f.tool
        head = f"{path}:{f.line}:{f.column}: {f.rule} {sev} {message}"
        if tool:
            head += f" [tool {tool}]"
        if ctx.color:
            head = (
                f"{_BOLD}{path}:{f.line}:{f.column}:{_RESET} {_BOLD}{f.rule}{_RESET} "
                f"{_COL[sev]}{sev}{_RESET} {message}" + (f" {_DIM}[tool {tool}]{_RESET}" if tool else "")
            )
        out.append(head)
        text = None if concise else ctx.sources.get(f.path)
        if text is not None:
            lines = lines_cache.get(f.path)
            if lines is None:
                lines = lines_cache[f.path] = text.split("\n")
            if 1 <= f.line <= len(lines):
                src = lines[f.line - 1].rstrip("\r")
                if len(src) > 400:  # keep huge lines readable: a window around the span
                    lo = max(0, f.column - 1 - 80)
                    shown = src[lo : lo + 240]
                    col0 = f.column - 1 - lo
                    prefix = "..." if lo else ""
                else:
                    shown, col0, prefix = src, f.column - 1, ""
                shown = _printable(shown.replace("\t", " "))
                width = (f.end_column - f.column) if f.end_line == f.line else max(1, len(shown) - col0)
                width = max(1, min(width, max(1, len(shown) - col0)))
                out.append(f"  {prefix}{shown}")
                caret = "^" * width
                if ctx.color:
                    caret = f"{_COL[sev]}{caret}{_RESET}"
                out.append("  " + " " * (len(prefix) + col0) + caret)
    if not getattr(ctx, "errors_to_stderr", False):
        out.extend(error_lines(result))
    n = len(result.findings)
    if not getattr(ctx, "summary", True):
        return "\n".join(out) + "\n" if out else ""
    if n or result.errors:
        bysev = {s: sum(1 for f in result.findings if f.severity == s) for s in ("error", "warning", "note")}
        summary = f"Found {n} finding{'s' if n != 1 else ''} ({bysev['error']} error, {bysev['warning']} warning, {bysev['note']} note)"
        if result.errors:
            summary += f" and {len(result.errors)} file error{'s' if len(result.errors) != 1 else ''}"
        out.append(summary + f" in {result.files} file{'s' if result.files != 1 else ''}.")
    elif result.files == 0:  # nothing was checked: not a pass (the CLI warns, --fail-on-empty exits 2)
        out.append("No files checked.")
    else:
        out.append(f"All checks passed ({result.files} file{'s' if result.files != 1 else ''}).")
    return "\n".join(out) + "\n"
