"""Commands written into a script file and run later (issue 25, linter/pyscan/scriptlater.py).

``fixtures/pyscan/scriptlater``: a function writing its ``commands`` into a ``#!/bin/bash``
file and running it as ``[script_path]`` through the project's own argv runner (and its
caller); a temporary file named through ``fname = f.name``; data written with ``print(...,
file=f)``; ``[bash_path, os.path.basename(file.name)]`` given to the project runner; an argv
held in a local name; a job script written by one method and run by another (``self.script_path``);
``sbatch`` reading its job script on stdin; a script written by the project's
``write_file(path, script)`` helper.  bad: every ``# FLAG`` line and nothing else; good: a constant script,
quoted values, data written to another file than the one run, ``print`` to stdout, a data
file given as an argument of a constant script.  The bad functions are run with a payload in
real bash/sh and a canary file proves each injection."""

import subprocess
import sys

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "scriptlater"


def test_bad_tree_reports_every_run_and_nothing_else():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    where = where_found(bad, found)
    assert where == marked_lines(bad)
    for f in found:
        assert f["rule"] in ("UL403", "UL411") and f["severity"] == "error" and f["column"] > 0, f
    by = {f["line"]: f for f in found}
    assert "script file written with data" in by[19]["message"] and "'commands'" in by[19]["message"]
    assert "bash <script file written with data>" in by[31]["message"]
    assert "'argument'" in by[41]["message"] and "'dependency'" in by[41]["message"]
    assert "'bash_command'" in by[49]["message"]
    assert "'script'" in by[88]["message"]  # written by the project's write_file helper
    assert "'setup'" in by[80]["message"]  # written by prepare(), run by run_local()
    assert "sbatch <job script on stdin>" in by[64]["message"] and "'task_cmd'" in by[64]["message"]


def test_batch_systems_read_their_job_script_on_stdin_in_the_program_table():
    from utcp_lint.pyscan.evaluate import UNKNOWN, const
    from utcp_lint.pyscan.stdinscript import stdin_program
    from utcp_lint.template.programs import handler_of

    for name in ("sbatch", "qsub", "bsub"):
        assert handler_of(name) is not None and handler_of(name).stdin_reads, name
        assert stdin_program([const(name), UNKNOWN]) == f"{name} <job script on stdin>"
    assert stdin_program([const("squeue"), const("-u")]) is None


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert found == [] and code == 0


@pytest.fixture
def bad_pkg(monkeypatch):
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    yield
    for name in [m for m in sys.modules if m == "stepkit" or m.startswith("stepkit.")]:
        del sys.modules[name]


def test_bad_scripts_run_the_payload_in_real_shells(bad_pkg, tmp_path, monkeypatch):
    from pathlib import Path

    monkeypatch.chdir(tmp_path)
    from stepkit import steps

    d = str(tmp_path)
    steps.pull([f"touch {d}/c1"], d)
    steps.sensor(f"touch {d}/c2")
    steps.validate("true", "true;", f"touch {d}/c3")
    steps.rendered("/bin/bash", f"touch {d}/c4", d)
    steps.quoted_is_not_enough(f"touch {d}/c5", d)
    steps.run_job(f"touch {d}/c8", d)
    job = steps.BatchJob(d, "true")
    job.prepare(f"touch {d}/c7")
    job.run_local()
    real = subprocess.run

    def sbatch(argv, **kw):  # the batch system runs the job script it reads with its shell
        assert argv[0] == "sbatch"
        return real(["bash", "-s"], **kw)

    monkeypatch.setattr(subprocess, "run", sbatch)
    steps.submit(f"touch {d}/c6", d, ["--time=1"])
    monkeypatch.setattr(subprocess, "run", real)
    made = sorted(p.name for p in Path(d).iterdir() if p.name.startswith("c"))
    assert made == ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"]
