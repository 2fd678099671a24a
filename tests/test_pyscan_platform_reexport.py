"""Shell runners re-exported twice, chosen by platform, bound to an instance (issue 25, fresh7).

``fixtures/pyscan/platformreexport``: ``process.py`` imports ``getoutput``/``system`` inside
``if sys.platform == "win32": ... else: ...`` from ``_win32`` or ``_posix``; ``_posix``
re-exports ``getoutput`` from ``_common`` and binds ``system = ProcessHandler().system``.
The caller in ``core/shell.py`` names only ``process``: a re-export of a re-export, an
import in a module-level ``if`` block and a method bound to a fresh instance all lead to
the shell.  Constants and a ``shlex.quote``-d path stay quiet.  End to end through the CLI,
independent of PYTHONHASHSEED, proven with real sh.
"""

import importlib
import sys

from conftest import FIXTURES, lint_json, marked_lines, project_outputs_by_seed

PR = FIXTURES / "pyscan" / "platformreexport"


def _ul411(tree):
    code, out = lint_json("--no-cache", "--no-config", "--select", "UL411", "--project-root", ".", ".", cwd=tree)
    assert not out["errors"], out["errors"]
    return code, out["findings"]


def test_callers_through_platform_reexports_are_reported():
    tree = PR / "bad"
    code, fs = _ul411(tree)
    assert code == 1
    assert sorted((f["path"], f["line"]) for f in fs) == sorted(marked_lines(tree))
    by_line = {f["line"]: f for f in fs}
    assert "run_line() passes parameter 'line' (unquoted) to system()" in by_line[8]["message"]
    assert "proc/utils/_posix.py:12" in by_line[8]["message"]
    assert "capture_line() passes parameter 'line' (unquoted) to getoutput()" in by_line[11]["message"]
    assert "proc/utils/_common.py:7" in by_line[11]["message"]


def test_constant_and_quoted_commands_are_quiet():
    code, fs = _ul411(PR / "good")
    assert code == 0 and fs == []


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(PR / "bad", ("0", "1", "12345"), select="UL411")) == 1


def test_the_user_line_runs_in_a_real_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SHELL", "/bin/sh")
    monkeypatch.syspath_prepend(str(PR / "bad"))
    for m in [m for m in sys.modules if m == "proc" or m.startswith("proc.")]:
        monkeypatch.delitem(sys.modules, m)
    shell = importlib.import_module("proc.core.shell").Shell()
    shell.run_line("true; touch C_system")
    shell.capture_line("true; touch C_getoutput")
    assert (tmp_path / "C_system").exists() and (tmp_path / "C_getoutput").exists()
