"""Issue 25: a shell prefix chosen among a few constants, split into the argv
(linter/pyscan/cprefix.py).

``bash_c().split() + [cmd]`` with ``def bash_c(): return "bash -c" if not windows else
"cmd /c"``, ``SHELL_PREFIX.split() + [line]`` with ``SHELL_PREFIX = "sh -c" if posix else
"cmd /c"``: the prefix is one of a few constants, each an argv alternative read like a
written ``["bash", "-c", cmd]``.  ``fixtures/pyscan/splitprefix``: helper and caller
modules, bad and good, end to end through the CLI; the bad helpers proven with real sh
and bash (a canary file)."""

import importlib.util
import os
import shutil
import subprocess

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "splitprefix"


def test_bad_tree_reports_helpers_and_callers():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    helpers = {f["line"]: f for f in found if f["path"].endswith("shellcmd.py")}
    assert {f["rule"] for f in helpers.values()} == {"UL403"}
    assert "bash -c / cmd /c with a script built from parameter 'cmd'" in helpers[27]["message"]
    assert "sh -c" in helpers[32]["message"] and "parameter 'line'" in helpers[32]["message"]
    assert "parameter 'script'" in helpers[38]["message"]
    assert "bash -c / cmd /c" in helpers[42]["message"]  # shlex.split(bash_c())
    assert all(f["severity"] == "error" and f["column"] >= 1 for f in found)
    callers = [f for f in found if f["path"].endswith("pods.py")]
    assert {f["rule"] for f in callers} == {"UL411"}
    assert lint_ul4(bad, seed="1")[1] == found


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert (code, found) == (0, [])


def _load(side: str):
    spec = importlib.util.spec_from_file_location(f"splitprefix_{side}", TREE / side / "agentkit" / "shellcmd.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.skipif(os.name != "posix" or not shutil.which("bash"), reason="needs a POSIX sh and bash")
def test_bad_helpers_run_the_string_as_shell_code(tmp_path):
    mod = _load("bad")
    for i, run in enumerate((mod.get_bash_output, mod.run_line, lambda s: mod.start(s).wait(), mod.run_quiet)):
        canary = tmp_path / f"canary{i}"
        run(f"true; touch {canary}")
        assert canary.exists(), i


@pytest.mark.skipif(os.name != "posix", reason="needs a POSIX system")
def test_good_helpers_keep_the_value_an_argument(tmp_path):
    mod = _load("good")
    canary = tmp_path / "canary"
    with pytest.raises(subprocess.CalledProcessError):  # ls finds no file of that odd name
        mod.list_dir(f"x; touch {canary}")
    assert not canary.exists()
