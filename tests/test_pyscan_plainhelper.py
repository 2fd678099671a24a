"""A helper of another module making the program's own text is no value from outside (issue 25, UL411).

``fixtures/pyscan/plainhelper``: scripts for a ``sh -c`` runner built from names that
helpers of another module of the tree return.  A helper every ``return`` of which is the
program's own text (a number formatted ``f"ckpt-{n:05d}"``, a constant path joined with
``os.path.join``, ``uuid.uuid4().hex``, a digest's hex, a choice of constant commands)
hands the caller no value from outside: those callers are not reported.  A helper
returning its caller's value, an environment variable or a file's content does: those
callers are.  Both halves proven by running the fixture's own code with a payload.
"""

import importlib
import shutil
import subprocess
import sys

import pytest
from conftest import FIXTURES, marked_lines, project_findings

TREE = FIXTURES / "pyscan" / "plainhelper"
RUNNER_SINK = ("UL403", "ckpt/shell.py", 7)


def test_helpers_handing_on_outside_values_are_reported_at_the_caller():
    code, fs = project_findings(TREE / "bad")
    assert code == 1
    assert {(f["path"], f["line"]) for f in fs if f["rule"] == "UL411"} == marked_lines(TREE / "bad")
    assert RUNNER_SINK in {(f["rule"], f["path"], f["line"]) for f in fs}


def test_helpers_making_the_programs_own_text_are_quiet():
    _code, fs = project_findings(TREE / "good")
    assert {(f["rule"], f["path"], f["line"]) for f in fs} == {RUNNER_SINK}


def test_os_path_join_of_constants_is_constant_and_of_a_parameter_names_it(tmp_path):
    (tmp_path / "m.py").write_text(
        "import os\nimport subprocess\n\nBASE = '/var/cache/app'\n\n\n"
        "def clean():\n    subprocess.run('rm -rf ' + os.path.join(BASE, 'build'), shell=True)\n\n\n"
        "def remove(name):\n    subprocess.run('rm -rf ' + os.path.join(BASE, name), shell=True)\n"
    )
    _code, fs = project_findings(tmp_path)
    got = [(f["rule"], f["line"]) for f in fs]
    assert got == [("UL401", 12)]
    assert "parameter 'name'" in fs[0]["message"]


def _load(tree, monkeypatch):
    monkeypatch.syspath_prepend(str(tree))
    for m in [m for m in sys.modules if m == "ckpt" or m.startswith("ckpt.")]:
        monkeypatch.delitem(sys.modules, m)
    return importlib.import_module("ckpt.archive")


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_the_flows_are_real(tmp_path, monkeypatch):
    calls = []

    def fake_run(argv, **kw):  # the fixture's sudo: run the script with sh here
        assert argv[:4] == ["sudo", "-u", "root", "sh"]
        calls.append(argv[-1])
        return subprocess.CompletedProcess(argv, 0, "", "")

    monkeypatch.chdir(tmp_path)
    bad = _load(TREE / "bad", monkeypatch)
    monkeypatch.setattr(bad.run_script.__globals__["subprocess"], "run", fake_run)
    bad.snapshot("x; touch C_tag #")
    (tmp_path / "name.txt").write_text("x; touch C_file #")
    bad.scratch(str(tmp_path / "name.txt"))
    monkeypatch.setenv("CKPT_STAGING", "x; touch C_env #")
    bad.keep()
    monkeypatch.undo()
    monkeypatch.chdir(tmp_path)
    for script in calls:
        subprocess.run(["sh", "-c", script], cwd=tmp_path, capture_output=True)
    assert sorted(p.name for p in tmp_path.glob("C_*")) == ["C_env", "C_file", "C_tag"]
