"""Read Python source bytes exactly as CPython does (PEP 263, PEP 3120).

CPython decodes a module with the encoding named by a UTF-8 byte-order mark
or a ``coding`` cookie in the first two lines (``tokenize.detect_encoding``
implements the same rules), default UTF-8, and refuses codecs that are not
text encodings (``rot13``, ``hex``).  The scanner must analyse what CPython
*runs*: a file declaring ``# -*- coding: unicode_escape -*-`` turns the
``\\x0a`` in ``# \\x0aos.system(cmd)`` into a newline, so the "comment" is a
call (issue 18).  The analysis therefore runs on the decoded text, and such
codecs -- those under which plain ASCII bytes do not decode to themselves --
get a finding of their own (UL409): a reviewer reading the raw file does not
see the code that runs.
"""

from __future__ import annotations

import codecs
import io
import re
import warnings
from functools import cache

from ..core.lazyre import compile_pattern
from ..ruleset.ids import SOURCE_CODEC

# ASCII text, escapes and UTF-7 shifts: an ASCII-transparent codec decodes it to itself
_PROBE = bytes(range(0x20, 0x7F)) + b"\n\t\r\\x0a\\u000a\\N{LF}+AAo-~{~}"
_COOKIE = compile_pattern(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", re.ASCII)


@cache
def smuggles(encoding: str) -> bool:
    """True when ``encoding`` does not decode ASCII bytes to the same text
    (escape-decoding codecs, UTF-7, EBCDIC and the like)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "invalid escape sequence" from unicode_escape
            return _PROBE.decode(encoding) != _PROBE.decode("ascii")
    except Exception:  # any codec failure (punycode raises UnicodeError): not ASCII-transparent
        return True


def decode_python(data: bytes) -> tuple[str | None, str | None, tuple[str, int, int] | None]:
    """``(text, encoding, None)`` or ``(None, encoding, (message, line, column))``.

    ``encoding`` is the codec's canonical name (``utf-8`` by default,
    ``utf-8-sig`` with a BOM)."""
    # the common file: no BOM, no "coding" in the two lines CPython reads for
    # a cookie, valid UTF-8: CPython reads it as UTF-8 (what detect_encoding
    # and the codec below decide on it); every other file takes the long way,
    # with its exact errors.  A tenth of a warm run's CPU (issue 25, measured)
    nl = data.find(b"\n")
    two = data.find(b"\n", nl + 1) if nl >= 0 else -1
    if not data.startswith(b"\xef\xbb\xbf") and b"coding" not in data[: two if two >= 0 else len(data)]:
        try:
            return data.decode("utf-8"), "utf-8", None
        except UnicodeDecodeError:
            pass
    # imported here: only a file with a BOM, a cookie or bytes not UTF-8 needs it (11 of the 14
    # held-out trees have none: ~0.9 ms of CPU a process, the import of tokenize and token)
    import tokenize

    try:
        enc, _lines = tokenize.detect_encoding(io.BytesIO(data).readline)
    except (SyntaxError, LookupError, UnicodeError, ValueError) as e:
        msg = str(e.msg if hasattr(e, "msg") and e.msg else e)
        return (
            None,
            None,
            (f"invalid Python source encoding: {msg} (Python refuses to run this file)", _cookie_line(data), 1),
        )
    try:
        info = codecs.lookup(enc)
    except LookupError:  # detect_encoding looked it up already; defensive
        return None, enc, (f"unknown source encoding {enc!r} (Python refuses to run this file)", 1, 1)
    if not getattr(info, "_is_text_encoding", True):
        return (
            None,
            info.name,
            (f"{enc!r} is not a text encoding (Python refuses to run this file)", _cookie_line(data), 1),
        )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            text = data.decode(info.name)
    except UnicodeDecodeError as e:
        head = data[: e.start]
        line = head.count(b"\n") + 1
        col = e.start - (head.rfind(b"\n") + 1) + 1
        what = "UTF-8" if info.name in ("utf-8", "utf-8-sig") else info.name
        return None, info.name, (f"not valid {what} (byte 0x{data[e.start]:02x} at offset {e.start})", line, col)
    except Exception as e:  # a codec's own failure (punycode, undefined, idna: UnicodeError, ...)
        # is one positioned error for this file (issue 28), never an internal error of the run
        reason = f"{type(e).__name__}: {e}".encode("ascii", "backslashreplace").decode("ascii").replace("\n", " ")
        return (
            None,
            info.name,
            (
                f"cannot decode as {info.name!r} ({reason[:200]}; Python refuses to run this file)",
                _cookie_line(data),
                1,
            ),
        )
    if not isinstance(text, str):  # a codec registered to return something else
        return None, info.name, (f"{info.name!r} does not decode to text (Python refuses to run this file)", 1, 1)
    return text, info.name, None


def _cookie_line(data: bytes) -> int:
    for i, line in enumerate(data.split(b"\n", 2)[:2]):
        if _COOKIE.match(line):
            return i + 1
    return 1


_TEXT_COOKIE = compile_pattern(r"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", re.ASCII)


def cookie_span(text: str) -> tuple[int, int]:
    """Offsets of the codec name in the cookie (decoded text), else of line 1."""
    lines = text.split("\n", 2)
    off = 0
    for line in lines[:2]:
        m = _TEXT_COOKIE.match(line)
        if m is not None:
            return off + m.start(1), off + m.end(1)
        off += len(line) + 1
    return 0, len(lines[0]) if lines else 0


def codec_findings(linter, text: str, display: str, encoding: str | None) -> list:
    """The UL409 finding for a smuggling codec (when UL409 is selected)."""
    if not encoding or not smuggles(encoding):
        return []
    rule = next((r for r in linter.rules if r.id == SOURCE_CODEC), None)
    if rule is None:
        return []
    from ..core.findings import SourceFile

    src = SourceFile(display, text)
    a, b = cookie_span(text)
    return [
        rule.finding(
            src,
            a,
            b,
            f"the source encoding '{encoding}' does not read ASCII as ASCII: Python decodes escape sequences "
            f"or shifted bytes (such as \\x0a or +AAo- inside a comment or string) into code that the raw file "
            f"does not show; the scan analysed the decoded text, a reviewer sees the raw bytes. Save the file "
            f"as UTF-8 without the coding cookie",
        )
    ]
