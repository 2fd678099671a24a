"""UL127: an input meant as a glob is a quoted operand, so the wildcard never expands
(issue 23, blind set I).  Proven through the real runtime (tests/realcli.py): the bad
tools fail with "No such file or directory" although files match the glob; the good
ones (find -name, git pathspecs, tar --wildcards) find the files."""

import json
import subprocess
from pathlib import Path

from conftest import lint_json

from tests.realcli import call

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL127"
BAD = FIX / "bad_glob_value.json"
GOOD = FIX / "good_glob_value.json"


def _tools(path: Path) -> dict:
    return {t["name"]: t["tool_call_template"] for t in json.loads(path.read_text())["tools"]}


def _tree(root: Path) -> Path:
    for d in ("dist", "logs", "out"):
        (root / d).mkdir()
    (root / "dist" / "a.tar.gz").write_text("a")
    (root / "dist" / "b.tar.gz").write_text("b")
    (root / "logs" / "x.log").write_text("1\n2\n")
    (root / "out" / "r.txt").write_text("r")
    return root


def test_bad_tools_never_expand(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    t = _tools(BAD)
    for name, glob in (("checksums_glob", "*.tar.gz"), ("count_lines_glob", "*.log"), ("compress_matching", "*.txt")):
        out = str(call(t[name], {"pattern": glob}, root))
        assert "No such file" in out, (name, out)
    assert not (root / "out" / "r.txt.gz").exists()
    # an option before the value (gzip -k): still an operand by gzip's grammar
    out = str(call(t["compress_logs_glob"], {"pattern": "*.log"}, root))
    assert "No such file" in out and not (root / "logs" / "x.log.gz").exists(), out


def test_good_tools_expand(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    t = _tools(GOOD)
    out = str(call(t["checksums_find"], {"pattern": "*.tar.gz"}, root))
    assert "a.tar.gz" in out and "b.tar.gz" in out
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "dist"], cwd=root, check=True)
    out = str(call(t["git_list_glob"], {"pattern": "*.tar.gz"}, root))
    assert "dist/a.tar.gz" in out and "dist/b.tar.gz" in out
    subprocess.run(["tar", "-czf", "bundle.tgz", "dist"], cwd=root, check=True)
    call(t["tar_extract_glob"], {"pattern": "*.tar.gz"}, root)
    assert (root / "out" / "dist" / "a.tar.gz").exists()
    # du matches --exclude patterns itself: the value is that option's argument
    (root / "logs" / "big.gz").write_text("z" * 50000)
    out = str(call(t["disk_use_excluding"], {"pattern": "*.gz"}, root))
    whole = subprocess.run(["du", "-sh", "logs"], cwd=root, capture_output=True, text=True, check=True).stdout
    assert "logs" in out and "No such file" not in out, out
    assert out.split()[0] != whole.split()[0], (out, whole)  # the .gz file was left out


def test_cli() -> None:
    code, out = lint_json("--select", "UL127", GOOD)
    assert code == 0 and out["findings"] == []
    code, out = lint_json("--select", "UL127", BAD)
    assert code == 1
    assert {f["tool"] for f in out["findings"]} == set(_tools(BAD))
    assert all(f["severity"] == "error" for f in out["findings"])
