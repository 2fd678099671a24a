"""An argv prefix not known statically, then known items (issue 25, pyA15).

``git_config + ["filter.x.clean", cmd]`` and ``prefix + ["sh", "-c", script]``: the prefix
is a caller's list, so the evaluator reads it as one unknown item and "more"; the known
items after it still say what runs.  A key whose value git runs with ``sh -c`` (the shell
engine's git key table, programs.GIT_CONFIG_COMMAND_KEYS; keys with a wildcard first part
such as ``pager.*`` name nothing git-specific and are not read) and a shell's ``-c`` are
reported; data items (``ls -- PATH``, ``user.name``) and constant code stay quiet.
The flagged flows are proven with real git and /bin/sh and a canary file.
"""

import importlib
import shutil
import subprocess
import sys

import pytest
from conftest import FIXTURES, marked_lines, project_findings

TREE = FIXTURES / "pyscan" / "argvprefix"


def test_each_flagged_line_is_reported_once():
    code, fs = project_findings(TREE / "bad")
    assert code == 1
    got = sorted((f["path"], f["line"]) for f in fs)
    assert got == sorted(marked_lines(TREE / "bad")), got
    by_line = {f["line"]: f for f in fs}
    assert "filter.stripper.clean" in by_line[10]["message"] and "parameter 'python'" in by_line[10]["message"]
    assert "sh -c" in by_line[16]["message"] and "parameter 'script'" in by_line[16]["message"]
    for f in fs:
        assert f["severity"] == "error" and f["column"] >= 1 and f["confidence"]


def test_data_items_and_constant_code_stay_quiet():
    _code, fs = project_findings(TREE / "good")
    assert fs == [], fs


def _module(monkeypatch, tree):
    monkeypatch.syspath_prepend(str(tree))
    for m in [m for m in sys.modules if m == "hooks" or m.startswith("hooks.")]:
        monkeypatch.delitem(sys.modules, m)
    return importlib.import_module("hooks.install")


@pytest.mark.skipif(shutil.which("git") is None or shutil.which("sh") is None, reason="needs git and sh")
def test_filter_command_runs_the_payload_when_git_stages(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    subprocess.run(["git", "init", "-q", "."], check=True)
    mod = _module(monkeypatch, TREE / "bad")
    mod.install_filter(["git", "config"], python="$(touch C_filter)")
    (tmp_path / ".gitattributes").write_text("*.nb filter=stripper\n")
    (tmp_path / "a.nb").write_text("{}\n")
    subprocess.run(["git", "add", "a.nb"], check=False, capture_output=True)
    mod.run_inside(["env"], "touch C_prefix")
    made = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("C_"))
    assert made == ["C_filter", "C_prefix"], made


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_data_items_keep_the_payload_data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    mod = _module(monkeypatch, TREE / "good")
    assert mod.list_inside(["env"], "$(touch C_ls)").returncode != 0
    mod.greet_inside(["env"])
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("C_")]
