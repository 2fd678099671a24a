"""A command line built with values, handed whole to a runner that splits it with
``shlex.split`` (issue 25, UL411; splitwords.py).

``run(f'sh -c "git -C {repo} log | head -n {n}"')`` with ``run`` doing
``subprocess.run(shlex.split(cmd))`` in another module starts ``sh -c`` whose code holds
the values: the quotes written in the template keep the script one word (shlex docs).
End to end through the CLI on ``fixtures/pyscan/crossmod_splitline``: each ``# FLAG``
line gets exactly one UL411, the good tree (quoted words for git/kubectl/find, a value
as ``$1`` of a constant script, a constant docker pipeline) none; the flows are real
(the fixture's own runner runs a payload that writes a canary); no dependence on
``PYTHONHASHSEED``.  A runner class (``Command(cmd)`` keeping ``self.cmd`` for
``Worker(self.cmd)``, whose ``__init__`` splits it and ``execute`` runs ``list(self.cmd)``)
is followed like a runner function (runnerclass.py).
"""

import shutil
import sys

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines

TREE = FIXTURES / "pyscan" / "crossmod_splitline"


def test_split_command_lines_reaching_sh_c_are_reported_at_the_caller():
    code, fs = lint_ul4(TREE / "bad")
    assert code == 1
    got = sorted((f["path"].split("bad/", 1)[-1], f["line"]) for f in fs if f["rule"] == "UL411")
    assert got == sorted(marked_lines(TREE / "bad")), got
    assert [f for f in fs if f["rule"] != "UL411"] == [], fs
    own = next(f for f in fs if f["line"] == 9)
    assert "'owner' (unquoted)" in own["message"] and "sh -c" in own["message"], own


def test_good_tree_is_quiet():
    assert lint_ul4(TREE / "good") == (0, [])


def test_findings_do_not_depend_on_the_hash_seed():
    assert lint_ul4(TREE / "bad", "0") == lint_ul4(TREE / "bad", "4242")


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs sh")
def test_flagged_flow_really_runs_the_payload(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for name in [m for m in sys.modules if m == "splitkit" or m.startswith("splitkit.")]:
        monkeypatch.delitem(sys.modules, name)
    from splitkit import ops

    canary = tmp_path / "canary"
    ops.own(f"nobody; touch {canary};", str(tmp_path / "nofile"))
    assert canary.exists()
    # through the runner class: Command keeps the line, Worker splits and runs it
    canary2 = tmp_path / "canary2"
    ops.set_shell(f"x; touch {canary2}", "/bin/sh")
    assert canary2.exists()
