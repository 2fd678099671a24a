"""An argv list handed through a wrapper to a duck-typed session method (issue 25).

``fixtures/pyscan/ducklist``: ``Guest.run(cmd_args)`` forwards its parameter to
``self.lxd_container.execute(cmd_args)``, an object of no known type whose name and method say
it runs a command (duckcmd.py).  The method takes a command line; a list there is an argv
(pylxd ``Container.execute(commands)``: "the command and arguments as a list"; docker-py
``exec_run``; a session's own call given a list is no command line already), so a caller's
list is no shell text, in another module (UL411) or in the wrapper's own (UL408): lists of
words, with a parameter as an item.  A caller's string (an f-string, a concatenation) and a
list that starts a shell with a value as its code (``["sh", "-c", script]``) are reported, and
so is a constructor's string kept and formatted into the command line (``Alias(shell, name,
cmd)`` whose ``__call__`` runs ``self.shell.system("{} {}".format(self.cmd, rest))``).
The wrapper's own call of the session method is reported in both trees (a caller's string
is a command line there).
"""

from conftest import FIXTURES, marked_lines, project_findings

TREE = FIXTURES / "pyscan" / "ducklist"


def test_strings_and_shell_argvs_through_the_wrapper_are_reported():
    code, fs = project_findings(TREE / "bad")
    assert code == 1
    assert sorted((f["path"], f["line"]) for f in fs) == sorted(marked_lines(TREE / "bad")), fs
    by_line = {(f["path"], f["line"]): f for f in fs}
    assert by_line[("guests/distros.py", 11)]["rule"] == "UL411"
    assert "'script' (unquoted)" in by_line[("guests/distros.py", 11)]["message"]
    assert by_line[("guests/base.py", 16)]["rule"] == "UL408"
    assert "'cmd' (unquoted) to Alias()" in by_line[("guests/alias.py", 15)]["message"]


def test_argv_lists_through_the_wrapper_are_not():
    code, fs = project_findings(TREE / "good")
    assert code == 1
    assert [(f["path"], f["line"], f["rule"]) for f in fs] == [("guests/base.py", 9, "UL404")], fs
