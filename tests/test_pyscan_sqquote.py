"""Issue 25: the POSIX single-quote idiom written by hand (``"'" + x.replace("'", "'\\''") + "'"``,
git's ``sq_quote``; also with ``'"'"'``, in str or bytes) quotes like ``shlex.quote``: a
note (hygiene), never an error; a backslash inside single quotes does not escape and stays
an error.  Through the CLI on ``fixtures/pyscan/sqquote``, and proven with real sh."""

import importlib.util
import json
import os

from conftest import FIXTURES, marked_lines, run_cli

FILE = FIXTURES / "pyscan" / "sqquote" / "quoting.py"


def test_cli_severity_follows_the_quoting():
    # the quoted forms are the opt-in UL412's notes (UL400-UL402 stay quiet on them by default)
    r = run_cli("--select", "UL4,UL412", "--no-config", "--no-cache", "--format", "json", str(FILE))
    assert "Traceback" not in r.stderr and r.returncode == 1
    found = {f["line"]: f for f in json.loads(r.stdout)["findings"]}
    notes = {ln for _p, ln in marked_lines(FILE.parent, "# NOTE")}
    errors = {ln for _p, ln in marked_lines(FILE.parent, "# ERROR")}
    assert set(found) == notes | errors
    assert {ln for ln, f in found.items() if f["severity"] == "note"} == notes
    assert {found[ln]["rule"] for ln in notes} == {"UL412"}
    assert {ln for ln, f in found.items() if f["severity"] == "error"} == errors
    assert all("shlex.quote-d" in found[ln]["message"] for ln in notes)


def test_real_sh_keeps_the_idiom_one_word_and_runs_the_naive_one(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("sqquote_fixture", FILE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.chdir(tmp_path)
    canary = tmp_path / "canary"
    payload = f"x'; touch {canary}; #"
    assert mod.ls(payload).returncode != 0  # ls of one odd file name that does not exist
    assert not canary.exists()
    mod.ls_naive(payload)
    assert canary.exists()
    os.remove(canary)
