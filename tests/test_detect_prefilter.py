"""The PowerShell auto-detection prefilters (template/detect.py) are necessary
conditions: the prefiltered, short-circuiting answers are identical to the
plain regexes on generated text and on every command of the fixtures, the
corpus and the detection test lists."""

from __future__ import annotations

import glob
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from utcp_lint.core.findings import SourceFile
from utcp_lint.document.jsonpos import parse
from utcp_lint.ruleset.context import DocumentContext, LintOptions
from utcp_lint.template.detect import reads_as_powershell_text, signals, signals_unfiltered

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"

# fragments that trigger (or nearly trigger) every signal, mixed with noise
PIECES = [
    "Get-ChildItem",
    "get-content",
    "-Path",
    "-X",
    "-like ",
    " -f ",
    "$env:HOME",
    "${ENV:x}",
    "$null",
    "$NULL",
    "> $null",
    "iex ",
    "IEX",
    "cmd /c",
    "cmd.exe /K",
    "[System.IO.File]::Read",
    "[string]",
    "[int]",
    "@'\n",
    '@"\n',
    "| % {",
    "| ? {",
    "& '",
    "& $x",
    "C:\\Win",
    "`n",
    "`\n",
    "``",
    "$x = 1",
    "x=1",
    ";",
    "|",
    "&",
    "(",
    "{",
    "=",
    "\n",
    " ",
    "\t",
    "echo",
    "ls -la",
    "UTCP_ARG_a_UTCP_END",
    "Write-Host",
    "Invoke-Expression",
    "ConvertTo-Json",
    "K",
    "\u212a",
    "İ",
    "é",
    "-Ab",
    "a-B",
    # the ASCII-only conditions (verb before -[A-Z], lower-case cmdlet names)
    "set-Item",
    "xset-Item",
    "Out-Null",
    "\u017fet-Item",
    "\u0131nvoke-expression",
    "s\u212aip-X",
    # spaced assignment, call operator, cmd /c conditions
    "$x\u2003= 1",
    "$x\x1c= ",
    "&\u2003'",
    "& \u201c",
    "&\t$y",
    "cmd /K",
    "cmd.exe  /k",
    "&&",
]


def _agree(text: str):
    assert signals(text) == signals_unfiltered(text), text
    strong, medium = signals_unfiltered(text)
    assert reads_as_powershell_text(text) == (bool(strong) or len(set(medium)) >= 2), text


@settings(max_examples=1500, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=4)), max_size=12))
def test_prefilter_is_exact_on_generated_text(parts):
    _agree("".join(parts))


def test_prefilter_is_exact_on_every_known_command():
    import test_powershell_detect as td  # the curated bash and PowerShell lists (tests/ is on sys.path)

    texts = list(td.BASH) + list(td.POWERSHELL)
    for f in sorted(glob.glob(str(ROOT / "fixtures" / "**" / "*.json"), recursive=True)) + sorted(
        glob.glob(str(SHARED / "corpus" / "**" / "*.json"), recursive=True)
    ):
        try:
            text = open(f, encoding="utf-8-sig").read()
            doc = DocumentContext(SourceFile(f, text), parse(text), LintOptions())
            tpls = doc.templates
        except Exception:
            continue
        texts += ["\n".join(s.command for s in t.steps) for t in tpls]
    assert len(texts) > 300
    detected = 0
    for t in texts:
        _agree(t)
        detected += reads_as_powershell_text(t)
    assert detected >= len(td.POWERSHELL)  # the PowerShell list is still recognised
