"""UL412 (opt-in): a local shell started for a constant command.  UL400-UL402 stay quiet on
these calls by default; UL412 lists them when selected, keeps the argv fixes, and honours the
bandit/ruff ids of the rules it takes the calls from."""

import json
import shutil

from conftest import FIXTURES, run_cli

BAD = FIXTURES / "rules" / "UL412" / "bad_constant_commands.py"


def _json(*args):
    r = run_cli("--no-config", "--no-cache", "--format", "json", *args)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def test_default_run_is_quiet_on_constant_commands():
    code, found = _json(str(BAD))
    assert code == 0 and found == []


def test_selected_it_reports_every_constant_shell_call_as_a_note():
    code, found = _json("--extend-select", "UL412", str(BAD))
    flagged = [i for i, line in enumerate(BAD.read_text().splitlines(), 1) if "# FLAG" in line]
    assert [f["line"] for f in found] == flagged
    assert {(f["rule"], f["severity"]) for f in found} == {("UL412", "note")}
    assert code == 0  # notes do not fail the run (--fail-on note makes them)


def test_nosec_with_the_source_rules_alias_silences_it(tmp_path):
    p = tmp_path / "m.py"
    p.write_text(
        'import os\nimport subprocess\n\nos.system("clear")  # nosec B605\nsubprocess.run("ls", shell=True)  # noqa: S602\nos.system("sync")\n'
    )
    _code, found = _json("--select", "UL412", str(p))
    assert [f["line"] for f in found] == [6]


def test_the_argv_fix_is_offered_when_selected(tmp_path):
    p = tmp_path / "m.py"
    shutil.copy(BAD, p)
    run_cli("--no-config", "--no-cache", "--extend-select", "UL412", "--fix", "--unsafe-fixes", str(p))
    out = p.read_text()
    assert 'subprocess.run(["clear"])' in out or "subprocess.run(['clear'])" in out, out
    assert 'os.system("clear")' not in out
    before = BAD.read_text()
    q = tmp_path / "n.py"
    q.write_text(before)
    run_cli("--no-config", "--no-cache", "--fix", "--unsafe-fixes", str(q))  # not selected: no finding, no fix
    assert q.read_text() == before
