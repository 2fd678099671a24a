"""A guard chain ``[[ A ]] && [[ B ]] || { …; exit; }``: both tests hold after the list (and
A holds in B), so a value both regexes limit to digits cannot carry ``a[$(cmd)]`` into
``$(( ))``; proven in real bash.  Without the exit, with ``||`` between the tests, or with
a test that limits nothing, the value stays reported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

V = "UTCP_ARG_{}_UTCP_END"
SAFE = {
    "chain_exit": "[[ {a} =~ ^-?[0-9]+$ ]] && [[ {b} =~ ^-?[0-9]+$ ]] || {{ echo 'not integers'; exit 2; }}; "
    "echo $(( {a} + {b} ))",
    "chain3_exit": "[[ {a} =~ ^[0-9]+$ ]] && [[ {b} =~ ^[0-9]+$ ]] && echo ok || exit 1; echo $(( {a} * {b} ))",
}
UNSAFE = {
    "chain_noexit": "[[ {a} =~ ^-?[0-9]+$ ]] && [[ {b} =~ ^-?[0-9]+$ ]] || echo 'not integers'; echo $(( {a} + {b} ))",
    "chain_or": "[[ {a} =~ ^[0-9]+$ ]] || [[ {b} =~ ^[0-9]+$ ]] || exit 1; echo $(( {a} + {b} ))",
    "chain_one_guard": "[[ {a} =~ ^[0-9]+$ ]] && [[ -n {b} ]] || exit 1; echo $(( {a} + {b} ))",
}
PAYLOAD = "x[$(touch CANARY)]"


def _cmd(shape: str, a: str, b: str) -> str:
    return shape.format(a=a, b=b)


def _manual(tmp_path: Path, shapes: dict) -> Path:
    tools = [
        {
            "name": k,
            "description": "Add the integers a and b.",
            "inputs": {
                "type": "object",
                "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
                "required": ["a", "b"],
            },
            "tool_call_template": {
                "call_template_type": "cli",
                "commands": [{"command": _cmd(s, V.format("a"), V.format("b"))}],
            },
        }
        for k, s in shapes.items()
    ]
    m = tmp_path / "m.json"
    m.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}))
    return m


def _ul101(m: Path) -> set:
    r = subprocess.run(
        [sys.executable, "-m", "utcp_lint", "--format", "json", "--no-config", "--no-cache", str(m)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return {(f["tool"], f["message"].split("'")[1]) for f in json.loads(r.stdout)["findings"] if f["rule"] == "UL101"}


def test_chain_guards_are_read_and_look_alikes_stay_reported(tmp_path):
    assert _ul101(_manual(tmp_path, SAFE)) == set()
    found = _ul101(_manual(tmp_path, UNSAFE))
    assert {("chain_noexit", "a"), ("chain_noexit", "b"), ("chain_or", "a"), ("chain_or", "b")} <= found
    assert ("chain_one_guard", "b") in found and ("chain_one_guard", "a") not in found


@pytest.mark.parametrize("name", sorted(SAFE) + sorted(UNSAFE))
@pytest.mark.parametrize("which", ["a", "b"])
def test_real_bash_agrees(tmp_path, name, which):
    shape = {**SAFE, **UNSAFE}[name]
    env = dict(os.environ, A="3", B="4")
    env[which.upper()] = PAYLOAD
    subprocess.run(["bash", "-c", _cmd(shape, '"$A"', '"$B"')], cwd=tmp_path, env=env, capture_output=True, timeout=30)
    ran = (tmp_path / "CANARY").exists()
    if name in SAFE:
        assert not ran
    elif name == "chain_one_guard" and which == "a":
        assert not ran
    elif name == "chain_or":
        # the other test may pass: a=3 lets a payload in b through, and the reverse
        assert ran
    else:
        assert ran
