"""Directives to the model in the text it reads, judged by what they ask (UL626).

The instruction rules UL620-UL625 recognise phrases of known payloads.  This engine
reads every model-visible string of a tool (description, titles, parameter names and
descriptions, enum/default/example values) as sentences and asks of each:

1. **Is it addressed to the model and does it oblige or forbid?**  Modal verbs and
   imperatives ("you must", "always", "never", "before using this tool", "it would be
   helpful if you could", a base-form verb at the sentence start) in English, German,
   Spanish, French, Portuguese, Russian, Chinese and Japanese (``lexicon.py``).
2. **What action does it ask for?**  Call a tool, change a value of the user's, execute
   a command, contact a host, write a persistent file, conceal from the user, claim
   authority, drop the model's safeguards, alter the answer, read secrets, take the
   tool's own output as orders (:class:`ActionKind`).
3. **Is the target inside the tool's own contract?**  Its own parameters, the sibling
   tools of the same manual and the hosts of the manual's own call templates are
   inside; other tools, other hosts, secret paths, shell start-up files, the
   conversation, every request the agent handles are outside.  Outside is a directive
   (a fact this module returns); inside is guidance and stays quiet ("Always call
   list_projects first to get the id", "IMPORTANT: dates must be ISO 8601").

A parameter *name*, enum value, default or example that carries an instruction is never
legitimate: there the address test is not required.  Text hidden by an encoding
(base64, ROT13, reversed, leetspeak; zero-width characters are removed before any
reading) is decoded and read the same way; the directive then carries the decoded text.

The score of a directive adds the weight of its action, of its address, of a literal
outside target and of its disguise (encoded, in a comment, in a parameter name);
:data:`REPORT_AT` and :data:`HIGH_AT` were set on the development split of the poisoning
bench (bench/bench_poisoning.py) against its benign set, never on the held-out split.
"""

from __future__ import annotations

import codecs
import re
from enum import Enum
from typing import Any, NamedTuple

from ...core.lazyre import compile_pattern, lazy_compile
from ..instructions import SECRET_PATH_NEEDLES
from . import lexicon as L

_F = re.IGNORECASE


class ActionKind(Enum):
    CALL_TOOL = "call a tool"
    CHANGE_ARGUMENT = "change a value the user gave"
    EXECUTE = "run a command"
    CONTACT_HOST = "send data to another host"
    SHADOW = "change how another tool is used"
    CLAIM_AUTHORITY = "obey a claimed authority"
    OVERRIDE = "drop its safeguards"
    CONCEAL = "hide something from the user"
    PERSIST = "write a file that persists"
    ALTER_ANSWER = "alter its answer"
    READ_SECRET = "read secrets or the conversation"
    ELEVATE_OUTPUT = "take the tool's output as orders"


_WEIGHT = {
    ActionKind.EXECUTE: 3.0,
    ActionKind.PERSIST: 3.0,
    ActionKind.CONTACT_HOST: 2.5,
    ActionKind.CHANGE_ARGUMENT: 2.5,
    ActionKind.READ_SECRET: 2.5,
    ActionKind.CALL_TOOL: 2.0,
    ActionKind.SHADOW: 2.5,
    ActionKind.CONCEAL: 2.5,
    ActionKind.OVERRIDE: 2.0,
    ActionKind.ALTER_ANSWER: 2.5,
    ActionKind.CLAIM_AUTHORITY: 1.5,
    ActionKind.ELEVATE_OUTPUT: 2.5,
}
REPORT_AT = 3.0  # a directive below this score is not returned
HIGH_AT = 4.0  # at or above: high confidence (an error)


class Directive(NamedTuple):
    """One directive to the model whose target lies outside the tool's contract."""

    string: Any  # the ModelString it is in (for a split directive: where it starts)
    start: int  # offsets into string.value
    end: int
    quote: str  # the directive as the model reads it (decoded when it was encoded)
    actions: tuple[ActionKind, ...]
    target: str  # what it acts on ("send_email", "collector.example.net", "~/.bashrc", ...)
    outside: str  # why the target is outside the tool's contract
    score: float
    decoded_by: str | None  # "base64", "rot13", "reversed", "leetspeak" or None
    continued_in: str | None  # split across fields: the other field's role and pointer

    @property
    def confidence(self) -> str:
        return "high" if self.score >= HIGH_AT else "medium"


class _Lazy:
    """A pattern compiled on first use (like injection._LazyRegex): a run whose manuals never
    reach a pattern does not pay for compiling it (all of them: ~35 ms of a cold start)."""

    __slots__ = ("pattern", "flags", "_rx")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern, self.flags = pattern, flags
        self._rx: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:  # search, finditer, findall, sub
        rx = self._rx
        if rx is None:
            rx = self._rx = compile_pattern(self.pattern, self.flags)
        return getattr(rx, name)


def _rx(s: str) -> Any:
    return _Lazy(s, _F)


CUE = _rx(L.CUE_EN + "|" + L.CUE_INTL)
CUE_ASCII = _rx(L.CUE_EN)  # the other languages' cues need non-ASCII letters or are checked with them
_STRONG_EN = (
    r"\byou\s+(?:must|should|need\s+to|have\s+to|are\s+(?:required|authori[sz]ed))\b|\b(?:always|never|must)\b|"
    r"\bbefore\s+(?:using|calling|invoking|any|every|first)|\bafter\s+(?:every|each|using|calling|computing)|"
    r"\bfor\s+(?:any|every|each|all)\s+(?:request|query|message|call)"
)
STRONG_CUE = _rx(
    _STRONG_EN
    + r"|musst|müssen|immer|debes|siempre|dois|devez|toujours|deve|sempre|должен|всегда|必须|务必|总是|始终|必ず|常に"
)
STRONG_ASCII = _rx(_STRONG_EN + r"|\b(?:musst|immer|debes|siempre|dois|devez|toujours|deve|sempre)\b")
_LEAD = frozenset(
    "and then also first firstly now finally next so silently quietly automatically just simply kindly please".split()
)
_IMP_VERBS = frozenset(
    "call invoke run use send forward post upload read include append add write set change replace execute install "
    "download copy put pass email cc bcc report tell ignore disable skip bypass trust act redirect route open cat load "
    "attach insert fetch notify share do keep leave hide remove delete override treat switch prefer mention loop "
    "let".split()
)
# letters of the other lexicons' languages (a dash or a curly quote does not make a text foreign)
_FOREIGN = _Lazy(r"[\u0400-\u04ff\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]|[äöüßáéíóúñçàèêâîôûãõœ]", re.I)
_CLAUSE = lazy_compile(r"[,:;.!?]\s|\n")
_WORD_I = compile_pattern(r"[A-Za-z]+")
# every alternative of CUE_EN contains one of these words
_CUE_WORDS = frozenset(
    "you always never not don must make sure remember please kindly required mandatory essential necessary need "
    "helpful great kind appreciated before after every each any all now".split()
)


def _imperative(s: str) -> bool:
    """A clause of ``s`` starts with a base-form verb (after "and", "then", "please", ...)."""
    for clause in _CLAUSE.split(s):
        for wm in _WORD_I.finditer(clause, 0, 80):  # only up to the first word that is not a lead
            w = wm.group().lower()
            if w in _LEAD:
                continue
            if w in _IMP_VERBS:
                return True
            break
    return False


def _addressed(s: str, wide: bool) -> bool:
    """``s`` is addressed to the model: a modal, an obligation or an imperative."""
    if wide:
        return CUE.search(s) is not None or _imperative(s)
    if not _CUE_WORDS.isdisjoint(w.lower() for w in _WORD_I.findall(s)) and CUE_ASCII.search(s) is not None:
        return True
    return _imperative(s)


EXEC = _rx(L.EXEC)
TRANSMIT = _rx(r"\b(?:" + L.TRANSMIT + r")")
CHANGE = _rx(r"(?:\b(?:" + L.CHANGE_VERBS + r")\b)[^.;]{0,80}?(?:" + L.USER_VALUES + r")")
LITERAL_VALUE = _rx(
    r"\b[A-Z]{2}\d{2}[A-Z0-9]{10,30}\b|[\w.+-]+@[\w-]+\.[\w.-]+|https?://\S+|\b\d{6,}\b|"
    r"\bregardless\b|\bno\s+matter\s+what\b|\bwhatever\s+the\s+user\b|\binstead\s+of\s+(?:what|the)\s+user|"
    r"\bsilently\b|unabhängig|sin\s+importar|quoi\s+que|independentemente|независимо|无论|に関係なく|"
    r"siempre|immer|toujours|sempre|всегда|总是|始终|常に|always"
)
CONCEAL = _rx(L.CONCEAL)
COVERT = _rx(L.COVERT)
DESTINATION = _rx(L.DESTINATION)
AUTHORITY = _rx(L.AUTHORITY)
OVERRIDE = _rx(L.OVERRIDE)
PERSIST = _rx(L.PERSIST)
WRITE = _rx(r"\b(?:" + L.WRITE_VERBS + r")|添加|写入|追加")
ANSWER = _rx(L.ANSWER)
ELEVATE = _rx(L.ELEVATE)
USER_FILE = _Lazy(L.USER_FILE)
PROMO = _rx(L.PROMO)
SECRET = _rx(L.SECRET_READ)
READ = _rx(r"\b(?:" + L.READ_VERBS + r")\b|读取|読み")
DEPRECATED = _rx(L.DEPRECATED)
URL = _Lazy(r"https?://([\w.-]+)[^\s)\"'`<>]*|\b([\w.+-]+)@([\w-]+(?:\.[\w-]+)+)\b")
IDENT = _Lazy(r"`?\b([A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]+)\b`?")
CALL_NEAR = _rx(r"(?:\b(?:" + L.CALL_VERBS + r"))\W+(?:(?:the|this|a|an|tool|function|der|el|la|le|o|a)\W+){0,2}$")
CALL_AFTER = _rx(r"^\W*(?:\w+\W+){0,4}?(?:aufrufen|aufruf|benutzen|verwenden|を呼び出|を使|调用|を実行)")
ANY_REQUEST = _rx(
    r"\bfor\s+(?:any|every|each|all)\s+(?:\w+\s+)?(?:requests?|quer(?:y|ies)|messages?|tasks?|questions?)\b|"
    r"\b(?:any|every|each)\s+(?:request|task|question)\b|\bfirst\s+for\s+every|"
    r"jede\s+anfrage|cada\s+(?:solicitud|petición)|chaque\s+requête|cada\s+pedido|любой\s+запрос|每个请求|すべてのリクエスト"
)
COMMENT = _Lazy(r"<!--(.*?)-->|\[//\]:\s*#\s*\((.*?)\)", re.S)


_SENTENCE_END = compile_pattern(r"[.!?。！？](?=\s|$)|[。！？]|\n\s*\n|\n(?=\s*(?:[-*#\[<]|[A-Z]{3,}))")


def _sentences(text: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for m in _SENTENCE_END.finditer(text):
        if m.end() > start:
            out.append((start, m.end()))
        start = m.end()
    if start < len(text):
        out.append((start, len(text)))
    return [(s, e) for s, e in out if text[s:e].strip()]


# ---------------------------------------------------------------------------
# the tool's contract
# ---------------------------------------------------------------------------


class Contract:
    """What lies inside a tool's contract: the manual's tools, the tool's parameters, the
    hosts of the manual's call templates, the words of the tool (for secrets it is about)."""

    def __init__(self, tools: frozenset[str], params: set[str], hosts: set[str], own: str | None, about: Any):
        self.tools = tools  # lower-cased, shared by every tool of the manual
        self.params = {p.lower() for p in params}
        self.hosts = hosts
        self.own = (own or "").lower()
        self._about = about  # a set, or a function returning it (asked only for a secret path)

    @property
    def about(self) -> set[str]:
        """The words that say what the tool is about (its name, parameters, call template)."""
        if callable(self._about):
            self._about = self._about()
        return self._about

    def host_inside(self, host: str) -> bool:
        h = host.lower().rstrip(".")
        return any(h == o or h.endswith("." + o) or o.endswith("." + h) for o in self.hosts)

    def tool_inside(self, name: str) -> bool:
        n = name.strip("`").lower()
        return n in self.tools or n == self.own or n in self.params


def _base_domain(host: str) -> str:
    parts = host.lower().split(".")
    return ".".join(parts[-2:]) if len(parts) >= 2 else host.lower()


def contracts(doc: Any) -> dict[int, Contract]:
    """Tool index -> its :class:`Contract` (the manual's tools and template hosts are shared)."""
    from ...document.jsonpos import member_string_values
    from ..strings import model_strings

    tools = frozenset(t.name.lower() for t in doc.tools if t.name)
    hosts: set[str] = set()
    for t in doc.tools:
        tn = t.node
        tpl = tn.get("tool_call_template") if tn.kind == "object" else None
        if tpl is None:
            continue
        for value in member_string_values(tpl):
            if "://" in value:  # a host is only read from an http(s):// URL (group 1)
                for m in URL.finditer(value):
                    if m.group(1):
                        hosts.add(_base_domain(m.group(1)))
    params: dict[int, set[str]] = {}
    for ms in model_strings(doc):
        if ms.role == "input property name" and ms.tool_index is not None:
            params.setdefault(ms.tool_index, set()).add(ms.value)
    from ..instructions import tool_context

    out = {}
    for t in doc.tools:
        out[t.index] = Contract(
            tools, params.get(t.index, set()), hosts, t.name, lambda i=t.index: tool_context(doc, i)
        )
    return out


# ---------------------------------------------------------------------------
# judging one sentence
# ---------------------------------------------------------------------------


class _Judgement(NamedTuple):
    score: float
    actions: tuple[ActionKind, ...]
    target: str
    outside: str
    start: int
    end: int


# Each action needs one of its needles in the lower-cased sentence (a necessary condition of its
# patterns for ASCII text), so most sentences of a clean manual run no action pattern at all.
_WORD = compile_pattern(r"[a-z]+")


class _Needles:
    """A set of needles, one of which a text must contain: the alphabetic ones are compared
    by their first (up to) four letters with the word prefixes of the text (a set
    intersection), the others by substring."""

    __slots__ = ("stems", "others")

    def __init__(self, needles: tuple[str, ...]) -> None:
        self.stems = frozenset(_WORD.findall(n)[0][:4] for n in needles if n[:1].isalpha())
        self.others = tuple(n for n in needles if not n[:1].isalpha())

    def search(self, low: str, stems: frozenset[str]) -> bool:
        return not self.stems.isdisjoint(stems) or any(o in low for o in self.others)


def _any(*needles: str) -> _Needles:
    return _Needles(needles)


def _stems(low: str) -> frozenset[str]:
    out = set()
    for w in _WORD.findall(low):
        out.add(w[:4])
        if len(w) > 2:
            out.add(w[:3])
        out.add(w[:2])
    return frozenset(out)


# Each action's patterns need its needles in the lower-cased text (every needle set of a key
# must match: a necessary condition of the key's patterns for ASCII text), so most sentences
# of a clean manual run no action pattern at all (bench/bench_poisoning.py measures the time).
_NEEDLES: dict[str, tuple[_Needles, ...]] = {
    "exec": (
        _any(
            "| sh",
            "|sh",
            "| bash",
            "|bash",
            "| zsh",
            "| sudo",
            "|sudo",
            "curl",
            "wget",
            "sudo ",
            "chmod",
            "rm -",
            "bash -c",
            "powershell",
            "iex",
            "invoke-expression",
            "pip install",
            "npm i",
            "python -c",
            "python3 -c",
            "node -e",
            "perl -e",
            "eval(",
            "eval (",
            # "(execute|run) (the following|this) (command|script|code|shell)": the last word, not
            # the first (a needle word is compared by its first letters, and "the" is in every text)
            "command",
            "script",
            "code",
            "shell",
            "download and",
            "terminal",
        ),
    ),
    "persist": (
        _any(
            "bashrc",
            "zshrc",
            "profile",
            "bash_login",
            "/etc/rc",
            ".ssh/rc",
            "cron",
            "authorized_keys",
            "hook",
            "launchd",
            "launchagent",
            "systemd",
            ".service",
            "startup",
            "\\run",
        ),
    ),
    "host": (_any("http", "@"), _any(*L.TRANSMIT_NEEDLES)),
    "change": (
        _any("set", "chang", "replac", "redirect", "overrid", "substitut", "swap", "switch", "rout", "rewrit"),
        _any(
            "recipient",
            "account",
            "iban",
            "amount",
            "beneficiar",
            "payee",
            "wallet",
            "address",
            "url",
            "endpoint",
            "path",
            "email",
            "phone",
            "bank",
            "routing",
            "swift",
            "destination",
        ),
    ),
    "ident": (
        _any("_", "tool"),
        _any(
            "call",
            "invok",
            "run",
            "use",
            "trigger",
            "execut",
            "query",
            "fire",
            "ping",
            "deprecat",
            "obsolete",
            "broken",
            "disabled",
            "unsafe",
            "compromised",
            "retired",
            "replaced",
            "no longer",
            "instead",
        ),
    ),
    "conceal": (
        _any(
            "mention",
            "tell",
            "inform",
            "notif",
            "bring",
            "reveal",
            "disclos",
            "alert",
            "let",
            "ask",
            "leave",
            "omit",
            "keep this",
            "keep it",
            "keep that",
            "background without",
            "must not",
            "should not",
            "need not",
        ),
    ),
    "override": (
        _any(
            "disabl",
            "bypass",
            "skip",
            "turn off",
            "ignor",
            "circumvent",
            "suspend",
            "drop",
            "remov",
            "trust all",
            "unrestricted",
            "jailbreak",
            "without",
            "appl",
        ),
        _any(
            "filter",
            "check",
            "validation",
            "guardrail",
            "restriction",
            "guideline",
            "safeguard",
            "confirmation",
            "approval",
            "instruction",
            "rule",
            "polic",
            "sanitiz",
            "trust all",
            "unrestricted",
            "jailbreak",
            "previous",
            "prior",
        ),
    ),
    "answer": (
        _any(
            "answer",
            "respons",
            "repl",
            "output",
            "summar",
            "messag",
            "recommend",
            "report",
            "lower",
            "higher",
            "inflate",
            "deflate",
            "round",
            "alter",
            "falsif",
            "chang",
            "modif",
        ),
        _any(
            "every", "each", "all ", "your", "any ", "recommend", " as ", "than", "result", "number", "figure", "answer"
        ),
    ),
    "secret": (
        _any(
            "environment variable",
            "env var",
            "printenv",
            "process.env",
            "os.environ",
            "$",
            "previous messages",
            "conversation",
            "system prompt",
            "user messages",
            "chat history",
        ),
    ),
    "elevate": (_any("treat", "priority", "precedence", "act"), _any("output", "result", "respons", "return")),
    "authority": (
        _any(
            "system",
            "admin",
            "security",
            "compliance",
            "polic",
            "platform",
            "operations",
            "official",
            "root ",
            "developer",
            "vendor",
            "governance",
            "legal",
            "act as",
            "required by",
            "mandated",
            "authori",
            "directive",
        ),
    ),
}


_TARGET_NEEDLES = SECRET_PATH_NEEDLES + (
    "~/",
    "$home/",
    "/home/",
    "/users/",
    ".git/",
    ".config/",
)
_TARGET_RX = compile_pattern("|".join(re.escape(n) for n in _TARGET_NEEDLES))
_ALL_KEYS = frozenset(_NEEDLES) | {"targets"}


def needed(text: str) -> frozenset[str]:
    """The action keys whose needles occur in ``text`` (all of them for non-ASCII text)."""
    if not text.isascii() and _FOREIGN.search(text) is not None:
        return _ALL_KEYS
    low = text.lower()
    stems = _stems(low)
    keys = {k for k, ns in _NEEDLES.items() if all(n.search(low, stems) for n in ns)}
    if _TARGET_RX.search(low):
        keys.add("targets")
    return frozenset(keys)


def _pre(s: str) -> tuple[bool, bool]:
    """What a sentence is before its tool's contract is asked: (read with every lexicon,
    addressed to the model)."""
    ws = set(_WORD_I.findall(s.lower())) if s.isascii() else {w.lower() for w in _WORD_I.findall(s)}
    # the lexicons of other languages have no needles: read with all of them
    wide = (not s.isascii() and _FOREIGN.search(s) is not None) or not L.LATIN_CUE_WORDS.isdisjoint(ws)
    verb = not _IMP_VERBS.isdisjoint(ws)  # a clause can start with one
    if wide:
        return wide, CUE.search(s) is not None or (verb and _imperative(s))
    return wide, (not _CUE_WORDS.isdisjoint(ws) and CUE_ASCII.search(s) is not None) or (verb and _imperative(s))


def _judge(s: str, c: Contract, *, free: bool = False, memo: dict[Any, Any] | None = None) -> _Judgement | None:
    """The directive in sentence ``s`` whose target is outside ``c``, or None.
    ``free``: the text sits where no instruction belongs (a parameter name, an enum value,
    a decoded string, a comment), so the address test is waived.  ``memo``: :func:`_pre`
    of sentences already seen in this document (a manual repeats its sentences)."""
    pre = memo.get(s) if memo is not None else None
    if pre is None:
        pre = _pre(s)
        if memo is not None:
            memo[s] = pre
    wide, cue = pre
    if not cue and not free:
        return None
    keys = memo.get((s,)) if memo is not None else None
    if keys is None:
        keys = _ALL_KEYS if wide else needed(s)
        if memo is not None:
            memo[(s,)] = keys
    if not keys:
        return None
    low = s.lower()

    def may(key: str) -> bool:
        return key in keys

    _strong: list[bool] = []

    def strong() -> bool:
        if not _strong:
            _strong.append((STRONG_CUE if wide else STRONG_ASCII).search(s) is not None)
        return _strong[0]

    found: list[tuple[ActionKind, str, str, int, int]] = []  # kind, target, why outside, span

    m = EXEC.search(s) if may("exec") else None
    if m:
        found.append((ActionKind.EXECUTE, m.group(0).strip(), "a shell command the model is told to run", *m.span()))

    m = PERSIST.search(s) if may("persist") else None
    if m and WRITE.search(s):
        found.append((ActionKind.PERSIST, m.group(0), "a start-up or access file outside any tool's data", *m.span()))

    if may("host") and TRANSMIT.search(s):
        for u in URL.finditer(s):
            host = u.group(1) or u.group(3)
            if host and not c.host_inside(host):
                tgt = u.group(0)
                found.append(
                    (ActionKind.CONTACT_HOST, tgt, f"'{host}' is not a host of this manual's call templates", *u.span())
                )
                break

    m = CHANGE.search(s) if may("change") else None
    if m and LITERAL_VALUE.search(s):
        found.append((ActionKind.CHANGE_ARGUMENT, m.group(0), "it overrides what the user asked for", *m.span()))

    if may("ident"):
        for im in IDENT.finditer(s):
            name = im.group(1)
            before = s[max(0, im.start() - 40) : im.start()]
            tool_word = re.match(r"`?\s+(?:tool|function|instrument|инструмент|ツール|工具)", s[im.end() :], _F)
            if c.tool_inside(name) or not ("_" in name or tool_word):
                continue
            if re.fullmatch(r"[\w-]+\.(?:com|org|net|io|json|txt|md|py|js|sh|biz|dev)", name):
                continue
            after = s[im.end() : im.end() + 40]
            if (CALL_NEAR.search(before) or CALL_AFTER.search(after)) and (free or strong() or ANY_REQUEST.search(s)):
                found.append((ActionKind.CALL_TOOL, name, f"'{name}' is not a tool of this manual", *im.span()))
                break
            if DEPRECATED.search(s) or re.search(r"instead\s+of\s+(?:using\s+|calling\s+)?(?:the\s+)?`?$", before, _F):
                found.append((ActionKind.SHADOW, name, f"'{name}' is another tool, not one of this manual", *im.span()))
                break
        if not any(f[0] is ActionKind.CALL_TOOL for f in found) and "this tool" in low:
            m = re.search(r"\b(?:call|use|invoke|run)\s+this\s+tool\b", s, _F)
            if m and ANY_REQUEST.search(s):
                found.append(
                    (ActionKind.CALL_TOOL, "this tool", "every request, not only the ones this tool serves", *m.span())
                )

    m = CONCEAL.search(s) if may("conceal") else None
    if m:
        found.append((ActionKind.CONCEAL, m.group(0), "the user is kept from knowing", *m.span()))

    m = OVERRIDE.search(s) if may("override") else None
    # "your guidelines", "your usual rules": the safeguards named are the model's, never a setting of the tool
    own_limits = m is not None and re.search(r"\byour\b", m.group(0), _F) is not None
    if m and (
        free or own_limits or strong() or AUTHORITY.search(s) or re.search(r"\b(?:all|any|every)\b", m.group(0), _F)
    ):
        found.append((ActionKind.OVERRIDE, m.group(0), "the model's own safeguards are not the tool's", *m.span()))
    else:
        own_limits = False

    m = ANSWER.search(s) if may("answer") else None
    if m and (PROMO.search(s) or re.search(r"report|lower|higher|alter|falsify|tell|recommend", m.group(0), _F)):
        found.append((ActionKind.ALTER_ANSWER, m.group(0), "the answer to the user is not the tool's", *m.span()))

    why = "secrets and the conversation are not the tool's input"
    m = SECRET.search(s) if may("secret") else None
    if m is not None and not (DESTINATION.search(s) or free):
        m = None
    if m is None and "targets" in keys and (wide or _TARGET_RX.search(low)):
        from ..instructions import TARGETS, related

        for t in TARGETS:
            if t.kind != "file":
                continue
            tm = t.regex.search(s)
            if tm is not None and not related(t, c.about):
                m = tm
                break
        if m is None and not any(f[0] is ActionKind.PERSIST for f in found):  # a start-up file is PERSIST's
            um = USER_FILE.search(s)
            if um is not None and not any(w.startswith(x) for w in c.about for x in L.FILE_CONCEPTS):
                m, why = um, "a file of the user's machine is not the input of a tool that is not about files"
    if m and (READ.search(s) or free):
        found.append((ActionKind.READ_SECRET, m.group(0), why, *m.span()))

    m = ELEVATE.search(s) if may("elevate") else None
    if m:
        found.append(
            (ActionKind.ELEVATE_OUTPUT, m.group(0), "a tool's output is data for the model, not orders", *m.span())
        )

    a = AUTHORITY.search(s) if may("authority") else None
    if a and (found or strong()):
        found.append(
            (ActionKind.CLAIM_AUTHORITY, a.group(0), "the text poses as an authority over the model", *a.span())
        )

    if not found:
        return None
    kinds = tuple(dict.fromkeys(f[0] for f in found))
    score = max(_WEIGHT[k] for k in kinds) + 0.75 * (len(kinds) - 1)
    if own_limits:
        score += 0.5
    if COVERT.search(s):
        score += 0.75
    score += 1.0 if strong() else 0.5 if cue else 0.0
    if free:
        score += 1.0
    main = max(found, key=lambda f: _WEIGHT[f[0]])
    return _Judgement(score, kinds, main[1], main[2], main[3], main[4])


# ---------------------------------------------------------------------------
# decoders
# ---------------------------------------------------------------------------

_STOP = _Lazy(
    r"\b(?:the|to|and|you|of|a|in|is|this|with|for|all|your|before|must|any|every|send|call|as|than|be|are|it|on|"
    r"if|from|by|always|never)\b",
    _F,
)
_B64 = _Lazy(r"[A-Za-z0-9+/]{24,}={0,2}")
_LEET = _Lazy(r"\b(?=[a-z0-9]*[a-z])(?=[a-z]*[0-9])[a-z0-9]{3,}\b", _F)
_LEET_TOKEN = _Lazy(r"\b(?=\w*\d)(?:\w*[a-z]\w*|\d{1,3})\b", _F)
_LEET_MAP = str.maketrans({"4": "a", "3": "e", "1": "i", "0": "o", "5": "s", "7": "t", "8": "b", "9": "g"})


def _englishness(s: str) -> int:
    return len(_STOP.findall(s))


_LEET_HINT = _Lazy(r"[a-z][013457][a-z0-9]|[013457][a-z]{2}", _F)


_ROT13_WORDS = frozenset("gur gb naq lbh nyy sbe bs vf n nf jvgu guvf".split())
_REVERSED_WORDS = frozenset("eht ot dna uoy lla rof fo si a sa htiw siht naht".split())


def decodings(text: str, sents: list[tuple[int, int]] | None = None) -> list[tuple[int, int, str, str]]:
    """(start, end, decoded text, how) for each encoded run of ``text`` that decodes to prose."""
    out: list[tuple[int, int, str, str]] = []
    # a base64 run is a word of 24 characters or more
    for m in _B64.finditer(text) if len(text) >= 24 and max(map(len, text.split()), default=0) >= 24 else ():
        raw = m.group(0)
        import base64  # only here: most texts have no base64 run (2.6M instructions a run)
        import binascii

        try:
            dec = base64.b64decode(raw + "=" * (-len(raw) % 4), validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            continue
        if " " in dec and sum(ch.isprintable() for ch in dec) >= 0.95 * len(dec):
            out.append((m.start(), m.end(), dec, "base64"))
    low = text.lower()
    # ROT13 / reversed English holds several of its commonest words ("gur", "eht"); leetspeak
    # several digit-for-letter words
    # " gur " is in ``low`` exactly when "gur" is a word of ``low.split(" ")`` other than its first and last
    mid = set(low.split(" ")[1:-1])
    rot = len(mid & _ROT13_WORDS) >= 2
    rev = len(mid & _REVERSED_WORDS) >= 2
    # each of the three hints holds its own digit
    leet = sum(map(text.count, "013457")) >= 3 and len(_LEET_HINT.findall(text)) >= 3
    if not (rot or rev or leet):
        return out
    for ss, se in sents if sents is not None else _sentences(text):
        sent = text[ss:se]
        base = _englishness(sent)
        for how, ok, dec in (
            ("rot13", rot, codecs.decode(sent, "rot13") if rot else ""),
            ("reversed", rev, sent[::-1]),
        ):
            if ok and _englishness(dec) >= max(3, 2 * base + 2):
                out.append((ss, se, dec, how))
        if leet and len(_LEET.findall(sent)) >= 3:
            dec = _LEET_TOKEN.sub(lambda m: m.group(0).translate(_LEET_MAP), sent)
            if _englishness(dec) >= base + 3:
                out.append((ss, se, dec, "leetspeak"))
    return out


# ---------------------------------------------------------------------------
# over a document
# ---------------------------------------------------------------------------

_FREE_ROLES = ("input enum value", "input default value", "input example", "input const value", "tag")
_SKIP_ROLES = ("tool name", "output property name")
_NAME_SIGNALS = [
    (
        _rx(
            r"\b(?:must|always|never|first|before|after|every)\b.*\b(?:call|invoke|run|use)\b|\b(?:call|invoke)\b.*\b(?:first|before|after)\b"
        ),
        ActionKind.CALL_TOOL,
    ),
    (_rx(r"\binstead\s+of\b"), ActionKind.SHADOW),
    (
        _rx(r"\b(?:set|change|replace|redirect)\b.*\b(?:recipient|account|iban|amount|wallet|destination)\b"),
        ActionKind.CHANGE_ARGUMENT,
    ),
    (
        _rx(r"\b(?:running|run|execute|executing)\b.*\b(?:curl|wget|sudo|bash|sh|powershell|script)\b"),
        ActionKind.EXECUTE,
    ),
    (
        _rx(r"\b(?:sent|send|copy|forward|upload)\w*\b.*\bto\b.*\b(?:com|net|org|io|biz|collector|server|webhook)\b"),
        ActionKind.CONTACT_HOST,
    ),
    (
        _rx(r"\b(?:override|ignore|bypass|jailbreak)\b.*\b(?:instructions?|rules|safety|system|filters?)\b"),
        ActionKind.OVERRIDE,
    ),
    (_rx(r"\b(?:hidden|hide|conceal)\b.*\buser\b|\bdo\s+not\s+(?:mention|tell)\b"), ActionKind.CONCEAL),
    (_rx(r"\b(?:bashrc|zshrc|crontab|authorized\s+keys|git\s+hooks?|bash\s+profile)\b"), ActionKind.PERSIST),
    (_rx(r"\b(?:every|each|all)\s+(?:answers?|responses?|repl(?:y|ies))\b"), ActionKind.ALTER_ANSWER),
    (
        _rx(
            r"\b(?:reading|read|contents?|copy)\b.*\b(?:ssh|id\s+rsa|aws\s+credentials|env|environment|secrets?|passwords?|conversation|system\s+prompt|private\s+key)\b"
        ),
        ActionKind.READ_SECRET,
    ),
]


_CAMEL = compile_pattern(r"([a-z])([A-Z])")
_NON_ALNUM = compile_pattern(r"[^A-Za-z0-9]+")


def _judge_name(name: str) -> _Judgement | None:
    """A property name that spells an instruction (``content_from_reading_ssh_id_rsa``)."""
    ws = _CAMEL.sub(r"\1 \2", name)
    ws = _NON_ALNUM.sub(" ", ws).strip().lower()
    if len(ws.split()) < 4:
        return None
    kinds = tuple(k for rx, k in _NAME_SIGNALS if rx.search(ws))
    if not kinds:
        return None
    score = max(_WEIGHT[k] for k in kinds) + 0.75 * (len(kinds) - 1) + 1.5
    return _Judgement(score, kinds, name, "a parameter name is a value slot, never an instruction", 0, len(name))


def analyse(doc: Any) -> list[Directive]:
    """Every directive of ``doc`` (a DocumentContext) whose target is outside its tool's contract."""
    from ..instructions import visible
    from ..strings import model_strings

    cs = contracts(doc)
    memo: dict[Any, Any] = {}  # what does not depend on the tool, per sentence and per text
    out: list[Directive] = []
    by_tool: dict[int, list[Any]] = {}
    for ms in model_strings(doc):
        if ms.tool_index is None or ms.role in _SKIP_ROLES:
            continue
        by_tool.setdefault(ms.tool_index, []).append(ms)
    for ti, strings in by_tool.items():
        c = cs.get(ti)
        if c is None:
            continue
        hit_roles: set[str] = set()
        for ms in strings:
            if ms.role == "input property name":
                key = ("name", ms.value)  # the same property name in many tools: judged once
                if key in memo:
                    j = memo[key]
                else:
                    j = memo[key] = _judge_name(ms.value)
                if j is not None:
                    out.append(
                        Directive(ms, 0, len(ms.value), ms.value, j.actions, j.target, j.outside, j.score, None, None)
                    )
                continue
            found = _analyse_string(ms, c, free=ms.role in _FREE_ROLES, visible=visible, memo=memo)
            if found:
                hit_roles.add(ms.pointer)
                out.extend(found)
        out.extend(_split_fields(strings, c, hit_roles, visible))
    out.sort(key=lambda d: (d.string.start, d.start))
    return out


def _analyse_string(ms: Any, c: Contract, *, free: bool, visible: Any, memo: dict[Any, Any]) -> list[Directive]:
    quiet = memo.setdefault(("quiet", free), set())
    if ms.value in quiet:
        return []  # the same text was seen in this document and could hold no directive for any tool
    text, idx = visible(ms.value)

    def orig(i: int) -> int:
        return i if idx is None else idx[i]

    out: list[Directive] = []
    comments = [(m.start(), m.end()) for m in COMMENT.finditer(text)] if "<!--" in text or "[//]" in text else []
    # every sentence addressed to the model makes the whole text pass the same test
    addressed = free or bool(comments) or _pre(text)[1]
    sents = _sentences(text) if addressed else []
    possible = False  # a sentence could hold a directive for some tool
    for ss, se in sents:
        sent = text[ss:se]
        in_comment = any(a <= ss < b or ss <= a < se for a, b in comments)
        j = _judge(sent, c, free=free or in_comment, memo=memo)
        _wide, cue = memo[sent]
        possible = possible or ((cue or free or in_comment) and bool(memo.get((sent,))))
        if j is not None and (j.score + (0.5 if in_comment else 0.0)) >= REPORT_AT:
            s0 = ss + len(sent) - len(sent.lstrip())
            e0 = ss + len(sent.rstrip())
            out.append(
                Directive(
                    ms,
                    orig(s0),
                    orig(e0 - 1) + 1,
                    sent.strip(),
                    j.actions,
                    j.target,
                    j.outside,
                    j.score + (0.5 if in_comment else 0.0),
                    None,
                    None,
                )
            )
    decoded = decodings(text, sents or None)
    if not possible and not decoded:
        quiet.add(ms.value)
    for ds, de, dec, how in decoded:
        if any(d.start <= orig(ds) < d.end for d in out):
            continue
        for s2, e2 in _sentences(dec) or [(0, len(dec))]:
            j = _judge(dec[s2:e2], c, free=True, memo=memo)
            if j is not None and j.score >= REPORT_AT:
                out.append(
                    Directive(
                        ms,
                        orig(ds),
                        orig(de - 1) + 1,
                        dec[s2:e2].strip(),
                        j.actions,
                        j.target,
                        j.outside,
                        j.score + 0.5,
                        how,
                        None,
                    )
                )
                break
    return out


_FINISHED = ".!?;)]}\"'`。！？"


def _split_fields(strings: list[Any], c: Contract, hit: set[str], visible: Any) -> list[Directive]:
    """A directive started in the tool description and finished in a parameter's description."""
    desc = next((m for m in strings if m.role == "tool description"), None)
    if desc is None or desc.pointer in hit:
        return []
    dtext, didx = visible(desc.value)
    end = dtext.rstrip()
    if not end or end[-1] in _FINISHED:
        return []  # a finished sentence is not split
    sents = _sentences(dtext)
    if not sents:
        return []
    ls, le = sents[-1]
    tail = dtext[ls:le]
    if not tail.rstrip() or tail.rstrip()[-1] in _FINISHED:
        return []  # a finished sentence is not split
    for ms in strings:
        if ms.role != "input description" or ms.pointer in hit:
            continue
        ptext, _ = visible(ms.value)
        psents = _sentences(ptext)
        if not psents:
            continue
        joined = tail.rstrip() + " " + ptext[: psents[0][1]]
        j = _judge(joined, c)
        if j is None or j.score < REPORT_AT:
            continue
        alone = _judge(tail, c)
        if alone is not None and alone.score >= REPORT_AT:
            continue
        s0 = ls + len(tail) - len(tail.lstrip())
        e0 = ls + len(tail.rstrip())
        start = s0 if didx is None else didx[s0]
        end = e0 if didx is None else didx[e0 - 1] + 1
        return [
            Directive(
                desc,
                start,
                end,
                joined.strip(),
                j.actions,
                j.target,
                j.outside,
                j.score,
                None,
                f"{ms.role} at {ms.pointer}",
            )
        ]
    return []


__all__ = ["ActionKind", "Contract", "Directive", "analyse", "decodings", "HIGH_AT", "REPORT_AT"]
