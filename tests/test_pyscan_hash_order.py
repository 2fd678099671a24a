"""Findings do not depend on Python's string hashing (issue 25): which call chain a
UL411 finding names used to follow the iteration order of a set of parameters, so
the same tree gave different messages from run to run (thonny's run_in_terminal, a
wrapper whose parameters reach three platform-specific shells).  The fixture is that
shape; without the fix five of thirteen hash seeds named another chain."""

import json
import os

from conftest import FIXTURES, run_cli

TREE = FIXTURES / "pyscan" / "hashorder"


def _run(seed: int) -> str:
    env = dict(os.environ, PYTHONHASHSEED=str(seed))
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", ".", cwd=TREE, env=env)
    assert "Traceback" not in r.stderr
    return r.stdout


def test_same_findings_under_every_hash_seed():
    outs = {_run(seed) for seed in range(8)}
    assert len(outs) == 1
    found = json.loads(outs.pop())["findings"]
    chains = [f["message"] for f in found if f["rule"] == "UL411"]
    assert chains and all("call chain open_custom_system_shell() -> run_in_terminal() ->" in m for m in chains)
