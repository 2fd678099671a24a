"""Text typed into a shell with pexpect's ``sendline`` (issue 25).

End to end through the CLI on ``fixtures/rules/UL404/*_sendline.py``: every
``# FLAG`` line gets one UL404 (a spawn of a constant shell, pxssh, text that
starts with ``source``); answers to another program's prompts and quoted
values stay quiet.  The claim is proven with real bash: the line the bad
fixture types, given to a shell as input, runs the payload; the good one's does not.
"""

import subprocess

from conftest import FIXTURES, lint_json

DIR = FIXTURES / "rules" / "UL404"


def _flag_lines(path):
    return {i for i, line in enumerate(path.read_text().splitlines(), 1) if "# FLAG" in line}


def test_bad_fixture_flags_each_sendline_once():
    bad = DIR / "bad_third_party_sendline.py"
    code, out = lint_json("--no-cache", "--select", "UL404", str(bad))
    assert code == 1
    lines = [f["line"] for f in out["findings"]]
    assert sorted(lines) == sorted(_flag_lines(bad))
    pxssh = next(f for f in out["findings"] if f["line"] == 16)
    assert "remote shell" in pxssh["message"] and pxssh["column"] == 5 and pxssh["severity"] == "error"


def test_good_fixture_is_quiet():
    code, out = lint_json("--no-cache", "--select", "UL4", str(DIR / "good_third_party_sendline.py"))
    assert (code, out["findings"]) == (0, [])


def _typed(text, cwd):
    """What an interactive shell does with a line typed into it: runs it."""
    subprocess.run(["bash", "--norc"], input=text + "\n", cwd=cwd, capture_output=True, text=True, timeout=30)


def test_typed_line_runs_the_payload(tmp_path):
    import shlex

    canary = tmp_path / "canary"
    script = f"x$(touch {canary})"
    _typed(f'source "{script}"', tmp_path)  # the bad fixture's line
    assert canary.exists()
    canary.unlink()
    _typed(f"source {shlex.quote(script)}", tmp_path)  # the good fixture's line
    assert not canary.exists()
