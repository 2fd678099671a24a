"""Names chosen by a value and split again by xargs (issue 23, session 36 item 2): ``find DIR
-name V -print | xargs rm``, ``grep -rl V src | xargs sed -i``.  The value picks file names
(which may hold blanks and quotes) and xargs splits them at blanks, so the command gets other
files.  Proven through the real UtcpClient with real find, grep, xargs, rm and sed."""

from __future__ import annotations

import json
import subprocess

from conftest import FIXTURES, lint_json
from realcli import call

UL118 = FIXTURES / "rules" / "UL118"


def _tools(path) -> dict:
    return {t["name"]: t for t in json.loads(path.read_text())["tools"]}


def test_name_lists_into_xargs_are_split_warnings():
    _code, out = lint_json("--select", "UL118", UL118 / "bad_name_lists.json")
    got = sorted((f["tool"], f["severity"], f["message"].split(",")[0]) for f in out["findings"])
    assert got == [
        ("compress_matching_logs", "warning", "placeholder 'prefix' chooses the file names find prints"),
        ("count_doc_lines", "warning", "placeholder 'dir' chooses the file names git prints"),
        ("purge_uploads", "warning", "placeholder 'pattern' chooses the file names find prints"),
        ("replace_in_sources", "warning", "placeholder 'needle' chooses the file names grep prints"),
    ]
    _code, out = lint_json("--select", "UL118", UL118 / "good_name_lists.json")
    assert out["findings"] == []


def _uploads(tmp_path):
    work = tmp_path / "backups"
    up = tmp_path / "uploads"
    work.mkdir()
    up.mkdir()
    for name in ("old report.txt", "old", "report.txt", "keep.txt"):
        (up / name).write_text("x")
    return work, up


def test_find_names_split_by_xargs_remove_other_files(tmp_path):
    work, up = _uploads(tmp_path)
    call(
        _tools(UL118 / "bad_name_lists.json")["purge_uploads"]["tool_call_template"],
        {"pattern": "old report.txt"},
        work,
    )
    left = sorted(p.name for p in up.iterdir())
    # xargs split '../uploads/old report.txt' into '../uploads/old' and 'report.txt': another
    # file is gone, the meant one stays
    assert left == ["keep.txt", "old report.txt", "report.txt"], left


def test_nul_separated_names_and_exec_remove_only_the_match(tmp_path):
    good = _tools(UL118 / "good_name_lists.json")
    for name in ("purge_uploads_nul", "purge_uploads_exec"):
        base = tmp_path / name
        base.mkdir()
        work, up = _uploads(base)
        call(good[name]["tool_call_template"], {"pattern": "old report.txt"}, work)
        assert sorted(p.name for p in up.iterdir()) == ["keep.txt", "old", "report.txt"], name


def test_grep_names_split_by_xargs_edit_other_files(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "a b.cfg").write_text("needle v1.2\n")
    (tmp_path / "a").write_text("other v1.2\n")
    call(
        _tools(UL118 / "bad_name_lists.json")["replace_in_sources"]["tool_call_template"],
        {"needle": "needle"},
        tmp_path,
    )
    # 'src/a b.cfg' became 'src/a' and 'b.cfg' (missing, sed fails): the meant file is unchanged
    assert (src / "a b.cfg").read_text() == "needle v1.2\n"
    call(
        _tools(UL118 / "good_name_lists.json")["replace_in_sources_nul"]["tool_call_template"],
        {"needle": "needle"},
        tmp_path,
    )
    assert (src / "a b.cfg").read_text() == "needle v1.3\n"


UL117 = FIXTURES / "rules" / "UL117"


def test_names_in_unquoted_substitution_are_split_warnings():
    _code, out = lint_json("--select", "UL117", UL117 / "bad_name_substitution.json")
    got = sorted((f["tool"], f["severity"], f["message"].split(",")[0]) for f in out["findings"])
    assert got == [
        ("archive_matching_configs", "warning", "placeholder 'needle' chooses the file names $(grep …) prints"),
        ("remove_matching_uploads", "warning", "placeholder 'pattern' chooses the file names $(find …) prints"),
    ]
    _code, out = lint_json("--select", "UL117", UL117 / "good_name_substitution.json")
    assert out["findings"] == []


def test_find_names_split_by_bash_remove_other_files(tmp_path):
    up = tmp_path / "uploads"
    up.mkdir()
    for name in ("old report.txt", "keep.txt"):
        (up / name).write_text("x")
    (tmp_path / "report.txt").write_text("not an upload")
    bad = _tools(UL117 / "bad_name_substitution.json")["remove_matching_uploads"]["tool_call_template"]
    call(bad, {"pattern": "old report.txt"}, tmp_path)
    # bash split 'uploads/old report.txt' into 'uploads/old' and 'report.txt': a file outside
    # uploads/ is gone and the meant one stays
    assert not (tmp_path / "report.txt").exists()
    assert (up / "old report.txt").exists()
    (tmp_path / "report.txt").write_text("not an upload")
    good = _tools(UL117 / "good_name_substitution.json")["remove_matching_uploads_exec"]["tool_call_template"]
    call(good, {"pattern": "old report.txt"}, tmp_path)
    assert (tmp_path / "report.txt").exists() and not (up / "old report.txt").exists()


def test_git_ls_files_names_split_by_xargs(tmp_path):
    """git ls-files quotes no blank (git-ls-files(1), core.quotePath): xargs splits the name."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "old notes.md").write_text("a\nb\n")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    subprocess.run(["git", "add", "docs"], cwd=tmp_path, check=True)
    bad = _tools(UL118 / "bad_name_lists.json")["count_doc_lines"]["tool_call_template"]
    out = str(call(bad, {"dir": "docs"}, tmp_path))
    assert "docs/old: No such file" in out, out
    good = _tools(UL118 / "good_name_lists.json")["count_doc_lines_nul"]["tool_call_template"]
    out = str(call(good, {"dir": "docs"}, tmp_path))
    assert "2 docs/old notes.md" in out, out
