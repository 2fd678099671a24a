"""Issue 25: third-party runners that force or default to a shell (linter/pyscan/runnerlibs.py).

failprint's ``run`` (and duty's ``ctx.run`` on top of it), subprocess-tee's ``run``,
ansible-compat's ``Runtime.run(tee=True)``, delegator's ``run`` and anyio's
``run_process``/``open_process`` hand a string command to ``/bin/sh -c``; a list is an argv.  The canary
tests run the libraries themselves (test dependencies, never imported by the product)
with real ``/bin/sh``; ``fixtures/pyscan/runnerlibs``: wrappers, duty tasks, a runtime
object kept in ``self`` and caller modules (a command-line value and a configured command
line reported; an argv list kept in an annotated attribute not: subprocess-tee
``shlex.join``-s a list), bad and good.
"""

import os

import anyio
import delegator  # pyproject [test] extra (never imported by the product)
import failprint
import subprocess_tee
from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "runnerlibs"


def test_libraries_run_a_string_through_sh_and_a_list_as_argv(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    failprint.run("echo x; touch CANARY_FP", silent=True)
    failprint.run(["echo", "x; touch CANARY_FP_LIST"], silent=True)
    subprocess_tee.run("echo y; touch CANARY_TEE", quiet=True)
    subprocess_tee.run(["echo", "y; touch CANARY_TEE_LIST"], quiet=True)
    delegator.run("echo z; touch CANARY_DELEGATOR")
    delegator.run("echo w; touch CANARY_DELEGATOR_NOBLOCK", block=False).block()

    async def anyio_runs():
        await anyio.run_process("echo v; touch CANARY_ANYIO")
        await anyio.run_process(["echo", "v; touch CANARY_ANYIO_LIST"])

    anyio.run(anyio_runs)
    made = {p.name for p in tmp_path.iterdir()}
    assert made == {"CANARY_FP", "CANARY_TEE", "CANARY_DELEGATOR", "CANARY_ANYIO"}


def test_bad_tree_reports_each_library_sink_and_the_caller():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    # a configuration value not known statically: a warning; parameters and argv: errors
    assert {f["severity"] for f in found if f["path"].endswith("provisioner.py")} == {"warning"}
    assert all(f["severity"] == "error" for f in found if not f["path"].endswith("provisioner.py"))
    callers = ("cli.py", "provisioner.py")
    # trio/psutil take subprocess's shell=True (UL401, as subprocess itself)
    assert {f["rule"] for f in found if f["path"].endswith("aio.py")} == {"UL401"}
    assert {f["rule"] for f in found if not f["path"].endswith((*callers, "aio.py"))} == {"UL404"}
    assert {f["rule"] for f in found if f["path"].endswith(callers)} == {"UL411"}
    by_file = {os.path.basename(f["path"]): f["message"] for f in found}
    assert [f["line"] for f in found if f["path"].endswith("provisioner.py")] == [19]
    assert "self.runtime = ansible_compat.runtime.Runtime(...)" in by_file["app.py"]
    assert "task parameter 'ctx'" in by_file["duties.py"]
    assert lint_ul4(bad, seed="1")[1] == found


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []
