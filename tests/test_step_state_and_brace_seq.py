"""UL121 (state a step sets is lost before the next step) and UL122 (a placeholder in a
brace sequence never expands): the fixtures' labels proven through the real runtime
(utcp-cli 1.1.5 ``call_tool``), and the findings end to end through the CLI."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import FIXTURES, lint_json
from realcli import call

from utcp_lint.template.brace_seq import brace_sequences
from utcp_lint.template.step_state import lost_state

UL121 = FIXTURES / "rules" / "UL121"
UL122 = FIXTURES / "rules" / "UL122"


def _tool(path: Path, name: str) -> dict:
    for t in json.loads(path.read_text())["tools"]:
        if t["name"] == name:
            return t["tool_call_template"]
    raise KeyError(name)


def _git_project(root: Path) -> None:
    p = root / "proj"
    p.mkdir()
    env = {"GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@b", "GIT_COMMITTER_NAME": "a", "GIT_COMMITTER_EMAIL": "a@b"}
    subprocess.run(["git", "init", "-q", str(p)], check=True)
    (p / "f").write_text("x")
    subprocess.run(["git", "-C", str(p), "add", "f"], check=True)
    subprocess.run(
        ["git", "-C", str(p), "commit", "-qm", "inside-the-project"], check=True, env={**env, "PATH": "/usr/bin:/bin"}
    )


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_cd_in_its_own_step_is_lost_and_the_same_step_works(tmp_path):
    _git_project(tmp_path)
    bad = call(_tool(UL121 / "bad_step_state_lost.json", "recent_commits"), {"project": "proj"}, tmp_path)
    good = call(_tool(UL121 / "good_state_in_same_step.json", "recent_commits_ok"), {"project": "proj"}, tmp_path)
    assert "inside-the-project" in good
    assert "inside-the-project" not in bad  # step 1 ran in the working dir: not a repository


def test_variable_and_function_of_a_step_are_lost(tmp_path):
    tpl = {"commands": [{"command": "TAG=UTCP_ARG_tag_UTCP_END"}, {"command": 'echo "tag=${TAG:-unset}"'}]}
    assert call(tpl, {"tag": "v1"}, tmp_path).strip() == "tag=unset"
    tpl = {"commands": [{"command": "f() { echo in-f; }"}, {"command": "f"}]}
    assert "in-f" not in call(tpl, {}, tmp_path)
    tpl = {"commands": [{"command": "f() { echo in-f; }; f"}]}
    assert call(tpl, {}, tmp_path).strip() == "in-f"


def test_brace_sequence_stays_literal_and_seq_counts(tmp_path):
    bad = call(_tool(UL122 / "bad_brace_sequence.json", "node_names"), {"count": "3"}, tmp_path)
    assert bad.strip() == "node-{1..3}"
    good = call(_tool(UL122 / "good_counting.json", "node_names_seq"), {"count": "3"}, tmp_path)
    assert good.split() == ["node-1", "node-2", "node-3"]
    arith = call(_tool(UL122 / "good_counting.json", "arith_loop"), {"count": "2"}, tmp_path)
    assert arith.split() == ["1", "2"]
    (tmp_path / "conf").mkdir()
    (tmp_path / "conf" / "app.ini").write_text("x")
    call(_tool(UL122 / "good_counting.json", "brace_list"), {"name": "app.ini"}, tmp_path)
    assert (tmp_path / "conf" / "app.ini.bak").exists()  # a brace LIST around the value does expand


def test_facts():
    assert [f.kind for f in lost_state(["cd x", "ls"])] == ["directory"]
    assert lost_state(["cd x && ls", "ls"]) == []
    assert lost_state(["X=1", "echo done"]) == []  # nothing later reads X
    assert lost_state(["cd -", "ls"]) == []  # prints the directory: work of its own
    assert lost_state(["cd x"]) == []
    assert [f.names for f in lost_state(["export A=1 B=2", "echo ${B:-}"])] == [("A", "B")]
    assert [b.name for b in brace_sequences("echo {1..UTCP_ARG_n_UTCP_END}")] == ["n"]
    assert brace_sequences("echo '{1..UTCP_ARG_n_UTCP_END}'") == []
    assert brace_sequences("echo ${x}{a,UTCP_ARG_n_UTCP_END}") == []


@pytest.mark.parametrize(
    "rule, fixture", [("UL121", UL121 / "bad_step_state_lost.json"), ("UL122", UL122 / "bad_brace_sequence.json")]
)
def test_cli_reports_them_as_errors(rule, fixture):
    code, out = lint_json("--select", rule, fixture)
    found = [f for f in out["findings"] if f["rule"] == rule]
    assert code == 1 and found and all(f["severity"] == "error" for f in found)
    assert {f["tool"] for f in found} == {t["name"] for t in json.loads(fixture.read_text())["tools"]}


def test_value_after_a_switch_of_an_unknown_program_arrives_as_an_option(tmp_path):
    """UL150 on a program the table does not know: after a switch (`-q`, `--quiet`,
    `--force`: take no value across programs, GNU Coding Standards' table of long options)
    the value is not that option's argument; a getopt program reads it as an option.
    Proven with a GNU-getopt program (realcli.recording_shim) through the real runtime."""
    from realcli import read_record, recording_shim, shim_env

    recording_shim(tmp_path / "bin")
    record = tmp_path / "record.json"
    tpl = {"commands": [{"command": "probe --verbose UTCP_ARG_x_UTCP_END"}]}
    call(tpl, {"x": "--output=/tmp/elsewhere"}, tmp_path, env=shim_env(tmp_path / "bin", record))
    assert read_record(record)["options"] == ["--verbose", "--output"]
    code, out = lint_json("--select", "UL150", FIXTURES / "rules" / "UL150" / "bad_after_switch.json")
    assert code == 1 and {f["tool"] for f in out["findings"]} == {"brew_install", "galaxy_role", "yarn_add", "mvn_goal"}
    assert all(f["severity"] == "warning" for f in out["findings"])


def test_split_filter_runs_code_and_stash_message_is_a_value(tmp_path):
    """split(1) (GNU coreutils) permutes options: a value in operand position is read as
    `--filter=COMMAND`, run by the shell (UL150 error, through the real runtime); `git stash
    push -m VALUE`: the value is -m's argument (no finding)."""
    canary = tmp_path / "canary"
    (tmp_path / "names.txt").write_text("a\nb\nc\n")
    tpl = _tool(FIXTURES / "rules" / "UL150" / "bad_split_filter.json", "shard_names")
    call(tpl, {"prefix": f"--filter=touch {canary}"}, tmp_path)
    assert canary.exists()
    ok = _tool(FIXTURES / "rules" / "UL150" / "good_split_and_stash.json", "shard_names_ok")
    canary2 = tmp_path / "canary2"
    call(ok, {"prefix": f"--filter=touch {canary2}"}, tmp_path)
    assert not canary2.exists()
    assert "shard_aa" in call(ok, {"prefix": "shard_"}, tmp_path)
    code, out = lint_json("--select", "UL150", FIXTURES / "rules" / "UL150" / "bad_split_filter.json")
    assert [f["severity"] for f in out["findings"]] == ["error"]
    code, out = lint_json("--select", "UL150", FIXTURES / "rules" / "UL150" / "good_split_and_stash.json")
    assert out["findings"] == []


def test_adjacent_placeholders_are_both_substituted(tmp_path):
    """UL037 leaves `UTCP_ARG_a_UTCP_ENDUTCP_ARG_b_UTCP_END` alone: the runtime's lazy
    pattern reads the two placeholders the author wrote (real runtime)."""
    tpl = _tool(FIXTURES / "rules" / "UL037" / "good_adjacent_placeholders.json", "compare_versions")
    assert call(tpl, {"left": "1.", "right": "2"}, tmp_path).strip() == "v 1.2"
    code, out = lint_json("--select", "UL037", FIXTURES / "rules" / "UL037" / "good_adjacent_placeholders.json")
    assert out["findings"] == []


def test_path_printers_output_is_split_when_unquoted(tmp_path):
    """UL117: `$(basename V)` / `$(dirname V)` / `$(realpath V)` unquoted: bash splits the
    printed path on blanks (real runtime); assigned and quoted it stays one word."""
    bad = _tool(FIXTURES / "rules" / "UL117" / "bad_path_printers.json", "file_label")
    assert call(bad, {"path": "docs/annual report.pdf"}, tmp_path).split("\n")[:2] == ["[annual]", "[report.pdf]"]
    good = _tool(FIXTURES / "rules" / "UL117" / "good_path_printers.json", "file_label_ok")
    assert call(good, {"path": "docs/annual report.pdf"}, tmp_path).strip() == "[annual report.pdf]"
    code, out = lint_json("--select", "UL117", FIXTURES / "rules" / "UL117" / "bad_path_printers.json")
    assert {f["tool"] for f in out["findings"]} == {"count_in_dir", "file_label", "canonical_size"}
