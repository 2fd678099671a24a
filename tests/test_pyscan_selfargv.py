"""Issue 25: argv prefixes kept in object state (linter/pyscan/selfargv.py).

``self.command_prefix = ["ssh", host, "--"]`` in a constructor, a property returning
``["ssh", "-p", port, host]``, a class attribute ``SHELL = ["/bin/sh", "-c"]``, a base
class's prefix, or another object's ``resource.command_prefix``: a method extending it
with a value runs that value in the (remote) shell.  ``fixtures/pyscan/selfargv``: bad
(values appended unquoted) and good (quoted, constant, a local/sudo prefix, a pip argv).
"""

import importlib
import os
import shutil
import sys

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "selfargv"

# ssh(1): options (-o/-p/-i/-l/-F take a value), the host, an optional "--", then the
# words of the remote command, joined with spaces and run by the remote user's shell
FAKE_SSH = (
    "#!/bin/sh\n"
    'while [ $# -gt 0 ]; do case "$1" in -o|-p|-i|-l|-F) shift 2;; -*) shift;; *) break;; esac; done\n'
    'shift\n[ "$1" = -- ] && shift\nexec sh -c "$*"\n'
)


def test_bad_tree_reports_every_marked_line():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert all(f["rule"] == "UL403" and f["severity"] == "error" for f in found)
    assert all(f["column"] >= 1 and f["confidence"] for f in found)
    by_line = {f["line"]: f["message"] for f in found}
    assert "parameter 'filename'" in by_line[23] and "ssh host <command>" in by_line[23]
    assert "sh -c" in by_line[39] and "parameter 'script'" in by_line[39]


def test_good_tree_has_no_error_or_warning():
    code, found = lint_ul4(TREE / "good")
    assert code == 0
    # a constant or shlex.quote-d remote command is the recommended form: no finding at all
    # (UL403 is quiet on it, as for the same list written out in one display)
    assert found == []


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_appended_words_run_in_the_remote_shell(tmp_path, monkeypatch):
    """A stand-in ``ssh`` on PATH doing what ssh(1) does with the words after the host
    (one command line for the remote shell): the bad tree's appended file name runs a
    command, the good tree's quoted one does not."""
    fake = tmp_path / "bin" / "ssh"
    fake.parent.mkdir()
    fake.write_text(FAKE_SSH)
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.chdir(tmp_path)
    for tree, tag in ((TREE / "bad", "bad"), (TREE / "good", "good")):
        monkeypatch.syspath_prepend(str(tree))
        for m in [m for m in sys.modules if m == "labhost" or m.startswith("labhost.")]:
            monkeypatch.delitem(sys.modules, m)
        mod = importlib.import_module("labhost.remote")
        mod.RemotePlace("host").check_file(f"x; touch C_check_{tag}")
        if tag == "bad":
            mod.RemoteLister("host").listdir("x; touch C_list_bad")
            mod.Shell().run("touch C_shell_bad")
            mod.SSHFilesystem(["ssh"], "key").cat("node1", "x; touch C_cat_bad").wait()
        sys.path.remove(str(tree))
    assert (tmp_path / "C_check_bad").exists()
    assert (tmp_path / "C_list_bad").exists()
    assert (tmp_path / "C_shell_bad").exists()
    assert (tmp_path / "C_cat_bad").exists()
    assert not (tmp_path / "C_check_good").exists()
