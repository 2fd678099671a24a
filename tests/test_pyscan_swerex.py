"""Issue 25: SWE-ReX command objects an agent sandbox's runtime executes
(``runnerlibs.LIB_RUNNERS``: ``Command(command, shell=True)`` runs like ``subprocess.run``
with ``shell``; ``BashAction(command)`` is typed into the runtime's bash session; swe-rex 1.4
``swerex/runtime/abstract.py``).  ``fixtures/pyscan/swerex``: bad (the model's action, a
session line, an f-string grep); good (argv lists, constant and quoted commands).  No canary:
swe-rex is not installed here; its own source is the evidence (cited in the table)."""

import json

from conftest import FIXTURES, marked_lines, run_cli, where_found

TREE = FIXTURES / "pyscan" / "swerex"


def _lint(path):
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", path)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def test_bad_commands_are_reported_where_the_object_is_made():
    bad = TREE / "bad"
    code, found = _lint(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert {(f["rule"], f["severity"]) for f in found} == {("UL404", "error")}
    assert any("BashAction" in f["message"] and "'line'" in f["message"] for f in found)


def test_argv_and_constant_commands_are_quiet():
    code, found = _lint(TREE / "good")
    assert code == 0 and found == []
