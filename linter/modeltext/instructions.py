"""Instructions aimed at the model, in text the model reads (UL620-UL625).

A curated phrase and pattern set, each entry with a confidence level and the
reason it is there.  The patterns were written against the published
tool-poisoning examples (Invariant Labs' "tool poisoning" and "shadowing"
write-ups, the MCP security notes, prompt-injection corpora) and then run on
every description, title and schema text of ``../shared/corpus`` (the
real-world manuals and the manuals extracted from the UTCP docs), which must
stay silent (tests/test_model_instructions.py counts them).  Design notes and
the false-positive strategy: docs/design/tool-poisoning.md.

How a false positive is avoided:

* **Imperative, not descriptive.** "Ignore previous instructions" addresses the
  model; "Reads ~/.ssh/config" describes a tool.  Data-access patterns need a
  directive verb in the base form at a sentence start (after optional "first",
  "please", "always", "you must", ...) or a passing construction ("pass ... as",
  "include ... in").
* **Related to the tool.** A sensitive target (``~/.ssh``, ``.env``, the
  conversation, an API key) is not reported when the tool itself is about it:
  its name, its other text or the property's own name mention the same
  concept (an ``ssh_hosts`` tool may read ``~/.ssh/config``, a ``summarize``
  tool may ask for the conversation, an ``api_key`` parameter for your key).
* **Exact phrases.** "ignore case", "ignore files matching", "do not use for
  large files" do not match: the object of "ignore" must be instructions,
  prompts, rules, the system, other tools.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from ..core.fieldwise import record, record_eq, record_repr
from ..core.lazyre import compile_pattern, lazy_compile
from .hidden import BIDI, INVISIBLE, is_tag, is_vs

_F = re.IGNORECASE


class _LazyRegex:
    """A pattern compiled on first use: a document whose text passes the
    prefilters never compiles the sets (≈15 ms of every cold start, issue 15)."""

    __slots__ = ("pattern", "flags", "_rx")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern, self.flags = pattern, flags
        self._rx: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        if self._rx is None:
            self._rx = compile_pattern(self.pattern, self.flags)
        return self._rx

    def search(self, text: str, *args: int) -> re.Match[str] | None:
        return self.compiled().search(text, *args)

    def finditer(self, text: str, *args: int) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(text, *args)


class Pattern(NamedTuple):
    """An instruction pattern: its id, regular expression, confidence and the reason it is reported."""

    id: str
    regex: _LazyRegex
    confidence: str  # high | medium
    why: str


def _p(id_, rx, confidence, why, flags=_F):
    return Pattern(id_, _LazyRegex(rx, flags), confidence, why)


_IMPERATIVE_LEAD = (
    r"(?:^|(?<=[.!?:;\n>\]])\s*|\b(?:and|then|also|first(?:ly)?|please|always|now|but|"
    r"you\s+(?:must|should|need\s+to|have\s+to|will)|make\s+sure\s+(?:to|you)|"
    r"remember\s+to|be\s+sure\s+to|it\s+is\s+(?:required|mandatory)\s+to)(?:\s*,)?\s+)"
)

# ---------------------------------------------------------------------------
# UL620: ignore / override other instructions or tools
# ---------------------------------------------------------------------------
OVERRIDE = [
    _p(
        "ignore-instructions",
        r"\b(?:ignore|disregard|forget|override|bypass|discard)\s+(?:all\s+|any\s+|the\s+|your\s+|every\s+|of\s+)*"
        r"(?:previous|prior|above|earlier|preceding|former|other|existing|original|system|safety|developer|"
        r"user'?s?)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|guidance|messages|"
        r"context|tools?|constraints|policies|safeguards)\b",
        "high",
        "tells the model to drop the instructions or tools it was given",
    ),
    _p(
        "forget-everything",
        r"\b(?:ignore|disregard|forget)\s+(?:everything|all)\s+(?:you\s+(?:were|have\s+been)\s+told|above|"
        r"before|previously|else)\b",
        "high",
        "tells the model to drop what it was told",
    ),
    _p(
        "mode-switch",
        r"\byou\s+are\s+now\s+(?:in\s+)?(?:a\s+|an\s+)?(?:developer|admin(?:istrator)?|god|jailbr[eo]ak(?:en)?|dan|"
        r"unrestricted|unfiltered|root)\s*(?:mode)?\b",
        "high",
        "re-assigns the model's role",
    ),
    _p(
        "new-instructions",
        r"\b(?:new|updated|revised|real|actual|true)\s+(?:system\s+)?instructions?\s*:",
        "medium",
        "introduces replacement instructions",
    ),
    _p(
        "precedence",
        r"\b(?:takes?|has|have)\s+(?:absolute\s+)?(?:precedence|priority)\s+over\s+(?:all\s+|any\s+)?"
        r"(?:other|previous|system|user|the\s+user'?s?)\b",
        "medium",
        "claims priority over the instructions the model was given",
    ),
    _p(
        "do-not-follow",
        r"\b(?:do\s+not|don'?t|never)\s+(?:follow|obey|listen\s+to|comply\s+with)\s+(?:the\s+|any\s+)?"
        r"(?:user|system|previous|prior|other|safety)\b",
        "high",
        "tells the model to disobey",
    ),
]

# ---------------------------------------------------------------------------
# UL621: hide actions from the user
# ---------------------------------------------------------------------------
_TELL = (
    r"(?:tell|inform|notify|alert|mention|reveal|show|disclose|report|explain|let\s+(?:the\s+)?user\s+know|"
    r"warn)"
)  # not "ask": "don't ask the user for input" asks for autonomy, it hides nothing
CONCEAL = [
    _p(
        "do-not-tell-user",
        _IMPERATIVE_LEAD + r"(?:do\s+not|don'?t|never|avoid)\s+" + _TELL + r"(?:ing)?\s+(?:this\s+|it\s+|anything\s+|"
        r"that\s+|about\s+(?:this|it)\s+)?(?:to\s+)?(?:the\s+)?(?:user|human|operator|person)\b",
        "high",
        "tells the model to keep something from the user",
    ),
    _p(
        "do-not-mention-this",
        _IMPERATIVE_LEAD + r"(?:do\s+not|don'?t|never)\s+(?:mention|reveal|disclose|acknowledge)\s+"
        r"(?:this|that|these|it|the\s+fact|any\s+of\s+this)\b",
        "high",
        "tells the model to keep something quiet",
    ),
    _p(
        "without-telling",
        r"\bwithout\s+(?:telling|informing|notifying|alerting|letting)\s+(?:the\s+)?(?:user|human|operator)\b",
        "medium",
        "asks for an action the user is not told about",
    ),
    _p(
        "hide-from-user",
        r"\b(?:hide|conceal|keep)\s+(?:this|it|these|that|the\s+\w+(?:\s+\w+)?)\s+(?:secret\s+)?from\s+"
        r"(?:the\s+)?(?:user|human|operator)\b",
        "high",
        "tells the model to hide something from the user",
    ),
    _p(
        "user-must-not-know",
        r"\b(?:the\s+)?user\s+(?:must|should|need|may)\s+(?:not|never)\s+(?:know|see|notice|find\s+out|learn|"
        r"be\s+(?:told|informed|aware|notified))\b",
        "high",
        "keeps the user uninformed",
    ),
    _p(
        "implementation-detail",
        r"\b(?:this\s+is\s+)?(?:a\s+)?(?:mere|just\s+an?|only\s+an?)\s+implementation\s+detail\b.{0,40}?"
        r"\b(?:user|mention|tell)\b",
        "medium",
        "the cover story of the published shadowing attack",
    ),
]

# ---------------------------------------------------------------------------
# UL622: impersonated system / developer messages
# ---------------------------------------------------------------------------
IMPERSONATION = [
    _p(
        "pseudo-tag",
        r"<\s*/?\s*(?:system|important|instructions?|admin|developer|assistant|sys|system[-_ ]?(?:prompt|message)|"
        r"secret|hidden|critical|priority|override)\s*>",
        "high",
        "a chat-template or pseudo-XML tag the model treats as a privileged message",
    ),
    _p(
        "chat-template-token",
        r"<\|\s*(?:im_start|im_end|system|endoftext|start_header_id|end_header_id|eot_id|user|assistant)\s*\|>|"
        r"\[/?(?:INST|SYS)\]|<<\s*/?SYS\s*>>",
        "high",
        "a model's chat-template control token",
    ),
    _p(
        "role-header",
        r"(?m)(?:^|(?<=[.!?] ))[ \t]*(?:#{1,6}[ \t]*)?(?:SYSTEM|DEVELOPER|ADMIN)(?:[ \t]+(?:MESSAGE|PROMPT|NOTE|OVERRIDE))?[ \t]*:",
        "medium",
        "a line posing as a system or developer message",
        flags=0,
    ),
    _p(
        "role-message",
        r"\b(?:system|developer|administrator)\s+(?:message|prompt|override|directive)\s*:",
        "high",
        "text posing as a system or developer message",
    ),
]

# ---------------------------------------------------------------------------
# UL623 / UL625: sensitive data targets
# ---------------------------------------------------------------------------


class Target(NamedTuple):
    """A sensitive-data target (UL623/UL625): a file, the conversation or a secret, and the
    words that relate it to a tool."""

    id: str
    regex: _LazyRegex
    kind: str  # file | conversation | secret
    concepts: tuple  # words whose presence in the tool's own text makes the target related
    what: str


def _t(id_, rx, kind, concepts, what):
    return Target(id_, _LazyRegex(rx, _F), kind, tuple(concepts), what)


TARGETS = [
    _t(
        "ssh",
        r"~?/?\.ssh\b(?:/[\w.-]+)?|\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?:\.pub)?|\bauthorized_keys\b",
        "file",
        ("ssh", "key", "keys", "sftp", "scp"),
        "SSH keys",
    ),
    _t(
        "dotenv",
        r"(?<![\w/.-])(?:~/|\./)?\.env(?:\.[\w-]+)?\b(?![\w-])",
        "file",
        ("env", "dotenv", "environment"),
        "the .env file",
    ),
    _t(
        "cloud-creds",
        r"\.aws/(?:credentials|config)\b|\.kube/config\b|\.docker/config\.json\b|"
        r"\.config/gcloud\b|\.azure/\b",
        "file",
        ("aws", "kube", "kubernetes", "docker", "gcloud", "azure"),
        "cloud credentials",
    ),
    _t(
        "dotfiles",
        r"(?<![\w-])\.(?:netrc|npmrc|pypirc|git-credentials|pgpass|bash_history|zsh_history|gnupg)\b",
        "file",
        ("npm", "pypi", "git", "netrc", "postgres", "history", "gpg", "gnupg"),
        "credential files",
    ),
    _t(
        "agent-config",
        r"\bmcp\.json\b|\.cursor/|\bclaude_desktop_config\.json\b|\butcp_config\.json\b|"
        r"\.utcp_config\.json\b",
        "file",
        ("mcp", "cursor", "claude"),
        "the agent's configuration",
    ),
    _t(
        "system-files",
        r"/etc/(?:passwd|shadow|sudoers)\b|\bwallet\.dat\b|\bkeychain\b",
        "file",
        ("passwd", "user", "users", "wallet", "keychain", "account"),
        "system credential files",
    ),
    _t(
        "conversation",
        r"\b(?:(?:full|entire|whole|complete|previous|prior|past|earlier|the\s+rest\s+of\s+the|"
        r"this)\s+(?:conversation|chat|dialog(?:ue)?|messages|transcript)(?:\s+history)?|"
        r"all\s+(?:of\s+)?(?:the\s+|this\s+|our\s+)?(?:conversation|chat|previous\s+messages)|"
        r"(?:conversation|chat|message|dialog(?:ue)?)\s+(?:history|log|transcript)|"
        r"(?:your|the)\s+system\s+prompt|system\s+prompt|(?:your|the\s+model'?s?)\s+(?:instructions|context\s+window)|"
        r"(?:previous|prior|other)\s+tool\s+(?:calls|results|outputs|responses))\b",
        "conversation",
        (
            "conversation",
            "chat",
            "history",
            "message",
            "messages",
            "transcript",
            "summarize",
            "summary",
            "summarise",
            "prompt",
            "dialog",
            "dialogue",
            "memory",
            "transcribe",
        ),
        "the conversation",
    ),
    _t(
        "secret",
        r"\b(?:your|the\s+user'?s|all|any|every|their|my|available|stored)\s+(?:\w+\s+){0,2}?"
        r"(?:api[\s_-]?keys?|passwords?|secrets?|(?:access\s+|auth\s+|bearer\s+)?tokens?|credentials|"
        r"private\s+keys?|ssh\s+keys?|env(?:ironment)?\s+variables|cookies|session\s+ids?)\b",
        "secret",
        (
            "key",
            "keys",
            "token",
            "tokens",
            "password",
            "passwords",
            "secret",
            "secrets",
            "credential",
            "credentials",
            "auth",
            "authentication",
            "login",
            "cookie",
            "cookies",
            "session",
            "env",
            "vault",
            "environment",
            "variables",
            "apikey",
            "api_key",
        ),
        "secrets",
    ),
]

_SET_NAMES = {id(OVERRIDE): "override", id(CONCEAL): "conceal", id(IMPERSONATION): "impersonation"}

_VERBS = (
    r"read|cat|open|load|fetch|get|grab|collect|gather|extract|copy|include|attach|append|embed|pass|send|"
    r"forward|upload|post|transmit|exfiltrate|provide|supply|put|paste|insert|add|list|dump|print|output|"
    r"leak|share|email|give|enter|fill\s+in|write"
)
DIRECTIVE = _LazyRegex(_IMPERATIVE_LEAD + r"(?:" + _VERBS + r")\b", _F)
PASSING = _LazyRegex(
    r"\b(?:pass|send|include|attach|forward|upload|post|put|paste|insert|embed|append|"
    r"provide|supply|give)\b[^.!?\n]{0,80}?\b(?:as|in|into|to|with|via|inside|here)\b",
    _F,
)
FILL = _LazyRegex(r"\b(?:" + _VERBS + r"|contents?\s+of|value\s+of|here)\b", _F)

# ---------------------------------------------------------------------------
# UL624: shadowing another tool
# ---------------------------------------------------------------------------
_Q = r"[`'\"]?"
SHADOW_TEMPLATES = [
    (
        "instead-of",
        r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:using\s+|calling\s+|invoking\s+)?"
        r"(?:the\s+)?" + _Q + "{N}" + _Q,
        "redirects calls meant for '{n}' to this tool",
    ),
    (
        "do-not-use",
        r"\b(?:do\s+not|don'?t|never|must\s+not)\s+(?:use|call|invoke|run|trust)\s+(?:the\s+)?" + _Q + "{N}" + _Q,
        "tells the model not to use '{n}'",
    ),
    (
        "other-tool-must",
        _Q + "{N}" + _Q + r"\s+(?:tool\s+)?(?:must|should|shall|has\s+to|needs\s+to|will)\s+"
        r"(?:now\s+|always\s+|only\s+|also\s+)?(?:send|be\s+(?:called|used|given|sent)|use|call|"
        r"include|forward|redirect|route|go|receive|bcc|cc|point|write)",
        "changes how '{n}' behaves",
    ),
    (
        "side-effect",
        r"\b(?:side[\s-]effects?|effects?|impact)\s+on\s+(?:the\s+)?(?:also\s+present\s+)?" + _Q + "{N}" + _Q,
        "claims to change how '{n}' behaves",
    ),
    (
        "when-other-called",
        r"\b(?:when(?:ever)?|before|after|each\s+time)\s+(?:the\s+)?(?:user\s+)?(?:you\s+)?"
        r"(?:use|uses|call|calls|invoke|invokes|using|calling|invoking|run|runs)\s+(?:the\s+)?"
        + _Q
        + "{N}"
        + _Q
        + r"[^.!?\n]{0,80}?\b(?:call|use|run|invoke|send|pass|include|add)\b",
        "hooks calls to '{n}'",
    ),
]
# An identifier (``send_email``, ``github.create_issue``, ``fetch-url``), matched atomically: the
# lookahead captures it once and the backreference consumes it, so a long identifier that does not
# complete the template cannot make the engine try every way of splitting it (Python 3.10 has no
# possessive quantifiers).  Whether it names a tool is decided after matching (see shadowing()).
_FOREIGN_TOOL = r"(?<![\w.-])(?=(?P<ident>[A-Za-z_][\w-]*(?:\.[\w-]+)*))(?P=ident)"


@record(slots=True)
class Match:
    """One instruction pattern found in model-facing text (``start``-``end`` in that text)."""

    start: int
    end: int
    pattern_id: str
    confidence: str
    why: str
    target: str | None = None  # a tool name or target description

    def __init__(
        self, start: int, end: int, pattern_id: str, confidence: str, why: str, target: str | None = None
    ) -> None:
        self.start = start
        self.end = end
        self.pattern_id = pattern_id
        self.confidence = confidence
        self.why = why
        self.target = target

    __repr__ = record_repr
    __eq__ = record_eq


# ---------------------------------------------------------------------------
# matching helpers
# ---------------------------------------------------------------------------

_HIDDEN_CLASS = lazy_compile(
    "["
    + "".join(re.escape(chr(c)) for c in sorted(set(INVISIBLE) | set(BIDI)))
    + "\U000e0000-\U000e007f\ufe00-\ufe0f\U000e0100-\U000e01ef]"
)


def visible(s: str) -> tuple[str, list[int] | None]:
    """``s`` without invisible/bidi/tag/variation characters (a zero-width
    space cannot split a keyword past the patterns), and the map from each
    kept character back to its index in ``s`` (None: nothing was removed).
    Every character it removes is outside ASCII, so ASCII text is returned as it is."""
    if s.isascii() or _HIDDEN_CLASS.search(s) is None:
        return s, None
    keep, idx = [], []
    for i, ch in enumerate(s):
        cp = ord(ch)
        if cp in INVISIBLE or cp in BIDI or is_tag(ch) or is_vs(cp):
            continue
        keep.append(ch)
        idx.append(i)
    idx.append(len(s))
    return "".join(keep), idx


_SENTENCE_END = lazy_compile(r"[.!?](?=\s|$)|\n")


def _sentences(text: str):
    """(start, end) of each sentence (split at . ! ? and newlines, not inside paths like ``~/.ssh``)."""
    out, start = [], 0
    for m in _SENTENCE_END.finditer(text):
        out.append((start, m.end()))
        start = m.end()
    if start < len(text):
        out.append((start, len(text)))
    return out


# Cheap prefilters: a text with none of these words cannot match any pattern of the set
# (each pattern of the set needs one of them), so the set's regexes are not run at all.
_PREFILTER = {
    "override": (
        "ignore",
        "disregard",
        "forget",
        "override",
        "bypass",
        "discard",
        "you are now",
        "instruction",
        "precedence",
        "priority",
        "follow",
        "obey",
        "listen",
        "comply",
    ),
    "conceal": (
        "tell",
        "inform",
        "notify",
        "alert",
        "mention",
        "reveal",
        "show",
        "disclos",
        "report",
        "explain",
        "know",
        "ask",
        "warn",
        "hide",
        "conceal",
        "keep",
        "acknowledge",
        "implementation",
    ),
    "impersonation": ("<", "[", "system", "developer", "admin"),
}
# Secret files and stores a target names (lower-case substrings); the directive
# analysis (linter/directives) reads the same list.
SECRET_PATH_NEEDLES = (
    ".ssh",
    "id_",
    "authorized_keys",
    ".env",
    ".aws",
    ".kube",
    ".docker",
    "gcloud",
    ".azure",
    ".netrc",
    ".npmrc",
    ".pypirc",
    ".git-credentials",
    ".pgpass",
    "_history",
    ".gnupg",
    "mcp.json",
    ".cursor/",
    "claude_desktop",
    "utcp_config",
    "/etc/",
    "wallet.dat",
    "keychain",
)
# Every target pattern needs one of these (lower-case) substrings.
_TARGET_NEEDLES = SECRET_PATH_NEEDLES + (
    "conversation",
    "chat",
    "dialog",
    "messages",
    "transcript",
    "prompt",
    "instructions",
    "context window",
    "tool calls",
    "tool results",
    "tool outputs",
    "tool responses",
    "history",
    "log",
    "key",
    "password",
    "secret",
    "token",
    "credential",
    "variables",
    "cookie",
    "session",
)


# Per pattern and per target: groups of lower-case needles, each group of which an ASCII text
# must contain (in its folded form, below) for the pattern (target) to match in it: a necessary
# condition, so the regex is not run where one group is missing (tests/test_ul6_prefilters.py
# checks that every match of the fixtures, the corpus and the poisoning bench holds its needles).
_NOT = ("not", "don", "never")
_WHO = ("user", "human", "operator")
_PATTERN_NEEDLES: dict[str, tuple[tuple[str, ...], ...]] = {
    # UL620
    "ignore-instructions": (("ignore", "disregard", "forget", "override", "bypass", "discard"),),
    "forget-everything": (("ignore", "disregard", "forget"),),
    "mode-switch": (("you",), ("are",), ("now",)),
    "new-instructions": (("instruction",), (":",)),
    "precedence": (("precedence", "priority"), ("over",)),
    "do-not-follow": (_NOT, ("follow", "obey", "listen", "comply")),
    # UL621
    "do-not-tell-user": (_NOT + ("avoid",), _WHO + ("person",)),
    "do-not-mention-this": (_NOT, ("mention", "reveal", "disclose", "acknowledge")),
    "without-telling": (("without",), _WHO),
    "hide-from-user": (("hide", "conceal", "keep"), ("from",), _WHO),
    "user-must-not-know": (("user",), ("not", "never")),
    "implementation-detail": (("implementation",), ("user", "mention", "tell")),
    # UL622 (role-header is case-sensitive: its upper-case words, lowered, are still needed)
    "pseudo-tag": (("<",),),
    "chat-template-token": (("<", "["),),
    "role-header": (("system", "developer", "admin"), (":",)),
    "role-message": (("system", "developer", "administrator"), (":",)),
}
_TARGET_NEEDLES_BY_ID: dict[str, tuple[str, ...]] = {
    "ssh": (".ssh", "id_", "authorized_keys"),
    "dotenv": (".env",),
    "cloud-creds": (".aws/", ".kube/", ".docker/", ".config/gcloud", ".azure/"),
    "dotfiles": (".netrc", ".npmrc", ".pypirc", ".git-credentials", ".pgpass", "_history", ".gnupg"),
    "agent-config": ("mcp.json", ".cursor/", "claude_desktop_config.json", "utcp_config.json"),
    "system-files": ("/etc/", "wallet.dat", "keychain"),
    "conversation": (
        "conversation",
        "chat",
        "dialog",
        "message",
        "transcript",
        "prompt",
        "instructions",
        "context",
        "tool",
    ),
    "secret": ("key", "password", "secret", "token", "credential", "variables", "cookie", "session"),
}


# The characters outside ASCII that an ASCII letter of an IGNORECASE pattern matches, mapped to
# that letter (found over every code point; tests/test_ul6_prefilters.py checks the list).  U+0130
# is also the one character whose str.lower() is two characters long, so a folded text keeps the
# offsets of its text, and a needle is a necessary condition of a match in any text.
_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


def folded(text: str) -> str:
    """``text`` lower-cased for the needles: same length, and every character an ASCII letter
    of an IGNORECASE pattern matches is that letter."""
    return text.lower() if text.isascii() else text.translate(_FOLD).lower()


def _holds(low: str, groups: tuple[tuple[str, ...], ...]) -> bool:
    # every group has a needle in ``low`` (plain loops: no generator per pattern and text)
    for g in groups:
        for n in g:
            if n in low:
                break
        else:
            return False
    return True


def _has_any(text: str, needles) -> bool:
    low = text.lower()
    for n in needles:
        if n in low:
            return True
    return False


def _has_any_low(low: str, needles) -> bool:
    for n in needles:
        if n in low:
            return True
    return False


_CLI_PLACEHOLDER = lazy_compile(r"(?<![\w-])--?[A-Za-z][\w-]*[ =]\Z")


def find(patterns, text: str) -> list[Match]:
    out: list[Match] = []
    pre = _PREFILTER.get(_SET_NAMES.get(id(patterns), ""))
    low = text.lower()
    if pre is not None and not _has_any_low(low, pre):
        return out
    fold = low if text.isascii() else folded(text)
    for p in patterns:
        if not _holds(fold, _PATTERN_NEEDLES.get(p.id, ())):
            continue
        for m in p.regex.finditer(text):
            s, e = m.span()
            if p.id == "pseudo-tag" and _CLI_PLACEHOLDER.search(text, max(0, s - 40), s):
                continue  # "--client-secret <secret>": a command line's placeholder, not a message tag
            # patterns with a leading sentence anchor: start at the first word
            while s < e and not text[s].isalnum() and text[s] not in "<[#~./":
                s += 1
            if e > s and not any(s < o.end and o.start < e for o in out):
                out.append(Match(s, e, p.id, p.confidence, p.why))
    out.sort(key=lambda m: m.start)
    return out


_CAMEL_STEP = lazy_compile(r"([a-z])([A-Z])")
_NON_WORD = lazy_compile(r"[^A-Za-z0-9]+")


def words(text: str) -> set:
    """Lower-case words of ``text``, identifiers split at ``_ . -`` and camelCase."""
    text = _CAMEL_STEP.sub(r"\1 \2", text)
    return {w for w in _NON_WORD.split(text.lower()) if w}


def related(target: Target, context_words: set) -> bool:
    """The tool is about the target: a context word is (or starts with) one of its concepts
    (``tokenize`` is about tokens, ``ssh_keys`` about keys)."""
    return any(w.startswith(c) for w in context_words for c in target.concepts)


def sensitive(text: str, context_words: set | Callable[[], set], *, parameter: bool) -> list[Match]:
    """Requests for sensitive data (UL623 on tool text, UL625 on parameters).

    ``context_words`` (:func:`tool_context`) may be a function returning them:
    it is called only when a target matches, which most texts never do."""
    out: list[Match] = []
    if not _has_any(text, _TARGET_NEEDLES):
        return out
    words_: set | None = None if callable(context_words) else context_words
    fold = folded(text)  # same offsets as text
    for ss, se in _sentences(text):
        sent = text[ss:se]
        hits = []  # (start, end, target) of each unrelated target, in order
        ls = fold[ss:se]
        for t in TARGETS:
            if not any(n in ls for n in _TARGET_NEEDLES_BY_ID[t.id]):
                continue
            m = t.regex.search(sent)
            if m is None:
                continue
            if words_ is None:  # (searched first: relatedness is rarely needed)
                assert callable(context_words)
                words_ = context_words()
            if not related(t, words_):
                hits.append((m.start(), m.end(), t))
        if not hits:
            continue
        hits.sort(key=lambda h: h[0])
        directive = DIRECTIVE.search(sent) or PASSING.search(sent)
        kinds = {h[2].kind for h in hits}
        if parameter:
            conf = "high" if directive or kinds & {"file", "conversation"} else "medium"
        else:
            if directive is None:
                continue
            conf = "high" if kinds & {"file", "conversation"} else "medium"
        s0, e0, first = hits[0]
        if directive is not None and directive.start() < s0:
            s0 = directive.start()
            while s0 < e0 and not sent[s0].isalnum():
                s0 += 1
        whats = []
        for h in hits:
            if h[2].what not in whats:
                whats.append(h[2].what)
        out.append(
            Match(
                ss + s0,
                ss + e0,
                first.id,
                conf,
                f"asks the model to read or hand over {' and '.join(whats)}",
                target=whats[0],
            )
        )
    return out


# Each template needs one of its needles in the folded text (:func:`folded`; a necessary
# condition, so a text without them skips the template and a clean manual never compiles it:
# ≈7 ms of a cold start, issue 15).
_SHADOW_NEEDLES = {
    "instead-of": ("instead", "rather", "place"),
    "do-not-use": ("not", "don", "never"),
    "other-tool-must": ("must", "should", "shall", "has", "needs", "will"),
    "side-effect": ("effect", "impact"),
    "when-other-called": ("when", "before", "after", "each"),
}
_SHADOW_RX = [
    (pid, _SHADOW_NEEDLES[pid], _LazyRegex(tmpl.replace("{N}", r"(?P<n>" + _FOREIGN_TOOL + r")"), _F), why)
    for pid, tmpl, why in SHADOW_TEMPLATES
]


# words that stand before "tool" without naming one ("the tool will use", "each tool must")
_NOT_TOOL_NAMES = frozenset(
    "this it this_tool the a an that these those each every any which our your its their another other same".split()
)


def shadowing(text: str, own_name: str | None, known: set, params: frozenset = frozenset()) -> list[Match]:
    """Mentions of another tool in a redirecting construction (UL624).

    The name position matches any identifier (compiled once); whether it is a
    tool is decided here: a known name (same manual, lock file), an identifier
    qualified with ``.`` (``github.create_issue``), one in backticks with ``_``, or
    a word next to "tool"; never one of this tool's own parameter names."""
    out: list[Match] = []
    own_words = {own_name.lower()} if own_name else set()
    low = folded(text)
    for pid, needles, rx, why in _SHADOW_RX:
        if not any(n in low for n in needles):
            continue
        for m in rx.finditer(text):
            n = m.group("n")
            if not n or n.lower() in own_words or n.lower() in _NOT_TOOL_NAMES:
                continue
            if n not in known:
                ns = m.start("n")
                tool_word = re.match(re.escape(n) + _Q + r"\s+tool\b", text[ns:], _F) or re.search(
                    r"\btool\s+" + _Q + r"\Z", text[max(0, ns - 12) : ns], _F
                )
                quoted = ns > 0 and text[ns - 1] == "`" and "_" in n
                if n in params or not (tool_word or "." in n.strip(".") or quoted):
                    continue  # a plain word or a parameter ("instead of page_size") is not a tool
            if re.fullmatch(r"[\w-]+\.(?:com|org|net|io|json|txt|md|py|js|exe|sh)", n, _F):
                continue  # a domain or file name, not a tool
            s, e = m.span()
            if any((s < o.end and o.start < e) or o.target == n for o in out):
                continue  # one finding per other tool named in this text
            conf = "high" if n in known else "medium"
            out.append(Match(s, e, pid, conf, why.format(n=n), target=n))
    out.sort(key=lambda m: m.start)
    return out


# ---------------------------------------------------------------------------
# running over a document
# ---------------------------------------------------------------------------

NAME_ROLES = ("tool name", "input property name", "output property name")


def _names_for_placeholders(text: str) -> str:
    """``text`` with each runtime placeholder replaced by its input name, in
    linear time (utcp_lint.document.placeholder_scan; the lazy regex is quadratic on
    'UTCP_ARG_x' * n)."""
    if "UTCP_ARG_" not in text:
        return text
    from ..document.placeholder_scan import PlaceholderScan

    out, last = [], 0
    for name, start, end in PlaceholderScan(text).finditer():
        out.append(text[last:start])
        out.append(f" {name} ")
        last = end
    out.append(text[last:])
    return "".join(out)


def tool_context(doc, tool_index: int | None, extra: str = "") -> set:
    """Words that say what a tool is about: its name, its parameter names and
    the strings of its call template (command, URL), plus ``extra``."""
    base = doc.tool_contexts.get(tool_index, set())  # build_tool_contexts, once per document
    return base | words(extra) if extra else base


class ToolContexts:
    """Tool index -> :func:`tool_context` words (``doc.tool_contexts``), each
    tool's computed on its first request and kept: relatedness is asked only
    after a sensitive match, so most tools never need theirs (every tool's
    word set built up front cost ~2x the file on a big manual; issue 15)."""

    def __init__(self, doc: Any) -> None:
        self._doc = doc
        self._words: dict[int, set] = {}
        self._props: dict[int, list[str]] | None = None  # tool index -> its input property names

    def get(self, tool_index: int | None, default: set) -> set:
        w = self._words.get(tool_index) if tool_index is not None else None
        if w is not None:
            return w
        tools = self._doc.tools
        if tool_index is None or tool_index.__class__ is not int or not 0 <= tool_index < len(tools):
            return default
        w = self._words[tool_index] = self._build(tool_index, tools[tool_index])
        return w

    def _build(self, i: int, t: Any) -> set:
        from ..document.jsonpos import iter_members

        base = set(words(t.name or ""))
        tpl = t.node.get("tool_call_template") if t.node.kind == "object" else None
        if tpl is not None:
            for _p, _k, _kn, vn in iter_members(tpl):
                if vn.kind == "string":
                    base |= words(_names_for_placeholders(vn.value))
        if self._props is None:
            from .strings import model_strings

            props: dict[int, list[str]] = {}
            for ms in model_strings(self._doc):
                if ms.role == "input property name" and ms.tool_index is not None:
                    props.setdefault(ms.tool_index, []).append(ms.value)
            self._props = props
        for name in self._props.get(i, ()):
            base |= words(name)
        return base


def build_tool_contexts(doc: Any) -> ToolContexts:
    """``doc.tool_contexts``: see :class:`ToolContexts`."""
    return ToolContexts(doc)


def run_text_rule(rule, doc, matcher, lead: str, *, roles=None, skip_roles=NAME_ROLES, schema=None):
    """Findings of ``matcher(visible_text, ms) -> [Match]`` over the model strings."""
    from .strings import model_strings

    for ms in model_strings(doc):
        if ms.role in skip_roles or (roles is not None and ms.role not in roles):
            continue
        if schema is not None and ms.schema != schema:
            continue
        text, idx = visible(ms.value)
        for m in matcher(text, ms):
            s, e = ms.span(m.start, m.end) if idx is None else ms.span(idx[m.start], idx[m.end - 1] + 1)
            snippet = text[m.start : m.end]
            if len(snippet) > 80:
                snippet = snippet[:77] + "..."
            from .hidden import show

            yield rule.finding(
                doc.source,
                s,
                e,
                f"{lead} in the {ms.role}: '{show(snippet)}' {m.why} "
                f"(pattern {m.pattern_id}, {m.confidence} confidence)",
                pointer=ms.pointer,
                tool=ms.tool,
                confidence=m.confidence,
            )


__all__ = [
    "Pattern",
    "Target",
    "Match",
    "OVERRIDE",
    "CONCEAL",
    "IMPERSONATION",
    "TARGETS",
    "find",
    "sensitive",
    "shadowing",
    "visible",
    "words",
]
