"""A binding in the use's own block, or one enclosing it, kills the name's earlier bindings
(issue 25: ``if x: cmd = "git add ."; run(cmd, shell=True)`` after ``cmd = f"...{param}"`` saw
the f-string too, and the call sites of such functions were reported as passing it).

End to end through the CLI on ``fixtures/pyscan/reachblock``: every ``# FLAG`` line of the bad
tree is reported once, the good tree has no finding; and the labels are proven with the
fixture's own functions run with a payload through ``/bin/sh``: the bad ones write the canary,
the good ones do not.
"""

import importlib.util
import os
import shutil

import pytest
from conftest import FIXTURES, flagged_tree, lint_ul4

TREE = FIXTURES / "pyscan" / "reachblock"


def test_bad_lines_flagged_good_tree_clean():
    found, by_line = flagged_tree(TREE / "bad")
    assert {f["rule"] for f in found} == {"UL401"}
    assert "parameter 'branch'" in by_line[("gitops.py", 9)]["message"]
    assert "parameter 'base'" in by_line[("gitops.py", 16)]["message"]
    code, good = lint_ul4(TREE / "good")
    assert code == 0 and good == [], good


def _load(kind):
    spec = importlib.util.spec_from_file_location(f"reachblock_{kind}", TREE / kind / "gitops.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_labels_hold_in_a_real_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    canary = tmp_path / "canary"
    payload = f"x; touch {canary}"
    bad, good = _load("bad"), _load("good")
    good.export(str(tmp_path), payload)
    good.status(payload, short=True)
    assert not canary.exists()
    bad.log(payload, quiet=False)
    assert canary.exists()
    os.unlink(canary)
    bad.log(payload, quiet=True)  # on this path the constant replaced it; on the one above the f-string ran
    assert not canary.exists()
    bad.export(str(tmp_path), payload)
    assert canary.exists()
