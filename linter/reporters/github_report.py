"""``--format github``: GitHub Actions workflow commands, one annotation per
finding, shown inline on the pull request diff and in the run summary::

    ::error file=manual.json,line=12,col=40,endLine=12,endColumn=61,title=UL031::placeholder ...

Levels: error -> ``error``, warning -> ``warning``, note -> ``notice``.  Input
errors (exit 2) become ``error`` annotations on the file.  Escaping follows the
runner's rules: in the message ``%``, CR and LF become ``%25``, ``%0D``,
``%0A``; in property values ``:`` and ``,`` additionally become ``%3A`` and
``%2C``.  A message may otherwise contain ``::`` safely (the runner splits at
the first ``::`` after the properties only).
"""

from __future__ import annotations

_LEVEL = {"error": "error", "warning": "warning", "note": "notice"}


def escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(s: str) -> str:
    return escape_data(s).replace(":", "%3A").replace(",", "%2C")


def command(level: str, message: str, **props) -> str:
    parts = []
    for k, v in props.items():
        if v is None:
            continue
        parts.append(f"{k}={escape_property(str(v))}")
    head = f"::{level}" + (" " + ",".join(parts) if parts else "")
    return f"{head}::{escape_data(message)}"


def render(result, ctx) -> str:
    out = []
    for f in result.findings:
        msg = f.message + (f" [tool {f.tool}]" if f.tool else "")
        out.append(
            command(
                _LEVEL.get(f.severity, "warning"),
                msg,
                file=f.path,
                line=f.line,
                col=f.column,
                endLine=f.end_line,
                endColumn=f.end_column,
                title=f.rule,
            )
        )
    for e in result.errors:
        # the file is named in the message too: annotations on files outside the
        # diff appear only in the summary, where the file= property is not shown
        out.append(
            command(
                "error", f"{e.path}: {e.message}", file=e.path, line=e.line, col=e.column, title="utcp-lint input error"
            )
        )
    n = len(result.findings)
    if n or result.errors:
        out.append(
            f"utcp-lint: {n} finding{'s' if n != 1 else ''}"
            + (f", {len(result.errors)} file error{'s' if len(result.errors) != 1 else ''}" if result.errors else "")
            + f" in {result.files} file{'s' if result.files != 1 else ''}"
        )
    elif result.files == 0:
        out.append("utcp-lint: no files checked")
    else:
        out.append(f"utcp-lint: all checks passed ({result.files} file{'s' if result.files != 1 else ''})")
    return "\n".join(out) + "\n"
