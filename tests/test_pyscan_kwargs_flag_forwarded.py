"""A shell flag forwarded into a **kwargs runner by the caller's own parameter (issue 25, fresh7).

``fixtures/pyscan/kwflag``: ``util.Popen(args, **kwargs)`` passes everything on to
``subprocess.Popen``; ``_popen(args, shell)`` calls it with ``shell=shell`` and ``_exec``
forwards its own ``shell``.  Those hops decide nothing: the flag is their callers'.  Only
``exec_string`` (``True``) is reported; ``exec_list`` (``False``, path inside argv items) and
the pass-through hops are not.  End to end through the CLI, independent of PYTHONHASHSEED,
proven with real processes: the string runs in sh, the argv list does not.
"""

import importlib
import sys

from conftest import FIXTURES, lint_json, marked_lines, project_outputs_by_seed

KW = FIXTURES / "pyscan" / "kwflag"


def _ul411(tree):
    code, out = lint_json("--no-cache", "--no-config", "--select", "UL4", "--project-root", ".", ".", cwd=tree)
    assert not out["errors"], out["errors"]
    return code, [f for f in out["findings"] if f["rule"] == "UL411"]


def test_only_the_caller_passing_true_is_reported():
    tree = KW / "bad"
    code, fs = _ul411(tree)
    assert code == 1
    assert sorted((f["path"], f["line"]) for f in fs) == sorted(marked_lines(tree))
    (f,) = fs
    assert "exec_string() passes" in f["message"] and "(shell=True passed to _exec())" in f["message"]
    assert "call chain exec_string() -> _exec() -> _popen() -> Popen()" in f["message"]


def test_false_flags_and_a_constant_probe_are_quiet():
    code, fs = _ul411(KW / "good")
    assert fs == [], fs


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(KW / "bad", ("0", "1", "12345"), select="UL411")) == 1


def test_true_flag_runs_a_shell_false_flag_does_not(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(KW / "bad"))
    for m in [m for m in sys.modules if m == "runner" or m.startswith("runner.")]:
        monkeypatch.delitem(sys.modules, m)
    post = importlib.import_module("runner.post")
    assert post.ExecPP({"command": "true; touch C_string"}).exec_string("x") == 0
    assert post.ExecPP({"command": ["true", "{}"]}).exec_list("$(touch C_list); touch C_list") == 0
    assert (tmp_path / "C_string").exists()
    assert not (tmp_path / "C_list").exists()
