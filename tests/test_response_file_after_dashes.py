"""Issue 23 (blind set J, part 2, item 3): binutils expand ``@FILE`` response files before
they parse options (libiberty expandargv), also after ``--``: the file's words become more
file operands, and nm/readelf name each in an error, so a value ``@FILE`` discloses the
file through the tool's output.  Proven through the REAL runtime (utcp 1.2.0 / utcp-cli
1.1.5 ``call_tool``, tests/realcli.py) with the real nm and readelf: UL166's bad fixture
prints the secret, its good fixture (a fixed ``./``/``build/`` start) does not, and UL166
reports exactly the bad tools."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import FIXTURES, lint_json
from realcli import call

DIR = FIXTURES / "rules" / "UL166"
SECRET = "token=s3cr3t-canary"

pytestmark = pytest.mark.skipif(not (shutil.which("nm") and shutil.which("readelf")), reason="binutils missing")


def _tools(name: str) -> list:
    return json.loads((DIR / name).read_text())["tools"]


def _output(tool: dict, tmp_path) -> str:
    (tmp_path / "build").mkdir()
    (tmp_path / "secrets.txt").write_text(f"db_password {SECRET}\n")
    arg = next(iter(tool["inputs"]["properties"]))
    return str(call(tool["tool_call_template"], {arg: "@secrets.txt"}, tmp_path))


@pytest.mark.parametrize("tool", _tools("bad_response_file_after_dashes.json"), ids=lambda t: t["name"])
def test_bad_value_discloses_a_file_after_dashes(tool, tmp_path):
    assert SECRET in _output(tool, tmp_path)


@pytest.mark.parametrize("tool", _tools("good_response_file_after_dashes.json"), ids=lambda t: t["name"])
def test_good_value_cannot_start_the_word(tool, tmp_path):
    assert SECRET not in _output(tool, tmp_path)


def test_ul166_reports_the_bad_tools_only():
    _rc, bad = lint_json("--no-cache", "--select", "UL166", str(DIR / "bad_response_file_after_dashes.json"))
    _rc, good = lint_json("--no-cache", "--select", "UL166", str(DIR / "good_response_file_after_dashes.json"))
    assert {f["tool"] for f in bad["findings"]} == {t["name"] for t in _tools("bad_response_file_after_dashes.json")}
    assert all("after '--'" in f["message"] for f in bad["findings"])
    assert good["findings"] == []
