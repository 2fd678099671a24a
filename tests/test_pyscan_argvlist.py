"""Argv lists handed to runners that turn the shell off for lists (issue 25, pyA27:
linter/pyscan/seqvalue.py).

End to end through the CLI on ``fixtures/pyscan/argvlist``: ``run(cmd, shell=True)``
helpers that set ``shell = False`` when the command is a list (also through a local
alias of the parameter), and ``shell=isinstance(cmd, str)``.  The good tree's client
builds every command as a list from a helper returning the base argv
(``self._docker_cmd() + [...]``, ``cmd = self._base(); cmd += [...]``, a parameter
annotated ``List[str]`` passed on): no finding in ``client.py``.  The bad tree's
client hands the same runners strings: each ``# FLAG`` line is reported.  The runners'
own findings are the same in both trees.  That a list runs no shell is proven with
real ``/bin/sh`` and a canary file.
"""

import importlib.util
import shutil

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "argvlist"


def _found(tree, name):
    code, found = lint_ul4(tree)
    assert code in (0, 1), code
    for f in found:
        assert f["line"] >= 1 and f["column"] >= 1 and f["severity"] and f["confidence"], f
    return [f for f in found if f["path"].endswith(name)]


def test_strings_to_the_runners_are_reported():
    got = where_found(TREE / "bad", _found(TREE / "bad", "client.py"))
    want = marked_lines(TREE / "bad")
    assert want and got == want, sorted(got ^ want)


def test_lists_built_from_a_base_argv_are_not_reported():
    got = [(f["rule"], f["line"]) for f in _found(TREE / "good", "client.py")]
    assert got == [], got


def test_the_runners_keep_their_own_findings():
    def runner(tree):
        return sorted((f["rule"], f["line"]) for f in _found(tree, "run.py"))

    good = runner(TREE / "good")
    assert good == runner(TREE / "bad")
    assert [r for r, _ in good] == ["UL401"] * 4  # a string given to any of them runs in sh


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_canary_a_list_runs_no_shell_a_string_does(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("al_run", TREE / "good" / "dockercli" / "run.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.chdir(tmp_path)
    canary = tmp_path / "canary"
    payload = "x; touch canary"
    mod.run(["echo", payload])  # if isinstance(cmd, list): shell = False
    mod.run_quiet(["echo", payload])  # the same through a local alias of the parameter
    mod.run_quiet(("echo", payload))
    mod.sh(["echo", payload])
    mod.system(["echo", payload])  # if isinstance(cmd, list): shell = False / else: shell = True
    assert not canary.exists()
    for runner in (mod.run, mod.run_quiet, mod.sh, mod.system):
        runner("echo " + payload)  # a string: /bin/sh -c runs it
        assert canary.exists(), runner
        canary.unlink()
    mod.run(["sh", "-c", "echo " + payload])  # a list starting a shell with code: still sh
    assert canary.exists()


def test_written_constants_are_known_by_their_syntax():
    import ast

    from utcp_lint.pyscan.seqvalue import written_constant

    def const(src):
        return written_constant(ast.parse(src, mode="eval").body)

    for src in ('"sw_vers --productVersion"', 'f"xcodebuild -version"', '["git", "ls-files", "."]', '"a " + "b"'):
        assert const(src), src
    for src in ('f"git log {ref}"', '["git", ref]', '"rm " + path', "cmd", '[*base, "x"]', '"%s" % name'):
        assert not const(src), src
