"""bench/pyscan_phase_cpu.py: the CPU of each phase of the Python scan, per tree, read
with the CPU clock in the tree's own process (session 45)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import pyscan_phase_cpu  # noqa: E402

WRAPPER = """import subprocess


def run(cmd):
    return subprocess.run(cmd, shell=True)
"""
CALLER = """import sys

from pkg.wrap import run


def main():
    run(sys.argv[1])
"""


def test_phases_of_a_tree_are_measured_and_nested(tmp_path, capsys):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "wrap.py").write_text(WRAPPER)
    (tmp_path / "pkg" / "cli.py").write_text(CALLER)
    assert pyscan_phase_cpu.main([str(tmp_path), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    phases = got["phases"]
    # every file is read and its words made; the wrapper is scanned (parsed, its scope
    # model built), the caller only read again by the project pass
    assert phases["read"][0] == 3 and phases["words"][0] == 3
    assert phases["scan"][0] == 1 and phases["project pass"][0] == 1
    assert phases["parse"][0] == 2 and phases["scope model"][0] == 2
    total = got["total"]
    assert total > 0
    assert all(0 <= cpu <= total for _calls, cpu in phases.values())
    # outermost calls only: the parses happen inside the scan and the project pass
    assert phases["parse"][1] <= phases["scan"][1] + phases["project pass"][1]
    assert got["trees"][str(tmp_path)]["total"] == total


def test_no_tree_says_so(tmp_path, capsys):
    assert pyscan_phase_cpu.main(["--split", "no-such-split", "--cache", str(tmp_path)]) == 0
    assert "no tree" in capsys.readouterr().out
