"""Precision of the cross-module rule UL411 (issue 25): values that are not command text.

End to end through the CLI on ``fixtures/pyscan/crossmod_precision``: each ``good`` tree
holds the shape of a false alarm seen on real projects, each ``bad`` tree its nearest
true shape; the bad tree's ``# FLAG`` lines get exactly one UL411 each, the good tree
none but the ``# HOP`` lines (a public wrapper's own parameter passed on to the
shell helper: a string given to it runs in a shell, reported in both trees).

- ``callables``: a function object handed to a helper that runs a *string* through a
  shell and calls anything callable (``register(cmd=self.toggle)``, an imported
  function of another module, a lambda, a table of handlers) is not text; a
  configured value or a public function's parameter in the same place is.
- ``processout``: a helper's parameter that only selects what a process prints (an
  argv item of ``check_output``, ``Popen(...).communicate()``) does not reach the shell
  that runs the printout (a configured filter command): the callers passing a path are
  not reported, the sink keeps its own finding; the parameter appended to that command
  is reported at the caller.
- ``ownobject``: a method handing on its own object (``run_post_hook(self, name)``) passes
  no command value, whatever the callee reads from the object; a command parameter passed
  beside it is reported.
- ``listcmd``: a helper that runs its command through a shell only when it is text
  (``shell = isinstance(cmd, str)``) runs a caller's list as an argv
  (``base_cmd() + [sub, "-h"]``, ``list(x) + [...]``); the same value joined into a
  string is reported.
- ``constobject``: objects of the tree's own classes built from constants
  (``Command(identity="podman", command="podman --version")``) hold constants; built
  from a parameter they hold it and are reported.
"""

import pytest
from conftest import FIXTURES, lint_json, marked_lines

TREE = FIXTURES / "pyscan" / "crossmod_precision"
CASES = ["callables", "processout", "ownobject", "listcmd", "constobject"]


def _ul411(tree):
    _code, out = lint_json("--no-cache", "--no-config", "--select", "UL4", "--project-root", ".", ".", cwd=tree)
    assert not out["errors"], out["errors"]
    return out["findings"], sorted((f["path"], f["line"]) for f in out["findings"] if f["rule"] == "UL411")


@pytest.mark.parametrize("case", CASES)
def test_bad_tree_flags_every_marked_call(case):
    fs, got = _ul411(TREE / case / "bad")
    want = marked_lines(TREE / case / "bad") | marked_lines(TREE / case / "bad", "# HOP")
    assert got == sorted(want), got
    for f in fs:
        assert f["line"] >= 1 and f["column"] >= 1 and f["severity"] in ("error", "warning", "note"), f


@pytest.mark.parametrize("case", CASES)
def test_good_tree_has_no_cross_module_finding(case):
    _fs, got = _ul411(TREE / case / "good")
    assert got == sorted(marked_lines(TREE / case / "good", "# HOP")), got


def test_the_sink_keeps_its_own_finding_when_the_callers_are_quiet():
    fs, _got = _ul411(TREE / "processout" / "good")
    assert [(f["rule"], f["path"], f["line"]) for f in fs] == [("UL401", "tool/filters.py", 14)], fs


def test_a_property_read_is_its_value_not_a_bound_method():
    # ``self.sh`` under ``@property`` is the shell's path the getter returns: the argv
    # ``[self.sh, "-c", cmd]`` still starts a shell (only plain methods are callables)
    fs, _got = _ul411(TREE / "callables" / "bad")
    assert [(f["rule"], f["line"]) for f in fs if f["path"] == "ui/shellrun.py"] == [("UL404", 12)], fs
