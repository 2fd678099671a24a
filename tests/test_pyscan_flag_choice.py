"""A shell's code option held in a variable that is one of several constants (issue 25).

``flag = "/c" if os.name == "nt" else "-c"`` then ``[shell, flag, command]``: each
constant is an argv alternative, so the ``-c`` one is seen.  End to end through the
CLI on ``fixtures/rules/UL403/*_flag_choice.py`` (options chosen among constants
that never make the next value code stay quiet), and the flagged call is proven
with real bash (a canary written through the fixture's own function).
"""

import importlib.util
import os

from conftest import FIXTURES, lint_json

DIR = FIXTURES / "rules" / "UL403"


def test_cli_flags_each_call_once():
    bad = DIR / "bad_shell_in_argv_flag_choice.py"
    code, out = lint_json("--no-cache", "--select", "UL4", str(bad))
    assert code == 1
    want = {i for i, line in enumerate(bad.read_text().splitlines(), 1) if "# FLAG" in line}
    assert sorted(f["line"] for f in out["findings"]) == sorted(want)
    assert all(f["rule"] == "UL403" and f["severity"] == "error" for f in out["findings"])


def test_cli_good_is_quiet():
    code, out = lint_json("--no-cache", "--select", "UL4", str(DIR / "good_shell_in_argv_flag_choice.py"))
    assert (code, out["findings"]) == (0, [])


def test_the_flagged_call_runs_code(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("flag_choice_bad", DIR / "bad_shell_in_argv_flag_choice.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.setenv("SHELL", "/bin/bash")
    monkeypatch.chdir(tmp_path)
    canary = tmp_path / "canary"
    assert os.name == "posix"
    mod.run_hook(f"echo hi; touch {canary}")
    assert canary.exists()
