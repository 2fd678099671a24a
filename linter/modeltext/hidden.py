"""Hidden and deceptive characters in text a model reads (UL600-UL605).

Each detector takes a decoded string and returns :class:`Hidden` spans in
decoded-character indices (the rules map them to source offsets).  A span's
``decoded`` is the text it carries or hides, when there is one: the rules
report an error when hidden content decodes to text and a warning otherwise.

Legitimate uses are left alone, each named below: emoji flag tag sequences
(U+1F3F4 + tag letters + CANCEL TAG), ZWJ inside emoji sequences and ZWJ/ZWNJ
between letters of scripts that need them (Arabic, Indic, ...), ZWSP between
letters of scripts written without spaces (Thai, CJK, ...), a single variation
selector after its base character, bidi marks and isolates in right-to-left
text.
"""

from __future__ import annotations

import re
import unicodedata

from ..core.fieldwise import record, record_eq, record_repr
from ..core.lazyre import lazy_compile


@record(slots=True)
class Hidden:
    """A run of hidden characters in a string (``start``-``end``), what they are and what they hide."""

    start: int
    end: int
    what: str  # short description of the characters
    decoded: str | None = None  # the hidden text, when it decodes to text
    effect: str = ""  # what the characters do when shown

    def __init__(self, start: int, end: int, what: str, decoded: str | None = None, effect: str = "") -> None:
        self.start = start
        self.end = end
        self.what = what
        self.decoded = decoded
        self.effect = effect

    __repr__ = record_repr
    __eq__ = record_eq


def show(s: str, limit: int = 120) -> str:
    """A one-line, printable rendering of ``s`` (controls and invisibles as escapes)."""
    out = []
    cut = len(s) > limit
    s = s[:limit]  # characters past the limit are never shown
    for ch in s:
        if ch.isprintable() and ch not in "\\":
            out.append(ch)
        elif ch == "\\":
            out.append("\\\\")
        else:
            cp = ord(ch)
            out.append(f"\\x{cp:02x}" if cp < 0x100 else f"\\u{cp:04x}" if cp < 0x10000 else f"\\U{cp:08x}")
    r = "".join(out)
    return r[:limit] + "..." if cut or len(r) > limit else r


def _printable_text(s: str, min_len: int = 2) -> bool:
    """Does ``s`` read as text (mostly printable, at least ``min_len`` visible chars)?"""
    if not s:
        return False
    vis = sum(1 for c in s if c.isprintable() and not c.isspace())
    return vis >= min_len and sum(1 for c in s if c.isprintable()) >= 0.9 * len(s)


def script_of(ch: str) -> str:
    """A character's script, approximated by the first word of its Unicode name
    (LATIN, CYRILLIC, GREEK, ...); "" for characters without a script (digits,
    punctuation, symbols)."""
    cat = unicodedata.category(ch)
    if not cat.startswith("L"):
        return ""
    name = unicodedata.name(ch, "")
    if not name:
        return "UNKNOWN"
    if name.startswith("CJK") or name.startswith("IDEOGRAPHIC"):
        return "HAN"
    if name.startswith(("FULLWIDTH", "HALFWIDTH", "MATHEMATICAL")):
        return name.split(" ", 1)[0]
    return name.split(" ", 1)[0]


_NO_SPACE_SCRIPTS = {
    "THAI",
    "LAO",
    "KHMER",
    "MYANMAR",
    "TIBETAN",
    "HAN",
    "HIRAGANA",
    "KATAKANA",
    "BALINESE",
    "JAVANESE",
}
_JOINING_SCRIPTS = {
    "ARABIC",
    "SYRIAC",
    "DEVANAGARI",
    "BENGALI",
    "GURMUKHI",
    "GUJARATI",
    "ORIYA",
    "TAMIL",
    "TELUGU",
    "KANNADA",
    "MALAYALAM",
    "SINHALA",
    "MONGOLIAN",
    "NKO",
    "PERSIAN",
    "HEBREW",
    "KHMER",
    "MYANMAR",
    "TIBETAN",
}
_RTL_SCRIPTS = {"HEBREW", "ARABIC", "SYRIAC", "THAANA", "NKO", "SAMARITAN", "MANDAIC"}


# ---------------------------------------------------------------------------
# Unicode tag characters (U+E0000-U+E007F)
# ---------------------------------------------------------------------------


def is_tag(ch: str) -> bool:
    return 0xE0000 <= ord(ch) <= 0xE007F


def tag_runs(s: str) -> list[Hidden]:
    if s.isascii():
        return []
    out: list[Hidden] = []
    i, n = 0, len(s)
    while i < n:
        if not is_tag(s[i]):
            i += 1
            continue
        j = i
        while j < n and is_tag(s[j]):
            j += 1
        run = s[i:j]
        # emoji subdivision flags: U+1F3F4, tag letters/digits, U+E007F (e.g. Scotland)
        if (
            i > 0
            and s[i - 1] == "\U0001f3f4"
            and run[-1] == "\U000e007f"
            and 1 < len(run) <= 8
            and all(0xE0030 <= ord(c) <= 0xE0039 or 0xE0061 <= ord(c) <= 0xE007A for c in run[:-1])
        ):
            i = j
            continue
        text = "".join(chr(ord(c) - 0xE0000) for c in run if 0xE0020 <= ord(c) <= 0xE007E)
        out.append(
            Hidden(
                i,
                j,
                f"{len(run)} Unicode tag character(s)",
                decoded=text if _printable_text(text, 1) else None,
                effect="invisible when displayed",
            )
        )
        i = j
    return out


# ---------------------------------------------------------------------------
# Zero-width and other invisible characters
# ---------------------------------------------------------------------------

INVISIBLE = {
    0x200B: "ZERO WIDTH SPACE",
    0x200C: "ZERO WIDTH NON-JOINER",
    0x200D: "ZERO WIDTH JOINER",
    0x2060: "WORD JOINER",
    0x2061: "FUNCTION APPLICATION",
    0x2062: "INVISIBLE TIMES",
    0x2063: "INVISIBLE SEPARATOR",
    0x2064: "INVISIBLE PLUS",
    0xFEFF: "ZERO WIDTH NO-BREAK SPACE (BOM)",
    0x00AD: "SOFT HYPHEN",
    0x034F: "COMBINING GRAPHEME JOINER",
    0x115F: "HANGUL CHOSEONG FILLER",
    0x1160: "HANGUL JUNGSEONG FILLER",
    0x17B4: "KHMER VOWEL INHERENT AQ",
    0x17B5: "KHMER VOWEL INHERENT AA",
    0x180E: "MONGOLIAN VOWEL SEPARATOR",
    0x3164: "HANGUL FILLER",
    0xFFA0: "HALFWIDTH HANGUL FILLER",
}
for _cp in range(0x206A, 0x2070):  # deprecated format characters, invisible
    INVISIBLE[_cp] = unicodedata.name(chr(_cp), f"U+{_cp:04X}")
for _cp in range(0x1D173, 0x1D17B):  # musical symbol begin/end beam ... (format, invisible)
    INVISIBLE[_cp] = unicodedata.name(chr(_cp), f"U+{_cp:04X}")


def is_vs(cp: int) -> bool:
    return 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF


def _is_emojiish(ch: str) -> bool:
    cp = ord(ch)
    return (
        unicodedata.category(ch) in ("So", "Sk")
        or 0x1F000 <= cp <= 0x1FAFF
        or 0x1F3FB <= cp <= 0x1F3FF
        or is_vs(cp)
        or 0x2600 <= cp <= 0x27BF
    )


def _legit_joiner(s: str, i: int, j: int) -> bool:
    """A lone ZWJ/ZWNJ/ZWSP used as the writing system intends."""
    if j - i != 1:
        return False
    cp = ord(s[i])
    prev = s[i - 1] if i > 0 else ""
    nxt = s[j] if j < len(s) else ""
    if not prev or not nxt:
        return False
    if cp == 0x200D and _is_emojiish(prev) and _is_emojiish(nxt):
        return True
    ps, ns = script_of(prev) or _mark_script(prev), script_of(nxt) or _mark_script(nxt)
    if cp in (0x200C, 0x200D) and (ps in _JOINING_SCRIPTS or ns in _JOINING_SCRIPTS):
        return True
    if cp == 0x200B and (ps in _NO_SPACE_SCRIPTS or ns in _NO_SPACE_SCRIPTS):
        return True
    return False


def _mark_script(ch: str) -> str:
    # combining vowel signs of Indic scripts are category Mc/Mn: use their name
    if unicodedata.category(ch).startswith("M"):
        return unicodedata.name(ch, " ").split(" ", 1)[0]
    return ""


def _decode_binary(run: str) -> str | None:
    """Zero-width steganography: a run of exactly two distinct invisible
    characters read as bits (8 per character, either assignment)."""
    kinds = sorted(set(run))
    if len(kinds) != 2 or len(run) < 16:
        return None
    for zero, _one in ((kinds[0], kinds[1]), (kinds[1], kinds[0])):
        bits = "".join("0" if c == zero else "1" for c in run)
        usable = len(bits) - len(bits) % 8
        data = bytes(int(bits[k : k + 8], 2) for k in range(0, usable, 8))
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if _printable_text(text, 2):
            return text
    return None


def _decode_vs(run: str) -> str | None:
    """Variation-selector smuggling: each selector is one byte
    (U+FE00-FE0F -> 0-15, U+E0100-E01EF -> 16-255)."""
    data = bytes((ord(c) - 0xFE00) if ord(c) <= 0xFE0F else (ord(c) - 0xE0100 + 16) for c in run)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text if _printable_text(text, 2) else None


def invisible_runs(s: str) -> list[Hidden]:
    if s.isascii() and "\u00ad" not in s:
        return []
    out: list[Hidden] = []
    i, n = 0, len(s)
    while i < n:
        cp = ord(s[i])
        if is_vs(cp):
            j = i
            while j < n and is_vs(ord(s[j])):
                j += 1
            # one selector after its base character is how emoji/CJK variants are written
            if j - i >= 2 or i == 0:
                run = s[i:j]
                out.append(
                    Hidden(
                        i,
                        j,
                        f"{j - i} variation selector(s)",
                        decoded=_decode_vs(run),
                        effect="invisible when displayed",
                    )
                )
            i = j
            continue
        if cp not in INVISIBLE or (cp == 0xFEFF and i == 0 and n == 1):
            i += 1
            continue
        j = i
        while j < n and ord(s[j]) in INVISIBLE:
            j += 1
        if _legit_joiner(s, i, j) or (
            j - i == 1 and cp == 0x00AD and 0 < i and j < n and s[i - 1].isalpha() and s[j].isalpha()
        ):
            i = j
            continue
        run = s[i:j]
        names = sorted({INVISIBLE[ord(c)] for c in run})
        what = (
            f"{len(run)} invisible characters ({', '.join(names[:3])}{', ...' if len(names) > 3 else ''})"
            if len(run) > 1
            else f"invisible character U+{cp:04X} {INVISIBLE[cp]}"
        )
        out.append(Hidden(i, j, what, decoded=_decode_binary(run), effect="invisible when displayed"))
        i = j
    return out


# ---------------------------------------------------------------------------
# Bidirectional controls
# ---------------------------------------------------------------------------

BIDI = {
    0x202A: "LEFT-TO-RIGHT EMBEDDING",
    0x202B: "RIGHT-TO-LEFT EMBEDDING",
    0x202C: "POP DIRECTIONAL FORMATTING",
    0x202D: "LEFT-TO-RIGHT OVERRIDE",
    0x202E: "RIGHT-TO-LEFT OVERRIDE",
    0x2066: "LEFT-TO-RIGHT ISOLATE",
    0x2067: "RIGHT-TO-LEFT ISOLATE",
    0x2068: "FIRST STRONG ISOLATE",
    0x2069: "POP DIRECTIONAL ISOLATE",
    0x200E: "LEFT-TO-RIGHT MARK",
    0x200F: "RIGHT-TO-LEFT MARK",
    0x061C: "ARABIC LETTER MARK",
}
_OVERRIDES = (0x202D, 0x202E)
_MARKS = (0x200E, 0x200F, 0x061C)


def bidi_runs(s: str) -> list[Hidden]:
    if s.isascii() or not any(ord(c) in BIDI for c in s):
        return []
    rtl_text = any(script_of(c) in _RTL_SCRIPTS for c in s)
    out: list[Hidden] = []
    i, n = 0, len(s)
    while i < n:
        cp = ord(s[i])
        if cp not in BIDI or (rtl_text and cp not in _OVERRIDES):
            i += 1  # in RTL text marks, embeddings and isolates are how mixed-direction text is written
            continue
        j = i
        while j < n and ord(s[j]) in BIDI and not (rtl_text and ord(s[j]) not in _OVERRIDES):
            j += 1
        run = s[i:j]
        decoded = None
        effect = "changes the display order of the text around it"
        if "\u202e" in run:
            # the text up to the matching PDF (or the end of the line) displays reversed;
            # bounded look-ahead: the message shows at most this much
            limit = min(n, j + 200)
            ends = [e for e in (s.find("\u202c", j, limit), s.find("\n", j, limit)) if e != -1]
            seg = s[j : min(ends) if ends else limit]
            if sum(1 for c in seg[:8] if c.isprintable() and not c.isspace()) >= 2:
                decoded = seg
                effect = f"it is displayed reversed, as '{show(seg[::-1], 60)}'"
        names = ", ".join(f"U+{ord(c):04X} {BIDI[ord(c)]}" for c in dict.fromkeys(run))
        what = (
            f"bidirectional control {names}" if len(run) == 1 else f"{len(run)} bidirectional controls ({names[:120]})"
        )
        out.append(Hidden(i, j, what, decoded=decoded, effect=effect))
        i = j
    return out


# ---------------------------------------------------------------------------
# Terminal escapes and control characters
# ---------------------------------------------------------------------------

_CSI_RE = lazy_compile(r"(?:\x1b\[|\x9b)([0-?]*)([ -/]*)([@-~])")
_OSC_RE = lazy_compile(r"(?:\x1b\]|\x9d)(.*?)(?:\x07|\x1b\\|\x9c|(?=\n)|\Z)", re.S)
_ESC_OTHER_RE = lazy_compile(r"\x1b[ -/]*[0-~]?")
_CTRL = {chr(c) for c in list(range(0x00, 0x20)) + list(range(0x7F, 0xA0))} - {"\t", "\n", "\r"}
_HIDING_CSI = set("ABCDEFGHJKSTfsu")  # cursor moves, erase, scroll, save/restore


_CTRL_RX = lazy_compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def control_runs(s: str) -> list[Hidden]:
    if s.isprintable() or _CTRL_RX.search(s) is None:
        return []
    out: list[Hidden] = []
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c == "\r":
            # a carriage return not followed by a newline: the next text overwrites the line
            if i + 1 < n and s[i + 1] != "\n":
                line_end = s.find("\n", i + 1)
                rest = s[i + 1 : line_end if line_end != -1 else n]
                before = s[s.rfind("\n", 0, i) + 1 : i]
                hidden = before[: len(rest)] if rest.strip() else None
                out.append(
                    Hidden(
                        i,
                        i + 1,
                        "carriage return not followed by a newline",
                        decoded=hidden if hidden and hidden.strip() else None,
                        effect="in a terminal the text after it overwrites the start of the line",
                    )
                )
            i += 1
            continue
        if c not in _CTRL:
            i += 1
            continue
        m = _CSI_RE.match(s, i)
        if m:
            params, final = m.group(1), m.group(3)
            seq = m.group(0)
            decoded = None
            effect = "styles the text in a terminal"
            if final == "m" and "8" in params.replace(";", " ").split():
                k = s.find("\x1b", m.end())
                concealed = s[m.end() : k if k != -1 else n]
                decoded = concealed if concealed.strip() else None
                effect = "conceals the text after it in a terminal"
            elif final in _HIDING_CSI:
                before = s[:i]
                decoded = before[-60:] if before.strip() else None
                effect = "moves the cursor or erases in a terminal, so the text before it can be hidden or overwritten"
            out.append(Hidden(i, m.end(), f"ANSI escape sequence '{show(seq)}'", decoded=decoded, effect=effect))
            i = m.end()
            continue
        m = _OSC_RE.match(s, i)
        if m:
            body = m.group(1)
            decoded = None
            effect = "an operating-system command to the terminal"
            if body.startswith("52;"):
                decoded = body
                effect = "writes to the clipboard of the terminal that shows it (OSC 52)"
            elif body.startswith("8;") and body.split(";", 2)[-1] == "":
                effect = "ends a terminal hyperlink"
            elif body.startswith("8;"):
                target = body.split(";", 2)[-1]
                effect = f"a terminal hyperlink to '{show(target)}' whose visible text can say anything"
                decoded = target or None
            elif body[:2] in ("0;", "1;", "2;"):
                effect = "sets the terminal window title"
            out.append(
                Hidden(i, m.end(), f"terminal escape sequence '{show(m.group(0))}'", decoded=decoded, effect=effect)
            )
            i = m.end()
            continue
        if c == "\x1b":
            m = _ESC_OTHER_RE.match(s, i)
            end = max(m.end(), i + 1)  # type: ignore[union-attr]  # s[i] is ESC: the pattern matches
            out.append(Hidden(i, end, f"escape sequence '{show(s[i:end])}'", effect="interpreted by a terminal"))
            i = end
            continue
        if c == "\b":
            j = i
            while j < n and s[j] == "\b":
                j += 1
            before = s[max(0, i - (j - i)) : i]
            out.append(
                Hidden(
                    i,
                    j,
                    f"{j - i} backspace character(s)",
                    decoded=before if before.strip() and j < n else None,
                    effect="in a terminal the text after it overwrites the text before it",
                )
            )
            i = j
            continue
        j = i
        while j < n and s[j] in _CTRL and s[j] not in "\x1b\b\x9b\x9d":
            j += 1
        j = max(j, i + 1)
        out.append(
            Hidden(i, j, f"control character(s) '{show(s[i:j])}'", effect="invisible or interpreted by a terminal")
        )
        i = j
    return out


# ---------------------------------------------------------------------------
# Confusable names
# ---------------------------------------------------------------------------

# Letters that render like ASCII letters in common fonts (a curated subset of
# Unicode's confusables.txt covering Cyrillic, Greek, Armenian, Cherokee and
# Latin look-alikes; fullwidth and mathematical forms are folded by NFKC).
_CONFUSABLE = {
    # Cyrillic
    "а": "a",
    "в": "b",
    "с": "c",
    "ԁ": "d",
    "е": "e",
    "ҽ": "e",
    "һ": "h",
    "і": "i",
    "ӏ": "l",
    "ј": "j",
    "к": "k",
    "м": "m",
    "н": "h",
    "о": "o",
    "р": "p",
    "ԛ": "q",
    "ѕ": "s",
    "т": "t",
    "у": "y",
    "ԝ": "w",
    "х": "x",
    "ү": "y",
    "ѵ": "v",
    "ɡ": "g",
    "ԍ": "g",
    "ӓ": "a",
    "ё": "e",
    "ї": "i",
    # Greek
    "α": "a",
    "β": "b",
    "ε": "e",
    "η": "n",
    "ι": "i",
    "κ": "k",
    "ν": "v",
    "ο": "o",
    "ρ": "p",
    "τ": "t",
    "υ": "u",
    "χ": "x",
    "γ": "y",
    "ω": "w",
    "ϲ": "c",
    "ϳ": "j",
    "ϱ": "p",
    # Armenian, Cherokee, Latin extensions
    "օ": "o",
    "ս": "u",
    "հ": "h",
    "ո": "n",
    "ց": "g",
    "զ": "q",
    "ɑ": "a",
    "ı": "i",
    "ȷ": "j",
    "ʟ": "l",
    "ɩ": "i",
    "ᴀ": "a",
    "ᴄ": "c",
    "ᴏ": "o",
    "ᴜ": "u",
    "ᴠ": "v",
    "ᴡ": "w",
    "ᴢ": "z",
    "ℓ": "l",
    "ǀ": "l",
    "ꮃ": "w",
    "ꭰ": "d",
    "ꮪ": "s",
    # digits and ASCII look-alikes
    "0": "o",
    "1": "l",
    "|": "l",
    "ǃ": "l",
    "٠": "o",
    "۰": "o",
}
_MULTI = (("rn", "m"), ("vv", "w"), ("cl", "d"))


def skeleton(name: str) -> str:
    """A name reduced to what it looks like: NFKC, case-folded, confusable
    letters mapped to their ASCII look-alike, ``rn``->``m`` and similar."""
    s = unicodedata.normalize("NFKC", name).casefold()
    s = "".join(
        ch for ch in s if ord(ch) not in INVISIBLE and ord(ch) not in BIDI and not is_tag(ch) and not is_vs(ord(ch))
    )
    s = "".join(
        _CONFUSABLE.get(ch, ch)
        for ch in unicodedata.normalize("NFD", s)
        if not unicodedata.category(ch).startswith("M")
    )
    s = s.replace("i", "l")  # I / l / 1 / i look alike in many fonts once case is folded
    for a, b in _MULTI:
        s = s.replace(a, b)
    return s


def scripts_in(name: str) -> list[str]:
    seen: list[str] = []
    for ch in name:
        sc = script_of(ch)
        if sc and sc not in seen:
            seen.append(sc)
    return seen


__all__ = [
    "Hidden",
    "show",
    "tag_runs",
    "invisible_runs",
    "bidi_runs",
    "control_runs",
    "skeleton",
    "scripts_in",
    "script_of",
]
