"""``utcp-lint inspect PATH...``: what the model reads, tool by tool.

Prints every model-visible string of each tool (utcp_lint.modeltext.strings: names,
descriptions, titles, tags, parameter names and descriptions, enum values, defaults,
examples) at its line and column, with hidden characters shown as escapes and what they
hide decoded (utcp_lint.modeltext.hidden), encoded text decoded (base64, ROT13, reversed,
leetspeak: utcp_lint.modeltext.directives.decodings) and the directives UL626 would report.  A file
that cannot be read or parsed gets one error line (exit 2); the others are still shown.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import click

EXIT_OK, EXIT_ERROR = 0, 2


def _targets(paths: tuple[str, ...]) -> list[str]:
    out = []
    for p in paths:
        if os.path.isdir(p):
            for dirpath, dirnames, filenames in os.walk(p):
                dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
                out += [os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".json")]
        else:
            out.append(p)
    return out


def inspect_document(path: str, text: str) -> dict[str, Any]:
    """The model's view of one document (raises JSONPosError on invalid JSON)."""
    from ..core.findings import SourceFile
    from ..document.jsonpos import parse
    from ..modeltext.directives import analyse, decodings
    from ..modeltext.hidden import bidi_runs, control_runs, invisible_runs, show, tag_runs
    from ..modeltext.instructions import visible
    from ..modeltext.strings import model_strings
    from ..ruleset.context import DocumentContext

    source = SourceFile(path, text)
    doc = DocumentContext(source, parse(text))
    directives: dict[str, list[Any]] = {}
    for d in analyse(doc) if doc.tools else ():
        directives.setdefault(d.string.pointer, []).append(d)
    tools: dict[Any, dict[str, Any]] = {}
    for ms in model_strings(doc):
        key = ms.tool_index
        entry = tools.setdefault(key, {"tool": ms.tool, "index": key, "strings": []})
        s, e = ms.span(0, len(ms.value)) if ms.value else (ms.start + 1, ms.start + 1)
        r = source.region(s, e)
        hidden: list[dict[str, Any]] = []
        for det in (tag_runs, invisible_runs, bidi_runs, control_runs):
            for h in det(ms.value):
                hidden.append({"what": h.what, "column": h.start + 1, "decoded": h.decoded, "effect": h.effect})
        hidden.sort(key=lambda h: h["column"])
        vis, _idx = visible(ms.value)
        decoded = [{"how": how, "text": dec} for _s, _e, dec, how in decodings(vis)]
        entry["strings"].append(
            {
                "role": ms.role,
                "pointer": ms.pointer,
                "line": r.line,
                "column": r.column,
                "text": ms.value,
                "shown": show(ms.value, 100_000),
                "hidden": hidden,
                "decoded": decoded,
                "directives": [
                    {
                        "quote": d.quote,
                        "asks": [a.value for a in d.actions],
                        "target": d.target,
                        "outside": d.outside,
                        "confidence": d.confidence,
                        "decoded_by": d.decoded_by,
                    }
                    for d in directives.get(ms.pointer, ())
                ],
            }
        )
    return {"path": path, "kind": doc.kind, "tools": list(tools.values())}


def _print_text(view: dict[str, Any]) -> None:
    from ..modeltext.hidden import show

    click.echo(f"{view['path']} ({view['kind'] or 'not a UTCP document'})")
    for t in view["tools"]:
        if t["index"] is None:
            click.echo("  manual")
        else:
            click.echo(f"  tool {t['tool']}" if t["tool"] is not None else f"  tool #{t['index']} (no name)")
        for s in t["strings"]:
            click.echo(f"    {s['line']}:{s['column']} {s['role']}: {s['shown']}")
            for h in s["hidden"]:
                extra = f" hides '{show(h['decoded'], 200)}'" if h["decoded"] else ""
                click.echo(f"      hidden at character {h['column']}: {h['what']} ({h['effect']}){extra}")
            for d in s["decoded"]:
                click.echo(f"      decoded ({d['how']}): {show(d['text'], 400)}")
            for d in s["directives"]:
                how = f" [decoded from {d['decoded_by']}]" if d["decoded_by"] else ""
                click.echo(
                    f"      directive{how}: '{show(d['quote'], 200)}' asks the model to {' and '.join(d['asks'])}; "
                    f"outside: {d['outside']} ({d['confidence']} confidence)"
                )


@click.command("inspect")
@click.argument("paths", nargs=-1, required=True, type=click.Path(dir_okay=True))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", help="Output format.")
def inspect_cmd(paths: tuple[str, ...], fmt: str) -> None:
    """Print what the model reads, tool by tool: hidden characters revealed, encoded text decoded."""
    from ..document.jsonpos import JSONPosError
    from ..run.discover import Target
    from ..run.read import read_text
    from ..run.result import safe_path

    views, failed = [], False
    for p in _targets(paths):
        text, err = read_text(Target(p, p, True))
        if err is not None or text is None:
            click.echo(f"utcp-lint: {err.text() if err else safe_path(p) + ': cannot read'}", err=True)
            failed = True
            continue
        try:
            view = inspect_document(p, text)
        except JSONPosError as e:
            from ..core.findings import SourceFile

            line, col = SourceFile(p, text).lines.position(min(e.offset, len(text)))
            click.echo(f"utcp-lint: {safe_path(p)}:{line}:{col}: invalid JSON: {e.message}", err=True)
            failed = True
            continue
        except RecursionError:
            click.echo(f"utcp-lint: {safe_path(p)}: nested too deeply to inspect", err=True)
            failed = True
            continue
        if fmt == "json":
            views.append(view)
        else:
            _print_text(view)
    if fmt == "json":
        json.dump(views, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    sys.exit(EXIT_ERROR if failed else EXIT_OK)
