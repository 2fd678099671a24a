"""A method reached through a traitlets ``Instance`` typed by an ABC (issue 25, fresh7).

``fixtures/pyscan/traitletsabc``: ``shell = Instance("kern.core.shell.ShellABC")`` in a magics
class (traitlets: the attribute holds an instance of the class its import string names), and
``ShellABC.register(Shell)`` (abc: ``Shell`` is a virtual subclass).  ``self.shell.system(...)``
is ``Shell.system`` (shell=True): reported where the user's words reach it; a dict handed to
``push()`` (which evaluates only a string) is not code.  Also: ``if x in [literals]:
eval(x)`` evaluates one of the literals (UL405 fixtures ``*_literal_membership``).  CLI end to
end, independent of PYTHONHASHSEED, real sh canary (traitlets is not a test dependency: a
stand-in module gives ``HasTraits``/``Instance``).
"""

import importlib
import sys
import types

from conftest import FIXTURES, lint_json, marked_lines, project_outputs_by_seed

TA = FIXTURES / "pyscan" / "traitletsabc"
UL405 = FIXTURES / "rules" / "UL405"


def _ul411(tree):
    code, out = lint_json("--no-cache", "--no-config", "--select", "UL411", "--project-root", ".", ".", cwd=tree)
    assert not out["errors"], out["errors"]
    return code, out["findings"]


def test_method_of_a_registered_class_through_a_traitlets_instance():
    tree = TA / "bad"
    code, fs = _ul411(tree)
    assert code == 1
    assert sorted((f["path"], f["line"]) for f in fs) == sorted(marked_lines(tree))
    (f,) = fs
    assert "pip() passes parameter 'line' (unquoted) to system()" in f["message"]
    assert "kern/core/shell.py:13" in f["message"]


def test_quoted_constant_and_container_arguments_are_quiet():
    code, fs = _ul411(TA / "good")
    assert code == 0 and fs == []


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(TA / "bad", ("0", "1", "12345"), select="UL411")) == 1


def test_eval_narrowed_to_literals_is_quiet_and_the_other_branches_are_not():
    _code, out = lint_json("--no-cache", "--no-config", "--select", "UL405", str(UL405 / "good_literal_membership.py"))
    assert out["findings"] == []
    _code, out = lint_json("--no-cache", "--no-config", "--select", "UL405", str(UL405 / "bad_literal_membership.py"))
    assert [f["line"] for f in out["findings"]] == [7, 13, 19]


def test_the_users_words_run_in_a_real_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    fake = types.ModuleType("traitlets")
    fake.HasTraits = object
    fake.Instance = lambda klass, **kw: None
    monkeypatch.setitem(sys.modules, "traitlets", fake)
    monkeypatch.syspath_prepend(str(TA / "bad"))
    for m in [m for m in sys.modules if m == "kern" or m.startswith("kern.")]:
        monkeypatch.delitem(sys.modules, m)
    shell_mod = importlib.import_module("kern.core.shell")
    magics = importlib.import_module("kern.core.magics").PackagingMagics()
    magics.shell = shell_mod.Shell()
    assert isinstance(magics.shell, shell_mod.ShellABC)
    magics.pip("--version >/dev/null; touch C_pip")
    magics.store("__import__('pathlib').Path('C_store').touch()")
    assert (tmp_path / "C_pip").exists()
    assert not (tmp_path / "C_store").exists()
    assert magics.shell.user_ns["_stored"].startswith("__import__")
