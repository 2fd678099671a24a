"""Issue 25: a program input (``sys.argv``, an option of ``parse_args()``, read in the
caller or in a closure over the parsed namespace) handed to a shell helper of the same
module.  The per-file flow (UL408) names the caller's parameters only, so the project
pass reports these (UL411) at the call that feeds the input, and only these: a flow of
the caller's own parameter stays one UL408 finding.  ``fixtures/pyscan/inputflow``: bad
and good, end to end through the CLI; the bad calls proven with real bash (a canary)."""

import importlib.util
import sys

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "inputflow"


_lint = lint_ul4


def test_bad_reports_each_input_at_its_call():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    callers = [f for f in found if f["rule"] == "UL411"]
    assert len(callers) == 4 and all(f["severity"] == "error" for f in callers)
    assert {("sys.argv" in f["message"]) or ("parse_args()" in f["message"]) for f in callers} == {True}
    # each names the shell call it ends in
    assert all(("filters.py:9 " in f["message"]) or ("filters.py:14 " in f["message"]) for f in callers)
    assert _lint(bad, seed="1")[1] == found


def test_good_is_quiet():
    code, found = _lint(TREE / "good")
    assert (code, found) == (0, [])


def test_a_parameter_flow_stays_one_ul408_finding(tmp_path):
    src = tmp_path / "m.py"
    src.write_text(
        "import subprocess\n\n\ndef sh(cmd):\n    return subprocess.run(cmd, shell=True)\n\n\n"
        "def grep(pattern, argv):\n    sh('grep ' + pattern + ' ' + argv[0])\n"
    )
    code, found = _lint(src)
    assert code == 1
    assert sorted((f["rule"], f["line"]) for f in found) == [("UL401", 5), ("UL408", 9)]


def test_the_flagged_options_run_as_shell_code(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("inputflow_bad_filters", TREE / "bad" / "filters.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.chdir(tmp_path)
    canary = tmp_path / "canary"
    index_filter, msg_filter = mod.filter_branch(["--index-filter", f"true; touch {canary}", "--msg-filter", "cat"])
    index_filter(str(tmp_path))
    assert canary.exists()
    assert msg_filter(b"msg\n") == b"msg\n"
    canary2 = tmp_path / "canary2"
    monkeypatch.setattr(sys, "argv", ["prog", f"; touch {canary2}"])
    try:
        mod.main()
    except Exception:  # git log of a missing revision fails after the payload ran
        pass
    assert canary2.exists()
