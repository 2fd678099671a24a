"""A shell flag computed from the command's type (issue 25, pyP2: linter/pyscan/textflag.py).

End to end through the CLI on ``fixtures/pyscan/textflag``: runners that start a shell only
when the command is a string (``shell=True if isinstance(self.cmd, str) else False`` in a
``**kwargs`` dict with the command kept in ``self``, ``shell=type(cmd) is str``, a
``{"shell": isinstance(cmd, str)}`` options dict) run a caller's list as an argv.  The good
tree's callers hand them lists (a prefix the object keeps, ``to_options(...) + [...]``):
no finding in ``repo.py``; the bad tree's callers hand them strings built from values:
each ``# FLAG`` line is reported.  The runners' own findings are the same in both trees.
The claim that a list runs no shell is proven with real ``/bin/sh`` and a canary file.
"""

import importlib.util
import shutil

import pytest
from conftest import FIXTURES, lint_json, marked_lines

TREE = FIXTURES / "pyscan" / "textflag"


def _findings(tree):
    _code, out = lint_json("--no-cache", "--no-config", "--select", "UL4", "--project-root", ".", ".", cwd=tree)
    assert not out["errors"], out["errors"]
    for f in out["findings"]:
        assert f["line"] >= 1 and f["column"] >= 1 and f["severity"] in ("error", "warning", "note"), f
        assert f["rule"].startswith("UL4") and f["confidence"], f
    return out["findings"]


def test_bad_callers_passing_strings_are_reported():
    got = sorted((f["path"], f["line"]) for f in _findings(TREE / "bad") if f["path"].endswith("repo.py"))
    assert got == sorted(marked_lines(TREE / "bad")), got
    assert got  # the fixture marks lines


def test_good_callers_passing_lists_are_not_reported():
    got = [(f["rule"], f["line"]) for f in _findings(TREE / "good") if f["path"].endswith("repo.py")]
    assert got == [], got


def test_the_runners_keep_their_own_findings():
    def runner(tree):
        return sorted((f["rule"], f["line"]) for f in _findings(tree) if f["path"].endswith("runner.py"))

    good = runner(TREE / "good")
    assert good == runner(TREE / "bad")
    assert ("UL401", 23) in good  # Popen(self.cmd, **kwargs): a string given to it runs in sh


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_canary_a_list_runs_no_shell_a_string_does(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("tf_runner", TREE / "good" / "vcs" / "runner.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.chdir(tmp_path)
    canary = tmp_path / "canary"
    payload = "x; touch canary"
    mod.check_output(["echo", payload])  # shell=type(cmd) is str: False
    mod.call(["echo", payload])  # {"shell": isinstance(cmd, str)}: False
    mod.ThreadedRunner(["echo", payload]).run()
    assert not canary.exists()
    mod.call("echo " + payload)  # a string: /bin/sh -c runs it
    assert canary.exists()
    canary.unlink()
    mod.ThreadedRunner("echo " + payload).run()
    assert canary.exists()
