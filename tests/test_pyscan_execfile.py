"""UL405: exec() of the content of a file read from a path not fixed in the code (issue 25).

Reviewers of five projects nobody developed against (paver, pdm, tmuxp, pyinfra)
judged ``exec(compile(open(path).read(), ...))`` of a build script, a
``setup.py``, ``$PYTHONSTARTUP`` or a deploy file a real risk: whoever chooses or
writes the file runs code.  The bad fixture's shapes (``with open``, a plain
``open``, ``Path.read_text``, ``tokenize.open``, a cache dict) are reported once
each; the package's own version file (a constant path or one beside
``__file__``) and files parsed as data are not.  Proven by running the fixture's
functions on a file whose code writes a canary.
"""

import os

from conftest import FIXTURES, load_fixture_module, ul4_findings

BAD = FIXTURES / "rules" / "UL405" / "bad_exec_file.py"
GOOD = FIXTURES / "rules" / "UL405" / "good_exec_file.py"


def _load(path):
    return load_fixture_module(path, "fx_execfile")


def _findings(path):
    return ul4_findings(path)


def test_each_exec_of_a_file_content_is_reported_once():
    code, fs = _findings(BAD)
    assert code == 1
    assert [(f["rule"], f["line"], f["severity"], f["confidence"]) for f in fs] == [
        ("UL405", n, "warning", "medium") for n in (13, 22, 29, 35, 43)
    ]
    assert "the file's path comes from parameter 'path'" in fs[0]["message"]


def test_own_files_and_data_files_are_quiet():
    code, fs = _findings(GOOD)
    assert code == 0 and fs == [], fs


def test_the_file_content_runs_as_code(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    mod = _load(BAD)
    payload = tmp_path / "payload.py"
    payload.write_text(
        "import pathlib\npathlib.Path('CANARY_' + str(len(list(pathlib.Path('.').glob('CANARY_*'))))).touch()\n"
    )
    mod.load_build_script(str(payload))
    (tmp_path / "venv" / "bin").mkdir(parents=True)
    (tmp_path / "venv" / "bin" / "activate_this.py").write_text(payload.read_text())
    mod.activate(str(tmp_path / "venv"))
    monkeypatch.setenv("PYTHONSTARTUP", str(payload))
    mod.startup()
    mod.run_setup(str(payload))
    mod.exec_file(str(payload))
    assert sorted(p.name for p in tmp_path.glob("CANARY_*")) == [f"CANARY_{i}" for i in range(5)]
    assert os.environ["PYTHONSTARTUP"] == str(payload)
