"""Issue 25: a constructor argument kept in ``self`` reaches a shell of another method through a
local bound on several paths (``if self.cmd is None: command = "echo ..." else: command =
self.cmd``, watchdog's ShellCommandTrick) and through keyword arguments (``Template(command)
.safe_substitute(**context)``, ``"...{title}".format(title=self.title)``); ``shlex.quote`` of
the attribute stops it.  ``fixtures/pyscan/ctorpaths``: bad and good trees, end to end through
the CLI, independent of PYTHONHASHSEED, proven against the real shell.  The trick derives from
watchdog's handler base class, whose ``dispatch`` calls ``self.on_any_event``: the method
running the command is reached from the object the CLI makes (test_pyscan_ctorruns.py)."""

import importlib
import sys

from conftest import FIXTURES, marked_lines, project_outputs_by_seed, project_ul4

TREE = FIXTURES / "pyscan" / "ctorpaths"


def test_constructions_whose_value_reaches_the_shell_on_some_path_are_reported():
    code, fs = project_ul4(TREE / "bad")
    assert code == 1
    ul411 = [f for f in fs if f["rule"] == "UL411"]
    assert sorted((f["path"], f["line"]) for f in ul411) == sorted(marked_lines(TREE / "bad"))
    by_line = {f["line"]: f for f in ul411}
    assert "ShellCommandTrick()" in by_line[12]["message"] and "watchkit/tricks.py:22" in by_line[12]["message"]
    assert "'body' (unquoted), 'title' (unquoted) to Notifier()" in by_line[16]["message"]
    assert all(f["severity"] == "error" for f in ul411)


def test_argv_paths_and_quoted_keywords_are_quiet():
    _code, fs = project_ul4(TREE / "good")
    assert [f for f in fs if f["rule"] == "UL411"] == [], fs
    assert [f for f in fs if f["severity"] != "note"] == [], fs


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(TREE / "bad", ("0", "1", "12345"))) == 1


def test_the_constructed_commands_run_a_real_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for m in [m for m in sys.modules if m == "watchkit" or m.startswith("watchkit.")]:
        monkeypatch.delitem(sys.modules, m)
    try:
        tricks = importlib.import_module("watchkit.tricks")
        tricks.ShellCommandTrick("touch CANARY_TRICK", wait_for_process=True).on_any_event("src.txt")
        tricks.Notifier("x; touch CANARY_NOTE; true").send()
    finally:
        for m in [m for m in sys.modules if m == "watchkit" or m.startswith("watchkit.")]:
            del sys.modules[m]  # another test tree may name a package watchkit too
    assert (tmp_path / "CANARY_TRICK").exists()
    assert (tmp_path / "CANARY_NOTE").exists()
