"""Issue 25: the user's login shell as argv[0] (linter/pyscan/loginshell.py).

``[pwd.getpwuid(uid).pw_shell or "/bin/sh", "-c", cmd]``, ``[os.environ["SHELL"], "-lc", s]``
and ``[shell, flags[shell], cmd]`` after ``shell, _ = shellingham.detect_shell()`` (flags a
``defaultdict`` of constant options) start a shell with code, whatever the shell is called
on the machine.  ``fixtures/pyscan/loginshell``: a helper module and a caller module, bad and
good, end to end through the CLI; the bad helpers proven with real bash (a canary file)."""

import importlib.util
import os
import sys
import types

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "loginshell"


_lint = lint_ul4


def test_bad_tree_reports_helpers_and_callers():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    helpers = [f for f in found if f["path"].endswith("shellrun.py")]
    assert {f["rule"] for f in helpers} == {"UL403", "UL411"}
    # the login shell where it is the program; a command that is the login shell only when
    # the caller gives none is still the code of ``sh -c`` (record())
    assert {f["line"] for f in helpers if "login shell ($SHELL) -c" in f["message"]} == {26, 35, 39}
    assert (
        "sh -c with a script built from parameter 'command'" in next(f for f in helpers if f["line"] == 46)["message"]
    )
    assert {f["rule"] for f in found if f["path"].endswith("cli.py")} == {"UL411"}
    assert _lint(bad, seed="1")[1] == found


def test_good_tree_is_quiet():
    code, found = _lint(TREE / "good")
    assert (code, found) == (0, [])


def _bad_helpers(monkeypatch):
    fake = types.ModuleType("shellingham")
    fake.ShellDetectionFailure = RuntimeError
    fake.detect_shell = lambda: ("bash", "/bin/bash")
    monkeypatch.setitem(sys.modules, "shellingham", fake)
    spec = importlib.util.spec_from_file_location("loginshell_bad_shellrun", TREE / "bad" / "deploy" / "shellrun.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    # the password database's shell of whoever runs the tests may be nologin: bash stands for it
    monkeypatch.setattr(
        mod, "pwd", types.SimpleNamespace(getpwuid=lambda uid: types.SimpleNamespace(pw_shell="/bin/bash"))
    )
    monkeypatch.setenv("SHELL", "/bin/bash")
    return mod


def test_each_flagged_helper_runs_the_string_as_shell_code(tmp_path, monkeypatch):
    mod = _bad_helpers(monkeypatch)
    monkeypatch.chdir(tmp_path)
    for i, run in enumerate(
        (
            lambda p: mod.exec_command(p, cwd=str(tmp_path)),
            lambda p: mod.shell(p, env=dict(os.environ)),
            mod.login_run,
            mod.record,
        )
    ):
        canary = tmp_path / f"canary{i}"
        run(f"true; touch {canary}")
        assert canary.exists(), i


def test_good_helpers_keep_the_value_an_argument(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("loginshell_good_shellrun", TREE / "good" / "deploy" / "shellrun.py")
    fake = types.ModuleType("shellingham")
    fake.detect_shell = lambda: ("bash", "/bin/bash")
    monkeypatch.setitem(sys.modules, "shellingham", fake)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.setattr(
        mod, "pwd", types.SimpleNamespace(getpwuid=lambda uid: types.SimpleNamespace(pw_shell="/bin/bash"))
    )
    script = tmp_path / "s.sh"
    script.write_text('printf %s "$1" > out\n')
    monkeypatch.chdir(tmp_path)
    canary = tmp_path / "canary"
    mod.run_script(str(script), f"x; touch {canary}")
    assert (tmp_path / "out").read_text() == f"x; touch {canary}"
    assert not canary.exists()
