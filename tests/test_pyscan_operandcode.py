"""Arguments a program runs as code in its own language, from the program table (issue 25, pyA15).

End to end through the CLI on ``fixtures/pyscan/operandcode``: the sqlite3 CLI runs every
argument after the database as SQL (the shell engine's program table, programs.py
``code_values`` ``#2``: edit(TEXT, EDITOR) runs EDITOR, ATTACH writes files), so a value
in that SQL (hand-written SQL quotes are no quoting) is reported; constant SQL, a
dot-command whose argument is a name (``.dump T``: the table's ``!.`` exception) and
``-safe`` stay quiet.  A ``+=`` written after the run does not reach it (evaluate.py
mutations are read in order outside loops).  Proven with the real sqlite3 CLI.
"""

import importlib
import shutil
import subprocess
import sys

import pytest
from conftest import FIXTURES, marked_lines, project_findings

TREE = FIXTURES / "pyscan" / "operandcode"


def test_each_sql_operand_with_a_value_is_reported_once():
    code, fs = project_findings(TREE / "bad")
    assert code == 1
    got = sorted((f["path"], f["line"]) for f in fs)
    assert got == sorted(marked_lines(TREE / "bad")), got
    for f in fs:
        assert f["rule"] == "UL403" and f["severity"] == "error", f
        assert "sqlite3" in f["message"] and "SQL arguments run" in f["message"], f
        assert f["column"] >= 1 and f["confidence"]


def test_constant_sql_dot_commands_and_safe_mode_stay_quiet():
    _code, fs = project_findings(TREE / "good")
    assert fs == [], fs


def _module(monkeypatch, tree):
    monkeypatch.syspath_prepend(str(tree))
    for m in [m for m in sys.modules if m == "wall" or m.startswith("wall.")]:
        monkeypatch.delitem(sys.modules, m)
    return importlib.import_module("wall.store")


def _db(tmp_path):
    db = str(tmp_path / "t.db")
    subprocess.run(["sqlite3", db, "create table data(x); create table t(id, name);"], check=True)
    return db


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="needs the sqlite3 CLI")
def test_flagged_sql_runs_a_command(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    db = _db(tmp_path)
    store = _module(monkeypatch, TREE / "bad")
    store.remember(db, "x\"); select edit('', 'touch C_insert'); --")
    store.lookup(db, "' union select edit('', 'touch C_lookup') --")
    made = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("C_"))
    assert made == ["C_insert", "C_lookup"], made


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="needs the sqlite3 CLI")
def test_quiet_forms_run_no_command(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    db = _db(tmp_path)
    store = _module(monkeypatch, TREE / "good")
    store.dump_table(db, "x; .shell touch C_dump")
    with pytest.raises(subprocess.CalledProcessError):
        store.safe_lookup(db, "' union select edit('', 'touch C_safe') --")
    assert store.with_params(db, "' union select edit('', 'touch C_param') --") == []
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("C_")]
