"""Issue 25: a helper's Windows-only returns (linter/pyscan/windows.py ``posix_returns``).

``def sh_path(): if os.name == "nt": return <Git for Windows' sh.exe>`` / ``return "/bin/sh"``:
on every system where ``/bin/sh`` parses the command only the second return runs, so
``[sh_path(), "-ec", f'{editor} "$@"', ...]`` starts ``sh -c`` with the editor's text as
code (git-revise's editor launch); a quoting helper's Windows branch likewise does not
stand for its POSIX quoting (``fixtures/pyscan/sarge``).  ``fixtures/pyscan/editorshell``:
the editor formatted into the script (reported) and passed as ``$0`` of a constant script
(quiet).  The canary runs the fixture's own function with real ``/bin/sh``.
"""

import importlib.util
import os

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "editorshell"


def _load(kind):
    spec = importlib.util.spec_from_file_location(f"es_{kind}", TREE / kind / "revise" / "utils.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_bad_tree_reports_the_editor_formatted_into_sh_c():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert [f["rule"] for f in found] == ["UL403"] and "sh -c" in found[0]["message"]


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []


@pytest.mark.skipif(os.name == "nt", reason="the POSIX branch")
def test_the_editor_text_is_shell_code_only_in_the_bad_script(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "msg"
    target.write_text("x")
    _load("bad").edit_file_with_editor("touch CANARY_BAD; true", str(target))
    assert (tmp_path / "CANARY_BAD").exists()
    with pytest.raises(Exception):  # noqa: B017 -- the whole text is one program name: not found
        _load("good").edit_file_with_editor("touch CANARY_GOOD; true", str(target))
    assert not (tmp_path / "CANARY_GOOD").exists()
