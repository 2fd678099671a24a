"""Issue 23 item 2: sanitisers that take '/' out of a value keep a write inside its
directory (``n=${n##*/}``, ``n=${n//[^A-Za-z0-9._-]/_}``, ``n=${n//\\//_}``,
``$(basename -- V)``) -- proven through the real runtime with hostile names, and the
linter agrees: no UL104/UL170 on the good fixture, UL104 kept where ``..`` is a
directory component (``out/${n}/f``) or where no directory comes first."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.realcli import call

ROOT = Path(__file__).resolve().parent.parent
GOOD = ROOT / "fixtures/rules/UL104/good_sanitised_names.json"
BAD = ROOT / "fixtures/rules/UL104/bad_sanitised_names.json"
HOSTILE = ["..", "../escaped", "../../escaped", "a/../../escaped", "/tmp/escaped", "...", "x/.."]


def _tools(path: Path) -> dict:
    return {t["name"]: t for t in json.loads(path.read_text())["tools"]}


def _lint(path: Path) -> list:
    out = subprocess.run(
        [sys.executable, "-m", "utcp_lint", "--format", "json", "--no-config", "--no-cache", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    return json.loads(out.stdout)["findings"]


def _files_outside(top: Path, inner: Path) -> list:
    return [p for p in top.rglob("*") if p.is_file() and inner not in p.parents]


@pytest.mark.parametrize("name", ["basename_good", "slash_good", "repl_good"])
def test_sanitised_write_stays_inside(tmp_path: Path, name: str) -> None:
    tpl = _tools(GOOD)[name]["tool_call_template"]
    cmd = tpl["commands"][0]["command"]
    # make the programs' inputs exist; the write is what is under test
    top = tmp_path / "top"
    work = top / "work"
    for d in ("decoded", "exports", "site"):
        (work / d).mkdir(parents=True)
    (top / "backups").mkdir()
    (work / "data.json").write_text("{}")
    inner = {"basename_good": work / "decoded", "slash_good": work / "exports", "repl_good": top / "backups"}[name]
    for v in HOSTILE:
        call({"commands": [cmd]}, {"n": v}, work)
    written = [p for p in inner.rglob("*") if p.is_file()]
    assert written, "the tool wrote nothing: the probe proves nothing"
    outside = [p for p in _files_outside(top, inner) if p.parent != work or p.name != "data.json"]
    outside = [p for p in outside if "site" not in p.parts]
    assert outside == []


def test_dotdot_component_climbs(tmp_path: Path) -> None:
    cmd = _tools(BAD)["basename_component_bad"]["tool_call_template"]["commands"][0]["command"]
    work = tmp_path / "work"
    (work / "out").mkdir(parents=True)
    call({"commands": [cmd]}, {"n": "../.."}, work)  # base name "..": out/../notes.txt
    assert (work / "notes.txt").exists()


def test_bare_name_chooses_which_file_is_overwritten(tmp_path: Path) -> None:
    """No directory before the value: a base name still picks any file of the working
    directory, here the program's own input (``data`` -> ``data.json`` truncated)."""
    cmd = _tools(BAD)["bare_bad"]["tool_call_template"]["commands"][0]["command"]
    work = tmp_path / "work"
    work.mkdir()
    (work / "data.json").write_text('{"keep": 1}')
    call({"commands": [cmd]}, {"n": "../../data"}, work)  # base name "data"
    assert (work / "data.json").read_text() == ""


def test_linter_agrees() -> None:
    good = [f for f in _lint(GOOD) if f["rule"] in ("UL104", "UL170")]
    assert good == []
    bad = {(f["rule"], f["tool"]) for f in _lint(BAD)}
    assert ("UL104", "basename_component_bad") in bad and ("UL104", "bare_bad") in bad


POSIX_GOOD = ROOT / "fixtures/rules/UL170/good_regex_posix_classes.json"
POSIX_BAD = ROOT / "fixtures/rules/UL170/bad_regex_posix_classes.json"


@pytest.mark.parametrize("name", ["save_note", "copy_into"])
def test_regex_guard_classes_keep_writes_inside(tmp_path: Path, name: str) -> None:
    """``^[^/]+$`` and ``^[[:alnum:][:blank:]_.-]+$`` (a negated class, POSIX classes)
    let no '/' through: hostile names stay inside the directory (real runtime)."""
    cmd = _tools(POSIX_GOOD)[name]["tool_call_template"]["commands"][0]["command"]
    top = tmp_path / "top"
    work = top / "work"
    inner = work / ("notes" if name == "save_note" else "backups")
    inner.mkdir(parents=True)
    (work / "report.txt").write_text("r")
    for v in HOSTILE + ["ok name"]:
        call({"commands": [cmd]}, {"name": v}, work)
    assert [p for p in inner.rglob("*") if p.is_file()]
    assert [p for p in _files_outside(top, inner) if p.name != "report.txt"] == []


def test_regex_guard_classes_with_slash_climb(tmp_path: Path) -> None:
    cmd = _tools(POSIX_BAD)["copy_into_not_dash"]["tool_call_template"]["commands"][0]["command"]
    work = tmp_path / "work"
    (work / "backups").mkdir(parents=True)
    (work / "report.txt").write_text("r")
    call({"commands": [cmd]}, {"name": "../escaped"}, work)
    assert (work / "escaped.txt").exists()
    found = {(f["rule"], f["tool"]) for f in _lint(POSIX_BAD)}
    assert ("UL170", "copy_into_not_dash") in found and ("UL170", "copy_into_dash_only") in found
    assert [f for f in _lint(POSIX_GOOD) if f["rule"] in ("UL104", "UL170")] == []
