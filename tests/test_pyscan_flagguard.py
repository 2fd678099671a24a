"""A shell flag that is false where the call runs (issue 25, pyP2: linter/pyscan/flagguard.py).

End to end through the CLI on ``fixtures/pyscan/flagguard``: the argv branch of runners that
choose the shell with a flag (after ``if self._shell: return ...`` with the flag in an
``opts`` dict that also takes the caller's ``**kwargs``; the ``else`` of ``if use_shell:``;
the body of ``if not shell:``) is not reported; the bad module's calls reached with the flag
true (the ``if`` does not leave the function, or the call follows ``if not flag: return``)
are.  The claim is proven with real ``/bin/sh`` and a canary file: the argv branch runs a
hostile command line as plain words.
"""

import importlib.util
import shutil

import pytest
from conftest import FIXTURES, lint_json, marked_lines

TREE = FIXTURES / "pyscan" / "flagguard"


def _findings(tree):
    _code, out = lint_json("--no-cache", "--no-config", "--select", "UL4", "--project-root", ".", ".", cwd=tree)
    assert not out["errors"], out["errors"]
    for f in out["findings"]:
        assert f["line"] >= 1 and f["column"] >= 1 and f["severity"] in ("error", "warning", "note"), f
    return out["findings"]


def test_good_module_is_quiet():
    assert _findings(TREE / "good") == []


def test_bad_module_flags_every_marked_call():
    got = sorted((f["path"], f["line"]) for f in _findings(TREE / "bad"))
    assert got == sorted(marked_lines(TREE / "bad")), got
    assert len(got) == 2


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_canary_the_argv_branch_runs_no_shell(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("fg_shellcmd", TREE / "good" / "shellcmd.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.chdir(tmp_path)
    canary = tmp_path / "canary"
    hostile = "echo x ; touch canary"
    mod.ShellCommand(hostile, shell=False, cwd=tmp_path).run("$(touch canary)", capture_output=True)
    mod.start(hostile, use_shell=False).wait()
    mod.call(hostile, shell=False)
    assert not canary.exists()
    # the flag true: the same text is shell code
    import subprocess

    subprocess.run(hostile, shell=True, cwd=tmp_path, check=False)
    assert canary.exists()
