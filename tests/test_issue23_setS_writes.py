"""Issue 23 (blind set S, the write half): three mechanisms, proven through the REAL runtime
(utcp 1.2.0 / utcp-cli 1.1.5 ``call_tool``, tests/realcli.py) and then end to end through
the CLI.

* a guard that only checks a literal prefix (``case V in srv/share/*)``, ``[[ V ==
  srv/share/* ]]``) or rejects only a LEADING ``../`` / ``/`` (``[[ V != ../* ]]``) does not
  keep the path in its directory: ``srv/share/../../x`` passes it (path_resolution(7));
  a guard that rejects ``..`` anywhere (``*..*)``, ``!= *..*``) still does;
* program text (``python3 -c``, ``node -e``) that writes a path joining its own argument
  after a literal directory (``pathlib.Path("notes", sys.argv[1] + ".md").write_text``);
* ``cmake -E tar czf "dist/V.tgz" …`` writes its archive (cmake(1) command-line tool mode).

Each bad tool, called with a ``../`` payload, writes a file outside its working directory;
each good tool, called with the same payloads, writes nothing outside; UL170 reports
exactly the bad tools (a warning), and nothing on the good ones.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES
from realcli import call

D = FIXTURES / "rules" / "UL170"
BAD = D / "bad_prefix_guard_and_program_text.json"
GOOD = D / "good_prefix_guard_and_program_text.json"
CMAKE_BAD = D / "bad_cmake_file_commands.json"
CMAKE_GOOD = D / "good_cmake_file_commands.json"
# payloads per input name: each climbs out of the directory the template means
PAYLOADS = {
    "dest": ["srv/share/../../../ESCAPED", "./../../ESCAPED", "../../ESCAPED"],
    "title": ["../../ESCAPED"],
    "name": ["../../ESCAPED"],
    "preset": ["../../ESCAPED"],
}


def _tools(path: Path, name: str | None = None) -> list:
    return [t for t in json.loads(path.read_text())["tools"] if name is None or t["name"] == name]


def _escapes(tool: dict, payload: str, tmp: Path) -> list:
    """The files the tool leaves outside its working directory with ``payload``."""
    outside = tmp / f"{tool['name']}-{abs(hash(payload))}"
    work = outside / "work"
    for d in ("srv/share", "shared", "notes", "dist", "docs", "build"):
        (work / d).mkdir(parents=True)
    (work / "report.txt").write_text("report\n")
    (work / "docs" / "index.md").write_text("# docs\n")
    props = tool["inputs"]["properties"]
    args = {n: (payload if n in PAYLOADS else "text") for n in props}
    try:
        call(tool["tool_call_template"], args, work)
    except Exception:  # noqa: BLE001 - a tool that fails may still have written
        pass
    return sorted(p.name for p in outside.iterdir() if p.name != "work")


def _lint(*paths: Path) -> list:
    r = subprocess.run(
        [sys.executable, "-m", "utcp_lint", "--format", "json", "--no-config", "--no-cache", *map(str, paths)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert r.returncode in (0, 1), r.stderr
    return json.loads(r.stdout)["findings"]


BAD_CASES = [(BAD, t["name"]) for t in _tools(BAD)] + [(CMAKE_BAD, "cmake_archive_docs")]


@pytest.mark.parametrize(("path", "name"), BAD_CASES, ids=[c[1] for c in BAD_CASES])
def test_bad_tool_writes_outside_and_is_reported(path, name, tmp_path):
    (tool,) = _tools(path, name)
    inputs = [n for n in tool["inputs"]["properties"] if n in PAYLOADS]
    hits = [p for n in inputs for p in PAYLOADS[n] if _escapes(tool, p, tmp_path)]
    assert hits, f"{name}: no payload wrote outside the working directory"
    found = [f for f in _lint(path) if f["tool"] == name and f["rule"] == "UL170"]
    assert [f["severity"] for f in found] == ["warning"], found
    assert "'../'" in found[0]["message"] and found[0]["line"] >= 1 and found[0]["column"] >= 1


@pytest.mark.parametrize("name", [t["name"] for t in _tools(GOOD)])
def test_good_tool_stays_inside_and_is_not_reported(name, tmp_path):
    (tool,) = _tools(GOOD, name)
    for n in tool["inputs"]["properties"]:
        for p in PAYLOADS.get(n, ()):
            assert _escapes(tool, p, tmp_path) == [], f"{name}: {p!r} wrote outside"
    found = [f for f in _lint(GOOD) if f["tool"] == name and f["severity"] != "note"]
    assert found == []


def test_cmake_tar_listing_stays_clean(tmp_path):
    (tool,) = _tools(CMAKE_GOOD, "cmake_list_archive")
    assert _escapes(tool, "../../ESCAPED", tmp_path) == []
    assert [f for f in _lint(CMAKE_GOOD) if f["tool"] == "cmake_list_archive" and f["severity"] != "note"] == []


def test_prefix_message_names_the_guard():
    (f,) = [f for f in _lint(BAD) if f["tool"] == "share_report_case" and f["rule"] == "UL170"]
    assert "checked only to start with 'srv/share/'" in f["message"]
    assert f["confidence"] == "medium" and f["pointer"].endswith("/command")
