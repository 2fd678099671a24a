"""Issue 25: pywinrm's runners (linter/pyscan/sinks.py REMOTE_OR_SHELL_RUNNERS and
RUNNER_COMMAND_AT, evaluate.py INSTANCE_ALIASES).  pywinrm 0.5 sends ``run_cmd``'s command
and arguments, joined with spaces, to the remote cmd shell (winrm/protocol.py
``run_command``: ``WINRS_SKIP_CMD_SHELL`` FALSE), and runs ``run_ps``'s script as
PowerShell code (base64 ``-encodedcommand``: an encoding, not quoting).  No Windows host
here: the claim rests on pywinrm's source, cited in the table.
``fixtures/pyscan/winrm``: bad and good trees."""

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "winrm"


def test_bad_tree_reports_every_runner():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert {f["rule"] for f in found} == {"UL404"} and all(f["severity"] == "error" for f in found)
    msgs = {f["line"]: f["message"] for f in found}
    assert "remote cmd shell" in msgs[10] and "PowerShell" in msgs[15] and "parameter 'command'" in msgs[21]


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []


def test_a_file_without_winrm_is_not_read_as_winrm(tmp_path):
    (tmp_path / "m.py").write_text(
        "class Runner:\n    def run_cmd(self, command):\n        return command\n\n\n"
        "def go(r, x):\n    return Runner().run_cmd(x)\n"
    )
    code, found = lint_ul4(tmp_path)
    assert code == 0 and found == []
