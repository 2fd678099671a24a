"""A shell flag true by default, across modules (issue 25; drep's ``run_cmd(cmd, dry=False,
shell=True, logdir=False)``: ``if shell: call(cmd, shell=True) else: call(cmd)``).

The helper runs a shell in its own file (UL401 there: its default), and for every caller
that leaves the flag so; a caller passing a false ``shell`` takes the other branch, an
argv (Python reference, "The if statement"; ``subprocess``: a sequence without a shell).
Before, the command's reach stood for every caller: drep 4.0.3's calls passing
``shell=False`` were all reported (wave 13's fresh81).  The same for ``shell=shell``
with a true default (``def run(cmd, shell=True)``).

End to end through the CLI on ``fixtures/pyscan/crossmod_trueflag``: the bad tree's
``# FLAG`` calls (the default left, or ``shell=True`` passed) get one UL411 each, the
message saying the default decided; the good tree's calls (``shell=False`` by keyword
and by position, a constant command) get none; both trees keep the helpers' own UL401s;
the flows are real and the good ones are not (a canary written through the fixture's
code); the findings do not depend on ``PYTHONHASHSEED``.  A flag that is not the shell's
(cgatcore's ``if return_stdout: check_output(text, shell=True)``, every branch a shell)
leaves the helper's sinks and its callers as they were.
"""

import importlib
import shutil
import sys

import pytest
from conftest import FIXTURES, lint_json, marked_lines, project_outputs_by_seed

TREE = FIXTURES / "pyscan" / "crossmod_trueflag"
HELPERS = [("UL401", "tasks/runner.py", n) for n in (7, 15, 22, 23)]


def _lint(tree):
    code, out = lint_json("--no-cache", "--no-config", "--select", "UL4", "--project-root", ".", ".", cwd=tree)
    assert not out["errors"], out["errors"]
    return code, out["findings"]


def test_callers_leaving_the_true_default_are_reported():
    code, fs = _lint(TREE / "bad")
    assert code == 1
    got = sorted((f["path"], f["line"]) for f in fs if f["rule"] == "UL411")
    assert got == sorted(marked_lines(TREE / "bad")), got
    assert sorted((f["rule"], f["path"], f["line"]) for f in fs if f["rule"] != "UL411") == HELPERS
    by_line = {(f["path"], f["line"]): f["message"] for f in fs}
    assert "(shell=True by default in run())" in by_line[("tasks/cli.py", 7)]
    assert "(shell=True by default in run_cmd())" in by_line[("tasks/cli.py", 11)]
    assert "shell=True passed to run()" in by_line[("tasks/cli.py", 19)]


def test_callers_passing_false_take_the_argv_branch():
    code, fs = _lint(TREE / "good")
    assert code == 1  # the helpers' own defaults
    assert sorted((f["rule"], f["path"], f["line"]) for f in fs) == HELPERS


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(TREE / "bad", ("0", "1", "4242"))) == 1


def _fresh(monkeypatch, tree):
    monkeypatch.syspath_prepend(str(tree))
    for m in [m for m in sys.modules if m == "tasks" or m.startswith("tasks.")]:
        monkeypatch.delitem(sys.modules, m)
    return importlib.import_module("tasks.cli")


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_flagged_flows_run_the_payload_and_the_good_ones_do_not(tmp_path, monkeypatch):
    bad = tmp_path / "bad"
    bad.mkdir()
    monkeypatch.chdir(bad)
    cli = _fresh(monkeypatch, TREE / "bad")
    cli.log("x; touch C_log; #")
    cli.images("x; touch C_images; #")
    cli.pull("x; touch C_pull; #")
    cli.count("x; touch C_count; #")
    monkeypatch.setattr(sys, "argv", ["prog", "x; touch C_main"])
    cli.main()
    assert sorted(p.name for p in bad.iterdir()) == ["C_count", "C_images", "C_log", "C_main", "C_pull"]
    good = tmp_path / "good"
    good.mkdir()
    monkeypatch.chdir(good)
    gcli = _fresh(monkeypatch, TREE / "good")
    for fn in (gcli.log, gcli.images, gcli.pull):
        with pytest.raises(FileNotFoundError):  # the whole text is one program's name: no shell
            fn("x; touch C_good")
    monkeypatch.setattr(sys, "argv", ["prog", "true $(touch C_good)"])
    gcli.main()  # an argv: "true" with two arguments, no shell to expand them
    assert list(good.iterdir()) == []
