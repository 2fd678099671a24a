"""``json.dumps(obj, indent=2, ensure_ascii=False)``, byte for byte, faster.

With ``indent`` set, the standard library falls back to its pure-Python
encoder (the C encoder only serves compact output): on a report of 100,000
findings that was most of the reporting time.  Here the layout (newlines,
two-space indentation, ``", "``-free separators ``","`` and ``": "``) is
written by a small loop and every string goes through the C
``encode_basestring`` (``py_encode_basestring`` when the C module is
missing); numbers and constants are formatted the way ``json`` formats them.
tests/test_report_stream.py compares the output with ``json.dumps`` on
generated values.
"""

from __future__ import annotations

import json
from itertools import chain
from json import encoder as _enc

# ensure_ascii=False; the C encoder is None without the _json accelerator (and absent
# from typeshed)
_str = getattr(_enc, "c_encode_basestring", None) or _enc.py_encode_basestring
_float = float.__repr__
_INF = float("inf")


def _scalar(v) -> str:
    if v.__class__ is str:
        return _str(v)
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v.__class__ is int:
        return int.__repr__(v)
    if v.__class__ is float:
        if v != v or v in (_INF, -_INF):
            return json.dumps(v)  # NaN/Infinity spelled as json spells them
        return _float(v)
    raise _Fallback


class _Fallback(Exception):
    """A value outside the fast path (subclasses, non-str keys...)."""


def iter_indent2(obj, level: int = 0):
    """Chunks of ``json.dumps(obj, indent=2, ensure_ascii=False)`` nested at
    ``level`` (raises _Fallback on values outside the fast path)."""
    if isinstance(obj, dict):
        if not obj:
            yield "{}"
            return
        inner = "\n" + "  " * (level + 1)
        first = True
        yield "{"
        for k, v in obj.items():
            if k.__class__ is not str:
                raise _Fallback
            yield (inner if first else "," + inner) + _str(k) + ": "
            first = False
            if isinstance(v, (dict, list, tuple)):
                yield from iter_indent2(v, level + 1)
            else:
                yield _scalar(v)
        yield "\n" + "  " * level + "}"
        return
    if isinstance(obj, (list, tuple)):
        if not obj:
            yield "[]"
            return
        inner = "\n" + "  " * (level + 1)
        yield "["
        first = True
        for v in obj:
            yield inner if first else "," + inner
            first = False
            if isinstance(v, (dict, list, tuple)):
                yield from iter_indent2(v, level + 1)
            else:
                yield _scalar(v)
        yield "\n" + "  " * level + "]"
        return
    yield _scalar(obj)


_FLAT = (str, int, float, bool, type(None))
_FLAT_SET = frozenset(_FLAT)
_FLAT_ENCODERS: dict = {}


def _flat_encoder(level: int):
    """The C encoder for a flat object nested at ``level``: with no indent the
    C encoder serves any separators, so the item separator carries the
    newline and the indentation."""
    enc = _FLAT_ENCODERS.get(level)
    if enc is None:
        enc = _FLAT_ENCODERS[level] = json.JSONEncoder(
            ensure_ascii=False, separators=(",\n" + "  " * (level + 1), ": ")
        ).encode
    return enc


def _is_flat(obj) -> bool:
    if obj.__class__ is not dict or not obj:
        return False
    for k, v in obj.items():
        if (
            k.__class__ is not str
            or v.__class__ not in _FLAT
            or (v.__class__ is float and (v != v or v in (_INF, -_INF)))
        ):
            return False
    return True


def _all_flat(objs: list) -> bool:
    """Every item a non-empty dict of str keys and scalar values (checked with
    C-level iteration: one set of key types, one of value types)."""
    if not all(o.__class__ is dict and o for o in objs):
        return False
    if set(map(type, chain.from_iterable(objs))) != {str}:
        return False
    vt = set(map(type, chain.from_iterable(map(dict.values, objs))))
    if not vt <= _FLAT_SET:
        return False
    return float not in vt or all(_is_flat(o) for o in objs)  # NaN/Infinity: per object


def array_items_indent2(objs: list, level: int) -> str:
    """The items of an array nested at ``level`` (``level + 1`` indentation),
    exactly as ``json.dumps(..., indent=2)`` writes them between the
    brackets, each preceded by its separator (the first by a newline only).
    Flat objects (every finding) are encoded in one C encoder call: the item
    separator carries the member indentation, and the structural
    ``"},<newline><indent>{"`` between two objects is re-indented (inside a
    JSON string a newline is always escaped, so it cannot occur there)."""
    if not objs:
        return ""
    pad = "  " * (level + 1)
    if _all_flat(objs):
        inner = "  " * (level + 2)
        text = _flat_encoder(level + 1)(objs)  # "[{...},\n<inner>{...}]"
        body = text[2:-2].replace("},\n" + inner + "{", "\n" + pad + "},\n" + pad + "{\n" + inner)
        return "\n" + pad + "{\n" + inner + body + "\n" + pad + "}"
    return "".join(("\n" if i == 0 else ",\n") + pad + dumps_indent2(o, level + 1) for i, o in enumerate(objs))


def dumps_indent2(obj, level: int = 0) -> str:
    """``json.dumps(obj, indent=2, ensure_ascii=False)`` as if nested at ``level``."""
    if obj.__class__ is dict and obj:
        for k, v in obj.items():
            if (
                k.__class__ is not str
                or v.__class__ not in _FLAT
                or (v.__class__ is float and (v != v or v in (_INF, -_INF)))
            ):
                break
        else:  # a flat object (every finding today): one C encoder call
            text = _flat_encoder(level)(obj)
            return "{\n" + "  " * (level + 1) + text[1:-1] + "\n" + "  " * level + "}"
    try:
        return "".join(iter_indent2(obj, level))
    except _Fallback:
        text = json.dumps(obj, indent=2, ensure_ascii=False)
        return text.replace("\n", "\n" + "  " * level) if level else text


__all__ = ["dumps_indent2", "iter_indent2"]
