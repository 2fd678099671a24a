"""UL170 reads a sanitiser written at the use (issue 23, blind set I).

``"out/${n//[^A-Za-z0-9_.-]/_}.trace"``, ``"reports/${n//\\//_}.log"``, ``"out/${n##*/}.json"``:
what the expansion can still yield decides.  With no ``/`` left, only a value of exactly
``..`` could climb, and only when it is a whole path component that is followed by ``/``
or written INTO (``cp f out/..``); a prefix or suffix in the same component
(``out/run-$v``, ``releases/v$v``, ``out/$v.trace``) rules that out too.  Proven through
the real runtime (tests/realcli.py): every hostile name stays inside on the good tools;
``..`` lands outside on the bad ones."""

import json
from pathlib import Path

import pytest
from conftest import lint_json

from tests.realcli import call

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL170"
GOOD = FIX / "good_use_site_sanitisers.json"
BAD = FIX / "bad_use_site_sanitisers.json"
HOSTILE = ["..", "../victim", "../../victim", "a/../../victim", "..%2f", "./..", "x/..", "-o", ".."]


def _tpl(path: Path, tool: str) -> dict:
    doc = json.loads(path.read_text())
    return next(t["tool_call_template"] for t in doc["tools"] if t["name"] == tool)


def _files(root: Path) -> set:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def _prepare(tmp_path: Path) -> Path:
    (tmp_path / "report.txt").write_text("r")
    (tmp_path / "data.json").write_text('{"a": 1}')
    with (tmp_path / "bundle.tgz").open("wb") as f:
        import io
        import tarfile

        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w:gz") as t:
            info = tarfile.TarInfo("payload.txt")
            info.size = 1
            t.addfile(info, io.BytesIO(b"p"))
        f.write(buf.getvalue())
    return tmp_path


# (tool, the directory every file it writes must stay in)
_GOOD_RUNS = [
    ("trace_run", "out"),
    ("save_git_log", "reports"),
    ("copy_run_report", "out"),
    ("unpack_version", "releases"),
    ("save_jq_summary", "out"),
    ("list_text_files", "logs"),
    ("backup_report", "backups"),
    ("archive_report", "backups"),
]


@pytest.mark.parametrize(("tool", "inside"), _GOOD_RUNS)
def test_good_tools_stay_inside(tmp_path: Path, tool: str, inside: str) -> None:
    root = _prepare(tmp_path)
    before = _files(root)
    for name in HOSTILE:
        call(_tpl(GOOD, tool), {"name": name}, root)
    new = _files(root) - before
    assert new, tool  # the tool did write something
    assert all(f.startswith(inside + "/") for f in new), (tool, sorted(new))


def test_bad_copy_lands_in_parent(tmp_path: Path) -> None:
    root = _prepare(tmp_path)
    (root / "out").mkdir()
    (root / "out" / "report.txt").write_text("r")
    (root / "report.txt").unlink()
    call(_tpl(BAD, "copy_report_dotdot"), {"name": ".."}, root)
    assert (root / "report.txt").exists()  # archive/.. is the working directory


def test_bad_log_dir_climbs(tmp_path: Path) -> None:
    root = _prepare(tmp_path)
    call(_tpl(BAD, "make_log_dir"), {"name": ".."}, root)
    assert (root / "logs").is_dir() and not (root / "out" / "logs").exists()


def test_bad_tr_of_other_bytes_climbs(tmp_path: Path) -> None:
    root = _prepare(tmp_path)
    (root / "victim").mkdir()
    call(_tpl(BAD, "archive_tr_other"), {"name": "../victim/x"}, root)
    assert (root / "victim" / "x.tgz").is_file()


def test_cli() -> None:
    code, out = lint_json("--select", "UL170,UL104", GOOD)
    assert code == 0 and out["findings"] == []
    code, out = lint_json("--select", "UL170", BAD)
    assert code == 1
    assert {f["tool"] for f in out["findings"]} == {
        "download_keeps_slash",
        "copy_report_dotdot",
        "make_log_dir",
        "archive_tr_other",
    }
