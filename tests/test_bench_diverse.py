"""bench/diverse.py, the default input of the throughput benches (issue 29):
no step repeats, every placeholder is a declared input, every tool lints."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import diverse  # noqa: E402


def test_no_step_repeats_and_placeholders_are_declared():
    tools = diverse.make_tools(300, 10, seed=3)
    cmds = [c["command"] for t in tools for c in t["tool_call_template"]["commands"]]
    assert len(cmds) == 3000 and len(set(cmds)) == 3000
    programs = {c.split()[0] for c in cmds}
    assert len(programs) >= 50, sorted(programs)
    for t in tools:
        used = {
            m
            for c in t["tool_call_template"]["commands"]
            for m in re.findall(r"UTCP_ARG_(\w+?)_UTCP_END", c["command"])
        }
        assert used == set(t["inputs"]["properties"]), t["name"]
    # same seed, same manual: a bench run is reproducible
    assert diverse.make_tools(5, 4, seed=3) == diverse.make_tools(5, 4, seed=3)


def test_generated_manual_lints_without_errors(tmp_path):
    out = tmp_path / "m.json"
    assert diverse.main([str(out), "--tools", "40", "--steps", "5"]) == 0
    r = subprocess.run(
        [sys.executable, "-m", "utcp_lint.cli.app", "--format", "json", "--no-config", "--no-cache", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode in (0, 1), r.stderr
    report = json.loads(r.stdout)
    assert report["errors"] == []
    assert {f["tool"] for f in report["findings"]} <= {f"tool_{i}" for i in range(40)}
