"""Issue 25: sarge's command strings (linter/pyscan/sinks.py REMOTE_OR_SHELL_RUNNERS).

sarge parses a command string itself (``;``, ``&&``, ``||``, ``|``, ``&``, redirections:
``sarge.CommandLineParser``) and runs every command it finds, so a value formatted into the
string adds commands; a list is one argv and ``shell_format`` / ``shell_quote`` quote values.
Proven here by running sarge (a test dependency, never imported by the product) with a canary;
``fixtures/pyscan/sarge``: a wrapper module and a caller module, bad and good.
"""

import json
import os

import sarge  # pyproject [test] extra (never imported by the product)
from conftest import FIXTURES, lint_ul4, marked_lines, run_cli, where_found

TREE = FIXTURES / "pyscan" / "sarge"


_lint = lint_ul4


def test_sarge_runs_what_a_value_adds_and_not_what_it_quotes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sarge.run("echo %s" % "x; touch CANARY_RUN", stdout=sarge.Capture())
    sarge.capture_stdout("echo " + "y && touch CANARY_CAPTURE")
    out = sarge.capture_stdout(sarge.shell_format("echo {0}", "z; touch CANARY_FORMAT")).stdout.text
    sarge.run(["echo", "w; touch CANARY_LIST"], stdout=sarge.Capture())
    assert (tmp_path / "CANARY_RUN").exists() and (tmp_path / "CANARY_CAPTURE").exists()
    assert not (tmp_path / "CANARY_FORMAT").exists() and out.strip() == "z; touch CANARY_FORMAT"
    assert not (tmp_path / "CANARY_LIST").exists()


def test_bad_tree_reports_wrappers_and_callers():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    # an environment value formatted into a caller's command line: not known statically
    assert {f["severity"] for f in found if f["path"].endswith("org.py")} == {"warning"}
    assert all(f["severity"] == "error" for f in found if not f["path"].endswith("org.py"))
    wrappers = [f for f in found if f["path"].endswith("shell.py")]
    assert {f["rule"] for f in wrappers} == {"UL404"}
    assert all("sarge's own parser" in f["message"] for f in wrappers)
    assert {f["rule"] for f in found if f["path"].endswith(("cli.py", "org.py"))} == {"UL411"}
    # sarge.Command(..., shell=True): Popen's shell (runnerlibs.py), the wrapper and the task
    commands = [f for f in found if f["path"].endswith(("sf.py", "tasks.py"))]
    assert {f["rule"] for f in commands} == {"UL404"} and len(commands) == 2
    assert all("sarge.Command" in f["message"] for f in commands)
    assert _lint(bad, seed="1")[1] == found


def test_sarge_command_runs_a_string_through_sh_only_with_shell_true(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sarge.Command("echo a; touch CANARY_COMMAND_SHELL", shell=True, stdout=sarge.Capture()).run()
    # without shell=, sarge splits the string into one argv: ';' and 'touch' are echo's words
    sarge.Command("echo b; touch CANARY_COMMAND_SPLIT", stdout=sarge.Capture()).run()
    sarge.Command(["echo", "c; touch CANARY_COMMAND_LIST"], shell=True, stdout=sarge.Capture()).run()
    assert {p.name for p in tmp_path.iterdir()} == {"CANARY_COMMAND_SHELL"}


def test_good_tree_is_quiet():
    code, found = _lint(TREE / "good")
    assert code == 0 and found == []


def test_shell_format_values_are_quoted_notes(tmp_path):
    app = tmp_path / "app"
    app.mkdir()
    (app / "tool.py").write_text(
        "from sarge import capture_stdout, shell_format, shell_quote\n\n\n"
        "def grep(pattern, path):\n"
        '    return capture_stdout(shell_format("grep -rn -- {0} {1}", pattern, path))\n\n\n'
        "def inside_quotes(pattern):\n"
        "    return capture_stdout('grep \"%s\" f' % shell_quote(pattern))\n"
    )
    env = dict(os.environ, PYTHONHASHSEED="0")
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", "app", cwd=tmp_path, env=env)
    found = json.loads(r.stdout)["findings"]
    by_line = {f["line"]: f["severity"] for f in found}
    assert by_line == {9: "error"}  # quoted: sarge's recommended use, quiet; quoted inside quotes: bypassable
