"""Issue 25: a path handed to a loader in another module that runs the file's content
as Python code (linter/pyscan/filereach.py, reported by UL411).

``load_version_info(args.version_file)`` where ``load_version_info`` does ``eval(fp.read()
.decode())`` of that file, ``load_settings(spec_path)`` (``exec(open(path).read())``) in
a public function, ``load_filter(rules_path)`` (``eval`` of a value of the JSON file at
that path): whoever names the file runs code.  A path fixed in the code or shipped beside
the module is not reported, nor are loaders that parse data.  ``fixtures/pyscan/
filereach``: end to end through the CLI; the bad loaders proven to run a file's code (a
canary file)."""

import importlib.util
import json

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "filereach"


def test_bad_tree_reports_loaders_and_the_callers_that_name_the_file():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    callers = [f for f in found if f["path"].endswith("cli.py")]
    assert {f["rule"] for f in callers} == {"UL411"}
    assert all(f["severity"] == "warning" and f["confidence"] == "medium" for f in callers)
    assert all("as the path of a file whose content it runs as Python code" in f["message"] for f in callers)
    by_line = {f["line"]: f["message"] for f in callers}
    assert "parameter 'spec_path'" in by_line[24] and "loaders.py:14" in by_line[24]
    assert "parse_args()" in by_line[16]
    assert "parameter 'spec_file'" in by_line[37] and "to load()" in by_line[37]  # a method, through its class
    assert {f["rule"] for f in found if f["path"].endswith("loaders.py")} == {"UL405"}
    assert lint_ul4(bad, seed="1")[1] == found


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert (code, found) == (0, [])


def _loaders(side: str):
    spec = importlib.util.spec_from_file_location(f"filereach_{side}", TREE / side / "buildtool" / "loaders.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_bad_loaders_run_the_code_of_the_file_they_are_given(tmp_path):
    mod = _loaders("bad")
    payload = "__import__('pathlib').Path({!r}).touch()"
    for i, (name, load, text) in enumerate(
        (
            ("v.txt", mod.load_version_info, payload),
            ("s.py", mod.load_settings, payload),
            ("r.json", mod.load_filter, None),
            ("spec.py", mod.SpecLoader().load, payload),
        )
    ):
        canary = tmp_path / f"canary{i}"
        body = payload.format(str(canary))
        path = tmp_path / name
        path.write_text(json.dumps({"filter": body}) if text is None else body)
        load(str(path))
        assert canary.exists(), name


def test_good_loaders_parse_data_only(tmp_path):
    mod = _loaders("good")
    canary = tmp_path / "canary"
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"filter": f"__import__('pathlib').Path({str(canary)!r}).touch()"}))
    assert mod.load_filter(str(path)) == [f"__import__('pathlib').Path({str(canary)!r}).touch()"]
    assert not canary.exists()
