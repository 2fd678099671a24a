"""Issue 25: SCons string actions (linter/pyscan/runnerlibs.py, ``SCons.*.Builder``/``Action``).

An SCons action given as a string is a command line: SCons substitutes its ``$VARIABLES``,
then its POSIX spawn runs ``[sh, "-c", " ".join(words)]`` (SCons/Platform/posix.py
``subprocess_spawn``), so a value formatted into the string is shell code at build time.
``fixtures/pyscan/sconsaction``: builders formatting ini-file values into their actions
(reported); constant actions, Python function actions, ``Action`` objects, construction
variable names (``f"${dialect}COM"``, substituted by SCons) and ``shlex.quote``-d values
(quiet).  The canary runs an action line as SCons's POSIX spawn does, with real ``sh``.
"""

import subprocess

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "sconsaction"


def _scons_spawn(line: str, cwd) -> None:
    """SCons/Platform/posix.py: ``exec_subprocess([sh, '-c', ' '.join(args)], env)``."""
    args = line.split()
    subprocess.run(["sh", "-c", " ".join(args)], cwd=cwd, check=False, capture_output=True)


def test_a_value_in_an_action_line_is_shell_code(tmp_path):
    top = "top; touch CANARY_SCONS"
    _scons_spawn(f"echo synth_ecp5 -json out.json -top {top}", tmp_path)
    assert (tmp_path / "CANARY_SCONS").exists()


def test_bad_tree_reports_each_formatted_action():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert {f["rule"] for f in found} == {"UL404"}
    assert all("SCons" in f["message"] for f in found)


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []
