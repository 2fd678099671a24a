"""Every hop of a chain a caller feeds is reported (issue 25, fresh3 split).

``fixtures/pyscan/crosshops``: a runner module (``shell_command`` always runs
its parameter through a shell) and a plugin module whose public ``handle()``
hands config data to a private helper that calls the runner.  The private
helper's call is a risk of its own (a reviewer reading the helper sees config
data reach a shell there), reported once some caller feeds the helper; a
private helper every caller gives constants (or shlex-quoted values) stays
quiet.  End to end through the CLI, independent of PYTHONHASHSEED, and proven
against real bash: the fixture's own code writes a canary file.
"""

import importlib
import sys

from conftest import FIXTURES, lint_json, marked_lines, project_outputs_by_seed

HOPS = FIXTURES / "pyscan" / "crosshops"


def _ul411(tree):
    code, out = lint_json("--no-cache", "--select", "UL4", "--project-root", ".", ".", cwd=tree)
    assert not out["errors"], out["errors"]
    return code, [f for f in out["findings"] if f["rule"] == "UL411"]


def test_each_hop_a_caller_feeds_is_reported_once():
    tree = HOPS / "bad"
    code, fs = _ul411(tree)
    assert code == 1
    assert sorted((f["path"], f["line"]) for f in fs) == sorted(marked_lines(tree))
    by_line = {f["line"]: f for f in fs}
    assert "_process_commands() passes parameter 'data' (unquoted) to shell_command()" in by_line[14]["message"]
    assert "hops/util.py:6" in by_line[14]["message"]
    assert "_test_success() passes parameter 'command' (unquoted)" in by_line[23]["message"]
    for f in fs:
        assert f["severity"] == "error" and f["column"] >= 1 and f["end_column"] > f["column"], f


def test_private_helper_fed_only_constants_or_quoted_values_is_quiet():
    code, fs = _ul411(HOPS / "good")
    assert fs == [], fs


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(HOPS / "bad", ("0", "1", "12345"), select="UL411", project_root=False)) == 1


def test_the_reported_hops_run_a_real_shell(tmp_path, monkeypatch):
    """The private helper's call at line 14 and 23 hands the payload to bash: a canary."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(HOPS / "bad"))
    for m in [m for m in sys.modules if m == "hops" or m.startswith("hops.")]:
        monkeypatch.delitem(sys.modules, m)
    plugin = importlib.import_module("hops.plugin")
    plugin.Shell()._process_commands([{"command": "git --version >/dev/null; touch C_shell"}])
    plugin.Link()._test_success("true; touch C_link")
    assert (tmp_path / "C_shell").exists() and (tmp_path / "C_link").exists()
