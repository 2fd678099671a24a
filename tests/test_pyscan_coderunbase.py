"""Library runners of Python statements reached through a subclass or a module function
(issue 25, pyA28: coderun.py ``inherited_runner`` and the bdb/pdb/profile/trace entries).

``fixtures/pyscan/coderunbase``: ``class Debugger(bdb.Bdb)`` calling ``self.run(statement)``
(bdb: "Debug a statement executed via the exec() function"), ``class
PlayerConsole(code.InteractiveConsole)`` calling ``self.push(line)``, ``pdb.Pdb.runeval`` and
``cProfile.run(statement)``: UL405 at each.  The good tree runs constant statements, or
calls a ``push`` the class overrides (no code runs).  End to end through the CLI; the
debugger given a script path that closes the hand-written quotes runs a payload (canary).
"""

import importlib
import sys

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "coderunbase"


def test_statements_given_to_library_runners_are_reported():
    tree = TREE / "bad"
    code, fs = lint_ul4(tree)
    assert code == 1
    assert where_found(tree, fs) == marked_lines(tree)
    runners = sorted(f["message"].split("()")[0] for f in fs)
    assert runners == [
        "bdb.Bdb.run",
        "bdb.Bdb.run",
        "cProfile.run",
        "code.InteractiveConsole.push",
        "pdb.Pdb.runeval",
    ]
    for f in fs:
        assert f["rule"] == "UL405" and f["severity"] == "error" and f["column"] >= 1, f


def test_constant_statements_and_overrides_are_quiet():
    code, fs = lint_ul4(TREE / "good")
    assert (code, fs) == (0, [])


def test_the_script_path_runs_as_code(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    monkeypatch.delitem(sys.modules, "debugger", raising=False)
    debugger = importlib.import_module("debugger")
    (tmp_path / "x.py").write_text("pass\n")
    # closes the hand-written quotes and the call: the rest of the name is Python code
    name = 'x.py").read(), "x", "exec")); open("CANARY_dbg", "w").close()  #'
    debugger.Debugger()._runscript(name)
    assert (tmp_path / "CANARY_dbg").exists()
    debugger.PlayerConsole().play("open('CANARY_console', 'w').close()")
    assert (tmp_path / "CANARY_console").exists()


def test_a_file_naming_only_the_debugger_is_scanned(tmp_path):
    # no other needle of the prefilter (no eval/exec/subprocess word) in the file
    (tmp_path / "dbg.py").write_text(
        "import bdb\n\n\nclass D(bdb.Bdb):\n    def go(self, statement):\n        self.run(statement)\n"
    )
    (tmp_path / "prof.py").write_text("import cProfile\n\n\ndef go(statement):\n    cProfile.run(statement)\n")
    code, fs = lint_ul4(tmp_path)
    assert code == 1
    assert sorted((f["path"].rsplit("/", 1)[-1], f["line"], f["rule"]) for f in fs) == [
        ("dbg.py", 6, "UL405"),
        ("prof.py", 5, "UL405"),
    ]
