"""Issue 25: a function of the module kept in an attribute (``self._run = run_shell``,
``self._run = runner or run_shell``: the runner a test may inject, else the module's) is
called by ``self._run(...)`` without ``self`` (evaluate ``_kept_instances``, context
``_callers``).  ``fixtures/pyscan/keptfunc``: bad (a shell runner kept, called with a
parameter) and good (an argv runner and ``print`` kept)."""

import subprocess
import sys

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "keptfunc"


def test_bad_tree_reports_calls_through_the_kept_function():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    by_line = {f["line"]: f for f in found}
    assert by_line[16]["rule"] == "UL408" and "parameter 'path'" in by_line[16]["message"]
    assert by_line[24]["rule"] == "UL408" and "parameter 'pattern'" in by_line[24]["message"]


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []


def test_kept_runner_runs_the_path_in_sh(tmp_path):
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from deploykit.sync import Syncer; "
        "Syncer('dest').push('/dev/null; touch CANARY;')"
    )
    subprocess.run([sys.executable, "-c", code, str(TREE / "bad")], cwd=tmp_path, check=False, capture_output=True)
    assert (tmp_path / "CANARY").exists()
