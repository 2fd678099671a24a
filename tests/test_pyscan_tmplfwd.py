"""Wrappers that hand a quoting runner's template and its ``*args`` on (issue 25, pyA15).

End to end through the CLI on ``fixtures/pyscan/tmplfwd``: a backend's
``run_local(template, *args)`` shell-quotes each ``%s`` argument into the template; the
local backend's ``run`` formats with a base-class helper of another file
(``self.get_command(command, *args)``), and a public ``Host`` forwards ``run``,
``run_expect`` and ``check_output`` unchanged.  A caller's constant template that puts
a value inside hand-written quotes (PowerShell ``'%s'``, ``"^%s:"``) or inside the code
of an inner ``sh -c '...'`` undoes the quoting, and is reported where it is written;
word-placed values (``test -e %s``, ``stat -c '%%s' %s``) stay quiet.  The flagged
flows are real: the fixture's own code writes a canary through /bin/sh.
"""

import importlib
import shutil
import sys

import pytest
from conftest import FIXTURES, marked_lines, project_findings

TREE = FIXTURES / "pyscan" / "tmplfwd"


def test_each_flagged_line_is_reported_once():
    code, fs = project_findings(TREE / "bad")
    assert code == 1
    got = sorted((f["path"], f["line"]) for f in fs)
    assert got == sorted(marked_lines(TREE / "bad")), got
    by_line = {(f["path"], f["line"]): f for f in fs}
    for line in (8, 13, 18):
        f = by_line[("infra/checks.py", line)]
        assert f["rule"] == "UL411" and f["severity"] == "error", f
        assert "inside quotes" in f["message"], f
        assert "infra/backend/base.py:21" in f["message"], f
    assert "'addr'" in by_line[("infra/checks.py", 18)]["message"]
    assert "'port'" in by_line[("infra/checks.py", 18)]["message"]
    for f in fs:
        assert f["line"] >= 1 and f["column"] >= 1 and f["confidence"]


def test_word_placed_templates_stay_quiet():
    _code, fs = project_findings(TREE / "good")
    # the runners themselves (by design: the template is the caller's), no caller
    assert sorted((f["path"], f["line"]) for f in fs) == [("infra/backend/base.py", 21), ("infra/backend/local.py", 7)]


def _fresh_import(monkeypatch, tree):
    monkeypatch.syspath_prepend(str(tree))
    for m in [m for m in sys.modules if m == "infra" or m.startswith("infra.")]:
        monkeypatch.delitem(sys.modules, m)


def _host(monkeypatch, tree):
    _fresh_import(monkeypatch, tree)
    local = importlib.import_module("infra.backend.local")
    return importlib.import_module("infra.host").Host(local.LocalBackend()), importlib.import_module("infra.checks")


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_flagged_templates_run_the_payload(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    host, checks = _host(monkeypatch, TREE / "bad")
    checks.windows_file_exists(host, "$(touch C_ps)")
    checks.user_listed(host, "$(touch C_grep)")
    checks.port_open(host, "x; touch C_sh; true ", "80")
    made = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("C_"))
    assert made == ["C_grep", "C_ps", "C_sh"], made


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_quiet_templates_keep_the_payload_data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for tree in (TREE / "bad", TREE / "good"):
        host, checks = _host(monkeypatch, tree)
        assert not checks.file_exists(host, "x; touch C_test")
        assert not checks.has_user(host, "$(touch C_id)")
        assert checks.file_size(host, "x; touch C_stat") == 0
    good = importlib.import_module("infra.checks")
    good.listed(host, "$(touch C_grep)", "/dev/null")
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("C_")]
