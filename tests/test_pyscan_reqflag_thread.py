"""Issue 25: a shell flag the constructor requires and keeps in ``self`` (linter/pyscan/guards.py).

``class _SubprocessThread(Thread): def __init__(self, name, args, env, shell, cwd, ...)``
keeps ``args`` and ``shell`` and its ``run`` starts ``Popen(self._args, shell=self._shell)``
(rebench's runner thread): every construction passes the flag, so the callers decide, as
for a false default.  ``fixtures/pyscan/reqflag_thread``: the runner module and a module-level
``run(args, env, shell=False)`` wrapper (no finding of their own), a caller passing a
configured command line with ``shell=True`` (reported), and callers passing an argv or a
constant command line (quiet).  The canary runs the fixture's own runner with real ``sh``.
"""

import importlib.util
import os

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "reqflag_thread"


def test_bad_tree_reports_the_caller_passing_shell_true_and_not_the_runner():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert [f["rule"] for f in found] == ["UL411"]
    assert "shell=True" in found[0]["message"]
    assert lint_ul4(bad, seed="1")[1] == found


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []


def test_the_runner_runs_a_shell_only_when_the_caller_asks(tmp_path):
    spec = importlib.util.spec_from_file_location("rt_proc", TREE / "bad" / "benchkit" / "proc.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.run(["echo", "x; touch CANARY_ARGV"], env=dict(os.environ), cwd=tmp_path)
    assert not (tmp_path / "CANARY_ARGV").exists()
    mod.run("echo x; touch CANARY_SHELL", env=dict(os.environ), cwd=tmp_path, shell=True)
    assert (tmp_path / "CANARY_SHELL").exists()
