"""``--format json``: the stable machine contract (version 1).

``{"version": 1, "findings": [{"rule", "severity", "confidence", "path",
"line", "column", "end_line", "end_column", "pointer", "tool", "message"}],
"errors": [{"path", "message"}]}``

Written as a stream of chunks (:func:`iter_render`), byte-identical to
``json.dumps(doc, indent=2, ensure_ascii=False)`` but with the C string
encoder and without the whole document in memory (reporters/jsonenc.py).
"""

from __future__ import annotations

from ..core.lazyre import lazy_compile
from .jsonenc import array_items_indent2, dumps_indent2

_BATCH = 500  # findings per encoder call and written chunk (~150 KB)

_SURROGATE = lazy_compile("[\ud800-\udfff]")


def _fix(text: str) -> str:
    # Lone surrogates (from \ud800 escapes in a manual, or undecodable file
    # names) cannot be written as UTF-8: emit them as JSON \u escapes, which
    # is what ensure_ascii=True would do for them (they only occur in strings).
    if text.isascii():
        return text
    try:
        text.encode("utf-8")  # C speed; fails only on a surrogate
        return text
    except UnicodeEncodeError:
        pass
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _error_json(e) -> dict:
    out = e.to_json()
    if e.line is not None:
        out["message"] = f"{e.message} (line {e.line}, column {e.column})"
    return out


def iter_render(result, ctx):
    """The report in chunks (each chunk whole JSON tokens), in order."""
    yield '{\n  "version": 1,\n  "findings": '
    findings = result.findings
    if not findings:
        yield "[]"
    else:
        yield "["
        for i in range(0, len(findings), _BATCH):
            items = array_items_indent2([f.to_json() for f in findings[i : i + _BATCH]], 1)
            yield _fix(items if i == 0 else "," + items)
        yield "\n  ]"
    yield ',\n  "errors": '
    yield _fix(dumps_indent2([_error_json(e) for e in result.errors], 1))
    yield "\n}\n"


def render(result, ctx) -> str:
    return "".join(iter_render(result, ctx))
