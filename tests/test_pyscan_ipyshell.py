"""Issue 25: IPython's shell as a command runner (linter/pyscan/duckcmd.py ``system`` and
``getoutput``, ``ROLE_ALWAYS``).

IPython documents ``InteractiveShell.system(cmd)`` (``system_raw``: "using the system
shell") and ``getoutput(cmd)`` ("with a shell") as the ``!cmd`` machinery; extensions and
magics reach it as ``self.shell.system(...)``, ``ip = get_ipython(); ip.system(...)`` or
``get_ipython().system(...)``.  Those calls are reported when a value reaches the text;
a constant or ``shlex.quote``-d text, ``platform.system()`` and a ``system`` method of
any other receiver (a chat model's system prompt) are not.  IPython is not a dependency
of the test environment, so the shell claim rests on IPython's documentation and source
(``IPython/core/interactiveshell.py``), not on a canary run here."""

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "ipyshell"


def test_bad_tree_reports_each_shell_call():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert {f["rule"] for f in found} == {"UL404"}
    by = {f["line"]: f for f in found}
    assert "parameter 'line'" in by[12]["message"] and "self.shell.system()" in by[12]["message"]
    assert "ip.system()" in by[21]["message"] and "an ip object's system()" in by[21]["message"]
    assert "get_ipython().system()" in by[25]["message"]
    assert all(f["severity"] == "error" and f["column"] >= 1 and f["confidence"] for f in found)


def test_good_tree_is_quiet():
    assert lint_ul4(TREE / "good") == (0, [])
