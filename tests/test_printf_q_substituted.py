"""``$(printf '%q' V)`` as a whole unquoted word after the first word of re-read code, and
``source <(printf 'NAME=%q\\n' V)``: the shell that re-reads the text gets the value's own
bytes (bash(1) printf %q), proven in real bash; the look-alikes that do run code stay
reported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GOOD = ROOT / "fixtures" / "rules" / "UL102" / "good_printf_q_substituted.json"
PAYLOADS = ["$(touch C1)", "`touch C2`", "a'b;touch C3", "x\ntouch C4", "a b;touch C5 #", '"; touch C6; "']

# an ssh stand-in that does what sshd does with the words after the host: joins them
# with blanks and hands the line to the remote user's shell
SSH = '#!/bin/bash\nwhile [[ $1 == -* ]]; do [[ $1 == -o ]] && shift; shift; done; shift\nexec bash -c "$*"\n'


def _lint(path: Path) -> list:
    r = subprocess.run(
        [sys.executable, "-m", "utcp_lint", "--format", "json", "--no-config", "--no-cache", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return json.loads(r.stdout)["findings"]


def test_good_shapes_have_no_code_finding():
    found = [f for f in _lint(GOOD) if f["severity"] == "error"]
    assert found == [], found


@pytest.mark.parametrize("value", PAYLOADS)
def test_good_shapes_run_nothing_in_real_bash(tmp_path, value):
    (tmp_path / "bin").mkdir()
    ssh = tmp_path / "bin" / "ssh"
    ssh.write_text(SSH)
    ssh.chmod(0o755)
    env = dict(os.environ, PATH=f"{tmp_path / 'bin'}:{os.environ['PATH']}", V=value)
    for tool in json.loads(GOOD.read_text())["tools"]:
        script = tool["tool_call_template"]["commands"][0]["command"].replace("UTCP_ARG_value_UTCP_END", '"$V"')
        subprocess.run(["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, timeout=30)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bin"]


def test_look_alikes_stay_reported(tmp_path):
    V = "UTCP_ARG_value_UTCP_END"
    shapes = {
        "eval_first_word": f"eval $(printf '%q' {V})",  # the value names the command that runs
        "ssh_percent_s": f"ssh ops@h df -h -- $(printf '%s' {V})",
        "ssh_inside_quotes": f"ssh ops@h \"df -h -- '$(printf '%q' {V})'\"",
        "source_percent_s": f"source <(printf 'P=%s\\n' {V})",
    }
    tools = [
        {
            "name": k,
            "description": "Run the step with the value.",
            "inputs": {"type": "object", "properties": {"value": {"type": "string"}}, "required": ["value"]},
            "tool_call_template": {"call_template_type": "cli", "commands": [{"command": c}]},
        }
        for k, c in shapes.items()
    ]
    m = tmp_path / "m.json"
    m.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}))
    hit = {f["tool"] for f in _lint(m) if f["rule"] == "UL102" and f["severity"] == "error"}
    assert hit == set(shapes), hit
