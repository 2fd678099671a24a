"""A constructor argument kept in ``self`` and run by a shell in another method (issue 25).

``fixtures/pyscan/ctorattr``: delegator.py's shape.  ``Command(cmd)`` stores
``self.cmd``; ``run()`` hands it (through a property) to ``Popen(...,
shell=True)``.  The construction that feeds a value is reported, in another
module and in the class's own module (the sink only sees ``self.cmd``); the good
tree constructs it with constants and ``shlex.quote``-d values and runs argv
lists through a class of the same shape without a shell.  End to end through
the CLI, independent of PYTHONHASHSEED, and proven against real bash.
"""

import importlib
import sys

from conftest import FIXTURES, marked_lines, project_outputs_by_seed, project_ul4

CTOR = FIXTURES / "pyscan" / "ctorattr"


def test_each_construction_that_feeds_a_value_is_reported():
    tree = CTOR / "bad"
    code, fs = project_ul4(tree)
    assert code == 1
    ul411 = [f for f in fs if f["rule"] == "UL411"]
    assert sorted((f["path"], f["line"]) for f in ul411) == sorted(marked_lines(tree))
    by_line = {(f["path"], f["line"]): f for f in ul411}
    assert "uptime() passes parameter 'host' (unquoted) to Command()" in by_line[("runner/api.py", 5)]["message"]
    assert "run() passes parameter 'command' (unquoted) to Command()" in by_line[("runner/command.py", 21)]["message"]
    for f in ul411:
        assert f["severity"] == "error" and "runner/command.py:16" in f["message"], f
    # the sink itself stays what it was: a value not known statically there
    assert [(f["rule"], f["line"], f["severity"]) for f in fs if f["rule"] != "UL411"] == [("UL401", 16, "warning")]


def test_constants_quoted_values_and_argv_classes_are_quiet():
    _code, fs = project_ul4(CTOR / "good")
    assert [f for f in fs if f["rule"] == "UL411"] == [], fs


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(CTOR / "bad", ("0", "1", "12345"))) == 1


def test_the_constructed_commands_run_a_real_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(CTOR / "bad"))
    for m in [m for m in sys.modules if m == "runner" or m.startswith("runner.")]:
        monkeypatch.delitem(sys.modules, m)
    api = importlib.import_module("runner.api")
    command = importlib.import_module("runner.command")
    api.uptime("-V >/dev/null 2>&1; touch CANARY_HOST; true")
    api.count_lines("/dev/null; touch CANARY_PATH")
    command.run("true; touch CANARY_RUN")
    assert (tmp_path / "CANARY_HOST").exists()
    assert (tmp_path / "CANARY_PATH").exists()
    assert (tmp_path / "CANARY_RUN").exists()
