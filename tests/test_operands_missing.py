"""UL128: a command gives its program fewer operands than it requires (issue 23, "broken").

Every bad tool of the fixture is run through the real runtime (utcp-cli 1.1.5,
``realcli.call``) with ordinary values: the program prints its usage error and does
nothing.  The good tools of the same shapes (a member `.`, `-T LIST`, `-t DIR`, a glob,
`xargs`, process substitutions, `{,.bak}`) do their job with the same values.  The
counting itself is checked through the one option grammar (``operand_shortfall``).
"""

import json
import subprocess
from pathlib import Path

import pytest
from conftest import lint_json
from realcli import call

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL128"

# tool -> (arguments, text of the program's usage error in the output)
BAD = {
    "archive_directory": ({"dir": "site"}, "Cowardly refusing to create an empty archive"),
    "archive_oldstyle": ({"archive": "out.tar"}, "Cowardly refusing to create an empty archive"),
    "backup_file": ({"file": "a.txt"}, "missing destination file operand"),
    "move_into": ({"dest": "backup"}, "missing file operand"),
    "compare_to_baseline": ({"file": "a.txt"}, "missing operand"),
    "common_lines": ({"file": "a.txt"}, "missing operand"),
    "make_private": ({"mode": "go-rwx"}, "missing operand"),
    "zip_folder": ({"archive": "out.zip"}, "Nothing to do"),
    "upload_report": ({"file": "a.txt"}, "the following arguments are required: paths"),
    "copy_into_container": ({"file": "a.txt"}, "requires 2 arguments"),
    "rename_tracked": ({"path": "a.txt"}, "usage: git mv"),
}


def _templates(name: str) -> dict:
    doc = json.loads((FIX / name).read_text())
    return {t["name"]: t["tool_call_template"] for t in doc["tools"]}


def _workdir(tmp_path: Path) -> Path:
    w = tmp_path / "w"
    (w / "site").mkdir(parents=True)
    (w / "site" / "index.html").write_text("<p>hi</p>\n")
    (w / "backup").mkdir()
    (w / "restored").mkdir()
    (w / "src").mkdir()
    (w / "src" / "x.py").write_text("x = 1\n")
    (w / "a.txt").write_text("a\nb\n")
    (w / "b.txt").write_text("a\nc\n")
    (w / "baseline.txt").write_text("a\nb\n")
    (w / "app.log").write_text("log\n")
    (w / "list").write_text("a.txt\n")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "GIT_CONFIG_NOSYSTEM": "1"}
    subprocess.run(["git", "init", "-q"], cwd=w, check=True, env=env)
    subprocess.run(["git", "add", "a.txt"], cwd=w, check=True, env=env)
    return w


def _lint(path: Path) -> list:
    _code, out = lint_json("--select", "UL128", path)
    assert not out["errors"], out["errors"]
    return sorted((f["tool"], f["severity"]) for f in out["findings"])


def test_bad_tools_fail_on_every_call_through_the_real_runtime(tmp_path):
    tpls = _templates("bad_operands_missing.json")
    assert set(tpls) == set(BAD)
    for tool, (args, usage) in BAD.items():
        w = _workdir(tmp_path / tool)
        before = sorted(p.relative_to(w) for p in w.rglob("*"))
        out = call(tpls[tool], args, w)
        assert usage in out, (tool, out)
        # nothing was archived, copied, moved or changed
        after = sorted(p.relative_to(w) for p in w.rglob("*") if p.name != "archives")  # (made by mkdir -p)
        before = [p for p in before if p.parts[0] != ".git"]
        after = [p for p in after if p.parts[0] != ".git"]
        assert after == before, tool
    assert _lint(FIX / "bad_operands_missing.json") == sorted((t, "error") for t in BAD)


def test_good_tools_of_the_same_shapes_work(tmp_path):
    tpls = _templates("good_operands_given.json")
    cases = {
        "archive_directory_dot": ({"dir": "site"}, lambda w, out: (w / "archives" / "snapshot.tgz").stat().st_size > 0),
        "archive_from_list": ({"list": "list"}, lambda w, out: (w / "archives.tgz").exists()),
        "archive_logs_glob": ({"archive": "logs.tgz"}, lambda w, out: (w / "logs.tgz").exists()),
        "backup_file_to": ({"file": "a.txt"}, lambda w, out: (w / "backup" / "a.txt").read_text() == "a\nb\n"),
        "backup_file_bak": ({"file": "a.txt"}, lambda w, out: (w / "a.txt.bak").exists()),
        "copy_into": ({"file": "b.txt"}, lambda w, out: (w / "backup" / "b.txt").exists()),
        "compare_two": ({"old": "a.txt", "new": "b.txt"}, lambda w, out: "+c" in out),
        "compare_sorted": ({"file": "b.txt"}, lambda w, out: "> b" in out),
        "compare_many_from": ({"file": "b.txt"}, lambda w, out: "c" in out and "missing" not in out),
        "make_executable": ({"file": "a.txt"}, lambda w, out: (w / "a.txt").stat().st_mode & 0o100),
        "zip_folder_dot": ({"archive": "out.zip"}, lambda w, out: (w / "out.zip").exists()),
        "grep_pattern_option": ({"pattern": "x ="}, lambda w, out: "x.py" in out),
    }
    for tool, (args, works) in cases.items():
        w = _workdir(tmp_path / tool)
        out = call(tpls[tool], args, w)
        assert works(w, out), (tool, out)
    assert _lint(FIX / "good_operands_given.json") == []


@pytest.mark.parametrize(
    ("command", "reported"),
    [
        ("tar -czf out.tgz -C UTCP_ARG_d_UTCP_END", True),
        ("tar --create --file=out.tar", True),  # --file is an option of its own, not --files-from
        ("tar --create --file=out.tar --files-f=list", False),  # a GNU abbreviation of --files-from
        ("tar -czf out.tgz $FILES", False),  # may be several words
        ('tar -czf out.tgz "${files[@]}"', False),
        ("tar -xzf UTCP_ARG_a_UTCP_END", False),  # extract: no member needed
        ("cp UTCP_ARG_a_UTCP_END", True),
        ('cp "$(ls -t | head -1)"', True),  # a quoted substitution is one word
        ("cp $(ls -t | head -1)", False),
        ("cp x{a,b}", False),
        ('cp "x{a,b}"', True),
        ("timeout 60 cp UTCP_ARG_a_UTCP_END", True),
        ("sudo -l cp UTCP_ARG_a_UTCP_END", False),  # sudo -l lists, runs nothing
        ("find . | xargs cp -t d", False),  # xargs appends the operands
        ("cp() { echo; }; cp x", False),  # a function, not the program
        ("chmod -w UTCP_ARG_f_UTCP_END", False),  # -w is chmod's mode operand
        ("chmod -R 755", True),
        ("rm -rf", False),
        ("kill -9", True),
        ("kill -l", False),
        ("tr -d x", False),
        ("tr a-z", True),
        ("rsync -a UTCP_ARG_src_UTCP_END", False),  # rsync lists a lone source
        ("cp --help", False),
        ("docker cp UTCP_ARG_f_UTCP_END", True),  # a sub-command's fact
        ("docker cp UTCP_ARG_f_UTCP_END app:/srv/", False),
        ("aws --profile p s3 cp UTCP_ARG_f_UTCP_END", True),  # `cp` names the command, it is no operand
        ("aws s3 cp UTCP_ARG_f_UTCP_END s3://b/", False),
        ("aws s3 ls", False),
        ("git -C repo mv UTCP_ARG_f_UTCP_END", True),
        ("git mv a b", False),
    ],
)
def test_counting_through_the_option_grammar(command, reported):
    from utcp_lint.template.bash.analysis import analyze_commands

    a = analyze_commands([command])
    assert any(b.kind == "operands-missing" for b in a.breakages) is reported
