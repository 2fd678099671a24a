"""A call on an object of no known class resolved by its ``shell=True`` (issue 25, fresh5 split).

``fixtures/pyscan/untyped``: py3status's shape.  The framework injects a helper
object into every module (``self.helper``), so no annotation or constructor
names its class; ``self.helper.command_output(cmd, shell=True)`` resolves to
the one function of the tree named ``command_output`` with a ``shell``
parameter.  Calls that pass no true ``shell=`` (an argv, the default) or a
constant command stay quiet.  End to end through the CLI, independent of
PYTHONHASHSEED, and proven against real bash.
"""

import importlib
import sys

from conftest import FIXTURES, marked_lines, project_outputs_by_seed, project_ul4

UNTYPED = FIXTURES / "pyscan" / "untyped"


def test_shell_true_call_on_an_injected_helper_is_reported():
    tree = UNTYPED / "bad"
    code, fs = project_ul4(tree)
    assert code == 1
    assert sorted((f["rule"], f["path"], f["line"]) for f in fs) == sorted(
        ("UL411", p, ln) for p, ln in marked_lines(tree)
    )
    by_line = {f["line"]: f for f in fs}
    assert "run() passes a value not known statically to command_output()" in by_line[9]["message"]
    assert by_line[9]["severity"] == "warning" and by_line[9]["confidence"] == "low"
    assert "ping() passes parameter 'count' (unquoted) to command_output()" in by_line[12]["message"]
    assert by_line[12]["severity"] == "error"
    for f in fs:
        assert "statusbar/helper.py:11" in f["message"], f
        assert f["column"] >= 1 and f["end_column"] > f["column"], f


def test_argv_default_shell_and_constant_commands_are_quiet():
    code, fs = project_ul4(UNTYPED / "good")
    assert code == 0 and fs == [], fs


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(UNTYPED / "bad", ("0", "1", "12345"))) == 1


def test_the_reported_calls_run_a_real_shell(tmp_path, monkeypatch):
    """A config value and a caller's argument reach bash through the injected helper: canaries."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(UNTYPED / "bad"))
    for m in [m for m in sys.modules if m == "statusbar" or m.startswith("statusbar.")]:
        monkeypatch.delitem(sys.modules, m)
    helper = importlib.import_module("statusbar.helper")
    external = importlib.import_module("statusbar.modules.external")
    mod = external.External()
    mod.helper = helper.Helper()
    mod.script_path = "true; touch C_script"
    mod.run()
    mod.host = "127.0.0.1"
    mod.ping("0 2>/dev/null; touch C_ping; true")
    assert (tmp_path / "C_script").exists()
    assert (tmp_path / "C_ping").exists()
