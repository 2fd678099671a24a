"""Issue 25 (pyA26): values read from a configuration or data-model object (a ``settings.ini``
field, a command loaded from a JSON file into ``self``, a dataclass field of a loaded job)
handed to a shell helper of the same module are reported at the call (UL411 warning), as the
same call of a helper of another module already was; the program's own state (paths of
``__file__``, ``tempfile`` directories, attributes assigned only constants) stays quiet.  A
shell argv bound to a name before the call (``cmd = ["bash", "-c", f"..."]``) handed to a
runner of another library is judged like one written at the call (UL404).
``fixtures/pyscan/configvalues``: bad and good."""

import importlib
import json
import sys

from conftest import FIXTURES, lint_json, marked_lines, project_outputs_by_seed, project_ul4

TREE = FIXTURES / "pyscan" / "configvalues"


def test_configured_values_reaching_a_same_module_shell_helper_are_reported():
    code, fs = project_ul4(TREE / "bad")
    assert code == 1
    assert {(f["path"], f["line"]) for f in fs} == marked_lines(TREE / "bad")
    by = {(f["path"].rsplit("/", 1)[-1], f["line"]): f for f in fs}
    for line, caller, helper in (
        (16, "render_readme", "_sprun"),
        (22, "render_contributing", "_sprun"),
        (35, "list_tests", "_start_process"),
        (53, "run_all", "_shell"),
        (65, "setup", "run_command"),
        (76, "post", "_sh"),
    ):
        f = by[("docs.py", line)]
        assert (f["rule"], f["severity"]) == ("UL411", "warning"), f
        assert f"{caller}() passes a value not known statically to {helper}()" in f["message"]
    f = by[("runtime.py", 15)]
    assert (f["rule"], f["severity"]) == ("UL404", "error"), f
    assert "starts bash -c with a script" in f["message"]
    assert all(f["column"] >= 1 and f["confidence"] for f in fs)


def test_no_internal_error_on_the_trees():
    for tree in (TREE / "bad", TREE / "good"):
        _code, out = lint_json("--no-cache", "--select", "UL4", "--project-root", ".", ".", cwd=tree)
        assert not any("internal error" in f["message"] for f in out["findings"]), out["findings"]


def test_own_state_constants_quoted_values_and_argv_lists_are_quiet():
    _code, fs = project_ul4(TREE / "good")
    # only the helper's own sink (it runs its parameter)
    assert [(f["rule"], f["line"]) for f in fs] == [("UL401", 14)], fs
    assert {(f["path"], f["line"]) for f in fs} == marked_lines(TREE / "good")


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(TREE / "bad", ("0", "1", "12345"))) == 1


def _fresh_import(monkeypatch, name):
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for m in [m for m in sys.modules if m == "buildkit" or m.startswith("buildkit.")]:
        monkeypatch.delitem(sys.modules, m)
    return importlib.import_module(name)


def _forget():
    for m in [m for m in sys.modules if m == "buildkit" or m.startswith("buildkit.")]:
        del sys.modules[m]  # another test tree may name a package buildkit too


def test_a_configured_value_runs_in_a_real_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "settings.ini").write_text('[DEFAULT]\nreadme_nb = x" >/dev/null 2>&1; touch CANARY_INI; echo "\n')
    (tmp_path / "stestr.json").write_text(json.dumps({"test_command": "true; touch CANARY_JSON; true"}))
    try:
        docs = _fresh_import(monkeypatch, "buildkit.docs")
        docs.render_readme("settings.ini")
        docs.TestProcessor("stestr.json").list_tests().communicate()
    finally:
        _forget()
    assert (tmp_path / "CANARY_INI").exists()
    assert (tmp_path / "CANARY_JSON").exists()
