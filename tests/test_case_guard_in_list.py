"""Issue 23 (blind set J, part 2, item 3): a ``case`` guard that exits on ``..`` and ``/*``
keeps a path inside its directory also when it ends an ``&&`` list of static commands
(``mkdir -p uploads && case V in *..*|/*) exit 1;; esac; unzip -d uploads/V``): nothing the
caller chooses decides whether it runs.  Proven through the REAL runtime (utcp 1.2.0 /
utcp-cli 1.1.5 ``call_tool``, tests/realcli.py) with real unzip/tar: the good fixture
refuses ``../escaped``; the bad fixture (a guard that lets ``..`` through, or one an
``||`` skips) extracts outside; UL170 reports exactly the bad tools."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from conftest import FIXTURES, lint_json
from realcli import call

DIR = FIXTURES / "rules" / "UL170"

pytestmark = pytest.mark.skipif(not (shutil.which("unzip") and shutil.which("zip")), reason="zip/unzip missing")


def _tools(name: str) -> list:
    return json.loads((DIR / name).read_text())["tools"]


def _escapes(tool: dict, tmp_path) -> bool:
    work = tmp_path / "a" / "b" / "work"
    (work / "data").mkdir(parents=True)
    (work / "data" / "f.txt").write_text("x\n")
    subprocess.run(["zip", "-qr", "up.zip", "data"], cwd=work, check=True)
    subprocess.run(["tar", "-cf", "release.tar", "data"], cwd=work, check=True)
    (work / "releases").mkdir()
    (tmp_path / "a" / "b" / "escaped").mkdir()  # tar -C needs the directory to exist
    arg = next(iter(tool["inputs"]["properties"]))
    call(tool["tool_call_template"], {arg: "../../escaped"}, work)
    return (tmp_path / "a" / "b" / "escaped" / "data" / "f.txt").exists()


@pytest.mark.parametrize("tool", _tools("bad_case_guard_in_list.json"), ids=lambda t: t["name"])
def test_bad_guard_lets_the_path_climb(tool, tmp_path):
    assert _escapes(tool, tmp_path)


@pytest.mark.parametrize("tool", _tools("good_case_guard_in_list.json"), ids=lambda t: t["name"])
def test_good_guard_keeps_the_path_inside(tool, tmp_path):
    assert not _escapes(tool, tmp_path)


def test_ul170_reports_the_bad_tools_only():
    _rc, bad = lint_json("--no-cache", "--select", "UL170", str(DIR / "bad_case_guard_in_list.json"))
    _rc, good = lint_json("--no-cache", "--select", "UL170", str(DIR / "good_case_guard_in_list.json"))
    assert {f["tool"] for f in bad["findings"]} == {t["name"] for t in _tools("bad_case_guard_in_list.json")}
    assert good["findings"] == []
