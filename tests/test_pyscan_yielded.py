"""Commands a framework operation yields to a shell (issue 25: pyinfra ``@operation``).

End to end through the CLI on ``fixtures/pyscan/yielded``: an operation module
(``ops/files.py``) whose ``@operation`` yields commands built from its own
parameters, directly and through a generator it delegates to with ``yield
from``, and the deploy module calling it.  Every ``# FLAG`` line gets one UL404
(and nothing else of UL404); the good tree (values quoted with ``shlex.quote``
as whole words, constant commands, a plain generator) stays quiet; the flagged
commands really run a payload through bash (a canary), the good ones do not;
the findings do not depend on the hash seed.
"""

import importlib
import json
import os
import subprocess
import sys
import types

import pytest
from conftest import FIXTURES, lint_json, marked_lines, run_cli

TREE = FIXTURES / "pyscan" / "yielded"


def _lint(tree):
    code, out = lint_json("--no-cache", "--select", "UL4", "--project-root", ".", ".", cwd=tree)
    assert not out["errors"], out["errors"]
    return code, out["findings"]


def test_bad_tree_flags_each_yielded_command_once():
    code, found = _lint(TREE / "bad")
    assert code == 1
    got = [(f["path"], f["line"]) for f in found if f["rule"] == "UL404"]
    assert sorted(got) == sorted(marked_lines(TREE / "bad"))
    f = next(f for f in found if f["rule"] == "UL404" and f["line"] == 9)
    assert f["severity"] == "error" and f["column"] == 9
    assert "pyinfra runs through a remote shell" in f["message"]
    assert "parameter 'dest'" in f["message"]


def test_good_tree_is_quiet():
    code, found = _lint(TREE / "good")
    assert code == 0, found
    assert found == []


@pytest.fixture
def ops_module(monkeypatch):
    """Import a tree's operation module with pyinfra's decorator standing in as the identity."""
    api = types.ModuleType("pyinfra.api")
    api.operation = lambda *a, **k: a[0] if a and callable(a[0]) else (lambda f: f)
    monkeypatch.setitem(sys.modules, "pyinfra", types.ModuleType("pyinfra"))
    monkeypatch.setitem(sys.modules, "pyinfra.api", api)

    pkgs = {"bad": "ops", "good": "quiet_ops"}  # distinct names: one tree's deploy never resolves the other's

    def load(which):
        pkg = pkgs[which]
        # another test of this worker may have imported a package of the same name
        # (tests/test_pyscan_project_argv.py has its own ``ops``): import this tree's
        for m in [m for m in sys.modules if m == pkg or m.startswith(pkg + ".")]:
            monkeypatch.delitem(sys.modules, m)
        monkeypatch.syspath_prepend(str(TREE / which))
        importlib.invalidate_caches()
        return importlib.import_module(pkg + ".files")

    yield load
    for p in pkgs.values():
        sys.modules.pop(p, None)
        sys.modules.pop(p + ".files", None)


@pytest.mark.parametrize("which, runs", [("bad", True), ("good", False)])
def test_yielded_commands_run_the_payload_through_bash(tmp_path, ops_module, which, runs):
    """What pyinfra does with each yielded string (``sh -c``), done with real bash."""
    files = ops_module(which)
    canary = tmp_path / "canary"
    payload = f"x$(touch {canary})"
    for cmd in files.copy(src=payload, dest=str(tmp_path / "d"), backup=True):
        subprocess.run(["bash", "-c", str(cmd)], cwd=tmp_path, capture_output=True, timeout=30)
    assert canary.exists() is runs


def test_findings_do_not_depend_on_the_hash_seed():
    seen = set()
    for seed in ("1", "2", "7"):
        r = run_cli(
            "--format", "json", "--no-config", "--no-cache", "--select", "UL4", "--project-root", ".", ".",
            cwd=TREE / "bad", env=dict(os.environ, PYTHONHASHSEED=seed),
        )  # fmt: skip
        seen.add(
            tuple(sorted((f["path"], f["line"], f["rule"], f["message"]) for f in json.loads(r.stdout)["findings"]))
        )
    assert len(seen) == 1, seen
