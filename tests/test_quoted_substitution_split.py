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
