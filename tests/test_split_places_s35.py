"""Issue 23 (set J misses, part 1): words split from a value in the places bash splits
them -- a ``for`` list, an array literal, a runner's command position -- proven through
the REAL runtime (utcp 1.2.0 + utcp-cli 1.1.5, tests/realcli.py) with the fixture
templates themselves, and reported by the rules that own them."""

from __future__ import annotations

import json
import os
import shutil
import stat

import pytest
from conftest import FIXTURES, lint_json
from realcli import call

UL117 = FIXTURES / "rules" / "UL117"
needs_bash = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is missing")


def _tools(path):
    return {t["name"]: t for t in json.loads(path.read_text())["tools"]}


def _stubs(tmp_path, names):
    """Programs ``names`` that record each argv as one JSON line in ``$RECORD``."""
    d = tmp_path / "stubs"
    d.mkdir()
    for n in names:
        p = d / n
        # one write per call (pipeline stages run at once): line = name TAB arg TAB …
        p.write_text(
            '#!/bin/sh\nline=$(printf \'%s\\t\' "$(basename "$0")" "$@")\nprintf \'%s\\n\' "$line" >> "$RECORD"\n'
        )
        p.chmod(p.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    rec = tmp_path / "record"
    rec.write_text("")
    return {"PATH": f"{d}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}", "RECORD": str(rec)}, rec


def _calls(rec, prog):
    return [line.rstrip("\t").split("\t")[1:] for line in rec.read_text().splitlines() if line.startswith(prog + "\t")]


@needs_bash
@pytest.mark.parametrize(
    ("tool", "prog", "value"),
    [
        ("port_probe_loop", "nc", "8080 9090"),
        ("branch_cleanup", "git", "feature/a feature/b"),
        ("item_fetch", "curl", "11 12"),
        ("image_pull", "docker", "web:1 db:2"),
    ],
)
def test_for_list_and_array_substitution_split_the_value(tmp_path, tool, prog, value):
    t = _tools(UL117 / "bad_for_list_substitution.json")[tool]
    work = tmp_path / "work"
    work.mkdir()
    env, rec = _stubs(tmp_path, ["nc", "git", "curl", "jq", "docker"])
    (arg,) = t["inputs"]["properties"]
    try:
        call(t["tool_call_template"], {arg: value}, work, env)
    except Exception:  # a failing step still ran the loop
        pass
    calls = _calls(rec, prog)
    # one value, one call per blank-separated piece: the loop ran once per piece
    assert len(calls) == 2, calls
    a, b = value.split()
    assert a in calls[0][-1] and b in calls[1][-1], calls


def test_for_list_and_array_substitution_are_split_warnings():
    _code, out = lint_json("--select", "UL117", UL117 / "bad_for_list_substitution.json")
    got = {(f["tool"], f["severity"]) for f in out["findings"]}
    assert got == {
        ("port_probe_loop", "warning"),
        ("branch_cleanup", "warning"),
        ("item_fetch", "warning"),
        ("image_pull", "warning"),
    }
    _code, out = lint_json("--select", "UL117", UL117 / "good_for_list_substitution.json")
    assert out["findings"] == []
