"""Program facts of the long tail (issue 23, session 37): the table states them, the
analyses read them (end to end through the CLI), and each bad/good fixture pair holds."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, lint_json
from realcli import call

from utcp_lint.template import programs


def _vars(name: str) -> set:
    return {c.option for c in programs.env_options(name)}


def test_jvm_option_variables_by_program():
    # every JVM reads JAVA_TOOL_OPTIONS; only the java launcher (and scripts exec'ing it)
    # reads JDK_JAVA_OPTIONS (measured: keytool ignores it)
    assert {"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"} <= _vars("java")
    assert "JAVA_TOOL_OPTIONS" in _vars("keytool") and "JDK_JAVA_OPTIONS" not in _vars("keytool")
    assert {"MAVEN_OPTS", "JAVA_TOOL_OPTIONS"} <= _vars("mvn")
    assert {"GRADLE_OPTS", "JAVA_OPTS"} <= _vars("gradle")
    assert all(c.mode == "options" and c.source for c in programs.env_options("sbt"))
    assert _vars("tar") == set()


def test_jvm_option_variables_end_to_end():
    _code, out = lint_json("--select", "UL151", FIXTURES / "rules" / "UL151" / "bad_jvm_option_environment.json")
    got = {(f["tool"], f["severity"]) for f in out["findings"]}
    assert ("java_version_heap", "error") in got and ("mvn_version_heap", "error") in got
    assert len(out["findings"]) == 6
    _code, out = lint_json(FIXTURES / "rules" / "UL151" / "good_jvm_option_environment.json")
    assert [f for f in out["findings"] if f["severity"] in ("error", "warning")] == []


def _tools(path) -> dict:
    return {t["name"]: t["tool_call_template"] for t in json.loads(path.read_text())["tools"]}


UL170 = FIXTURES / "rules" / "UL170"


def test_patch_destination_climbs_out_through_the_real_client(tmp_path):
    # GNU patch 2.7.6 (installed) run by the real runtime: src/../../outside.txt is patched
    # outside the work directory; the checked tool refuses the same value
    work = tmp_path / "work"
    (work / "src").mkdir(parents=True)
    outside = tmp_path / "outside.txt"
    outside.write_text("old\n")
    (work / "fix.patch").write_text("--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new\n")
    tools = _tools(UL170 / "bad_longtail_destinations.json")
    call(tools["patch_source_file"], {"name": "../../outside.txt"}, work)
    assert outside.read_text() == "new\n"
    outside.write_text("old\n")
    good = _tools(UL170 / "good_longtail_destinations.json")
    call(good["patch_source_checked"], {"name": "../../outside.txt"}, work)
    assert outside.read_text() == "old\n"


def _writer_stub(bindir: Path, name: str, body: str) -> None:
    # a stand-in for a program not installed here that writes where its manual says it
    # writes (the destination operand / option), so the test shows the value reaching it
    bindir.mkdir(parents=True, exist_ok=True)
    p = bindir / name
    p.write_text("#!/bin/bash\n" + body + "\n")
    p.chmod(0o755)


@pytest.mark.parametrize(
    "tool, stub, body, value",
    [
        # aws s3 cp help: the last operand is the local destination
        ("s3_download_report", "aws", 'd="${@: -1}"; printf x > "$d"', "../../escaped"),
        # hugo(1): -d/--destination DIR receives the built site
        (
            "hugo_build_into",
            "hugo",
            'while [ $# -gt 0 ]; do [ "$1" = -d ] && mkdir -p "$2"; shift; done',
            "../../escaped",
        ),
        # rsync(1): the last operand is the destination directory
        ("rsync_mirror_docs", "rsync", 'd="${@: -1}"; mkdir -p "$d"', "../../escaped"),
    ],
)
def test_destination_reaches_outside_and_is_reported(tmp_path, tool, stub, body, value):
    work = tmp_path / "work"
    for d in ("out", "public", "mirror"):
        (work / d).mkdir(parents=True)
    bindir = tmp_path / "bin"
    _writer_stub(bindir, stub, body)
    tpl = _tools(UL170 / "bad_longtail_destinations.json")[tool]
    call(tpl, {"key": "r.csv", "file": value, "dest": value}, work, env={"PATH": f"{bindir}:/usr/bin:/bin"})
    assert (tmp_path / "escaped").exists()
    _code, out = lint_json("--select", "UL170", UL170 / "bad_longtail_destinations.json")
    assert (tool, "warning") in {(f["tool"], f["severity"]) for f in out["findings"]}


UL152 = FIXTURES / "rules" / "UL152"


@pytest.mark.skipif(shutil.which("groff") is None or shutil.which("nroff") is None, reason="groff is missing")
def test_roff_request_lines_through_the_real_client(tmp_path):
    # groff 1.22.4 (installed) run by the real runtime: a value at the start of a line of its
    # input is a request; `.so FILE` prints FILE in the default safer mode, and under -U
    # `.sy CMD` runs CMD.  The good tools get the same values and neither prints nor runs.
    secret = tmp_path / "secret.txt"
    secret.write_text("TOPSECRETVALUE\n")
    work = tmp_path / "work"
    work.mkdir()
    (work / "page.1").write_text(".TH PAGE 1\n.SH NAME\npage \\- a page\n")
    canary = tmp_path / "CANARY"
    payloads = [f".so {secret}", f"x\n.so {secret}", f".sy touch {canary}", f"x\n.sy touch {canary}"]
    bad = _tools(UL152 / "bad_roff_request_lines.json")
    for name in ("groff_note_page", "nroff_echo_line"):
        out = [str(call(bad[name], {"text": p}, work)) for p in payloads[:2]]
        assert any("TOPSECRETVALUE" in o for o in out), (name, out)
    call(bad["groff_unsafe_page"], {"text": payloads[2]}, work)
    assert canary.exists()
    canary.unlink()
    _code, res = lint_json("--select", "UL152", UL152 / "bad_roff_request_lines.json")
    got = {(f["tool"], f["severity"]) for f in res["findings"]}
    assert got == {("groff_note_page", "warning"), ("nroff_echo_line", "warning"), ("groff_unsafe_page", "error")}
    good = _tools(UL152 / "good_roff_request_lines.json")
    for name, tpl in good.items():
        for p in payloads:
            out = str(call(tpl, {"text": p}, work))
            assert "TOPSECRETVALUE" not in out and not canary.exists(), (name, p, out)
    _code, res = lint_json("--select", "UL152", UL152 / "good_roff_request_lines.json")
    assert res["findings"] == []


def test_long_tail_grammars_from_reference_documentation():
    from utcp_lint.template.option_table import lookup, option_writes

    rg = lookup("rg")
    assert rg is not None and rg.source == "grammar" and {"--pre", "--hostname-bin"} <= set(rg.code_values)
    assert rg.end_of_options == "--" and "e" in rg.short_values
    for name, option in (
        ("pytest", "--basetemp"),
        ("asciidoctor", "-o"),
        ("sphinx-build", "-w"),
        ("mkcert", "-cert-file"),
    ):
        assert option_writes(lookup(name), option), (name, option)
    for key in (
        "aws s3 cp",
        "hugo",
        "rsync",
        "patch",
        "sphinx-build",
        "pdftotext",
        "tesseract",
        "etcdctl snapshot save",
    ):
        assert programs.PATH_WRITES[key].source, key
    # a value as rg's pattern operand: an option there can run a program (--pre=CMD)
    _code, out = lint_json("--select", "UL150", FIXTURES / "rules" / "UL150" / "bad_search_pattern_operand.json")
    rg_hit = [f for f in out["findings"] if f["tool"] == "rg_todo_search"]
    assert rg_hit and rg_hit[0]["confidence"] == "medium" and "--pre" in rg_hit[0]["message"]
    _code, out = lint_json("--select", "UL150", FIXTURES / "rules" / "UL150" / "good_search_pattern_operand.json")
    assert out["findings"] == []


UL117 = FIXTURES / "rules" / "UL117"


def test_python_argv_split_through_the_real_client(tmp_path):
    # python3 -c '… subprocess.run(["ls", "-1", *sys.argv[1].split()])' VALUE run by the real
    # runtime: the value's second piece reaches ls as an option; the good tool keeps it one
    # argument after `--`
    bad = _tools(UL117 / "bad_python_argv_split.json")
    good = _tools(UL117 / "good_python_argv_split.json")
    out = str(call(bad["py_list_dirs"], {"dir": ". --version"}, tmp_path))
    assert "GNU coreutils" in out, out
    out = str(call(good["py_list_dir_one"], {"dir": ". --version"}, tmp_path))
    assert "GNU coreutils" not in out, out
    _code, res = lint_json("--select", "UL117", UL117 / "bad_python_argv_split.json")
    assert {(f["tool"], f["severity"]) for f in res["findings"]} == {
        ("py_list_dirs", "warning"),
        ("py_git_log_range", "warning"),
    }
    _code, res = lint_json("--select", "UL117", UL117 / "good_python_argv_split.json")
    assert res["findings"] == []


def test_python_split_needs_a_program_run_from_the_pieces():
    from utcp_lint.template.code_taint import split_arguments

    assert split_arguments('import sys, subprocess; subprocess.run(["ls", *sys.argv[1].split()])') == {1}
    assert split_arguments('import sys, shlex, os; a = shlex.split(sys.argv[2]); os.execvp("tar", ["tar", *a])') == {2}
    assert split_arguments("import sys; print(sys.argv[1].split())") == set()  # printed, not run
    assert split_arguments('import sys, subprocess; subprocess.run(["ls", sys.argv[1]])') == set()  # one element


def test_command_without_a_name_is_no_internal_error():
    # a command whose name the analysis cannot resolve (xargs with no command: it runs echo)
    # reaches the python split check with no name: no internal error, the file is linted
    _code, out = lint_json(FIXTURES / "truth" / "xargs.json")
    assert out["errors"] == []
