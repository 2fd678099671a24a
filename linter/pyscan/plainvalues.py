"""Values whose text cannot carry shell syntax: numbers and encodings (issue 25, pyP2).

A command built from ``os.getpid()``, a port declared ``type=int`` on the command line, a
field formatted ``{:d}``, or data passed through ``base64.b64encode``/``hexdigest()`` holds
only digits, letters and a few of ``+/=-_.:``; none of them is special to ``sh`` in an
unquoted word (POSIX XCU 2.2 "Quoting" lists the special characters: ``| & ; < > ( ) $ `
\\ " '``, blank, newline, and in some places ``* ? [ # ~ = %``; ``=`` only in a leading
``NAME=`` word, ``~`` only at a word's start: a base64/hex/decimal text never starts with
``~`` and a leading ``NAME=`` only assigns).  The evaluator (:mod:`.evaluate`) treats such a
value as a constant of unknown text: it cannot inject, wherever its input came from.

Each table entry with its source (Python library reference 3.13 unless said):

* ``base64.b64encode``/``standard_b64encode`` ("the standard Base64 alphabet"
  ``A-Z a-z 0-9 + /`` and ``=`` padding), ``urlsafe_b64encode`` (``-`` and ``_`` instead
  of ``+`` and ``/``), ``b32encode`` (``A-Z 2-7 =``), ``b32hexencode`` (``0-9 A-V =``),
  ``b16encode`` (``0-9 A-F``); RFC 4648 sections 4-8.  Not ``b85encode``/``a85encode``
  (their alphabets hold ``$ & ( ) ; < > | ` ~``), nor ``encodebytes``/``b2a_base64``
  (they insert newlines, a command separator).
* ``binascii.hexlify``/``b2a_hex`` ("every byte of data is converted into the
  corresponding 2-digit hex representation").
* ``hashlib``/``hmac`` ``hexdigest()`` ("a string of double length, containing only
  hexadecimal digits"); ``bytes.hex()``/``bytearray.hex()``/``memoryview.hex()``
  (hex digits, an optional one-character separator argument is not covered:
  ``.hex()`` without arguments only) and ``float.hex()`` (``[-]0x<hex>p[+-]<digits>``,
  ``inf``, ``nan``).
* ``os.getppid``/``getuid``/``geteuid``/``getgid``/``getegid``/``getpgrp``/``getsid``
  (integers), ``time.time``/``time_ns``/``monotonic``/``perf_counter``/``process_time``
  (numbers), ``random.randint``/``randrange``/``random`` (numbers), ``secrets.randbelow``
  (an integer), ``uuid.uuid1`` (a ``UUID`` whose ``str`` is 32 hex digits and 4 dashes).
* format specifications (``str.format``, f-strings; "Format Specification
  Mini-Language"): the presentation types ``b d o x X n e E f F g G %`` format a number
  (digits, sign, ``.``, ``e``, ``inf``/``nan``, ``%``); ``c`` (a character) and ``s`` are
  not numeric.
* ``argparse``: an option declared ``type=int``/``float`` is converted by that callable,
  ``action="store_true"/"store_false"/"count"`` stores a bool or an int; ``choices=``
  restricts the value to the listed constants ("a container of the allowable values";
  checked after the type conversion): all plain words means no shell syntax.
* annotations ``int``/``float``/``bool`` (and ``Optional``/``| None`` of them) of a
  function parameter, or of a field in a class body (``port: int = 22`` of a dataclass,
  a pydantic model, an attrs or plain class; read as ``self.port``): the declared type
  (PEP 484, PEP 526; pydantic validates the field to it).
"""

from __future__ import annotations

import ast

from ..core.lazyre import compile_pattern
from .astwalk import walk

__all__ = [
    "PLAIN_TEXT_FUNCS",
    "PLAIN_TEXT_METHODS",
    "numeric_spec",
    "numeric_fstring",
    "numeric_annotation",
    "numeric_field",
    "argparse_plain_dests",
]

PLAIN_TEXT_FUNCS = frozenset(
    {
        "base64.b64encode",
        "base64.standard_b64encode",
        "base64.urlsafe_b64encode",
        "base64.b32encode",
        "base64.b32hexencode",
        "base64.b16encode",
        "binascii.hexlify",
        "binascii.b2a_hex",
        "os.getppid",
        "os.getuid",
        "os.geteuid",
        "os.getgid",
        "os.getegid",
        "os.getpgrp",
        "os.getsid",
        "time.time",
        "time.time_ns",
        "time.monotonic",
        "time.perf_counter",
        "time.process_time",
        "random.randint",
        "random.randrange",
        "random.random",
        "secrets.randbelow",
        "uuid.uuid1",
    }
)
#: methods whose result (called without arguments) is hex digits, whatever the receiver
PLAIN_TEXT_METHODS = frozenset({"hexdigest", "hex"})

_NUMERIC_SPEC = compile_pattern(r"(?s).*[bdoxXneEfFgG%]\Z")
_PLAIN_WORD = compile_pattern(r"[A-Za-z0-9_.+/:@,=-]*\Z")
_NUMERIC_TYPES = frozenset({"int", "float", "bool"})


def numeric_spec(spec: str | None) -> bool:
    """A format specification that formats a number (``d``, ``x``, ``>8.2f``...)."""
    return spec is not None and spec != "" and "{" not in spec and _NUMERIC_SPEC.match(spec) is not None


def numeric_fstring(v: ast.FormattedValue) -> bool:
    """``{pid:d}``: a field of an f-string with a constant numeric format specification
    and no conversion (``!s``/``!r``/``!a`` format the text instead)."""
    fs = v.format_spec
    if v.conversion != -1 or not isinstance(fs, ast.JoinedStr):
        return False
    parts = [x.value for x in fs.values if isinstance(x, ast.Constant) and isinstance(x.value, str)]
    if len(parts) != len(fs.values):
        return False
    return numeric_spec("".join(parts))


def numeric_annotation(ann) -> bool:
    """``int``, ``float``, ``bool``, ``Optional[int]``, ``int | None``, ``"int"``."""
    if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
        return ann.value in _NUMERIC_TYPES
    if isinstance(ann, ast.Name):
        return ann.id in _NUMERIC_TYPES
    if isinstance(ann, ast.BinOp) and isinstance(ann.op, ast.BitOr):
        sides = [ann.left, ann.right]
        return any(numeric_annotation(s) for s in sides) and all(
            numeric_annotation(s) or (isinstance(s, ast.Constant) and s.value is None) for s in sides
        )
    if isinstance(ann, ast.Subscript) and isinstance(ann.value, (ast.Name, ast.Attribute)):
        name = ann.value.id if isinstance(ann.value, ast.Name) else ann.value.attr
        if name == "Optional":
            return numeric_annotation(ann.slice)
    return False


def numeric_field(cls: ast.ClassDef, attr: str) -> bool:
    """The class body declares ``attr: int`` (``float``, ``bool``, optional)."""
    return any(
        isinstance(st, ast.AnnAssign)
        and isinstance(st.target, ast.Name)
        and st.target.id == attr
        and numeric_annotation(st.annotation)
        for st in cls.body
    )


def _kw(call: ast.Call, name: str):
    return next((k.value for k in call.keywords if k.arg == name), None)


def _dest(call: ast.Call) -> str | None:
    d = _kw(call, "dest")
    if isinstance(d, ast.Constant) and isinstance(d.value, str):
        return d.value
    names = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    if not names or len(names) != len(call.args):
        return None
    longs = [n for n in names if n.startswith("--")]
    if longs:
        return longs[0][2:].replace("-", "_")
    shorts = [n for n in names if n.startswith("-")]
    if shorts:
        return shorts[0][1:].replace("-", "_")
    return names[0]


def _plain_option(call: ast.Call) -> bool:
    """The option's value is a number, a bool or one of plain constant words."""
    t = _kw(call, "type")
    if isinstance(t, ast.Name) and t.id in ("int", "float"):
        return _plain_default(call)
    act = _kw(call, "action")
    if isinstance(act, ast.Constant) and act.value in ("store_true", "store_false", "count"):
        return _plain_default(call)
    ch = _kw(call, "choices")
    if isinstance(ch, (ast.List, ast.Tuple, ast.Set)) and ch.elts:
        return all(
            isinstance(x, ast.Constant) and _PLAIN_WORD.match(str(x.value)) is not None for x in ch.elts
        ) and _plain_default(call)
    return False


def _plain_default(call: ast.Call) -> bool:
    """The default (not converted by ``type=`` when it is not a string) is a constant
    number, bool, None or plain word, or absent."""
    d = _kw(call, "default")
    if d is None:
        return True
    if isinstance(d, ast.UnaryOp) and isinstance(d.op, ast.USub):
        d = d.operand
    return isinstance(d, ast.Constant) and (d.value is None or _PLAIN_WORD.match(str(d.value)) is not None)


def argparse_plain_dests(tree: ast.AST) -> frozenset:
    """The destinations every ``add_argument`` of the module declaring them gives a plain
    value (:func:`_plain_option`); a name declared once otherwise is left out."""
    plain: set = set()
    other: set = set()
    # astwalk.walk: ast.walk's nodes as a list, without its two generators a node (the whole
    # tree of every module that says add_argument; ~4x less CPU for the walk)
    for n in walk(tree):
        if not (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "add_argument"):
            continue
        d = _dest(n)
        if d is None:
            continue
        (plain if _plain_option(n) else other).add(d)
    return frozenset(plain - other)
