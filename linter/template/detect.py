"""Does a template read as PowerShell?  Used by ``--shell auto``.

The question is "was this template written for the Windows runtime", because
the PowerShell rules (UL200-UL249) judge it by what ``powershell.exe`` would do.
A bash template that merely *calls* ``pwsh -c '...'`` is a bash template, so
the words ``pwsh``/``powershell`` are not evidence.

Scoring (per template, all steps together): a *strong* signal alone decides;
otherwise two different *medium* signals are needed.  The measurement behind
every choice (false positives on the shared corpus and on a list of tricky bash
commands, detection on a list of PowerShell commands) is in
docs/design/powershell.md and pinned by tests/test_powershell_detect.py.
"""

from __future__ import annotations

import re

from ..core.lazyre import compile_pattern


class _lazy:
    """A regex compiled on its first use: the 16 detection regexes (one with a
    100-verb alternation behind four look-behinds) cost ~15 ms to compile,
    and most runs reject every template by the cheap prefilters below first
    (cold start, issue 15)."""

    __slots__ = ("args", "rx")

    def __init__(self, *args):
        self.args = args
        self.rx = None

    def search(self, text):
        rx = self.rx
        if rx is None:
            rx = self.rx = compile_pattern(*self.args)
        return rx.search(text)


# PowerShell approved verbs (Get-Verb), lower case.
_VERBS = (
    "add|approve|assert|backup|block|build|checkpoint|clear|close|compare|complete|compress|"
    "confirm|connect|convert|convertfrom|convertto|copy|debug|deny|deploy|disable|disconnect|"
    "dismount|edit|enable|enter|exit|expand|export|find|format|get|grant|group|hide|import|"
    "initialize|install|invoke|join|limit|lock|measure|merge|mount|move|new|open|optimize|out|"
    "ping|pop|protect|publish|push|read|receive|redo|register|remove|rename|repair|request|"
    "reset|resize|resolve|restart|restore|resume|revoke|save|search|select|send|set|show|skip|"
    "split|start|step|stop|submit|suspend|switch|sync|test|trace|unblock|undo|uninstall|unlock|"
    "unprotect|unpublish|unregister|update|use|wait|watch|where|write|foreach|tee|sort|"
    "unblock"
)

# well-known cmdlets written in lower case
_LOWER_CMDLETS = (
    "get-childitem",
    "get-content",
    "set-content",
    "get-item",
    "write-output",
    "write-host",
    "select-object",
    "where-object",
    "foreach-object",
    "convertto-json",
    "convertfrom-json",
    "invoke-webrequest",
    "invoke-restmethod",
    "invoke-expression",
    "out-string",
    "out-null",
    "test-path",
    "new-item",
    "remove-item",
    "copy-item",
    "join-path",
    "split-path",
    "select-string",
    "start-process",
    "get-date",
    "sort-object",
    "measure-object",
)

# where a command can start: beginning of a line, after ; | & ( { = (and up to
# two blanks), or after the call / dot-source operators
_AT_CMD = r"(?:^|(?<=[;|&({=\n])|(?<=[;|&({=\n][ \t])|(?<=[;|&({=\n][ \t][ \t])|(?<=[&.] ))"

_STRONG = [
    # $env:NAME / ${env:NAME}
    ("env-drive", _lazy(r"\$\{?env:[A-Za-z_]", re.IGNORECASE)),
    # Verb-Noun cmdlet with a capitalised noun: Get-ChildItem, ConvertTo-Json
    ("cmdlet", _lazy(_AT_CMD + r"(?i:" + _VERBS + r")-[A-Z][A-Za-z0-9]+(?![\w-])", re.MULTILINE)),
    # well-known cmdlets written in lower case
    (
        "cmdlet-lower",
        _lazy(
            _AT_CMD + r"(?:" + "|".join(_LOWER_CMDLETS) + r")(?![\w-])",
            re.IGNORECASE | re.MULTILINE,
        ),
    ),
    # iex, cmd /c: only meaningful on Windows
    ("iex", _lazy(_AT_CMD + r"iex(?=\s|$)", re.MULTILINE)),
    ("cmd-c", _lazy(_AT_CMD + r"cmd(?:\.exe)?\s+/[cCkK]\b", re.MULTILINE)),
    # automatic variables that only PowerShell has
    (
        "automatic-variable",
        _lazy(
            r"\$(?:null|true|false|PSScriptRoot|PSVersionTable|LASTEXITCODE|PSItem|ErrorActionPreference|"
            r"ExecutionContext|PSHOME|PWD\.Path)\b",
            re.IGNORECASE,
        ),
    ),
    # .NET type literal with a static member: [System.IO.File]::, [Environment]::
    ("static-member", _lazy(r"\[[A-Za-z][\w.]*\]::[A-Za-z]")),
    # here-string header at the end of a line
    ("here-string", _lazy(r"@['\"][ \t]*\r?\n")),
    # redirect to $null
    ("null-redirect", _lazy(r"[12*]?>\s*\$null\b", re.IGNORECASE)),
]

_MEDIUM = [
    # PowerShell-only operators
    (
        "ps-operator",
        _lazy(
            # ``\s-(?:…)\s`` with the '-' first (a literal prefix: re scans for it
            # instead of trying every offset) and the blank before it a lookbehind
            r"-(?<=\s-)(?:like|notlike|match|notmatch|contains|notcontains|replace|creplace|join|split|"
            r"in|notin|is|isnot|as|band|bor|f)\s",
            re.IGNORECASE,
        ),
    ),
    # capitalised long parameters: -Path, -ErrorAction, -Recurse
    # (``(?<![\w-])-…`` with the '-' first, a literal prefix: the character before it not [\w-])
    ("pascal-parameter", _lazy(r"-(?<![\w-]-)[A-Z][a-z]+(?:[A-Z][a-z]+)*\b")),
    # type cast / literal: [string], [int], [System.Text.Encoding]
    (
        "type-literal",
        _lazy(
            r"\[(?:string|int|bool|array|hashtable|datetime|regex|xml|scriptblock|pscustomobject|"
            r"System\.[\w.]+|IO\.[\w.]+|Text\.[\w.]+)\]",
            re.IGNORECASE,
        ),
    ),
    # '$var = ...' assignment with spaces (bash forbids spaces around '=')
    ("spaced-assignment", _lazy(r"(?:^|[;\n])\s*\$[A-Za-z_]\w*\s+=\s")),
    # pipeline into a script block: | % { ... } / | ? { ... }
    ("pipeline-scriptblock", _lazy(r"\|\s*[%?]\s*\{")),
    # the call operator on a quoted or variable command
    ("call-operator", _lazy(r"(?:^|[;|\n])\s*&\s*[\"'$\u2018\u2019\u201c\u201d]", re.MULTILINE)),
    # a Windows drive path
    ("drive-path", _lazy(r"(?<![\w])[A-Za-z]:\\[\w$]")),
]

# a backtick followed by a PowerShell escape letter or a newline, when the
# backticks cannot be bash command-substitution pairs (odd count) -- bash
# `nproc` and `date` must not count
_BACKTICK_ESCAPE = _lazy(r"`(?:[0abefnrtv\"'$`]|\r?\n)")

# Cheap necessary conditions, one per signal (issue 15: detection was 8% of a
# 1,000-tool run, every regex over every template).  A signal's regex can only
# match when its condition holds: each condition names characters or
# substrings every match contains (case-folded where the regex ignores case).
# tests/test_detect_prefilter.py proves the prefiltered answers identical to
# the plain regexes on generated text and on every corpus command.
_DASH_UPPER = compile_pattern(r"-[A-Z]")


_VERB_SET = frozenset(_VERBS.split("|"))


def _verb_before_dash_upper(text: str) -> bool:
    """ASCII ``text`` only: some ``-[A-Z]`` follows a run of letters that is an
    approved verb.  Necessary for "cmdlet": the verb ends at the dash and
    starts after a separator (``_AT_CMD``: never a letter), so it is that
    whole run; on ASCII text ``(?i:)`` is ``str.lower``."""
    for m in _DASH_UPPER.finditer(text):
        p = q = m.start()
        while q > 0 and text[q - 1].isalpha():
            q -= 1
        if q < p and text[q:p].lower() in _VERB_SET:
            return True
    return False


def _space_before(text: str, ch: str) -> bool:
    """Some ``ch`` right after a ``\\s`` character (str.isspace is re's \\s)."""
    i = text.find(ch, 1)
    while i != -1:
        if text[i - 1].isspace():
            return True
        i = text.find(ch, i + 1)
    return False


_CALL_QUOTES = frozenset("\"'$\u2018\u2019\u201c\u201d")


def _amp_then_quote(text: str) -> bool:
    """Some ``&`` followed by blanks (``\\s*``) and a quote or ``$``."""
    n = len(text)
    i = text.find("&")
    while i != -1:
        j = i + 1
        while j < n and text[j].isspace():
            j += 1
        if j < n and text[j] in _CALL_QUOTES:
            return True
        i = text.find("&", i + 1)
    return False


def _conditions(text: str) -> dict:
    low = text.lower() if not text.islower() else text
    dash = "-" in text
    dash_upper = dash and _DASH_UPPER.search(text) is not None
    dollar = "$" in text
    # on ASCII text, case-insensitive matching is str.lower (non-ASCII letters
    # such as the Kelvin sign, dotless i or long s match ASCII ones under
    # re.IGNORECASE, so other text keeps the broad conditions)
    ascii_ = text.isascii()
    return {
        "env-drive": dollar and "env:" in low,
        "cmdlet": dash_upper and (not ascii_ or _verb_before_dash_upper(text)),
        "cmdlet-lower": dash and (not ascii_ or any(c in low for c in _LOWER_CMDLETS)),
        "iex": "iex" in text,
        "cmd-c": "cmd" in text and ("/c" in text or "/C" in text or "/k" in text or "/K" in text),
        "automatic-variable": dollar,
        "static-member": "]::" in text,
        "here-string": "@'" in text or '@"' in text,
        "null-redirect": ">" in text and "$null" in low,
        "ps-operator": dash,
        "pascal-parameter": dash_upper,
        "type-literal": "[" in text and "]" in text,
        "spaced-assignment": dollar and _space_before(text, "="),
        "pipeline-scriptblock": "|" in text and "{" in text,
        "call-operator": "&" in text and _amp_then_quote(text),
        "drive-path": ":\\" in text,
    }


def _backtick(text: str) -> bool:
    if "`" in text and _BACKTICK_ESCAPE.search(text):
        return text.count("`") % 2 == 1 or re.search(r"`\r?\n", text) is not None
    return False


def signals(text: str) -> tuple[list[str], list[str]]:
    """(strong, medium) signal names found in ``text``."""
    cond = _conditions(text)
    strong = [name for name, rx in _STRONG if cond[name] and rx.search(text)]
    medium = [name for name, rx in _MEDIUM if cond[name] and rx.search(text)]
    if _backtick(text):
        medium.append("backtick-escape")
    return strong, medium


def signals_unfiltered(text: str) -> tuple[list[str], list[str]]:
    """:func:`signals` without the prefilters (the reference the tests compare with)."""
    strong = [name for name, rx in _STRONG if rx.search(text)]
    medium = [name for name, rx in _MEDIUM if rx.search(text)]
    if _BACKTICK_ESCAPE.search(text):
        if text.count("`") % 2 == 1 or re.search(r"`\r?\n", text):
            medium.append("backtick-escape")
    return strong, medium


def reads_as_powershell_text(text: str) -> bool:
    """A strong signal decides; otherwise two medium ones (stops at the first
    proof, cheapest checks first)."""
    cond = _conditions(text)
    for name, rx in _STRONG:
        if cond[name] and rx.search(text):
            return True
    found = 0
    for name, rx in _MEDIUM:
        if cond[name] and rx.search(text):
            found += 1
            if found >= 2:
                return True
    return found + _backtick(text) >= 2


def reads_as_powershell(tpl) -> bool:
    """True when the template's steps read as PowerShell (see module doc)."""
    try:
        text = "\n".join(s.command for s in tpl.steps if isinstance(s.command, str))
    except Exception:
        return False
    return reads_as_powershell_text(text)
