"""UL405: code sinks given a value the scan cannot trace (issue 25, linter/pyscan/untraced.py).

A code string the scan can trace to no constant, parameter or received input is, under
the bench's criteria, usually outside text: a database column, a configuration value,
a tool's printed output, a plugin file read by a helper, a notebook's cells.  Each bad
shape of ``fixtures/pyscan/untraced/bad`` is reported once, as a warning of medium
confidence whose message says the value is not known statically and names what the
scan saw.  The good twin holds the shapes that are provably internal (a constant table,
a loop over constant names, ``repr`` literals, ``inspect.getsource``, an AST the program
builds, ``dir()`` of its own class, an AST checked node by node before it runs) and
``ast.literal_eval`` of the same database column: quiet.  The canary test feeds each bad
shape a payload through the real channel (SQLite, a config file, a real child process,
a plugin file, a notebook file) and sees it run.
"""

import json
import os
import sqlite3
import sys
import textwrap

from conftest import FIXTURES, lint_ul4, marked_lines, run_cli, where_found

TREE = FIXTURES / "pyscan" / "untraced"
PAYLOAD = "__import__('pathlib').Path('CANARY_{}').touch()"


def test_bad_tree_reports_each_untraced_code_once_as_warning():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert {(f["rule"], f["severity"], f["confidence"]) for f in found} == {("UL405", "warning", "medium")}
    by_file: dict = {}
    for f in found:
        by_file[os.path.basename(f["path"])] = by_file.get(os.path.basename(f["path"]), "") + f["message"]
    assert all("not known statically" in m for m in by_file.values())
    # the message names what the scan saw
    assert "'txt', bound to _tool_output('--print-settings')" in by_file["probe.py"]
    assert "'raw', bound to self.parser.get('columns', 'visible')" in by_file["prefs.py"]
    assert "row[0]" in by_file["memory.py"]
    assert "'src', bound to _plugin_text(name, self.dirs)" in by_file["plugins.py"]
    # a module's function given a constant key is not a value this code made
    assert "settings.lookup('schema-prototype')" in by_file["prefs.py"]
    assert lint_ul4(bad, seed="1")[1] == found


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == [], found


def test_cli_json_carries_location():
    r = run_cli(
        "--no-cache", "--no-config", "--select", "UL405", "--format", "json", TREE / "bad" / "recall" / "memory.py"
    )
    assert r.returncode == 1, r.stderr
    fs = json.loads(r.stdout)["findings"]
    assert [(f["rule"], f["line"], f["column"], f["severity"], f["confidence"]) for f in fs] == [
        ("UL405", 15, 17, "warning", "medium")
    ]


def test_suppression_by_bandit_or_ruff_id(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("def f(db):\n    return eval(db.fetch())  # noqa: S307\n")
    code, found = lint_ul4(tmp_path)
    assert code == 0 and found == []
    src.write_text("def f(db):\n    return eval(db.fetch())\n")
    assert [f["line"] for f in lint_ul4(tmp_path)[1]] == [2]


def test_the_untraced_code_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / ".recallrc").write_text(f"[settings]\nschema-prototype = {PAYLOAD.format('settings')}\n")
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for name in [m for m in sys.modules if m == "recall" or m.startswith("recall.")]:
        monkeypatch.delitem(sys.modules, name)
    from recall import cells, memory, plugins, prefs, probe

    # a database column
    db = memory.MemoryDb(str(tmp_path / "mem.db"))
    db.conn.execute("create table memory (user text, memory text)")
    db.conn.execute("insert into memory values (?, ?)", ("u", PAYLOAD.format("db")))
    db.read("u")
    # a configuration value
    ini = tmp_path / "prefs.ini"
    ini.write_text(f"[columns]\nvisible = {PAYLOAD.format('config')}\n")
    prefs.Prefs(str(ini)).visible_columns()
    prefs.schema_prototype()
    # a real child process's printed output
    bindir = tmp_path / "bin"
    bindir.mkdir()
    tool = bindir / "recall-tool"
    tool.write_text(f'#!/bin/sh\necho "{PAYLOAD.format("process")}"\n')
    tool.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ['PATH']}")
    probe.tool_settings()
    # a plugin file found by a helper
    (tmp_path / "plug").mkdir()
    (tmp_path / "plug" / "hello.py").write_text(PAYLOAD.format("plugin") + "\n")
    plugins.Loader([str(tmp_path / "plug")]).load("hello")
    # a notebook's code cells
    nb = {"cells": [{"cell_type": "code", "source": [PAYLOAD.format("notebook")]}]}
    (tmp_path / "nb.ipynb").write_text(json.dumps(nb))
    cells.run_notebook(str(tmp_path / "nb.ipynb"), {})
    # a query parsed, split into statements and unparsed again
    from recall import repl

    repl.ReplTool().run(PAYLOAD.format("repl") + "\nNone")
    for what in ("db", "config", "settings", "process", "plugin", "notebook", "repl"):
        assert (tmp_path / f"CANARY_{what}").exists(), what


def _sample() -> "int":
    return 0


def test_good_shapes_run_nothing_from_outside(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "good"))
    for name in [m for m in sys.modules if m == "recall" or m.startswith("recall.")]:
        monkeypatch.delitem(sys.modules, name)
    from recall import internal, safeeval

    assert internal.roundtrip({"a": [1, 2]}) == {"a": [1, 2]}
    assert internal.make_getter("k")({"k": 3}) == 3
    assert internal.defaults() == {"height": 24, "width": 80}
    assert internal.return_type(_sample) is int
    assert safeeval.arith("2 * (3 + 4)") == 14
    try:
        safeeval.arith(PAYLOAD.format("safe"))
    except ValueError:
        pass
    assert not (tmp_path / "CANARY_safe").exists()
    con = sqlite3.connect(str(tmp_path / "m.db"))
    con.execute("create table memory (user text, memory text)")
    con.execute("insert into memory values (?, ?)", ("u", PAYLOAD.format("literal")))
    con.commit()
    from recall import memory

    try:
        memory.MemoryDb(str(tmp_path / "m.db")).read("u")
    except ValueError:
        pass
    assert not (tmp_path / "CANARY_literal").exists()
    assert textwrap.dedent("x") == "x"


def test_the_internal_proofs_are_what_keeps_the_good_tree_quiet(tmp_path):
    """Each good shape is quiet because of its proof: remove the guard clause, let the class
    table take an outside value, or read the data file from a chosen path, and it is reported."""
    src = (TREE / "good" / "recall" / "internal.py").read_text()
    variants = {
        "guard": src.replace(
            '            if t not in ["int", "str", "float"]:\n                raise ValueError(t)\n', ""
        ),
        "table": src.replace("""compile("p['name'] or ''", "str", "eval")""", "compile(input(), 'str', 'eval')"),
        "getsource": src.replace("inspect.getsource(cls).split", "open(cls).read().split"),
    }
    for name, text in variants.items():
        assert text != src, name
        (tmp_path / "internal.py").write_text(text)
        code, found = lint_ul4(tmp_path)
        assert code == 1 and [f["rule"] for f in found] == ["UL405"], (name, found)
