"""A constructor's kept argument reaches a shell only through the methods whose call runs the
sink (issue 25, session 48).

``fixtures/pyscan/ctorruns``: ``Track(fn)`` keeps ``self.fn``; in the bad tree ``sort()``
(through the private ``_run``) and ``index()`` run it, and each construction reaches one of
them: called on the new object, on the local bound to it, or on the object another module gets
back.  The good tree is pybedtools' shape: the only method running ``self.fn`` (``liftover``)
is called nowhere in the tree, so no construction is reported (every ``BedTool(x)`` was, 46
false findings); the sink stays reported at the method for its own parameter.  End to end
through the CLI, independent of PYTHONHASHSEED, the bad flows proven against the real shell.
"""

import importlib
import sys

from conftest import FIXTURES, marked_lines, project_outputs_by_seed, project_ul4

TREE = FIXTURES / "pyscan" / "ctorruns"


def test_constructions_reaching_a_running_method_are_reported():
    code, fs = project_ul4(TREE / "bad")
    assert code == 1
    ul411 = {(f["path"], f["line"]): f for f in fs if f["rule"] == "UL411"}
    assert sorted(ul411) == sorted(marked_lines(TREE / "bad"))
    assert (
        "sorted_track() passes parameter 'path' (unquoted) to Track()" in ul411[("intervals/track.py", 29)]["message"]
    )
    assert "'fmt' (unquoted), 'path' (unquoted) to Track()" in ul411[("intervals/track.py", 33)]["message"]
    # the object returned to another module, which calls ``index()`` on it: the
    # construction and that module's caller are reported
    assert "open_track() passes parameter 'path'" in ul411[("intervals/track.py", 40)]["message"]
    assert "main() passes sys.argv to open_track()" in ul411[("intervals/cli.py", 7)]["message"]
    assert all(f["severity"] == "error" for f in ul411.values())


def test_constructions_never_reaching_the_running_method_are_quiet():
    _code, fs = project_ul4(TREE / "good")
    assert [f for f in fs if f["rule"] == "UL411"] == [], fs
    # reported once, at the method, for its own input
    assert [(f["path"], f["line"], f["rule"]) for f in fs] == [
        (p, n, "UL400") for p, n in sorted(marked_lines(TREE / "good"))
    ]
    assert "parameter 'chainfile'" in fs[0]["message"]


def test_findings_do_not_depend_on_the_hash_seed():
    assert len(project_outputs_by_seed(TREE / "bad", ("0", "1", "12345"))) == 1
    assert len(project_outputs_by_seed(TREE / "good", ("0", "1", "12345"))) == 1


def test_the_bad_constructions_run_a_real_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for m in [m for m in sys.modules if m == "intervals" or m.startswith("intervals.")]:
        monkeypatch.delitem(sys.modules, m)
    track = importlib.import_module("intervals.track")
    track.sorted_track("/dev/null; touch CANARY_SORT")
    (tmp_path / "x.bed").write_text("chr1\t1\t2\n")
    track.indexed("x.bed; touch CANARY_INDEX", "bed")
    track.open_track("/dev/null; touch CANARY_OPEN").index()
    for name in ("CANARY_SORT", "CANARY_INDEX", "CANARY_OPEN"):
        assert (tmp_path / name).exists(), name
