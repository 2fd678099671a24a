"""``--format json``: the stable machine contract (version 1).

``{"version": 1, "findings": [{"rule", "severity", "confidence", "path",
"line", "column", "end_line", "end_column", "pointer", "tool", "message"}],
"errors": [{"path", "message"}]}``

Written as a stream of chunks (:func:`iter_render`), byte-identical to
``json.dumps(doc, indent=2, ensure_ascii=False)`` but with the C string
encoder and without the whole document in memory (reporters/jsonenc.py).
"""

from __future__ import annotations

from json import encoder as _enc

from ..core.findings import Finding
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


# json's string encoder with ensure_ascii=False (the C one; the pure-Python one without
# the _json accelerator), as reporters/jsonenc.py uses
_encode = getattr(_enc, "c_encode_basestring", None) or _enc.py_encode_basestring
# one finding (Finding.to_json's keys, in its order) as json.dumps(indent=2) writes it in
# the "findings" array
_ITEM = (
    '\n    {\n      "rule": %s,\n      "severity": %s,\n      "confidence": %s,\n      "path": %s,'
    '\n      "line": %d,\n      "column": %d,\n      "end_line": %d,\n      "end_column": %d,'
    '\n      "pointer": %s,\n      "tool": %s,\n      "message": %s\n    }'
)


def _finding_items(findings: list) -> str | None:
    """``array_items_indent2([f.to_json() for f in findings], 1)`` written straight from
    the findings (no dict per finding, no pass over the encoded text; the report of a
    200-tool manual spent ~70M instructions here), or None when one is not a plain
    :class:`Finding` of str and int fields (the general encoder writes those)."""
    out: list[str] = []
    append = out.append
    enc = _encode
    for f in findings:
        if f.__class__ is not Finding:
            return None
        rule, sev, conf, path, ptr, tool, msg = f.rule, f.severity, f.confidence, f.path, f.pointer, f.tool, f.message
        line, col, eline, ecol = f.line, f.column, f.end_line, f.end_column
        if (
            rule.__class__ is not str
            or sev.__class__ is not str
            or conf.__class__ is not str
            or path.__class__ is not str
            or ptr.__class__ is not str
            or msg.__class__ is not str
            or line.__class__ is not int
            or col.__class__ is not int
            or eline.__class__ is not int
            or ecol.__class__ is not int
        ):
            return None
        if tool is None:
            tool_text = "null"
        elif tool.__class__ is str:
            tool_text = enc(tool)
        else:
            return None
        append(
            _ITEM % (enc(rule), enc(sev), enc(conf), enc(path), line, col, eline, ecol, enc(ptr), tool_text, enc(msg))
        )
    return ",".join(out)


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
            batch = findings[i : i + _BATCH]
            items = _finding_items(batch)
            if items is None:
                items = array_items_indent2([f.to_json() for f in batch], 1)
            yield _fix(items if i == 0 else "," + items)
        yield "\n  ]"
    yield ',\n  "errors": '
    yield _fix(dumps_indent2([_error_json(e) for e in result.errors], 1))
    yield "\n}\n"


def render(result, ctx) -> str:
    return "".join(iter_render(result, ctx))
