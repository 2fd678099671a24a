"""Issue 25: commands that reach cmd.exe (a list with a true shell flag; a flag true on Windows only).

The POSIX half is proven with real bash: with ``shell=True`` only the first item of a list is
the script, the others are ``$0``, ``$1``... and never parsed.  The Windows half is CPython's own
source (``Lib/subprocess.py``, ``Popen._execute_child``: ``args = list2cmdline(args)`` then
``'{} /c "{}"'.format(comspec, args)``), checked here in the installed interpreter's file, and
``list2cmdline`` itself, a pure function that runs here: it leaves ``&``, ``|``, ``^``, ``%`` of an
item outside the double quotes cmd.exe reads.
"""

import json
import os
import shutil
import subprocess

import pytest
from conftest import FIXTURES, marked_lines, run_cli

TREE = FIXTURES / "pyscan" / "winshell"


def _lint(path, seed="0", cwd=None):
    env = dict(os.environ, PYTHONHASHSEED=seed)
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", path, env=env, cwd=cwd)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_posix_shell_runs_only_the_first_item_of_a_list(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    later = "x; touch CANARY_LATER"
    subprocess.run(['touch CANARY_FIRST; printf %s "$0" > zero', later], shell=True, executable="/bin/bash", check=True)
    assert (tmp_path / "CANARY_FIRST").exists()
    assert not (tmp_path / "CANARY_LATER").exists()
    assert (tmp_path / "zero").read_text() == later  # the second item is $0, a value, not code


def _cmd_live(line: str) -> str:
    """The characters of ``line`` outside cmd.exe's double-quoted spans (``"`` toggles a span;
    cmd.exe gives a backslash no meaning)."""
    out, inside = [], False
    for ch in line:
        if ch == '"':
            inside = not inside
        elif not inside:
            out.append(ch)
    return "".join(out)


def test_windows_joins_every_item_for_cmd_exe():
    src = open(subprocess.__file__, encoding="utf-8").read()
    assert "args = list2cmdline(args)" in src and "'{} /c \"{}\"'.format (comspec, args)" in src
    for value in ("origin&calc", 'a b"&calc&"', "x|whoami", "%PATH%^&calc"):
        line = subprocess.list2cmdline(["git", "push", value])
        assert set("&|%") & set(_cmd_live(line)), (value, line)


def test_bad_tree_reports_every_marked_line_on_any_hash_seed():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    got = {
        (
            str((FIXTURES.parent / f["path"]).relative_to(bad))
            if not os.path.isabs(f["path"])
            else str(os.path.relpath(f["path"], bad)),
            f["line"],
        )
        for f in found
    }
    assert got == marked_lines(bad)
    assert all(f["severity"] == "error" for f in found)
    runner = [f for f in found if f["path"].endswith("runner.py")]
    assert {f["rule"] for f in runner} == {"UL401"}
    assert sum("through cmd.exe on Windows" in f["message"] for f in runner) == 2
    assert sum("on Windows cmd.exe runs every item" in f["message"] for f in runner) == 1
    assert _lint(bad, seed="1")[1] == found


def test_good_tree_is_quiet():
    code, found = _lint(TREE / "good")
    assert code == 0 and found == []


def test_constant_items_with_a_windows_flag_stay_a_note(tmp_path):
    app = tmp_path / "app"
    app.mkdir()
    (app / "tool.py").write_text(
        "import os\nimport subprocess\n\n\ndef node_version():\n"
        '    return subprocess.run(["node", "--version"], shell=os.name == "nt")\n'
    )
    code, found = _lint("app", cwd=tmp_path)  # relative: the pytest directory's name holds "test"
    assert code == 0 and found == []  # constant: quiet by default
    r = run_cli("--select", "UL412", "--no-config", "--no-cache", "--format", "json", "app", cwd=tmp_path)
    code, found = r.returncode, json.loads(r.stdout)["findings"]
    assert code == 0  # a note alone does not fail the run
    assert [(f["rule"], f["severity"]) for f in found] == [("UL412", "note")]
    assert "through cmd.exe on Windows" in found[0]["message"]
