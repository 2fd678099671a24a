"""A method's shell flag kept from its constructor, judged per construction (issue 25).

``fixtures/pyscan/instflag``: ``Process.run_command(parameters)`` joins its argv into a
shell command only when the object was built with an ``environment`` (``if
self.environment: run(" ".join(command), shell=True) else: run(command)``).  A call of the
method on an object built with one (``Process(binary, environment=env)``, ``p =
Process("true", env)``) or of unknown making (a factory's object) is reported
at the caller; an object built without it (the default None, a ``None`` passed, a ``None``
placeholder before the store) runs an argv list, no shell.  The runner's own sink is
reported in both trees (its file cannot know how the object is built).  The flagged calls
are real: a payload in the name runs (a canary) only through the objects built with an
environment.
"""

import importlib
import shutil
import sys

import pytest
from conftest import FIXTURES, marked_lines, project_findings

TREE = FIXTURES / "pyscan" / "instflag"


def test_calls_on_objects_built_with_the_flag_or_of_unknown_making_are_reported():
    code, fs = project_findings(TREE / "bad")
    assert code == 1
    assert sorted((f["path"], f["line"]) for f in fs) == sorted(marked_lines(TREE / "bad")), fs
    by_line = {(f["path"], f["line"]): f for f in fs}
    assert by_line[("tools/apis.py", 15)]["rule"] == "UL411"
    assert "'name' (unquoted)" in by_line[("tools/apis.py", 15)]["message"]
    assert "tools/process.py:17" in by_line[("tools/apis.py", 30)]["message"]


def test_calls_on_objects_built_without_the_flag_are_not():
    code, fs = project_findings(TREE / "good")
    assert code == 1
    assert [(f["path"], f["line"], f["rule"]) for f in fs] == [("tools/process.py", 17, "UL401")], fs


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
@pytest.mark.parametrize("side", ["bad", "good"])
def test_only_the_objects_built_with_the_flag_run_the_payload(side, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / side))
    for m in [m for m in sys.modules if m == "tools" or m.startswith("tools.")]:
        monkeypatch.delitem(sys.modules, m)
    apis = importlib.import_module("tools.apis")
    if side == "bad":
        apis.CondaTool("true", "env").run("x; touch C_conda")
        apis.convert("x; touch C_convert", "env")
        expected = ["C_conda", "C_convert"]
    else:
        apis.ScoutTool("true", "cfg").run("x; touch C_scout")
        apis.convert("x; touch C_convert")
        tool = apis.LazyTool()
        tool.start()
        tool.run("x; touch C_lazy")
        expected = []
    made = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("C_"))
    assert made == expected
