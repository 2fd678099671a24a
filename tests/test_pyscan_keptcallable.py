"""Issue 25: a library's runner kept in ``self`` (``self._popen = subprocess.Popen``,
``self.runtime = Runtime(...)``) is the library's runner where the method calls it
(evaluate.py ``_kept_instances``; sinks.py ``_kept_callables``).

``fixtures/pyscan/keptcallable``: a process manager that keeps subprocess's functions in
attributes (so tests can swap them), bad (a shell command line, ``sh -c`` with a
parameter) and good (argv lists; an attribute a caller fills, not followed).
"""

import subprocess
import sys

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "keptcallable"


def test_kept_popen_runs_the_command_line_in_sh(tmp_path):
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from procman.process import Process; "
        "Process('web').start('true; touch CANARY').wait()"
    )
    subprocess.run([sys.executable, "-c", code, str(TREE / "bad")], check=True, cwd=tmp_path)
    assert (tmp_path / "CANARY").exists()


def test_bad_tree_reports_calls_of_kept_runners():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert {f["rule"] for f in found} == {"UL401", "UL403"}
    assert all("self._" in f["message"] for f in found)


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []
