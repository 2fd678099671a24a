"""Issue 25 (pyA18): a shell program held in a variable (linter/pyscan/evaluate.py):
``shutil.which("bash") or "/bin/sh"`` (alternatives that are all POSIX shells of the
program table, each running the word after ``-c`` as code) and a command prefix read from
configuration with a shell as its written default (``config.get("shell_cmd", ["/bin/bash",
"-c"])``, then ``[*self.shell_cmd, command]``): the argv starts a shell with code.

``fixtures/pyscan/shellvar``: bad and good trees; the canary runs the bad tree's helpers
with a real sh."""

import sys

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

from linter.pyscan.evaluate import _posix_shell

TREE = FIXTURES / "pyscan" / "shellvar"


def test_bad_tree_reports_every_marked_line():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert all(f["rule"] == "UL403" and f["severity"] == "error" for f in found)


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []


def test_posix_shells_from_the_table():
    assert _posix_shell("/bin/sh") and _posix_shell("bash") and _posix_shell("/usr/bin/zsh")
    assert not _posix_shell("xdg-open") and not _posix_shell("python3") and not _posix_shell("")
    assert not _posix_shell("cmd.exe") and not _posix_shell("bash -x")


def test_canary(tmp_path):
    canary = tmp_path / "CANARY"
    sys.path.insert(0, str(TREE / "bad"))
    try:
        from termtool.runner import Session, run_line

        run_line(f"true; touch {canary}1")
        Session({"shell_cmd": ["/bin/sh", "-c"]}).run(f"true; touch {canary}2")
        Session({}).run(f"true; touch {canary}3")  # the default: /bin/bash -c
    finally:
        sys.path.remove(str(TREE / "bad"))
        for m in [m for m in sys.modules if m == "termtool" or m.startswith("termtool.")]:
            del sys.modules[m]
    assert all((tmp_path / f"CANARY{k}").exists() for k in (1, 2, 3))
