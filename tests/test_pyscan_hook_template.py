"""A command template a caller gives, formatted and run by a wrapper's wrapper (issue 25, fresh7).

``fixtures/pyscan/hooktemplate``: a runner module whose private ``_run_hook(template,
path)`` runs ``template.format(shlex.quote(path))`` through a shell and whose public
``run_hook`` forwards to it, and an app module handing a configured template to
``run_hook``.  Two mechanisms: the template's text is the formatted command's text (a
``.format`` on a non-constant receiver keeps the receiver as it is, not as "derived
through a call"), and a wrapper whose name ends the wrapped function's name
(``run_hook`` -> ``_run_hook``) is a wrapper, not a call to itself.  The good tree
(every caller gives a constant template, the path quoted) is quiet.  End to end
through the CLI, independent of PYTHONHASHSEED, proven against real bash.
"""

import importlib
import sys

from conftest import FIXTURES, lint_json, marked_lines, project_outputs_by_seed

HOOK = FIXTURES / "pyscan" / "hooktemplate"


def _flows(tree):
    code, out = lint_json("--no-cache", "--no-config", "--select", "UL4", "--project-root", ".", ".", cwd=tree)
    assert not out["errors"], out["errors"]
    return code, [f for f in out["findings"] if f["rule"] in ("UL408", "UL411")]


def test_wrapper_of_wrapper_and_its_caller_are_reported():
    tree = HOOK / "bad"
    code, fs = _flows(tree)
    assert code == 1
    assert sorted((f["path"], f["line"]) for f in fs) == sorted(marked_lines(tree))
    by_line = {(f["path"], f["line"]): f for f in fs}
    wrapper = by_line[("posthook/runner.py", 14)]
    assert wrapper["rule"] == "UL408" and "parameter 'template' (unquoted)" in wrapper["message"]
    caller = by_line[("posthook/app.py", 13)]
    assert caller["rule"] == "UL411" and "to run_hook()" in caller["message"]
    assert "posthook/runner.py:10" in caller["message"]
    for f in fs:
        assert f["severity"] in ("error", "warning"), f
        assert f["column"] >= 1 and f["end_column"] > f["column"], f


def test_constant_templates_with_a_quoted_path_are_quiet():
    code, fs = _flows(HOOK / "good")
    assert fs == [], fs


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(HOOK / "bad", ("0", "1", "12345"), select="UL408,UL411")) == 1


def test_the_configured_template_runs_in_a_real_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(HOOK / "bad"))
    for m in [m for m in sys.modules if m == "posthook" or m.startswith("posthook.")]:
        monkeypatch.delitem(sys.modules, m)
    app = importlib.import_module("posthook.app")
    app.Exporter({"post_command": "gzip -f -- {}; touch C_hook"}).export(str(tmp_path / "report.txt"))
    assert (tmp_path / "C_hook").exists()
    assert (tmp_path / "report.txt.gz").exists()
