"""pexpect started on a program the code names as a shell (issue 25, fresh7).

``pexpect.run(self.sh, args=["-c", cmd])`` / ``pexpect.spawn(...)`` / ``spawnb`` where ``sh``
is a property returning ``pexpect.which(os.environ.get("SHELL", "sh"))``: the program is not
known statically, but the code names it a shell, so ``-c`` is its code option (named.py).
Reported by UL404 through the CLI; a script file or an editor on the same kind of head
stays quiet.  The claim is proven with real bash: pexpect execs ``command`` with ``args``
as its argv (pexpect 4.9 pty_spawn.py ``_spawn``: ``self.args = [command] + args``), which
a stand-in module does here with the same argv (pexpect itself is not a test dependency).
"""

import shutil
import subprocess
import sys
import types

import pytest
from conftest import FIXTURES, lint_json, load_fixture_module

BAD = FIXTURES / "rules" / "UL404" / "bad_pexpect_named_shell.py"
GOOD = FIXTURES / "rules" / "UL404" / "good_pexpect_named_shell.py"


def _ul404(path):
    code, out = lint_json("--no-cache", "--no-config", "--select", "UL404", str(path))
    assert not out["errors"], out["errors"]
    return code, out["findings"]


def test_named_shell_with_c_and_a_parameter_is_reported():
    code, fs = _ul404(BAD)
    assert code == 1
    assert [(f["line"], f["column"]) for f in fs] == [(18, 16), (22, 21), (24, 21), (30, 12)]
    assert {f["message"].split(" starts ")[0] for f in fs} == {"pexpect.run", "pexpect.spawnb", "pexpect.spawn"}
    for f in fs:
        assert "starts sh -c with a script built from parameter" in f["message"]
        assert f["severity"] == "error" and f["confidence"] == "high"


def test_script_file_and_editor_heads_are_quiet():
    code, fs = _ul404(GOOD)
    assert code == 0 and fs == []


class _Spawn:
    def __init__(self, command, args=()):
        self.exitstatus = subprocess.run([command, *args], check=False).returncode

    def expect(self, _pattern):
        return 0


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_the_reported_argv_runs_its_code_in_a_real_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SHELL", shutil.which("bash"))
    fake = types.ModuleType("pexpect")
    fake.which = shutil.which
    fake.EOF = object()
    fake.spawn = _Spawn
    fake.run = lambda command, args=(): subprocess.run([command, *args], capture_output=True, text=True).stdout
    monkeypatch.setitem(sys.modules, "pexpect", fake)
    mod = load_fixture_module(BAD, "fxpx")
    handler = mod.ProcessHandler()
    handler.getoutput("true; touch C_run")
    handler.system("true; touch C_spawn")
    assert (tmp_path / "C_run").exists() and (tmp_path / "C_spawn").exists()
