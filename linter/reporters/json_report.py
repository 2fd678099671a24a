"""``--format json``: the stable machine contract (version 1).

``{"version": 1, "findings": [{"rule", "severity", "confidence", "path",
"line", "column", "end_line", "end_column", "pointer", "tool", "message"}],
"errors": [{"path", "message"}]}``
"""
from __future__ import annotations

import json
import re

_SURROGATE = re.compile("[\ud800-\udfff]")


def render(result, ctx) -> str:
    doc = {
        "version": 1,
        "findings": [f.to_json() for f in result.findings],
        "errors": [e.to_json() for e in result.errors],
    }
    for e, out in zip(result.errors, doc["errors"]):
        if e.line is not None:
            out["message"] = f"{e.message} (line {e.line}, column {e.column})"
    text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    # Lone surrogates (from \ud800 escapes in a manual, or undecodable file
    # names) cannot be written as UTF-8: emit them as JSON \u escapes, which
    # is what ensure_ascii=True would do for them (they only occur in strings).
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
