"""Issue 23 item 2: `"$(openssl … certs/VALUE.crt …)"` inside arithmetic-using steps.

Blind set H labelled ``cert_days_left`` safe and its UL110 warning a false positive
"on the arithmetic".  The warning is on the placeholder inside ``"$( … )"``: utcp-cli's
tracker believes it is inside double quotes and emits ``${VAR}``, but quoting starts
afresh inside ``$( )`` -- measured through the real client, the value is split and
globbed into openssl's argv (``x -out evil`` gives openssl ``-out evil.crt``).  The same
computation with the placeholder outside the quoted substitution stays one word and
draws no UL110; ``$( )`` inside ``$(( ))`` draws nothing by itself.
"""

import json
import re
import stat
from pathlib import Path

import pytest
from conftest import lint_json
from test_variables import call_via_client

SPLIT = (
    'end=$(date -d "$(openssl x509 -enddate -noout -in certs/UTCP_ARG_name_UTCP_END.crt | cut -d= -f2)" +%s); '
    "echo $(( (end - $(date +%s)) / 86400 )) days"
)
ONE_WORD = (
    "exp=$(openssl x509 -enddate -noout -in certs/UTCP_ARG_name_UTCP_END.crt | cut -d= -f2) || exit 1; "
    'end=$(date -d "${exp:-}" +%s); echo "$(( (${end:-0} - $(date +%s)) / 86400 )) days"'
)


@pytest.fixture
def openssl_shim(tmp_path, monkeypatch):
    d = tmp_path / "bin"
    d.mkdir()
    log = tmp_path / "argv.log"
    p = d / "openssl"
    p.write_text(
        "#!/bin/sh\n"
        f"for a; do printf '<%s>' \"$a\"; done >> '{log}'; echo >> '{log}'\n"
        "echo 'notAfter=Jan  1 00:00:00 2030 GMT'\n"
    )
    p.chmod(p.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{d}:/usr/bin:/bin")
    return log


def _manual(tmp_path: Path, command: str) -> Path:
    tool = {
        "name": "cert_days_left",
        "description": "days until the certificate expires",
        "inputs": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]},
        "tool_call_template": {
            "call_template_type": "cli",
            "commands": [{"command": command}],
            "working_dir": str(tmp_path),
        },
    }
    p = tmp_path / "m.json"
    p.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    return p


def _ul110(p: Path) -> list:
    _code, out = lint_json("--select", "UL110", p)
    return [f["severity"] for f in out["findings"]]


def test_placeholder_in_quoted_substitution_is_split(tmp_path, openssl_shim):
    p = _manual(tmp_path, SPLIT)
    call_via_client(p, "cert_days_left", args={"name": "x -out evil"})
    assert openssl_shim.read_text().splitlines() == ["<x509><-enddate><-noout><-in><certs/x><-out><evil.crt>"]
    assert _ul110(p) == ["warning"]


def test_placeholder_outside_quoted_substitution_stays_one_word(tmp_path, openssl_shim):
    p = _manual(tmp_path, ONE_WORD)
    call_via_client(p, "cert_days_left", args={"name": "x -out evil"})
    assert openssl_shim.read_text().splitlines() == ["<x509><-enddate><-noout><-in><certs/x -out evil.crt>"]
    assert _ul110(p) == []


# `$( )` inside `$(( ))`, `[[ ]]` and quoted strings: the shapes authors write around git,
# jq, curl, stat, wc, python -- none of them is an unquoted use of the value
ARITHMETIC_OVER_SUBSTITUTIONS = {
    "cert_days_left": 'exp=$(openssl x509 -enddate -noout -in certs/UTCP_ARG_name_UTCP_END.crt | cut -d= -f2) || exit 1; end=$(date -d "${exp:-}" +%s); echo "$(( (${end:-0} - $(date +%s)) / 86400 )) days"',
    "file_age_seconds": 'd=$(( $(date +%s) - $(stat -c %Y -- UTCP_ARG_f_UTCP_END) )); echo "${d:-0}s old"',
    "git_recent_if_busy": "[[ $(git rev-list --count HEAD) -gt 10 ]] && git log --oneline -n 5 -- UTCP_ARG_path_UTCP_END",
    "git_on_branch": 'if [[ "$(git rev-parse --abbrev-ref HEAD)" == UTCP_ARG_branch_UTCP_END ]]; then echo same; else echo other; fi',
    "csv_all_but_last": 'n=$(( $(wc -l < data.csv) - 1 )); head -n "${n:-1}" -- UTCP_ARG_f_UTCP_END',
    "jq_count_plus_one": "total=$(( $(jq '.items | length' -- UTCP_ARG_f_UTCP_END) + 1 )); echo \"${total:-0}\"",
    "curl_double_count": 'echo "$(( $(curl -s https://api.example.com/count) * 2 )) for UTCP_ARG_who_UTCP_END"',
    "python_days_left": "echo $(( ($(python3 -c 'import sys,datetime; print(int(datetime.datetime.fromisoformat(sys.argv[1]).timestamp()))' UTCP_ARG_when_UTCP_END) - $(date +%s)) / 86400 ))",
}


def test_substitutions_in_arithmetic_draw_no_ul110(tmp_path):
    tools = []
    for name, command in ARITHMETIC_OVER_SUBSTITUTIONS.items():
        args = sorted(set(re.findall(r"UTCP_ARG_(\w+?)_UTCP_END", command)))
        tools.append(
            {
                "name": name,
                "description": name,
                "inputs": {"type": "object", "properties": {a: {"type": "string"} for a in args}, "required": args},
                "tool_call_template": {"call_template_type": "cli", "commands": [{"command": command}]},
            }
        )
    p = tmp_path / "arith.json"
    p.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}))
    _code, out = lint_json("--select", "UL110,UL101,UL155,UL117", p)
    assert out["findings"] == []
    # and the one shape that splits is still reported
    assert _ul110(_manual(tmp_path, SPLIT)) == ["warning"]
