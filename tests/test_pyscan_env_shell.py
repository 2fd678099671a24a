"""UL403: an argv started with the shell named by the environment and grown by appends (issue 25, fresh5).

kas's ``shell -c CMD``: ``argv = [environ.get("SHELL", "/bin/sh")]`` then
``argv.append("-c")`` and ``argv.append(cmd)``.  The head is read as the shell
it is named for, as in a list literal.  Proven against real bash with a canary:
the bad fixture's code runs the payload; the good fixture's argvs (a login
shell, a script path, a program that is not a shell) stay quiet.
"""

import os
import shutil

import pytest
from conftest import FIXTURES, load_fixture_module, ul4_findings

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")

BAD = FIXTURES / "rules" / "UL403" / "bad_env_shell_appended.py"
GOOD = FIXTURES / "rules" / "UL403" / "good_env_shell_appended.py"


def _load(path):
    return load_fixture_module(path, "fx_envshell")


def _findings(path):
    return ul4_findings(path)


def test_appended_shell_argv_is_reported_and_runs_code(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, fs = _findings(BAD)
    assert code == 1
    assert [(f["rule"], f["line"], f["severity"]) for f in fs] == [("UL403", 15, "warning"), ("UL403", 22, "error")]
    assert "parameter 'script'" in fs[1]["message"]
    mod = _load(BAD)
    env = dict(os.environ, SHELL=shutil.which("bash"))
    mod.ShellCommand("touch CANARY_SHELLCMD").execute(env)
    mod.run_in(env, "touch CANARY_RUNIN")
    assert (tmp_path / "CANARY_SHELLCMD").exists() and (tmp_path / "CANARY_RUNIN").exists()


def test_login_shell_script_path_and_other_programs_are_quiet(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, fs = _findings(GOOD)
    assert code == 0 and fs == [], fs
    script = tmp_path / "s.sh"
    script.write_text("true\n")
    mod = _load(GOOD)
    env = dict(os.environ, SHELL=shutil.which("bash"))
    mod.run_script(env, str(script))
    mod.run_script(env, "touch CANARY_PATH")  # a path, not code: bash looks for a file of that name
    assert not (tmp_path / "CANARY_PATH").exists()
