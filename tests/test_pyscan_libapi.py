"""A library's public helpers whose parameters reach a shell through a closure (issue 25, fresh5 split).

``fixtures/pyscan/libapi``: paver's shape.  ``vcsapi.shell.sh(command)`` runs
the command in a nested ``runpipe()`` handed to ``dry()`` (the ``Popen`` is in
the closure, the command is ``sh``'s parameter), re-exported by
``vcsapi.easy``; the public helpers of ``vcsapi.git`` format their own
parameters into the command line (``"%(url)s" % dict(url=url)``, ``%`` with a
tuple, an f-string).  Each helper's call is reported; the good tree hands
``sh`` argv lists (quoted item by item by ``sh``, whose fallback quoting
function is a backport of ``shlex.quote``), ``shlex.quote``-d values and
constants, and its ``tests`` package passes test data: all quiet.  End to end
through the CLI, independent of PYTHONHASHSEED, and proven against real bash.
"""

import importlib
import sys

from conftest import FIXTURES, marked_lines, project_outputs_by_seed, project_ul4

LIBAPI = FIXTURES / "pyscan" / "libapi"


def test_each_public_helper_feeding_the_closure_shell_is_reported():
    tree = LIBAPI / "bad"
    code, fs = project_ul4(tree)
    assert code == 1
    ul411 = [f for f in fs if f["rule"] == "UL411"]
    assert sorted((f["path"], f["line"]) for f in ul411) == sorted(marked_lines(tree))
    by_line = {f["line"]: f for f in ul411}
    assert "clone() passes parameters 'dest_folder' (unquoted), 'url' (unquoted) to sh()" in by_line[7]["message"]
    assert "checkout() passes parameters 'branch_name' (unquoted), 'path' (unquoted)" in by_line[11]["message"]
    assert "log() passes parameters 'count' (unquoted), 'ref' (unquoted)" in by_line[15]["message"]
    for f in ul411:
        assert f["severity"] == "error" and f["column"] >= 1 and f["end_column"] > f["column"], f
        assert f["tool"] is None or isinstance(f["tool"], str)
        assert "runs it as shell or interpreter code at vcsapi/shell.py:27" in f["message"], f
    # the backport of shlex.quote is quoting, not a quote placed inside quotes
    assert not [f for f in fs if f["rule"] == "UL406"], fs


def test_argv_lists_quoted_values_constants_and_the_tests_package_are_quiet():
    _code, fs = project_ul4(LIBAPI / "good")
    assert [f for f in fs if f["rule"] in ("UL406", "UL411")] == [], fs
    # the wrapper itself stays reported where it is (a public function running its parameter)
    assert [(f["rule"], f["path"], f["line"]) for f in fs] == [("UL401", "vcsapi/shell.py", 27)]


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(LIBAPI / "bad", ("0", "1", "12345"))) == 1


def test_the_reported_helpers_run_a_real_shell(tmp_path, monkeypatch):
    """What a user passes to the public helpers reaches bash: canary files."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(LIBAPI / "bad"))
    for m in [m for m in sys.modules if m == "vcsapi" or m.startswith("vcsapi.")]:
        monkeypatch.delitem(sys.modules, m)
    git = importlib.import_module("vcsapi.git")
    git.clone("x 2>/dev/null; touch C_clone;", "d")
    git.checkout("main 2>/dev/null; touch C_checkout")
    git.log("HEAD 2>/dev/null; touch C_log")
    assert (tmp_path / "C_clone").exists()
    assert (tmp_path / "C_checkout").exists()
    assert (tmp_path / "C_log").exists()
