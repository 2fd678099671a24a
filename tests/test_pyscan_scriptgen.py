"""Values formatted into a script file that a shell or a batch system runs later (issue 25,
linter/pyscan/sinks.py ``script_writes``/``path_key``, ``SCRIPT_RUNNERS``).

``fixtures/pyscan/scriptgen``: a build script written with ``Path.write_text`` and run as
``[str(script)]``; a Slurm job script written to ``os.path.join(job_dir, ...)`` and given to
``sbatch``; a hook written to and run from the same ``os.path.join(...)`` expression; a job
script kept in ``self.script`` and run by ``bash``, also through ``Path(...).open("w")`` and
``.as_posix()``; a temporary file written with a parameter, made executable and run as
``subprocess.call(fh.name)`` (a program path alone).  bad: every ``# FLAG`` line (at the run, UL403) and nothing else; good: the
values quoted with ``shlex.quote``, a constant job script, data written to another file than
the one run, a log file beside a constant argv.  The bad functions are run with a payload
(``sbatch`` stood in for by ``bash``, which is what runs the batch script) and a canary file
proves the injection."""

import json
import subprocess
import sys

import pytest
from conftest import FIXTURES, marked_lines, run_cli, where_found

from utcp_lint.pyscan.sinks import path_key

TREE = FIXTURES / "pyscan" / "scriptgen"


def _lint(path):
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", path)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def test_bad_tree_reports_every_run_and_nothing_else():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    where = where_found(bad, found)
    assert where == marked_lines(bad)
    for f in found:
        assert f["rule"] == "UL403" and f["severity"] == "error" and f["column"] > 0, f
    by = {f["line"]: f for f in found}
    assert "sbatch <script file written with data>" in by[20]["message"]
    assert "'src'" in by[13]["message"] and "'out'" in by[13]["message"]


def test_good_tree_is_quiet():
    code, found = _lint(TREE / "good")
    assert found == [] and code == 0


def test_path_key_sees_one_file_through_its_spellings():
    import ast

    def k(src):
        return path_key(ast.parse(src, mode="eval").body)

    assert k("str(p)") == k("p") == k("p.as_posix()") == k("os.fspath(p)") == "p"
    assert k("os.path.join(d, 'a.sh')") == k("str(os.path.join(d, 'a.sh'))")
    assert k("os.path.join(d, 'a.sh')") != k("os.path.join(d, 'b.sh')")
    assert k("self.script") == k("str(self.script)") is not None
    assert k("d / 'run.sh'") is not None and k("a + b") is None and k("f(x)") is None


@pytest.fixture
def bad_pkg(monkeypatch):
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    yield
    for name in [m for m in sys.modules if m == "jobkit" or m.startswith("jobkit.")]:
        del sys.modules[name]


def test_bad_scripts_run_the_payload_in_real_sh(bad_pkg, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    from jobkit import scripts

    scripts.build(".; touch c1; exit 0", "o")
    real = subprocess.check_call

    def sbatch(argv, **kw):  # the batch system runs the job script with its shell
        assert argv[0] == "sbatch"
        return real(["bash", argv[1]], **kw)

    monkeypatch.setattr(subprocess, "check_call", sbatch)
    scripts.submit(str(tmp_path), "touch c2")
    monkeypatch.setattr(subprocess, "check_call", real)
    scripts.hook(str(tmp_path), "x; touch c3")
    job = scripts.Job(str(tmp_path))
    job.run("touch c4")
    job.run_posix("touch c5")
    scripts.run_script_text("#!/bin/sh\ntouch c6\n", str(tmp_path))
    made = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("c"))
    assert made == ["c1", "c2", "c3", "c4", "c5", "c6"]
