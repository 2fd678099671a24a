"""``--shell auto``: does a template read as PowerShell?  (template/detect.py)

The numbers recorded in docs/design/powershell.md come from
``test_detection_measurement`` (run with ``-s`` to print them).  The previous
one-regex heuristic is kept here as the anchor it is measured against.
"""

import glob
import re

import pytest
from conftest import SHARED

from utcp_lint.core.findings import SourceFile
from utcp_lint.document.jsonpos import parse
from utcp_lint.ruleset.context import DocumentContext, LintOptions
from utcp_lint.template.detect import reads_as_powershell, reads_as_powershell_text, signals

# the heuristic before this change (foundation commit), kept as the anchor
_OLD = re.compile(
    r"\$env:|\b(?:Get|Set|New|Remove|Invoke|Write|Select|Where|ForEach|Start|Stop|Test|Out|ConvertTo|"
    r"ConvertFrom|Import|Export|Add|Format|Measure|Sort|Join|Split|Resolve|Copy|Move|Rename)-[A-Z][A-Za-z]+"
    r"|\biex\b|\[scriptblock\]|\bpwsh\b|\bpowershell(?:\.exe)?\b|`[\"'$`nrt0]|@['\"]\s*$|\$\(\s*Get-",
    re.IGNORECASE | re.MULTILINE,
)

U = "UTCP_ARG_{}_UTCP_END".format

BASH = [
    f"add-apt-repository -y ppa:x/y && apt-get install -y {U('pkg')}",
    'echo "Cores: `nproc`"',
    "echo `date` >> log.txt",
    '[[ -n "$x" ]] && echo "`whoami`"',
    f'if [ "$a" -eq 1 ]; then echo {U("x")}; fi',
    f"git log --format='%H %s' -n {U('n')}",
    f"awk '{{print $1}}' {U('f')}",
    f"java -Xmx512m -jar app.jar {U('a')}",
    f"gcc -Wall -Werror -o out {U('src')}",
    "docker run --rm -e FOO=bar image:tag",
    f"curl -s \"https://api.example.com/v1?q={U('q')}\" | jq '.items[] | {{id, name}}'",
    'for f in *.txt; do wc -l "$f"; done',
    f"find . -name '*.py' -exec grep -l {U('p')} {{}} +",
    f"sed -e 's/foo/{U('x')}/g' file.txt",
    f"kubectl get pods -n {U('ns')} -o json",
    f'python3 -c "import sys; print(sys.argv[1])" {U("a")}',
    "cat <<'EOF'\nhello\nEOF",
    "echo a >/dev/null 2>&1",
    "test -f /etc/passwd && echo yes",
    f"make -C {U('dir')} -j4",
    "npm run build -- --Mode=prod",
    f'git commit -m "Update-Readme: {U("msg")}"',
    "echo 'Get-ChildItem is a cmdlet'",
    f"tar -C /tmp -xzf {U('f')}",
    "rsync -avz --exclude='*.log' src/ dst/",
    f"ffmpeg -i {U('in')} -vf scale=640:-1 out.mp4",
    'echo "Path: C:\\\\Users"',
    'psql -U postgres -c "SELECT 1"',
    f'ssh user@host "uptime; df -h {U("fs")}"',
    "export A=1; env | grep A",
    "iex_runner --verbose",
    "set -euo pipefail; echo ok",
]

POWERSHELL = [
    f'Get-ChildItem -Path "{U("path")}" | Select-Object Name',
    f'Write-Output "Hello, {U("name")}"',
    f'$r = Invoke-RestMethod -Uri "https://api/x?q={U("q")}"; $r | ConvertTo-Json',
    f'Get-Content "{U("file")}" -Tail 10',
    f'Test-Path "{U("p")}"',
    f'[System.IO.File]::ReadAllText("{U("p")}")',
    f'iex "{U("code")}"',
    f"Write-Host $env:USERNAME {U('x')}",
    f'Start-Process notepad.exe -ArgumentList "{U("f")}"',
    f'cmd /c "dir {U("d")}"',
    f'& "C:\\Program Files\\Tool\\tool.exe" {U("x")}',
    f'Remove-Item -Recurse -Force "{U("p")}"',
    f'$p = "{U("p")}"; if (Test-Path $p) {{ Get-Item $p }}',
    "Get-Process | Where-Object { $_.CPU -gt 100 }",
    f'python -c "print(1)" {U("a")} 2>$null',
    f'New-Item -ItemType Directory -Path "{U("d")}" | Out-Null',
    f"git log -n {U('n')} | Out-String",
    f'Invoke-Expression "{U("c")}"',
    f"@'\nsome text {U('x')}\n'@ | Set-Content out.txt",
    f"$ErrorActionPreference = 'Stop'; npm install {U('pkg')}",
    f'Add-Type -TypeDefinition "{U("src")}"',
    f"get-childitem {U('p')}",
    f"$items = ls {U('d')} | % {{ $_.Name }}",
    f"Write-Output \u2018{U('x')}\u2019",
]


def test_tricky_bash_is_not_powershell():
    wrong = [c for c in BASH if reads_as_powershell_text(c)]
    assert wrong == [], [(c, signals(c)) for c in wrong]


def test_powershell_is_detected():
    missed = [c for c in POWERSHELL if not reads_as_powershell_text(c)]
    assert missed == [], [(c, signals(c)) for c in missed]


def _corpus_templates():
    out = []
    for f in sorted(glob.glob(str(SHARED / "corpus" / "*" / "*.json"))):
        text = open(f, encoding="utf-8").read()
        try:
            root = parse(text)
        except Exception:
            continue
        out += DocumentContext(SourceFile(f, text), root, LintOptions()).templates
    return out


def test_corpus_is_all_bash():
    """The shared corpus has no PowerShell template (checked by hand: every
    command is POSIX shell); none may be detected as PowerShell."""
    tpls = _corpus_templates()
    assert len(tpls) >= 30
    assert [t.tool for t in tpls if reads_as_powershell(t)] == []


def test_detection_measurement(capsys):
    """Old vs new heuristic on the same lists, measured in the same run."""
    corpus = ["\n".join(s.command for s in t.steps) for t in _corpus_templates()]
    old = {
        "bash_fp": sum(bool(_OLD.search(c)) for c in BASH),
        "ps_hits": sum(bool(_OLD.search(c)) for c in POWERSHELL),
        "corpus_fp": sum(bool(_OLD.search(c)) for c in corpus),
    }
    new = {
        "bash_fp": sum(reads_as_powershell_text(c) for c in BASH),
        "ps_hits": sum(reads_as_powershell_text(c) for c in POWERSHELL),
        "corpus_fp": sum(reads_as_powershell_text(c) for c in corpus),
    }
    with capsys.disabled():
        print(f"\n[detect] bash list n={len(BASH)} ps list n={len(POWERSHELL)} corpus n={len(corpus)}")
        print(f"[detect] old: {old}")
        print(f"[detect] new: {new}")
    assert new["bash_fp"] < old["bash_fp"]
    assert new["ps_hits"] >= old["ps_hits"]
    assert new["corpus_fp"] == 0


@pytest.mark.parametrize("text", ["", "\x00", "`" * 3, "@'\n" * 50, "$env:" * 1000])
def test_detection_never_crashes(text):
    assert reads_as_powershell_text(text) in (True, False)
