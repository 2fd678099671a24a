"""Issue 25: a runner injected as a parameter's default (``def record(path, command=None,
spawn_=proc.spawn): spawn_(["sh", "-c", command])``, asciinema's recorder; ``runner=proc.
run_shell`` keyword-only) is the function the call runs when the caller passes nothing, so its
summary applies at the call.  ``fixtures/pyscan/injected``: bad (a shell argv and a shell line
through the injected defaults) and good (argv lists, constant and ``shlex.quote``-d lines)."""

import importlib
import os
import sys

from conftest import FIXTURES, marked_lines, project_outputs_by_seed, project_ul4

TREE = FIXTURES / "pyscan" / "injected"


def test_calls_through_injected_defaults_are_reported():
    code, fs = project_ul4(TREE / "bad")
    assert code == 1
    assert sorted((f["path"], f["line"]) for f in fs) == sorted(marked_lines(TREE / "bad"))
    by = {(os.path.basename(f["path"]), f["line"]): f for f in fs}
    assert "record() passes parameter 'command' (unquoted) to spawn()" in by[("recorder.py", 12)]["message"]
    assert "sh -c" in by[("recorder.py", 12)]["message"]
    assert "run_job() passes parameter 'job' (unquoted) to run_shell()" in by[("recorder.py", 16)]["message"]
    assert all(f["severity"] == "error" for f in fs)


def test_argv_runners_and_constant_or_quoted_lines_are_quiet():
    _code, fs = project_ul4(TREE / "good")
    # the shell runner itself stays reported (a public function running its parameter)
    assert [(f["rule"], f["path"], f["line"]) for f in fs] == [("UL401", "reckit/proc.py", 12)], fs


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(TREE / "bad", ("0", "1", "12345"))) == 1


def test_the_injected_defaults_run_a_real_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for m in [m for m in sys.modules if m == "reckit" or m.startswith("reckit.")]:
        monkeypatch.delitem(sys.modules, m)
    try:
        rec = importlib.import_module("reckit.recorder")
        rec.record("out.cast", command="touch CANARY_REC")
        rec.run_job("x >/dev/null 2>&1; touch CANARY_JOB")
    finally:
        for m in [m for m in sys.modules if m == "reckit" or m.startswith("reckit.")]:
            del sys.modules[m]  # another test tree may name a package reckit too
    assert (tmp_path / "CANARY_REC").exists()
    assert (tmp_path / "CANARY_JOB").exists()
