"""Constructor arguments kept in ``self`` and run by another method, for every kind of
shell sink (issue 25, pyA38).

``fixtures/pyscan/ctorargv``: an argv starting ``bash -c`` summed from properties
(nextstrain-augur's ``ShellCommandRunner``), an argv literal run by ``__call__``,
``os.execv`` of ``sh -c``, paramiko's ``exec_command`` and a
``functools.cached_property`` argv, ``[self.shell, "-c", self.command]`` and
``args = [cmd, "-c", self.command]`` with ``cmd`` a constant and a ``@dataclass``
field, each fed through the constructor by a function in
another module (``Runner(cmd).run()``, ``r = Runner(cmd); r()``).  The good tree holds
the same shapes with the value passed as ``$1``, quoted with ``shlex.quote`` in
``__init__`` (or a dataclass's ``__post_init__``), run as an argv without a shell, or a constant kept in ``self``.  End to
end through the CLI, and proven against real sh/bash with canary files.
"""

import importlib
import sys

from conftest import FIXTURES, marked_lines, project_outputs_by_seed, project_ul4

TREE = FIXTURES / "pyscan" / "ctorargv"


def test_each_construction_feeding_an_argv_or_remote_shell_is_reported():
    tree = TREE / "bad"
    code, fs = project_ul4(tree)
    assert code == 1
    ul411 = [f for f in fs if f["rule"] == "UL411"]
    assert sorted((f["path"], f["line"]) for f in ul411) == sorted(marked_lines(tree))
    by_line = {(f["path"], f["line"]): f for f in ul411}
    assert "passes parameter 'cmd' (unquoted) to ShellCommandRunner()" in by_line[("jobs/runner.py", 39)]["message"]
    assert "passes parameter 'path' (unquoted) to run_shell_command()" in by_line[("jobs/api.py", 7)]["message"]
    assert "passes parameter 'extra' (unquoted) to RemoteJob()" in by_line[("jobs/api.py", 22)]["message"]
    assert "passes parameter 'message' (unquoted) to Hook()" in by_line[("jobs/api.py", 26)]["message"]
    assert "passes parameter 'target' (unquoted) to Task()" in by_line[("jobs/api.py", 39)]["message"]
    for f in ul411:
        assert f["severity"] == "error" and f["confidence"] and f["column"] >= 1, f


def test_quoted_positional_argv_and_constant_attributes_are_quiet():
    _code, fs = project_ul4(TREE / "good")
    assert [f for f in fs if f["rule"] == "UL411"] == [], fs


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(TREE / "bad", ("0", "1", "12345"))) == 1


def _import(tree, monkeypatch):
    monkeypatch.syspath_prepend(str(tree))
    for m in [m for m in sys.modules if m == "jobs" or m.startswith("jobs.")]:
        monkeypatch.delitem(sys.modules, m)
    return importlib.import_module("jobs.runner")


def test_the_constructed_commands_run_a_real_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = _import(TREE / "bad", monkeypatch)
    assert runner.run_shell_command("true; touch CANARY_RUNNER")
    runner.Step("true; touch CANARY_STEP")()
    assert runner.Hook("true; touch CANARY_HOOK").fire() == 0
    runner.Sensor("true; touch CANARY_SENSOR").poll()
    assert runner.Task("t", "true; touch CANARY_TASK").run() == 0
    for name in ("CANARY_RUNNER", "CANARY_STEP", "CANARY_HOOK", "CANARY_SENSOR", "CANARY_TASK"):
        assert (tmp_path / name).exists(), name


def test_the_good_shapes_do_not_run_the_value(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = _import(TREE / "good", monkeypatch)
    runner.Echo("x; touch CANARY_ECHO").run()
    assert not (tmp_path / "CANARY_ECHO").exists()
    (tmp_path / "a; touch CANARY_Q").write_text("data")
    runner.Quoted("a; touch CANARY_Q").run()
    assert (tmp_path / "a; touch CANARY_Q.gz").exists()
    assert not (tmp_path / "CANARY_Q").exists()
    runner.Task("t", "x; touch CANARY_TASK").run()
    runner.Probe("p", "x; touch CANARY_PROBE").run()
    assert not (tmp_path / "CANARY_TASK").exists() and not (tmp_path / "CANARY_PROBE").exists()
