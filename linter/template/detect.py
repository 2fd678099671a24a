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

# where a command can start: beginning of a line, after ; | & ( { = (and up to
# two blanks), or after the call / dot-source operators
_AT_CMD = r"(?:^|(?<=[;|&({=\n])|(?<=[;|&({=\n][ \t])|(?<=[;|&({=\n][ \t][ \t])|(?<=[&.] ))"

_STRONG = [
    # $env:NAME / ${env:NAME}
    ("env-drive", re.compile(r"\$\{?env:[A-Za-z_]", re.IGNORECASE)),
    # Verb-Noun cmdlet with a capitalised noun: Get-ChildItem, ConvertTo-Json
    ("cmdlet", re.compile(_AT_CMD + r"(?i:" + _VERBS + r")-[A-Z][A-Za-z0-9]+(?![\w-])",
                          re.MULTILINE)),
    # well-known cmdlets written in lower case
    ("cmdlet-lower", re.compile(
        _AT_CMD + r"(?:get-childitem|get-content|set-content|get-item|write-output|write-host|"
        r"select-object|where-object|foreach-object|convertto-json|convertfrom-json|"
        r"invoke-webrequest|invoke-restmethod|invoke-expression|out-string|out-null|"
        r"test-path|new-item|remove-item|copy-item|join-path|split-path|select-string|"
        r"start-process|get-date|sort-object|measure-object)(?![\w-])",
        re.IGNORECASE | re.MULTILINE)),
    # iex, cmd /c: only meaningful on Windows
    ("iex", re.compile(_AT_CMD + r"iex(?=\s|$)", re.MULTILINE)),
    ("cmd-c", re.compile(_AT_CMD + r"cmd(?:\.exe)?\s+/[cCkK]\b", re.MULTILINE)),
    # automatic variables that only PowerShell has
    ("automatic-variable", re.compile(
        r"\$(?:null|true|false|PSScriptRoot|PSVersionTable|LASTEXITCODE|PSItem|ErrorActionPreference|"
        r"ExecutionContext|PSHOME|PWD\.Path)\b", re.IGNORECASE)),
    # .NET type literal with a static member: [System.IO.File]::, [Environment]::
    ("static-member", re.compile(r"\[[A-Za-z][\w.]*\]::[A-Za-z]")),
    # here-string header at the end of a line
    ("here-string", re.compile(r"@['\"][ \t]*\r?\n")),
    # redirect to $null
    ("null-redirect", re.compile(r"[12*]?>\s*\$null\b", re.IGNORECASE)),
]

_MEDIUM = [
    # PowerShell-only operators
    ("ps-operator", re.compile(
        r"\s-(?:like|notlike|match|notmatch|contains|notcontains|replace|creplace|join|split|"
        r"in|notin|is|isnot|as|band|bor|f)\s", re.IGNORECASE)),
    # capitalised long parameters: -Path, -ErrorAction, -Recurse
    ("pascal-parameter", re.compile(r"(?<![\w-])-[A-Z][a-z]+(?:[A-Z][a-z]+)*\b")),
    # type cast / literal: [string], [int], [System.Text.Encoding]
    ("type-literal", re.compile(
        r"\[(?:string|int|bool|array|hashtable|datetime|regex|xml|scriptblock|pscustomobject|"
        r"System\.[\w.]+|IO\.[\w.]+|Text\.[\w.]+)\]", re.IGNORECASE)),
    # '$var = ...' assignment with spaces (bash forbids spaces around '=')
    ("spaced-assignment", re.compile(r"(?:^|[;\n])\s*\$[A-Za-z_]\w*\s+=\s")),
    # pipeline into a script block: | % { ... } / | ? { ... }
    ("pipeline-scriptblock", re.compile(r"\|\s*[%?]\s*\{")),
    # the call operator on a quoted or variable command
    ("call-operator", re.compile(r"(?:^|[;|\n])\s*&\s*[\"'$\u2018\u2019\u201c\u201d]",
                                 re.MULTILINE)),
    # a Windows drive path
    ("drive-path", re.compile(r"(?<![\w])[A-Za-z]:\\[\w$]")),
]

# a backtick followed by a PowerShell escape letter or a newline, when the
# backticks cannot be bash command-substitution pairs (odd count) -- bash
# `nproc` and `date` must not count
_BACKTICK_ESCAPE = re.compile(r"`(?:[0abefnrtv\"'$`]|\r?\n)")


def signals(text: str) -> tuple[list[str], list[str]]:
    """(strong, medium) signal names found in ``text``."""
    strong = [name for name, rx in _STRONG if rx.search(text)]
    medium = [name for name, rx in _MEDIUM if rx.search(text)]
    if _BACKTICK_ESCAPE.search(text):
        if text.count("`") % 2 == 1 or re.search(r"`\r?\n", text):
            medium.append("backtick-escape")
    return strong, medium


def reads_as_powershell_text(text: str) -> bool:
    strong, medium = signals(text)
    return bool(strong) or len(set(medium)) >= 2


def reads_as_powershell(tpl) -> bool:
    """True when the template's steps read as PowerShell (see module doc)."""
    try:
        text = "\n".join(s.command for s in tpl.steps if isinstance(s.command, str))
    except Exception:
        return False
    return reads_as_powershell_text(text)
